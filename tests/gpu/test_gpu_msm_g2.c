/* The device G2 MSM against cuzk_g2_msm: random scalars at sizes that are and
 * are not powers of two, scalars >= r, zeros, all ones, 0/1 mixes, repeated
 * bases, a point with its negation, infinity bases; a G1 MSM and a G2 MSM on
 * one workspace in turn. Skips without a device. */
#include "gpu_test_util.h"
#include "test.h"

#include <stdlib.h>

typedef struct {
    cuzk_gpu_ctx *ctx;
    cuzk_gpu_msm *msm;
    cuzk_pool *pool;
    cuzk_g2_affine *d_bases;
    cuzk_scalar *d_scalars;
} fixture;

/* n distinct G2 points P + i Q (P, Q random multiples of the generator). */
static int g2_points(cuzk_g2_affine *out, size_t n, cuzk_rng *rng)
{
    cuzk_g2_affine g;
    cuzk_scalar k;
    cuzk_g2_proj acc, step;
    cuzk_g2_proj *tmp = cuzk_alloc_array(n ? n : 1, sizeof *tmp);
    if (!tmp)
        return -1;
    cuzk_g2_generator(&g);
    gt_random_scalar(rng, &k);
    cuzk_g2_mul_affine(&acc, &g, &k);
    gt_random_scalar(rng, &k);
    cuzk_g2_mul_affine(&step, &g, &k);
    for (size_t i = 0; i < n; i++) {
        tmp[i] = acc;
        cuzk_g2_proj_add(&acc, &acc, &step);
    }
    cuzk_g2_proj_batch_to_affine(out, tmp, n);
    cuzk_free(tmp);
    return 0;
}

