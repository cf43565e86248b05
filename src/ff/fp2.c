/* Fp2 = Fp[u]/(u^2 + 1): arithmetic, inverse, square root, sign. */
#include "cuzk/ff.h"
#include "ff/fp2_impl.h"

/* (p - 3) / 4 and (p - 1) / 2, exponents of the square root below. */
static const uint64_t FP2_P_MINUS_3_DIV_4[6] = {
    0xee7fbfffffffeaaaULL, 0x07aaffffac54ffffULL, 0xd9cc34a83dac3d89ULL,
    0xd91dd2e13ce144afULL, 0x92c6e9ed90d2eb35ULL, 0x0680447a8e5ff9a6ULL};
static const uint64_t FP2_P_MINUS_1_DIV_2[6] = {
    0xdcff7fffffffd555ULL, 0x0f55ffff58a9ffffULL, 0xb39869507b587b12ULL,
    0xb23ba5c279c2895fULL, 0x258dd3db21a5d66bULL, 0x0d0088f51cbff34dULL};

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

/* Left-to-right square and multiply; exponents here are public. */
static void fp2_pow(cuzk_fp2 *r, const cuzk_fp2 *a, const uint64_t *exp, size_t limbs)
{
    cuzk_fp2 acc, base = *a;
    cuzk_fp2_one(&acc);
    for (size_t i = limbs; i-- > 0;) {
        for (int b = 63; b >= 0; b--) {
            cuzk_fp2_sqr_i(&acc, &acc);
            if ((exp[i] >> b) & 1) cuzk_fp2_mul_i(&acc, &acc, &base);
        }
    }
    *r = acc;
}

/* Adj and Rodriguez-Henriquez, "Square root computation over even extension
 * fields", Algorithm 9 (q = p = 3 mod 4). The candidate is squared back, so a
 * wrong branch can never return a false root. */
bool cuzk_fp2_sqrt(cuzk_fp2 *r, const cuzk_fp2 *a)
{
    cuzk_fp2 a1, alpha, norm, x0, x, chk, minus_one;
    cuzk_fp2_one(&minus_one);
    cuzk_fp2_neg_i(&minus_one, &minus_one);

    fp2_pow(&a1, a, FP2_P_MINUS_3_DIV_4, 6);
    cuzk_fp2_sqr_i(&alpha, &a1);
    cuzk_fp2_mul_i(&alpha, &alpha, a);          /* a^((p-1)/2) */
    cuzk_fp2_conj_i(&norm, &alpha);
    cuzk_fp2_mul_i(&norm, &norm, &alpha);       /* alpha^(p+1): quadratic character of a */
    if (cuzk_fp2_eq_i(&norm, &minus_one)) return false;

    cuzk_fp2_mul_i(&x0, &a1, a);                /* a^((p+1)/4) */
    if (cuzk_fp2_eq_i(&alpha, &minus_one)) {
        /* x = u * x0 */
        cuzk_fp t = x0.c0;
        cuzk_fp_neg_i(&x.c0, &x0.c1);
        x.c1 = t;
    } else {
        cuzk_fp2 b;
        cuzk_fp2_one(&b);
        cuzk_fp2_add_i(&b, &b, &alpha);
        fp2_pow(&b, &b, FP2_P_MINUS_1_DIV_2, 6);
        cuzk_fp2_mul_i(&x, &b, &x0);
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
