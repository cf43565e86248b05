/* The extension tower Fp2, Fp6, Fp12: ring axioms, inverses, square roots,
 * Frobenius maps against plain exponentiation, the Frobenius constants
 * recomputed from their definition, cyclotomic squaring and sparse products. */
#include <stdint.h>
#include <string.h>

#include "cuzk/ff.h"
#include "test.h"

static const uint64_t P[6] = {
    0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL, 0x6730d2a0f6b0f624ULL,
    0x64774b84f38512bfULL, 0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL};

/* ---- random elements ---------------------------------------------------- */
static void rand_fp(cuzk_rng *rng, cuzk_fp *r)
{
    uint64_t raw[6];
    do {
        for (int i = 0; i < 6; i++) raw[i] = cuzk_rng_u64(rng);
        raw[5] &= 0x1fffffffffffffffULL; /* p < 2^381: about 80% land below p */
    } while (!cuzk_fp_from_raw(r, raw));
}

static void rand_fp2(cuzk_rng *rng, cuzk_fp2 *r)
{
    rand_fp(rng, &r->c0);
    rand_fp(rng, &r->c1);
}

static void fp_small(cuzk_fp *r, int64_t v)
{
    cuzk_fp_from_u64(r, (uint64_t)(v < 0 ? -v : v));
    if (v < 0) cuzk_fp_neg(r, r);
}

static void fp2_small(cuzk_fp2 *r, int64_t c0, int64_t c1)
{
    fp_small(&r->c0, c0);
    fp_small(&r->c1, c1);
}

/* Plain square-and-multiply, independent of the code under test's pow. */
static void fp2_pow(cuzk_fp2 *r, const cuzk_fp2 *a, const uint64_t *e, size_t n)
{
    cuzk_fp2 acc, b = *a;
    cuzk_fp2_one(&acc);
    for (size_t i = 0; i < 64 * n; i++) {
        if ((e[i / 64] >> (i % 64)) & 1) cuzk_fp2_mul(&acc, &acc, &b);
        cuzk_fp2_sqr(&b, &b);
    }
    *r = acc;
}

