/* The extension tower Fp2, Fp6, Fp12: ring axioms and schoolbook references
 * (also at extreme coefficient values, for the lazy reductions), inverses,
 * square roots, Frobenius maps against plain exponentiation, the Frobenius
 * constants recomputed from their definition, cyclotomic squaring, sparse
 * products, aliasing, and e(G1, G2) from the golden data having order r. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cuzk/ff.h"
#include "ff/frobenius.h"
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

/* Extreme stored limbs (0, 1, p-1, p-2, about p/2, one full limb) mixed with
 * random ones: the lazy reductions must hold at the edges of their ranges. */
static void edge_fp(cuzk_rng *rng, cuzk_fp *r)
{
    uint64_t k = cuzk_rng_u64(rng) % 10;
    memset(r->l, 0, sizeof r->l);
    switch (k) {
    case 0: break;
    case 1: r->l[0] = 1; break;
    case 2: memcpy(r->l, P, sizeof r->l); r->l[0] -= 1; break;
    case 3: memcpy(r->l, P, sizeof r->l); r->l[0] -= 2; break;
    case 4: /* (p - 1) / 2 */
        for (int i = 0; i < 6; i++) r->l[i] = P[i] >> 1 | (i < 5 ? P[i + 1] << 63 : 0);
        break;
    case 5: r->l[0] = ~(uint64_t)0; break;
    default: rand_fp(rng, r); break;
    }
}

