/* CPU MSM at benchmark sizes (label slow): G1 2^16 and 2^20, G2 2^16, with
 * one and two threads. Prints the times (best of a few runs) and checks
 * every result against the known discrete log of the bases, and the thread
 * counts against each other. Bases are a running sum of a random point. */
#include <string.h>

#include "cuzk/ec.h"
#include "cuzk/ff.h"
#include "test.h"


static cuzk_fr random_fr(cuzk_rng *rng)
{
    for (;;) {
        uint64_t t[4] = {cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng),
                         cuzk_rng_u64(rng) & 0x7fffffffffffffffULL};
        cuzk_fr f;
        if (cuzk_fr_from_raw(&f, t)) return f;
    }
}

/* scalars uniform below r, and their sum weighted by the logs a + i d */
static cuzk_fr make_scalars(cuzk_rng *rng, cuzk_scalar *k, size_t n, const cuzk_fr *a, const cuzk_fr *d)
{
    cuzk_fr acc = CUZK_FR_ZERO, b = *a, t;
    for (size_t i = 0; i < n; i++) {
        cuzk_fr f = random_fr(rng);
        cuzk_fr_to_scalar(&k[i], &f);
        cuzk_fr_mul(&t, &f, &b);
        cuzk_fr_add(&acc, &acc, &t);
        cuzk_fr_add(&b, &b, d);
    }
    return acc;
}

static double best_of(double *t, int n)
{
    double b = t[0];
    for (int i = 1; i < n; i++)
        if (t[i] < b) b = t[i];
    return b;
}

#define RUNS 3

static void g1_case(cuzk_rng *rng, size_t n, cuzk_pool *pool2)
{
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    cuzk_fr a = random_fr(rng), d = random_fr(rng);
    cuzk_scalar s;
    cuzk_g1_proj acc, step;
    cuzk_fr_to_scalar(&s, &a);
    cuzk_g1_mul_affine(&acc, &g, &s);
    cuzk_fr_to_scalar(&s, &d);
    cuzk_g1_mul_affine(&step, &g, &s);
    cuzk_g1_affine *bases = cuzk_alloc_array(n, sizeof *bases);
    cuzk_g1_proj *tmp = cuzk_alloc_array(4096, sizeof *tmp);
    cuzk_scalar *k = cuzk_alloc_array(n, sizeof *k);
    CHECK(bases && tmp && k);
    if (!bases || !tmp || !k) return;
    for (size_t i = 0; i < n; i += 4096) {
        size_t m = n - i < 4096 ? n - i : 4096;
        for (size_t j = 0; j < m; j++) {
            tmp[j] = acc;
            cuzk_g1_proj_add(&acc, &acc, &step);
        }
        cuzk_g1_proj_batch_to_affine(bases + i, tmp, m);
    }
    cuzk_fr e = make_scalars(rng, k, n, &a, &d);
    cuzk_g1_proj want, got1, got2;
    cuzk_fr_to_scalar(&s, &e);
    cuzk_g1_mul_affine(&want, &g, &s);
    double t1[RUNS], t2[RUNS];
    for (int r = 0; r < RUNS; r++) {
        uint64_t t0 = cuzk_now_ns();
        cuzk_g1_msm(&got1, bases, k, n, NULL);
        t1[r] = (double)(cuzk_now_ns() - t0) / 1e9;
        t0 = cuzk_now_ns();
        cuzk_g1_msm(&got2, bases, k, n, pool2);
        t2[r] = (double)(cuzk_now_ns() - t0) / 1e9;
    }
    CHECK_MSG(cuzk_g1_proj_eq(&got1, &want), "G1 n=%zu", n);
    CHECK_MSG(cuzk_g1_proj_eq(&got2, &want), "G1 n=%zu, 2 threads", n);
    printf("G1 MSM n=%zu: 1 thread %.3f s, 2 threads %.3f s (best of %d)\n", n, best_of(t1, RUNS),
           best_of(t2, RUNS), RUNS);
    fflush(stdout);
    cuzk_free(bases);
    cuzk_free(tmp);
    cuzk_free(k);
}

static void g2_case(cuzk_rng *rng, size_t n, cuzk_pool *pool2)
{
    cuzk_g2_affine g;
    cuzk_g2_generator(&g);
    cuzk_fr a = random_fr(rng), d = random_fr(rng);
    cuzk_scalar s;
    cuzk_g2_proj acc, step;
    cuzk_fr_to_scalar(&s, &a);
    cuzk_g2_mul_affine(&acc, &g, &s);
    cuzk_fr_to_scalar(&s, &d);
    cuzk_g2_mul_affine(&step, &g, &s);
    cuzk_g2_affine *bases = cuzk_alloc_array(n, sizeof *bases);
    cuzk_g2_proj *tmp = cuzk_alloc_array(4096, sizeof *tmp);
    cuzk_scalar *k = cuzk_alloc_array(n, sizeof *k);
    CHECK(bases && tmp && k);
    if (!bases || !tmp || !k) return;
    for (size_t i = 0; i < n; i += 4096) {
        size_t m = n - i < 4096 ? n - i : 4096;
        for (size_t j = 0; j < m; j++) {
            tmp[j] = acc;
            cuzk_g2_proj_add(&acc, &acc, &step);
        }
        cuzk_g2_proj_batch_to_affine(bases + i, tmp, m);
    }
    cuzk_fr e = make_scalars(rng, k, n, &a, &d);
    cuzk_g2_proj want, got1, got2;
    cuzk_fr_to_scalar(&s, &e);
    cuzk_g2_mul_affine(&want, &g, &s);
    double t1[RUNS], t2[RUNS];
    for (int r = 0; r < RUNS; r++) {
        uint64_t t0 = cuzk_now_ns();
        cuzk_g2_msm(&got1, bases, k, n, NULL);
        t1[r] = (double)(cuzk_now_ns() - t0) / 1e9;
        t0 = cuzk_now_ns();
        cuzk_g2_msm(&got2, bases, k, n, pool2);
        t2[r] = (double)(cuzk_now_ns() - t0) / 1e9;
    }
    CHECK_MSG(cuzk_g2_proj_eq(&got1, &want), "G2 n=%zu", n);
    CHECK_MSG(cuzk_g2_proj_eq(&got2, &want), "G2 n=%zu, 2 threads", n);
    printf("G2 MSM n=%zu: 1 thread %.3f s, 2 threads %.3f s (best of %d)\n", n, best_of(t1, RUNS),
           best_of(t2, RUNS), RUNS);
    fflush(stdout);
    cuzk_free(bases);
    cuzk_free(tmp);
    cuzk_free(k);
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x736c6f77);
    cuzk_pool *pool2 = cuzk_pool_create(2);
    CHECK(pool2 != NULL);
    g1_case(&rng, (size_t)1 << 16, pool2);
    g2_case(&rng, (size_t)1 << 16, pool2);
    g1_case(&rng, (size_t)1 << 20, pool2);
    cuzk_pool_destroy(pool2);
    return test_finish("test_msm_slow");
}
