/* Fp: known answers, the naive reference, algebraic identities, encodings,
 * and the build-selected mul/sqr against the portable kernels. */
#include <stdio.h>
#include <string.h>

#include "cuzk/ff.h"
#include "ff/ff_internal.h"
#include "ff/ff_inv.h"
#include "test.h"
#include "ff_ref.h"

static const uint64_t *P = CUZK_FP_MODULUS;

static void rand_raw(uint64_t r[6], cuzk_rng *rng) { ref_rand_below(r, rng, P, 6); }

static void rand_fp(cuzk_fp *a, cuzk_rng *rng)
{
    uint64_t raw[6];
    rand_raw(raw, rng);
    CHECK(cuzk_fp_from_raw(a, raw));
}

static bool raw_eq(const uint64_t *a, const uint64_t *b) { return memcmp(a, b, 48) == 0; }

static void test_constants(void)
{
    /* ONE is R = 2^384 mod p */
    uint64_t two384[7] = {0, 0, 0, 0, 0, 0, 1}, r[6];
    ref_mod(r, two384, 7, P, 6);
    CHECK(raw_eq(r, CUZK_FP_ONE.l));
    CHECK(cuzk_fp_is_one(&CUZK_FP_ONE) && !cuzk_fp_is_one(&CUZK_FP_ZERO));
    CHECK(cuzk_fp_is_zero(&CUZK_FP_ZERO) && !cuzk_fp_is_zero(&CUZK_FP_ONE));
    uint64_t raw[6];
    cuzk_fp_to_raw(raw, &CUZK_FP_ONE);
    CHECK(raw[0] == 1 && raw[1] == 0 && raw[5] == 0);
    /* from_u64(1) = ONE (this exercises R^2) and from_u64 of a large value */
    cuzk_fp a;
    cuzk_fp_from_u64(&a, 1);
    CHECK(cuzk_fp_eq(&a, &CUZK_FP_ONE));
    cuzk_fp_from_u64(&a, 0);
    CHECK(cuzk_fp_is_zero(&a));
    cuzk_fp_from_u64(&a, 0xfedcba9876543210ULL);
    cuzk_fp_to_raw(raw, &a);
    CHECK(raw[0] == 0xfedcba9876543210ULL && raw[1] == 0);
    /* the Montgomery form of x is x * 2^384 mod p */
    uint64_t x[6] = {0x0123456789abcdefULL, 5, 6, 7, 8, 9}, xr[12] = {0}, want[6];
    memcpy(xr + 6, x, 48);
    ref_mod(want, xr, 12, P, 6);
    CHECK(cuzk_fp_from_raw(&a, x));
    CHECK(raw_eq(a.l, want));
    /* (p-1)^2 = 1 */
    uint64_t pm1[6];
    memcpy(pm1, P, 48);
    pm1[0] -= 1;
    CHECK(cuzk_fp_from_raw(&a, pm1));
    cuzk_fp s;
    cuzk_fp_sqr(&s, &a);
    CHECK(cuzk_fp_is_one(&s));
    cuzk_fp_mul(&s, &a, &a);
    CHECK(cuzk_fp_is_one(&s));
    /* -1 = p - 1 */
    cuzk_fp m1;
    cuzk_fp_neg(&m1, &CUZK_FP_ONE);
    CHECK(cuzk_fp_eq(&m1, &a));
    /* from_raw rejects p and above */
    CHECK(!cuzk_fp_from_raw(&a, P));
    uint64_t big[6] = {~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL};
    CHECK(!cuzk_fp_from_raw(&a, big));
    const char *be = cuzk_ff_backend();
    CHECK(strcmp(be, "x86-64-adx") == 0 || strcmp(be, "portable") == 0);
#if defined(CUZK_ASM) && defined(__x86_64__)
    CHECK(strcmp(be, "x86-64-adx") == 0); /* the fast path is really in use */
#endif
}

