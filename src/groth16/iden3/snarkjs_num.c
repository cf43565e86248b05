/* Decimal <-> little-endian limbs by schoolbook division and multiplication
 * by 10^19 (the largest power of ten in a u64): a few hundred operations per
 * value, far below the cost of anything around it. */
#include "snarkjs_num.h"

#include <string.h>

#define TEN19 10000000000000000000ull

void cuzk_snarkjs_dec_from_limbs(char out[CUZK_SNARKJS_DEC_MAX], const uint64_t *limbs, size_t n)
{
    uint64_t t[6] = { 0 };
    if (n > 6)           /* 384 bits: at most 7 chunks of 19 digits */
        n = 6;
    memcpy(t, limbs, n * sizeof *t);
    /* chunks of 19 digits, least significant first */
    uint64_t chunk[8];
    size_t nc = 0;
    for (;;) {
        bool zero = true;
        unsigned __int128 rem = 0;
        for (size_t i = n; i-- > 0;) {
            unsigned __int128 cur = rem << 64 | t[i];
            t[i] = (uint64_t)(cur / TEN19);
            rem = cur % TEN19;
            zero &= t[i] == 0;
        }
        chunk[nc++] = (uint64_t)rem;
        if (zero)
            break;
    }
    char *p = out;
    for (size_t i = nc; i-- > 0;) {
        char d[20];
        int len = 0;
        uint64_t v = chunk[i];
        do {
            d[len++] = (char)('0' + v % 10);
            v /= 10;
        } while (v);
        if (i + 1 < nc)          /* inner chunks keep their leading zeros */
            while (len < 19)
                d[len++] = '0';
        while (len)
            *p++ = d[--len];
    }
    *p = 0;
}

int cuzk_snarkjs_dec_to_limbs(uint64_t *limbs, size_t n, const char *s)
{
    memset(limbs, 0, n * sizeof *limbs);
    if (!s || !*s || strlen(s) > CUZK_SNARKJS_DEC_MAX)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        uint64_t carry = (uint64_t)(*s - '0');
        for (size_t i = 0; i < n; i++) {
            unsigned __int128 cur = (unsigned __int128)limbs[i] * 10 + carry;
            limbs[i] = (uint64_t)cur;
            carry = (uint64_t)(cur >> 64);
        }
        if (carry)
            return -1;
    }
    return 0;
}

void cuzk_snarkjs_dec_from_fp(char out[CUZK_SNARKJS_DEC_MAX], const cuzk_fp *a)
{
    uint64_t raw[6];
    cuzk_fp_to_raw(raw, a);
    cuzk_snarkjs_dec_from_limbs(out, raw, 6);
}

void cuzk_snarkjs_dec_from_fr(char out[CUZK_SNARKJS_DEC_MAX], const cuzk_fr *a)
{
    uint64_t raw[4];
    cuzk_fr_to_raw(raw, a);
    cuzk_snarkjs_dec_from_limbs(out, raw, 4);
}

int cuzk_snarkjs_dec_to_fp(cuzk_fp *r, const char *s)
{
    uint64_t raw[6];
    if (cuzk_snarkjs_dec_to_limbs(raw, 6, s) != 0 || !cuzk_fp_from_raw(r, raw))
        return -1;
    return 0;
}

int cuzk_snarkjs_dec_to_fr(cuzk_fr *r, const char *s)
{
    uint64_t raw[4];
    if (cuzk_snarkjs_dec_to_limbs(raw, 4, s) != 0 || !cuzk_fr_from_raw(r, raw))
        return -1;
    return 0;
}
