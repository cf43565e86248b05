/* G2: y^2 = x^3 + 4(u + 1) over Fp2 (the M-type sextic twist). Affine helpers
 * and the Jacobian group law, with the same formulas as g1.c (dbl-2009-l,
 * add-2007-bl, madd-2007-bl; complete through explicit P == +-Q checks). */
#include "cuzk/ec.h"
#include "ff/ff_internal.h"

/* b' = 4 (u + 1), Montgomery form. */
static const cuzk_fp2 G2_B = {
    {{0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL,
      0xb1d37ebee6ba24d7ULL, 0x8ec9733bbf78ab2fULL, 0x09d645513d83de7eULL}},
    {{0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL,
      0xb1d37ebee6ba24d7ULL, 0x8ec9733bbf78ab2fULL, 0x09d645513d83de7eULL}}};

static const cuzk_fp2 FP2_ONE = {{{CUZK_FP_ONE_LIMBS}}, {{0}}};
static const cuzk_fp2 FP2_ZERO = {{{0}}, {{0}}};

/* The standard generator (zcash / blst), Montgomery form. */
static const cuzk_g2_affine G2_GEN = {
    {{{0xf5f28fa202940a10ULL, 0xb3f5fb2687b4961aULL, 0xa1a893b53e2ae580ULL,
       0x9894999d1a3caee9ULL, 0x6f67b7631863366bULL, 0x058191924350bcd7ULL}},
     {{0xa5a9c0759e23f606ULL, 0xaaa0c59dbccd60c3ULL, 0x3bb17e18e2867806ULL,
       0x1b1ab6cc8541b367ULL, 0xc2b6ed0ef2158547ULL, 0x11922a097360edf3ULL}}},
    {{{0x4c730af860494c4aULL, 0x597cfa1f5e369c5aULL, 0xe7e6856caa0a635aULL,
       0xbbefb5e96e0d495fULL, 0x07d3a975f0ef25a2ULL, 0x0083fd8e7e80dae5ULL}},
     {{0xadc0fc92df64b05dULL, 0x18aa270a2b1461dcULL, 0x86adac6a3be4eba0ULL,
       0x79495c4ec93da33aULL, 0xe7175850a43ccaedULL, 0x0b2bc2a163de1bf2ULL}}}};

void cuzk_g2_generator(cuzk_g2_affine *r) { *r = G2_GEN; }

void cuzk_g2_affine_infinity(cuzk_g2_affine *r)
{
    r->x = FP2_ZERO;
    r->y = FP2_ZERO;
}

bool cuzk_g2_affine_is_infinity(const cuzk_g2_affine *a)
{
    return cuzk_fp2_is_zero_i(&a->x) && cuzk_fp2_is_zero_i(&a->y);
}

bool cuzk_g2_affine_eq(const cuzk_g2_affine *a, const cuzk_g2_affine *b)
{
    return cuzk_fp2_eq_i(&a->x, &b->x) && cuzk_fp2_eq_i(&a->y, &b->y);
}

void cuzk_g2_affine_neg(cuzk_g2_affine *r, const cuzk_g2_affine *a)
{
    r->x = a->x;
    cuzk_fp2_neg_i(&r->y, &a->y); /* -0 = 0 keeps infinity at (0, 0) */
}

bool cuzk_g2_is_on_curve(const cuzk_g2_affine *a)
{
    if (cuzk_g2_affine_is_infinity(a))
        return true;
    cuzk_fp2 lhs, rhs;
    cuzk_fp2_sqr_i(&lhs, &a->y);
    cuzk_fp2_sqr_i(&rhs, &a->x);
    cuzk_fp2_mul_i(&rhs, &rhs, &a->x);
    cuzk_fp2_add_i(&rhs, &rhs, &G2_B);
    return cuzk_fp2_eq_i(&lhs, &rhs);
}

void cuzk_g2_proj_infinity(cuzk_g2_proj *r)
{
    r->x = FP2_ONE;
    r->y = FP2_ONE;
    r->z = FP2_ZERO;
}

bool cuzk_g2_proj_is_infinity(const cuzk_g2_proj *a) { return cuzk_fp2_is_zero_i(&a->z); }

void cuzk_g2_proj_from_affine(cuzk_g2_proj *r, const cuzk_g2_affine *a)
{
    if (cuzk_g2_affine_is_infinity(a)) {
        cuzk_g2_proj_infinity(r);
        return;
    }
    r->x = a->x;
    r->y = a->y;
    r->z = FP2_ONE;
}

/* (X, Y) -> (X zi^2, Y zi^3) given zi = 1/Z. */
static void g2_scale_out(cuzk_g2_affine *r, const cuzk_g2_proj *a, const cuzk_fp2 *zi)
{
    cuzk_fp2 zi2, zi3;
    cuzk_fp2_sqr_i(&zi2, zi);
    cuzk_fp2_mul_i(&zi3, &zi2, zi);
    cuzk_fp2_mul_i(&r->x, &a->x, &zi2);
    cuzk_fp2_mul_i(&r->y, &a->y, &zi3);
}