/* Every operation on random values against the naive reference. */
static void test_against_reference(cuzk_rng *rng, int iters)
{
    int bad_mul = 0, bad_sqr = 0, bad_add = 0, bad_sub = 0, bad_neg = 0, bad_small = 0, bad_dbl = 0;
    for (int it = 0; it < iters; it++) {
        uint64_t x[6], y[6], want[6], got[6];
        rand_raw(x, rng);
        rand_raw(y, rng);
        cuzk_fp a, b, c;
        cuzk_fp_from_raw(&a, x);
        cuzk_fp_from_raw(&b, y);

        cuzk_fp_mul(&c, &a, &b);
        cuzk_fp_to_raw(got, &c);
        ref_mulmod(want, x, y, P, 6);
        bad_mul += !raw_eq(got, want);

        cuzk_fp_sqr(&c, &a);
        cuzk_fp_to_raw(got, &c);
        ref_mulmod(want, x, x, P, 6);
        bad_sqr += !raw_eq(got, want);

        cuzk_fp_add(&c, &a, &b);
        cuzk_fp_to_raw(got, &c);
        ref_addmod(want, x, y, P, 6);
        bad_add += !raw_eq(got, want);

        cuzk_fp_dbl(&c, &a);
        cuzk_fp_to_raw(got, &c);
        ref_addmod(want, x, x, P, 6);
        bad_dbl += !raw_eq(got, want);

        cuzk_fp_sub(&c, &a, &b);
        cuzk_fp_to_raw(got, &c);
        ref_submod(want, x, y, P, 6);
        bad_sub += !raw_eq(got, want);

        cuzk_fp_neg(&c, &a);
        cuzk_fp_to_raw(got, &c);
        uint64_t zero[6] = {0};
        ref_submod(want, zero, x, P, 6);
        bad_neg += !raw_eq(got, want);

        uint64_t k = cuzk_rng_u64(rng);
        switch (it & 3) {
        case 0: k &= 15; break;                 /* the common small multipliers */
        case 1: k &= 0xffff; break;
        case 2: if (it & 4) k = ~0ULL; break;   /* the worst quotient estimate */
        default: break;
        }
        uint64_t kk[6] = {k, 0, 0, 0, 0, 0};
        cuzk_fp_mul_small(&c, &a, k);
        cuzk_fp_to_raw(got, &c);
        ref_mulmod(want, x, kk, P, 6);
        bad_small += !raw_eq(got, want);
    }
    CHECK_MSG(bad_mul == 0, "%d mul mismatches", bad_mul);
    CHECK_MSG(bad_sqr == 0, "%d sqr mismatches", bad_sqr);
    CHECK_MSG(bad_add == 0, "%d add mismatches", bad_add);
    CHECK_MSG(bad_dbl == 0, "%d dbl mismatches", bad_dbl);
    CHECK_MSG(bad_sub == 0, "%d sub mismatches", bad_sub);
    CHECK_MSG(bad_neg == 0, "%d neg mismatches", bad_neg);
    CHECK_MSG(bad_small == 0, "%d mul_small mismatches", bad_small);
}

/* The build-selected kernels against the portable ones on Montgomery-form
 * inputs directly (any limbs < p are valid), many values and all edge pairs. */
