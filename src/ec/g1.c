/* G1: y^2 = x^3 + 4 over Fp. Affine helpers and the Jacobian group law.
 *
 * Formulas (a = 0): doubling dbl-2009-l (2M + 5S), addition add-2007-bl
 * (11M + 5S), mixed addition madd-2007-bl (7M + 4S), from the Explicit-Formulas
 * Database. The additions detect P == Q (switch to doubling) and P == -Q
 * (infinity), so they are complete for every input. */
#include "cuzk/ec.h"
#include "ff/ff_internal.h"

/* 4 in Montgomery form. */
static const cuzk_fp G1_B = {{
    0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL,
    0xb1d37ebee6ba24d7ULL, 0x8ec9733bbf78ab2fULL, 0x09d645513d83de7eULL}};

/* The standard generator (zcash / blst), Montgomery form. */
static const cuzk_g1_affine G1_GEN = {
    {{0x5cb38790fd530c16ULL, 0x7817fc679976fff5ULL, 0x154f95c7143ba1c1ULL,
      0xf0ae6acdf3d0e747ULL, 0xedce6ecc21dbf440ULL, 0x120177419e0bfb75ULL}},
    {{0xbaac93d50ce72271ULL, 0x8c22631a7918fd8eULL, 0xdd595f13570725ceULL,
      0x51ac582950405194ULL, 0x0e1c8c3fad0059c0ULL, 0x0bbc3efc5008a26aULL}}};

void cuzk_g1_generator(cuzk_g1_affine *r) { *r = G1_GEN; }

void cuzk_g1_affine_infinity(cuzk_g1_affine *r)
{
    r->x = CUZK_FP_ZERO;
    r->y = CUZK_FP_ZERO;
}

bool cuzk_g1_affine_is_infinity(const cuzk_g1_affine *a)
{
    return cuzk_fp_is_zero(&a->x) && cuzk_fp_is_zero(&a->y);
}

bool cuzk_g1_affine_eq(const cuzk_g1_affine *a, const cuzk_g1_affine *b)
{
    return cuzk_fp_eq(&a->x, &b->x) && cuzk_fp_eq(&a->y, &b->y);
}

void cuzk_g1_affine_neg(cuzk_g1_affine *r, const cuzk_g1_affine *a)
{
    r->x = a->x;
    cuzk_fp_neg_i(&r->y, &a->y); /* -0 = 0 keeps infinity at (0, 0) */
}

bool cuzk_g1_is_on_curve(const cuzk_g1_affine *a)
{
    if (cuzk_g1_affine_is_infinity(a))
        return true;
    cuzk_fp lhs, rhs;
    cuzk_fp_sqr_i(&lhs, &a->y);
    cuzk_fp_sqr_i(&rhs, &a->x);
    cuzk_fp_mul_i(&rhs, &rhs, &a->x);
    cuzk_fp_add_i(&rhs, &rhs, &G1_B);
    return cuzk_fp_eq(&lhs, &rhs);
}

void cuzk_g1_proj_infinity(cuzk_g1_proj *r)
{
    r->x = CUZK_FP_ONE;
    r->y = CUZK_FP_ONE;
    r->z = CUZK_FP_ZERO;
}

bool cuzk_g1_proj_is_infinity(const cuzk_g1_proj *a) { return cuzk_fp_is_zero(&a->z); }

void cuzk_g1_proj_from_affine(cuzk_g1_proj *r, const cuzk_g1_affine *a)
{
    if (cuzk_g1_affine_is_infinity(a)) {
        cuzk_g1_proj_infinity(r);
        return;
    }
    r->x = a->x;
    r->y = a->y;
    r->z = CUZK_FP_ONE;
}

/* (X, Y) -> (X zi^2, Y zi^3) given zi = 1/Z. */
static void g1_scale_out(cuzk_g1_affine *r, const cuzk_g1_proj *a, const cuzk_fp *zi)
{
    cuzk_fp zi2, zi3;
    cuzk_fp_sqr_i(&zi2, zi);
    cuzk_fp_mul_i(&zi3, &zi2, zi);
    cuzk_fp_mul_i(&r->x, &a->x, &zi2);
    cuzk_fp_mul_i(&r->y, &a->y, &zi3);
}

void cuzk_g1_proj_to_affine(cuzk_g1_affine *r, const cuzk_g1_proj *a)
{
    if (cuzk_g1_proj_is_infinity(a)) {
        cuzk_g1_affine_infinity(r);
        return;
    }
    cuzk_fp zi;
    cuzk_fp_inv(&zi, &a->z);
    g1_scale_out(r, a, &zi);
}

