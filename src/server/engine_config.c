/* The engine configuration implied by the daemon's settings. Apart from
 * config.c so that the config reader (and its fuzzer) need no engine. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "server/config.h"


static uint64_t mem_total_bytes(void) {
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    return (pages > 0 && psz > 0) ? (uint64_t)pages * (uint64_t)psz : 0;
}

int cuzk_daemon_config_engine(const cuzk_daemon_config *c, cuzk_engine_config *ec, char *err, size_t err_len) {
    cuzk_engine_config_default(ec);
    ec->param_dir = c->param_cache;
    cuzk_err e;
    if (cuzk_backend_parse(c->backend, &ec->backend, &e)) {
        cuzk_server_seterr(err, err_len, "engine.backend: %s", e.msg);
        return -1;
    }
    ec->devices = c->n_devices ? c->devices : NULL;
    ec->n_devices = c->n_devices;
    if (c->gpu_workers_per_device) ec->gpu_workers_per_device = c->gpu_workers_per_device;
    if (c->max_parallel_synthesis) ec->synth_workers = c->max_parallel_synthesis;
    ec->synth_threads = c->synthesis_threads;
    ec->prove_threads = c->gpu_threads;
    if (c->max_gpu_queue_depth) ec->queue_depth = c->max_gpu_queue_depth;
    uint64_t total = c->total_budget;
    if (total == 0) {
        uint64_t mt = mem_total_bytes();
        total = mt > c->safety_margin ? mt - c->safety_margin : 0;
        if (total == 0) {
            cuzk_server_seterr(err, err_len, "memory.total_budget: auto leaves nothing (memory %" PRIu64
                                 " bytes, safety_margin %" PRIu64 ")", mt, c->safety_margin);
            return -1;
        }
    }
    ec->mem_budget_bytes = total;
    ec->param_budget_bytes = c->param_budget;
    ec->result_ttl_ms = c->result_ttl_ms;
    ec->result_max_bytes = c->result_max_bytes;
    ec->verify_proofs = c->verify_proofs;
    return 0;
}