/* ---- Fp2 ------------------------------------------------------------------ */
static void test_fp2_ring(cuzk_rng *rng)
{
    cuzk_fp2 a, b, c, x, y, z, one, zero;
    cuzk_fp2_one(&one);
    cuzk_fp2_zero(&zero);
    CHECK(cuzk_fp2_is_one(&one));
    CHECK(!cuzk_fp2_is_one(&zero));
    CHECK(cuzk_fp2_is_zero(&zero));

    /* (1 + 2u)(3 + 4u) = -5 + 10u; u^2 = -1 */
    fp2_small(&a, 1, 2);
    fp2_small(&b, 3, 4);
    fp2_small(&c, -5, 10);
    cuzk_fp2_mul(&x, &a, &b);
    CHECK(cuzk_fp2_eq(&x, &c));
    fp2_small(&a, 0, 1);
    cuzk_fp2_sqr(&x, &a);
    fp2_small(&c, -1, 0);
    CHECK(cuzk_fp2_eq(&x, &c));
    CHECK(!cuzk_fp2_eq(&x, &one));

    for (int it = 0; it < 50; it++) {
        rand_fp2(rng, &a);
        rand_fp2(rng, &b);
        rand_fp2(rng, &c);
        /* commutativity, associativity, distributivity */
        cuzk_fp2_mul(&x, &a, &b);
        cuzk_fp2_mul(&y, &b, &a);
        CHECK(cuzk_fp2_eq(&x, &y));
        cuzk_fp2_mul(&x, &x, &c);
        cuzk_fp2_mul(&y, &b, &c);
        cuzk_fp2_mul(&y, &a, &y);
        CHECK(cuzk_fp2_eq(&x, &y));
        cuzk_fp2_add(&x, &b, &c);
        cuzk_fp2_mul(&x, &a, &x);
        cuzk_fp2_mul(&y, &a, &b);
        cuzk_fp2_mul(&z, &a, &c);
        cuzk_fp2_add(&y, &y, &z);
        CHECK(cuzk_fp2_eq(&x, &y));
        /* schoolbook product, componentwise through Fp */
        cuzk_fp t0, t1;
        cuzk_fp2_mul(&x, &a, &b);
        cuzk_fp_mul(&t0, &a.c0, &b.c0);
        cuzk_fp_mul(&t1, &a.c1, &b.c1);
        cuzk_fp_sub(&y.c0, &t0, &t1);
        cuzk_fp_mul(&t0, &a.c0, &b.c1);
        cuzk_fp_mul(&t1, &a.c1, &b.c0);
        cuzk_fp_add(&y.c1, &t0, &t1);
        CHECK(cuzk_fp2_eq(&x, &y));
        /* sqr, dbl, sub, neg */
        cuzk_fp2_sqr(&x, &a);
        cuzk_fp2_mul(&y, &a, &a);
        CHECK(cuzk_fp2_eq(&x, &y));
        cuzk_fp2_dbl(&x, &a);
        cuzk_fp2_add(&y, &a, &a);
        CHECK(cuzk_fp2_eq(&x, &y));
        cuzk_fp2_sub(&x, &a, &b);
        cuzk_fp2_add(&x, &x, &b);
        CHECK(cuzk_fp2_eq(&x, &a));
        cuzk_fp2_neg(&x, &a);
        cuzk_fp2_add(&x, &x, &a);
        CHECK(cuzk_fp2_is_zero(&x));
        /* mul_fp, mul_by_nonresidue */
        y.c0 = b.c0;
        y.c1 = CUZK_FP_ZERO;
        cuzk_fp2_mul(&x, &a, &y);
        cuzk_fp2_mul_fp(&z, &a, &b.c0);
        CHECK(cuzk_fp2_eq(&x, &z));
        fp2_small(&y, 1, 1);
        cuzk_fp2_mul(&x, &a, &y);
        z = a;
        cuzk_fp2_mul_by_nonresidue(&z, &z);
        CHECK(cuzk_fp2_eq(&x, &z));
        /* conj is the Frobenius a^p, and a * conj(a) is the norm in Fp */
        cuzk_fp2_conj(&x, &a);
        fp2_pow(&y, &a, P, 6);
        CHECK(cuzk_fp2_eq(&x, &y));
        cuzk_fp2_mul(&x, &x, &a);
        CHECK(cuzk_fp_is_zero(&x.c1));
        /* aliasing: r = a op r */
        x = b;
        cuzk_fp2_mul(&x, &a, &x);
        cuzk_fp2_mul(&y, &a, &b);
        CHECK(cuzk_fp2_eq(&x, &y));
        x = b;
        cuzk_fp2_sub(&x, &a, &x);
        cuzk_fp2_sub(&y, &a, &b);
        CHECK(cuzk_fp2_eq(&x, &y));
    }
}

static void test_fp2_inv(cuzk_rng *rng)
{
    cuzk_fp2 a, x, y, zero;
    cuzk_fp2_zero(&zero);
    cuzk_fp2_inv(&x, &zero);
    CHECK(cuzk_fp2_is_zero(&x));
    for (int it = 0; it < 20; it++) {
        rand_fp2(rng, &a);
        cuzk_fp2_inv(&x, &a);
        cuzk_fp2_mul(&y, &x, &a);
        CHECK(cuzk_fp2_is_one(&y));
        x = a;
        cuzk_fp2_inv(&x, &x);
        cuzk_fp2_inv(&x, &x);
        CHECK(cuzk_fp2_eq(&x, &a));
    }
    /* pure real and pure imaginary inputs */
    fp2_small(&a, 0, 7);
    cuzk_fp2_inv(&x, &a);
    cuzk_fp2_mul(&y, &x, &a);
    CHECK(cuzk_fp2_is_one(&y));
}

