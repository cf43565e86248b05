/* Fixed-base multiplication (setup's engine) against cuzk_g1_mul / cuzk_g2_mul,
 * for every window width up to 12, with random, small, edge and crafted
 * scalars (the crafted ones make the running sum meet the table entry, which
 * exercises the doubling branch of the batched affine addition). */
#include <stdlib.h>

#include "cuzk/ec.h"
#include "groth16/fixed_base.h"
#include "test.h"

static cuzk_fr random_fr(cuzk_rng *rng)
{
    uint64_t raw[4];
    cuzk_fr r;
    do {
        for (int i = 0; i < 4; i++)
            raw[i] = cuzk_rng_u64(rng);
        raw[3] &= 0x7fffffffffffffffull;
    } while (!cuzk_fr_from_raw(&r, raw));
    return r;
}

/* -2 (r mod 2^bits): a scalar whose signed low part can equal the top
 * digit's multiple modulo r (see fixed_base_impl.h). */
static cuzk_fr crafted(unsigned bits)
{
    uint64_t raw[4] = { 0 };
    for (unsigned i = 0; i < 4; i++) {
        if (bits >= 64 * (i + 1))
            raw[i] = CUZK_FR_MODULUS[i];
        else if (bits > 64 * i)
            raw[i] = CUZK_FR_MODULUS[i] & (((uint64_t)1 << (bits - 64 * i)) - 1);
    }
    cuzk_fr a, two;
    cuzk_fr_from_raw(&a, raw);
    cuzk_fr_from_u64(&two, 2);
    cuzk_fr_mul(&a, &a, &two);
    cuzk_fr_neg(&a, &a);
    return a;
}

enum { N = 300 };

static size_t fill_scalars(cuzk_fr *k, cuzk_rng *rng, unsigned w)
{
    size_t n = 0;
    k[n++] = CUZK_FR_ZERO;
    k[n++] = CUZK_FR_ONE;
    for (uint64_t v = 2; v < 40; v++)
        cuzk_fr_from_u64(&k[n++], v);
    cuzk_fr_from_u64(&k[n++], (uint64_t)1 << (w - 1));         /* largest digit */
    cuzk_fr_from_u64(&k[n++], ((uint64_t)1 << (w - 1)) + 1);   /* carry */
    cuzk_fr_from_u64(&k[n++], ((uint64_t)1 << w) - 1);
    cuzk_fr_neg(&k[n++], &CUZK_FR_ONE);                        /* r - 1 */
    cuzk_fr_from_u64(&k[n], 5);
    cuzk_fr_neg(&k[n], &k[n]);
    n++;
    unsigned nwin = (256 + w - 1) / w;
    for (unsigned j = 1; j < nwin; j++)
        k[n++] = crafted(j * w);
    while (n < N)
        k[n++] = random_fr(rng);
    return n;
}

static void g1_case(size_t hint, cuzk_pool *pool, cuzk_rng *rng, unsigned *w_seen)
{
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    cuzk_fixed_base_g1 *t = NULL;
    CHECK(cuzk_groth16_fixed_base_g1_new(&t, &g, hint, pool, NULL) == 0);
    if (!t)
        return;
    unsigned w = cuzk_groth16_fixed_base_g1_window(t);
    w_seen[w] = 1;
    cuzk_fr k[N];
    size_t n = fill_scalars(k, rng, w);
    cuzk_g1_affine *out = malloc(n * sizeof *out);
    CHECK(cuzk_groth16_fixed_base_g1_mul(t, out, k, n, pool, NULL) == 0);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        cuzk_scalar s;
        cuzk_fr_to_scalar(&s, &k[i]);
        cuzk_g1_proj want;
        cuzk_g1_affine wa;
        cuzk_g1_mul_affine(&want, &g, &s);
        cuzk_g1_proj_to_affine(&wa, &want);
        if (!cuzk_g1_affine_eq(&wa, &out[i]))
            bad++;
    }
    CHECK_MSG(bad == 0, "G1 window %u: %zu of %zu wrong", w, bad, n);
    CHECK(cuzk_g1_affine_is_infinity(&out[0]));
    free(out);
    cuzk_groth16_fixed_base_g1_free(t);
}