void cuzk_g2_proj_to_affine(cuzk_g2_affine *r, const cuzk_g2_proj *a)
{
    if (cuzk_g2_proj_is_infinity(a)) {
        cuzk_g2_affine_infinity(r);
        return;
    }
    cuzk_fp2 zi;
    cuzk_fp2_inv(&zi, &a->z);
    g2_scale_out(r, a, &zi);
}

/* Montgomery's trick with one inversion. The prefix products are parked in
 * r[i].x, so no allocation is needed; r must not overlap a. */
void cuzk_g2_proj_batch_to_affine(cuzk_g2_affine *r, const cuzk_g2_proj *a, size_t n)
{
    cuzk_fp2 acc = FP2_ONE;
    for (size_t i = 0; i < n; i++) {
        if (cuzk_fp2_is_zero_i(&a[i].z))
            continue;
        r[i].x = acc;
        cuzk_fp2_mul_i(&acc, &acc, &a[i].z);
    }
    cuzk_fp2 inv;
    cuzk_fp2_inv(&inv, &acc);
    for (size_t i = n; i-- > 0;) {
        if (cuzk_fp2_is_zero_i(&a[i].z)) {
            cuzk_g2_affine_infinity(&r[i]);
            continue;
        }
        cuzk_fp2 zi;
        cuzk_fp2_mul_i(&zi, &inv, &r[i].x); /* 1/z_i */
        cuzk_fp2_mul_i(&inv, &inv, &a[i].z); /* 1/(z_0 .. z_{i-1}) */
        g2_scale_out(&r[i], &a[i], &zi);
    }
}

bool cuzk_g2_proj_eq(const cuzk_g2_proj *a, const cuzk_g2_proj *b)
{
    bool ia = cuzk_g2_proj_is_infinity(a), ib = cuzk_g2_proj_is_infinity(b);
    if (ia || ib)
        return ia && ib;
    cuzk_fp2 z1z1, z2z2, u1, u2, s1, s2;
    cuzk_fp2_sqr_i(&z1z1, &a->z);
    cuzk_fp2_sqr_i(&z2z2, &b->z);
    cuzk_fp2_mul_i(&u1, &a->x, &z2z2);
    cuzk_fp2_mul_i(&u2, &b->x, &z1z1);
    if (!cuzk_fp2_eq_i(&u1, &u2))
        return false;
    cuzk_fp2_mul_i(&s1, &a->y, &z2z2);
    cuzk_fp2_mul_i(&s1, &s1, &b->z);
    cuzk_fp2_mul_i(&s2, &b->y, &z1z1);
    cuzk_fp2_mul_i(&s2, &s2, &a->z);
    return cuzk_fp2_eq_i(&s1, &s2);
}

void cuzk_g2_proj_neg(cuzk_g2_proj *r, const cuzk_g2_proj *a)
{
    r->x = a->x;
    cuzk_fp2_neg_i(&r->y, &a->y);
    r->z = a->z;
}

void cuzk_g2_proj_dbl(cuzk_g2_proj *r, const cuzk_g2_proj *a)
{
    cuzk_fp2 A, B, C, D, E, F, t;
    cuzk_fp2_sqr_i(&A, &a->x);
    cuzk_fp2_sqr_i(&B, &a->y);
    cuzk_fp2_sqr_i(&C, &B);
    cuzk_fp2_add_i(&D, &a->x, &B);
    cuzk_fp2_sqr_i(&D, &D);
    cuzk_fp2_sub_i(&D, &D, &A);
    cuzk_fp2_sub_i(&D, &D, &C);
    cuzk_fp2_add_i(&D, &D, &D);                  /* D = 2((X+B)^2 - A - C) = 4 X Y^2 */
    cuzk_fp2_add_i(&E, &A, &A);
    cuzk_fp2_add_i(&E, &E, &A);                  /* E = 3 X^2 */
    cuzk_fp2_sqr_i(&F, &E);
    cuzk_fp2_mul_i(&r->z, &a->y, &a->z);
    cuzk_fp2_add_i(&r->z, &r->z, &r->z);         /* Z3 = 2 Y Z (Z = 0 stays 0) */
    cuzk_fp2_add_i(&t, &D, &D);
    cuzk_fp2_sub_i(&r->x, &F, &t);               /* X3 = F - 2D */
    cuzk_fp2_sub_i(&t, &D, &r->x);
    cuzk_fp2_mul_i(&t, &E, &t);
    cuzk_fp2_add_i(&C, &C, &C);
    cuzk_fp2_add_i(&C, &C, &C);
    cuzk_fp2_add_i(&C, &C, &C);
    cuzk_fp2_sub_i(&r->y, &t, &C);               /* Y3 = E (D - X3) - 8C */
}

