/* cuzk-bench arith: the speed of the BLS12-381 arithmetic on this CPU.
 *
 * Each figure is timed over several runs (median/min/max). Inputs are built
 * before timing; the large MSM inputs are written once (so every page is
 * faulted in) and reused by every run. */
#include "bench_commands.h"
#include "cuzk/ec.h"
#include "../src/ff/ff_internal.h" /* deliberately internal: the AVX-512 IFMA batch kernels */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void random_fr(cuzk_rng *rng, cuzk_fr *r)
{
    uint64_t raw[4];
    do {
        for (int i = 0; i < 4; i++)
            raw[i] = cuzk_rng_u64(rng);
        raw[3] &= 0x7fffffffffffffffull;
    } while (!cuzk_fr_from_raw(r, raw));
}

static void random_scalar(cuzk_rng *rng, cuzk_scalar *s)
{
    cuzk_fr x;
    random_fr(rng, &x);
    cuzk_fr_to_scalar(s, &x);
}

static void random_fp(cuzk_rng *rng, cuzk_fp *r)
{
    uint64_t raw[6];
    do {
        for (int i = 0; i < 6; i++)
            raw[i] = cuzk_rng_u64(rng);
        raw[5] &= 0x1fffffffffffffffull;
    } while (!cuzk_fp_from_raw(r, raw));
}

/* A volatile sink keeps the compiler from discarding timed work. */
static volatile uint64_t sink;

static double time_fp_mul(cuzk_rng *rng, long iters, bool square)
{
    cuzk_fp a, b;
    random_fp(rng, &a);
    random_fp(rng, &b);
    uint64_t t0 = cuzk_now_ns();
    if (square)
        for (long i = 0; i < iters; i++)
            cuzk_fp_sqr(&a, &a);
    else
        for (long i = 0; i < iters; i++)
            cuzk_fp_mul(&a, &a, &b);
    uint64_t t1 = cuzk_now_ns();
    sink ^= a.l[0];
    return (double)(t1 - t0) / (double)iters;
}

static double time_fr_mul(cuzk_rng *rng, long iters)
{
    cuzk_fr a, b;
    random_fr(rng, &a);
    random_fr(rng, &b);
    uint64_t t0 = cuzk_now_ns();
    for (long i = 0; i < iters; i++)
        cuzk_fr_mul(&a, &a, &b);
    uint64_t t1 = cuzk_now_ns();
    sink ^= a.l[0];
    return (double)(t1 - t0) / (double)iters;
}

static void random_g1(cuzk_rng *rng, cuzk_g1_proj *p)
{
    cuzk_g1_affine g;
    cuzk_scalar k;
    cuzk_g1_generator(&g);
    random_scalar(rng, &k);
    cuzk_g1_mul_affine(p, &g, &k);
}

static void random_g2(cuzk_rng *rng, cuzk_g2_proj *p)
{
    cuzk_g2_affine g;
    cuzk_scalar k;
    cuzk_g2_generator(&g);
    random_scalar(rng, &k);
    cuzk_g2_mul_affine(p, &g, &k);
}

static double time_g1_add(cuzk_rng *rng, long iters, bool dbl)
{
    cuzk_g1_proj a, b;
    random_g1(rng, &a);
    random_g1(rng, &b);
    uint64_t t0 = cuzk_now_ns();
    if (dbl)
        for (long i = 0; i < iters; i++)
            cuzk_g1_proj_dbl(&a, &a);
    else
        for (long i = 0; i < iters; i++)
            cuzk_g1_proj_add(&a, &a, &b);
    uint64_t t1 = cuzk_now_ns();
    sink ^= a.x.l[0];
    return (double)(t1 - t0) / (double)iters;
}

static double time_g1_mul(cuzk_rng *rng, long iters)
{
    cuzk_g1_proj p;
    cuzk_scalar k;
    random_g1(rng, &p);
    uint64_t total = 0;
    for (long i = 0; i < iters; i++) {
        random_scalar(rng, &k);
        uint64_t t0 = cuzk_now_ns();
        cuzk_g1_mul(&p, &p, &k);
        total += cuzk_now_ns() - t0;
    }
    sink ^= p.x.l[0];
    return (double)total / (double)iters / 1e3;
}

