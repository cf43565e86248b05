/* cuzk-bench gpu-ntt: the device Fr NTT (src/gpu/ntt.cu) on data resident
 * on the GPU, natural order in and out.
 *
 * First a check in the same run: at 2^--check-log (default 2^18) random host
 * vectors go through fft, ifft, coset_fft, icoset_fft and compute_h on the
 * CPU (src/poly) and on the device, and every output element must be the same
 * bytes. Then the timings, 2^--min-log (default 2^20) .. 2^--max-log: each
 * figure is wall-clock time around one transform plus the wait for the
 * device, after one warm-up call on the same (reused, already touched) device
 * buffers. The baselines in the same run are the previous default (the same
 * tiles and trips with the Montgomery twiddle product, CUZK_GPU_NTT_TILE10),
 * the one before (radix-2^3 trips, CUZK_GPU_NTT_TILE10_R3), the radix-2^3 kernel
 * on 2^11-element tiles (CUZK_GPU_NTT_TILE11), the same tiles with the
 * default's shared-memory layout and product (CUZK_GPU_NTT_TILE11_SM16), the
 * 2^11-tile kernel on the
 * earlier 11 + 8 + 8 split of the stages (CUZK_GPU_NTT_SPLIT_11_8_8) and the
 * radix-2 shared-memory kernel (CUZK_GPU_NTT_RADIX2), so the ratios old / new
 * are measured on the same device, data and build; and TILE10_R3's
 * persistent form (CUZK_GPU_NTT_PERSIST), a candidate. */
#include "bench_commands.h"
#include "cuzk/poly.h"
#include "../src/gpu/gpu_lab_internal.h" /* deliberately internal: NTT kernel variants, fill helpers */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int runs;
    unsigned min_log, max_log, check_log;
    bool json;
    const char *out;
} opts;

#define USAGE "[--runs 5] [--min-log 20] [--max-log 27] [--check-log 18] [--json] [--out FILE]\n" \
              "  --min-log, --max-log L: 20..28; --check-log L: 1..22; --runs N: 1..64"

