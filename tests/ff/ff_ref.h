/* A deliberately naive bignum reference for the field tests: schoolbook
 * products and bit-by-bit long division, nothing shared with src/ff. Slow
 * (~microseconds per reduction) but obviously right. Little-endian limbs. */
#ifndef CUZK_TEST_FF_REF_H
#define CUZK_TEST_FF_REF_H

#include <stdint.h>
#include <stdbool.h>
#include <string.h>

#include "cuzk/util.h"

#define REF_MAX 20

/* out (an+bn limbs) = a * b */
static inline void ref_mul(uint64_t *out, const uint64_t *a, int an, const uint64_t *b, int bn)
{
    uint64_t t[2 * REF_MAX] = {0};
    for (int i = 0; i < an; i++) {
        uint64_t c = 0;
        for (int j = 0; j < bn; j++) {
            __extension__ unsigned __int128 s = (unsigned __int128)a[i] * b[j] + t[i + j] + c;
            t[i + j] = (uint64_t)s;
            c = (uint64_t)(s >> 64);
        }
        t[i + bn] = c;
    }
    memcpy(out, t, sizeof(uint64_t) * (size_t)(an + bn));
}

static inline int ref_cmp(const uint64_t *a, const uint64_t *b, int n)
{
    for (int i = n; i-- > 0;)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static inline void ref_sub_in(uint64_t *a, const uint64_t *b, int n)
{
    uint64_t bw = 0;
    for (int i = 0; i < n; i++) {
        uint64_t d = a[i] - b[i] - bw;
        bw = (a[i] < b[i]) || (a[i] - b[i] < bw);
        a[i] = d;
    }
}

/* r (mn limbs) = x (xn limbs) mod m (mn limbs): shift in one bit at a time. */
static inline void ref_mod(uint64_t *r, const uint64_t *x, int xn, const uint64_t *m, int mn)
{
    uint64_t rem[REF_MAX + 1] = {0}, mm[REF_MAX + 1] = {0};
    memcpy(mm, m, sizeof(uint64_t) * (size_t)mn);
    for (int bit = 64 * xn - 1; bit >= 0; bit--) {
        for (int i = mn; i > 0; i--) rem[i] = rem[i] << 1 | rem[i - 1] >> 63;
        rem[0] = rem[0] << 1 | ((x[bit / 64] >> (bit % 64)) & 1);
        if (ref_cmp(rem, mm, mn + 1) >= 0) ref_sub_in(rem, mm, mn + 1);
    }
    memcpy(r, rem, sizeof(uint64_t) * (size_t)mn);
}

/* r = a*b mod m for a, b < m */
static inline void ref_mulmod(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, int n)
{
    uint64_t t[2 * REF_MAX];
    ref_mul(t, a, n, b, n);
    ref_mod(r, t, 2 * n, m, n);
}

/* r = a+b mod m for a, b < m */
static inline void ref_addmod(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, int n)
{
    uint64_t t[REF_MAX + 1];
    uint64_t c = 0;
    for (int i = 0; i < n; i++) {
        uint64_t s = a[i] + c;
        c = s < c;
        t[i] = s + b[i];
        c += t[i] < s;
    }
    t[n] = c;
    ref_mod(r, t, n + 1, m, n);
}

/* r = a-b mod m for a, b < m: a + (m - b) */
static inline void ref_submod(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, int n)
{
    uint64_t nb[REF_MAX];
    memcpy(nb, m, sizeof(uint64_t) * (size_t)n);
    ref_sub_in(nb, b, n);
    ref_addmod(r, a, nb, m, n); /* m - b may equal m (b = 0): ref_mod fixes it */
}

/* A uniformly-ish random value below m, with a 1-in-8 chance of an edge value
 * (0, 1, m-1, m-2, long runs of one bits) since those find carry bugs. */
static inline void ref_rand_below(uint64_t *r, cuzk_rng *rng, const uint64_t *m, int n)
{
    unsigned kind = (unsigned)(cuzk_rng_u64(rng) & 31);
    memset(r, 0, sizeof(uint64_t) * (size_t)n);
    switch (kind) {
    case 0: return;
    case 1: r[0] = 1; return;
    case 2: case 3:
        memcpy(r, m, sizeof(uint64_t) * (size_t)n);
        r[0] -= 1 + kind - 2; /* low limbs of both moduli are far from 0 */
        return;
    case 4: { /* 2^k - 1 for random k below the bit length */
        int bits = 64 * (n - 1) + 64 - __builtin_clzll(m[n - 1]) - 1;
        int k = (int)(cuzk_rng_u64(rng) % (uint64_t)bits) + 1;
        for (int i = 0; i < n; i++) {
            int lb = k - 64 * i;
            r[i] = lb >= 64 ? ~0ULL : lb <= 0 ? 0 : (1ULL << lb) - 1;
        }
        return;
    }
    case 5: /* all-ones limbs under the modulus's top limb */
        for (int i = 0; i < n - 1; i++) r[i] = ~0ULL;
        r[n - 1] = m[n - 1] - 1;
        return;
    default:
        break;
    }
    uint64_t topmask = ~0ULL >> __builtin_clzll(m[n - 1]);
    do {
        for (int i = 0; i < n; i++) r[i] = cuzk_rng_u64(rng);
        r[n - 1] &= topmask;
    } while (ref_cmp(r, m, n) >= 0);
}

#endif