static double time_g2_mul(cuzk_rng *rng, long iters)
{
    cuzk_g2_proj p;
    cuzk_scalar k;
    random_g2(rng, &p);
    uint64_t total = 0;
    for (long i = 0; i < iters; i++) {
        random_scalar(rng, &k);
        uint64_t t0 = cuzk_now_ns();
        cuzk_g2_mul(&p, &p, &k);
        total += cuzk_now_ns() - t0;
    }
    sink ^= p.x.c0.l[0];
    return (double)total / (double)iters / 1e3;
}

static double time_pairing(cuzk_rng *rng, long iters)
{
    cuzk_g1_proj pp;
    cuzk_g2_proj qp;
    cuzk_g1_affine p;
    cuzk_g2_affine q;
    random_g1(rng, &pp);
    random_g2(rng, &qp);
    cuzk_g1_proj_to_affine(&p, &pp);
    cuzk_g2_proj_to_affine(&q, &qp);
    cuzk_gt e;
    uint64_t t0 = cuzk_now_ns();
    for (long i = 0; i < iters; i++)
        cuzk_pairing(&e, &p, &q);
    uint64_t t1 = cuzk_now_ns();
    sink ^= e.c0.c0.c0.l[0];
    return (double)(t1 - t0) / (double)iters / 1e3;
}

/* MSM inputs: bases as a running sum of a random point (one addition each,
 * then one batch conversion), scalars uniform below r. */
typedef struct {
    size_t n;
    cuzk_g1_affine *g1;
    cuzk_g2_affine *g2;
    cuzk_scalar *scalars;
} msm_inputs;

static int msm_inputs_make(msm_inputs *in, cuzk_rng *rng, size_t n, bool g2)
{
    memset(in, 0, sizeof *in);
    in->n = n;
    in->scalars = cuzk_alloc_array(n, sizeof *in->scalars);
    if (!in->scalars)
        return -1;
    for (size_t i = 0; i < n; i++)
        random_scalar(rng, &in->scalars[i]);
    const size_t chunk = 4096;
    if (!g2) {
        in->g1 = cuzk_alloc_array(n, sizeof *in->g1);
        cuzk_g1_proj *tmp = cuzk_alloc_array(chunk, sizeof *tmp);
        if (!in->g1 || !tmp) {
            cuzk_free(tmp);
            return -1;
        }
        cuzk_g1_proj acc, step;
        random_g1(rng, &acc);
        random_g1(rng, &step);
        for (size_t i = 0; i < n; i += chunk) {
            size_t m = n - i < chunk ? n - i : chunk;
            for (size_t j = 0; j < m; j++) {
                cuzk_g1_proj_add(&acc, &acc, &step);
                tmp[j] = acc;
            }
            cuzk_g1_proj_batch_to_affine(in->g1 + i, tmp, m);
        }
        cuzk_free(tmp);
    } else {
        in->g2 = cuzk_alloc_array(n, sizeof *in->g2);
        cuzk_g2_proj *tmp = cuzk_alloc_array(chunk, sizeof *tmp);
        if (!in->g2 || !tmp) {
            cuzk_free(tmp);
            return -1;
        }
        cuzk_g2_proj acc, step;
        random_g2(rng, &acc);
        random_g2(rng, &step);
        for (size_t i = 0; i < n; i += chunk) {
            size_t m = n - i < chunk ? n - i : chunk;
            for (size_t j = 0; j < m; j++) {
                cuzk_g2_proj_add(&acc, &acc, &step);
                tmp[j] = acc;
            }
            cuzk_g2_proj_batch_to_affine(in->g2 + i, tmp, m);
        }
        cuzk_free(tmp);
    }
    return 0;
}

static void msm_inputs_free(msm_inputs *in)
{
    cuzk_free(in->g1);
    cuzk_free(in->g2);
    cuzk_free(in->scalars);
}

static double time_msm(const msm_inputs *in, size_t n, cuzk_pool *pool)
{
    uint64_t t0 = cuzk_now_ns();
    if (in->g1) {
        cuzk_g1_proj r;
        cuzk_g1_msm(&r, in->g1, in->scalars, n, pool);
        sink ^= r.x.l[0];
    } else {
        cuzk_g2_proj r;
        cuzk_g2_msm(&r, in->g2, in->scalars, n, pool);
        sink ^= r.x.c0.l[0];
    }
    return (double)(cuzk_now_ns() - t0) / 1e6;
}

/* Batched field work (independent elements, as in the FFT and the MSM's
 * batch-affine accumulation): the plain per-element calls (for the affine
 * additions, src/ff's portable Montgomery-trick path) against the
 * eight-lane IFMA kernels of src/ff/ff_ifma.c (which fall back to the scalar
 * code on CPUs without AVX-512 IFMA). The buffers are static and written
 * before timing, so no first-touch page faults are timed. */
