/* Fr: the blstrs constants (golden file), the naive reference, identities,
 * Tonelli-Shanks, the root of unity, encodings. */
#include <stdio.h>
#include <string.h>

#include "cuzk/ff.h"
#include "ff/ff_internal.h"
#include "ff/ff_inv.h"
#include "test.h"
#include "ff_ref.h"

static const uint64_t *RM = CUZK_FR_MODULUS;

static void rand_fr(cuzk_fr *a, cuzk_rng *rng)
{
    uint64_t raw[4];
    ref_rand_below(raw, rng, RM, 4);
    CHECK(cuzk_fr_from_raw(a, raw));
}

static bool raw_eq(const uint64_t *a, const uint64_t *b) { return memcmp(a, b, 32) == 0; }

/* ---- a tiny reader for fr_constants_blstrs.json ----------------------------
 * Finds `"name"`, then the first `"field"` after it, and returns the text of
 * the next string (or of the next array, for the limb lists). Enough for this
 * one flat, known file; not a JSON parser. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

static const char *json_after(const char *doc, const char *name, const char *field)
{
    char key[96];
    snprintf(key, sizeof key, "\"%s\"", name);
    const char *p = strstr(doc, key);
    if (!p) return NULL;
    snprintf(key, sizeof key, "\"%s\"", field);
    p = strstr(p + 1, key);
    return p ? p + strlen(key) : NULL;
}

/* Parses "0x..." big-endian hex into 4 canonical limbs. */
static bool hex_be_to_limbs(uint64_t out[4], const char *p)
{
    const char *q = strstr(p, "\"0x");
    if (!q) return false;
    q += 3;
    char hex[65];
    size_t n = 0;
    while (n < 64 && test_hex_nibble(q[n]) >= 0) n++;
    if (n != 64) return false;
    memcpy(hex, q, 64);
    hex[64] = 0;
    uint8_t be[32];
    if (test_unhex(be, sizeof be, hex) != 32) return false;
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int k = 0; k < 8; k++) v = v << 8 | be[8 * (3 - i) + k];
        out[i] = v;
    }
    return true;
}

/* Parses the 4 "0x..." limb strings of a montgomery_limbs_le array. */
static bool limb_list(uint64_t out[4], const char *p)
{
    for (int i = 0; i < 4; i++) {
        const char *q = strstr(p, "\"0x");
        if (!q) return false;
        q += 3;
        uint64_t v = 0;
        int n = 0;
        for (; test_hex_nibble(q[n]) >= 0; n++) v = v << 4 | (uint64_t)test_hex_nibble(q[n]);
        if (n != 16) return false;
        out[i] = v;
        p = q + n;
    }
    return true;
}