static void g2_case(size_t hint, cuzk_pool *pool, cuzk_rng *rng)
{
    cuzk_g2_affine g;
    cuzk_g2_generator(&g);
    cuzk_fixed_base_g2 *t = NULL;
    CHECK(cuzk_groth16_fixed_base_g2_new(&t, &g, hint, pool, NULL) == 0);
    if (!t)
        return;
    unsigned w = cuzk_groth16_fixed_base_g2_window(t);
    cuzk_fr k[N];
    size_t n = fill_scalars(k, rng, w);
    n = n > 120 ? 120 : n;
    cuzk_g2_affine *out = malloc(n * sizeof *out);
    CHECK(cuzk_groth16_fixed_base_g2_mul(t, out, k, n, pool, NULL) == 0);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        cuzk_scalar s;
        cuzk_fr_to_scalar(&s, &k[i]);
        cuzk_g2_proj want;
        cuzk_g2_affine wa;
        cuzk_g2_mul_affine(&want, &g, &s);
        cuzk_g2_proj_to_affine(&wa, &want);
        if (!cuzk_g2_affine_eq(&wa, &out[i]))
            bad++;
    }
    CHECK_MSG(bad == 0, "G2 window %u: %zu of %zu wrong", w, bad, n);
    free(out);
    cuzk_groth16_fixed_base_g2_free(t);
}

/* A point that is not the generator, and a chunked multi-thread run that
 * must equal the single-thread one. */
static void g1_other_base(cuzk_pool *pool, cuzk_rng *rng)
{
    cuzk_g1_affine g, p;
    cuzk_g1_generator(&g);
    cuzk_fr e = random_fr(rng);
    cuzk_scalar es;
    cuzk_fr_to_scalar(&es, &e);
    cuzk_g1_proj pp;
    cuzk_g1_mul_affine(&pp, &g, &es);
    cuzk_g1_proj_to_affine(&p, &pp);
    enum { M = 2500 }; /* more than two chunks */
    cuzk_fr *k = malloc(M * sizeof *k), *ke = malloc(M * sizeof *ke);
    for (size_t i = 0; i < M; i++) {
        k[i] = random_fr(rng);
        cuzk_fr_mul(&ke[i], &k[i], &e);
    }
    cuzk_fixed_base_g1 *tp = NULL, *tg = NULL;
    CHECK(cuzk_groth16_fixed_base_g1_new(&tp, &p, M, pool, NULL) == 0);
    CHECK(cuzk_groth16_fixed_base_g1_new(&tg, &g, 10, NULL, NULL) == 0);
    cuzk_g1_affine *a = malloc(M * sizeof *a), *b = malloc(M * sizeof *b), *c = malloc(M * sizeof *c);
    CHECK(cuzk_groth16_fixed_base_g1_mul(tp, a, k, M, pool, NULL) == 0);
    CHECK(cuzk_groth16_fixed_base_g1_mul(tp, b, k, M, NULL, NULL) == 0);
    CHECK(cuzk_groth16_fixed_base_g1_mul(tg, c, ke, M, pool, NULL) == 0); /* k e G via another window */
    CHECK(memcmp(a, b, M * sizeof *a) == 0);
    CHECK(memcmp(a, c, M * sizeof *a) == 0);
    for (size_t i = 0; i < M; i += 97)
        CHECK(cuzk_g1_is_on_curve(&a[i]) && cuzk_g1_is_in_subgroup(&a[i]));
    cuzk_g1_affine inf;
    cuzk_g1_affine_infinity(&inf);
    cuzk_fixed_base_g1 *ti = NULL;
    CHECK(cuzk_groth16_fixed_base_g1_new(&ti, &inf, 10, NULL, NULL) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(ti == NULL);
    free(k);
    free(ke);
    free(a);
    free(b);
    free(c);
    cuzk_groth16_fixed_base_g1_free(tp);
    cuzk_groth16_fixed_base_g1_free(tg);
}

int main(void)
{
    cuzk_pool *pool = cuzk_pool_create(3);
    CHECK(pool != NULL);
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0xfb);
    unsigned w_seen[32] = { 0 };
    /* hints chosen to walk the window widths 2..12 */
    for (size_t hint = 1; hint <= 40000; hint = hint * 2 + 1)
        g1_case(hint, pool, &rng, w_seen);
    unsigned widths = 0;
    for (unsigned w = 0; w < 32; w++)
        widths += w_seen[w];
    CHECK_MSG(widths >= 8, "only %u window widths covered", widths);
    g2_case(1, pool, &rng);
    g2_case(300, pool, &rng);
    g2_case(5000, pool, &rng);
    g1_other_base(pool, &rng);
    cuzk_pool_destroy(pool);
    return test_finish("test_fixed_base");
}
