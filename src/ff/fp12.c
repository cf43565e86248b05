/* Fp12 = Fp6[w]/(w^2 - v): products, squarings, inverse, Frobenius, and the
 * sparse products of the Miller loop. */
#include "cuzk/ff.h"
#include "ff/fp6_impl.h"
#include "ff/frobenius.h"

void cuzk_fp12_zero(cuzk_fp12 *r)
{
    cuzk_fp6_zero(&r->c0);
    cuzk_fp6_zero(&r->c1);
}

void cuzk_fp12_one(cuzk_fp12 *r)
{
    cuzk_fp6_one(&r->c0);
    cuzk_fp6_zero(&r->c1);
}

void cuzk_fp12_add(cuzk_fp12 *r, const cuzk_fp12 *a, const cuzk_fp12 *b)
{
    cuzk_fp6_add_i(&r->c0, &a->c0, &b->c0);
    cuzk_fp6_add_i(&r->c1, &a->c1, &b->c1);
}

void cuzk_fp12_sub(cuzk_fp12 *r, const cuzk_fp12 *a, const cuzk_fp12 *b)
{
    cuzk_fp6_sub_i(&r->c0, &a->c0, &b->c0);
    cuzk_fp6_sub_i(&r->c1, &a->c1, &b->c1);
}

void cuzk_fp12_conj(cuzk_fp12 *r, const cuzk_fp12 *a)
{
    r->c0 = a->c0;
    cuzk_fp6_neg_i(&r->c1, &a->c1);
}

bool cuzk_fp12_eq(const cuzk_fp12 *a, const cuzk_fp12 *b)
{
    return cuzk_fp6_eq(&a->c0, &b->c0) & cuzk_fp6_eq(&a->c1, &b->c1);
}

bool cuzk_fp12_is_one(const cuzk_fp12 *a)
{
    return cuzk_fp2_is_one(&a->c0.c0) & cuzk_fp2_is_zero_i(&a->c0.c1) &
           cuzk_fp2_is_zero_i(&a->c0.c2) & cuzk_fp6_is_zero(&a->c1);
}

/* Karatsuba: c0 = a0 b0 + v a1 b1, c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1. */
void cuzk_fp12_mul(cuzk_fp12 *r, const cuzk_fp12 *a, const cuzk_fp12 *b)
{
    cuzk_fp6 t0, t1, s, u;
    cuzk_fp6_add_i(&s, &a->c0, &a->c1);
    cuzk_fp6_add_i(&u, &b->c0, &b->c1);
    cuzk_fp6_mul(&t0, &a->c0, &b->c0);
    cuzk_fp6_mul(&t1, &a->c1, &b->c1);
    cuzk_fp6_mul(&s, &s, &u);
    cuzk_fp6_sub_i(&s, &s, &t0);
    cuzk_fp6_sub_i(&r->c1, &s, &t1);
    cuzk_fp6_mul_by_nonresidue_i(&t1, &t1);
    cuzk_fp6_add_i(&r->c0, &t0, &t1);
}

/* Complex method, 2 Fp6 products: with t = a0 a1,
 * c0 = (a0 + a1)(a0 + v a1) - t - v t = a0^2 + v a1^2, c1 = 2 t. */
void cuzk_fp12_sqr(cuzk_fp12 *r, const cuzk_fp12 *a)
{
    cuzk_fp6 t, s, u;
    cuzk_fp6_mul(&t, &a->c0, &a->c1);
    cuzk_fp6_add_i(&s, &a->c0, &a->c1);
    cuzk_fp6_mul_by_nonresidue_i(&u, &a->c1);
    cuzk_fp6_add_i(&u, &u, &a->c0);
    cuzk_fp6_mul(&s, &s, &u);
    cuzk_fp6_sub_i(&s, &s, &t);
    cuzk_fp6_mul_by_nonresidue_i(&u, &t);
    cuzk_fp6_sub_i(&r->c0, &s, &u);
    cuzk_fp6_dbl_i(&r->c1, &t);
}

