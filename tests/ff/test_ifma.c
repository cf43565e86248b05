/* The AVX-512 IFMA eight-lane kernels (src/ff/ff_ifma.c) against the scalar
 * kernels, bit for bit: random and edge inputs (0, 1, m-1, m-2, runs of one
 * bits, all-ones limbs), load/store round trips, aliasing, batch tails. On a
 * CPU without IFMA only the scalar fallback of *_mul_many is checked, and the
 * test says so. */
#include <stdio.h>
#include <string.h>

#include "cuzk/ff.h"
#include "cuzk/util.h"
#include "ff/ff_ifma.h"
#include "test.h"
#include "ff_ref.h"

#define NB 203 /* not a multiple of 8: the scalar tail runs too */

static void rand_fr(cuzk_fr *a, cuzk_rng *rng) { ref_rand_below(a->l, rng, CUZK_FR_MODULUS, 4); }
static void rand_fp(cuzk_fp *a, cuzk_rng *rng) { ref_rand_below(a->l, rng, CUZK_FP_MODULUS, 6); }

static void test_known(void)
{
    cuzk_fr a[8], b[8], r[8], want;
    cuzk_fp c[8], d[8], s[8], wantp;
    for (int i = 0; i < 8; i++) {
        cuzk_fr_from_u64(&a[i], 1000 + (uint64_t)i);
        cuzk_fr_from_u64(&b[i], 7);
        cuzk_fp_from_u64(&c[i], 1000 + (uint64_t)i);
        cuzk_fp_from_u64(&d[i], 7);
    }
    cuzk_fr_mul_many(r, a, b, 8);
    cuzk_fp_mul_many(s, c, d, 8);
    for (int i = 0; i < 8; i++) {
        cuzk_fr_from_u64(&want, 7000 + 7 * (uint64_t)i);
        CHECK(cuzk_fr_eq(&r[i], &want));
        cuzk_fp_from_u64(&wantp, 7000 + 7 * (uint64_t)i);
        CHECK(cuzk_fp_eq(&s[i], &wantp));
    }
}

static void test_many(cuzk_rng *rng, int rounds)
{
    static cuzk_fr a[NB], b[NB], r[NB], w[NB];
    static cuzk_fp c[NB], d[NB], s[NB], v[NB];
    int bad_fr = 0, bad_fp = 0;
    for (int k = 0; k < rounds; k++) {
        for (int i = 0; i < NB; i++) {
            rand_fr(&a[i], rng); rand_fr(&b[i], rng);
            rand_fp(&c[i], rng); rand_fp(&d[i], rng);
            cuzk_fr_mul(&w[i], &a[i], &b[i]);
            cuzk_fp_mul(&v[i], &c[i], &d[i]);
        }
        cuzk_fr_mul_many(r, a, b, NB);
        cuzk_fp_mul_many(s, c, d, NB);
        for (int i = 0; i < NB; i++) {
            bad_fr += memcmp(&r[i], &w[i], sizeof r[i]) != 0;
            bad_fp += memcmp(&s[i], &v[i], sizeof s[i]) != 0;
        }
        /* in place: r = a * r, elementwise */
        memcpy(r, b, sizeof r);
        cuzk_fr_mul_many(r, a, r, NB);
        memcpy(s, c, sizeof s);
        cuzk_fp_mul_many(s, s, d, NB);
        for (int i = 0; i < NB; i++) {
            bad_fr += memcmp(&r[i], &w[i], sizeof r[i]) != 0;
            bad_fp += memcmp(&s[i], &v[i], sizeof s[i]) != 0;
        }
    }
    CHECK_MSG(bad_fr == 0, "%d Fr products differ from cuzk_fr_mul", bad_fr);
    CHECK_MSG(bad_fp == 0, "%d Fp products differ from cuzk_fp_mul", bad_fp);
}

