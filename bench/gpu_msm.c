/* cuzk-bench gpu-msm: the device G1 and G2 MSMs on data resident on the GPU.
 *
 * Inputs are made on the device: scalars from a seeded hash of the index
 * (cuzk_gpu_fill_scalars: uniform 255-bit values, or 0/1 at 50%), bases by
 * repeating 2^20 distinct G1 points (2^16 distinct G2 points) made on the
 * host as P + iQ, up to the largest size. A repeated base changes nothing for
 * the timing: each (point, window) pair is still one bucket addition at a
 * random bucket. Before timing, the device results are checked against the
 * CPU's cuzk_g1_msm (2^16 random and 0/1 scalars) and cuzk_g2_msm (2^14
 * random scalars) in the same run. Each figure is the wall-clock time of one
 * call (which waits for its result) after one warm-up call at that size; no
 * precomputed bases: the plain MSM. The workspace is allocated by the warm-up
 * call and reused (no first-touch cost in the timed runs).
 *
 * Then, labelled apart (g1_msm_pre_*), the MSM with precomputed window
 * multiples of the bases (cuzk_gpu_g1_msm_pre) for the plans of --pre
 * (L:c:mult, default 24:24:11,24:22:12,26:22:6,27:22:4): the table's size
 * and the time to make it, and the MSM's time; each result is checked
 * against the plain device MSM of the same size (itself checked against the
 * CPU at 2^16 above). */
#include "bench_commands.h"
#include "bench_points.h"
#include "cuzk/ec.h"
#include "../src/gpu/gpu_lab_internal.h" /* deliberately internal: fill helpers */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define G1_DISTINCT_LOG 20
#define G2_DISTINCT_LOG 16

typedef struct {
    int runs;
    unsigned min_log, max_log, g2_max_log;
    bool json;
    const char *out_path;
    const char *pre; /* L:c:mult,... ("" or "none": no precomputed runs) */
} msm_opts;

typedef struct {
    cuzk_gpu_ctx *ctx;
    cuzk_gpu_msm *msm;
    cuzk_pool *pool;
    bench_report rep;
    cuzk_err err;
    int failed;
} msm_env;

#define USAGE                                                                                                  \
    "[--runs N] [--max-log L] [--min-log L] [--g2-max-log L] [--pre PLANS] [--json] [--out FILE]\n"             \
    "  --runs N        runs per figure (default 5; sizes from 2^26 use at most 3)\n"                            \
    "  --max-log L     largest G1 size 2^L, 20..27 (default 27)\n"                                              \
    "  --min-log L     smallest G1 size 2^L, 16..max (default 20)\n"                                            \
    "  --g2-max-log L  largest G2 size 2^L, 0 (no G2) or 16..25 (default 24)\n"                                 \
    "  --pre PLANS     precomputed-multiple runs L:c:mult,... (default 24:24:11,24:22:12,26:22:6,27:22:4;\n"    \
    "                  none: skip); sizes outside min..max-log are skipped\n"                                   \
    "  --json          print the JSON record on stdout instead of the table\n"                                  \
    "  --out FILE      also write the JSON record to FILE"