static void test_kernels(cuzk_rng *rng, int iters)
{
    int bad = 0;
    cuzk_fp a, b, c1, c2;
    for (int it = 0; it < iters; it++) {
        rand_raw(a.l, rng);
        rand_raw(b.l, rng);
        cuzk_fp_mul(&c1, &a, &b);
        cuzk_fp_mul_portable(&c2, &a, &b);
        bad += !cuzk_fp_eq(&c1, &c2);
        cuzk_fp_sqr(&c1, &a);
        cuzk_fp_sqr_portable(&c2, &a);
        bad += !cuzk_fp_eq(&c1, &c2);
    }
    /* edges: 0, 1, 2, p-1, p-2, 2^k-1, all-ones limbs, top-limb-only */
    enum { NE = 10 };
    cuzk_fp e[NE];
    memset(e, 0, sizeof e);
    e[1].l[0] = 1;
    e[2].l[0] = 2;
    memcpy(e[3].l, P, 48); e[3].l[0] -= 1;
    memcpy(e[4].l, P, 48); e[4].l[0] -= 2;
    for (int i = 0; i < 5; i++) e[5].l[i] = ~0ULL;           /* 2^320 - 1 */
    memcpy(e[6].l, e[5].l, 48); e[6].l[5] = P[5] - 1;       /* all ones under p5 */
    e[7].l[5] = P[5] - 1;
    e[8] = CUZK_FP_ONE;
    for (int i = 0; i < 6; i++) e[9].l[i] = 0x5555555555555555ULL & (i == 5 ? P[5] : ~0ULL);
    for (int i = 0; i < NE; i++) {
        for (int j = 0; j < NE; j++) {
            cuzk_fp_mul(&c1, &e[i], &e[j]);
            cuzk_fp_mul_portable(&c2, &e[i], &e[j]);
            bad += !cuzk_fp_eq(&c1, &c2);
            /* results are fully reduced */
            bad += ref_cmp(c1.l, P, 6) >= 0;
        }
        cuzk_fp_sqr(&c1, &e[i]);
        cuzk_fp_sqr_portable(&c2, &e[i]);
        bad += !cuzk_fp_eq(&c1, &c2);
    }
    CHECK_MSG(bad == 0, "%d kernel mismatches", bad);
    /* aliasing: r = a, r = b, r = a = b */
    rand_raw(a.l, rng);
    rand_raw(b.l, rng);
    cuzk_fp_mul_portable(&c2, &a, &b);
    c1 = a; cuzk_fp_mul(&c1, &c1, &b); CHECK(cuzk_fp_eq(&c1, &c2));
    c1 = b; cuzk_fp_mul(&c1, &a, &c1); CHECK(cuzk_fp_eq(&c1, &c2));
    cuzk_fp_sqr_portable(&c2, &a);
    c1 = a; cuzk_fp_mul(&c1, &c1, &c1); CHECK(cuzk_fp_eq(&c1, &c2));
    c1 = a; cuzk_fp_sqr(&c1, &c1); CHECK(cuzk_fp_eq(&c1, &c2));
    cuzk_fp_add(&c2, &a, &b);
    c1 = a; cuzk_fp_add(&c1, &c1, &b); CHECK(cuzk_fp_eq(&c1, &c2));
    cuzk_fp_sub(&c2, &a, &b);
    c1 = b; cuzk_fp_sub(&c1, &a, &c1); CHECK(cuzk_fp_eq(&c1, &c2));
}

static void test_identities(cuzk_rng *rng, int iters)
{
    int bad = 0;
    for (int it = 0; it < iters; it++) {
        cuzk_fp a, b, c, t1, t2, t3;
        rand_fp(&a, rng);
        rand_fp(&b, rng);
        rand_fp(&c, rng);
        /* a(b + c) = ab + ac */
        cuzk_fp_add(&t1, &b, &c);
        cuzk_fp_mul(&t1, &a, &t1);
        cuzk_fp_mul(&t2, &a, &b);
        cuzk_fp_mul(&t3, &a, &c);
        cuzk_fp_add(&t2, &t2, &t3);
        bad += !cuzk_fp_eq(&t1, &t2);
        /* (ab)c = a(bc), ab = ba */
        cuzk_fp_mul(&t1, &a, &b);
        cuzk_fp_mul(&t1, &t1, &c);
        cuzk_fp_mul(&t2, &b, &c);
        cuzk_fp_mul(&t2, &a, &t2);
        bad += !cuzk_fp_eq(&t1, &t2);
        cuzk_fp_mul(&t1, &a, &b);
        cuzk_fp_mul(&t2, &b, &a);
        bad += !cuzk_fp_eq(&t1, &t2);
        /* (a - b) + b = a, a + (-a) = 0, (a+b)^2 = a^2 + 2ab + b^2 */
        cuzk_fp_sub(&t1, &a, &b);
        cuzk_fp_add(&t1, &t1, &b);
        bad += !cuzk_fp_eq(&t1, &a);
        cuzk_fp_neg(&t1, &a);
        cuzk_fp_add(&t1, &t1, &a);
        bad += !cuzk_fp_is_zero(&t1);
        cuzk_fp_add(&t1, &a, &b);
        cuzk_fp_sqr(&t1, &t1);
        cuzk_fp_sqr(&t2, &a);
        cuzk_fp_sqr(&t3, &b);
        cuzk_fp_add(&t2, &t2, &t3);
        cuzk_fp_mul(&t3, &a, &b);
        cuzk_fp_dbl(&t3, &t3);
        cuzk_fp_add(&t2, &t2, &t3);
        bad += !cuzk_fp_eq(&t1, &t2);
    }
    CHECK_MSG(bad == 0, "%d identity failures", bad);
    cuzk_fp z;
    cuzk_fp_neg(&z, &CUZK_FP_ZERO);
    CHECK(cuzk_fp_is_zero(&z));
}

