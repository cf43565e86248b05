/* Fp, the 381-bit base field: constants, add/sub/mul, conversions. */
#include <string.h>

#include "cuzk/ff.h"
#include "ff_internal.h"

const cuzk_fp CUZK_FP_ZERO = {{0}};
const cuzk_fp CUZK_FP_ONE = {{CUZK_FP_ONE_LIMBS}};
const uint64_t CUZK_FP_MODULUS[6] = {CUZK_FP_P_LIMBS};

/* R^2 mod p: multiplying by it enters Montgomery form. */
static const cuzk_fp FP_R2 = {{
    0xf4df1f341c341746ULL, 0x0a76e6a609d104f1ULL, 0x8de5476c4c95b6d5ULL,
    0x67eb88a9939d83c0ULL, 0x9a793e85b519952dULL, 0x11988fe592cae3aaULL}};

/* (p-1)/2, the lexicographic sign threshold. */
static const uint64_t FP_HALF[6] = {
    0xdcff7fffffffd555ULL, 0x0f55ffff58a9ffffULL, 0xb39869507b587b12ULL,
    0xb23ba5c279c2895fULL, 0x258dd3db21a5d66bULL, 0x0d0088f51cbff34dULL};

void cuzk_fp_add(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b) { cuzk_fp_add_i(r, a, b); }
void cuzk_fp_sub(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b) { cuzk_fp_sub_i(r, a, b); }
void cuzk_fp_dbl(cuzk_fp *r, const cuzk_fp *a) { cuzk_fp_add_i(r, a, a); }
void cuzk_fp_neg(cuzk_fp *r, const cuzk_fp *a) { cuzk_fp_neg_i(r, a); }
void cuzk_fp_mul(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b) { cuzk_fp_mul_i(r, a, b); }
void cuzk_fp_sqr(cuzk_fp *r, const cuzk_fp *a) { cuzk_fp_sqr_i(r, a); }

void cuzk_fp_mul_portable(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
    cuzk_ff_mont_mul_n(r->l, a->l, b->l, CUZK_FP_MODULUS, CUZK_FP_N0, 6);
}

void cuzk_fp_sqr_portable(cuzk_fp *r, const cuzk_fp *a)
{
    cuzk_ff_mont_mul_n(r->l, a->l, a->l, CUZK_FP_MODULUS, CUZK_FP_N0, 6);
}

const char *cuzk_ff_backend(void)
{
#if CUZK_FF_HAVE_ADX
    return "x86-64-adx";
#else
    return "portable";
#endif
}

/* a*k is an ordinary product (Montgomery form is linear): form the 7-limb
 * integer, take an under-estimate of the quotient from the top words, then
 * finish with a few conditional subtractions (at most ~12 for k near 2^64). */
void cuzk_fp_mul_small(cuzk_fp *r, const cuzk_fp *a, uint64_t k)
{
    uint64_t x[7];
    uint64_t c = 0;
    for (int i = 0; i < 6; i++) {
        cuzk_u128 t = (cuzk_u128)a->l[i] * k + c;
        x[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
    }
    x[6] = c;
    /* q = floor(x / 2^320 / (p5 + 1)) <= floor(x / p); fits in 64 bits since x < 2^64 p. */
    cuzk_u128 top = (cuzk_u128)x[6] << 64 | x[5];
    uint64_t q = (uint64_t)(top / ((cuzk_u128)CUZK_FP_MODULUS[5] + 1));
    uint64_t bw = 0;
    c = 0;
    for (int i = 0; i < 6; i++) {
        cuzk_u128 qp = (cuzk_u128)q * CUZK_FP_MODULUS[i] + c;
        c = (uint64_t)(qp >> 64);
        cuzk_u128 d = (cuzk_u128)x[i] - (uint64_t)qp - bw;
        x[i] = (uint64_t)d;
        bw = (uint64_t)(d >> 64) & 1;
    }
    x[6] = x[6] - c - bw;
    while (x[6] != 0 || !cuzk_ff_lt_n(x, CUZK_FP_MODULUS, 6))
        x[6] -= cuzk_ff_sub_n(x, x, CUZK_FP_MODULUS, 6);
    memcpy(r->l, x, sizeof r->l);
}

bool cuzk_fp_is_zero(const cuzk_fp *a) { return cuzk_ff_is_zero_n(a->l, 6); }
bool cuzk_fp_is_one(const cuzk_fp *a) { return cuzk_ff_eq_n(a->l, CUZK_FP_ONE.l, 6); }
bool cuzk_fp_eq(const cuzk_fp *a, const cuzk_fp *b) { return cuzk_ff_eq_n(a->l, b->l, 6); }

bool cuzk_fp_is_lex_largest(const cuzk_fp *a)
{
    uint64_t raw[6];
    cuzk_fp_to_raw(raw, a);
    return cuzk_ff_lt_n(FP_HALF, raw, 6);
}

void cuzk_fp_from_u64(cuzk_fp *r, uint64_t v)
{
    cuzk_fp t = {{v, 0, 0, 0, 0, 0}};
    cuzk_fp_mul_i(r, &t, &FP_R2);
}

bool cuzk_fp_from_raw(cuzk_fp *r, const uint64_t raw[6])
{
    if (!cuzk_ff_lt_n(raw, CUZK_FP_MODULUS, 6)) return false;
    cuzk_fp t;
    memcpy(t.l, raw, sizeof t.l);
    cuzk_fp_mul_i(r, &t, &FP_R2);
    return true;
}

void cuzk_fp_to_raw(uint64_t raw[6], const cuzk_fp *a)
{
    static const cuzk_fp one_raw = {{1, 0, 0, 0, 0, 0}};
    cuzk_fp t;
    cuzk_fp_mul_i(&t, a, &one_raw);
    memcpy(raw, t.l, sizeof t.l);
}

void cuzk_fp_to_bytes_be(uint8_t out[48], const cuzk_fp *a)
{
    uint64_t raw[6];
    cuzk_fp_to_raw(raw, a);
    cuzk_ff_limbs_to_be(out, raw, 6);
}

void cuzk_fp_to_bytes_le(uint8_t out[48], const cuzk_fp *a)
{
    uint64_t raw[6];
    cuzk_fp_to_raw(raw, a);
    cuzk_ff_limbs_to_le(out, raw, 6);
}

static int fp_from_limbs(cuzk_fp *r, const uint64_t raw[6], const char *what, cuzk_err *err)
{
    if (!cuzk_fp_from_raw(r, raw))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL,
                            "Fp element (%s, 48 bytes) is >= the field modulus p", what);
    return CUZK_OK;
}

int cuzk_fp_from_bytes_be(cuzk_fp *r, const uint8_t in[48], cuzk_err *err)
{
    uint64_t raw[6];
    cuzk_ff_limbs_from_be(raw, in, 6);
    return fp_from_limbs(r, raw, "big-endian", err);
}

int cuzk_fp_from_bytes_le(cuzk_fp *r, const uint8_t in[48], cuzk_err *err)
{
    uint64_t raw[6];
    cuzk_ff_limbs_from_le(raw, in, 6);
    return fp_from_limbs(r, raw, "little-endian", err);
}