static void test_x8(cuzk_rng *rng, int rounds)
{
    int bad = 0;
    for (int k = 0; k < rounds; k++) {
        cuzk_fr a[8], b[8], r[8], w;
        cuzk_fp c[8], d[8], s[8], v;
        cuzk_fr_x8 xa, xb;
        cuzk_fp_x8 xc, xd;
        for (int i = 0; i < 8; i++) {
            rand_fr(&a[i], rng); rand_fr(&b[i], rng);
            rand_fp(&c[i], rng); rand_fp(&d[i], rng);
        }
        /* round trip */
        cuzk_fr_x8_load(&xa, a); cuzk_fr_x8_store(r, &xa);
        bad += memcmp(r, a, sizeof r) != 0;
        cuzk_fp_x8_load(&xc, c); cuzk_fp_x8_store(s, &xc);
        bad += memcmp(s, c, sizeof s) != 0;
        for (int j = 0; j < 5; j++)
            for (int i = 0; i < 8; i++) bad += xa.l[j][i] >> 52 != 0;
        /* a chain of three products in the vector form: ((a*b)*b)*a */
        cuzk_fr_x8_load(&xb, b);
        cuzk_fr_x8_mul(&xa, &xa, &xb);
        cuzk_fr_x8_mul(&xa, &xa, &xb);
        cuzk_fr_x8_load(&xb, a);
        cuzk_fr_x8_mul(&xa, &xb, &xa);
        cuzk_fr_x8_store(r, &xa);
        cuzk_fp_x8_load(&xd, d);
        cuzk_fp_x8_mul(&xc, &xc, &xd);
        cuzk_fp_x8_mul(&xc, &xc, &xd);
        cuzk_fp_x8_load(&xd, c);
        cuzk_fp_x8_mul(&xc, &xd, &xc);
        cuzk_fp_x8_store(s, &xc);
        for (int i = 0; i < 8; i++) {
            cuzk_fr_mul(&w, &a[i], &b[i]); cuzk_fr_mul(&w, &w, &b[i]); cuzk_fr_mul(&w, &a[i], &w);
            bad += memcmp(&r[i], &w, sizeof w) != 0;
            cuzk_fp_mul(&v, &c[i], &d[i]); cuzk_fp_mul(&v, &v, &d[i]); cuzk_fp_mul(&v, &c[i], &v);
            bad += memcmp(&s[i], &v, sizeof v) != 0;
        }
    }
    CHECK_MSG(bad == 0, "%d mismatches in the x8 kernels", bad);
}

/* The largest operands: every lane m-1 (and 2^k - 1 runs) times m-1. */
static void test_edges(void)
{
    cuzk_fr a[8], r[8], w;
    cuzk_fp c[8], s[8], v;
    for (int i = 0; i < 8; i++) {
        memcpy(a[i].l, CUZK_FR_MODULUS, sizeof a[i].l);
        a[i].l[0] -= 1 + (uint64_t)(i & 1);
        memcpy(c[i].l, CUZK_FP_MODULUS, sizeof c[i].l);
        c[i].l[0] -= 1 + (uint64_t)(i & 1);
    }
    a[7] = CUZK_FR_ZERO; c[7] = (cuzk_fp){{0}};
    a[6] = CUZK_FR_ONE;
    cuzk_fr_mul_many(r, a, a, 8);
    cuzk_fp_mul_many(s, c, c, 8);
    int bad = 0;
    for (int i = 0; i < 8; i++) {
        cuzk_fr_mul(&w, &a[i], &a[i]);
        bad += memcmp(&r[i], &w, sizeof w) != 0;
        cuzk_fp_mul(&v, &c[i], &c[i]);
        bad += memcmp(&s[i], &v, sizeof v) != 0;
    }
    CHECK_MSG(bad == 0, "%d edge products differ", bad);
}

/* x8 add/sub and the butterfly against the scalar add/sub/mul. */
static void test_addsub_butterfly(cuzk_rng *rng, int rounds)
{
    int bad = 0;
    for (int k = 0; k < rounds; k++) {
        cuzk_fr a[8], b[8], r[8], w;
        cuzk_fp c[8], d[8], s[8], v;
        cuzk_fr_x8 xa, xb, xr;
        cuzk_fp_x8 xc, xd, xs;
        for (int i = 0; i < 8; i++) {
            rand_fr(&a[i], rng); rand_fr(&b[i], rng);
            rand_fp(&c[i], rng); rand_fp(&d[i], rng);
        }
        cuzk_fr_x8_load(&xa, a); cuzk_fr_x8_load(&xb, b);
        cuzk_fp_x8_load(&xc, c); cuzk_fp_x8_load(&xd, d);
        cuzk_fr_x8_add(&xr, &xa, &xb); cuzk_fr_x8_store(r, &xr);
        cuzk_fp_x8_add(&xs, &xc, &xd); cuzk_fp_x8_store(s, &xs);
        for (int i = 0; i < 8; i++) {
            cuzk_fr_add(&w, &a[i], &b[i]); bad += memcmp(&r[i], &w, sizeof w) != 0;
            cuzk_fp_add(&v, &c[i], &d[i]); bad += memcmp(&s[i], &v, sizeof v) != 0;
        }
        cuzk_fr_x8_sub(&xr, &xa, &xb); cuzk_fr_x8_store(r, &xr);
        cuzk_fp_x8_sub(&xs, &xc, &xd); cuzk_fp_x8_store(s, &xs);
        for (int i = 0; i < 8; i++) {
            cuzk_fr_sub(&w, &a[i], &b[i]); bad += memcmp(&r[i], &w, sizeof w) != 0;
            cuzk_fp_sub(&v, &c[i], &d[i]); bad += memcmp(&s[i], &v, sizeof v) != 0;
        }
    }
    CHECK_MSG(bad == 0, "%d x8 add/sub mismatches", bad);

    /* butterfly, twiddle strides 1 and 3, n = 8k + 5 (tail) */
    static cuzk_fr x0[NB], x1[NB], y0[NB], y1[NB], tw[3 * NB];
    for (size_t stride = 1; stride <= 3; stride += 2) {
        for (int i = 0; i < NB; i++) { rand_fr(&x0[i], rng); rand_fr(&x1[i], rng); }
        for (int i = 0; i < 3 * NB; i++) rand_fr(&tw[i], rng);
        memcpy(y0, x0, sizeof y0); memcpy(y1, x1, sizeof y1);
        cuzk_fr_butterfly_many(x0, x1, tw, stride, NB);
        int badb = 0;
        for (int i = 0; i < NB; i++) {
            cuzk_fr t, e0, e1;
            cuzk_fr_mul(&t, &y1[i], &tw[(size_t)i * stride]);
            cuzk_fr_add(&e0, &y0[i], &t);
            cuzk_fr_sub(&e1, &y0[i], &t);
            badb += memcmp(&x0[i], &e0, sizeof e0) != 0 || memcmp(&x1[i], &e1, sizeof e1) != 0;
        }
        CHECK_MSG(badb == 0, "%d butterflies differ (stride %zu)", badb, stride);
    }
}

