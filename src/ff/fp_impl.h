/* Fp hot paths as static inline functions (private header).
 *
 * fp.c wraps these in the public cuzk_fp_* functions. Code in other files of
 * the library (curve formulas, Fp2...) may include this header and call the
 * *_i forms directly to save the call. Each TU gets its own static copy of
 * the modulus so the asm can address it RIP-relative without a GOT load. */
#ifndef CUZK_FF_FP_IMPL_H
#define CUZK_FF_FP_IMPL_H

#include "cuzk/ff.h"
#include "mont.h"

#define CUZK_FP_P_LIMBS \
    0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL, 0x6730d2a0f6b0f624ULL, \
    0x64774b84f38512bfULL, 0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL
#define CUZK_FP_ONE_LIMBS \
    0x760900000002fffdULL, 0xebf4000bc40c0002ULL, 0x5f48985753c758baULL, \
    0x77ce585370525745ULL, 0x5c071a97a256ec6dULL, 0x15f65ec3fa80e493ULL
#define CUZK_FP_N0 0x89f3fffcfffcfffdULL /* -p^-1 mod 2^64 */

/* Inversion by Fermat's little theorem (a^(p-2)): the slow reference and the
 * fallback of cuzk_fp_inv. */
void cuzk_fp_inv_fermat(cuzk_fp *r, const cuzk_fp *a);

static const uint64_t cuzk_fp_p_i[6] = {CUZK_FP_P_LIMBS};
static const uint64_t cuzk_fp_n0_i = CUZK_FP_N0;

#if defined(CUZK_ASM) && defined(__x86_64__) && defined(__GNUC__)
#define CUZK_FF_HAVE_ADX 1
#include "fp_x86.h"
#else
#define CUZK_FF_HAVE_ADX 0
#endif

static inline void cuzk_fp_add_i(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
#if CUZK_FF_HAVE_ADX
    cuzk_fp_add_adx(r, a, b);
#else
    cuzk_ff_modadd_n(r->l, a->l, b->l, cuzk_fp_p_i, 6);
#endif
}

static inline void cuzk_fp_sub_i(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
#if CUZK_FF_HAVE_ADX
    cuzk_fp_sub_adx(r, a, b);
#else
    cuzk_ff_modsub_n(r->l, a->l, b->l, cuzk_fp_p_i, 6);
#endif
}

/* 0 - a: the modular subtraction adds p back only when a != 0. */
static inline void cuzk_fp_neg_i(cuzk_fp *r, const cuzk_fp *a)
{
    static const cuzk_fp zero = {{0}};
    cuzk_fp_sub_i(r, &zero, a);
}

static inline void cuzk_fp_mul_i(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b)
{
#if CUZK_FF_HAVE_ADX
    cuzk_fp_mul_adx(r, a, b);
#else
    cuzk_ff_mont_mul_n(r->l, a->l, b->l, cuzk_fp_p_i, CUZK_FP_N0, 6);
#endif
}

static inline void cuzk_fp_sqr_i(cuzk_fp *r, const cuzk_fp *a)
{
#if CUZK_FF_HAVE_ADX
    cuzk_fp_sqr_adx(r, a);
#else
    cuzk_ff_mont_mul_n(r->l, a->l, a->l, cuzk_fp_p_i, CUZK_FP_N0, 6);
#endif
}

#endif
