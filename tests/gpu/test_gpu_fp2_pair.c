/* The G2 MSM's Fp2 product and square as its thread pairs compute them
 * (src/gpu/fp2.cuh: one sum of two products with one Montgomery reduction per
 * half, a0 b0 - a1 b1 taken as a0 b0 + a1 (p - b1)), run on the host with the
 * carry flag emulated, against cuzk_fp2_mul and cuzk_fp2_sqr: every
 * combination of edge components (0, 1, R^-1, p - 1, -1; b1 = 0 gives the
 * p - 0 = p operand) and random elements. Needs a CUDA build but no GPU; a
 * build without CUDA skips. The device runs the same source in the G2 MSM
 * (tests/gpu/test_gpu_msm_g2.c). */
#include "gpu_test_util.h"
#include "test.h"

#define N_EDGE 625 /* 5^4: (a0, a1, b0, b1) over the edge values */
#define N_RANDOM 20000

static void check(const char *what, const cuzk_fp2 *a, const cuzk_fp2 *b, cuzk_fp2 *out, size_t n)
{
    cuzk_err err;
    CHECK_MSG(cuzk_gpu_fp2_pair_eval_host(out, a, b, n, &err) == 0, "%s: %s", what, err.msg);
    size_t bad = 0, first = n;
    for (size_t i = 0; i < n; i++) {
        cuzk_fp2 want;
        if (b)
            cuzk_fp2_mul(&want, &a[i], &b[i]);
        else
            cuzk_fp2_sqr(&want, &a[i]);
        if (memcmp(&want, &out[i], sizeof want)) {
            if (!bad)
                first = i;
            bad++;
        }
    }
    CHECK_MSG(bad == 0, "%s: %zu of %zu differ from libcuzk (first at %zu)", what, bad, n, first);
    printf("%-28s %6zu elements, %zu differ\n", what, n, bad);
}

int main(void)
{
    printf("build: %s\n", cuzk_build_id());
    if (!cuzk_gpu_built()) {
        printf("SKIP: this build has no CUDA back end\n");
        return TEST_SKIP;
    }
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0xf2a1);
    const size_t n = N_EDGE + N_RANDOM;
    cuzk_fp2 *a = cuzk_alloc_array(n, sizeof *a), *b = cuzk_alloc_array(n, sizeof *b),
             *out = cuzk_alloc_array(n, sizeof *out);
    CHECK(a && b && out);
    if (!a || !b || !out)
        goto done;
    {
        cuzk_fp e[5];
        memset(e, 0, sizeof e);                 /* 0 */
        e[1] = CUZK_FP_ONE;                     /* 1 */
        e[2].l[0] = 1;                          /* R^-1 */
        memcpy(e[3].l, CUZK_FP_MODULUS, sizeof e[3].l);
        e[3].l[0] -= 1;                         /* p - 1 as limbs */
        cuzk_fp_neg(&e[4], &CUZK_FP_ONE);       /* -1 */
        size_t k = 0;
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 5; j++)
                for (int u = 0; u < 5; u++)
                    for (int v = 0; v < 5; v++, k++) {
                        a[k].c0 = e[i];
                        a[k].c1 = e[j];
                        b[k].c0 = e[u];
                        b[k].c1 = e[v];
                    }
        for (; k < n; k++) {
            gt_random_fp(&rng, &a[k].c0);
            gt_random_fp(&rng, &a[k].c1);
            gt_random_fp(&rng, &b[k].c0);
            gt_random_fp(&rng, &b[k].c1);
        }
    }
    check("product, edge values", a, b, out, N_EDGE);
    check("square, edge values", a, NULL, out, N_EDGE);
    check("product, random", a + N_EDGE, b + N_EDGE, out, N_RANDOM);
    check("square, random", a + N_EDGE, NULL, out, N_RANDOM);
    {
        /* a swapped pair of halves must be caught: the check can fail */
        cuzk_fp2 s = a[N_EDGE], want, got;
        cuzk_fp t = s.c0;
        s.c0 = s.c1;
        s.c1 = t;
        cuzk_err err;
        cuzk_fp2_mul(&want, &a[N_EDGE], &b[N_EDGE]);
        CHECK(cuzk_gpu_fp2_pair_eval_host(&got, &s, &b[N_EDGE], 1, &err) == 0 &&
              memcmp(&want, &got, sizeof want) != 0);
    }
    {
        cuzk_err err;
        CHECK(cuzk_gpu_fp2_pair_eval_host(NULL, a, b, 3, &err) == CUZK_ERR_INVALID_ARGUMENT);
        CHECK(cuzk_gpu_fp2_pair_eval_host(out, a, b, 0, &err) == 0);
    }
done:
    cuzk_free(a);
    cuzk_free(b);
    cuzk_free(out);
    return test_finish("test_gpu_fp2_pair");
}
