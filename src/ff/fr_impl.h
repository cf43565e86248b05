/* Fr hot paths as static inline functions (private header); see fp_impl.h. */
#ifndef CUZK_FF_FR_IMPL_H
#define CUZK_FF_FR_IMPL_H

#include "cuzk/ff.h"
#include "mont.h"
#include "fp_impl.h" /* CUZK_FF_HAVE_ADX */

#define CUZK_FR_P_LIMBS \
    0xffffffff00000001ULL, 0x53bda402fffe5bfeULL, 0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL
#define CUZK_FR_ONE_LIMBS \
    0x00000001fffffffeULL, 0x5884b7fa00034802ULL, 0x998c4fefecbc4ff5ULL, 0x1824b159acc5056fULL
#define CUZK_FR_N0 0xfffffffeffffffffULL /* -r^-1 mod 2^64 */

/* a^(r-2): the slow reference and the fallback of cuzk_fr_inv. */
void cuzk_fr_inv_fermat(cuzk_fr *r, const cuzk_fr *a);

static const uint64_t cuzk_fr_p_i[4] = {CUZK_FR_P_LIMBS};
static const uint64_t cuzk_fr_n0_i = CUZK_FR_N0;

#if CUZK_FF_HAVE_ADX
#include "fr_x86.h"
#endif

static inline void cuzk_fr_add_i(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b)
{
#if CUZK_FF_HAVE_ADX
    cuzk_fr_add_adx(r, a, b);
#else
    cuzk_ff_modadd_n(r->l, a->l, b->l, cuzk_fr_p_i, 4);
#endif
}

static inline void cuzk_fr_sub_i(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b)
{
#if CUZK_FF_HAVE_ADX
    cuzk_fr_sub_adx(r, a, b);
#else
    cuzk_ff_modsub_n(r->l, a->l, b->l, cuzk_fr_p_i, 4);
#endif
}

/* 0 - a: adds r back only when a != 0. */
static inline void cuzk_fr_neg_i(cuzk_fr *r, const cuzk_fr *a)
{
    static const cuzk_fr zero = {{0}};
    cuzk_fr_sub_i(r, &zero, a);
}

static inline void cuzk_fr_mul_i(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b)
{
#if CUZK_FF_HAVE_ADX
    cuzk_fr_mul_adx(r, a, b);
#else
    cuzk_ff_mont_mul_n(r->l, a->l, b->l, cuzk_fr_p_i, CUZK_FR_N0, 4);
#endif
}

static inline void cuzk_fr_sqr_i(cuzk_fr *r, const cuzk_fr *a)
{
    cuzk_fr_mul_i(r, a, a);
}

#endif