#define BATCH_N 4096
#define AFF_BUCKETS 32768
#define AFF_BATCH 1024
static cuzk_fr bfr_a[BATCH_N], bfr_b[BATCH_N], bfr_r[BATCH_N];
static cuzk_fp bfp_a[BATCH_N], bfp_b[BATCH_N], bfp_r[BATCH_N];
static cuzk_fp aff_acc[AFF_BUCKETS][2], aff_pt[AFF_BATCH][2], aff_pre[AFF_BATCH];
static cuzk_fp *aff_pa[AFF_BATCH];
static const cuzk_fp *aff_pb[AFF_BATCH];
static uint8_t aff_inf[AFF_BATCH];
static unsigned char *aff_scratch;
static cuzk_fp2 aff2_acc[AFF_BUCKETS / 4][2], aff2_pt[AFF_BATCH][2], aff2_pre[AFF_BATCH];
static cuzk_fp2 *aff2_pa[AFF_BATCH];
static const cuzk_fp2 *aff2_pb[AFF_BATCH];
static unsigned char *aff2_scratch;

static void batch_inputs(cuzk_rng *rng)
{
    for (int i = 0; i < BATCH_N; i++) {
        random_fr(rng, &bfr_a[i]); random_fr(rng, &bfr_b[i]);
        random_fp(rng, &bfp_a[i]); random_fp(rng, &bfp_b[i]);
    }
    memset(bfr_r, 0, sizeof bfr_r);
    memset(bfp_r, 0, sizeof bfp_r);
    for (int i = 0; i < AFF_BUCKETS; i++) { random_fp(rng, &aff_acc[i][0]); random_fp(rng, &aff_acc[i][1]); }
    for (int i = 0; i < AFF_BATCH; i++) {
        random_fp(rng, &aff_pt[i][0]); random_fp(rng, &aff_pt[i][1]);
        aff_pb[i] = aff_pt[i];
        /* distinct buckets, spread over the whole array */
        aff_pa[i] = aff_acc[((uint64_t)i * 40503u) % AFF_BUCKETS];
    }
    memset(aff_pre, 0, sizeof aff_pre);
    for (int i = 0; i < AFF_BUCKETS / 4; i++)
        for (int c = 0; c < 2; c++) { random_fp(rng, &aff2_acc[i][c].c0); random_fp(rng, &aff2_acc[i][c].c1); }
    for (int i = 0; i < AFF_BATCH; i++) {
        for (int c = 0; c < 2; c++) { random_fp(rng, &aff2_pt[i][c].c0); random_fp(rng, &aff2_pt[i][c].c1); }
        aff2_pb[i] = aff2_pt[i];
        aff2_pa[i] = aff2_acc[((uint64_t)i * 4051u) % (AFF_BUCKETS / 4)];
    }
    memset(aff2_pre, 0, sizeof aff2_pre);
}

/* kind: 0 Fr mul, 1 Fp mul, 2 Fr butterfly (stride-2 twiddles), 3 affine
 * additions (G1, Fp), 4 Fr coset powers, 5 affine additions over Fp2 (G2);
 * ifma selects the batched kernel. ns per element. */