static void test_golden(void)
{
    const char *doc = slurp(CUZK_GOLDEN_DIR "/bls12_381/fr_constants_blstrs.json");
    CHECK_MSG(doc != NULL, "cannot read %s", CUZK_GOLDEN_DIR "/bls12_381/fr_constants_blstrs.json");
    if (!doc) return;
    uint64_t v[4];
    /* the modulus */
    const char *rp = strstr(doc, "\"r_hex\"");
    CHECK(rp && hex_be_to_limbs(v, rp) && raw_eq(v, RM));
    /* Montgomery limbs are comparable as-is: blstrs uses the same R = 2^256 */
    struct { const char *name; cuzk_fr want; } items[] = {
        {"ROOT_OF_UNITY", CUZK_FR_ROOT_OF_UNITY},
        {"R_mont_one", CUZK_FR_ONE},
        {"GENERATOR", {{0}}},
        {"TWO_INV", {{0}}},
        {"ROOT_OF_UNITY_INV", {{0}}},
        {"DELTA", {{0}}},
    };
    cuzk_fr_from_u64(&items[2].want, CUZK_FR_GENERATOR);
    cuzk_fr two;
    cuzk_fr_from_u64(&two, 2);
    cuzk_fr_inv(&items[3].want, &two);
    cuzk_fr_inv(&items[4].want, &CUZK_FR_ROOT_OF_UNITY);
    uint64_t e2_32[1] = {1ULL << 32};
    cuzk_fr seven;
    cuzk_fr_from_u64(&seven, 7);
    cuzk_fr_pow(&items[5].want, &seven, e2_32, 1); /* DELTA = 7^(2^32) */
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
        const char *p = json_after(doc, items[i].name, "montgomery_limbs_le");
        CHECK_MSG(p && limb_list(v, p) && raw_eq(v, items[i].want.l), "%s montgomery limbs", items[i].name);
        p = json_after(doc, items[i].name, "canonical_hex_be");
        uint64_t raw[4];
        cuzk_fr_to_raw(raw, &items[i].want);
        CHECK_MSG(p && hex_be_to_limbs(v, p) && raw_eq(v, raw), "%s canonical", items[i].name);
        /* and the 32-byte LE repr */
        p = json_after(doc, items[i].name, "canonical_repr_le_hex");
        uint8_t le[32], got[32];
        const char *q = p ? strchr(p, '"') : NULL;
        char hex[65] = {0};
        if (q) memcpy(hex, q + 1, 64);
        cuzk_fr_to_bytes_le(got, &items[i].want);
        CHECK_MSG(q && test_unhex(le, 32, hex) == 32 && memcmp(le, got, 32) == 0, "%s repr", items[i].name);
    }
    /* R^2 */
    const char *p = strstr(doc, "\"R2_montgomery_limbs_le\"");
    uint64_t r2[4], two512[9] = {0, 0, 0, 0, 0, 0, 0, 0, 1}, want[4];
    ref_mod(want, two512, 9, RM, 4);
    CHECK(p && limb_list(r2, p) && raw_eq(r2, want));
    CHECK(strstr(doc, "\"S_two_adicity\": 32") != NULL);
}

static void test_constants(void)
{
    uint64_t two256[5] = {0, 0, 0, 0, 1}, r[4];
    ref_mod(r, two256, 5, RM, 4);
    CHECK(raw_eq(r, CUZK_FR_ONE.l));
    CHECK(cuzk_fr_is_one(&CUZK_FR_ONE) && cuzk_fr_is_zero(&CUZK_FR_ZERO));
    CHECK(!cuzk_fr_is_zero(&CUZK_FR_ONE) && !cuzk_fr_is_one(&CUZK_FR_ZERO));
    /* root of unity: canonical value, order exactly 2^32 */
    static const uint8_t root_be[32] = {
        0x16, 0xa2, 0xa1, 0x9e, 0xdf, 0xe8, 0x1f, 0x20, 0xd0, 0x9b, 0x68, 0x19, 0x22, 0xc8, 0x13, 0xb4,
        0xb6, 0x36, 0x83, 0x50, 0x8c, 0x22, 0x80, 0xb9, 0x38, 0x29, 0x97, 0x1f, 0x43, 0x9f, 0x0d, 0x2b};
    uint8_t be[32];
    cuzk_fr_to_bytes_be(be, &CUZK_FR_ROOT_OF_UNITY);
    CHECK_MEM(be, root_be, 32);
    cuzk_fr w = CUZK_FR_ROOT_OF_UNITY, m1;
    for (int i = 0; i < 31; i++) cuzk_fr_sqr(&w, &w);
    cuzk_fr_neg(&m1, &CUZK_FR_ONE);
    CHECK(cuzk_fr_eq(&w, &m1)); /* w^(2^31) = -1, so the order is not smaller */
    cuzk_fr_sqr(&w, &w);
    CHECK(cuzk_fr_is_one(&w));
    /* 7 is a non-residue; root = 7^((r-1)/2^32) */
    cuzk_fr seven;
    cuzk_fr_from_u64(&seven, CUZK_FR_GENERATOR);
    CHECK(cuzk_fr_legendre(&seven) == -1);
    uint64_t t[4];
    for (int i = 0; i < 4; i++) t[i] = RM[i] >> 32 | (i < 3 ? RM[i + 1] << 32 : 0);
    cuzk_fr_pow(&w, &seven, t, 4);
    CHECK(cuzk_fr_eq(&w, &CUZK_FR_ROOT_OF_UNITY));
    /* (r-1)^2 = 1 */
    uint64_t rm1[4];
    memcpy(rm1, RM, 32);
    rm1[0] -= 1;
    cuzk_fr a;
    CHECK(cuzk_fr_from_raw(&a, rm1));
    CHECK(cuzk_fr_eq(&a, &m1));
    cuzk_fr_sqr(&a, &a);
    CHECK(cuzk_fr_is_one(&a));
    CHECK(!cuzk_fr_from_raw(&a, RM));
    /* from_u64 / to_scalar */
    cuzk_fr_from_u64(&a, 0xabcdef0123456789ULL);
    cuzk_scalar s;
    cuzk_fr_to_scalar(&s, &a);
    CHECK(s.l[0] == 0xabcdef0123456789ULL && s.l[1] == 0 && s.l[2] == 0 && s.l[3] == 0);
}

