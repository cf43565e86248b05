/* cuzk-bench gpu: the device NTT and G1 MSM on data resident on the GPU.
 *
 * Inputs are made on the device: Fr vectors and scalars from a seeded hash of
 * the index (cuzk_gpu_fill_*), bases by repeating 2^20 distinct host-made
 * points (an arithmetic progression P + iQ, batch-normalised on the CPU) up to
 * 2^27. A repeated base changes nothing for the timing: each (point, window)
 * pair is still one bucket addition. Before timing, the 2^20 MSMs (random and
 * 0/1 scalars) are checked against cuzk_g1_msm. Each figure is wall-clock time
 * around one call plus the wait for the device, after one warm-up call. */
#include "bench_commands.h"
#include "bench_points.h"
#include "cuzk/ec.h"
#include "../src/gpu/gpu_lab_internal.h" /* deliberately internal: fill helpers, device rates */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOG_DISTINCT 20

typedef struct {
    int runs;
    unsigned max_log;
    bool json, quick, rates_only;
    const char *out_path;
} gpu_opts;

typedef struct {
    cuzk_gpu_ctx *ctx;
    cuzk_err err;
    int failed;
} gpu_env;

#define USAGE                                                                          \
    "[--runs N] [--max-log L] [--quick] [--rates] [--json] [--out FILE]\n"              \
    "  --runs N      runs per figure (default 5; sizes from 2^26 use at most 3)\n"      \
    "  --max-log L   largest size 2^L, 20..27 (default 27)\n"                           \
    "  --quick       2^20 and 2^22 only, 2 runs\n"                                      \
    "  --rates       the arithmetic rates only (no NTT, no MSM)\n"                      \
    "  --json        print the JSON record on stdout instead of the table\n"            \
    "  --out FILE    also write the JSON record to FILE"