/* 0, or the exit status: CLI_EXIT_USAGE, or -1 after --help. */
static int parse(opts *o, int argc, char **argv)
{
    *o = (opts){ .runs = 5, .min_log = 20, .max_log = 27, .check_log = 18 };
    cli_opt opt[] = { { "--runs", false, NULL }, { "--min-log", false, NULL }, { "--max-log", false, NULL },
                      { "--check-log", false, NULL }, { "--json", true, NULL }, { "--out", false, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int rc = cli_parse(argc, argv, opt, no, USAGE);
    if (rc)
        return rc;
    if (!cli_int("gpu-ntt", opt, no, "--runs", 1, BENCH_MAX_RUNS, &o->runs) ||
        !cli_uint("gpu-ntt", opt, no, "--min-log", 20, 28, &o->min_log) ||
        !cli_uint("gpu-ntt", opt, no, "--max-log", 20, 28, &o->max_log) ||
        !cli_uint("gpu-ntt", opt, no, "--check-log", 1, 22, &o->check_log))
        return CLI_EXIT_USAGE;
    if (o->min_log > o->max_log) {
        fprintf(stderr, "cuzk-bench gpu-ntt: --min-log %u is above --max-log %u\n", o->min_log, o->max_log);
        return CLI_EXIT_USAGE;
    }
    o->json = cli_get(opt, no, "--json");
    o->out = cli_get(opt, no, "--out");
    return 0;
}

/* ---- the check against the CPU --------------------------------------------------- */
static int check_against_cpu(cuzk_gpu_ctx *ctx, unsigned lg, cuzk_pool *pool, cuzk_err *err)
{
    const size_t m = (size_t)1 << lg, bytes = m * sizeof(cuzk_fr);
    cuzk_fr *h = cuzk_alloc_array(4 * m, sizeof *h), *d = NULL;
    cuzk_domain *cd = NULL;
    cuzk_gpu_domain *gd = NULL;
    int rc = 0;
    if (!h)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu-ntt: host vectors of 2^%u", lg);
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x6e7474ull + lg);
    for (size_t i = 0; i < 3 * m; i++) {
        uint64_t raw[4] = { cuzk_rng_u64(&rng), cuzk_rng_u64(&rng), cuzk_rng_u64(&rng),
                            cuzk_rng_u64(&rng) >> 2 };
        while (!cuzk_fr_from_raw(&h[i], raw))
            raw[3] >>= 1;
    }
    if ((rc = cuzk_domain_create(&cd, m, pool, err)) || (rc = cuzk_gpu_domain_create(ctx, &gd, m, err)) ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&d, 3 * bytes, err)))
        goto out;
    static const char *const names[5] = { "fft", "ifft", "coset_fft", "icoset_fft", "compute_h" };
    for (int kind = 0; kind < 5 && !rc; kind++) {
        cuzk_fr *want = h + 3 * m; /* the CPU's answer (a copy of input 0 transformed) */
        if ((rc = cuzk_gpu_upload(ctx, d, h, 3 * bytes, err)))
            break;
        memcpy(want, h, bytes);
        switch (kind) {
        case 0:
            cuzk_poly_fft(cd, want, pool);
            rc = cuzk_gpu_fft(gd, d, err);
            break;
        case 1:
            cuzk_poly_ifft(cd, want, pool);
            rc = cuzk_gpu_ifft(gd, d, err);
            break;
        case 2:
            cuzk_poly_coset_fft(cd, want, pool);
            rc = cuzk_gpu_coset_fft(gd, d, err);
            break;
        case 3:
            cuzk_poly_icoset_fft(cd, want, pool);
            rc = cuzk_gpu_icoset_fft(gd, d, err);
            break;
        default: {
            cuzk_fr *b = cuzk_alloc_array(2 * m, sizeof *b);
            if (!b) {
                rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu-ntt: host b, c");
                break;
            }
            memcpy(b, h + m, 2 * bytes);
            cuzk_poly_compute_h(cd, want, b, b + m, pool);
            cuzk_free(b);
            rc = cuzk_gpu_compute_h(gd, d, d + m, d + 2 * m, err);
        }
        }
        cuzk_fr *got = cuzk_alloc_array(m, sizeof *got);
        if (!rc && !got)
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu-ntt: host result");
        if (!rc)
            rc = cuzk_gpu_download(ctx, got, d, bytes, err);
        if (!rc) {
            for (size_t i = 0; i < m; i++)
                if (memcmp(&got[i], &want[i], sizeof got[i])) {
                    rc = cuzk_err_set(err, CUZK_ERR_DEVICE, "gpu-ntt: %s 2^%u: element %zu differs from the CPU",
                                      names[kind], lg, i);
                    break;
                }
        }
        if (!rc)
            cuzk_log("gpu-ntt: %s 2^%u equals the CPU's, all %zu elements", names[kind], lg, m);
        cuzk_free(got);
    }
out:
    cuzk_gpu_free(ctx, d);
    cuzk_gpu_domain_free(gd);
    cuzk_domain_free(cd);
    cuzk_free(h);
    return rc;
}

/* ---- timings ---------------------------------------------------------------------- */
typedef int (*ntt_fn)(cuzk_gpu_domain *d, cuzk_fr *a, cuzk_err *err);

static int time_fn(cuzk_gpu_ctx *ctx, bench_report *rep, const char *name, int runs, cuzk_gpu_domain *d, ntt_fn fn,
                   cuzk_fr *a, cuzk_err *err)
{
    double s[BENCH_MAX_RUNS];
    for (int r = -1; r < runs; r++) {
        uint64_t t0 = cuzk_now_ns();
        int rc = fn(d, a, err);
        if (rc == 0)
            rc = cuzk_gpu_sync(ctx, err);
        if (rc)
            return rc;
        if (r >= 0)
            s[r] = (double)(cuzk_now_ns() - t0) / 1e6;
    }
    bench_report_add(rep, name, "ms", s, runs);
    return 0;
}