static void test_against_reference(cuzk_rng *rng, int iters)
{
    int bad = 0, badk = 0;
    for (int it = 0; it < iters; it++) {
        uint64_t x[4], y[4], want[4], got[4], zero[4] = {0};
        ref_rand_below(x, rng, RM, 4);
        ref_rand_below(y, rng, RM, 4);
        cuzk_fr a, b, c;
        cuzk_fr_from_raw(&a, x);
        cuzk_fr_from_raw(&b, y);
        cuzk_fr_mul(&c, &a, &b); cuzk_fr_to_raw(got, &c); ref_mulmod(want, x, y, RM, 4);
        bad += !raw_eq(got, want);
        cuzk_fr_sqr(&c, &a); cuzk_fr_to_raw(got, &c); ref_mulmod(want, x, x, RM, 4);
        bad += !raw_eq(got, want);
        cuzk_fr_add(&c, &a, &b); cuzk_fr_to_raw(got, &c); ref_addmod(want, x, y, RM, 4);
        bad += !raw_eq(got, want);
        cuzk_fr_dbl(&c, &a); cuzk_fr_to_raw(got, &c); ref_addmod(want, x, x, RM, 4);
        bad += !raw_eq(got, want);
        cuzk_fr_sub(&c, &a, &b); cuzk_fr_to_raw(got, &c); ref_submod(want, x, y, RM, 4);
        bad += !raw_eq(got, want);
        cuzk_fr_neg(&c, &a); cuzk_fr_to_raw(got, &c); ref_submod(want, zero, x, RM, 4);
        bad += !raw_eq(got, want);
        /* build-selected kernel against the portable one, on raw limbs */
        cuzk_fr k1, k2;
        cuzk_fr p1 = {{x[0], x[1], x[2], x[3]}}, p2 = {{y[0], y[1], y[2], y[3]}};
        cuzk_fr_mul(&k1, &p1, &p2);
        cuzk_fr_mul_portable(&k2, &p1, &p2);
        badk += !cuzk_fr_eq(&k1, &k2);
    }
    CHECK_MSG(bad == 0, "%d reference mismatches", bad);
    CHECK_MSG(badk == 0, "%d kernel mismatches", badk);
}

static void test_kernel(cuzk_rng *rng, int iters)
{
    int bad = 0;
    for (int it = 0; it < iters; it++) {
        cuzk_fr a, b, c1, c2;
        ref_rand_below(a.l, rng, RM, 4);
        ref_rand_below(b.l, rng, RM, 4);
        cuzk_fr_mul(&c1, &a, &b);
        cuzk_fr_mul_portable(&c2, &a, &b);
        bad += !cuzk_fr_eq(&c1, &c2) || ref_cmp(c1.l, RM, 4) >= 0;
        cuzk_fr_sqr(&c1, &a);
        cuzk_fr_mul_portable(&c2, &a, &a);
        bad += !cuzk_fr_eq(&c1, &c2);
    }
    CHECK_MSG(bad == 0, "%d kernel mismatches", bad);
}