static double time_batch(int kind, bool ifma, int reps)
{
    uint64_t t0 = cuzk_now_ns();
    for (int r = 0; r < reps; r++) {
        switch (kind) {
        case 0:
            if (ifma) cuzk_fr_mul_many(bfr_r, bfr_a, bfr_b, BATCH_N);
            else for (int i = 0; i < BATCH_N; i++) cuzk_fr_mul(&bfr_r[i], &bfr_a[i], &bfr_b[i]);
            break;
        case 1:
            if (ifma) cuzk_fp_mul_many(bfp_r, bfp_a, bfp_b, BATCH_N);
            else for (int i = 0; i < BATCH_N; i++) cuzk_fp_mul(&bfp_r[i], &bfp_a[i], &bfp_b[i]);
            break;
        case 2: /* x0 = bfr_r[0..N/4), x1 = bfr_r[N/2..), twiddles bfr_a with stride 2 */
            if (ifma) cuzk_fr_butterfly_many(bfr_r, bfr_r + BATCH_N / 2, bfr_a, 2, BATCH_N / 4);
            else for (int i = 0; i < BATCH_N / 4; i++) {
                cuzk_fr v, *x0 = &bfr_r[i], *x1 = &bfr_r[BATCH_N / 2 + i];
                cuzk_fr_mul(&v, x1, &bfr_a[2 * i]);
                cuzk_fr_sub(x1, x0, &v);
                cuzk_fr_add(x0, x0, &v);
            }
            break;
        case 4: /* bfr_r[k] = bfr_a[k] * s * t^k (the coset powers pass) */
            if (ifma) cuzk_fr_mul_powers(bfr_r, 1, bfr_a, 1, BATCH_N, &bfr_b[0], &bfr_b[1]);
            else {
                cuzk_fr p = bfr_b[0];
                for (int i = 0; i < BATCH_N; i++) {
                    cuzk_fr_mul(&bfr_r[i], &bfr_a[i], &p);
                    cuzk_fr_mul(&p, &p, &bfr_b[1]);
                }
            }
            break;
        case 5:
            if (ifma) cuzk_fp2_affine_add_many(aff2_pa, aff2_pb, aff_inf, AFF_BATCH, aff2_scratch);
            else cuzk_fp2_affine_add_many_scalar(aff2_pa, aff2_pb, aff_inf, AFF_BATCH, aff2_pre);
            break;
        default:
            if (ifma) cuzk_fp_affine_add_many(aff_pa, aff_pb, aff_inf, AFF_BATCH, aff_scratch);
            else cuzk_fp_affine_add_many_scalar(aff_pa, aff_pb, aff_inf, AFF_BATCH, aff_pre);
            break;
        }
    }
    uint64_t t1 = cuzk_now_ns();
    sink ^= bfr_r[7].l[0] ^ bfp_r[5].l[1] ^ aff_acc[3][0].l[0];
    size_t per = kind == 2 ? BATCH_N / 4 : kind == 3 || kind == 5 ? AFF_BATCH : BATCH_N;
    return (double)(t1 - t0) / ((double)reps * (double)per);
}

/* Adds the ratio of two figures' medians (baseline / new) as a figure. */
static void add_ratio(bench_report *rep, const char *name, const char *base, const char *fast)
{
    double b = 0, f = 0;
    for (int i = 0; i < rep->n_figures; i++) {
        if (!strcmp(rep->figures[i].name, base)) b = rep->figures[i].median;
        if (!strcmp(rep->figures[i].name, fast)) f = rep->figures[i].median;
    }
    double x = f > 0 ? b / f : 0;
    bench_report_add(rep, name, "x", &x, 1);
}

#define USAGE                                                                      \
    "[--runs N] [--quick] [--threads N] [--json] [--out FILE]\n"                     \
    "  --runs N     runs per figure (default 5, at least 5 for recorded results)\n"  \
    "  --quick      small sizes only (no 2^20 MSMs), for a fast check\n"             \
    "  --threads N  threads for the multi-threaded MSMs (default: all cores)\n"      \
    "  --json       print the JSON record on stdout instead of the table\n"          \
    "  --out FILE   also write the JSON record to FILE"

