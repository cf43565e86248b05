// G1 (y^2 = x^3 + 4 over Fp) on the device, in XYZZ coordinates.
//
// An XYZZ point (X, Y, ZZ, ZZZ) stands for the affine (X/ZZ, Y/ZZZ); ZZ = 0 is
// the point at infinity. Adding an affine point costs 8M + 2S and needs no
// inversion, which is why buckets are kept this way (formulas madd-2008-s,
// add-2008-s, dbl-2008-s-1 and mdbl-2008-s-1 of the Explicit-Formulas
// Database, a = 0). Affine points use the CPU's layout and its infinity
// encoding x = y = 0, so cuzk_g1_affine arrays copy to the device as they are.
#ifndef CUZK_GPU_G1_CUH
#define CUZK_GPU_G1_CUH

#include "fp.cuh"

typedef struct {
    cuzk_gpu_fp x, y;
} cuzk_gpu_g1_affine;

typedef struct {
    cuzk_gpu_fp x, y, zz, zzz;
} cuzk_gpu_g1_xyzz;

CUZK_GPU_HD void cuzk_gpu_g1_set_inf(cuzk_gpu_g1_xyzz *p)
{
    cuzk_gpu_fp_set_zero(&p->x);
    cuzk_gpu_fp_set_zero(&p->y);
    cuzk_gpu_fp_set_zero(&p->zz);
    cuzk_gpu_fp_set_zero(&p->zzz);
}

CUZK_GPU_HD bool cuzk_gpu_g1_is_inf(const cuzk_gpu_g1_xyzz *p)
{
    return cuzk_gpu_fp_is_zero(&p->zz);
}

CUZK_GPU_HD bool cuzk_gpu_g1_affine_is_inf(const cuzk_gpu_g1_affine *a)
{
    return cuzk_gpu_fp_is_zero(&a->x) && cuzk_gpu_fp_is_zero(&a->y);
}

// p = 2a for an affine a (not infinity): mdbl-2008-s-1.
CUZK_GPU_HD void cuzk_gpu_g1_dbl_affine(cuzk_gpu_g1_xyzz *p, const cuzk_gpu_g1_affine *a)
{
    cuzk_gpu_fp u, v, w, s, m, t;
    cuzk_gpu_fp_dbl(&u, &a->y);          // U = 2y
    cuzk_gpu_fp_sqr(&v, &u);             // V = U^2
    cuzk_gpu_fp_mul(&w, &u, &v);         // W = U V
    cuzk_gpu_fp_mul(&s, &a->x, &v);      // S = x V
    cuzk_gpu_fp_sqr(&t, &a->x);
    cuzk_gpu_fp_dbl(&m, &t);
    cuzk_gpu_fp_add(&m, &m, &t);         // M = 3 x^2
    cuzk_gpu_fp_sqr(&p->x, &m);
    cuzk_gpu_fp_dbl(&t, &s);
    cuzk_gpu_fp_sub(&p->x, &p->x, &t);   // X3 = M^2 - 2S
    cuzk_gpu_fp_sub(&t, &s, &p->x);
    cuzk_gpu_fp_mul(&t, &m, &t);
    cuzk_gpu_fp_mul(&u, &w, &a->y);
    cuzk_gpu_fp_sub(&p->y, &t, &u);      // Y3 = M (S - X3) - W y
    p->zz = v;
    p->zzz = w;
}

// p = 2p: dbl-2008-s-1 (infinity stays infinity: ZZ3 = V ZZ1 = 0).
CUZK_GPU_HD void cuzk_gpu_g1_dbl(cuzk_gpu_g1_xyzz *p)
{
    cuzk_gpu_fp u, v, w, s, m, t;
    cuzk_gpu_fp_dbl(&u, &p->y);
    cuzk_gpu_fp_sqr(&v, &u);
    cuzk_gpu_fp_mul(&w, &u, &v);
    cuzk_gpu_fp_mul(&s, &p->x, &v);
    cuzk_gpu_fp_sqr(&t, &p->x);
    cuzk_gpu_fp_dbl(&m, &t);
    cuzk_gpu_fp_add(&m, &m, &t);
    cuzk_gpu_fp_sqr(&p->x, &m);
    cuzk_gpu_fp_dbl(&t, &s);
    cuzk_gpu_fp_sub(&p->x, &p->x, &t);
    cuzk_gpu_fp_sub(&t, &s, &p->x);
    cuzk_gpu_fp_mul(&t, &m, &t);
    cuzk_gpu_fp_mul(&u, &w, &p->y);
    cuzk_gpu_fp_sub(&p->y, &t, &u);
    cuzk_gpu_fp_mul(&p->zz, &p->zz, &v);
    cuzk_gpu_fp_mul(&p->zzz, &p->zzz, &w);
}

