/* Fp2 = Fp[u]/(u^2 + 1): arithmetic, inverse, square root, sign. */
#include "cuzk/ff.h"
#include "ff/fp2_impl.h"

/* (p - 3) / 4, the exponent of the square root below, and 1/2 (Montgomery). */
static const uint64_t FP2_P_MINUS_3_DIV_4[6] = {
    0xee7fbfffffffeaaaULL, 0x07aaffffac54ffffULL, 0xd9cc34a83dac3d89ULL,
    0xd91dd2e13ce144afULL, 0x92c6e9ed90d2eb35ULL, 0x0680447a8e5ff9a6ULL};
static const cuzk_fp FP2_HALF = {{
    0x1804000000015554ULL, 0x855000053ab00001ULL, 0x633cb57c253c276fULL,
    0x6e22d1ec31ebb502ULL, 0xd3916126f2d14ca2ULL, 0x17fbb8571a006596ULL}};

void cuzk_fp2_zero(cuzk_fp2 *r)
{
    r->c0 = CUZK_FP_ZERO;
    r->c1 = CUZK_FP_ZERO;
}

void cuzk_fp2_one(cuzk_fp2 *r)
{
    r->c0 = CUZK_FP_ONE;
    r->c1 = CUZK_FP_ZERO;
}

void cuzk_fp2_add(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b) { cuzk_fp2_add_i(r, a, b); }
void cuzk_fp2_sub(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b) { cuzk_fp2_sub_i(r, a, b); }
void cuzk_fp2_dbl(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_dbl_i(r, a); }
void cuzk_fp2_neg(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_neg_i(r, a); }
void cuzk_fp2_conj(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_conj_i(r, a); }
void cuzk_fp2_mul(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b) { cuzk_fp2_mul_i(r, a, b); }
void cuzk_fp2_sqr(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_sqr_i(r, a); }
void cuzk_fp2_mul_fp(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp *b) { cuzk_fp2_mul_fp_i(r, a, b); }
void cuzk_fp2_mul_by_nonresidue(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_mul_by_nonresidue_i(r, a); }
bool cuzk_fp2_is_zero(const cuzk_fp2 *a) { return cuzk_fp2_is_zero_i(a); }
bool cuzk_fp2_eq(const cuzk_fp2 *a, const cuzk_fp2 *b) { return cuzk_fp2_eq_i(a, b); }

bool cuzk_fp2_is_one(const cuzk_fp2 *a)
{
    return cuzk_fp_is_one(&a->c0) & cuzk_fp_is_zero(&a->c1);
}

/* 1 / (a0 + a1 u) = (a0 - a1 u) / (a0^2 + a1^2): one Fp inversion. */
void cuzk_fp2_inv(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp n, t;
    cuzk_fp_sqr_i(&n, &a->c0);
    cuzk_fp_sqr_i(&t, &a->c1);
    cuzk_fp_add_i(&n, &n, &t);
    cuzk_fp_inv(&n, &n); /* inv(0) = 0 keeps inv(0) = 0 here too */
    cuzk_fp_mul_i(&r->c0, &a->c0, &n);
    cuzk_fp_mul_i(&t, &a->c1, &n);
    cuzk_fp_neg_i(&r->c1, &t);
}

/* Square root through the norm, with two Fp exponentiations (about half the
 * cost of Fp2 exponentiations such as Adj and Rodriguez-Henriquez's Alg. 9).
 * A root x0 + x1 u of a0 + a1 u has x0^2 - x1^2 = a0 and 2 x0 x1 = a1, so
 * x0^2 = t = (a0 + s)/2 with s^2 = a0^2 + a1^2 (the norm must be a square).
 * y = t^((p-3)/4) gives z = t y with z^2 = chi(t) t and 1/z = chi(t) y. If t
 * is a square, x = z + (a1 y / 2) u. Otherwise z^2 = -t, the real part is the
 * root of (a0 - s)/2 = -a1^2/(4t), and x = -a1 y / 2 + z u. (a1 != 0 keeps t
 * nonzero.) The candidate is squared back, so no branch can return a false root. */
bool cuzk_fp2_sqrt(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp2 x, chk;
    if (cuzk_fp_is_zero(&a->c1)) {
        /* a in Fp: a0 or -a0 is a square there, since -1 is not (p = 3 mod 4) */
        cuzk_fp t;
        if (cuzk_fp_sqrt(&x.c0, &a->c0)) {
            x.c1 = CUZK_FP_ZERO;
        } else {
            cuzk_fp_neg_i(&t, &a->c0);
            if (!cuzk_fp_sqrt(&x.c1, &t)) return false;
            x.c0 = CUZK_FP_ZERO;
        }
    } else {
        cuzk_fp n, s, t, y, z, chi;
        cuzk_fp_sqr_i(&n, &a->c0);
        cuzk_fp_sqr_i(&t, &a->c1);
        cuzk_fp_add_i(&n, &n, &t);
        if (!cuzk_fp_sqrt(&s, &n)) return false;
        cuzk_fp_add_i(&t, &a->c0, &s);
        cuzk_fp_mul_i(&t, &t, &FP2_HALF);
        cuzk_fp_pow(&y, &t, FP2_P_MINUS_3_DIV_4, 6);
        cuzk_fp_mul_i(&z, &t, &y);
        cuzk_fp_mul_i(&chi, &z, &y);
        cuzk_fp_mul_i(&s, &a->c1, &y);
        cuzk_fp_mul_i(&s, &s, &FP2_HALF);
        if (cuzk_fp_is_one(&chi)) {
            x.c0 = z;
            x.c1 = s;
        } else {
            cuzk_fp_neg_i(&x.c0, &s);
            x.c1 = z;
        }
    }
    cuzk_fp2_sqr_i(&chk, &x);
    if (!cuzk_fp2_eq_i(&chk, a)) return false;
    *r = x;
    return true;
}

bool cuzk_fp2_is_lex_largest(const cuzk_fp2 *a)
{
    if (!cuzk_fp_is_zero(&a->c1)) return cuzk_fp_is_lex_largest(&a->c1);
    return cuzk_fp_is_lex_largest(&a->c0);
}
