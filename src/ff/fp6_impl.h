/* Fp6 = Fp2[v]/(v^3 - (1 + u)) small helpers as static inline functions
 * (private header, used by fp6.c and fp12.c). Outputs may alias inputs. */
#ifndef CUZK_FF_FP6_IMPL_H
#define CUZK_FF_FP6_IMPL_H

#include "cuzk/ff.h"
#include "fp2_impl.h"

static inline void cuzk_fp6_add_i(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b)
{
    cuzk_fp2_add_i(&r->c0, &a->c0, &b->c0);
    cuzk_fp2_add_i(&r->c1, &a->c1, &b->c1);
    cuzk_fp2_add_i(&r->c2, &a->c2, &b->c2);
}

static inline void cuzk_fp6_sub_i(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b)
{
    cuzk_fp2_sub_i(&r->c0, &a->c0, &b->c0);
    cuzk_fp2_sub_i(&r->c1, &a->c1, &b->c1);
    cuzk_fp2_sub_i(&r->c2, &a->c2, &b->c2);
}

static inline void cuzk_fp6_dbl_i(cuzk_fp6 *r, const cuzk_fp6 *a)
{
    cuzk_fp2_dbl_i(&r->c0, &a->c0);
    cuzk_fp2_dbl_i(&r->c1, &a->c1);
    cuzk_fp2_dbl_i(&r->c2, &a->c2);
}

static inline void cuzk_fp6_neg_i(cuzk_fp6 *r, const cuzk_fp6 *a)
{
    cuzk_fp2_neg_i(&r->c0, &a->c0);
    cuzk_fp2_neg_i(&r->c1, &a->c1);
    cuzk_fp2_neg_i(&r->c2, &a->c2);
}

/* (a0 + a1 v + a2 v^2) v = xi a2 + a0 v + a1 v^2 */
static inline void cuzk_fp6_mul_by_nonresidue_i(cuzk_fp6 *r, const cuzk_fp6 *a)
{
    cuzk_fp2 t;
    cuzk_fp2_mul_by_nonresidue_i(&t, &a->c2);
    r->c2 = a->c1;
    r->c1 = a->c0;
    r->c0 = t;
}

/* a * b for b in Fp2: 3 Fp2 products. */
static inline void cuzk_fp6_mul_by_fp2_i(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp2 *b)
{
    cuzk_fp2 t = *b; /* b may be a coefficient of r */
    cuzk_fp2_mul_i(&r->c0, &a->c0, &t);
    cuzk_fp2_mul_i(&r->c1, &a->c1, &t);
    cuzk_fp2_mul_i(&r->c2, &a->c2, &t);
}

#endif
