/* The G2 MSM's Fp2 product and square as its thread pairs compute them
 * (src/gpu/fp2.cuh: one sum of two products with one Montgomery reduction per
 * half, a0 b0 - a1 b1 taken as a0 b0 + a1 (p - b1)), run on the host with the
 * carry flag emulated, against cuzk_fp2_mul and cuzk_fp2_sqr: every
 * combination of edge components (0, 1, R^-1, p - 1, -1; b1 = 0 gives the
 * p - 0 = p operand) and random elements. Needs a CUDA build but no GPU; a
 * build without CUDA skips. The device runs the same source in the G2 MSM
 * (tests/gpu/test_gpu_msm_g2.c). Also a b - c d as one sum of four products
 * per half (cuzk_gpu_fp2_half_mul_sub, G2's Y3) against cuzk_fp2_mul and
 * cuzk_fp2_sub: edge components in (a, b) with random (c, d) and the
 * reverse, edge components in all four, and random elements; and all of it
 * again with the sums of products by Karatsuba (form 1). */
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

/* a b - c d (c, d given), a b or a^2 (b NULL) in the given form, against libcuzk */
static void check_form(unsigned form, const char *what, const cuzk_fp2 *a, const cuzk_fp2 *b, const cuzk_fp2 *c,
                       const cuzk_fp2 *d, cuzk_fp2 *out, size_t n)
{
    cuzk_err err;
    CHECK_MSG(cuzk_gpu_fp2_pair_form_eval_host(form, out, a, b, c, d, n, &err) == 0, "%s: %s", what, err.msg);
    size_t bad = 0, first = n;
    for (size_t i = 0; i < n; i++) {
        cuzk_fp2 want, cd;
        if (b)
            cuzk_fp2_mul(&want, &a[i], &b[i]);
        else
            cuzk_fp2_sqr(&want, &a[i]);
        if (c) {
            cuzk_fp2_mul(&cd, &c[i], &d[i]);
            cuzk_fp2_sub(&want, &want, &cd);
        }
        if (memcmp(&want, &out[i], sizeof want)) {
            if (!bad)
                first = i;
            bad++;
        }
    }
    CHECK_MSG(bad == 0, "%s (form %u): %zu of %zu differ from libcuzk (first at %zu)", what, form, bad, n, first);
    printf("%-28s form %u %6zu elements, %zu differ\n", what, form, n, bad);
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
        /* both forms (plain, Karatsuba): the Karatsuba product and square on
         * the sets above; a b - c d: edge (a, b) with random (c, d), the
         * reverse, edge values in all four (c, d a permutation of the edge
         * combinations), random */
        cuzk_fp2 *c = cuzk_alloc_array(n, sizeof *c), *d = cuzk_alloc_array(n, sizeof *d);
        CHECK(c && d);
        for (unsigned f = 0; c && d && f < 2; f++) {
            if (f) {
                check_form(f, "product, edge values", a, b, NULL, NULL, out, N_EDGE);
                check_form(f, "square, edge values", a, NULL, NULL, NULL, out, N_EDGE);
                check_form(f, "product, random", a + N_EDGE, b + N_EDGE, NULL, NULL, out, N_RANDOM);
                check_form(f, "square, random", a + N_EDGE, NULL, NULL, NULL, out, N_RANDOM);
            }
            for (size_t k = 0; k < N_EDGE; k++) {
                c[k] = a[N_EDGE + k];
                d[k] = b[N_EDGE + k];
            }
            check_form(f, "mul_sub, edge a b", a, b, c, d, out, N_EDGE);
            check_form(f, "mul_sub, edge c d", c, d, a, b, out, N_EDGE);
            for (size_t k = 0; k < N_EDGE; k++) {
                c[k] = a[(k * 7 + 3) % N_EDGE];
                d[k] = b[(k * 13 + 5) % N_EDGE];
            }
            check_form(f, "mul_sub, edge all", a, b, c, d, out, N_EDGE);
            for (size_t k = N_EDGE; k < n; k++) {
                gt_random_fp(&rng, &c[k].c0);
                gt_random_fp(&rng, &c[k].c1);
                gt_random_fp(&rng, &d[k].c0);
                gt_random_fp(&rng, &d[k].c1);
            }
            check_form(f, "mul_sub, random", a + N_EDGE, b + N_EDGE, c + N_EDGE, d + N_EDGE, out, N_RANDOM);
            /* c d = a b gives 0; a swapped (c, d) must differ from a b - c d */
            cuzk_err err;
            cuzk_fp2 got, want, cd, s2 = c[N_EDGE];
            CHECK(cuzk_gpu_fp2_pair_form_eval_host(f, &got, a, b, a, b, 1, &err) == 0 && cuzk_fp2_is_zero(&got));
            s2.c0 = c[N_EDGE].c1;
            s2.c1 = c[N_EDGE].c0;
            cuzk_fp2_mul(&want, &a[N_EDGE], &b[N_EDGE]);
            cuzk_fp2_mul(&cd, &c[N_EDGE], &d[N_EDGE]);
            cuzk_fp2_sub(&want, &want, &cd);
            CHECK(cuzk_gpu_fp2_pair_form_eval_host(f, &got, &a[N_EDGE], &b[N_EDGE], &s2, &d[N_EDGE], 1, &err) == 0 &&
                  memcmp(&want, &got, sizeof want) != 0);
            CHECK(cuzk_gpu_fp2_pair_form_eval_host(f, out, a, b, NULL, d, 2, &err) == CUZK_ERR_INVALID_ARGUMENT);
        }
        {
            cuzk_err err;
            CHECK(cuzk_gpu_fp2_pair_form_eval_host(2, out, a, b, NULL, NULL, 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
        }
        cuzk_free(c);
        cuzk_free(d);
    }
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
