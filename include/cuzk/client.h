/* cuzk client: a C client of cuzk.v1.ProvingEngine (libcuzk_server, built with
 * the daemon when the gRPC packages are there), for programs that
 * talk to a running cuzk-daemon (cuzk-bench's --daemon modes, tools, tests). */
#ifndef CUZK_CLIENT_H
#define CUZK_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/engine.h"

typedef struct cuzk_client cuzk_client;

/* addr: "unix:///path" or "HOST:PORT"; token: a bearer token or NULL.
 * Messages up to 256 MiB each way, as Curio's client. */
int cuzk_client_open(cuzk_client **out, const char *addr, const char *token, char *err, size_t err_len);
void cuzk_client_close(cuzk_client *c);

/* One unary call: method is the full path ("/cuzk.v1.ProvingEngine/GetStatus"),
 * req the request's protobuf bytes; timeout_ms 0: none. Returns 0 when the
 * call completed (its gRPC status in *status, the server's message in
 * details, the reply in *resp, malloc'd, when status is 0), -1 when it could
 * not be made. */
int cuzk_client_call(cuzk_client *c, const char *method, const uint8_t *req, size_t req_len, uint64_t timeout_ms,
                     uint8_t **resp, size_t *resp_len, int *status, char *details, size_t details_len);

/* Prove: the request as cuzk.v1 carries it; the result as the engine gives
 * it (out->proof malloc'd, free with cuzk_job_result_free). A gRPC error is
 * -1 with "CODE: message" in err; a FAILED proof is 0 with out->state FAILED. */
int cuzk_client_prove(cuzk_client *c, const cuzk_proof_request *req, int priority, const char *request_id,
                      uint64_t timeout_ms, cuzk_job_result *out, char *err, size_t err_len);

/* GetStatus as lines of text ("queue porep-c2 pending 0 in_progress 1", ...),
 * malloc'd. */
int cuzk_client_status_text(cuzk_client *c, char **text, char *err, size_t err_len);

#endif
