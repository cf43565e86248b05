/* Fp2 = Fp[u]/(u^2 + 1) hot paths as static inline functions (private header).
 *
 * fp2.c wraps them in the public cuzk_fp2_* functions; Fp6, Fp12 and the curve
 * code include this header to inline them. All outputs may alias inputs.
 * cuzk_fp2w is an Fp2 value before reduction (see fp_wide.h): Fp6 and Fp12
 * sum several products per output coefficient and reduce once. */
#ifndef CUZK_FF_FP2_IMPL_H
#define CUZK_FF_FP2_IMPL_H

#include "cuzk/ff.h"
#include "fp_impl.h"
#include "fp_wide.h"

static inline void cuzk_fp2_add_i(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b)
{
    cuzk_fp_add_i(&r->c0, &a->c0, &b->c0);
    cuzk_fp_add_i(&r->c1, &a->c1, &b->c1);
}

static inline void cuzk_fp2_sub_i(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b)
{
    cuzk_fp_sub_i(&r->c0, &a->c0, &b->c0);
    cuzk_fp_sub_i(&r->c1, &a->c1, &b->c1);
}

static inline void cuzk_fp2_dbl_i(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp_add_i(&r->c0, &a->c0, &a->c0);
    cuzk_fp_add_i(&r->c1, &a->c1, &a->c1);
}

static inline void cuzk_fp2_neg_i(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp_neg_i(&r->c0, &a->c0);
    cuzk_fp_neg_i(&r->c1, &a->c1);
}

static inline void cuzk_fp2_conj_i(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    r->c0 = a->c0;
    cuzk_fp_neg_i(&r->c1, &a->c1);
}

/* Complex squaring: (a0 + a1)(a0 - a1) + 2 a0 a1 u, two Fp products. */
static inline void cuzk_fp2_sqr_i(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp s, d, m;
    cuzk_fp_add_i(&s, &a->c0, &a->c1);
    cuzk_fp_sub_i(&d, &a->c0, &a->c1);
    cuzk_fp_mul_i(&m, &a->c0, &a->c1);
    cuzk_fp_mul_i(&r->c0, &s, &d);
    cuzk_fp_add_i(&r->c1, &m, &m);
}

static inline void cuzk_fp2_mul_fp_i(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp *b)
{
    cuzk_fp t = *b; /* b may be a coefficient of r */
    cuzk_fp_mul_i(&r->c0, &a->c0, &t);
    cuzk_fp_mul_i(&r->c1, &a->c1, &t);
}

/* (a0 + a1 u)(1 + u) = (a0 - a1) + (a0 + a1) u: no products. */
static inline void cuzk_fp2_mul_by_nonresidue_i(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp t;
    cuzk_fp_sub_i(&t, &a->c0, &a->c1);
    cuzk_fp_add_i(&r->c1, &a->c0, &a->c1);
    r->c0 = t;
}

static inline bool cuzk_fp2_is_zero_i(const cuzk_fp2 *a)
{
    return cuzk_ff_is_zero_n(a->c0.l, 6) & cuzk_ff_is_zero_n(a->c1.l, 6);
}

static inline bool cuzk_fp2_eq_i(const cuzk_fp2 *a, const cuzk_fp2 *b)
{
    return cuzk_ff_eq_n(a->c0.l, b->c0.l, 6) & cuzk_ff_eq_n(a->c1.l, b->c1.l, 6);
}

/* ---- double-width Fp2 (see fp_wide.h): coefficients in [0, p 2^384) ---- */
typedef struct { cuzk_fpw c0, c1; } cuzk_fp2w;

/* a * b unreduced, a and b reduced: a0 b0 - a1 b1 needs a modular
 * subtraction, but (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 = a0 b1 + a1 b0 is an
 * exact nonnegative integer, so plain subtractions do. */