static void test_identities(cuzk_rng *rng, int iters)
{
    int bad = 0;
    for (int it = 0; it < iters; it++) {
        cuzk_fr a, b, c, t1, t2, t3;
        rand_fr(&a, rng);
        rand_fr(&b, rng);
        rand_fr(&c, rng);
        cuzk_fr_add(&t1, &b, &c);
        cuzk_fr_mul(&t1, &a, &t1);
        cuzk_fr_mul(&t2, &a, &b);
        cuzk_fr_mul(&t3, &a, &c);
        cuzk_fr_add(&t2, &t2, &t3);
        bad += !cuzk_fr_eq(&t1, &t2);
        cuzk_fr_mul(&t1, &a, &b);
        cuzk_fr_mul(&t1, &t1, &c);
        cuzk_fr_mul(&t2, &b, &c);
        cuzk_fr_mul(&t2, &a, &t2);
        bad += !cuzk_fr_eq(&t1, &t2);
        cuzk_fr_sub(&t1, &a, &b);
        cuzk_fr_add(&t1, &t1, &b);
        bad += !cuzk_fr_eq(&t1, &a);
        cuzk_fr_neg(&t1, &a);
        cuzk_fr_add(&t1, &t1, &a);
        bad += !cuzk_fr_is_zero(&t1);
    }
    CHECK_MSG(bad == 0, "%d identity failures", bad);
}

static void test_inv_sqrt(cuzk_rng *rng, int iters)
{
    uint64_t rm1[4];
    memcpy(rm1, RM, 32);
    rm1[0] -= 1;
    int bad = 0, nsq = 0, nnon = 0;
    for (int it = 0; it < iters; it++) {
        cuzk_fr a, t, s, na;
        do rand_fr(&a, rng); while (cuzk_fr_is_zero(&a));
        cuzk_fr_pow(&t, &a, rm1, 4);
        bad += !cuzk_fr_is_one(&t);
        cuzk_fr_inv(&t, &a);
        cuzk_fr_mul(&t, &t, &a);
        bad += !cuzk_fr_is_one(&t);
        /* roots of squares */
        cuzk_fr_sqr(&s, &a);
        bool ok = cuzk_fr_sqrt(&t, &s);
        cuzk_fr_neg(&na, &a);
        bad += !ok || !(cuzk_fr_eq(&t, &a) || cuzk_fr_eq(&t, &na));
        bad += cuzk_fr_legendre(&s) != 1;
        /* random values: sqrt works exactly for the squares */
        int l = cuzk_fr_legendre(&a);
        cuzk_fr keep = {{99}};
        t = keep;
        ok = cuzk_fr_sqrt(&t, &a);
        bad += ok != (l == 1);
        if (ok) {
            cuzk_fr_sqr(&s, &t);
            bad += !cuzk_fr_eq(&s, &a);
            nsq++;
        } else {
            bad += !cuzk_fr_eq(&t, &keep);
            nnon++;
        }
    }
    CHECK_MSG(bad == 0, "%d inv/sqrt failures", bad);
    CHECK(nsq > 0 && nnon > 0);
    /* elements of high 2-power order exercise many Tonelli-Shanks rounds:
     * squares of root^k, and root itself (order 2^32, a non-residue) */
    cuzk_fr w = CUZK_FR_ROOT_OF_UNITY, s, t;
    CHECK(!cuzk_fr_sqrt(&t, &w));
    CHECK(cuzk_fr_legendre(&w) == -1);
    for (int k = 1; k < 40; k += 3) {
        uint64_t e = (uint64_t)k;
        cuzk_fr_pow(&s, &CUZK_FR_ROOT_OF_UNITY, &e, 1);
        cuzk_fr_sqr(&s, &s);
        CHECK(cuzk_fr_sqrt(&t, &s));
        cuzk_fr_sqr(&t, &t);
        CHECK(cuzk_fr_eq(&t, &s));
    }
    cuzk_fr m1;
    cuzk_fr_neg(&m1, &CUZK_FR_ONE);   /* r = 1 mod 4: -1 is a square */
    CHECK(cuzk_fr_sqrt(&t, &m1));
    cuzk_fr_sqr(&t, &t);
    CHECK(cuzk_fr_eq(&t, &m1));
    CHECK(cuzk_fr_sqrt(&t, &CUZK_FR_ZERO) && cuzk_fr_is_zero(&t));
    CHECK(cuzk_fr_legendre(&CUZK_FR_ZERO) == 0);
    cuzk_fr_inv(&t, &CUZK_FR_ZERO);
    CHECK(cuzk_fr_is_zero(&t));
}