int cuzk_bench_arith_main(int argc, char **argv)
{
    cli_bench_opts o = { .runs = 5 };
    int prc = cli_parse_bench(argc, argv, USAGE, &o);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    cuzk_pool *pool = cuzk_pool_create(o.threads);
    if (!pool) {
        fprintf(stderr, "arith: cannot start the thread pool\n");
        return 1;
    }
    bench_report rep;
    bench_report_init(&rep, "arith", argc, argv);
    rep.threads = (int)cuzk_pool_threads(pool);
    char cpu[256];
    bench_cpu_model(cpu, sizeof cpu);
    cuzk_log("arith: %s, %d threads, field backend %s, %d runs per figure%s", cpu, rep.threads,
             cuzk_ff_backend(), o.runs, o.quick ? ", quick" : "");

    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0xa417);
    const long field_iters = o.quick ? 200000 : 2000000;
    BENCH_MEASURE(&rep, "fp_mul_ns", "ns", o.runs, time_fp_mul(&rng, field_iters, false));
    BENCH_MEASURE(&rep, "fp_sqr_ns", "ns", o.runs, time_fp_mul(&rng, field_iters, true));
    BENCH_MEASURE(&rep, "fr_mul_ns", "ns", o.runs, time_fr_mul(&rng, field_iters));
    {
        batch_inputs(&rng);
        aff_scratch = cuzk_alloc_array(cuzk_fp_affine_add_scratch_bytes(AFF_BATCH), 1);
        if (!aff_scratch) {
            fprintf(stderr, "arith: out of memory\n");
            return 1;
        }
        memset(aff_scratch, 0, cuzk_fp_affine_add_scratch_bytes(AFF_BATCH));
        aff2_scratch = cuzk_alloc_array(cuzk_fp2_affine_add_scratch_bytes(AFF_BATCH), 1);
        if (!aff2_scratch) {
            fprintf(stderr, "arith: out of memory\n");
            return 1;
        }
        memset(aff2_scratch, 0, cuzk_fp2_affine_add_scratch_bytes(AFF_BATCH));
        const int reps = o.quick ? 5 : 50;
        cuzk_log("arith: AVX-512 IFMA kernels %s", cuzk_ff_ifma_available() ? "in use" : "not available (scalar fallback)");
        static const char *const names[6][2] = {{"fr_mul_batch_scalar_ns", "fr_mul_batch_ifma_ns"},
                                                {"fp_mul_batch_scalar_ns", "fp_mul_batch_ifma_ns"},
                                                {"fr_butterfly_scalar_ns", "fr_butterfly_ifma_ns"},
                                                {"fp_affine_add_scalar_ns", "fp_affine_add_ifma_ns"},
                                                {"fr_powers_scalar_ns", "fr_powers_ifma_ns"},
                                                {"fp2_affine_add_scalar_ns", "fp2_affine_add_ifma_ns"}};
        static const char *const ratios[6] = {"fr_mul_batch_ifma_speedup", "fp_mul_batch_ifma_speedup",
                                              "fr_butterfly_ifma_speedup", "fp_affine_add_ifma_speedup",
                                              "fr_powers_ifma_speedup", "fp2_affine_add_ifma_speedup"};
        for (int k = 0; k < 6; k++) {
            int r = k == 3 ? reps / 2 + 1 : k == 5 ? reps / 5 + 1 : reps;
            BENCH_MEASURE(&rep, names[k][0], "ns", o.runs, time_batch(k, false, r));
            BENCH_MEASURE(&rep, names[k][1], "ns", o.runs, time_batch(k, true, r));
            add_ratio(&rep, ratios[k], names[k][0], names[k][1]);
        }
        cuzk_free(aff_scratch);
        cuzk_free(aff2_scratch);
    }
    BENCH_MEASURE(&rep, "g1_add_ns", "ns", o.runs, time_g1_add(&rng, field_iters / 10, false));
    BENCH_MEASURE(&rep, "g1_dbl_ns", "ns", o.runs, time_g1_add(&rng, field_iters / 10, true));
    BENCH_MEASURE(&rep, "g1_mul_us", "us", o.runs, time_g1_mul(&rng, o.quick ? 50 : 400));
    BENCH_MEASURE(&rep, "g2_mul_us", "us", o.runs, time_g2_mul(&rng, o.quick ? 20 : 200));
    BENCH_MEASURE(&rep, "pairing_us", "us", o.runs, time_pairing(&rng, o.quick ? 10 : 100));

    int rc = 0;
    const size_t n16 = (size_t)1 << (o.quick ? 12 : 16);
    const size_t n20 = (size_t)1 << 20;
    msm_inputs g1in = {0}, g2in = {0};
    cuzk_log("arith: building MSM inputs (%zu G1, %zu G2 points)", o.quick ? n16 : n20, n16);
    if (msm_inputs_make(&g1in, &rng, o.quick ? n16 : n20, false) != 0 ||
        msm_inputs_make(&g2in, &rng, n16, true) != 0) {
        fprintf(stderr, "arith: out of memory building MSM inputs\n");
        rc = 1;
    } else {
        const char *g1_small = o.quick ? "g1_msm_2p12_ms" : "g1_msm_2p16_ms";
        const char *g2_small = o.quick ? "g2_msm_2p12_ms" : "g2_msm_2p16_ms";
        BENCH_MEASURE(&rep, g1_small, "ms", o.runs, time_msm(&g1in, n16, pool));
        if (!o.quick) {
            BENCH_MEASURE(&rep, "g1_msm_2p20_1t_ms", "ms", o.runs, time_msm(&g1in, n20, NULL));
            BENCH_MEASURE(&rep, "g1_msm_2p20_ms", "ms", o.runs, time_msm(&g1in, n20, pool));
        }
        BENCH_MEASURE(&rep, g2_small, "ms", o.runs, time_msm(&g2in, n16, pool));
    }
    msm_inputs_free(&g1in);
    msm_inputs_free(&g2in);
    cuzk_pool_destroy(pool);

    return bench_report_emit(&rep, o.json, o.out, "arith") | rc;
}
