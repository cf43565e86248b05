/* Fr, the 255-bit scalar field: constants, add/sub/mul, conversions. */
#include <string.h>

#include "cuzk/ff.h"
#include "ff_internal.h"

const cuzk_fr CUZK_FR_ZERO = {{0}};
const cuzk_fr CUZK_FR_ONE = {{CUZK_FR_ONE_LIMBS}};
const uint64_t CUZK_FR_MODULUS[4] = {CUZK_FR_P_LIMBS};
/* 7^((r-1)/2^32) in Montgomery form; canonical
 * 0x16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b. */
const cuzk_fr CUZK_FR_ROOT_OF_UNITY = {{
    0xb9b58d8c5f0e466aULL, 0x5b1b4c801819d7ecULL, 0x0af53ae352a31e64ULL, 0x5bf3adda19e9b27bULL}};

static const cuzk_fr FR_R2 = {{
    0xc999e990f3f29c6dULL, 0x2b6cedcb87925c23ULL, 0x05d314967254398fULL, 0x0748d9d99f59ff11ULL}};

void cuzk_fr_add(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b) { cuzk_fr_add_i(r, a, b); }
void cuzk_fr_sub(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b) { cuzk_fr_sub_i(r, a, b); }
void cuzk_fr_dbl(cuzk_fr *r, const cuzk_fr *a) { cuzk_fr_add_i(r, a, a); }
void cuzk_fr_neg(cuzk_fr *r, const cuzk_fr *a) { cuzk_fr_neg_i(r, a); }
void cuzk_fr_mul(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b) { cuzk_fr_mul_i(r, a, b); }
void cuzk_fr_sqr(cuzk_fr *r, const cuzk_fr *a) { cuzk_fr_sqr_i(r, a); }

void cuzk_fr_mul_portable(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b)
{
    cuzk_ff_mont_mul_n(r->l, a->l, b->l, CUZK_FR_MODULUS, CUZK_FR_N0, 4);
}

bool cuzk_fr_is_zero(const cuzk_fr *a) { return cuzk_ff_is_zero_n(a->l, 4); }
bool cuzk_fr_is_one(const cuzk_fr *a) { return cuzk_ff_eq_n(a->l, CUZK_FR_ONE.l, 4); }
bool cuzk_fr_eq(const cuzk_fr *a, const cuzk_fr *b) { return cuzk_ff_eq_n(a->l, b->l, 4); }

void cuzk_fr_from_u64(cuzk_fr *r, uint64_t v)
{
    cuzk_fr t = {{v, 0, 0, 0}};
    cuzk_fr_mul_i(r, &t, &FR_R2);
}

bool cuzk_fr_from_raw(cuzk_fr *r, const uint64_t raw[4])
{
    if (!cuzk_ff_lt_n(raw, CUZK_FR_MODULUS, 4)) return false;
    cuzk_fr t;
    memcpy(t.l, raw, sizeof t.l);
    cuzk_fr_mul_i(r, &t, &FR_R2);
    return true;
}

void cuzk_fr_to_raw(uint64_t raw[4], const cuzk_fr *a)
{
    static const cuzk_fr one_raw = {{1, 0, 0, 0}};
    cuzk_fr t;
    cuzk_fr_mul_i(&t, a, &one_raw);
    memcpy(raw, t.l, sizeof t.l);
}

void cuzk_fr_to_scalar(cuzk_scalar *s, const cuzk_fr *a)
{
    cuzk_fr_to_raw(s->l, a);
}

void cuzk_fr_to_bytes_le(uint8_t out[32], const cuzk_fr *a)
{
    uint64_t raw[4];
    cuzk_fr_to_raw(raw, a);
    cuzk_ff_limbs_to_le(out, raw, 4);
}

void cuzk_fr_to_bytes_be(uint8_t out[32], const cuzk_fr *a)
{
    uint64_t raw[4];
    cuzk_fr_to_raw(raw, a);
    cuzk_ff_limbs_to_be(out, raw, 4);
}

static int fr_from_limbs(cuzk_fr *r, const uint64_t raw[4], const char *what, cuzk_err *err)
{
    if (!cuzk_fr_from_raw(r, raw))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL,
                            "Fr element (%s, 32 bytes) is >= the scalar field modulus r", what);
    return CUZK_OK;
}

int cuzk_fr_from_bytes_le(cuzk_fr *r, const uint8_t in[32], cuzk_err *err)
{
    uint64_t raw[4];
    cuzk_ff_limbs_from_le(raw, in, 4);
    return fr_from_limbs(r, raw, "little-endian", err);
}

int cuzk_fr_from_bytes_be(cuzk_fr *r, const uint8_t in[32], cuzk_err *err)
{
    uint64_t raw[4];
    cuzk_ff_limbs_from_be(raw, in, 4);
    return fr_from_limbs(r, raw, "big-endian", err);
}