static void test_pow_inv(cuzk_rng *rng, int iters)
{
    uint64_t pm1[6];
    memcpy(pm1, P, 48);
    pm1[0] -= 1;
    int bad = 0;
    for (int it = 0; it < iters; it++) {
        cuzk_fp a, t;
        do rand_fp(&a, rng); while (cuzk_fp_is_zero(&a));
        cuzk_fp_pow(&t, &a, pm1, 6);           /* Fermat */
        bad += !cuzk_fp_is_one(&t);
        cuzk_fp_inv(&t, &a);
        cuzk_fp_mul(&t, &t, &a);
        bad += !cuzk_fp_is_one(&t);
    }
    CHECK_MSG(bad == 0, "%d pow/inv failures", bad);
    cuzk_fp a, t;
    cuzk_fp_inv(&t, &CUZK_FP_ZERO);
    CHECK(cuzk_fp_is_zero(&t));
    cuzk_fp_inv(&t, &CUZK_FP_ONE);
    CHECK(cuzk_fp_is_one(&t));
    /* small exponents against repeated multiplication; exponent 0 gives 1 */
    rand_fp(&a, rng);
    uint64_t e = 0;
    cuzk_fp_pow(&t, &a, &e, 1);
    CHECK(cuzk_fp_is_one(&t));
    cuzk_fp acc = CUZK_FP_ONE;
    for (e = 1; e < 40; e++) {
        cuzk_fp_mul(&acc, &acc, &a);
        cuzk_fp_pow(&t, &a, &e, 1);
        CHECK(cuzk_fp_eq(&t, &acc));
    }
    /* inv(2) = (p+1)/2 */
    cuzk_fp two;
    cuzk_fp_from_u64(&two, 2);
    cuzk_fp_inv(&t, &two);
    uint64_t raw[6], want[6];
    cuzk_fp_to_raw(raw, &t);
    uint64_t pp1[6];
    memcpy(pp1, P, 48);
    pp1[0] += 1;
    for (int i = 0; i < 6; i++) want[i] = pp1[i] >> 1 | (i < 5 ? pp1[i + 1] << 63 : 0);
    CHECK(raw_eq(raw, want));
}

/* -m^-1 mod 2^64 by Newton's iteration (each step doubles the correct bits). */
static uint64_t neg_inv64(uint64_t m)
{
    uint64_t x = m; /* correct to 3 bits for odd m */
    for (int i = 0; i < 5; i++) x *= 2 - m * x;
    return (uint64_t)0 - x;
}

/* The binary-GCD inversion: against Fermat through the public function, and
 * directly (so a silent fallback to Fermat would be noticed), on random and
 * edge values, plus small and composite moduli. */
