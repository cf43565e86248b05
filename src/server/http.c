/* The daemon's HTTP side (http.h). */
#include "server/http.h"
#include "server/config.h"

#include <microhttpd.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

struct cuzk_http {
    struct MHD_Daemon *d;
    cuzk_server *srv;
    cuzk_engine *engine;
};

static enum MHD_Result send_text(struct MHD_Connection *conn, unsigned code, const char *type, char *body) {
    struct MHD_Response *r = MHD_create_response_from_buffer(strlen(body), body, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    enum MHD_Result rc = MHD_queue_response(conn, code, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **state) {
    (void)version, (void)upload;
    cuzk_http *h = cls;
    if (*state == NULL) { /* first call for this request: headers only */
        static int marker;
        *state = &marker;
        return MHD_YES;
    }
    if (*upload_size) { /* a body is not expected: drop it */
        *upload_size = 0;
        return MHD_YES;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return send_text(conn, 405, "text/plain", strdup("method not allowed\n"));
    if (strcmp(url, "/metrics") == 0) {
        char *t = cuzk_server_metrics_text(h->srv);
        if (!t) return send_text(conn, 500, "text/plain", strdup("out of memory\n"));
        return send_text(conn, 200, "text/plain; version=0.0.4; charset=utf-8", t);
    }
    if (strcmp(url, "/status") == 0) {
        char *json = NULL;
        cuzk_err err = {0};
        if (cuzk_engine_status_json(h->engine, &json, &err) || !json) {
            char *m = malloc(300);
            if (m) snprintf(m, 300, "{\"error\":\"status unavailable\"}");
            return m ? send_text(conn, 500, "application/json", m) : MHD_NO;
        }
        return send_text(conn, 200, "application/json", json);
    }
    if (strcmp(url, "/healthz") == 0) return send_text(conn, 200, "text/plain", strdup("ok\n"));
    return send_text(conn, 404, "text/plain", strdup("not found\n"));
}


int cuzk_http_start(cuzk_http **out, const char *addr, cuzk_server *srv, cuzk_engine *engine, char *err,
                    size_t err_len) {
    *out = NULL;
    char host[256];
    const char *colon = strrchr(addr, ':');
    if (!colon || (size_t)(colon - addr) >= sizeof host) {
        cuzk_server_seterr(err, err_len, "HTTP listen '%s': expected HOST:PORT", addr);
        return -1;
    }
    memcpy(host, addr, (size_t)(colon - addr));
    host[colon - addr] = '\0';
    char *h0 = host;
    size_t hl = strlen(host);
    if (hl >= 2 && host[0] == '[' && host[hl - 1] == ']') {
        host[hl - 1] = '\0';
        h0 = host + 1;
    }
    struct addrinfo hints, *ai = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    int gr = getaddrinfo(h0[0] ? h0 : NULL, colon + 1, &hints, &ai);
    if (gr || !ai) {
        cuzk_server_seterr(err, err_len, "HTTP listen '%s': %s", addr, gai_strerror(gr));
        return -1;
    }
    cuzk_http *h = calloc(1, sizeof *h);
    if (!h) {
        freeaddrinfo(ai);
        cuzk_server_seterr(err, err_len, "out of memory");
        return -1;
    }
    h->srv = srv;
    h->engine = engine;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    if (ai->ai_family == AF_INET6) flags |= MHD_USE_IPv6;
    unsigned short port = 0;
    h->d = MHD_start_daemon(flags, port, NULL, NULL, handle, h, MHD_OPTION_SOCK_ADDR, ai->ai_addr,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)64, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)10,
                            MHD_OPTION_END);
    freeaddrinfo(ai);
    if (!h->d) {
        free(h);
        cuzk_server_seterr(err, err_len, "HTTP listen '%s': could not bind (in use?)", addr);
        return -1;
    }
    *out = h;
    return 0;
}

void cuzk_http_stop(cuzk_http *h) {
    if (!h) return;
    MHD_stop_daemon(h->d);
    free(h);
}
