/* Portable n-limb Montgomery arithmetic shared by Fp (n = 6) and Fr (n = 4).
 *
 * Everything is static inline and takes n as a parameter: the callers pass a
 * constant, so after inlining gcc unrolls the loops fully. Both moduli have
 * their top bit clear (in fact top limb < 2^63 - 1), which is what lets add
 * skip the carry-out word and lets mul use the "no final carry" CIOS form.
 * Values are little-endian limbs, fully reduced. Outputs may alias inputs. */
#ifndef CUZK_FF_MONT_H
#define CUZK_FF_MONT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

__extension__ typedef unsigned __int128 cuzk_u128;

/* r = a + b, returns the carry. (Compares rather than __int128: gcc 12 turns
 * the 128-bit form of this loop into spills and reloads.) */
static inline uint64_t cuzk_ff_add_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t s = a[i] + c;
        uint64_t c1 = s < c;
        uint64_t t = s + b[i];
        c = c1 | (t < s);
        r[i] = t;
    }
    return c;
}

/* r = a - b, returns the borrow (0 or 1). */
static inline uint64_t cuzk_ff_sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t bw = 0;
    for (size_t i = 0; i < n; i++) {
        cuzk_u128 t = (cuzk_u128)a[i] - b[i] - bw;
        r[i] = (uint64_t)t;
        bw = (uint64_t)(t >> 64) & 1;
    }
    return bw;
}

/* r = (mask ? a : b) limb-wise, mask all-ones or zero; no branch. */
static inline void cuzk_ff_select_n(uint64_t *r, uint64_t mask, const uint64_t *a, const uint64_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        r[i] = (a[i] & mask) | (b[i] & ~mask);
}

/* r = a mod p for a < 2p: subtract p unless that borrows. */
static inline void cuzk_ff_reduce_once_n(uint64_t *r, const uint64_t *a, const uint64_t *p, size_t n)
{
    uint64_t d[8];
    uint64_t bw = cuzk_ff_sub_n(d, a, p, n);
    cuzk_ff_select_n(r, (uint64_t)0 - bw, a, d, n);
}

static inline void cuzk_ff_modadd_n(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *p, size_t n)
{
    uint64_t t[8];
    cuzk_ff_add_n(t, a, b, n); /* < 2p < 2^(64n): no carry out */
    cuzk_ff_reduce_once_n(r, t, p, n);
}

static inline void cuzk_ff_modsub_n(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *p, size_t n)
{
    uint64_t t[8], pm[8];
    uint64_t mask = (uint64_t)0 - cuzk_ff_sub_n(t, a, b, n);
    for (size_t i = 0; i < n; i++) pm[i] = p[i] & mask;
    cuzk_ff_add_n(r, t, pm, n);
}

static inline bool cuzk_ff_is_zero_n(const uint64_t *a, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= a[i];
    return acc == 0;
}

static inline bool cuzk_ff_eq_n(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= a[i] ^ b[i];
    return acc == 0;
}

/* r = p - a, and 0 (not p) when a = 0. */
static inline void cuzk_ff_modneg_n(uint64_t *r, const uint64_t *a, const uint64_t *p, size_t n)
{
    uint64_t mask = (uint64_t)0 - (uint64_t)!cuzk_ff_is_zero_n(a, n);
    uint64_t t[8];
    cuzk_ff_sub_n(t, p, a, n);
    for (size_t i = 0; i < n; i++) r[i] = t[i] & mask;
}

/* true when a < b as n-limb integers. */
static inline bool cuzk_ff_lt_n(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t t[8];
    return cuzk_ff_sub_n(t, a, b, n) != 0;
}

/* Montgomery product a*b*2^(-64n) mod p, CIOS with the carry word folded
 * away (valid because the top limb of p is < 2^63 - 1). n0 = -p^-1 mod 2^64. */
static inline void cuzk_ff_mont_mul_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                      const uint64_t *p, uint64_t n0, size_t n)
{
    uint64_t t[8] = {0};
    for (size_t i = 0; i < n; i++) {
        cuzk_u128 s = (cuzk_u128)a[0] * b[i] + t[0];
        uint64_t ca = (uint64_t)(s >> 64);
        uint64_t t0 = (uint64_t)s;
        uint64_t m = t0 * n0;
        cuzk_u128 u = (cuzk_u128)m * p[0] + t0;   /* low word is 0 by choice of m */
        uint64_t cm = (uint64_t)(u >> 64);
        for (size_t j = 1; j < n; j++) {
            s = (cuzk_u128)a[j] * b[i] + t[j] + ca;
            ca = (uint64_t)(s >> 64);
            u = (cuzk_u128)m * p[j] + (uint64_t)s + cm;
            cm = (uint64_t)(u >> 64);
            t[j - 1] = (uint64_t)u;
        }
        t[n - 1] = ca + cm;
    }
    cuzk_ff_reduce_once_n(r, t, p, n);
}

/* Montgomery reduction of a single-width value: a*2^(-64n) mod p (to_raw). */
static inline void cuzk_ff_mont_redc_n(uint64_t *r, const uint64_t *a, const uint64_t *p, uint64_t n0, size_t n)
{
    uint64_t one[8] = {1, 0, 0, 0, 0, 0, 0, 0};
    cuzk_ff_mont_mul_n(r, a, one, p, n0, n);
}

/* Big-endian / little-endian byte conversions of n limbs (8n bytes). */
static inline void cuzk_ff_limbs_to_be(uint8_t *out, const uint64_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < 8; k++)
            out[8 * (n - 1 - i) + (7 - k)] = (uint8_t)(a[i] >> (8 * k));
}

static inline void cuzk_ff_limbs_from_be(uint64_t *a, const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t v = 0;
        for (size_t k = 0; k < 8; k++) v = v << 8 | in[8 * (n - 1 - i) + k];
        a[i] = v;
    }
}

static inline void cuzk_ff_limbs_to_le(uint8_t *out, const uint64_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < 8; k++)
            out[8 * i + k] = (uint8_t)(a[i] >> (8 * k));
}

static inline void cuzk_ff_limbs_from_le(uint64_t *a, const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t v = 0;
        for (size_t k = 8; k-- > 0;) v = v << 8 | in[8 * i + k];
        a[i] = v;
    }
}

#endif