/* Montgomery's trick with one inversion. The prefix products are parked in
 * r[i].x, so no allocation is needed; r must not overlap a. */
void cuzk_g1_proj_batch_to_affine(cuzk_g1_affine *r, const cuzk_g1_proj *a, size_t n)
{
    cuzk_fp acc = CUZK_FP_ONE;
    for (size_t i = 0; i < n; i++) {
        if (cuzk_fp_is_zero(&a[i].z))
            continue;
        r[i].x = acc;
        cuzk_fp_mul_i(&acc, &acc, &a[i].z);
    }
    cuzk_fp inv;
    cuzk_fp_inv(&inv, &acc);
    for (size_t i = n; i-- > 0;) {
        if (cuzk_fp_is_zero(&a[i].z)) {
            cuzk_g1_affine_infinity(&r[i]);
            continue;
        }
        cuzk_fp zi;
        cuzk_fp_mul_i(&zi, &inv, &r[i].x); /* 1/z_i */
        cuzk_fp_mul_i(&inv, &inv, &a[i].z); /* 1/(z_0 .. z_{i-1}) */
        g1_scale_out(&r[i], &a[i], &zi);
    }
}

bool cuzk_g1_proj_eq(const cuzk_g1_proj *a, const cuzk_g1_proj *b)
{
    bool ia = cuzk_g1_proj_is_infinity(a), ib = cuzk_g1_proj_is_infinity(b);
    if (ia || ib)
        return ia && ib;
    cuzk_fp z1z1, z2z2, u1, u2, s1, s2;
    cuzk_fp_sqr_i(&z1z1, &a->z);
    cuzk_fp_sqr_i(&z2z2, &b->z);
    cuzk_fp_mul_i(&u1, &a->x, &z2z2);
    cuzk_fp_mul_i(&u2, &b->x, &z1z1);
    if (!cuzk_fp_eq(&u1, &u2))
        return false;
    cuzk_fp_mul_i(&s1, &a->y, &z2z2);
    cuzk_fp_mul_i(&s1, &s1, &b->z);
    cuzk_fp_mul_i(&s2, &b->y, &z1z1);
    cuzk_fp_mul_i(&s2, &s2, &a->z);
    return cuzk_fp_eq(&s1, &s2);
}

void cuzk_g1_proj_neg(cuzk_g1_proj *r, const cuzk_g1_proj *a)
{
    r->x = a->x;
    cuzk_fp_neg_i(&r->y, &a->y);
    r->z = a->z;
}

void cuzk_g1_proj_dbl(cuzk_g1_proj *r, const cuzk_g1_proj *a)
{
    cuzk_fp A, B, C, D, E, F, t;
    cuzk_fp_sqr_i(&A, &a->x);
    cuzk_fp_sqr_i(&B, &a->y);
    cuzk_fp_sqr_i(&C, &B);
    cuzk_fp_add_i(&D, &a->x, &B);
    cuzk_fp_sqr_i(&D, &D);
    cuzk_fp_sub_i(&D, &D, &A);
    cuzk_fp_sub_i(&D, &D, &C);
    cuzk_fp_add_i(&D, &D, &D);                  /* D = 2((X+B)^2 - A - C) = 4 X Y^2 */
    cuzk_fp_add_i(&E, &A, &A);
    cuzk_fp_add_i(&E, &E, &A);                  /* E = 3 X^2 */
    cuzk_fp_sqr_i(&F, &E);
    cuzk_fp_mul_i(&r->z, &a->y, &a->z);
    cuzk_fp_add_i(&r->z, &r->z, &r->z);         /* Z3 = 2 Y Z (Z = 0 stays 0) */
    cuzk_fp_add_i(&t, &D, &D);
    cuzk_fp_sub_i(&r->x, &F, &t);               /* X3 = F - 2D */
    cuzk_fp_sub_i(&t, &D, &r->x);
    cuzk_fp_mul_i(&t, &E, &t);
    cuzk_fp_add_i(&C, &C, &C);
    cuzk_fp_add_i(&C, &C, &C);
    cuzk_fp_add_i(&C, &C, &C);
    cuzk_fp_sub_i(&r->y, &t, &C);               /* Y3 = E (D - X3) - 8C */
}

/* The tail shared by add and madd once H = U2 - U1 and R = S2 - S1 are known
 * (both nonzero-H cases): X3 = R'^2 - J - 2V, Y3 = R' (V - X3) - 2 S1 J with
 * I = (2H)^2, J = H I, R' = 2R, V = U1 I. Z3 is computed by the caller. */
