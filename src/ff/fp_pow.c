/* Fp exponentiation and what is built on it: inverse, square root, Legendre
 * symbol, batch inversion. None of this is constant time (the prover's
 * secrets never pass through Fp inversions or roots). */
#include <string.h>

#include "cuzk/ff.h"
#include "ff/fp_impl.h"
#include "ff/ff_inv.h"

/* p - 2 (Fermat inverse), (p + 1) / 4 (square root, p = 3 mod 4), (p - 1) / 2 (Euler). */
static const uint64_t FP_P_MINUS_2[6] = {
    0xb9feffffffffaaa9ULL, 0x1eabfffeb153ffffULL, 0x6730d2a0f6b0f624ULL,
    0x64774b84f38512bfULL, 0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL};
static const uint64_t FP_P_PLUS_1_DIV_4[6] = {
    0xee7fbfffffffeaabULL, 0x07aaffffac54ffffULL, 0xd9cc34a83dac3d89ULL,
    0xd91dd2e13ce144afULL, 0x92c6e9ed90d2eb35ULL, 0x0680447a8e5ff9a6ULL};
static const uint64_t FP_P_MINUS_1_DIV_2[6] = {
    0xdcff7fffffffd555ULL, 0x0f55ffff58a9ffffULL, 0xb39869507b587b12ULL,
    0xb23ba5c279c2895fULL, 0x258dd3db21a5d66bULL, 0x0d0088f51cbff34dULL};

/* Left-to-right fixed 4-bit windows: ~bits squarings + bits/4 multiplies. */
void cuzk_fp_pow(cuzk_fp *r, const cuzk_fp *a, const uint64_t *exp, size_t exp_limbs)
{
    cuzk_fp tab[16];
    tab[0] = CUZK_FP_ONE;
    tab[1] = *a;
    for (int i = 2; i < 16; i++) cuzk_fp_mul_i(&tab[i], &tab[i - 1], a);

    cuzk_fp acc = CUZK_FP_ONE;
    bool started = false;
    for (size_t i = exp_limbs; i-- > 0;) {
        for (int sh = 60; sh >= 0; sh -= 4) {
            unsigned w = (unsigned)(exp[i] >> sh) & 15;
            if (started) {
                for (int k = 0; k < 4; k++) cuzk_fp_sqr_i(&acc, &acc);
                if (w) cuzk_fp_mul_i(&acc, &acc, &tab[w]);
            } else if (w) {
                acc = tab[w];
                started = true;
            }
        }
    }
    *r = acc;
}

/* R^3 mod p: the binary GCD inverts the Montgomery form aR as a plain number,
 * giving a^-1 R^-1; one Montgomery product with R^3 turns that into a^-1 R. */
static const cuzk_fp FP_R3 = {{
    0xed48ac6bd94ca1e0ULL, 0x315f831e03a7adf8ULL, 0x9a53352a615e29ddULL,
    0x34c04e5e921e1761ULL, 0x2512d43565724728ULL, 0x0aa6346091755d4dULL}};

void cuzk_fp_inv(cuzk_fp *r, const cuzk_fp *a)
{
    cuzk_fp t;
    if (cuzk_fp_is_zero(a)) {
        *r = CUZK_FP_ZERO;
    } else if (cuzk_ff_inv_bingcd(t.l, a->l, CUZK_FP_MODULUS, CUZK_FP_N0, 6)) {
        cuzk_fp_mul_i(r, &t, &FP_R3);
    } else {
        cuzk_fp_inv_fermat(r, a);
    }
}

void cuzk_fp_inv_fermat(cuzk_fp *r, const cuzk_fp *a)
{
    cuzk_fp_pow(r, a, FP_P_MINUS_2, 6); /* 0^(p-2) = 0 as required */
}

bool cuzk_fp_sqrt(cuzk_fp *r, const cuzk_fp *a)
{
    cuzk_fp s, chk;
    cuzk_fp_pow(&s, a, FP_P_PLUS_1_DIV_4, 6);
    cuzk_fp_sqr_i(&chk, &s);
    if (!cuzk_ff_eq_n(chk.l, a->l, 6)) return false;
    *r = s;
    return true;
}

int cuzk_fp_legendre(const cuzk_fp *a)
{
    cuzk_fp e;
    cuzk_fp_pow(&e, a, FP_P_MINUS_1_DIV_2, 6);
    if (cuzk_fp_is_zero(&e)) return 0;
    return cuzk_fp_is_one(&e) ? 1 : -1;
}

/* Montgomery's trick over the nonzero elements: prefix products forward, one
 * inversion, then peel the inverses off backward. pre[i] = product of the
 * nonzero in[0..i-1]. pre may be out (when out != in) or scratch. */
static void fp_batch_inv_with(cuzk_fp *out, const cuzk_fp *in, size_t n, cuzk_fp *pre)
{
    cuzk_fp acc = CUZK_FP_ONE;
    for (size_t i = 0; i < n; i++) {
        pre[i] = acc;
        if (!cuzk_fp_is_zero(&in[i])) cuzk_fp_mul_i(&acc, &acc, &in[i]);
    }
    cuzk_fp_inv(&acc, &acc);
    for (size_t i = n; i-- > 0;) {
        if (cuzk_fp_is_zero(&in[i])) {
            out[i] = CUZK_FP_ZERO;
            continue;
        }
        cuzk_fp t;
        cuzk_fp_mul_i(&t, &acc, &pre[i]);
        cuzk_fp_mul_i(&acc, &acc, &in[i]); /* read in[i] before out[i] overwrites it */
        out[i] = t;
    }
}

void cuzk_fp_batch_inv(cuzk_fp *out, const cuzk_fp *in, size_t n)
{
    if (n == 0) return;
    if (out != in) {
        fp_batch_inv_with(out, in, n, out);
        return;
    }
    cuzk_fp *pre = cuzk_alloc_array(n, sizeof *pre);
    if (pre) {
        fp_batch_inv_with(out, in, n, pre);
        cuzk_free(pre);
        return;
    }
    /* No memory for scratch: fall back to blocks with a stack buffer. */
    cuzk_fp buf[64];
    for (size_t i = 0; i < n; i += 64) {
        size_t m = n - i < 64 ? n - i : 64;
        fp_batch_inv_with(out + i, in + i, m, buf);
    }
}
