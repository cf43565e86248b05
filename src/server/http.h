/* The daemon's HTTP side (libmicrohttpd): GET /metrics (Prometheus text, the
 * same as the GetMetrics RPC), GET /status (the engine's jobs with their
 * partitions, as JSON) and GET /healthz; anything else 404. */
#ifndef CUZK_SERVER_HTTP_H
#define CUZK_SERVER_HTTP_H

#include <stddef.h>

#include "cuzk/engine.h"
#include "server/server.h"

typedef struct cuzk_http cuzk_http;

/* addr: "HOST:PORT" (IPv4, [IPv6] or a name). */
int cuzk_http_start(cuzk_http **out, const char *addr, cuzk_server *srv, cuzk_engine *engine, char *err,
                    size_t err_len);
void cuzk_http_stop(cuzk_http *h);

#endif