// p += a (affine; infinity allowed): madd-2008-s, with the equal and opposite
// cases that the formula cannot do.
CUZK_GPU_HD void cuzk_gpu_g1_add_affine(cuzk_gpu_g1_xyzz *p, const cuzk_gpu_g1_affine *a)
{
    if (cuzk_gpu_g1_affine_is_inf(a))
        return;
    if (cuzk_gpu_g1_is_inf(p)) {
        p->x = a->x;
        p->y = a->y;
        cuzk_gpu_fp_set_one(&p->zz);
        cuzk_gpu_fp_set_one(&p->zzz);
        return;
    }
    cuzk_gpu_fp pp, r, t, ppp, q;
    cuzk_gpu_fp_mul(&pp, &a->x, &p->zz);
    cuzk_gpu_fp_sub(&pp, &pp, &p->x);    // P = x2 ZZ1 - X1
    cuzk_gpu_fp_mul(&r, &a->y, &p->zzz);
    cuzk_gpu_fp_sub(&r, &r, &p->y);      // R = y2 ZZZ1 - Y1
    if (cuzk_gpu_fp_is_zero(&pp)) {
        if (cuzk_gpu_fp_is_zero(&r))
            cuzk_gpu_g1_dbl_affine(p, a);
        else
            cuzk_gpu_g1_set_inf(p);
        return;
    }
    cuzk_gpu_fp_sqr(&t, &pp);            // PP
    cuzk_gpu_fp_mul(&ppp, &pp, &t);      // PPP
    cuzk_gpu_fp_mul(&q, &p->x, &t);      // Q = X1 PP
    cuzk_gpu_fp_mul(&p->zz, &p->zz, &t);
    cuzk_gpu_fp_mul(&p->zzz, &p->zzz, &ppp);
    cuzk_gpu_fp_sqr(&p->x, &r);
    cuzk_gpu_fp_sub(&p->x, &p->x, &ppp);
    cuzk_gpu_fp_dbl(&t, &q);
    cuzk_gpu_fp_sub(&p->x, &p->x, &t);   // X3 = R^2 - PPP - 2Q
    cuzk_gpu_fp_sub(&t, &q, &p->x);
    cuzk_gpu_fp_mul(&t, &r, &t);
    cuzk_gpu_fp_mul(&q, &p->y, &ppp);
    cuzk_gpu_fp_sub(&p->y, &t, &q);      // Y3 = R (Q - X3) - Y1 PPP
}

// p += b (both XYZZ): add-2008-s, with the special cases.
CUZK_GPU_HD void cuzk_gpu_g1_add(cuzk_gpu_g1_xyzz *p, const cuzk_gpu_g1_xyzz *b)
{
    if (cuzk_gpu_g1_is_inf(b))
        return;
    if (cuzk_gpu_g1_is_inf(p)) {
        *p = *b;
        return;
    }
    cuzk_gpu_fp u1, s1, pp, r, t, ppp;
    cuzk_gpu_fp_mul(&u1, &p->x, &b->zz);     // U1 = X1 ZZ2
    cuzk_gpu_fp_mul(&pp, &b->x, &p->zz);
    cuzk_gpu_fp_sub(&pp, &pp, &u1);          // P = X2 ZZ1 - U1
    cuzk_gpu_fp_mul(&s1, &p->y, &b->zzz);    // S1 = Y1 ZZZ2
    cuzk_gpu_fp_mul(&r, &b->y, &p->zzz);
    cuzk_gpu_fp_sub(&r, &r, &s1);            // R = Y2 ZZZ1 - S1
    if (cuzk_gpu_fp_is_zero(&pp)) {
        if (cuzk_gpu_fp_is_zero(&r))
            cuzk_gpu_g1_dbl(p);
        else
            cuzk_gpu_g1_set_inf(p);
        return;
    }
    cuzk_gpu_fp_sqr(&t, &pp);                // PP
    cuzk_gpu_fp_mul(&ppp, &pp, &t);          // PPP
    cuzk_gpu_fp_mul(&p->zz, &p->zz, &b->zz);
    cuzk_gpu_fp_mul(&p->zz, &p->zz, &t);     // ZZ3 = ZZ1 ZZ2 PP
    cuzk_gpu_fp_mul(&p->zzz, &p->zzz, &b->zzz);
    cuzk_gpu_fp_mul(&p->zzz, &p->zzz, &ppp); // ZZZ3 = ZZZ1 ZZZ2 PPP
    cuzk_gpu_fp_mul(&u1, &u1, &t);           // Q = U1 PP
    cuzk_gpu_fp_sqr(&p->x, &r);
    cuzk_gpu_fp_sub(&p->x, &p->x, &ppp);
    cuzk_gpu_fp_dbl(&t, &u1);
    cuzk_gpu_fp_sub(&p->x, &p->x, &t);       // X3 = R^2 - PPP - 2Q
    cuzk_gpu_fp_sub(&t, &u1, &p->x);
    cuzk_gpu_fp_mul(&t, &r, &t);
    cuzk_gpu_fp_mul(&s1, &s1, &ppp);
    cuzk_gpu_fp_sub(&p->y, &t, &s1);         // Y3 = R (Q - X3) - S1 PPP
}

#endif
