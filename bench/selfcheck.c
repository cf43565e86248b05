/* cuzk-bench selfcheck: a quick end-to-end check of the arithmetic on this
 * machine (bilinearity, MSM against scalar multiplication, encodings). It is
 * what the README's main command runs after the benchmark. */
#include "bench_commands.h"
#include "cuzk/ec.h"

#include <stdio.h>
#include <string.h>

static void random_scalar(cuzk_rng *rng, cuzk_scalar *s)
{
    uint64_t raw[4];
    cuzk_fr x;
    do {
        for (int i = 0; i < 4; i++)
            raw[i] = cuzk_rng_u64(rng);
        raw[3] &= 0x7fffffffffffffffull;
    } while (!cuzk_fr_from_raw(&x, raw));
    cuzk_fr_to_scalar(s, &x);
}

/* a*b mod r as a scalar, through Fr. */
static void scalar_mul_mod_r(cuzk_scalar *out, const cuzk_scalar *a, const cuzk_scalar *b)
{
    cuzk_fr x, y;
    cuzk_fr_from_raw(&x, a->l);
    cuzk_fr_from_raw(&y, b->l);
    cuzk_fr_mul(&x, &x, &y);
    cuzk_fr_to_scalar(out, &x);
}

int cuzk_bench_selfcheck_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    int failed = 0, passed = 0;
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x5e1f);
    cuzk_g1_affine g1;
    cuzk_g2_affine g2;
    cuzk_g1_generator(&g1);
    cuzk_g2_generator(&g2);

    /* bilinearity: e(aP, bQ) == e(abP, Q), and e(P, Q) != 1 */
    cuzk_scalar a, b, ab;
    random_scalar(&rng, &a);
    random_scalar(&rng, &b);
    scalar_mul_mod_r(&ab, &a, &b);
    cuzk_g1_proj ap, abp;
    cuzk_g2_proj bq;
    cuzk_g1_mul_affine(&ap, &g1, &a);
    cuzk_g1_mul_affine(&abp, &g1, &ab);
    cuzk_g2_mul_affine(&bq, &g2, &b);
    cuzk_g1_affine ap_a, abp_a;
    cuzk_g2_affine bq_a;
    cuzk_g1_proj_to_affine(&ap_a, &ap);
    cuzk_g1_proj_to_affine(&abp_a, &abp);
    cuzk_g2_proj_to_affine(&bq_a, &bq);
    cuzk_gt e1, e2, e0;
    cuzk_pairing(&e1, &ap_a, &bq_a);
    cuzk_pairing(&e2, &abp_a, &g2);
    cuzk_pairing(&e0, &g1, &g2);
    if (cuzk_gt_eq(&e1, &e2) && !cuzk_gt_is_one(&e0))
        passed++;
    else {
        failed++;
        fprintf(stderr, "selfcheck: pairing bilinearity FAILED\n");
    }

    /* MSM of 257 points equals the sum of scalar multiplications */
    enum { N = 257 };
    static cuzk_g1_affine bases[N];
    static cuzk_scalar scalars[N];
    cuzk_g1_proj naive, msm, t;
    cuzk_g1_proj_infinity(&naive);
    for (int i = 0; i < N; i++) {
        cuzk_scalar k;
        random_scalar(&rng, &k);
        cuzk_g1_mul_affine(&t, &g1, &k);
        cuzk_g1_proj_to_affine(&bases[i], &t);
        random_scalar(&rng, &scalars[i]);
        if (i % 3 == 0)
            memset(&scalars[i], 0, sizeof scalars[i]);
        if (i % 3 == 1 && i % 2)
            scalars[i] = (cuzk_scalar){ { 1, 0, 0, 0 } };
        cuzk_g1_mul_affine(&t, &bases[i], &scalars[i]);
        cuzk_g1_proj_add(&naive, &naive, &t);
    }
    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_g1_msm(&msm, bases, scalars, N, pool);
    cuzk_pool_destroy(pool);
    if (cuzk_g1_proj_eq(&msm, &naive))
        passed++;
    else {
        failed++;
        fprintf(stderr, "selfcheck: G1 MSM FAILED\n");
    }

    /* encodings round-trip, and a flipped bit is caught */
    uint8_t c1[48], u2[192];
    cuzk_g1_compress(c1, &ap_a);
    cuzk_g2_serialize(u2, &bq_a);
    cuzk_g1_affine d1;
    cuzk_g2_affine d2;
    cuzk_err err;
    bool ok = cuzk_g1_decode(&d1, c1, sizeof c1, true, &err) == 0 && cuzk_g1_affine_eq(&d1, &ap_a) &&
              cuzk_g2_decode(&d2, u2, sizeof u2, true, &err) == 0 && cuzk_g2_affine_eq(&d2, &bq_a);
    u2[100] ^= 1;
    ok = ok && cuzk_g2_decode(&d2, u2, sizeof u2, true, &err) != 0;
    if (ok)
        passed++;
    else {
        failed++;
        fprintf(stderr, "selfcheck: point encodings FAILED\n");
    }

    printf("selfcheck: %d passed, %d failed\n", passed, failed);
    fflush(stdout);
    return failed ? 1 : 0;
}
