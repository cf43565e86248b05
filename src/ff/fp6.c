/* Fp6 = Fp2[v]/(v^3 - xi), xi = 1 + u: products, squaring, inverse, Frobenius. */
#include "cuzk/ff.h"
#include "ff/fp6_impl.h"
#include "ff/frobenius.h"

void cuzk_fp6_zero(cuzk_fp6 *r)
{
    cuzk_fp2_zero(&r->c0);
    cuzk_fp2_zero(&r->c1);
    cuzk_fp2_zero(&r->c2);
}

void cuzk_fp6_one(cuzk_fp6 *r)
{
    cuzk_fp2_one(&r->c0);
    cuzk_fp2_zero(&r->c1);
    cuzk_fp2_zero(&r->c2);
}

void cuzk_fp6_add(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b) { cuzk_fp6_add_i(r, a, b); }
void cuzk_fp6_sub(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b) { cuzk_fp6_sub_i(r, a, b); }
void cuzk_fp6_neg(cuzk_fp6 *r, const cuzk_fp6 *a) { cuzk_fp6_neg_i(r, a); }
void cuzk_fp6_mul_by_nonresidue(cuzk_fp6 *r, const cuzk_fp6 *a) { cuzk_fp6_mul_by_nonresidue_i(r, a); }

bool cuzk_fp6_is_zero(const cuzk_fp6 *a)
{
    return cuzk_fp2_is_zero_i(&a->c0) & cuzk_fp2_is_zero_i(&a->c1) & cuzk_fp2_is_zero_i(&a->c2);
}

bool cuzk_fp6_eq(const cuzk_fp6 *a, const cuzk_fp6 *b)
{
    return cuzk_fp2_eq_i(&a->c0, &b->c0) & cuzk_fp2_eq_i(&a->c1, &b->c1) &
           cuzk_fp2_eq_i(&a->c2, &b->c2);
}

/* Karatsuba over three coefficients, 6 Fp2 products instead of 9, each output
 * coefficient summed at double width and reduced once:
 *   c0 = a0 b0 + xi ((a1 + a2)(b1 + b2) - a1 b1 - a2 b2)
 *   c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 + xi a2 b2
 *   c2 = (a0 + a2)(b0 + b2) - a0 b0 - a2 b2 + a1 b1 */
void cuzk_fp6_mul(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp6 *b)
{
    cuzk_fp2w t0, t1, t2, m, x;
    cuzk_fp2 s, u, c0, c1;
    cuzk_fp2w_mul(&t0, &a->c0, &b->c0);
    cuzk_fp2w_mul(&t1, &a->c1, &b->c1);
    cuzk_fp2w_mul(&t2, &a->c2, &b->c2);

    cuzk_fp2_add_i(&s, &a->c1, &a->c2);
    cuzk_fp2_add_i(&u, &b->c1, &b->c2);
    cuzk_fp2w_mul(&m, &s, &u);
    cuzk_fp2w_sub(&m, &m, &t1);
    cuzk_fp2w_sub(&m, &m, &t2);
    cuzk_fp2w_mul_by_nonresidue(&m, &m);
    cuzk_fp2w_add(&m, &m, &t0);
    cuzk_fp2w_redc(&c0, &m);

    cuzk_fp2_add_i(&s, &a->c0, &a->c1);
    cuzk_fp2_add_i(&u, &b->c0, &b->c1);
    cuzk_fp2w_mul(&m, &s, &u);
    cuzk_fp2w_sub(&m, &m, &t0);
    cuzk_fp2w_sub(&m, &m, &t1);
    cuzk_fp2w_mul_by_nonresidue(&x, &t2);
    cuzk_fp2w_add(&m, &m, &x);
    cuzk_fp2w_redc(&c1, &m);

    cuzk_fp2_add_i(&s, &a->c0, &a->c2);
    cuzk_fp2_add_i(&u, &b->c0, &b->c2);
    cuzk_fp2w_mul(&m, &s, &u);
    cuzk_fp2w_sub(&m, &m, &t0);
    cuzk_fp2w_sub(&m, &m, &t2);
    cuzk_fp2w_add(&m, &m, &t1);
    cuzk_fp2w_redc(&r->c2, &m); /* a and b are no longer read */

    r->c0 = c0;
    r->c1 = c1;
}

/* Chung-Hasan SQR2 at double width: 3 squarings and 2 products in Fp2,
 *   s0 = a0^2, s1 = 2 a0 a1, s2 = (a0 - a1 + a2)^2, s3 = 2 a1 a2, s4 = a2^2,
 *   c0 = s0 + xi s3, c1 = s1 + xi s4, c2 = s1 + s2 + s3 - s0 - s4. */
void cuzk_fp6_sqr(cuzk_fp6 *r, const cuzk_fp6 *a)
{
    cuzk_fp2w s0, s1, s2, s3, s4, t;
    cuzk_fp2 d;
    cuzk_fp2w_sqr(&s0, &a->c0);
    cuzk_fp2_dbl_i(&d, &a->c0);
    cuzk_fp2w_mul(&s1, &d, &a->c1);
    cuzk_fp2_sub_i(&d, &a->c0, &a->c1);
    cuzk_fp2_add_i(&d, &d, &a->c2);
    cuzk_fp2w_sqr(&s2, &d);
    cuzk_fp2_dbl_i(&d, &a->c1);
    cuzk_fp2w_mul(&s3, &d, &a->c2);
    cuzk_fp2w_sqr(&s4, &a->c2);

    cuzk_fp2w_add(&t, &s1, &s2);
    cuzk_fp2w_add(&t, &t, &s3);
    cuzk_fp2w_sub(&t, &t, &s0);
    cuzk_fp2w_sub(&t, &t, &s4);
    cuzk_fp2w_redc(&r->c2, &t);
    cuzk_fp2w_mul_by_nonresidue(&s3, &s3);
    cuzk_fp2w_add(&s3, &s3, &s0);
    cuzk_fp2w_redc(&r->c0, &s3);
    cuzk_fp2w_mul_by_nonresidue(&s4, &s4);
    cuzk_fp2w_add(&s4, &s4, &s1);
    cuzk_fp2w_redc(&r->c1, &s4);
}