static void edge_fp2(cuzk_rng *rng, cuzk_fp2 *r)
{
    edge_fp(rng, &r->c0);
    edge_fp(rng, &r->c1);
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

static void rand_fp6(cuzk_rng *rng, cuzk_fp6 *r)
{
    rand_fp2(rng, &r->c0);
    rand_fp2(rng, &r->c1);
    rand_fp2(rng, &r->c2);
}

static void edge_fp6(cuzk_rng *rng, cuzk_fp6 *r)
{
    edge_fp2(rng, &r->c0);
    edge_fp2(rng, &r->c1);
    edge_fp2(rng, &r->c2);
}

static void rand_fp12(cuzk_rng *rng, cuzk_fp12 *r)
{
    rand_fp6(rng, &r->c0);
    rand_fp6(rng, &r->c1);
}

static void fp6_pow(cuzk_fp6 *r, const cuzk_fp6 *a, const uint64_t *e, size_t n)
{
    cuzk_fp6 acc, b = *a;
    cuzk_fp6_one(&acc);
    for (size_t i = 0; i < 64 * n; i++) {
        if ((e[i / 64] >> (i % 64)) & 1) cuzk_fp6_mul(&acc, &acc, &b);
        cuzk_fp6_mul(&b, &b, &b);
    }
    *r = acc;
}

static void fp12_pow(cuzk_fp12 *r, const cuzk_fp12 *a, const uint64_t *e, size_t n)
{
    cuzk_fp12 acc, b = *a;
    cuzk_fp12_one(&acc);
    for (size_t i = 0; i < 64 * n; i++) {
        if ((e[i / 64] >> (i % 64)) & 1) cuzk_fp12_mul(&acc, &acc, &b);
        cuzk_fp12_mul(&b, &b, &b);
    }
    *r = acc;
}

/* Schoolbook Fp6 product from its definition (v^3 = xi), as a reference. */
static void fp6_mul_ref(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b)
{
    const cuzk_fp2 *x[3] = {&a->c0, &a->c1, &a->c2}, *y[3] = {&b->c0, &b->c1, &b->c2};
    cuzk_fp2 acc[5], t;
    for (int i = 0; i < 5; i++) cuzk_fp2_zero(&acc[i]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            cuzk_fp2_mul(&t, x[i], y[j]);
            cuzk_fp2_add(&acc[i + j], &acc[i + j], &t);
        }
    cuzk_fp2 xi;
    fp2_small(&xi, 1, 1);
    cuzk_fp2_mul(&t, &acc[3], &xi);
    cuzk_fp2_add(&r->c0, &acc[0], &t);
    cuzk_fp2_mul(&t, &acc[4], &xi);
    cuzk_fp2_add(&r->c1, &acc[1], &t);
    r->c2 = acc[2];
}

/* Schoolbook Fp12 product (w^2 = v) over the reference Fp6 product. */
static void fp12_mul_ref(cuzk_fp12 *r, const cuzk_fp12 *a, const cuzk_fp12 *b)
{
    cuzk_fp6 t00, t11, t01, t10, v = {{{{0}}, {{0}}}, {{{0}}, {{0}}}, {{{0}}, {{0}}}};
    cuzk_fp2_one(&v.c1);
    fp6_mul_ref(&t00, &a->c0, &b->c0);
    fp6_mul_ref(&t11, &a->c1, &b->c1);
    fp6_mul_ref(&t01, &a->c0, &b->c1);
    fp6_mul_ref(&t10, &a->c1, &b->c0);
    fp6_mul_ref(&t11, &t11, &v);
    cuzk_fp6_add(&r->c0, &t00, &t11);
    cuzk_fp6_add(&r->c1, &t01, &t10);
}

/* ---- a little bignum for the exponents (p^k - 1) / d ------------------------- */
#define BIG 40

/* e = p^k as 6k limbs */
static size_t big_p_pow(uint64_t e[BIG], int k)
{
    memset(e, 0, sizeof(uint64_t) * BIG);
    e[0] = 1;
    size_t n = 1;
    for (int it = 0; it < k; it++) {
        uint64_t t[BIG] = {0};
        for (size_t i = 0; i < n; i++) {
            uint64_t c = 0;
            for (size_t j = 0; j < 6; j++) {
                __extension__ unsigned __int128 s = (unsigned __int128)e[i] * P[j] + t[i + j] + c;
                t[i + j] = (uint64_t)s;
                c = (uint64_t)(s >> 64);
            }
            t[i + 6] = c;
        }
        n += 6;
        memcpy(e, t, sizeof t);
    }
    return n;
}

/* e = (e - 1) / d * m, asserting that d divides e - 1. */
static void big_minus1_div_mul(uint64_t *e, size_t n, uint64_t d, uint64_t m)
{
    for (size_t i = 0; i < n; i++) /* e - 1 (e is odd, no borrow) */
        if (e[i]-- != 0) break;
    __extension__ unsigned __int128 rem = 0;
    for (size_t i = n; i-- > 0;) {
        __extension__ unsigned __int128 cur = rem << 64 | e[i];
        e[i] = (uint64_t)(cur / d);
        rem = cur % d;
    }
    CHECK(rem == 0);
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++) {
        __extension__ unsigned __int128 s = (unsigned __int128)e[i] * m + c;
        e[i] = (uint64_t)s;
        c = (uint64_t)(s >> 64);
    }
    CHECK(c == 0);
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
        /* conj is the Frobenius a^p (so a^(p^2) = a, a^(p^3) = conj(a)), and
         * a * conj(a) is the norm in Fp */
        cuzk_fp2_conj(&x, &a);
        fp2_pow(&y, &a, P, 6);
        CHECK(cuzk_fp2_eq(&x, &y));
        fp2_pow(&y, &y, P, 6);
        CHECK(cuzk_fp2_eq(&y, &a));
        fp2_pow(&y, &y, P, 6);
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

/* Products and squares with extreme coefficients against the schoolbook
 * definitions: Fp2 through Fp alone, Fp6 and Fp12 through the Fp2 reference. */
static void test_edges(cuzk_rng *rng)
{
    for (int it = 0; it < 300; it++) {
        cuzk_fp2 a, b, x, y;
        cuzk_fp t0, t1;
        edge_fp2(rng, &a);
        edge_fp2(rng, &b);
        cuzk_fp2_mul(&x, &a, &b);
        cuzk_fp_mul(&t0, &a.c0, &b.c0);
        cuzk_fp_mul(&t1, &a.c1, &b.c1);
        cuzk_fp_sub(&y.c0, &t0, &t1);
        cuzk_fp_mul(&t0, &a.c0, &b.c1);
        cuzk_fp_mul(&t1, &a.c1, &b.c0);
        cuzk_fp_add(&y.c1, &t0, &t1);
        CHECK(cuzk_fp2_eq(&x, &y));
        cuzk_fp2_sqr(&x, &a);
        cuzk_fp_mul(&t0, &a.c0, &a.c0);
        cuzk_fp_mul(&t1, &a.c1, &a.c1);
        cuzk_fp_sub(&y.c0, &t0, &t1);
        cuzk_fp_mul(&t0, &a.c0, &a.c1);
        cuzk_fp_add(&y.c1, &t0, &t0);
        CHECK(cuzk_fp2_eq(&x, &y));
    }
    for (int it = 0; it < 60; it++) {
        cuzk_fp6 a, b, x, y, s;
        edge_fp6(rng, &a);
        edge_fp6(rng, &b);
        cuzk_fp6_mul(&x, &a, &b);
        fp6_mul_ref(&y, &a, &b);
        CHECK(cuzk_fp6_eq(&x, &y));
        cuzk_fp6_sqr(&x, &a);
        fp6_mul_ref(&y, &a, &a);
        CHECK(cuzk_fp6_eq(&x, &y));
        s = b;
        cuzk_fp2_zero(&s.c2);
        cuzk_fp6_mul_by_01(&x, &a, &b.c0, &b.c1);
        fp6_mul_ref(&y, &a, &s);
        CHECK(cuzk_fp6_eq(&x, &y));

        cuzk_fp12 f, g, u, w;
        f.c0 = a;
        f.c1 = b;
        edge_fp6(rng, &g.c0);
        edge_fp6(rng, &g.c1);
        cuzk_fp12_mul(&u, &f, &g);
        fp12_mul_ref(&w, &f, &g);
        CHECK(cuzk_fp12_eq(&u, &w));
        cuzk_fp12_sqr(&u, &f);
        fp12_mul_ref(&w, &f, &f);
        CHECK(cuzk_fp12_eq(&u, &w));
        cuzk_fp12 h;
        cuzk_fp12_zero(&h);
        h.c0.c0 = g.c0.c0;
        h.c0.c1 = g.c0.c1;
        h.c1.c1 = g.c1.c1;
        cuzk_fp12_mul_by_014(&u, &f, &g.c0.c0, &g.c0.c1, &g.c1.c1);
        fp12_mul_ref(&w, &f, &h);
        CHECK(cuzk_fp12_eq(&u, &w));
    }
}

/* Every output may alias every input. */
typedef void (*fp6_bin)(cuzk_fp6 *, const cuzk_fp6 *, const cuzk_fp6 *);
typedef void (*fp6_un)(cuzk_fp6 *, const cuzk_fp6 *);
typedef void (*fp12_bin)(cuzk_fp12 *, const cuzk_fp12 *, const cuzk_fp12 *);
typedef void (*fp12_un)(cuzk_fp12 *, const cuzk_fp12 *);
typedef void (*fp2_bin)(cuzk_fp2 *, const cuzk_fp2 *, const cuzk_fp2 *);
typedef void (*fp2_un)(cuzk_fp2 *, const cuzk_fp2 *);

static void fp6_frob1(cuzk_fp6 *r, const cuzk_fp6 *a) { cuzk_fp6_frobenius(r, a, 1); }
static void fp12_frob1(cuzk_fp12 *r, const cuzk_fp12 *a) { cuzk_fp12_frobenius(r, a, 1); }
static void fp12_frob7(cuzk_fp12 *r, const cuzk_fp12 *a) { cuzk_fp12_frobenius(r, a, 7); }

static void test_aliasing(cuzk_rng *rng)
{
    static const fp2_bin b2[] = {cuzk_fp2_add, cuzk_fp2_sub, cuzk_fp2_mul};
    static const fp2_un u2[] = {cuzk_fp2_sqr, cuzk_fp2_dbl, cuzk_fp2_neg, cuzk_fp2_conj,
                                cuzk_fp2_inv, cuzk_fp2_mul_by_nonresidue};
    static const fp6_bin b6[] = {cuzk_fp6_add, cuzk_fp6_sub, cuzk_fp6_mul};
    static const fp6_un u6[] = {cuzk_fp6_sqr, cuzk_fp6_neg, cuzk_fp6_inv,
                                cuzk_fp6_mul_by_nonresidue, fp6_frob1};
    static const fp12_bin b12[] = {cuzk_fp12_add, cuzk_fp12_sub, cuzk_fp12_mul};
    static const fp12_un u12[] = {cuzk_fp12_sqr, cuzk_fp12_inv, cuzk_fp12_conj,
                                  cuzk_fp12_cyclotomic_sqr, fp12_frob1, fp12_frob7};
    cuzk_fp2 a2, c2, r2, x2;
    cuzk_fp6 a6, c6, r6, x6;
    cuzk_fp12 a12, c12, r12, x12;
    rand_fp2(rng, &a2);
    rand_fp2(rng, &c2);
    rand_fp6(rng, &a6);
    rand_fp6(rng, &c6);
    rand_fp12(rng, &a12);
    rand_fp12(rng, &c12);
    for (size_t i = 0; i < sizeof b2 / sizeof b2[0]; i++) {
        b2[i](&r2, &a2, &c2);
        x2 = a2; b2[i](&x2, &x2, &c2); CHECK(cuzk_fp2_eq(&x2, &r2));
        x2 = c2; b2[i](&x2, &a2, &x2); CHECK(cuzk_fp2_eq(&x2, &r2));
        b2[i](&r2, &a2, &a2);
        x2 = a2; b2[i](&x2, &x2, &x2); CHECK(cuzk_fp2_eq(&x2, &r2));
    }
    for (size_t i = 0; i < sizeof u2 / sizeof u2[0]; i++) {
        u2[i](&r2, &a2);
        x2 = a2; u2[i](&x2, &x2); CHECK(cuzk_fp2_eq(&x2, &r2));
    }
    for (size_t i = 0; i < sizeof b6 / sizeof b6[0]; i++) {
        b6[i](&r6, &a6, &c6);
        x6 = a6; b6[i](&x6, &x6, &c6); CHECK(cuzk_fp6_eq(&x6, &r6));
        x6 = c6; b6[i](&x6, &a6, &x6); CHECK(cuzk_fp6_eq(&x6, &r6));
        b6[i](&r6, &a6, &a6);
        x6 = a6; b6[i](&x6, &x6, &x6); CHECK(cuzk_fp6_eq(&x6, &r6));
    }
    for (size_t i = 0; i < sizeof u6 / sizeof u6[0]; i++) {
        u6[i](&r6, &a6);
        x6 = a6; u6[i](&x6, &x6); CHECK(cuzk_fp6_eq(&x6, &r6));
    }
    for (size_t i = 0; i < sizeof b12 / sizeof b12[0]; i++) {
        b12[i](&r12, &a12, &c12);
        x12 = a12; b12[i](&x12, &x12, &c12); CHECK(cuzk_fp12_eq(&x12, &r12));
        x12 = c12; b12[i](&x12, &a12, &x12); CHECK(cuzk_fp12_eq(&x12, &r12));
        b12[i](&r12, &a12, &a12);
        x12 = a12; b12[i](&x12, &x12, &x12); CHECK(cuzk_fp12_eq(&x12, &r12));
    }
    for (size_t i = 0; i < sizeof u12 / sizeof u12[0]; i++) {
        u12[i](&r12, &a12);
        x12 = a12; u12[i](&x12, &x12); CHECK(cuzk_fp12_eq(&x12, &r12));
    }
    /* sparse factors taken from the output itself */
    x6 = a6;
    cuzk_fp6_mul_by_01(&r6, &a6, &a6.c1, &a6.c2);
    cuzk_fp6_mul_by_01(&x6, &x6, &x6.c1, &x6.c2);
    CHECK(cuzk_fp6_eq(&x6, &r6));
    x6 = a6;
    cuzk_fp6_mul_by_1(&r6, &a6, &a6.c0);
    cuzk_fp6_mul_by_1(&x6, &x6, &x6.c0);
    CHECK(cuzk_fp6_eq(&x6, &r6));
    x12 = a12;
    cuzk_fp12_mul_by_014(&r12, &a12, &a12.c1.c2, &a12.c0.c0, &a12.c1.c1);
    cuzk_fp12_mul_by_014(&x12, &x12, &x12.c1.c2, &x12.c0.c0, &x12.c1.c1);
    CHECK(cuzk_fp12_eq(&x12, &r12));
    x12 = a12;
    cuzk_fp12_mul_by_034(&r12, &a12, &a12.c1.c2, &a12.c0.c0, &a12.c1.c1);
    cuzk_fp12_mul_by_034(&x12, &x12, &x12.c1.c2, &x12.c0.c0, &x12.c1.c1);
    CHECK(cuzk_fp12_eq(&x12, &r12));
    x2 = a2;
    cuzk_fp2_mul_fp(&r2, &a2, &a2.c1);
    cuzk_fp2_mul_fp(&x2, &x2, &x2.c1);
    CHECK(cuzk_fp2_eq(&x2, &r2));
}

/* ---- Frobenius constants ------------------------------------------------------ */
static void test_frobenius_constants(void)
{
    cuzk_fp2 xi, g, one;
    fp2_small(&xi, 1, 1);
    cuzk_fp2_one(&one);
    for (int k = 0; k < 6; k++) {
        uint64_t e[BIG];
        size_t n = big_p_pow(e, k);
        big_minus1_div_mul(e, n, 6, 1);
        fp2_pow(&g, &xi, e, n);
        CHECK_MSG(cuzk_fp2_eq(&g, &CUZK_FF_FROB_W[k]), "w coefficient, k = %d", k);
        n = big_p_pow(e, k);
        big_minus1_div_mul(e, n, 3, 1);
        fp2_pow(&g, &xi, e, n);
        CHECK_MSG(cuzk_fp2_eq(&g, &CUZK_FF_FROB_V[k]), "v coefficient, k = %d", k);
        n = big_p_pow(e, k);
        big_minus1_div_mul(e, n, 3, 2);
        fp2_pow(&g, &xi, e, n);
        CHECK_MSG(cuzk_fp2_eq(&g, &CUZK_FF_FROB_V2[k]), "v^2 coefficient, k = %d", k);
    }
    CHECK(cuzk_fp2_is_one(&CUZK_FF_FROB_W[0]));
    /* xi^((p^6-1)/6) = -1 is what the Fp12 map uses for k >= 6 */
    uint64_t e[BIG];
    size_t n = big_p_pow(e, 6);
    big_minus1_div_mul(e, n, 6, 1);
    fp2_pow(&g, &xi, e, n);
    cuzk_fp2_add(&g, &g, &one);
    CHECK(cuzk_fp2_is_zero(&g));
}

/* ---- Fp6 ------------------------------------------------------------------ */
static void test_fp6(cuzk_rng *rng)
{
    cuzk_fp6 a, b, c, x, y, z, one;
    cuzk_fp6_one(&one);
    cuzk_fp6_zero(&z);
    CHECK(cuzk_fp6_is_zero(&z));
    CHECK(!cuzk_fp6_is_zero(&one));
    for (int it = 0; it < 20; it++) {
        rand_fp6(rng, &a);
        rand_fp6(rng, &b);
        rand_fp6(rng, &c);
        cuzk_fp6_mul(&x, &a, &b);
        fp6_mul_ref(&y, &a, &b);
        CHECK(cuzk_fp6_eq(&x, &y));
        cuzk_fp6_mul(&y, &b, &a);
        CHECK(cuzk_fp6_eq(&x, &y));
        cuzk_fp6_mul(&x, &x, &c);
        cuzk_fp6_mul(&y, &b, &c);
        cuzk_fp6_mul(&y, &a, &y);
        CHECK(cuzk_fp6_eq(&x, &y));
        cuzk_fp6_add(&x, &b, &c);
        cuzk_fp6_mul(&x, &a, &x);
        cuzk_fp6_mul(&y, &a, &b);
        cuzk_fp6_mul(&z, &a, &c);
        cuzk_fp6_add(&y, &y, &z);
        CHECK(cuzk_fp6_eq(&x, &y));
        cuzk_fp6_sub(&x, &a, &b);
        cuzk_fp6_add(&x, &x, &b);
        CHECK(cuzk_fp6_eq(&x, &a));
        cuzk_fp6_neg(&x, &a);
        cuzk_fp6_add(&x, &x, &a);
        CHECK(cuzk_fp6_is_zero(&x));
        cuzk_fp6_mul(&x, &a, &one);
        CHECK(cuzk_fp6_eq(&x, &a));
        /* sqr */
        cuzk_fp6_sqr(&x, &a);
        fp6_mul_ref(&y, &a, &a);
        CHECK(cuzk_fp6_eq(&x, &y));
        x = a;
        cuzk_fp6_sqr(&x, &x);
        CHECK(cuzk_fp6_eq(&x, &y));
        /* inverse */
        cuzk_fp6_inv(&x, &a);
        cuzk_fp6_mul(&y, &x, &a);
        CHECK(cuzk_fp6_eq(&y, &one));
        /* times v */
        cuzk_fp6 v;
        cuzk_fp6_zero(&v);
        cuzk_fp2_one(&v.c1);
        fp6_mul_ref(&x, &a, &v);
        y = a;
        cuzk_fp6_mul_by_nonresidue(&y, &y);
        CHECK(cuzk_fp6_eq(&x, &y));
        /* sparse: (b0 + b1 v) and (b1 v) */
        cuzk_fp6 s = b;
        cuzk_fp2_zero(&s.c2);
        fp6_mul_ref(&x, &a, &s);
        cuzk_fp6_mul_by_01(&y, &a, &b.c0, &b.c1);
        CHECK(cuzk_fp6_eq(&x, &y));
        y = a;
        cuzk_fp6_mul_by_01(&y, &y, &b.c0, &b.c1);
        CHECK(cuzk_fp6_eq(&x, &y));
        cuzk_fp2_zero(&s.c0);
        fp6_mul_ref(&x, &a, &s);
        cuzk_fp6_mul_by_1(&y, &a, &b.c1);
        CHECK(cuzk_fp6_eq(&x, &y));
        y = a;
        cuzk_fp6_mul_by_1(&y, &y, &b.c1);
        CHECK(cuzk_fp6_eq(&x, &y));
    }
    cuzk_fp6_zero(&a);
    cuzk_fp6_inv(&x, &a);
    CHECK(cuzk_fp6_is_zero(&x));

    /* Frobenius against exponentiation by p, p^2, p^3; the rest by composition */
    for (int it = 0; it < 2; it++) {
        rand_fp6(rng, &a);
        y = a;
        for (unsigned k = 1; k <= 3; k++) {
            fp6_pow(&y, &y, P, 6);
            cuzk_fp6_frobenius(&x, &a, k);
            CHECK_MSG(cuzk_fp6_eq(&x, &y), "fp6 frobenius k = %u", k);
        }
        for (unsigned k = 0; k <= 13; k++) {
            cuzk_fp6_frobenius(&x, &a, k);
            cuzk_fp6_frobenius(&x, &x, 1);
            cuzk_fp6_frobenius(&y, &a, k + 1);
            CHECK_MSG(cuzk_fp6_eq(&x, &y), "fp6 frobenius composition k = %u", k);
        }
        cuzk_fp6_frobenius(&x, &a, 6);
        CHECK(cuzk_fp6_eq(&x, &a));
        cuzk_fp6_frobenius(&x, &a, 1);
        CHECK(!cuzk_fp6_eq(&x, &a));
    }
}

/* ---- Fp12 ----------------------------------------------------------------- */
static void test_fp12(cuzk_rng *rng)
{
    cuzk_fp12 a, b, c, x, y, z, one;
    cuzk_fp12_one(&one);
    CHECK(cuzk_fp12_is_one(&one));
    cuzk_fp12_zero(&z);
    CHECK(!cuzk_fp12_is_one(&z));

    /* w^2 = v */
    cuzk_fp12 w;
    cuzk_fp12_zero(&w);
    cuzk_fp2_one(&w.c1.c0);
    cuzk_fp12_mul(&x, &w, &w);
    cuzk_fp12_zero(&y);
    cuzk_fp2_one(&y.c0.c1);
    CHECK(cuzk_fp12_eq(&x, &y));
    cuzk_fp12_sqr(&x, &w);
    CHECK(cuzk_fp12_eq(&x, &y));

    for (int it = 0; it < 10; it++) {
        rand_fp12(rng, &a);
        rand_fp12(rng, &b);
        rand_fp12(rng, &c);
        cuzk_fp12_mul(&x, &a, &b);
        fp12_mul_ref(&y, &a, &b);
        CHECK(cuzk_fp12_eq(&x, &y));
        x = a;
        cuzk_fp12_mul(&x, &x, &b);
        CHECK(cuzk_fp12_eq(&x, &y));
        x = b;
        cuzk_fp12_mul(&x, &a, &x);
        CHECK(cuzk_fp12_eq(&x, &y));
        cuzk_fp12_mul(&y, &b, &a);
        CHECK(cuzk_fp12_eq(&x, &y));
        cuzk_fp12_mul(&x, &x, &c);
        cuzk_fp12_mul(&y, &b, &c);
        cuzk_fp12_mul(&y, &a, &y);
        CHECK(cuzk_fp12_eq(&x, &y));
        cuzk_fp12_add(&x, &b, &c);
        cuzk_fp12_mul(&x, &a, &x);
        cuzk_fp12_mul(&y, &a, &b);
        cuzk_fp12_mul(&z, &a, &c);
        cuzk_fp12_add(&y, &y, &z);
        CHECK(cuzk_fp12_eq(&x, &y));
        cuzk_fp12_sub(&x, &a, &b);
        cuzk_fp12_add(&x, &x, &b);
        CHECK(cuzk_fp12_eq(&x, &a));
        cuzk_fp12_mul(&x, &a, &one);
        CHECK(cuzk_fp12_eq(&x, &a));
        /* sqr */
        cuzk_fp12_sqr(&x, &a);
        fp12_mul_ref(&y, &a, &a);
        CHECK(cuzk_fp12_eq(&x, &y));
        x = a;
        cuzk_fp12_sqr(&x, &x);
        CHECK(cuzk_fp12_eq(&x, &y));
        /* inverse */
        cuzk_fp12_inv(&x, &a);
        cuzk_fp12_mul(&y, &x, &a);
        CHECK(cuzk_fp12_is_one(&y));
        x = a;
        cuzk_fp12_inv(&x, &x);
        cuzk_fp12_inv(&x, &x);
        CHECK(cuzk_fp12_eq(&x, &a));
        /* conj is the p^6 power */
        cuzk_fp12_conj(&x, &a);
        cuzk_fp12_frobenius(&y, &a, 6);
        CHECK(cuzk_fp12_eq(&x, &y));
        CHECK(!cuzk_fp12_eq(&x, &a));
    }
    cuzk_fp12_zero(&a);
    cuzk_fp12_inv(&x, &a);
    CHECK(cuzk_fp12_eq(&x, &a));

    for (int it = 0; it < 2; it++) {
        rand_fp12(rng, &a);
        y = a;
        for (unsigned k = 1; k <= 3; k++) {
            fp12_pow(&y, &y, P, 6);
            cuzk_fp12_frobenius(&x, &a, k);
            CHECK_MSG(cuzk_fp12_eq(&x, &y), "fp12 frobenius k = %u", k);
        }
        for (unsigned k = 0; k <= 25; k++) {
            cuzk_fp12_frobenius(&x, &a, k);
            cuzk_fp12_frobenius(&x, &x, 1);
            cuzk_fp12_frobenius(&y, &a, k + 1);
            CHECK_MSG(cuzk_fp12_eq(&x, &y), "fp12 frobenius composition k = %u", k);
        }
        cuzk_fp12_frobenius(&x, &a, 12);
        CHECK(cuzk_fp12_eq(&x, &a));
        x = a;
        cuzk_fp12_frobenius(&x, &x, 3);
        cuzk_fp12_frobenius(&y, &a, 3);
        CHECK(cuzk_fp12_eq(&x, &y));
    }
}

/* f^((p^6 - 1)(p^2 + 1)): the easy part of the final exponentiation. */
static void to_cyclotomic(cuzk_fp12 *g, const cuzk_fp12 *f)
{
    cuzk_fp12 t;
    cuzk_fp12_inv(&t, f);
    cuzk_fp12_conj(g, f);
    cuzk_fp12_mul(g, g, &t);
    cuzk_fp12_frobenius(&t, g, 2);
    cuzk_fp12_mul(g, g, &t);
}

static void test_cyclotomic(cuzk_rng *rng)
{
    cuzk_fp12 f, g, x, y;
    for (int it = 0; it < 10; it++) {
        rand_fp12(rng, &f);
        to_cyclotomic(&g, &f);
        /* membership: g^(p^4 - p^2 + 1) = 1, i.e. g^(p^4) g = g^(p^2) */
        cuzk_fp12_frobenius(&x, &g, 4);
        cuzk_fp12_mul(&x, &x, &g);
        cuzk_fp12_frobenius(&y, &g, 2);
        CHECK(cuzk_fp12_eq(&x, &y));
        /* norm 1: conj is the inverse */
        cuzk_fp12_conj(&x, &g);
        cuzk_fp12_mul(&x, &x, &g);
        CHECK(cuzk_fp12_is_one(&x));

        cuzk_fp12_cyclotomic_sqr(&x, &g);
        cuzk_fp12_sqr(&y, &g);
        CHECK(cuzk_fp12_eq(&x, &y));
        x = g;
        y = g;
        for (int i = 0; i < 8; i++) {
            cuzk_fp12_cyclotomic_sqr(&x, &x);
            cuzk_fp12_sqr(&y, &y);
        }
        CHECK(cuzk_fp12_eq(&x, &y));
        /* negative: outside the subgroup the shortcut is wrong */
        cuzk_fp12_cyclotomic_sqr(&x, &f);
        cuzk_fp12_sqr(&y, &f);
        CHECK(!cuzk_fp12_eq(&x, &y));
    }
}

static void test_sparse(cuzk_rng *rng)
{
    cuzk_fp12 a, b, x, y;
    cuzk_fp2 c0, c1, c3, c4;
    for (int it = 0; it < 20; it++) {
        rand_fp12(rng, &a);
        rand_fp2(rng, &c0);
        rand_fp2(rng, &c1);
        rand_fp2(rng, &c3);
        rand_fp2(rng, &c4);

        cuzk_fp12_zero(&b);
        b.c0.c0 = c0;
        b.c0.c1 = c1;
        b.c1.c1 = c4;
        cuzk_fp12_mul(&x, &a, &b);
        cuzk_fp12_mul_by_014(&y, &a, &c0, &c1, &c4);
        CHECK(cuzk_fp12_eq(&x, &y));
        y = a;
        cuzk_fp12_mul_by_014(&y, &y, &c0, &c1, &c4);
        CHECK(cuzk_fp12_eq(&x, &y));

        cuzk_fp12_zero(&b);
        b.c0.c0 = c0;
        b.c1.c0 = c3;
        b.c1.c1 = c4;
        cuzk_fp12_mul(&x, &a, &b);
        cuzk_fp12_mul_by_034(&y, &a, &c0, &c3, &c4);
        CHECK(cuzk_fp12_eq(&x, &y));
        y = a;
        cuzk_fp12_mul_by_034(&y, &y, &c0, &c3, &c4);
        CHECK(cuzk_fp12_eq(&x, &y));
        /* and the positions matter */
        cuzk_fp12_mul_by_014(&y, &a, &c0, &c3, &c4);
        CHECK(!cuzk_fp12_eq(&x, &y));
    }
}

/* e(G1, G2) from the golden data: it must lie in the order-r subgroup, which
 * exercises the whole tower against values computed elsewhere. */
static bool read_gt(cuzk_fp12 *gt)
{
    static const char *keys[12] = {
        "c0.c0.c0", "c0.c0.c1", "c0.c1.c0", "c0.c1.c1", "c0.c2.c0", "c0.c2.c1",
        "c1.c0.c0", "c1.c0.c1", "c1.c1.c0", "c1.c1.c1", "c1.c2.c0", "c1.c2.c1"};
    char path[1024], buf[8192];
    snprintf(path, sizeof path, "%s/bls12_381/pairing_generators_relic.json", CUZK_GOLDEN_DIR);
    FILE *fp = fopen(path, "rb");
    if (!fp) return false;
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    buf[n] = 0;
    cuzk_fp *coef[12] = {
        &gt->c0.c0.c0, &gt->c0.c0.c1, &gt->c0.c1.c0, &gt->c0.c1.c1, &gt->c0.c2.c0, &gt->c0.c2.c1,
        &gt->c1.c0.c0, &gt->c1.c0.c1, &gt->c1.c1.c0, &gt->c1.c1.c1, &gt->c1.c2.c0, &gt->c1.c2.c1};
    for (int i = 0; i < 12; i++) {
        char key[32];
        snprintf(key, sizeof key, "\"%s\": \"", keys[i]);
        const char *at = strstr(buf, key);
        if (!at) return false;
        at += strlen(key);
        char hex[97];
        memcpy(hex, at + 2, 96); /* skip 0x */
        hex[96] = 0;
        uint8_t be[48];
        if (test_unhex(be, sizeof be, hex) != 48) return false;
        if (cuzk_fp_from_bytes_be(coef[i], be, NULL) != 0) return false;
    }
    return true;
}

static void test_golden_gt(void)
{
    cuzk_fp12 gt, x, y;
    bool ok = read_gt(&gt);
    CHECK_MSG(ok, "reading pairing_generators_relic.json from %s", CUZK_GOLDEN_DIR);
    if (!ok) return;
    CHECK(!cuzk_fp12_is_one(&gt));
    fp12_pow(&x, &gt, CUZK_FR_MODULUS, 4);
    CHECK(cuzk_fp12_is_one(&x));
    cuzk_fp12_cyclotomic_sqr(&x, &gt);
    cuzk_fp12_sqr(&y, &gt);
    CHECK(cuzk_fp12_eq(&x, &y));
    cuzk_fp12_frobenius(&x, &gt, 1);
    fp12_pow(&y, &gt, P, 6);
    CHECK(cuzk_fp12_eq(&x, &y));
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x746f776572ULL);
    test_fp2_ring(&rng);
    test_fp2_inv(&rng);
    test_fp2_sqrt(&rng);
    test_fp2_sign(&rng);
    test_edges(&rng);
    test_aliasing(&rng);
    test_frobenius_constants();
    test_fp6(&rng);
    test_fp12(&rng);
    test_cyclotomic(&rng);
    test_sparse(&rng);
    test_golden_gt();
    return test_finish("test_tower");
}
