/* The device G1 MSM against cuzk_g1_msm: random scalars at sizes that are and
 * are not powers of two, scalars >= r, zeros, ones, 0/1 mixes, repeated bases,
 * infinity bases, equal scalars, small scalars, the plans of the large
 * sizes (c = 20 chunk 64, c = 22 chunk 128) forced at 2^16, and the MSM
 * with precomputed window multiples (cuzk_gpu_g1_msm_pre). Skips without a
 * device. */
#include "gpu_test_util.h"
#include "test.h"

#include <stdlib.h>

typedef struct {
    cuzk_gpu_ctx *ctx;
    cuzk_gpu_msm *msm;
    cuzk_pool *pool;
    cuzk_g1_affine *d_bases;
    cuzk_scalar *d_scalars;
    size_t cap;
} fixture;

static void check_msm(fixture *f, const char *what, const cuzk_g1_affine *bases, const cuzk_scalar *scalars,
                      size_t n)
{
    cuzk_err err;
    cuzk_g1_proj want, got;
    cuzk_gpu_msm_stats st;
    cuzk_g1_msm(&want, bases, scalars, n, f->pool);
    int rc = cuzk_gpu_upload(f->ctx, f->d_bases, bases, n * sizeof *bases, &err);
    if (rc == 0)
        rc = cuzk_gpu_upload(f->ctx, f->d_scalars, scalars, n * sizeof *scalars, &err);
    if (rc == 0)
        rc = cuzk_gpu_g1_msm(f->msm, &got, f->d_bases, f->d_scalars, n, &err);
    CHECK_MSG(rc == 0, "%s: %s", what, err.msg);
    CHECK_MSG(cuzk_g1_proj_eq(&want, &got), "%s (n = %zu): the device MSM differs from the CPU's", what, n);
    cuzk_gpu_msm_last_stats(f->msm, &st);
    printf("%-34s n = %7zu: ones %zu, Pippenger %zu (c = %u, %u windows)\n", what, n, st.ones, st.others,
           st.c, st.windows);
}

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
    fixture f = { 0 };
    int rc = gt_device_or_skip(&f.ctx);
    if (rc != 0)
        return rc;
    cuzk_err err;
    const size_t N = (size_t)1 << 16;
    f.pool = cuzk_pool_create(0);
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x3535);
    cuzk_g1_affine *bases = cuzk_alloc_array(N, sizeof *bases), *work = cuzk_alloc_array(N, sizeof *work);
    cuzk_scalar *sc = cuzk_alloc_array(N, sizeof *sc);
    CHECK(bases && work && sc && gt_points(bases, N, &rng) == 0);
    CHECK_MSG(cuzk_gpu_msm_create(f.ctx, &f.msm, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_gpu_alloc(f.ctx, (void **)&f.d_bases, N * sizeof *bases, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_gpu_alloc(f.ctx, (void **)&f.d_scalars, N * sizeof *sc, &err) == 0, "%s", err.msg);
    if (!bases || !work || !sc || !f.msm || !f.d_bases || !f.d_scalars)
        goto out;

    /* random full 256-bit scalars (about half are >= r) */
    for (size_t i = 0; i < N; i++)
        gt_random_scalar(&rng, &sc[i]);
    static const size_t sizes[] = { 1, 2, 3, 7, 100, 1000, 4099, 30000, (size_t)1 << 16 };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        check_msm(&f, "random scalars", bases, sc, sizes[k]);

    /* all zero, all one, 0/1 at 50%, 0/1 with a few others, equal scalars */
    memset(sc, 0, N * sizeof *sc);
    check_msm(&f, "zero scalars", bases, sc, 5000);
    for (size_t i = 0; i < N; i++)
        sc[i].l[0] = 1;
    check_msm(&f, "all ones", bases, sc, 5000);
    for (size_t i = 0; i < N; i++)
        sc[i].l[0] = cuzk_rng_u64(&rng) & 1;
    check_msm(&f, "0/1 at 50%", bases, sc, N);
    for (size_t i = 0; i < N; i += 97)
        gt_random_scalar(&rng, &sc[i]);
    check_msm(&f, "0/1 with 1% random", bases, sc, N);
    for (size_t i = 0; i < 3000; i++) {
        memset(&sc[i], 0, sizeof sc[i]);
        sc[i].l[0] = 5;
    }
    check_msm(&f, "equal scalars (5)", bases, sc, 3000);
    /* r, r + 1 and r - 1 (r is 0 and r + 1 is 1 for the MSM) and 2^256 - 1 */
    for (size_t i = 0; i < 64; i++) {
        memcpy(sc[i].l, CUZK_FR_MODULUS, sizeof sc[i].l);
        if (i % 4 == 1)
            sc[i].l[0] += 1;
        else if (i % 4 == 2)
            sc[i].l[0] -= 1;
        else if (i % 4 == 3)
            memset(sc[i].l, 0xff, sizeof sc[i].l);
    }
    check_msm(&f, "scalars r, r+1, r-1, 2^256-1", bases, sc, 64);

    /* repeated bases: the same point in one bucket meets itself (doubling) */
    for (size_t i = 0; i < N; i++) {
        work[i] = bases[i % 13];
        gt_random_scalar(&rng, &sc[i]);
        sc[i].l[3] &= 0xff; /* small top window: many collisions */
    }
    for (size_t i = 0; i < 2000; i++) {
        memset(&sc[i], 0, sizeof sc[i]);
        sc[i].l[0] = 1 + (i % 3); /* a point with its own copies, equal digits */
    }
    check_msm(&f, "13 bases repeated", work, sc, 20000);
    /* a point and its negation with equal scalars cancel */
    for (size_t i = 0; i < 1000; i++) {
        work[2 * i] = bases[i];
        cuzk_g1_affine_neg(&work[2 * i + 1], &bases[i]);
        gt_random_scalar(&rng, &sc[2 * i]);
        sc[2 * i + 1] = sc[2 * i];
    }
    check_msm(&f, "P and -P with equal scalars", work, sc, 2000);
    /* infinity bases among random ones */
    memcpy(work, bases, N * sizeof *work);
    for (size_t i = 0; i < N; i += 3)
        cuzk_g1_affine_infinity(&work[i]);
    for (size_t i = 0; i < N; i++)
        gt_random_scalar(&rng, &sc[i]);
    check_msm(&f, "infinity bases", work, sc, 40000);
    for (size_t i = 0; i < N; i++)
        sc[i].l[0] = 1, sc[i].l[1] = sc[i].l[2] = sc[i].l[3] = 0;
    check_msm(&f, "infinity bases, scalars 1", work, sc, 40000);

    /* the workspace grows and shrinks back: a small call after a large one */
    for (size_t i = 0; i < N; i++)
        gt_random_scalar(&rng, &sc[i]);
    check_msm(&f, "small after large", bases, sc, 33);

    /* small scalars (2..301): every entry in a few buckets of the low
     * window, so buckets span many accumulation chunks (fix-up chains) */
    for (size_t i = 0; i < N; i++) {
        memset(&sc[i], 0, sizeof sc[i]);
        sc[i].l[0] = 2 + cuzk_rng_u64(&rng) % 300;
    }
    check_msm(&f, "small scalars 2..301", bases, sc, N);

    /* the plans of the large sizes (wider windows, longer chunks) at a size
     * the CPU checks quickly, through the plan overrides of
     * cuzk_gpu_msm_create_tuned */
    {
        static const cuzk_gpu_msm_tuning plans[] = { { .window_bits = 20, .chunk = 64 },
                                                     { .window_bits = 22, .chunk = 128 } };
        cuzk_gpu_msm *keep = f.msm;
        for (size_t k = 0; k < 2; k++) {
            cuzk_gpu_msm *m2 = NULL;
            cuzk_gpu_msm_stats st;
            char what[48];
            int rc2 = cuzk_gpu_msm_create_tuned(f.ctx, &plans[k], &m2, &err);
            CHECK_MSG(rc2 == 0, "%s", err.msg);
            if (rc2 != 0)
                continue;
            f.msm = m2;
            for (size_t i = 0; i < N; i++)
                gt_random_scalar(&rng, &sc[i]);
            snprintf(what, sizeof what, "random, c = %u, chunk %u", plans[k].window_bits, plans[k].chunk);
            check_msm(&f, what, bases, sc, N);
            cuzk_gpu_msm_last_stats(m2, &st);
            CHECK_MSG(st.c == plans[k].window_bits, "plan override: c = %u", st.c);
            for (size_t i = 0; i < N; i++) {
                memset(&sc[i], 0, sizeof sc[i]);
                sc[i].l[0] = 2 + cuzk_rng_u64(&rng) % 300;
            }
            snprintf(what, sizeof what, "small scalars, c = %u, chunk %u", plans[k].window_bits, plans[k].chunk);
            check_msm(&f, what, bases, sc, N);
            f.msm = keep;
            cuzk_gpu_msm_free(m2);
        }
    }

    /* precomputed window multiples: table rows 2^(c j) P, mult windows a
     * round; a partial last group (c = 13: 20 windows in groups of 3), one
     * group of all windows (c = 16, 16 windows), the widest c with the
     * top window in a group of its own (c = 24, mult 4: 11 windows in 4 + 4
     * + 3), n below the table's, small scalars (long fix-up chains), 0/1
     * scalars, infinity bases, and the refusals */
    {
        static const unsigned pre_plans[][2] = { { 13, 3 }, { 16, 16 }, { 24, 4 } };
        const size_t PN = 20000;
        memcpy(work, bases, PN * sizeof *work);
        for (size_t i = 5; i < PN; i += 101)
            cuzk_g1_affine_infinity(&work[i]);
        int urc = cuzk_gpu_upload(f.ctx, f.d_bases, work, PN * sizeof *work, &err);
        CHECK_MSG(urc == 0, "%s", err.msg);
        for (size_t k = 0; urc == 0 && k < sizeof pre_plans / sizeof pre_plans[0]; k++) {
            cuzk_gpu_g1_pre *pre = NULL;
            const unsigned c = pre_plans[k][0], mult = pre_plans[k][1];
            int rc2 = cuzk_gpu_g1_pre_create(f.ctx, &pre, f.d_bases, PN, c, mult, &err);
            CHECK_MSG(rc2 == 0, "pre c = %u mult = %u: %s", c, mult, err.msg);
            if (rc2 != 0)
                continue;
            CHECK(cuzk_gpu_g1_pre_bytes(pre) == PN * mult * sizeof(cuzk_g1_affine));
            for (int kind = 0; kind < 3; kind++) {
                static const size_t pre_sizes[] = { 20000, 4099, 7 };
                for (size_t i = 0; i < PN; i++) {
                    memset(&sc[i], 0, sizeof sc[i]);
                    if (kind == 0)
                        gt_random_scalar(&rng, &sc[i]);
                    else if (kind == 1)
                        sc[i].l[0] = 2 + cuzk_rng_u64(&rng) % 300;
                    else
                        sc[i].l[0] = i % 7 == 3 ? cuzk_rng_u64(&rng) : cuzk_rng_u64(&rng) & 1;
                }
                for (size_t z = 0; z < 3; z++) {
                    const size_t n = pre_sizes[z];
                    cuzk_g1_proj want, got;
                    cuzk_gpu_msm_stats st;
                    cuzk_g1_msm(&want, work, sc, n, f.pool);
                    rc2 = cuzk_gpu_upload(f.ctx, f.d_scalars, sc, n * sizeof *sc, &err);
                    if (rc2 == 0)
                        rc2 = cuzk_gpu_g1_msm_pre(f.msm, &got, pre, f.d_scalars, n, &err);
                    CHECK_MSG(rc2 == 0, "pre: %s", err.msg);
                    CHECK_MSG(cuzk_g1_proj_eq(&want, &got),
                              "pre c = %u mult = %u, scalars %d, n = %zu: the device MSM differs from the CPU's", c,
                              mult, kind, n);
                    cuzk_gpu_msm_last_stats(f.msm, &st);
                    CHECK_MSG(st.others == 0 || st.c == c, "pre: c = %u, want %u", st.c, c);
                    printf("pre c = %2u mult %2u, scalars %d      n = %7zu: ones %zu, Pippenger %zu (%u windows)\n",
                           c, mult, kind, n, st.ones, st.others, st.windows);
                }
            }
            {
                cuzk_g1_proj r;
                CHECK(cuzk_gpu_g1_msm_pre(f.msm, &r, pre, f.d_scalars, PN + 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
            }
            cuzk_gpu_g1_pre_free(pre);
        }
        cuzk_gpu_g1_pre *bad = NULL;
        CHECK(cuzk_gpu_g1_pre_create(f.ctx, &bad, f.d_bases, PN, 25, 2, &err) == CUZK_ERR_INVALID_ARGUMENT && !bad);
        CHECK(cuzk_gpu_g1_pre_create(f.ctx, &bad, f.d_bases, PN, 16, 17, &err) == CUZK_ERR_INVALID_ARGUMENT && !bad);
        CHECK(cuzk_gpu_g1_pre_create(f.ctx, &bad, f.d_bases, PN, 16, 0, &err) == CUZK_ERR_INVALID_ARGUMENT && !bad);
        CHECK(cuzk_gpu_g1_pre_create(f.ctx, &bad, NULL, PN, 16, 2, &err) == CUZK_ERR_INVALID_ARGUMENT && !bad);
    }

    /* n = 0 is the point at infinity; NULL arguments are refused */
    {
        cuzk_g1_proj r;
        CHECK(cuzk_gpu_g1_msm(f.msm, &r, f.d_bases, f.d_scalars, 0, &err) == 0 && cuzk_g1_proj_is_infinity(&r));
        CHECK(cuzk_gpu_g1_msm(f.msm, &r, NULL, f.d_scalars, 5, &err) == CUZK_ERR_INVALID_ARGUMENT);
    }
out:
    cuzk_gpu_free(f.ctx, f.d_bases);
    cuzk_gpu_free(f.ctx, f.d_scalars);
    cuzk_gpu_msm_free(f.msm);
    cuzk_gpu_ctx_free(f.ctx);
    cuzk_pool_destroy(f.pool);
    cuzk_free(bases);
    cuzk_free(work);
    cuzk_free(sc);
    return test_finish("test_gpu_msm");
}
