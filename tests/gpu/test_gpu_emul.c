/* The device's field and G1 algorithms run on the host (cc.cuh emulates the
 * carry flag), against libcuzk. Needs a CUDA build but no GPU; a build without
 * CUDA skips. */
#include "gpu_test_util.h"
#include "test.h"

#define N_RANDOM 4000

static size_t fr_inputs(cuzk_fr *a, cuzk_fr *b, size_t n, cuzk_rng *rng)
{
    cuzk_fr e[6];
    uint64_t rm1[4], big[4] = { ~0ull, ~0ull, ~0ull, 0x73eda753299d7d47ull };
    memcpy(rm1, CUZK_FR_MODULUS, sizeof rm1);
    rm1[0] -= 1;
    memset(e, 0, sizeof e);                 /* 0 */
    e[1] = CUZK_FR_ONE;                     /* 1 */
    e[2].l[0] = 1;                          /* R^-1 */
    memcpy(e[3].l, rm1, sizeof rm1);        /* r - 1 as limbs */
    memcpy(e[4].l, big, sizeof big);        /* just under r */
    cuzk_fr_neg(&e[5], &CUZK_FR_ONE);       /* -1 */
    return gt_fr_pairs(a, b, n, e, 6, rng);
}

static size_t fp_inputs(cuzk_fp *a, cuzk_fp *b, size_t n, cuzk_rng *rng)
{
    cuzk_fp e[5];
    memset(e, 0, sizeof e);
    e[1] = CUZK_FP_ONE;
    e[2].l[0] = 1;
    memcpy(e[3].l, CUZK_FP_MODULUS, sizeof e[3].l);
    e[3].l[0] -= 1;                         /* p - 1 */
    cuzk_fp_neg(&e[4], &CUZK_FP_ONE);
    size_t k = 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++, k++) {
            a[k] = e[i];
            b[k] = e[j];
        }
    for (; k < n; k++) {
        gt_random_fp(rng, &a[k]);
        gt_random_fp(rng, &b[k]);
    }
    return k;
}

static void check_fr(cuzk_gpu_field_op op, const cuzk_fr *a, const cuzk_fr *b, cuzk_fr *out, size_t n)
{
    cuzk_err err;
    CHECK_MSG(cuzk_gpu_field_eval_host(op, out, a, b, n, &err) == 0, "%s", err.msg);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        cuzk_fr want;
        switch (op) {
        case CUZK_GPU_FR_ADD: cuzk_fr_add(&want, &a[i], &b[i]); break;
        case CUZK_GPU_FR_SUB: cuzk_fr_sub(&want, &a[i], &b[i]); break;
        case CUZK_GPU_FR_MUL: case CUZK_GPU_FR_MUL_2P: case CUZK_GPU_FR_MUL_P01: case CUZK_GPU_FR_MUL_KS:
        case CUZK_GPU_FR_MUL_SHOUP:
            cuzk_fr_mul(&want, &a[i], &b[i]);
            break;
        default: cuzk_fr_sqr(&want, &a[i]); break;
        }
        if (memcmp(&want, &out[i], sizeof want) && bad++ < 3)
            fprintf(stderr, "fr op %d differs at %zu\n", (int)op, i);
    }
    CHECK_MSG(bad == 0, "fr op %d: %zu of %zu differ", (int)op, bad, n);
}

static void check_fp(cuzk_gpu_field_op op, const cuzk_fp *a, const cuzk_fp *b, cuzk_fp *out, size_t n)
{
    cuzk_err err;
    CHECK_MSG(cuzk_gpu_field_eval_host(op, out, a, b, n, &err) == 0, "%s", err.msg);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        cuzk_fp want;
        switch (op) {
        case CUZK_GPU_FP_ADD: case CUZK_GPU_FP_ADD_2P: cuzk_fp_add(&want, &a[i], &b[i]); break;
        case CUZK_GPU_FP_SUB: case CUZK_GPU_FP_SUB_2P: cuzk_fp_sub(&want, &a[i], &b[i]); break;
        case CUZK_GPU_FP_MUL: case CUZK_GPU_FP_MUL_2P: case CUZK_GPU_FP_MUL_KS: cuzk_fp_mul(&want, &a[i], &b[i]); break;
        case CUZK_GPU_FP_IS_ZERO_2P: want = cuzk_fp_is_zero(&a[i]) ? CUZK_FP_ONE : CUZK_FP_ZERO; break;
        default: cuzk_fp_sqr(&want, &a[i]); break;
        }
        if (memcmp(&want, &out[i], sizeof want) && bad++ < 3)
            fprintf(stderr, "fp op %d differs at %zu\n", (int)op, i);
    }
    CHECK_MSG(bad == 0, "fp op %d: %zu of %zu differ", (int)op, bad, n);
}

/* CPU reference: 2^dbl * sum of pts. */
static void cpu_sum(cuzk_g1_proj *r, const cuzk_g1_affine *pts, size_t n, unsigned dbl)
{
    cuzk_g1_proj_infinity(r);
    for (size_t i = 0; i < n; i++)
        cuzk_g1_proj_add_affine(r, r, &pts[i]);
    for (unsigned k = 0; k < dbl; k++)
        cuzk_g1_proj_dbl(r, r);
}