/* 0, or the exit status: CLI_EXIT_USAGE, or -1 after --help. */
static int parse_opts(gpu_opts *o, int argc, char **argv)
{
    *o = (gpu_opts){ .runs = 5, .max_log = 27 };
    cli_opt opt[] = { { "--runs", false, NULL }, { "--max-log", false, NULL }, { "--quick", true, NULL },
                      { "--rates", true, NULL }, { "--json", true, NULL }, { "--out", false, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int rc = cli_parse(argc, argv, opt, no, USAGE);
    if (rc)
        return rc;
    if (!cli_int("gpu", opt, no, "--runs", 1, BENCH_MAX_RUNS, &o->runs) ||
        !cli_uint("gpu", opt, no, "--max-log", LOG_DISTINCT, 27, &o->max_log))
        return CLI_EXIT_USAGE;
    o->quick = cli_get(opt, no, "--quick");
    o->rates_only = cli_get(opt, no, "--rates");
    o->json = cli_get(opt, no, "--json");
    o->out_path = cli_get(opt, no, "--out");
    if (o->quick) {
        o->max_log = 22;
        o->runs = 2;
    }
    return 0;
}

/* Records a failure once and says so; later steps are skipped. */
static bool ok(gpu_env *e, int rc, const char *what)
{
    if (rc == 0)
        return true;
    fprintf(stderr, "gpu: %s: %s\n", what, e->err.msg);
    e->failed = 1;
    return false;
}

typedef int (*ntt_fn)(cuzk_gpu_domain *d, cuzk_fr *a, cuzk_err *err);

static int time_ntt(gpu_env *e, bench_report *rep, const char *name, int runs, cuzk_gpu_domain *d, ntt_fn fn,
                    cuzk_fr *a)
{
    double s[BENCH_MAX_RUNS];
    for (int r = -1; r < runs; r++) {
        uint64_t t0 = cuzk_now_ns();
        int rc = fn(d, a, &e->err);
        if (rc == 0)
            rc = cuzk_gpu_sync(e->ctx, &e->err);
        if (!ok(e, rc, name))
            return -1;
        if (r >= 0)
            s[r] = (double)(cuzk_now_ns() - t0) / 1e6;
    }
    bench_report_add(rep, name, "ms", s, runs);
    return 0;
}

static void bench_ntt(gpu_env *e, bench_report *rep, const gpu_opts *o)
{
    static const unsigned logs[] = { 20, 22, 24, 26, 27 };
    const size_t m_max = (size_t)1 << o->max_log;
    cuzk_fr *a = NULL;
    char name[48];
    if (!ok(e, cuzk_gpu_alloc(e->ctx, (void **)&a, 3 * m_max * sizeof *a, &e->err), "NTT buffers") ||
        !ok(e, cuzk_gpu_fill_fr(e->ctx, a, 3 * m_max, 0x7e57, &e->err), "fill Fr"))
        goto out;
    for (size_t i = 0; i < sizeof logs / sizeof logs[0] && logs[i] <= o->max_log; i++) {
        unsigned L = logs[i];
        size_t m = (size_t)1 << L;
        int runs = L >= 26 && o->runs > 3 ? 3 : o->runs;
        cuzk_gpu_domain *d = NULL;
        if (!ok(e, cuzk_gpu_domain_create(e->ctx, &d, m, &e->err), "NTT domain"))
            goto out;
        snprintf(name, sizeof name, "ntt_2p%u_ms", L);
        int rc = time_ntt(e, rep, name, o->runs, d, cuzk_gpu_fft, a);
        if (rc == 0 && L == o->max_log) {
            snprintf(name, sizeof name, "intt_2p%u_ms", L);
            rc = time_ntt(e, rep, name, runs, d, cuzk_gpu_ifft, a);
            snprintf(name, sizeof name, "coset_ntt_2p%u_ms", L);
            if (rc == 0)
                rc = time_ntt(e, rep, name, runs, d, cuzk_gpu_coset_fft, a);
            double s[BENCH_MAX_RUNS];
            for (int r = -1; r < runs && rc == 0; r++) {
                uint64_t t0 = cuzk_now_ns();
                rc = cuzk_gpu_compute_h(d, a, a + m, a + 2 * m, &e->err);
                if (rc == 0)
                    rc = cuzk_gpu_sync(e->ctx, &e->err);
                if (r >= 0)
                    s[r] = (double)(cuzk_now_ns() - t0) / 1e6;
            }
            snprintf(name, sizeof name, "compute_h_2p%u_ms", L);
            if (ok(e, rc, name))
                bench_report_add(rep, name, "ms", s, runs);
        }
        cuzk_gpu_domain_free(d);
        if (rc != 0)
            goto out;
    }
out:
    cuzk_gpu_free(e->ctx, a);
}

/* The device MSM of the first n bases/scalars against cuzk_g1_msm. */
static bool check_msm(gpu_env *e, cuzk_gpu_msm *msm, const cuzk_g1_affine *h_bases, const cuzk_g1_affine *d_bases,
                      const cuzk_scalar *d_scalars, size_t n, cuzk_pool *pool, const char *what)
{
    cuzk_scalar *h = cuzk_alloc_array(n, sizeof *h);
    cuzk_g1_proj want, got;
    bool same = false;
    if (h && ok(e, cuzk_gpu_download(e->ctx, h, d_scalars, n * sizeof *h, &e->err), "download scalars") &&
        ok(e, cuzk_gpu_g1_msm(msm, &got, d_bases, d_scalars, n, &e->err), what)) {
        uint64_t t0 = cuzk_now_ns();
        cuzk_g1_msm(&want, h_bases, h, n, pool);
        same = cuzk_g1_proj_eq(&want, &got);
        cuzk_log("gpu: %s, n = %zu: device %s the CPU (CPU MSM %.0f ms)", what, n, same ? "EQUALS" : "DIFFERS FROM",
                 (double)(cuzk_now_ns() - t0) / 1e6);
        if (!same)
            e->failed = 1;
    }
    cuzk_free(h);
    return same;
}

static int time_msm(gpu_env *e, bench_report *rep, const char *name, int runs, cuzk_gpu_msm *msm,
                    const cuzk_g1_affine *d_bases, const cuzk_scalar *d_scalars, size_t n)
{
    double s[BENCH_MAX_RUNS];
    cuzk_g1_proj r;
    for (int i = -1; i < runs; i++) {
        uint64_t t0 = cuzk_now_ns();
        if (!ok(e, cuzk_gpu_g1_msm(msm, &r, d_bases, d_scalars, n, &e->err), name))
            return -1;
        if (i >= 0)
            s[i] = (double)(cuzk_now_ns() - t0) / 1e6;
    }
    cuzk_gpu_msm_stats st;
    cuzk_gpu_msm_last_stats(msm, &st);
    cuzk_log("gpu: %s: ones %zu, Pippenger %zu, c = %u, %u windows; device ms: classify %.1f, ones %.1f, "
             "digits %.1f, sort %.1f, accumulate %.1f, reduce %.1f",
             name, st.ones, st.others, st.c, st.windows, st.phase_ms[CUZK_GPU_MSM_CLASSIFY],
             st.phase_ms[CUZK_GPU_MSM_ONES], st.phase_ms[CUZK_GPU_MSM_DIGITS], st.phase_ms[CUZK_GPU_MSM_SORT],
             st.phase_ms[CUZK_GPU_MSM_ACCUMULATE], st.phase_ms[CUZK_GPU_MSM_REDUCE]);
    bench_report_add(rep, name, "ms", s, runs);
    return 0;
}

static void bench_msm(gpu_env *e, bench_report *rep, const gpu_opts *o, cuzk_pool *pool)
{
    const size_t n_max = (size_t)1 << o->max_log, n0 = (size_t)1 << LOG_DISTINCT;
    cuzk_g1_affine *h_bases = NULL, *d_src = NULL, *d_bases = NULL;
    cuzk_scalar *d_scalars = NULL;
    cuzk_gpu_msm *msm = NULL;
    char name[48];
    uint64_t t0 = cuzk_now_ns();
    h_bases = bench_g1_points(n0);
    if (!h_bases) {
        fprintf(stderr, "gpu: out of host memory for the bases\n");
        e->failed = 1;
        return;
    }
    cuzk_log("gpu: %zu distinct host points in %.1f s", n0, (double)(cuzk_now_ns() - t0) / 1e9);
    if (!ok(e, cuzk_gpu_alloc(e->ctx, (void **)&d_src, n0 * sizeof *d_src, &e->err), "alloc") ||
        !ok(e, cuzk_gpu_alloc(e->ctx, (void **)&d_bases, n_max * sizeof *d_bases, &e->err), "alloc bases") ||
        !ok(e, cuzk_gpu_alloc(e->ctx, (void **)&d_scalars, n_max * sizeof *d_scalars, &e->err), "alloc scalars") ||
        !ok(e, cuzk_gpu_upload(e->ctx, d_src, h_bases, n0 * sizeof *d_src, &e->err), "upload bases") ||
        !ok(e, cuzk_gpu_tile(e->ctx, d_bases, n_max, d_src, n0, sizeof *d_src, &e->err), "tile bases") ||
        !ok(e, cuzk_gpu_msm_create(e->ctx, &msm, &e->err), "msm"))
        goto out;
    /* correctness first: random and 0/1 scalars at 2^20 against the CPU */
    if (!ok(e, cuzk_gpu_fill_scalars(e->ctx, d_scalars, n0, 0xc0ffee, 1, &e->err), "fill 0/1") ||
        !check_msm(e, msm, h_bases, d_bases, d_scalars, n0, pool, "0/1 MSM") ||
        !ok(e, cuzk_gpu_fill_scalars(e->ctx, d_scalars, n_max, 0x5ca1ab1e, 0, &e->err), "fill scalars") ||
        !check_msm(e, msm, h_bases, d_bases, d_scalars, n0, pool, "random MSM"))
        goto out;
    for (unsigned L = LOG_DISTINCT; L <= o->max_log; L++) {
        int runs = L >= 26 && o->runs > 3 ? 3 : o->runs;
        snprintf(name, sizeof name, "g1_msm_2p%u_ms", L);
        if (time_msm(e, rep, name, runs, msm, d_bases, d_scalars, (size_t)1 << L) != 0)
            goto out;
    }
    if (o->max_log >= 26) {
        const size_t n26 = (size_t)1 << 26;
        if (!ok(e, cuzk_gpu_fill_scalars(e->ctx, d_scalars, n26, 0xb17, 1, &e->err), "fill 0/1"))
            goto out;
        time_msm(e, rep, "g1_msm01_2p26_ms", o->runs > 3 ? 3 : o->runs, msm, d_bases, d_scalars, n26);
    }
out:
    cuzk_gpu_msm_free(msm);
    cuzk_gpu_free(e->ctx, d_src);
    cuzk_gpu_free(e->ctx, d_bases);
    cuzk_gpu_free(e->ctx, d_scalars);
    cuzk_free(h_bases);
}

int cuzk_bench_gpu_main(int argc, char **argv)
{
    gpu_opts o;
    int prc = parse_opts(&o, argc, argv);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    if (!cuzk_gpu_built()) {
        fprintf(stderr, "gpu: no CUDA in this build\n");
        return 1;
    }
    gpu_env e = { 0 };
    cuzk_gpu_device_info info;
    if (!ok(&e, cuzk_gpu_device_info_get(0, &info, &e.err), "device 0") ||
        !ok(&e, cuzk_gpu_ctx_create(&e.ctx, 0, &e.err), "context"))
        return 1;
    cuzk_pool *pool = cuzk_pool_create(0);
    bench_report rep;
    bench_report_init(&rep, "gpu", argc, argv);
    bench_report_set_device(&rep, info.name);
    rep.threads = (int)cuzk_pool_threads(pool);
    cuzk_log("gpu: %s, %d SMs, %.1f GiB, %d runs per figure, sizes up to 2^%u", info.name, info.sm_count,
             (double)info.total_mem / (1 << 30), o.runs, o.max_log);
    {
        /* in cuzk_gpu_arith_rate's order: the products in use, the G1 mixed
         * addition, the previous two-accumulator products (baseline in the
         * same run), the Fr product's variants, the relaxed products */
        static const char *const rate_names[] = { "fr_mul_gps", "fp_mul_gps", "g1_madd_gps",
                                                  "fr_mul_xy_gps", "fp_mul_xy_gps", "fr_mul_hidem0_gps",
                                                  "fr_mul_p0one_gps", "fr_mul_pconst_gps", "fr_mul_2p_gps",
                                                  "fp_mul_2p_gps", "fr_mul_pconst_p0one_gps", "fp_mul_pconst_gps",
                                                  "fr_mul_p01_gps", "fr_mul_ks_p01_gps", "fr_mul_ks_p0one_gps",
                                                  "fr_mul_ks_gps", "fr_mul_p0one_mopaque_gps", "fr_mul_p01_mopaque_gps",
                                                  "fr_mul_ks_p01_mopaque_gps", "fp_mul_ks_gps", "fr_mul_p0one_mzero_gps",
                                                  "fr_mul_p01_mzero_gps", "fr_mul_f64_gps", "fr_mul_mix_gps",
                                                  "fr_mul_f64_singles_gps", "fr_mul_mix_singles_gps",
                                                  "fr_mul_f64_4ch_gps", "fr_mul_mix_4ch_gps", "fr_mul_4ch_gps",
                                                  "fr_mul_mix21_3ch_gps", "fr_bfly_gps", "fr_bfly_f64_gps",
                                                  "fr_bfly_mix_gps", "fr_bfly_mix31_gps" };
        for (int w = 0; w < (int)(sizeof rate_names / sizeof rate_names[0]) && !e.failed; w++) {
            double s[BENCH_MAX_RUNS];
            int runs = o.runs > 3 ? 3 : o.runs;
            for (int r = 0; r < runs && !e.failed; r++)
                if (ok(&e, cuzk_gpu_arith_rate(e.ctx, w, &s[r], &e.err), rate_names[w]))
                    s[r] /= 1e9;
            if (!e.failed)
                bench_report_add(&rep, rate_names[w], "G/s", s, runs);
        }
    }
    if (!e.failed && !o.rates_only)
        bench_ntt(&e, &rep, &o);
    if (!e.failed && !o.rates_only)
        bench_msm(&e, &rep, &o, pool);
    cuzk_pool_destroy(pool);
    cuzk_gpu_ctx_free(e.ctx);
    return bench_report_emit(&rep, o.json, o.out_path, "gpu") | e.failed;
}