/* Binary-GCD inversion directly (no silent Fermat fallback) and through
 * cuzk_fr_inv against Fermat. */
static void test_inv_bingcd(cuzk_rng *rng, int iters)
{
    int bad = 0, fails = 0;
    for (int it = 0; it < iters; it++) {
        uint64_t x[4], v[4], prod[4];
        ref_rand_below(x, rng, RM, 4);
        if (it == 0) { memset(x, 0, 32); x[3] = 1; }
        if (!(x[0] | x[1] | x[2] | x[3])) continue;
        if (!cuzk_ff_inv_bingcd(v, x, RM, CUZK_FR_N0, 4)) { fails++; continue; }
        ref_mulmod(prod, x, v, RM, 4);
        bad += !(prod[0] == 1 && !prod[1] && !prod[2] && !prod[3]);
        cuzk_fr a, i1, i2;
        memcpy(a.l, x, 32);
        cuzk_fr_inv(&i1, &a);
        cuzk_fr_inv_fermat(&i2, &a);
        bad += !cuzk_fr_eq(&i1, &i2);
    }
    CHECK_MSG(bad == 0 && fails == 0, "bingcd: %d wrong, %d not finished", bad, fails);
}

static void test_batch_inv(cuzk_rng *rng)
{
    enum { N = 50 };
    cuzk_fr in[N], out[N], want[N], inplace[N];
    for (int i = 0; i < N; i++) {
        rand_fr(&in[i], rng);
        if (i % 5 == 2 || i == N - 1) in[i] = CUZK_FR_ZERO;
        cuzk_fr_inv(&want[i], &in[i]);
    }
    cuzk_fr_batch_inv(out, in, N);
    memcpy(inplace, in, sizeof in);
    cuzk_fr_batch_inv(inplace, inplace, N);
    int bad = 0;
    for (int i = 0; i < N; i++) bad += !cuzk_fr_eq(&out[i], &want[i]) + !cuzk_fr_eq(&inplace[i], &want[i]);
    CHECK_MSG(bad == 0, "%d batch_inv mismatches", bad);
}