/* a * (b0 + b1 v): 5 Fp2 products, reduced once per coefficient.
 *   c0 = a0 b0 + xi ((a1 + a2) b1 - a1 b1), c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1,
 *   c2 = (a0 + a2) b0 - a0 b0 + a1 b1 */
void cuzk_fp6_mul_by_01(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp2 *b0, const cuzk_fp2 *b1)
{
    cuzk_fp2w t0, t1, m;
    cuzk_fp2 s, u, c0, c1;
    cuzk_fp2w_mul(&t0, &a->c0, b0);
    cuzk_fp2w_mul(&t1, &a->c1, b1);

    cuzk_fp2_add_i(&s, &a->c1, &a->c2);
    cuzk_fp2w_mul(&m, &s, b1);
    cuzk_fp2w_sub(&m, &m, &t1);
    cuzk_fp2w_mul_by_nonresidue(&m, &m);
    cuzk_fp2w_add(&m, &m, &t0);
    cuzk_fp2w_redc(&c0, &m);

    cuzk_fp2_add_i(&s, &a->c0, &a->c1);
    cuzk_fp2_add_i(&u, b0, b1);
    cuzk_fp2w_mul(&m, &s, &u);
    cuzk_fp2w_sub(&m, &m, &t0);
    cuzk_fp2w_sub(&m, &m, &t1);
    cuzk_fp2w_redc(&c1, &m);

    cuzk_fp2_add_i(&s, &a->c0, &a->c2);
    cuzk_fp2w_mul(&m, &s, b0);
    cuzk_fp2w_sub(&m, &m, &t0);
    cuzk_fp2w_add(&m, &m, &t1);
    cuzk_fp2w_redc(&r->c2, &m);

    r->c0 = c0;
    r->c1 = c1;
}

/* a * (b1 v) = xi a2 b1 + a0 b1 v + a1 b1 v^2: 3 Fp2 products. */
void cuzk_fp6_mul_by_1(cuzk_fp6 *r, const cuzk_fp6 *a, const cuzk_fp2 *b1)
{
    cuzk_fp2 c0, c1, c2;
    cuzk_fp2_mul_i(&c0, &a->c2, b1);
    cuzk_fp2_mul_by_nonresidue_i(&c0, &c0);
    cuzk_fp2_mul_i(&c1, &a->c0, b1);
    cuzk_fp2_mul_i(&c2, &a->c1, b1);
    r->c0 = c0;
    r->c1 = c1;
    r->c2 = c2;
}

/* 1/a = (A + B v + C v^2) / F with
 *   A = a0^2 - xi a1 a2, B = xi a2^2 - a0 a1, C = a1^2 - a0 a2,
 *   F = a0 A + xi (a2 B + a1 C) in Fp2: one Fp2 (so one Fp) inversion. */
void cuzk_fp6_inv(cuzk_fp6 *r, const cuzk_fp6 *a)
{
    cuzk_fp2 A, B, C, F, t;
    cuzk_fp2_sqr_i(&A, &a->c0);
    cuzk_fp2_mul_i(&t, &a->c1, &a->c2);
    cuzk_fp2_mul_by_nonresidue_i(&t, &t);
    cuzk_fp2_sub_i(&A, &A, &t);

    cuzk_fp2_sqr_i(&B, &a->c2);
    cuzk_fp2_mul_by_nonresidue_i(&B, &B);
    cuzk_fp2_mul_i(&t, &a->c0, &a->c1);
    cuzk_fp2_sub_i(&B, &B, &t);

    cuzk_fp2_sqr_i(&C, &a->c1);
    cuzk_fp2_mul_i(&t, &a->c0, &a->c2);
    cuzk_fp2_sub_i(&C, &C, &t);

    cuzk_fp2_mul_i(&F, &a->c2, &B);
    cuzk_fp2_mul_i(&t, &a->c1, &C);
    cuzk_fp2_add_i(&F, &F, &t);
    cuzk_fp2_mul_by_nonresidue_i(&F, &F);
    cuzk_fp2_mul_i(&t, &a->c0, &A);
    cuzk_fp2_add_i(&F, &F, &t);
    cuzk_fp2_inv(&F, &F); /* F = 0 only for a = 0, which then maps to 0 */

    cuzk_fp2_mul_i(&r->c0, &A, &F);
    cuzk_fp2_mul_i(&r->c1, &B, &F);
    cuzk_fp2_mul_i(&r->c2, &C, &F);
}

/* a^(p^k): conjugate each Fp2 coefficient k times (i.e. when k is odd) and
 * scale the v and v^2 coefficients by the constants of frobenius.c. */
void cuzk_fp6_frobenius(cuzk_fp6 *r, const cuzk_fp6 *a, unsigned power)
{
    unsigned k = power % 6;
    if (k & 1) {
        cuzk_fp2_conj_i(&r->c0, &a->c0);
        cuzk_fp2_conj_i(&r->c1, &a->c1);
        cuzk_fp2_conj_i(&r->c2, &a->c2);
    } else {
        *r = *a;
    }
    if (k == 0) return;
    cuzk_fp2_mul_const_i(&r->c1, &r->c1, &CUZK_FF_FROB_V[k]);
    cuzk_fp2_mul_const_i(&r->c2, &r->c2, &CUZK_FF_FROB_V2[k]);
}