static void test_fp2_sqrt(cuzk_rng *rng)
{
    cuzk_fp2 a, s, x, y, sentinel;
    fp2_small(&sentinel, 12345, 678);

    /* 1 + u is a non-square (it is the sextic non-residue of the tower) */
    fp2_small(&a, 1, 1);
    x = sentinel;
    CHECK(!cuzk_fp2_sqrt(&x, &a));
    CHECK(cuzk_fp2_eq(&x, &sentinel)); /* untouched on failure */

    cuzk_fp2_zero(&a);
    CHECK(cuzk_fp2_sqrt(&x, &a));
    CHECK(cuzk_fp2_is_zero(&x));

    /* -1 = u^2 */
    fp2_small(&a, -1, 0);
    CHECK(cuzk_fp2_sqrt(&x, &a));
    cuzk_fp2_sqr(&y, &x);
    CHECK(cuzk_fp2_eq(&y, &a));

    int squares = 0, nonsquares = 0;
    for (int it = 0; it < 24; it++) {
        rand_fp2(rng, &a);
        cuzk_fp2_sqr(&s, &a);
        CHECK(cuzk_fp2_sqrt(&x, &s));
        cuzk_fp2_neg(&y, &a);
        CHECK(cuzk_fp2_eq(&x, &a) || cuzk_fp2_eq(&x, &y));
        /* a random element: a root exists exactly when its norm is an Fp square */
        cuzk_fp n, t;
        cuzk_fp_sqr(&n, &a.c0);
        cuzk_fp_sqr(&t, &a.c1);
        cuzk_fp_add(&n, &n, &t);
        bool expect = cuzk_fp_legendre(&n) >= 0;
        x = sentinel;
        bool got = cuzk_fp2_sqrt(&x, &a);
        CHECK(got == expect);
        if (got) {
            squares++;
            cuzk_fp2_sqr(&y, &x);
            CHECK(cuzk_fp2_eq(&y, &a));
        } else {
            nonsquares++;
            CHECK(cuzk_fp2_eq(&x, &sentinel));
        }
        /* every element of Fp is a square in Fp2, non-residues included
         * (this takes the alpha = -1 branch) */
        cuzk_fp2 e = {a.c0, CUZK_FP_ZERO};
        CHECK(cuzk_fp2_sqrt(&x, &e));
        cuzk_fp2_sqr(&y, &x);
        CHECK(cuzk_fp2_eq(&y, &e));
    }
    CHECK(squares > 0 && nonsquares > 0);
}

static void test_fp2_sign(cuzk_rng *rng)
{
    cuzk_fp2 a, b;
    fp2_small(&a, 0, 1);
    CHECK(!cuzk_fp2_is_lex_largest(&a));
    fp2_small(&a, 0, -1);
    CHECK(cuzk_fp2_is_lex_largest(&a));
    fp2_small(&a, -1, 0);
    CHECK(cuzk_fp2_is_lex_largest(&a));
    fp2_small(&a, 1, 0);
    CHECK(!cuzk_fp2_is_lex_largest(&a));
    fp2_small(&a, 1, -1); /* c1 decides */
    CHECK(cuzk_fp2_is_lex_largest(&a));
    fp2_small(&a, -1, 1);
    CHECK(!cuzk_fp2_is_lex_largest(&a));
    cuzk_fp2_zero(&a);
    CHECK(!cuzk_fp2_is_lex_largest(&a));
    for (int it = 0; it < 20; it++) {
        rand_fp2(rng, &a);
        cuzk_fp2_neg(&b, &a);
        CHECK(cuzk_fp2_is_lex_largest(&a) != cuzk_fp2_is_lex_largest(&b));
        CHECK(cuzk_fp2_is_lex_largest(&a) == cuzk_fp_is_lex_largest(&a.c1));
    }
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x746f776572ULL);
    test_fp2_ring(&rng);
    test_fp2_inv(&rng);
    test_fp2_sqrt(&rng);
    test_fp2_sign(&rng);
    return test_finish("test_tower");
}