static void check_sum(const char *what, const cuzk_g1_affine *pts, size_t n, unsigned dbl)
{
    cuzk_g1_proj want, got;
    cuzk_err err;
    cpu_sum(&want, pts, n, dbl);
    CHECK_MSG(cuzk_gpu_g1_sum_host(&got, pts, n, dbl, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_g1_proj_eq(&want, &got), "g1 sum: %s", what);
}

static void g1_cases(cuzk_rng *rng)
{
    enum { NP = 40 };
    cuzk_g1_affine p[NP], v[8], inf;
    CHECK(gt_points(p, NP, rng) == 0);
    cuzk_g1_affine_infinity(&inf);
    check_sum("40 distinct points", p, NP, 0);
    check_sum("40 distinct points, 7 doublings", p, NP, 7);
    check_sum("empty", p, 0, 0);
    /* P, X, P: the mixed addition meets P twice (its doubling case) */
    v[0] = p[0]; v[1] = p[1]; v[2] = p[0];
    check_sum("P X P", v, 3, 0);
    /* P, X, -P: the mixed addition cancels to infinity */
    v[0] = p[2]; v[1] = p[3]; cuzk_g1_affine_neg(&v[2], &p[2]);
    check_sum("P X -P", v, 3, 0);
    /* P, -P: the full addition of opposite points */
    v[0] = p[4]; cuzk_g1_affine_neg(&v[1], &p[4]);
    check_sum("P -P", v, 2, 0);
    /* P, P: the full addition of equal points (its doubling case) */
    v[0] = p[5]; v[1] = p[5];
    check_sum("P P", v, 2, 3);
    /* infinity between and around points */
    v[0] = inf; v[1] = p[6]; v[2] = inf; v[3] = inf; v[4] = p[7]; v[5] = inf;
    check_sum("with infinity", v, 6, 1);
    v[0] = inf; v[1] = inf;
    check_sum("only infinity", v, 2, 2);
    /* the sum is infinity and then doubled */
    v[0] = p[8]; v[1] = p[9]; cuzk_g1_affine_neg(&v[2], &p[8]); cuzk_g1_affine_neg(&v[3], &p[9]);
    check_sum("cancelling to infinity", v, 4, 2);
}

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
    if (!cuzk_gpu_built()) {
        printf("SKIP: this build has no CUDA back end\n");
        return TEST_SKIP;
    }
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x9e3d);
    cuzk_fr *ra = malloc(N_RANDOM * sizeof *ra), *rb = malloc(N_RANDOM * sizeof *rb),
            *ro = malloc(N_RANDOM * sizeof *ro);
    cuzk_fp *pa = malloc(N_RANDOM * sizeof *pa), *pb = malloc(N_RANDOM * sizeof *pb),
            *po = malloc(N_RANDOM * sizeof *po);
    CHECK(ra && rb && ro && pa && pb && po);
    if (ra && rb && ro && pa && pb && po) {
        fr_inputs(ra, rb, N_RANDOM, &rng);
        fp_inputs(pa, pb, N_RANDOM, &rng);
        for (int op = CUZK_GPU_FR_ADD; op <= CUZK_GPU_FR_SQR; op++)
            check_fr((cuzk_gpu_field_op)op, ra, rb, ro, N_RANDOM);
        for (int op = CUZK_GPU_FP_ADD; op <= CUZK_GPU_FP_SQR; op++)
            check_fp((cuzk_gpu_field_op)op, pa, pb, po, N_RANDOM);
        /* the Fr product variants (mont.cuh P01, KS) on the same inputs */
        check_fr(CUZK_GPU_FR_MUL_P01, ra, rb, ro, N_RANDOM);
        check_fr(CUZK_GPU_FR_MUL_KS, ra, rb, ro, N_RANDOM);
        check_fr(CUZK_GPU_FR_MUL_SHOUP, ra, rb, ro, N_RANDOM);
        check_fp(CUZK_GPU_FP_MUL_KS, pa, pb, po, N_RANDOM);
        /* relaxed forms ([0, 2p)): odd inputs are lifted to a + p, the edges
         * r - 1 / p - 1 are even, so add r - 2 / p - 2 (lifted to 2p - 2) */
        memcpy(ra[36].l, CUZK_FR_MODULUS, sizeof ra[36].l);
        ra[36].l[0] -= 2;
        rb[37] = ra[36];
        memcpy(pa[25].l, CUZK_FP_MODULUS, sizeof pa[25].l);
        pa[25].l[0] -= 2;
        pb[26] = pa[25];
        check_fr(CUZK_GPU_FR_MUL_2P, ra, rb, ro, N_RANDOM);
        for (int op = CUZK_GPU_FP_MUL_2P; op <= CUZK_GPU_FP_IS_ZERO_2P; op++)
            check_fp((cuzk_gpu_field_op)op, pa, pb, po, N_RANDOM);
    }
    free(ra); free(rb); free(ro); free(pa); free(pb); free(po);
    g1_cases(&rng);
    cuzk_err err;
    CHECK(cuzk_gpu_field_eval_host((cuzk_gpu_field_op)99, NULL, NULL, NULL, 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
    return test_finish("test_gpu_emul");
}
