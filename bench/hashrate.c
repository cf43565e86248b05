/* cuzk-bench hashrate: native tree-hash throughput, the work of tree building
 * (trees C and R: Poseidon arity 8; columns: arity 11 / 2; tree D: SHA-256 of
 * 64-byte node pairs), on one core and on every thread of the pool.
 *
 *   cuzk-bench hashrate [--runs N] [--threads N] [--quick] [--json] [--out FILE] */
#include "bench_commands.h"
#include "cuzk/hash.h"
#include "cuzk/poseidon.h"
#include "cuzk/util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile uint64_t sink;

/* hashes per second of n single-threaded arity-a hashes */
static double poseidon_1t(const cuzk_poseidon_constants *c, const cuzk_fr *in, size_t n)
{
    cuzk_fr out;
    uint64_t t0 = cuzk_now_ns();
    for (size_t i = 0; i < n; i++) {
        cuzk_poseidon_hash(c, &out, in + (i & 255) * c->arity);
        sink ^= out.l[0];
    }
    return (double)n / ((double)(cuzk_now_ns() - t0) * 1e-9);
}

static double poseidon_mt(const cuzk_poseidon_constants *c, cuzk_fr *out, const cuzk_fr *in, size_t n,
                          cuzk_pool *pool)
{
    uint64_t t0 = cuzk_now_ns();
    cuzk_poseidon_hash_many(c, out, in, n, pool);
    double s = (double)(cuzk_now_ns() - t0) * 1e-9;
    sink ^= out[n - 1].l[0];
    return (double)n / s;
}

typedef struct {
    const uint8_t *msg;
    size_t n, per;
} sha_ctx;

static void sha_task(void *arg, size_t task)
{
    const sha_ctx *s = arg;
    size_t lo = task * s->per, hi = lo + s->per < s->n ? lo + s->per : s->n;
    uint8_t d[32];
    uint64_t acc = 0;
    for (size_t i = lo; i < hi; i++) {
        cuzk_sha256_trunc254(d, s->msg + (i & 1023) * 64, 64);
        acc ^= d[0];
    }
    sink ^= acc;
}

/* tree-D nodes per second: SHA256-trunc254 of 64 bytes */
static double sha_rate(const uint8_t *msg, size_t n, cuzk_pool *pool)
{
    size_t tasks = pool ? cuzk_pool_threads(pool) * 4 : 1;
    sha_ctx s = { msg, n, (n + tasks - 1) / tasks };
    uint64_t t0 = cuzk_now_ns();
    cuzk_pool_run(pool, tasks, sha_task, &s);
    return (double)n / ((double)(cuzk_now_ns() - t0) * 1e-9);
}

#define USAGE                                                                          \
    "[--runs N] [--threads N] [--quick] [--json] [--out FILE]\n"                         \
    "  hashes per second of Poseidon arity 8 / 11 / 2 (one core and all threads)\n"      \
    "  and of SHA-256 tree-D nodes (64 bytes), for tree building"

int cuzk_bench_hashrate_main(int argc, char **argv)
{
    cli_bench_opts o = { .runs = 5 };
    int prc = cli_parse_bench(argc, argv, USAGE, &o);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    cuzk_pool *pool = cuzk_pool_create(o.threads);
    cuzk_poseidon_set ps;
    const uint32_t arities[] = { 2, 8, 11 };
    cuzk_err err;
    if (!pool || cuzk_poseidon_set_init(&ps, arities, 3, &err) != 0) {
        fprintf(stderr, "hashrate: cannot start (%s)\n", pool ? err.msg : "thread pool");
        cuzk_pool_destroy(pool);
        return 1;
    }
    const size_t n1 = o.quick ? 2000 : 20000, nmt = o.quick ? 8192 : 65536;
    cuzk_fr *in = calloc(nmt * 11, sizeof *in), *out = calloc(nmt, sizeof *out);
    uint8_t *msg = malloc(1024 * 64);
    if (!in || !out || !msg) {
        fprintf(stderr, "hashrate: out of memory\n");
        free(in), free(out), free(msg);
        cuzk_poseidon_set_free(&ps);
        cuzk_pool_destroy(pool);
        return 1;
    }
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x4a5);
    for (size_t i = 0; i < nmt * 11; i++)
        cuzk_fr_from_u64(&in[i], cuzk_rng_u64(&rng)); /* any values: the cost does not depend on them */
    for (size_t i = 0; i < 1024 * 64; i++)
        msg[i] = (uint8_t)cuzk_rng_u64(&rng);

    bench_report rep;
    bench_report_init(&rep, "hashrate", argc, argv);
    rep.threads = (int)cuzk_pool_threads(pool);
    char cpu[256];
    bench_cpu_model(cpu, sizeof cpu);
    cuzk_log("hashrate: %s, %d threads, field backend %s, sha256 %s, %d runs", cpu, rep.threads,
             cuzk_ff_backend(), cuzk_sha256_backend(), o.runs);

    /* the machine is shared: record how busy it was, to read the rates by */
    double load[BENCH_MAX_RUNS];
    FILE *lf = fopen("/proc/loadavg", "r");
    if (!lf || fscanf(lf, "%lf", &load[0]) != 1)
        load[0] = -1;
    if (lf)
        fclose(lf);
    bench_report_add(&rep, "load_avg_1min", "procs", load, 1);

    const cuzk_poseidon_constants *c8 = cuzk_poseidon_set_get(&ps, 8);
    BENCH_MEASURE(&rep, "poseidon8_1t", "hash/s", o.runs, poseidon_1t(c8, in, n1));
    BENCH_MEASURE(&rep, "poseidon8_mt", "hash/s", o.runs, poseidon_mt(c8, out, in, nmt, pool));
    BENCH_MEASURE(&rep, "poseidon11_1t", "hash/s", o.runs, poseidon_1t(cuzk_poseidon_set_get(&ps, 11), in, n1));
    BENCH_MEASURE(&rep, "poseidon2_1t", "hash/s", o.runs, poseidon_1t(cuzk_poseidon_set_get(&ps, 2), in, n1));
    BENCH_MEASURE(&rep, "sha256_64B_1t", "hash/s", o.runs, sha_rate(msg, n1 * 20, NULL));
    BENCH_MEASURE(&rep, "sha256_64B_mt", "hash/s", o.runs, sha_rate(msg, nmt * 20, pool));

    int rc = bench_report_emit(&rep, o.json, o.out, "hashrate");
    free(in), free(out), free(msg);
    cuzk_poseidon_set_free(&ps);
    cuzk_pool_destroy(pool);
    return rc;
}