/* 1/(a0 + a1 w) = (a0 - a1 w) / (a0^2 - v a1^2): one Fp6 inversion. */
void cuzk_fp12_inv(cuzk_fp12 *r, const cuzk_fp12 *a)
{
    cuzk_fp6 t0, t1;
    cuzk_fp6_sqr(&t0, &a->c0);
    cuzk_fp6_sqr(&t1, &a->c1);
    cuzk_fp6_mul_by_nonresidue_i(&t1, &t1);
    cuzk_fp6_sub_i(&t0, &t0, &t1);
    cuzk_fp6_inv(&t0, &t0);
    cuzk_fp6_mul(&r->c0, &a->c0, &t0);
    cuzk_fp6_mul(&t1, &a->c1, &t0);
    cuzk_fp6_neg_i(&r->c1, &t1);
}

/* a^(p^k), k = power mod 12: Fp6 Frobenius on both halves, and the w half
 * scaled by w^(p^k) / w = xi^((p^k-1)/6), which changes sign every 6 steps. */
void cuzk_fp12_frobenius(cuzk_fp12 *r, const cuzk_fp12 *a, unsigned power)
{
    unsigned k = power % 12, j = k % 6;
    cuzk_fp6_frobenius(&r->c0, &a->c0, j);
    cuzk_fp6_frobenius(&r->c1, &a->c1, j);
    if (j != 0) {
        const cuzk_fp2 *g = &CUZK_FF_FROB_W[j];
        cuzk_fp2_mul_const_i(&r->c1.c0, &r->c1.c0, g);
        cuzk_fp2_mul_const_i(&r->c1.c1, &r->c1.c1, g);
        cuzk_fp2_mul_const_i(&r->c1.c2, &r->c1.c2, g);
    }
    if (k >= 6) cuzk_fp6_neg_i(&r->c1, &r->c1);
}

/* (x + y t)^2 in Fp4 = Fp2[t]/(t^2 - xi): 3 Fp2 squarings at double width,
 * x^2 + xi y^2 + ((x + y)^2 - x^2 - y^2) t. */
static inline void fp4_sqr(cuzk_fp2 *r0, cuzk_fp2 *r1, const cuzk_fp2 *x, const cuzk_fp2 *y)
{
    cuzk_fp2w t0, t1, s;
    cuzk_fp2 xy;
    cuzk_fp2_add_i(&xy, x, y);
    cuzk_fp2w_sqr(&t0, x);
    cuzk_fp2w_sqr(&t1, y);
    cuzk_fp2w_sqr(&s, &xy);
    cuzk_fp2w_sub(&s, &s, &t0);
    cuzk_fp2w_sub(&s, &s, &t1);
    cuzk_fp2w_redc(r1, &s);
    cuzk_fp2w_mul_by_nonresidue(&t1, &t1);
    cuzk_fp2w_add(&t1, &t1, &t0);
    cuzk_fp2w_redc(r0, &t1);
}

/* 3 z - 2 e and 3 z + 2 e, the two shapes of the Granger-Scott outputs. */
static inline void gs_minus(cuzk_fp2 *r, const cuzk_fp2 *z, const cuzk_fp2 *e)
{
    cuzk_fp2 t;
    cuzk_fp2_sub_i(&t, z, e);
    cuzk_fp2_dbl_i(&t, &t);
    cuzk_fp2_add_i(r, &t, z);
}

static inline void gs_plus(cuzk_fp2 *r, const cuzk_fp2 *z, const cuzk_fp2 *e)
{
    cuzk_fp2 t;
    cuzk_fp2_add_i(&t, z, e);
    cuzk_fp2_dbl_i(&t, &t);
    cuzk_fp2_add_i(r, &t, z);
}