static inline void cuzk_fp2w_mul(cuzk_fp2w *r, const cuzk_fp2 *a, const cuzk_fp2 *b)
{
    cuzk_fp sa, sb;
    cuzk_fpw t0, t1;
    cuzk_fp_add_nr(&sa, &a->c0, &a->c1);
    cuzk_fp_add_nr(&sb, &b->c0, &b->c1);
    cuzk_fpw_mul(&t0, &a->c0, &b->c0);
    cuzk_fpw_mul(&t1, &a->c1, &b->c1);
    cuzk_fpw_mul(&r->c1, &sa, &sb);
    cuzk_fpw_sub_nr(&r->c1, &r->c1, &t0);
    cuzk_fpw_sub_nr(&r->c1, &r->c1, &t1);
    cuzk_fpw_sub(&r->c0, &t0, &t1);
}

/* a^2 unreduced: (a0 + a1)(a0 - a1) + 2 a0 a1 u. */
static inline void cuzk_fp2w_sqr(cuzk_fp2w *r, const cuzk_fp2 *a)
{
    cuzk_fp s, d;
    cuzk_fp_add_nr(&s, &a->c0, &a->c1);
    cuzk_fp_sub_i(&d, &a->c0, &a->c1);
    cuzk_fpw_mul(&r->c0, &s, &d);
    cuzk_fp_add_nr(&s, &a->c0, &a->c0);
    cuzk_fpw_mul(&r->c1, &s, &a->c1);
}

static inline void cuzk_fp2w_add(cuzk_fp2w *r, const cuzk_fp2w *a, const cuzk_fp2w *b)
{
    cuzk_fpw_add(&r->c0, &a->c0, &b->c0);
    cuzk_fpw_add(&r->c1, &a->c1, &b->c1);
}

static inline void cuzk_fp2w_sub(cuzk_fp2w *r, const cuzk_fp2w *a, const cuzk_fp2w *b)
{
    cuzk_fpw_sub(&r->c0, &a->c0, &b->c0);
    cuzk_fpw_sub(&r->c1, &a->c1, &b->c1);
}

/* times (1 + u): (a0 - a1) + (a0 + a1) u */
static inline void cuzk_fp2w_mul_by_nonresidue(cuzk_fp2w *r, const cuzk_fp2w *a)
{
    cuzk_fpw t;
    cuzk_fpw_sub(&t, &a->c0, &a->c1);
    cuzk_fpw_add(&r->c1, &a->c0, &a->c1);
    r->c0 = t;
}

static inline void cuzk_fp2w_redc(cuzk_fp2 *r, const cuzk_fp2w *a)
{
    cuzk_fpw_redc(&r->c0, &a->c0);
    cuzk_fpw_redc(&r->c1, &a->c1);
}

/* Karatsuba with one reduction per coefficient: 3 double-width products and
 * 2 Montgomery reductions instead of 3 full Montgomery products. */
static inline void cuzk_fp2_mul_i(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b)
{
    cuzk_fp2w t;
    cuzk_fp2w_mul(&t, a, b);
    cuzk_fp2w_redc(r, &t);
}

/* Multiplication by a fixed constant (Frobenius coefficients): many of those
 * lie in Fp or in Fp*u, which costs 2 products instead of 3. The branch is on
 * public constants only. */
static inline void cuzk_fp2_mul_const_i(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *c)
{
    if (cuzk_ff_is_zero_n(c->c1.l, 6)) {
        cuzk_fp2_mul_fp_i(r, a, &c->c0);
    } else if (cuzk_ff_is_zero_n(c->c0.l, 6)) {
        /* (a0 + a1 u)(c u) = -c a1 + c a0 u */
        cuzk_fp t;
        cuzk_fp_mul_i(&t, &a->c1, &c->c1);
        cuzk_fp_mul_i(&r->c1, &a->c0, &c->c1);
        cuzk_fp_neg_i(&r->c0, &t);
    } else {
        cuzk_fp2_mul_i(r, a, c);
    }
}

#endif
