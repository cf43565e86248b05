/* Scalar preparation for the G1/G2 multiplications: reduction mod r, the
 * split into base-|x| digits that feeds GLV (G1) and GLS (G2), and wNAF
 * recoding. Not constant time: the prover's scalars are not secret here,
 * or are blinded before they reach these routines. */
#include "ec/curve_impl.h"
#include "ff/ff_internal.h"

static const uint64_t FR_R[4] = {
    0xffffffff00000001ULL, 0x53bda402fffe5bfeULL, 0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL};

void cuzk_ec_scalar_reduce(uint64_t out[4], const cuzk_scalar *k)
{
    /* 2^256 < 3r, so at most two subtractions. */
    uint64_t t[4];
    for (int i = 0; i < 4; i++) out[i] = k->l[i];
    for (int i = 0; i < 2; i++) {
        if (cuzk_ff_sub_n(t, out, FR_R, 4) == 0)
            for (int j = 0; j < 4; j++) out[j] = t[j];
    }
}

void cuzk_ec_scalar_split_x(uint64_t d[4], const uint64_t k[4])
{
    uint64_t q[4] = {k[0], k[1], k[2], k[3]};
    for (int digit = 0; digit < 4; digit++) {
        cuzk_u128 rem = 0;
        for (int i = 3; i >= 0; i--) {
            cuzk_u128 cur = rem << 64 | q[i];
            q[i] = (uint64_t)(cur / CUZK_BLS_X_ABS);
            rem = cur % CUZK_BLS_X_ABS;
        }
        d[digit] = (uint64_t)rem;
    }
}

size_t cuzk_ec_scalar_wnaf(int8_t *digits, const uint64_t *k, size_t n, unsigned w)
{
    uint64_t t[5] = {0};
    for (size_t i = 0; i < n; i++) t[i] = k[i];
    const uint64_t mask = ((uint64_t)1 << w) - 1, half = (uint64_t)1 << (w - 1);
    size_t len = 0;
    while (!cuzk_ff_is_zero_n(t, 5)) {
        int d = 0;
        if (t[0] & 1) {
            uint64_t low = t[0] & mask;
            if (low >= half) {
                /* negative digit low - 2^w: adding 2^w - low clears the window */
                d = (int)low - (int)(mask + 1);
                uint64_t add[5] = {(mask + 1) - low, 0, 0, 0, 0};
                cuzk_ff_add_n(t, t, add, 5);
            } else {
                d = (int)low;
                t[0] -= low; /* low bits only: no borrow */
            }
        }
        digits[len++] = (int8_t)d;
        for (size_t i = 0; i < 4; i++) t[i] = t[i] >> 1 | t[i + 1] << 63;
        t[4] >>= 1;
    }
    return len;
}
