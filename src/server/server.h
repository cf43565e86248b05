/* cuzk-daemon's gRPC service: cuzk.v1.ProvingEngine on the gRPC C core, the
 * standard grpc.health.v1.Health/Check, the journal of accepted jobs, and
 * the daemon's own metrics. */
#ifndef CUZK_SERVER_SERVER_H
#define CUZK_SERVER_SERVER_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "cuzk/engine.h"
#include "server/config.h"
#include "server/journal.h"

typedef struct cuzk_server cuzk_server;

typedef struct {
    const cuzk_daemon_config *cfg;
    cuzk_engine *engine;
    cuzk_journal *journal;
    const char *auth_token;  /* NULL: no token needed */
    bool test_kinds;         /* accept the test proof kinds (CUZK_KIND_TEST_*) */
} cuzk_server_opts;

/* Binds the listener (a stale unix socket file is removed and its folder
 * made), resubmits the journal's unfinished jobs, and starts serving. */
int cuzk_server_start(cuzk_server **out, const cuzk_server_opts *o, char *err, size_t err_len);
/* Serves until *stop is set, calling tick(ctx) about every 200 ms; then
 * drains: no new calls, in-flight calls get drain_timeout to finish, the
 * rest are cancelled (their jobs stay journaled). */
void cuzk_server_run(cuzk_server *s, volatile sig_atomic_t *stop, void (*tick)(void *), void *ctx);
/* After run: waits for the job watchers, frees everything. The engine is
 * the caller's to destroy (after this). */
void cuzk_server_free(cuzk_server *s);

/* The daemon's Prometheus text: its own metrics, then the engine's. Malloc'd. */
char *cuzk_server_metrics_text(cuzk_server *s);

/* Wire checks of a SubmitProofRequest's bytes before it is decoded (exposed
 * for tests): every field's framing, the request_id length and the number of
 * vanilla_proofs. 0, or -1 with the reason. */
int cuzk_server_scan_submit(const uint8_t *p, size_t n, uint32_t max_vanilla_proofs, char *why, size_t wl);

#endif