static void check_msm(fixture *f, const char *what, const cuzk_g2_affine *bases, const cuzk_scalar *scalars,
                      size_t n)
{
    cuzk_err err;
    cuzk_g2_proj want, got;
    cuzk_gpu_msm_stats st;
    cuzk_g2_msm(&want, bases, scalars, n, f->pool);
    int rc = cuzk_gpu_upload(f->ctx, f->d_bases, bases, n * sizeof *bases, &err);
    if (rc == 0)
        rc = cuzk_gpu_upload(f->ctx, f->d_scalars, scalars, n * sizeof *scalars, &err);
    if (rc == 0)
        rc = cuzk_gpu_g2_msm(f->msm, &got, f->d_bases, f->d_scalars, n, &err);
    CHECK_MSG(rc == 0, "%s: %s", what, err.msg);
    CHECK_MSG(rc == 0 && cuzk_g2_proj_eq(&want, &got), "%s (n = %zu): the device G2 MSM differs from the CPU's",
              what, n);
    cuzk_gpu_msm_last_stats(f->msm, &st);
    printf("%-34s n = %6zu: ones %zu, Pippenger %zu (c = %u, %u windows)\n", what, n, st.ones, st.others, st.c,
           st.windows);
}

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
    fixture f = { 0 };
    int rc = gt_device_or_skip(&f.ctx);
    if (rc != 0)
        return rc;
    cuzk_err err;
    const size_t N = (size_t)1 << 15;
    f.pool = cuzk_pool_create(0);
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x6262);
    cuzk_g2_affine *bases = cuzk_alloc_array(N, sizeof *bases), *work = cuzk_alloc_array(N, sizeof *work);
    cuzk_scalar *sc = cuzk_alloc_array(N, sizeof *sc);
    CHECK(bases && work && sc && g2_points(bases, N, &rng) == 0);
    CHECK_MSG(cuzk_gpu_msm_create(f.ctx, &f.msm, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_gpu_alloc(f.ctx, (void **)&f.d_bases, N * sizeof *bases, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_gpu_alloc(f.ctx, (void **)&f.d_scalars, N * sizeof *sc, &err) == 0, "%s", err.msg);
    if (!bases || !work || !sc || !f.msm || !f.d_bases || !f.d_scalars)
        goto out;
    CHECK(cuzk_g2_is_on_curve(&bases[0]) && cuzk_g2_is_in_subgroup(&bases[N - 1]));

    /* random full 256-bit scalars (about half are >= r) */
    for (size_t i = 0; i < N; i++)
        gt_random_scalar(&rng, &sc[i]);
    static const size_t sizes[] = { 1, 2, 3, 7, 100, 1000, 4099, 20000, (size_t)1 << 15 };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        check_msm(&f, "random scalars", bases, sc, sizes[k]);

    /* all zero, all one, 0/1 at 50%, 0/1 with a few others, equal scalars */
    memset(sc, 0, N * sizeof *sc);
    check_msm(&f, "zero scalars", bases, sc, 3000);
    for (size_t i = 0; i < N; i++)
        sc[i].l[0] = 1;
    check_msm(&f, "all ones", bases, sc, 3000);
    for (size_t i = 0; i < N; i++)
        sc[i].l[0] = cuzk_rng_u64(&rng) & 1;
    check_msm(&f, "0/1 at 50%", bases, sc, 10000);
    for (size_t i = 0; i < N; i += 97)
        gt_random_scalar(&rng, &sc[i]);
    check_msm(&f, "0/1 with 1% random", bases, sc, 10000);
    for (size_t i = 0; i < 3000; i++) {
        memset(&sc[i], 0, sizeof sc[i]);
        sc[i].l[0] = 5;
    }
    check_msm(&f, "equal scalars (5)", bases, sc, 3000);
    /* r, r + 1, r - 1 and 2^256 - 1 */
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

    /* repeated bases: a point meets itself in a bucket (doubling) */
    for (size_t i = 0; i < N; i++) {
        work[i] = bases[i % 13];
        gt_random_scalar(&rng, &sc[i]);
        sc[i].l[3] &= 0xff;
    }
    for (size_t i = 0; i < 2000; i++) {
        memset(&sc[i], 0, sizeof sc[i]);
        sc[i].l[0] = 1 + (i % 3);
    }
    check_msm(&f, "13 bases repeated", work, sc, 12000);
    /* a point and its negation with equal scalars cancel */
    for (size_t i = 0; i < 1000; i++) {
        work[2 * i] = bases[i];
        cuzk_g2_affine_neg(&work[2 * i + 1], &bases[i]);
        gt_random_scalar(&rng, &sc[2 * i]);
        sc[2 * i + 1] = sc[2 * i];
    }
    check_msm(&f, "P and -P with equal scalars", work, sc, 2000);
    {
        cuzk_g2_proj r;
        CHECK(cuzk_gpu_upload(f.ctx, f.d_bases, work, 2000 * sizeof *work, &err) == 0 &&
              cuzk_gpu_upload(f.ctx, f.d_scalars, sc, 2000 * sizeof *sc, &err) == 0 &&
              cuzk_gpu_g2_msm(f.msm, &r, f.d_bases, f.d_scalars, 2000, &err) == 0);
        CHECK_MSG(cuzk_g2_proj_is_infinity(&r), "P and -P: the device sum is not infinity");
    }
    /* infinity bases among random ones */
    memcpy(work, bases, N * sizeof *work);
    for (size_t i = 0; i < N; i += 3)
        cuzk_g2_affine_infinity(&work[i]);
    for (size_t i = 0; i < N; i++)
        gt_random_scalar(&rng, &sc[i]);
    check_msm(&f, "infinity bases", work, sc, 20000);
    for (size_t i = 0; i < N; i++)
        sc[i].l[0] = 1, sc[i].l[1] = sc[i].l[2] = sc[i].l[3] = 0;
    check_msm(&f, "infinity bases, scalars 1", work, sc, 20000);

    /* G1 then G2 on one workspace: the point buffers are sized per curve */
    {
        cuzk_g1_affine *g1 = cuzk_alloc_array(4096, sizeof *g1), *d_g1 = NULL;
        cuzk_g1_proj want, got;
        CHECK(g1 && gt_points(g1, 4096, &rng) == 0);
        for (size_t i = 0; i < 4096; i++)
            gt_random_scalar(&rng, &sc[i]);
        if (g1 && cuzk_gpu_alloc(f.ctx, (void **)&d_g1, 4096 * sizeof *g1, &err) == 0) {
            cuzk_g1_msm(&want, g1, sc, 4096, f.pool);
            CHECK(cuzk_gpu_upload(f.ctx, d_g1, g1, 4096 * sizeof *g1, &err) == 0 &&
                  cuzk_gpu_upload(f.ctx, f.d_scalars, sc, 4096 * sizeof *sc, &err) == 0 &&
                  cuzk_gpu_g1_msm(f.msm, &got, d_g1, f.d_scalars, 4096, &err) == 0);
            CHECK_MSG(cuzk_g1_proj_eq(&want, &got), "G1 MSM on the G2 workspace differs from the CPU's");
        }
        cuzk_gpu_free(f.ctx, d_g1);
        cuzk_free(g1);
    }
    for (size_t i = 0; i < N; i++)
        gt_random_scalar(&rng, &sc[i]);
    check_msm(&f, "G2 after G1", bases, sc, 5000);
    check_msm(&f, "small after large", bases, sc, 33);

    /* Forced window sizes on their own workspaces (cuzk_gpu_msm_create_tuned):
     * c = 13 with 13 repeated bases at n = 12000 is where a lazy Fp2 product
     * once failed on the device only; repeated bases send doublings and equal
     * points through the accumulation. */
    {
        static const unsigned cs[] = { 13, 16, 22 };
        cuzk_gpu_msm *saved = f.msm;
        for (size_t k = 0; k < sizeof cs / sizeof cs[0]; k++) {
            char what[64];
            const cuzk_gpu_msm_tuning tuning = { .window_bits = cs[k] };
            cuzk_gpu_msm *m = NULL;
            CHECK_MSG(cuzk_gpu_msm_create_tuned(f.ctx, &tuning, &m, &err) == 0, "%s", err.msg);
            if (!m)
                continue;
            f.msm = m;
            for (size_t i = 0; i < N; i++) {
                work[i] = bases[(i * 7) % 13];
                gt_random_scalar(&rng, &sc[i]);
            }
            snprintf(what, sizeof what, "13 bases repeated, c = %u", cs[k]);
            check_msm(&f, what, work, sc, 12000);
            snprintf(what, sizeof what, "random scalars, c = %u", cs[k]);
            check_msm(&f, what, bases, sc, (size_t)1 << 14);
            {
                cuzk_gpu_msm_stats st;
                cuzk_gpu_msm_last_stats(m, &st);
                CHECK_MSG(st.c == cs[k], "window_bits = %u: the plan used c = %u", cs[k], st.c);
            }
            f.msm = saved;
            cuzk_gpu_msm_free(m);
        }
        /* out-of-range tunings are refused, naming the field */
        cuzk_gpu_msm *m = NULL;
        const cuzk_gpu_msm_tuning bad_c = { .window_bits = 1 }, bad_chunk = { .chunk = 5000 };
        CHECK(cuzk_gpu_msm_create_tuned(f.ctx, &bad_c, &m, &err) == CUZK_ERR_INVALID_ARGUMENT && !m &&
              strstr(err.msg, "window_bits"));
        CHECK(cuzk_gpu_msm_create_tuned(f.ctx, &bad_chunk, &m, &err) == CUZK_ERR_INVALID_ARGUMENT && !m &&
              strstr(err.msg, "chunk"));
    }

    /* n = 0 is the point at infinity; NULL arguments are refused */
    {
        cuzk_g2_proj r;
        CHECK(cuzk_gpu_g2_msm(f.msm, &r, f.d_bases, f.d_scalars, 0, &err) == 0 && cuzk_g2_proj_is_infinity(&r));
        CHECK(cuzk_gpu_g2_msm(f.msm, &r, NULL, f.d_scalars, 5, &err) == CUZK_ERR_INVALID_ARGUMENT);
        CHECK(cuzk_gpu_g2_msm(NULL, &r, f.d_bases, f.d_scalars, 5, &err) == CUZK_ERR_INVALID_ARGUMENT);
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
    return test_finish("test_gpu_msm_g2");
}
