/* Fr exponentiation, inverse, square root (Tonelli-Shanks, 2-adicity 32),
 * Legendre symbol, batch inversion. Not constant time. */
#include <string.h>

#include "cuzk/ff.h"
#include "ff/fr_impl.h"
#include "ff/ff_inv.h"

/* r - 2, (r - 1) / 2, and (t - 1) / 2 where r - 1 = 2^32 * t, t odd. */
static const uint64_t FR_R_MINUS_2[4] = {
    0xfffffffeffffffffULL, 0x53bda402fffe5bfeULL, 0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL};
static const uint64_t FR_R_MINUS_1_DIV_2[4] = {
    0x7fffffff80000000ULL, 0xa9ded2017fff2dffULL, 0x199cec0404d0ec02ULL, 0x39f6d3a994cebea4ULL};
static const uint64_t FR_T_MINUS_1_DIV_2[4] = {
    0x7fff2dff7fffffffULL, 0x04d0ec02a9ded201ULL, 0x94cebea4199cec04ULL, 0x0000000039f6d3a9ULL};

void cuzk_fr_pow(cuzk_fr *r, const cuzk_fr *a, const uint64_t *exp, size_t exp_limbs)
{
    cuzk_fr tab[16];
    tab[0] = CUZK_FR_ONE;
    tab[1] = *a;
    for (int i = 2; i < 16; i++) cuzk_fr_mul_i(&tab[i], &tab[i - 1], a);

    cuzk_fr acc = CUZK_FR_ONE;
    bool started = false;
    for (size_t i = exp_limbs; i-- > 0;) {
        for (int sh = 60; sh >= 0; sh -= 4) {
            unsigned w = (unsigned)(exp[i] >> sh) & 15;
            if (started) {
                for (int k = 0; k < 4; k++) cuzk_fr_sqr_i(&acc, &acc);
                if (w) cuzk_fr_mul_i(&acc, &acc, &tab[w]);
            } else if (w) {
                acc = tab[w];
                started = true;
            }
        }
    }
    *r = acc;
}

/* R^3 mod r (see cuzk_fp_inv) */
static const cuzk_fr FR_R3 = {{
    0xc62c1807439b73afULL, 0x1b3e0d188cf06990ULL, 0x73d13c71c7b5f418ULL, 0x6e2a5bb9c8db33e9ULL}};

void cuzk_fr_inv(cuzk_fr *r, const cuzk_fr *a)
{
    cuzk_fr t;
    if (cuzk_fr_is_zero(a)) {
        *r = CUZK_FR_ZERO;
    } else if (cuzk_ff_inv_bingcd(t.l, a->l, CUZK_FR_MODULUS, CUZK_FR_N0, 4)) {
        cuzk_fr_mul_i(r, &t, &FR_R3);
    } else {
        cuzk_fr_inv_fermat(r, a);
    }
}

void cuzk_fr_inv_fermat(cuzk_fr *r, const cuzk_fr *a)
{
    cuzk_fr_pow(r, a, FR_R_MINUS_2, 4);
}

int cuzk_fr_legendre(const cuzk_fr *a)
{
    cuzk_fr e;
    cuzk_fr_pow(&e, a, FR_R_MINUS_1_DIV_2, 4);
    if (cuzk_fr_is_zero(&e)) return 0;
    return cuzk_fr_is_one(&e) ? 1 : -1;
}

/* Tonelli-Shanks: with w = a^((t-1)/2), x = a*w = a^((t+1)/2) is a root up to
 * the factor b = x*w = a^t, which lies in the 2^32-torsion; each round kills
 * the top remaining 2-power of b's order with a power of the root of unity. */
bool cuzk_fr_sqrt(cuzk_fr *r, const cuzk_fr *a)
{
    if (cuzk_fr_is_zero(a)) {
        *r = CUZK_FR_ZERO;
        return true;
    }
    cuzk_fr w, x, b, z = CUZK_FR_ROOT_OF_UNITY;
    cuzk_fr_pow(&w, a, FR_T_MINUS_1_DIV_2, 4);
    cuzk_fr_mul_i(&x, a, &w);
    cuzk_fr_mul_i(&b, &x, &w);
    unsigned v = CUZK_FR_TWO_ADICITY;
    while (!cuzk_fr_is_one(&b)) {
        /* k = order exponent of b: smallest k with b^(2^k) = 1 */
        unsigned k = 0;
        cuzk_fr t = b;
        while (!cuzk_fr_is_one(&t)) {
            cuzk_fr_sqr_i(&t, &t);
            if (++k >= v) return false; /* b's order reaches 2^v: a is a non-residue */
        }
        cuzk_fr y = z;
        for (unsigned j = 0; j + k + 1 < v; j++) cuzk_fr_sqr_i(&y, &y);
        cuzk_fr_sqr_i(&z, &y);
        cuzk_fr_mul_i(&b, &b, &z);
        cuzk_fr_mul_i(&x, &x, &y);
        v = k;
    }
    *r = x;
    return true;
}

static void fr_batch_inv_with(cuzk_fr *out, const cuzk_fr *in, size_t n, cuzk_fr *pre)
{
    cuzk_fr acc = CUZK_FR_ONE;
    for (size_t i = 0; i < n; i++) {
        pre[i] = acc;
        if (!cuzk_fr_is_zero(&in[i])) cuzk_fr_mul_i(&acc, &acc, &in[i]);
    }
    cuzk_fr_inv(&acc, &acc);
    for (size_t i = n; i-- > 0;) {
        if (cuzk_fr_is_zero(&in[i])) {
            out[i] = CUZK_FR_ZERO;
            continue;
        }
        cuzk_fr t;
        cuzk_fr_mul_i(&t, &acc, &pre[i]);
        cuzk_fr_mul_i(&acc, &acc, &in[i]);
        out[i] = t;
    }
}

void cuzk_fr_batch_inv(cuzk_fr *out, const cuzk_fr *in, size_t n)
{
    if (n == 0) return;
    if (out != in) {
        fr_batch_inv_with(out, in, n, out);
        return;
    }
    cuzk_fr *pre = cuzk_alloc_array(n, sizeof *pre);
    if (pre) {
        fr_batch_inv_with(out, in, n, pre);
        cuzk_free(pre);
        return;
    }
    cuzk_fr buf[64];
    for (size_t i = 0; i < n; i += 64) {
        size_t m = n - i < 64 ? n - i : 64;
        fr_batch_inv_with(out + i, in + i, m, buf);
    }
}