static void test_inv_bingcd(cuzk_rng *rng, int iters)
{
    CHECK(neg_inv64(P[0]) == CUZK_FP_N0);
    int bad = 0, fails = 0;
    for (int it = 0; it < iters; it++) {
        uint64_t x[6], v[6], prod[6];
        rand_raw(x, rng);
        if (it == 0) { memset(x, 0, 48); x[0] = 1; }
        if (it == 1) { memcpy(x, P, 48); x[0] -= 1; }
        if (it == 2) { memset(x, 0, 48); x[5] = 1; }   /* 2^320: long runs of halvings */
        if (ref_cmp(x, (const uint64_t[6]){0}, 6) == 0) continue;
        if (!cuzk_ff_inv_bingcd(v, x, P, CUZK_FP_N0, 6)) { fails++; continue; }
        ref_mulmod(prod, x, v, P, 6);
        bad += !(prod[0] == 1 && !prod[1] && !prod[2] && !prod[3] && !prod[4] && !prod[5]);
        bad += ref_cmp(v, P, 6) >= 0;
        cuzk_fp a, i1, i2;
        memcpy(a.l, x, 48);
        cuzk_fp_inv(&i1, &a);
        cuzk_fp_inv_fermat(&i2, &a);
        bad += !cuzk_fp_eq(&i1, &i2);
    }
    CHECK_MSG(bad == 0 && fails == 0, "bingcd: %d wrong, %d not finished", bad, fails);
    uint64_t zero[6] = {0}, v[6] = {0};
    CHECK(!cuzk_ff_inv_bingcd(v, zero, P, CUZK_FP_N0, 6));
    /* one-limb moduli against brute force, and non-invertible inputs */
    static const uint64_t mods[] = {3, 15, 101, 255, 1000003, 0x7ffffffffffffe7ULL};
    for (size_t k = 0; k < sizeof mods / sizeof mods[0]; k++) {
        uint64_t m = mods[k], n0 = neg_inv64(m);
        for (int it = 0; it < 200; it++) {
            uint64_t x = 1 + cuzk_rng_u64(rng) % (m - 1), r = 0;
            bool ok = cuzk_ff_inv_bingcd(&r, &x, &m, n0, 1);
            uint64_t g = m, h = x;
            while (h) { uint64_t t = g % h; g = h; h = t; }
            if (g != 1) { bad += ok; continue; }
            __extension__ unsigned __int128 pr = (unsigned __int128)x * r % m;
            bad += !ok || pr != 1 || r >= m;
        }
    }
    CHECK_MSG(bad == 0, "%d small-modulus inverse failures", bad);
    /* a composite multi-limb modulus: p * 3 has top limb < 2^63; 3 is not invertible */
    uint64_t m3[7] = {0}, three[6] = {3, 0, 0, 0, 0, 0};
    uint64_t c = 0;
    for (int i = 0; i < 6; i++) {
        __extension__ unsigned __int128 t = (unsigned __int128)P[i] * 3 + c;
        m3[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
    }
    CHECK(c == 0);
    CHECK(!cuzk_ff_inv_bingcd(v, three, m3, neg_inv64(m3[0]), 6));
}

static void test_sqrt_legendre(cuzk_rng *rng, int iters)
{
    int bad = 0, nsq = 0, nnon = 0;
    for (int it = 0; it < iters; it++) {
        cuzk_fp a, s, r, na;
        rand_fp(&a, rng);
        cuzk_fp_sqr(&s, &a);
        bool ok = cuzk_fp_sqrt(&r, &s);
        cuzk_fp_neg(&na, &a);
        bad += !ok || !(cuzk_fp_eq(&r, &a) || cuzk_fp_eq(&r, &na));
        bad += cuzk_fp_legendre(&s) != (cuzk_fp_is_zero(&a) ? 0 : 1);
        /* a random value: sqrt succeeds exactly when legendre says square */
        int l = cuzk_fp_legendre(&a);
        cuzk_fp keep = {{42}};
        r = keep;
        ok = cuzk_fp_sqrt(&r, &a);
        bad += ok != (l >= 0);
        if (ok) {
            cuzk_fp_sqr(&s, &r);
            bad += !cuzk_fp_eq(&s, &a);
            nsq++;
        } else {
            bad += !cuzk_fp_eq(&r, &keep); /* untouched on failure */
            nnon++;
        }
    }
    CHECK_MSG(bad == 0, "%d sqrt/legendre failures", bad);
    CHECK(nsq > 0 && nnon > 0);
    /* -1 is a non-residue since p = 3 mod 4; 4 has root 2 or -2 */
    cuzk_fp m1, r, four;
    cuzk_fp_neg(&m1, &CUZK_FP_ONE);
    CHECK(cuzk_fp_legendre(&m1) == -1);
    CHECK(!cuzk_fp_sqrt(&r, &m1));
    CHECK(cuzk_fp_legendre(&CUZK_FP_ZERO) == 0);
    CHECK(cuzk_fp_sqrt(&r, &CUZK_FP_ZERO) && cuzk_fp_is_zero(&r));
    cuzk_fp_from_u64(&four, 4);
    CHECK(cuzk_fp_sqrt(&r, &four));
    cuzk_fp_sqr(&r, &r);
    CHECK(cuzk_fp_eq(&r, &four));
}

static void test_batch_inv(cuzk_rng *rng)
{
    enum { N = 70 };
    cuzk_fp in[N], out[N], want[N], inplace[N];
    for (int i = 0; i < N; i++) {
        rand_fp(&in[i], rng);
        if (i % 7 == 3 || i == 0 || i == N - 1) in[i] = CUZK_FP_ZERO;
        cuzk_fp_inv(&want[i], &in[i]);
    }
    cuzk_fp_batch_inv(out, in, N);
    int bad = 0;
    for (int i = 0; i < N; i++) bad += !cuzk_fp_eq(&out[i], &want[i]);
    memcpy(inplace, in, sizeof in);
    cuzk_fp_batch_inv(inplace, inplace, N);
    for (int i = 0; i < N; i++) bad += !cuzk_fp_eq(&inplace[i], &want[i]);
    CHECK_MSG(bad == 0, "%d batch_inv mismatches", bad);
    cuzk_fp_batch_inv(out, in, 0); /* no-op */
    cuzk_fp one = CUZK_FP_ZERO;
    cuzk_fp_batch_inv(&one, &one, 1);
    CHECK(cuzk_fp_is_zero(&one));
}

static void test_bytes(cuzk_rng *rng)
{
    int bad = 0;
    for (int it = 0; it < 200; it++) {
        cuzk_fp a, b;
        uint8_t be[48], le[48];
        uint64_t raw[6];
        rand_fp(&a, rng);
        cuzk_fp_to_raw(raw, &a);
        cuzk_fp_to_bytes_be(be, &a);
        cuzk_fp_to_bytes_le(le, &a);
        for (int i = 0; i < 48; i++) {
            bad += le[i] != (uint8_t)(raw[i / 8] >> (8 * (i % 8)));
            bad += be[47 - i] != le[i];
        }
        bad += cuzk_fp_from_bytes_be(&b, be, NULL) != 0 || !cuzk_fp_eq(&a, &b);
        bad += cuzk_fp_from_bytes_le(&b, le, NULL) != 0 || !cuzk_fp_eq(&a, &b);
    }
    CHECK_MSG(bad == 0, "%d byte round-trip failures", bad);
    /* 1 big-endian is 00..01 */
    uint8_t be[48] = {0};
    cuzk_fp_to_bytes_be(be, &CUZK_FP_ONE);
    CHECK(be[47] == 1 && be[0] == 0);
    /* p itself, p + 1 and all-ones are rejected with NOT_CANONICAL and a message */
    uint8_t pb[48], pl[48];
    for (int i = 0; i < 48; i++) pl[i] = (uint8_t)(P[i / 8] >> (8 * (i % 8)));
    for (int i = 0; i < 48; i++) pb[47 - i] = pl[i];
    cuzk_fp r = {{7}};
    cuzk_err err;
    memset(&err, 0, sizeof err);
    CHECK(cuzk_fp_from_bytes_be(&r, pb, &err) == CUZK_ERR_NOT_CANONICAL);
    CHECK(err.code == CUZK_ERR_NOT_CANONICAL && strlen(err.msg) > 0);
    CHECK(cuzk_fp_from_bytes_le(&r, pl, &err) == CUZK_ERR_NOT_CANONICAL);
    CHECK(cuzk_fp_from_bytes_le(&r, pl, NULL) == CUZK_ERR_NOT_CANONICAL);
    pb[47]++;
    CHECK(cuzk_fp_from_bytes_be(&r, pb, NULL) == CUZK_ERR_NOT_CANONICAL);
    memset(pb, 0xff, 48);
    CHECK(cuzk_fp_from_bytes_be(&r, pb, NULL) == CUZK_ERR_NOT_CANONICAL);
    /* p - 1 is accepted */
    for (int i = 0; i < 48; i++) pb[47 - i] = pl[i];
    pb[47]--;
    CHECK(cuzk_fp_from_bytes_be(&r, pb, &err) == 0);
    cuzk_fp m1;
    cuzk_fp_neg(&m1, &CUZK_FP_ONE);
    CHECK(cuzk_fp_eq(&r, &m1));
}

static void test_lex(void)
{
    /* (p-1)/2 is not "largest", (p+1)/2 is; 0 is not; -1 is */
    uint64_t h[6], h1[6];
    for (int i = 0; i < 6; i++) h[i] = P[i] >> 1 | (i < 5 ? P[i + 1] << 63 : 0);
    memcpy(h1, h, 48);
    h1[0] += 1;
    cuzk_fp a;
    CHECK(cuzk_fp_from_raw(&a, h));
    CHECK(!cuzk_fp_is_lex_largest(&a));
    CHECK(cuzk_fp_from_raw(&a, h1));
    CHECK(cuzk_fp_is_lex_largest(&a));
    CHECK(!cuzk_fp_is_lex_largest(&CUZK_FP_ZERO));
    CHECK(!cuzk_fp_is_lex_largest(&CUZK_FP_ONE));
    cuzk_fp_neg(&a, &CUZK_FP_ONE);
    CHECK(cuzk_fp_is_lex_largest(&a));
}

/* Dependent chains of 1e6 operations; best of 3 runs. Informational only. */
static __attribute__((unused)) void bench(void)
{
    cuzk_fp a = CUZK_FP_ONE, b;
    cuzk_fp_from_u64(&b, 0x1234567);
    const int n = 1000000;
    double best[5] = {1e9, 1e9, 1e9, 1e9, 1e9};
    for (int rep = 0; rep < 3; rep++) {
        uint64_t t0 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fp_mul(&a, &a, &b);
        uint64_t t1 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fp_sqr(&a, &a);
        uint64_t t2 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fp_add(&a, &a, &b);
        uint64_t t3 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fp_sub(&a, &a, &b);
        uint64_t t4 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fp_mul_portable(&a, &a, &b);
        uint64_t t5 = cuzk_now_ns();
        double d[5] = {(double)(t1 - t0), (double)(t2 - t1), (double)(t3 - t2), (double)(t4 - t3), (double)(t5 - t4)};
        for (int k = 0; k < 5; k++) if (d[k] / n < best[k]) best[k] = d[k] / n;
    }
    cuzk_fp t;
    uint64_t t0 = cuzk_now_ns();
    for (int i = 0; i < 200; i++) cuzk_fp_inv(&a, &a);
    double inv_ns = (double)(cuzk_now_ns() - t0) / 200;
    t0 = cuzk_now_ns();
    for (int i = 0; i < 200; i++) { cuzk_fp_sqr(&t, &a); cuzk_fp_sqrt(&a, &t); }
    double sqrt_ns = (double)(cuzk_now_ns() - t0) / 200;
    printf("fp (%s): mul %.1f ns, sqr %.1f ns, add %.1f ns, sub %.1f ns, mul_portable %.1f ns, "
           "inv %.0f ns, sqrt %.0f ns [%016llx]\n",
           cuzk_ff_backend(), best[0], best[1], best[2], best[3], best[4], inv_ns, sqrt_ns,
           (unsigned long long)a.l[0]);
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0xf9f9f9);
    test_constants();
    test_against_reference(&rng, 3000);
    test_kernels(&rng, 100000);
    test_identities(&rng, 2000);
    test_pow_inv(&rng, 100);
    test_inv_bingcd(&rng, 2000);
    test_sqrt_legendre(&rng, 200);
    test_batch_inv(&rng);
    test_bytes(&rng);
    test_lex();
#ifndef __SANITIZE_ADDRESS__ /* timings under ASan mean nothing and cost seconds */
    if (!getenv("CUZK_TEST_NO_BENCH")) bench();
#endif
    return test_finish("test_fp");
}