static void test_bytes(cuzk_rng *rng)
{
    int bad = 0;
    for (int it = 0; it < 200; it++) {
        cuzk_fr a, b;
        uint8_t le[32], be[32];
        uint64_t raw[4];
        rand_fr(&a, rng);
        cuzk_fr_to_raw(raw, &a);
        cuzk_fr_to_bytes_le(le, &a);
        cuzk_fr_to_bytes_be(be, &a);
        for (int i = 0; i < 32; i++) {
            bad += le[i] != (uint8_t)(raw[i / 8] >> (8 * (i % 8)));
            bad += be[31 - i] != le[i];
        }
        bad += cuzk_fr_from_bytes_le(&b, le, NULL) != 0 || !cuzk_fr_eq(&a, &b);
        bad += cuzk_fr_from_bytes_be(&b, be, NULL) != 0 || !cuzk_fr_eq(&a, &b);
    }
    CHECK_MSG(bad == 0, "%d byte round-trip failures", bad);
    /* r, r + 1 and 2^256 - 1 are rejected; r - 1 is accepted */
    uint8_t le[32], be[32];
    for (int i = 0; i < 32; i++) le[i] = (uint8_t)(RM[i / 8] >> (8 * (i % 8)));
    for (int i = 0; i < 32; i++) be[31 - i] = le[i];
    cuzk_fr r = {{5}};
    cuzk_err err;
    memset(&err, 0, sizeof err);
    CHECK(cuzk_fr_from_bytes_le(&r, le, &err) == CUZK_ERR_NOT_CANONICAL);
    CHECK(err.code == CUZK_ERR_NOT_CANONICAL && strlen(err.msg) > 0);
    CHECK(cuzk_fr_from_bytes_be(&r, be, NULL) == CUZK_ERR_NOT_CANONICAL);
    le[0]++;
    CHECK(cuzk_fr_from_bytes_le(&r, le, NULL) == CUZK_ERR_NOT_CANONICAL);
    memset(le, 0xff, 32);
    CHECK(cuzk_fr_from_bytes_le(&r, le, NULL) == CUZK_ERR_NOT_CANONICAL);
    le[31] = 0x7f; /* 2^255 - 1 > r too */
    CHECK(cuzk_fr_from_bytes_le(&r, le, NULL) == CUZK_ERR_NOT_CANONICAL);
    for (int i = 0; i < 32; i++) le[i] = (uint8_t)(RM[i / 8] >> (8 * (i % 8)));
    le[0]--;
    CHECK(cuzk_fr_from_bytes_le(&r, le, &err) == 0);
    cuzk_fr m1;
    cuzk_fr_neg(&m1, &CUZK_FR_ONE);
    CHECK(cuzk_fr_eq(&r, &m1));
}

static __attribute__((unused)) void bench(void)
{
    cuzk_fr a = CUZK_FR_ONE, b;
    cuzk_fr_from_u64(&b, 0x7654321);
    const int n = 1000000;
    double best[4] = {1e9, 1e9, 1e9, 1e9};
    for (int rep = 0; rep < 3; rep++) {
        uint64_t t0 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fr_mul(&a, &a, &b);
        uint64_t t1 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fr_add(&a, &a, &b);
        uint64_t t2 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fr_sub(&a, &a, &b);
        uint64_t t3 = cuzk_now_ns();
        for (int i = 0; i < n; i++) cuzk_fr_mul_portable(&a, &a, &b);
        uint64_t t4 = cuzk_now_ns();
        double d[4] = {(double)(t1 - t0), (double)(t2 - t1), (double)(t3 - t2), (double)(t4 - t3)};
        for (int k = 0; k < 4; k++) if (d[k] / n < best[k]) best[k] = d[k] / n;
    }
    uint64_t t0 = cuzk_now_ns();
    for (int i = 0; i < 200; i++) cuzk_fr_inv(&a, &a);
    double inv_ns = (double)(cuzk_now_ns() - t0) / 200;
    printf("fr (%s): mul %.1f ns, add %.1f ns, sub %.1f ns, mul_portable %.1f ns, inv %.0f ns [%016llx]\n",
           cuzk_ff_backend(), best[0], best[1], best[2], best[3], inv_ns, (unsigned long long)a.l[0]);
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0xf4f4f4);
    test_golden();
    test_constants();
    test_against_reference(&rng, 3000);
    test_kernel(&rng, 100000);
    test_identities(&rng, 2000);
    test_inv_sqrt(&rng, 200);
    test_inv_bingcd(&rng, 2000);
    test_batch_inv(&rng);
    test_bytes(&rng);
#ifndef __SANITIZE_ADDRESS__
    if (!getenv("CUZK_TEST_NO_BENCH")) bench();
#endif
    return test_finish("test_fr");
}