/* The tail shared by add and madd once H = U2 - U1 and R = S2 - S1 are known
 * (both nonzero-H cases): X3 = R'^2 - J - 2V, Y3 = R' (V - X3) - 2 S1 J with
 * I = (2H)^2, J = H I, R' = 2R, V = U1 I. Z3 is computed by the caller. */
static void g2_add_tail(cuzk_g2_proj *r, const cuzk_fp2 *H, const cuzk_fp2 *R,
                        const cuzk_fp2 *U1, const cuzk_fp2 *S1)
{
    cuzk_fp2 I, J, V, rr, t;
    cuzk_fp2_add_i(&I, H, H);
    cuzk_fp2_sqr_i(&I, &I);
    cuzk_fp2_mul_i(&J, H, &I);
    cuzk_fp2_add_i(&rr, R, R);
    cuzk_fp2_mul_i(&V, U1, &I);
    cuzk_fp2_sqr_i(&t, &rr);
    cuzk_fp2_sub_i(&t, &t, &J);
    cuzk_fp2_sub_i(&t, &t, &V);
    cuzk_fp2_sub_i(&r->x, &t, &V);
    cuzk_fp2_sub_i(&t, &V, &r->x);
    cuzk_fp2_mul_i(&t, &rr, &t);
    cuzk_fp2_mul_i(&J, S1, &J);
    cuzk_fp2_add_i(&J, &J, &J);
    cuzk_fp2_sub_i(&r->y, &t, &J);
}

void cuzk_g2_proj_add(cuzk_g2_proj *r, const cuzk_g2_proj *a, const cuzk_g2_proj *b)
{
    if (cuzk_g2_proj_is_infinity(a)) {
        *r = *b;
        return;
    }
    if (cuzk_g2_proj_is_infinity(b)) {
        *r = *a;
        return;
    }
    cuzk_fp2 z1z1, z2z2, u1, u2, s1, s2, H, R, z3;
    cuzk_fp2_sqr_i(&z1z1, &a->z);
    cuzk_fp2_sqr_i(&z2z2, &b->z);
    cuzk_fp2_mul_i(&u1, &a->x, &z2z2);
    cuzk_fp2_mul_i(&u2, &b->x, &z1z1);
    cuzk_fp2_mul_i(&s1, &a->y, &b->z);
    cuzk_fp2_mul_i(&s1, &s1, &z2z2);
    cuzk_fp2_mul_i(&s2, &b->y, &a->z);
    cuzk_fp2_mul_i(&s2, &s2, &z1z1);
    cuzk_fp2_sub_i(&H, &u2, &u1);
    cuzk_fp2_sub_i(&R, &s2, &s1);
    if (cuzk_fp2_is_zero_i(&H)) {
        if (cuzk_fp2_is_zero_i(&R))
            cuzk_g2_proj_dbl(r, a);
        else
            cuzk_g2_proj_infinity(r);
        return;
    }
    cuzk_fp2_add_i(&z3, &a->z, &b->z);
    cuzk_fp2_sqr_i(&z3, &z3);
    cuzk_fp2_sub_i(&z3, &z3, &z1z1);
    cuzk_fp2_sub_i(&z3, &z3, &z2z2);
    cuzk_fp2_mul_i(&z3, &z3, &H);                /* Z3 = 2 Z1 Z2 H */
    g2_add_tail(r, &H, &R, &u1, &s1);
    r->z = z3;
}

void cuzk_g2_proj_add_affine(cuzk_g2_proj *r, const cuzk_g2_proj *a, const cuzk_g2_affine *b)
{
    if (cuzk_g2_affine_is_infinity(b)) {
        *r = *a;
        return;
    }
    if (cuzk_g2_proj_is_infinity(a)) {
        cuzk_g2_proj_from_affine(r, b);
        return;
    }
    cuzk_fp2 z1z1, u2, s2, H, R, z3, u1 = a->x, s1 = a->y;
    cuzk_fp2_sqr_i(&z1z1, &a->z);
    cuzk_fp2_mul_i(&u2, &b->x, &z1z1);
    cuzk_fp2_mul_i(&s2, &b->y, &a->z);
    cuzk_fp2_mul_i(&s2, &s2, &z1z1);
    cuzk_fp2_sub_i(&H, &u2, &u1);
    cuzk_fp2_sub_i(&R, &s2, &s1);
    if (cuzk_fp2_is_zero_i(&H)) {
        if (cuzk_fp2_is_zero_i(&R))
            cuzk_g2_proj_dbl(r, a);
        else
            cuzk_g2_proj_infinity(r);
        return;
    }
    cuzk_fp2_add_i(&z3, &a->z, &H);
    cuzk_fp2_sqr_i(&z3, &z3);
    cuzk_fp2_sub_i(&z3, &z3, &z1z1);
    cuzk_fp2_sqr_i(&u2, &H);
    cuzk_fp2_sub_i(&z3, &z3, &u2);               /* Z3 = 2 Z1 H */
    g2_add_tail(r, &H, &R, &u1, &s1);
    r->z = z3;
}