/* Granger-Scott squaring for elements of norm 1 (the cyclotomic subgroup).
 * With t = w^3 (t^2 = xi), Fp12 = Fp4[w]/(w^3 - t) and a = A0 + A1 w + A2 w^2
 * where A0 = c0.c0 + c1.c1 t, A1 = c1.c0 + c0.c2 t, A2 = c0.c1 + c1.c2 t.
 * For such a, a^2 = (3 A0^2 - 2 conj A0) + (3 t A2^2 + 2 conj A1) w
 * + (3 A1^2 - 2 conj A2) w^2, conj being t -> -t: 9 Fp2 squarings. */
void cuzk_fp12_cyclotomic_sqr(cuzk_fp12 *r, const cuzk_fp12 *a)
{
    cuzk_fp2 t0, t1, t2, t3, t4, t5;
    fp4_sqr(&t0, &t1, &a->c0.c0, &a->c1.c1); /* A0^2 */
    fp4_sqr(&t2, &t3, &a->c0.c1, &a->c1.c2); /* A2^2 */
    fp4_sqr(&t4, &t5, &a->c1.c0, &a->c0.c2); /* A1^2 */
    cuzk_fp2_mul_by_nonresidue_i(&t3, &t3);  /* t A2^2 = xi t3 + t2 t */

    gs_minus(&r->c0.c0, &t0, &a->c0.c0);
    gs_plus(&r->c1.c1, &t1, &a->c1.c1);
    gs_plus(&r->c1.c0, &t3, &a->c1.c0);
    gs_minus(&r->c0.c2, &t2, &a->c0.c2);
    gs_minus(&r->c0.c1, &t4, &a->c0.c1);
    gs_plus(&r->c1.c2, &t5, &a->c1.c2);
}

/* a * (c0 + c1 v + c4 v w):
 *   t0 = a0 (c0 + c1 v), t1 = a1 (c4 v),
 *   r0 = t0 + v t1, r1 = (a0 + a1)(c0 + (c1 + c4) v) - t0 - t1. */
void cuzk_fp12_mul_by_014(cuzk_fp12 *r, const cuzk_fp12 *a,
                          const cuzk_fp2 *c0, const cuzk_fp2 *c1, const cuzk_fp2 *c4)
{
    cuzk_fp6 t0, t1, s;
    cuzk_fp2 c14;
    cuzk_fp2_add_i(&c14, c1, c4);
    cuzk_fp6_mul_by_01(&t0, &a->c0, c0, c1);
    cuzk_fp6_mul_by_1(&t1, &a->c1, c4);
    cuzk_fp6_add_i(&s, &a->c0, &a->c1);
    cuzk_fp6_mul_by_01(&s, &s, c0, &c14);
    cuzk_fp6_sub_i(&s, &s, &t0);
    cuzk_fp6_sub_i(&r->c1, &s, &t1);
    cuzk_fp6_mul_by_nonresidue_i(&t1, &t1);
    cuzk_fp6_add_i(&r->c0, &t0, &t1);
}

/* a * (c0 + (c3 + c4 v) w):
 *   t0 = a0 c0, t1 = a1 (c3 + c4 v),
 *   r0 = t0 + v t1, r1 = (a0 + a1)((c0 + c3) + c4 v) - t0 - t1. */
void cuzk_fp12_mul_by_034(cuzk_fp12 *r, const cuzk_fp12 *a,
                          const cuzk_fp2 *c0, const cuzk_fp2 *c3, const cuzk_fp2 *c4)
{
    cuzk_fp6 t0, t1, s;
    cuzk_fp2 c03;
    cuzk_fp2_add_i(&c03, c0, c3);
    cuzk_fp6_mul_by_fp2_i(&t0, &a->c0, c0);
    cuzk_fp6_mul_by_01(&t1, &a->c1, c3, c4);
    cuzk_fp6_add_i(&s, &a->c0, &a->c1);
    cuzk_fp6_mul_by_01(&s, &s, &c03, c4);
    cuzk_fp6_sub_i(&s, &s, &t0);
    cuzk_fp6_sub_i(&r->c1, &s, &t1);
    cuzk_fp6_mul_by_nonresidue_i(&t1, &t1);
    cuzk_fp6_add_i(&r->c0, &t0, &t1);
}