static void rand_fp2(cuzk_fp2 *a, cuzk_rng *rng) { rand_fp(&a->c0, rng); rand_fp(&a->c1, rng); }
static void fp_zero(cuzk_fp *r) { *r = CUZK_FP_ZERO; }

/* A near miss that only one field has: Fp2 x coordinates equal in c0 alone. */
#define NEAR_fp(A, B) (void)0
#define NEAR_fp2(A, B) ((B)[0] = (A)[0], (B)[0].c1 = (A)[1].c0)

/* NAME(rng, n, scalar): PRE_affine_add_many (or, with scalar, its portable
 * path PRE_affine_add_many_scalar) against one inversion per pair, with
 * additions, doublings, opposite points and 2-torsion mixed in (the
 * coordinates need not lie on a curve: the formulas are field identities). */
#define DEFINE_TEST_AFFINE(NAME, T, PRE, RAND, ZERO, NEAR, WHAT)                                     \
    static void NAME(cuzk_rng *rng, size_t n, bool scalar)                                         \
    {                                                                                              \
        static T A[300][2], B[300][2], W[300][2], pre[300];                                        \
        static uint8_t inf[300];                                                                   \
        static T *pa[300];                                                                         \
        static const T *pb[300];                                                                   \
        static unsigned char scratch[300 * 96 + 64 + 40 * 6144];                                   \
        if (n > 300 || PRE##_affine_add_scratch_bytes(n) > sizeof scratch) { CHECK(0); return; }   \
        int want_inf[300];                                                                         \
        for (size_t i = 0; i < n; i++) {                                                           \
            RAND(&A[i][0], rng); RAND(&A[i][1], rng);                                              \
            RAND(&B[i][0], rng); RAND(&B[i][1], rng);                                              \
            unsigned r = (unsigned)(cuzk_rng_u64(rng) % 10);                                       \
            if (r == 0) { B[i][0] = A[i][0]; B[i][1] = A[i][1]; }              /* doubling */      \
            if (r == 1) { B[i][0] = A[i][0]; PRE##_neg(&B[i][1], &A[i][1]); }  /* opposite */      \
            if (r == 2) { B[i][0] = A[i][0]; ZERO(&A[i][1]); ZERO(&B[i][1]); } /* 2-torsion */     \
            if (r == 3) NEAR(A[i], B[i]);                                                          \
            T lam, den, t, x3;                                                                     \
            want_inf[i] = 0;                                                                       \
            pa[i] = A[i]; pb[i] = B[i];                                                            \
            if (!PRE##_eq(&A[i][0], &B[i][0])) {                                                   \
                PRE##_sub(&den, &B[i][0], &A[i][0]);                                               \
                PRE##_sub(&lam, &B[i][1], &A[i][1]);                                               \
            } else if (PRE##_eq(&A[i][1], &B[i][1]) && !PRE##_is_zero(&A[i][1])) {                 \
                PRE##_dbl(&den, &A[i][1]);                                                         \
                PRE##_sqr(&t, &A[i][0]);                                                           \
                PRE##_dbl(&lam, &t);                                                               \
                PRE##_add(&lam, &lam, &t);                                                         \
            } else {                                                                               \
                want_inf[i] = 1;                                                                   \
                W[i][0] = A[i][0]; W[i][1] = A[i][1];                                              \
                continue;                                                                          \
            }                                                                                      \
            PRE##_inv(&den, &den);                                                                 \
            PRE##_mul(&lam, &lam, &den);                                                           \
            PRE##_sqr(&x3, &lam);                                                                  \
            PRE##_sub(&x3, &x3, &A[i][0]);                                                         \
            PRE##_sub(&x3, &x3, &B[i][0]);                                                         \
            PRE##_sub(&t, &A[i][0], &x3);                                                          \
            PRE##_mul(&t, &lam, &t);                                                               \
            PRE##_sub(&W[i][1], &t, &A[i][1]);                                                     \
            W[i][0] = x3;                                                                          \
        }                                                                                          \
        if (scalar) PRE##_affine_add_many_scalar(pa, pb, inf, n, pre);                             \
        else PRE##_affine_add_many(pa, pb, inf, n, scratch);                                       \
        int bad = 0;                                                                               \
        for (size_t i = 0; i < n; i++)                                                             \
            bad += inf[i] != want_inf[i] || memcmp(A[i], W[i], sizeof W[i]) != 0;                  \
        CHECK_MSG(bad == 0, "%d of %zu " WHAT " affine additions differ (%s path)", bad, n,        \
                  scalar ? "scalar" : "dispatched");                                               \
    }

DEFINE_TEST_AFFINE(test_affine, cuzk_fp, cuzk_fp, rand_fp, fp_zero, NEAR_fp, "Fp")
DEFINE_TEST_AFFINE(test_affine2, cuzk_fp2, cuzk_fp2, rand_fp2, cuzk_fp2_zero, NEAR_fp2, "Fp2")

/* cuzk_fr_mul_powers against the power chain done by hand, with forward,
 * backward and spread strides, in place and not, and batch tails. */
static void test_powers(cuzk_rng *rng)
{
    static cuzk_fr a[1200], r[1200], want[1200];
    static const struct { ptrdiff_t rs, as; } st[] = {{1, 1}, {1, -1}, {-1, 1}, {2, 3}, {-3, -2}};
    int bad = 0;
    for (int c = 0; c < 5; c++) {
        for (size_t n = 0; n < 90; n += 13) {
            cuzk_fr p0, t, p;
            rand_fr(&p0, rng); rand_fr(&t, rng);
            for (int i = 0; i < 1200; i++) { rand_fr(&a[i], rng); r[i] = CUZK_FR_ZERO; }
            ptrdiff_t rb = st[c].rs < 0 ? 1100 : 0, ab = st[c].as < 0 ? 1100 : 0;
            memcpy(want, r, sizeof want);
            p = p0;
            for (size_t k = 0; k < n; k++) {
                cuzk_fr_mul(&want[rb + (ptrdiff_t)k * st[c].rs], &a[ab + (ptrdiff_t)k * st[c].as], &p);
                cuzk_fr_mul(&p, &p, &t);
            }
            cuzk_fr_mul_powers(r + rb, st[c].rs, a + ab, st[c].as, n, &p0, &t);
            bad += memcmp(r, want, sizeof r) != 0;
            /* in place, stride 1 */
            memcpy(r, a, sizeof r);
            p = p0;
            for (size_t k = 0; k < n; k++) {
                cuzk_fr_mul(&want[k], &a[k], &p);
                cuzk_fr_mul(&p, &p, &t);
            }
            cuzk_fr_mul_powers(r, 1, r, 1, n, &p0, &t);
            bad += memcmp(r, want, n * sizeof r[0]) != 0;
        }
    }
    CHECK_MSG(bad == 0, "%d mul_powers cases differ", bad);
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x1f3a);
    bool have = cuzk_ff_ifma_available();
    printf("test_ifma: AVX-512 IFMA %s\n", have ? "available: vector kernels checked"
                                             : "NOT available: only the scalar fallback is checked");
    test_known();
    test_edges();
    test_many(&rng, 60);
    if (have) test_x8(&rng, 3000);
    if (have) test_addsub_butterfly(&rng, 3000);
    else test_addsub_butterfly(&rng, 0); /* the butterfly's scalar fallback */
    for (int k = 0; k < 40; k++) {
        size_t n = k % 20 < 10 ? (size_t)(k % 20 * 7) : 293;
        test_affine(&rng, n, k >= 20);
        test_affine2(&rng, n, k >= 20);
    }
    test_powers(&rng);
    return test_finish("test_ifma");
}