int cuzk_bench_gpu_ntt_main(int argc, char **argv)
{
    opts o;
    int prc = parse(&o, argc, argv);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    cuzk_err err = { 0 };
    cuzk_gpu_device_info info;
    cuzk_gpu_ctx *ctx = NULL;
    if (cuzk_gpu_device_info_get(0, &info, &err) || cuzk_gpu_ctx_create(&ctx, 0, &err)) {
        fprintf(stderr, "gpu-ntt: no device: %s\n", err.msg);
        return 1;
    }
    cuzk_pool *pool = cuzk_pool_create(0);
    bench_report rep;
    bench_report_init(&rep, "gpu_ntt", argc, argv);
    bench_report_set_device(&rep, info.name);
    rep.threads = (int)cuzk_pool_threads(pool);
    cuzk_fr *a = NULL;
    const size_t m_max = (size_t)1 << o.max_log;
    int rc = check_against_cpu(ctx, o.check_log, pool, &err);
    if (!rc)
        rc = cuzk_gpu_alloc(ctx, (void **)&a, 3 * m_max * sizeof *a, &err);
    if (!rc)
        rc = cuzk_gpu_fill_fr(ctx, a, 3 * m_max, 0x7e57, &err);
    for (unsigned L = o.min_log; L <= o.max_log && !rc; L++) {
        const size_t m = (size_t)1 << L;
        char name[48];
        cuzk_gpu_domain *d = NULL;
        if ((rc = cuzk_gpu_domain_create(ctx, &d, m, &err)))
            break;
        int runs = L >= 26 && o.runs > 5 ? 5 : o.runs;
        snprintf(name, sizeof name, "ntt_2p%u_ms", L);
        rc = time_fn(ctx, &rep, name, runs, d, cuzk_gpu_fft, a, &err);
        if (!rc && (L == 24 || L == 26 || L == o.max_log)) {
            double new_ms = rep.figures[rep.n_figures - 1].median;
            static const struct {
                cuzk_gpu_ntt_kernel kernel;
                const char *name;
            } base[7] = { { CUZK_GPU_NTT_TILE10, "tile10" },
                          { CUZK_GPU_NTT_TILE10_R3, "tile10_r3" },
                          { CUZK_GPU_NTT_TILE11, "tile11" },
                          { CUZK_GPU_NTT_TILE11_SM16, "tile11_sm16" },
                          { CUZK_GPU_NTT_SPLIT_11_8_8, "split_11_8_8" },
                          { CUZK_GPU_NTT_RADIX2, "radix2" },
                          { CUZK_GPU_NTT_PERSIST, "persist" } };
            for (int b = 0; b < 7 && !rc; b++) {
                snprintf(name, sizeof name, "ntt_%s_2p%u_ms", base[b].name, L);
                if (!(rc = cuzk_gpu_domain_set_kernel(d, base[b].kernel, &err)))
                    rc = time_fn(ctx, &rep, name, runs, d, cuzk_gpu_fft, a, &err);
                if (!rc) {
                    double ratio = rep.figures[rep.n_figures - 1].median / new_ms;
                    snprintf(name, sizeof name, "speedup_vs_%s_2p%u", base[b].name, L);
                    bench_report_add(&rep, name, "x", &ratio, 1);
                }
            }
            if (!rc)
                rc = cuzk_gpu_domain_set_kernel(d, CUZK_GPU_NTT_DEFAULT, &err);
        }
        if (!rc && (L == 24 || L == o.max_log)) {
            snprintf(name, sizeof name, "intt_2p%u_ms", L);
            rc = time_fn(ctx, &rep, name, runs, d, cuzk_gpu_ifft, a, &err);
            snprintf(name, sizeof name, "coset_ntt_2p%u_ms", L);
            if (!rc)
                rc = time_fn(ctx, &rep, name, runs, d, cuzk_gpu_coset_fft, a, &err);
            double s[BENCH_MAX_RUNS];
            for (int r = -1; r < runs && !rc; r++) {
                uint64_t t0 = cuzk_now_ns();
                rc = cuzk_gpu_compute_h(d, a, a + m, a + 2 * m, &err);
                if (!rc)
                    rc = cuzk_gpu_sync(ctx, &err);
                if (r >= 0)
                    s[r] = (double)(cuzk_now_ns() - t0) / 1e6;
            }
            snprintf(name, sizeof name, "compute_h_2p%u_ms", L);
            if (!rc)
                bench_report_add(&rep, name, "ms", s, runs);
        }
        cuzk_gpu_domain_free(d);
    }
    cuzk_gpu_free(ctx, a);
    cuzk_gpu_ctx_free(ctx);
    cuzk_pool_destroy(pool);
    if (rc) {
        fprintf(stderr, "gpu-ntt: %s\n", err.msg);
        return 1;
    }
    return bench_report_emit(&rep, o.json, o.out, "gpu-ntt");
}