/* 0, or the exit status: CLI_EXIT_USAGE, or -1 after --help. */
static int parse_opts(msm_opts *o, int argc, char **argv)
{
    *o = (msm_opts){ .runs = 5, .min_log = 20, .max_log = 27, .g2_max_log = 24,
                     .pre = "24:24:11,24:22:12,26:22:6,27:22:4" };
    cli_opt opt[] = { { "--runs", false, NULL }, { "--max-log", false, NULL }, { "--min-log", false, NULL },
                      { "--g2-max-log", false, NULL }, { "--pre", false, NULL }, { "--json", true, NULL },
                      { "--out", false, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int rc = cli_parse(argc, argv, opt, no, USAGE);
    if (rc)
        return rc;
    if (!cli_int("gpu-msm", opt, no, "--runs", 1, BENCH_MAX_RUNS, &o->runs) ||
        !cli_uint("gpu-msm", opt, no, "--max-log", 20, 27, &o->max_log) ||
        !cli_uint("gpu-msm", opt, no, "--min-log", 16, 27, &o->min_log) ||
        !cli_uint("gpu-msm", opt, no, "--g2-max-log", 0, 25, &o->g2_max_log))
        return CLI_EXIT_USAGE;
    if (o->g2_max_log != 0 && o->g2_max_log < 16) {
        fprintf(stderr, "cuzk-bench gpu-msm: --g2-max-log must be 0 or 16..25\n");
        return CLI_EXIT_USAGE;
    }
    if (o->min_log > o->max_log) {
        fprintf(stderr, "cuzk-bench gpu-msm: --min-log is above --max-log\n");
        return CLI_EXIT_USAGE;
    }
    if (cli_get(opt, no, "--pre"))
        o->pre = cli_get(opt, no, "--pre");
    o->json = cli_get(opt, no, "--json");
    o->out_path = cli_get(opt, no, "--out");
    return 0;
}

static bool ok(msm_env *e, int rc, const char *what)
{
    if (rc == 0)
        return true;
    fprintf(stderr, "gpu-msm: %s: %s\n", what, e->err.msg);
    e->failed = 1;
    return false;
}

/* One MSM of the first n bases/scalars on the device (g2: G2), waiting for it. */
static int run_msm(msm_env *e, bool g2, const void *d_bases, const cuzk_scalar *d_scalars, size_t n,
                   cuzk_g1_proj *r1, cuzk_g2_proj *r2)
{
    if (g2)
        return cuzk_gpu_g2_msm(e->msm, r2, d_bases, d_scalars, n, &e->err);
    return cuzk_gpu_g1_msm(e->msm, r1, d_bases, d_scalars, n, &e->err);
}

/* The device MSM of the first n bases/scalars against the CPU's. */
static bool check(msm_env *e, bool g2, const void *h_bases, const void *d_bases, const cuzk_scalar *d_scalars,
                  size_t n, const char *what)
{
    cuzk_scalar *h = cuzk_alloc_array(n, sizeof *h);
    cuzk_g1_proj g1_got, g1_want;
    cuzk_g2_proj g2_got, g2_want;
    bool same = false;
    if (h && ok(e, cuzk_gpu_download(e->ctx, h, d_scalars, n * sizeof *h, &e->err), "download scalars") &&
        ok(e, run_msm(e, g2, d_bases, d_scalars, n, &g1_got, &g2_got), what)) {
        uint64_t t0 = cuzk_now_ns();
        if (g2) {
            cuzk_g2_msm(&g2_want, h_bases, h, n, e->pool);
            same = cuzk_g2_proj_eq(&g2_want, &g2_got);
        } else {
            cuzk_g1_msm(&g1_want, h_bases, h, n, e->pool);
            same = cuzk_g1_proj_eq(&g1_want, &g1_got);
        }
        cuzk_log("gpu-msm: %s, n = %zu: device %s the CPU (CPU MSM %.0f ms)", what, n,
                 same ? "EQUALS" : "DIFFERS FROM", (double)(cuzk_now_ns() - t0) / 1e6);
    }
    if (!same)
        e->failed = 1;
    cuzk_free(h);
    return same;
}

/* Times runs calls at size n after a warm-up; the median goes to *median. */
static int time_msm(msm_env *e, const char *name, int runs, bool g2, const void *d_bases,
                    const cuzk_scalar *d_scalars, size_t n, double *median)
{
    double s[BENCH_MAX_RUNS];
    cuzk_g1_proj r1;
    cuzk_g2_proj r2;
    for (int i = -1; i < runs; i++) {
        uint64_t t0 = cuzk_now_ns();
        if (!ok(e, run_msm(e, g2, d_bases, d_scalars, n, &r1, &r2), name))
            return -1;
        if (i >= 0)
            s[i] = (double)(cuzk_now_ns() - t0) / 1e6;
    }
    cuzk_gpu_msm_stats st;
    cuzk_gpu_msm_last_stats(e->msm, &st);
    cuzk_log("gpu-msm: %s: ones %zu, Pippenger %zu, c = %u, %u windows; device ms: classify %.1f, ones %.1f, "
             "digits %.1f, sort %.1f, accumulate %.1f, reduce %.1f",
             name, st.ones, st.others, st.c, st.windows, st.phase_ms[CUZK_GPU_MSM_CLASSIFY],
             st.phase_ms[CUZK_GPU_MSM_ONES], st.phase_ms[CUZK_GPU_MSM_DIGITS], st.phase_ms[CUZK_GPU_MSM_SORT],
             st.phase_ms[CUZK_GPU_MSM_ACCUMULATE], st.phase_ms[CUZK_GPU_MSM_REDUCE]);
    bench_figure *f = bench_report_add(&e->rep, name, "ms", s, runs);
    if (median)
        *median = f ? f->median : 0;
    return 0;
}

/* Distinct host points, uploaded and repeated up to n_max on the device. */
static void *bases_on_device(msm_env *e, bool g2, unsigned distinct_log, size_t n_max, void **h_out)
{
    const size_t n0 = (size_t)1 << distinct_log, sz = g2 ? sizeof(cuzk_g2_affine) : sizeof(cuzk_g1_affine);
    uint64_t t0 = cuzk_now_ns();
    void *h = g2 ? (void *)bench_g2_points(n0) : (void *)bench_g1_points(n0), *d_src = NULL, *d = NULL;
    *h_out = h;
    if (!h) {
        fprintf(stderr, "gpu-msm: out of host memory for the bases\n");
        e->failed = 1;
        return NULL;
    }
    cuzk_log("gpu-msm: %zu distinct %s points in %.1f s", n0, g2 ? "G2" : "G1", (double)(cuzk_now_ns() - t0) / 1e9);
    if (!ok(e, cuzk_gpu_alloc(e->ctx, &d_src, n0 * sz, &e->err), "alloc") ||
        !ok(e, cuzk_gpu_alloc(e->ctx, &d, n_max * sz, &e->err), "alloc bases") ||
        !ok(e, cuzk_gpu_upload(e->ctx, d_src, h, n0 * sz, &e->err), "upload bases") ||
        !ok(e, cuzk_gpu_tile(e->ctx, d, n_max, d_src, n0, sz, &e->err), "tile bases") ||
        !ok(e, cuzk_gpu_sync(e->ctx, &e->err), "tile bases")) {
        cuzk_gpu_free(e->ctx, d);
        d = NULL;
    }
    cuzk_gpu_free(e->ctx, d_src);
    return d;
}

/* The precomputed-multiple plans of --pre: table, its making time, the MSM's
 * time, each result equal to the plain device MSM's. */
static bool bench_pre(msm_env *e, const msm_opts *o, const void *d_bases, const cuzk_scalar *d_scalars)
{
    const char *p = o->pre;
    if (!p || !*p || !strcmp(p, "none"))
        return true;
    while (*p) {
        unsigned L = 0, c = 0, mult = 0;
        int used = 0;
        if (sscanf(p, "%u:%u:%u%n", &L, &c, &mult, &used) != 3) {
            fprintf(stderr, "gpu-msm: --pre: cannot read '%s' (L:c:mult,...)\n", p);
            e->failed = 1;
            return false;
        }
        p += used;
        if (*p == ',')
            p++;
        if (L < o->min_log || L > o->max_log)
            continue;
        const size_t n = (size_t)1 << L;
        cuzk_gpu_g1_pre *pre = NULL;
        cuzk_g1_proj plain, got;
        char name[64];
        int runs = L >= 26 && o->runs > 3 ? 3 : o->runs;
        double s[BENCH_MAX_RUNS];
        if (!ok(e, cuzk_gpu_g1_msm(e->msm, &plain, d_bases, d_scalars, n, &e->err), "plain MSM"))
            return false;
        uint64_t t0 = cuzk_now_ns();
        if (!ok(e, cuzk_gpu_g1_pre_create(e->ctx, &pre, d_bases, n, c, mult, &e->err), "precompute"))
            return false;
        double make_ms = (double)(cuzk_now_ns() - t0) / 1e6, gib = (double)cuzk_gpu_g1_pre_bytes(pre) / (1 << 30);
        snprintf(name, sizeof name, "g1_msm_pre_make_2p%u_c%u_m%u_ms", L, c, mult);
        bench_report_add(&e->rep, name, "ms", &make_ms, 1);
        snprintf(name, sizeof name, "g1_msm_pre_table_2p%u_c%u_m%u_gib", L, c, mult);
        bench_report_add(&e->rep, name, "GiB", &gib, 1);
        bool same = true;
        for (int i = -1; i < runs && same; i++) {
            uint64_t t1 = cuzk_now_ns();
            if (!ok(e, cuzk_gpu_g1_msm_pre(e->msm, &got, pre, d_scalars, n, &e->err), "pre MSM")) {
                cuzk_gpu_g1_pre_free(pre);
                return false;
            }
            if (i >= 0)
                s[i] = (double)(cuzk_now_ns() - t1) / 1e6;
            same = cuzk_g1_proj_eq(&plain, &got);
        }
        cuzk_gpu_g1_pre_free(pre);
        cuzk_gpu_msm_stats st;
        cuzk_gpu_msm_last_stats(e->msm, &st);
        cuzk_log("gpu-msm: pre 2^%u c = %u mult = %u: table %.2f GiB made in %.0f ms; the MSM %s the plain one; "
                 "device ms: digits %.1f, sort %.1f, accumulate %.1f, reduce %.1f",
                 L, c, mult, gib, make_ms, same ? "EQUALS" : "DIFFERS FROM", st.phase_ms[CUZK_GPU_MSM_DIGITS],
                 st.phase_ms[CUZK_GPU_MSM_SORT], st.phase_ms[CUZK_GPU_MSM_ACCUMULATE],
                 st.phase_ms[CUZK_GPU_MSM_REDUCE]);
        if (!same) {
            e->failed = 1;
            return false;
        }
        snprintf(name, sizeof name, "g1_msm_pre_2p%u_c%u_m%u_ms", L, c, mult);
        bench_report_add(&e->rep, name, "ms", s, runs);
    }
    return true;
}

static void bench_g1(msm_env *e, const msm_opts *o)
{
    const size_t n_max = (size_t)1 << o->max_log, n_check = (size_t)1 << 16;
    void *h_bases = NULL, *d_bases = bases_on_device(e, false, G1_DISTINCT_LOG, n_max, &h_bases);
    cuzk_scalar *d_scalars = NULL;
    char name[48];
    double rnd26 = 0, bin26 = 0;
    if (!d_bases ||
        !ok(e, cuzk_gpu_alloc(e->ctx, (void **)&d_scalars, n_max * sizeof *d_scalars, &e->err), "alloc scalars"))
        goto out;
    if (!ok(e, cuzk_gpu_fill_scalars(e->ctx, d_scalars, n_check, 0xc0ffee, 1, &e->err), "fill 0/1") ||
        !check(e, false, h_bases, d_bases, d_scalars, n_check, "G1 0/1 MSM") ||
        !ok(e, cuzk_gpu_fill_scalars(e->ctx, d_scalars, n_max, 0x5ca1ab1e, 0, &e->err), "fill scalars") ||
        !check(e, false, h_bases, d_bases, d_scalars, n_check, "G1 random MSM"))
        goto out;
    for (unsigned L = o->min_log; L <= o->max_log; L++) {
        int runs = L >= 26 && o->runs > 3 ? 3 : o->runs;
        snprintf(name, sizeof name, "g1_msm_2p%u_ms", L);
        if (time_msm(e, name, runs, false, d_bases, d_scalars, (size_t)1 << L, L == 26 ? &rnd26 : NULL) != 0)
            goto out;
    }
    if (!bench_pre(e, o, d_bases, d_scalars))
        goto out;
    if (o->max_log >= 26) {
        const size_t n26 = (size_t)1 << 26;
        if (!ok(e, cuzk_gpu_fill_scalars(e->ctx, d_scalars, n26, 0xb17, 1, &e->err), "fill 0/1") ||
            time_msm(e, "g1_msm01_2p26_ms", o->runs > 3 ? 3 : o->runs, false, d_bases, d_scalars, n26, &bin26) != 0)
            goto out;
        if (rnd26 > 0 && bin26 > 0) {
            double ratio = rnd26 / bin26;
            bench_report_add(&e->rep, "g1_msm01_speedup_2p26", "x", &ratio, 1);
        }
    }
out:
    cuzk_gpu_free(e->ctx, d_bases);
    cuzk_gpu_free(e->ctx, d_scalars);
    cuzk_free(h_bases);
}

static void bench_g2(msm_env *e, const msm_opts *o)
{
    const size_t n_max = (size_t)1 << o->g2_max_log, n_check = (size_t)1 << 14;
    void *h_bases = NULL, *d_bases = bases_on_device(e, true, G2_DISTINCT_LOG, n_max, &h_bases);
    cuzk_scalar *d_scalars = NULL;
    char name[48];
    if (!d_bases ||
        !ok(e, cuzk_gpu_alloc(e->ctx, (void **)&d_scalars, n_max * sizeof *d_scalars, &e->err), "alloc scalars") ||
        !ok(e, cuzk_gpu_fill_scalars(e->ctx, d_scalars, n_max, 0x6262, 0, &e->err), "fill scalars") ||
        !check(e, true, h_bases, d_bases, d_scalars, n_check, "G2 random MSM"))
        goto out;
    for (unsigned L = 20; L <= o->g2_max_log; L += 2) {
        snprintf(name, sizeof name, "g2_msm_2p%u_ms", L);
        if (time_msm(e, name, o->runs > 3 ? 3 : o->runs, true, d_bases, d_scalars, (size_t)1 << L, NULL) != 0)
            goto out;
    }
out:
    cuzk_gpu_free(e->ctx, d_bases);
    cuzk_gpu_free(e->ctx, d_scalars);
    cuzk_free(h_bases);
}

int cuzk_bench_gpu_msm_main(int argc, char **argv)
{
    msm_opts o;
    int prc = parse_opts(&o, argc, argv);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    if (!cuzk_gpu_built()) {
        fprintf(stderr, "gpu-msm: no CUDA in this build\n");
        return 1;
    }
    msm_env e = { 0 };
    cuzk_gpu_device_info info;
    if (!ok(&e, cuzk_gpu_device_info_get(0, &info, &e.err), "device 0") ||
        !ok(&e, cuzk_gpu_ctx_create(&e.ctx, 0, &e.err), "context"))
        return 1;
    if (!ok(&e, cuzk_gpu_msm_create(e.ctx, &e.msm, &e.err), "msm")) {
        cuzk_gpu_ctx_free(e.ctx);
        return 1;
    }
    e.pool = cuzk_pool_create(0);
    bench_report_init(&e.rep, "gpu-msm", argc, argv);
    bench_report_set_device(&e.rep, info.name);
    e.rep.threads = (int)cuzk_pool_threads(e.pool);
    cuzk_log("gpu-msm: %s, %d SMs, %.1f GiB, %d runs per figure, G1 2^%u..2^%u, G2 up to 2^%u", info.name,
             info.sm_count, (double)info.total_mem / (1 << 30), o.runs, o.min_log, o.max_log, o.g2_max_log);
    bench_g1(&e, &o);
    /* the G1 workspace goes before the G2 one grows */
    cuzk_gpu_msm_free(e.msm);
    e.msm = NULL;
    if (!e.failed && o.g2_max_log && ok(&e, cuzk_gpu_msm_create(e.ctx, &e.msm, &e.err), "msm"))
        bench_g2(&e, &o);
    cuzk_gpu_msm_free(e.msm);
    cuzk_pool_destroy(e.pool);
    cuzk_gpu_ctx_free(e.ctx);
    return bench_report_emit(&e.rep, o.json, o.out_path, "gpu-msm") | e.failed;
}