static void g1_add_tail(cuzk_g1_proj *r, const cuzk_fp *H, const cuzk_fp *R,
                        const cuzk_fp *U1, const cuzk_fp *S1)
{
    cuzk_fp I, J, V, rr, t;
    cuzk_fp_add_i(&I, H, H);
    cuzk_fp_sqr_i(&I, &I);
    cuzk_fp_mul_i(&J, H, &I);
    cuzk_fp_add_i(&rr, R, R);
    cuzk_fp_mul_i(&V, U1, &I);
    cuzk_fp_sqr_i(&t, &rr);
    cuzk_fp_sub_i(&t, &t, &J);
    cuzk_fp_sub_i(&t, &t, &V);
    cuzk_fp_sub_i(&r->x, &t, &V);
    cuzk_fp_sub_i(&t, &V, &r->x);
    cuzk_fp_mul_i(&t, &rr, &t);
    cuzk_fp_mul_i(&J, S1, &J);
    cuzk_fp_add_i(&J, &J, &J);
    cuzk_fp_sub_i(&r->y, &t, &J);
}

void cuzk_g1_proj_add(cuzk_g1_proj *r, const cuzk_g1_proj *a, const cuzk_g1_proj *b)
{
    if (cuzk_g1_proj_is_infinity(a)) {
        *r = *b;
        return;
    }
    if (cuzk_g1_proj_is_infinity(b)) {
        *r = *a;
        return;
    }
    cuzk_fp z1z1, z2z2, u1, u2, s1, s2, H, R, z3;
    cuzk_fp_sqr_i(&z1z1, &a->z);
    cuzk_fp_sqr_i(&z2z2, &b->z);
    cuzk_fp_mul_i(&u1, &a->x, &z2z2);
    cuzk_fp_mul_i(&u2, &b->x, &z1z1);
    cuzk_fp_mul_i(&s1, &a->y, &b->z);
    cuzk_fp_mul_i(&s1, &s1, &z2z2);
    cuzk_fp_mul_i(&s2, &b->y, &a->z);
    cuzk_fp_mul_i(&s2, &s2, &z1z1);
    cuzk_fp_sub_i(&H, &u2, &u1);
    cuzk_fp_sub_i(&R, &s2, &s1);
    if (cuzk_fp_is_zero(&H)) {
        if (cuzk_fp_is_zero(&R))
            cuzk_g1_proj_dbl(r, a);
        else
            cuzk_g1_proj_infinity(r);
        return;
    }
    cuzk_fp_add_i(&z3, &a->z, &b->z);
    cuzk_fp_sqr_i(&z3, &z3);
    cuzk_fp_sub_i(&z3, &z3, &z1z1);
    cuzk_fp_sub_i(&z3, &z3, &z2z2);
    cuzk_fp_mul_i(&z3, &z3, &H);                /* Z3 = 2 Z1 Z2 H */
    g1_add_tail(r, &H, &R, &u1, &s1);
    r->z = z3;
}

void cuzk_g1_proj_add_affine(cuzk_g1_proj *r, const cuzk_g1_proj *a, const cuzk_g1_affine *b)
{
    if (cuzk_g1_affine_is_infinity(b)) {
        *r = *a;
        return;
    }
    if (cuzk_g1_proj_is_infinity(a)) {
        cuzk_g1_proj_from_affine(r, b);
        return;
    }
    cuzk_fp z1z1, u2, s2, H, R, z3, u1 = a->x, s1 = a->y;
    cuzk_fp_sqr_i(&z1z1, &a->z);
    cuzk_fp_mul_i(&u2, &b->x, &z1z1);
    cuzk_fp_mul_i(&s2, &b->y, &a->z);
    cuzk_fp_mul_i(&s2, &s2, &z1z1);
    cuzk_fp_sub_i(&H, &u2, &u1);
    cuzk_fp_sub_i(&R, &s2, &s1);
    if (cuzk_fp_is_zero(&H)) {
        if (cuzk_fp_is_zero(&R))
            cuzk_g1_proj_dbl(r, a);
        else
            cuzk_g1_proj_infinity(r);
        return;
    }
    cuzk_fp_add_i(&z3, &a->z, &H);
    cuzk_fp_sqr_i(&z3, &z3);
    cuzk_fp_sub_i(&z3, &z3, &z1z1);
    cuzk_fp_sqr_i(&u2, &H);
    cuzk_fp_sub_i(&z3, &z3, &u2);               /* Z3 = 2 Z1 H */
    g1_add_tail(r, &H, &R, &u1, &s1);
    r->z = z3;
}
