// Short Weierstrass curves y^2 = x^3 + b (a = 0) in XYZZ coordinates, for any
// device field: G1 over Fp (g1.cuh) and G2 over Fp2 (g2.cuh) share these.
//
// An XYZZ point (X, Y, ZZ, ZZZ) stands for the affine (X/ZZ, Y/ZZZ); ZZ = 0 is
// the point at infinity. Adding an affine point costs 8M + 2S and needs no
// inversion (formulas madd-2008-s, add-2008-s, dbl-2008-s-1 and mdbl-2008-s-1
// of the Explicit-Formulas Database, a = 0; none uses b). Affine points use
// the CPU's layout and its infinity encoding x = y = 0.
//
// F is a field policy: F::E the element type and static add, sub, dbl, mul,
// sqr, neg, set_zero, set_one, is_zero. P is a point type with members x, y,
// zz, zzz and A an affine type with x, y, all of type F::E.
#ifndef CUZK_GPU_XYZZ_CUH
#define CUZK_GPU_XYZZ_CUH

#include "cc.cuh"

template <class F, class P>
CUZK_GPU_HD void cuzk_gpu_xyzz_set_inf(P *p)
{
    F::set_zero(&p->x);
    F::set_zero(&p->y);
    F::set_zero(&p->zz);
    F::set_zero(&p->zzz);
}

template <class F, class P>
CUZK_GPU_HD bool cuzk_gpu_xyzz_is_inf(const P *p)
{
    return F::is_zero(&p->zz);
}

template <class F, class A>
CUZK_GPU_HD bool cuzk_gpu_xyzz_affine_is_inf(const A *a)
{
    return F::is_zero(&a->x) && F::is_zero(&a->y);
}

// p = 2a for an affine a (not infinity): mdbl-2008-s-1.
template <class F, class P, class A>
CUZK_GPU_HD void cuzk_gpu_xyzz_dbl_affine(P *p, const A *a)
{
    typename F::E u, v, w, s, m, t;
    F::dbl(&u, &a->y);          // U = 2y
    F::sqr(&v, &u);             // V = U^2
    F::mul(&w, &u, &v);         // W = U V
    F::mul(&s, &a->x, &v);      // S = x V
    F::sqr(&t, &a->x);
    F::dbl(&m, &t);
    F::add(&m, &m, &t);         // M = 3 x^2
    F::sqr(&p->x, &m);
    F::dbl(&t, &s);
    F::sub(&p->x, &p->x, &t);   // X3 = M^2 - 2S
    F::sub(&t, &s, &p->x);
    F::mul(&t, &m, &t);
    F::mul(&u, &w, &a->y);
    F::sub(&p->y, &t, &u);      // Y3 = M (S - X3) - W y
    p->zz = v;
    p->zzz = w;
}

// p = 2p: dbl-2008-s-1 (infinity stays infinity: ZZ3 = V ZZ1 = 0).
template <class F, class P>
CUZK_GPU_HD void cuzk_gpu_xyzz_dbl(P *p)
{
    typename F::E u, v, w, s, m, t;
    F::dbl(&u, &p->y);
    F::sqr(&v, &u);
    F::mul(&w, &u, &v);
    F::mul(&s, &p->x, &v);
    F::sqr(&t, &p->x);
    F::dbl(&m, &t);
    F::add(&m, &m, &t);
    F::sqr(&p->x, &m);
    F::dbl(&t, &s);
    F::sub(&p->x, &p->x, &t);
    F::sub(&t, &s, &p->x);
    F::mul(&t, &m, &t);
    F::mul(&u, &w, &p->y);
    F::sub(&p->y, &t, &u);
    F::mul(&p->zz, &p->zz, &v);
    F::mul(&p->zzz, &p->zzz, &w);
}

// p += a (affine; infinity allowed): madd-2008-s, with the equal and opposite
// cases that the formula cannot do.
template <class F, class P, class A>
CUZK_GPU_HD void cuzk_gpu_xyzz_add_affine(P *p, const A *a)
{
    if (cuzk_gpu_xyzz_affine_is_inf<F>(a))
        return;
    if (cuzk_gpu_xyzz_is_inf<F>(p)) {
        p->x = a->x;
        p->y = a->y;
        F::set_one(&p->zz);
        F::set_one(&p->zzz);
        return;
    }
    typename F::E pp, r, t, ppp, q;
    F::mul(&pp, &a->x, &p->zz);
    F::sub(&pp, &pp, &p->x);    // P = x2 ZZ1 - X1
    F::mul(&r, &a->y, &p->zzz);
    F::sub(&r, &r, &p->y);      // R = y2 ZZZ1 - Y1
    if (F::is_zero(&pp)) {
        if (F::is_zero(&r))
            cuzk_gpu_xyzz_dbl_affine<F>(p, a);
        else
            cuzk_gpu_xyzz_set_inf<F>(p);
        return;
    }
    F::sqr(&t, &pp);            // PP
    F::mul(&ppp, &pp, &t);      // PPP
    F::mul(&q, &p->x, &t);      // Q = X1 PP
    F::mul(&p->zz, &p->zz, &t);
    F::mul(&p->zzz, &p->zzz, &ppp);
    F::sqr(&p->x, &r);
    F::sub(&p->x, &p->x, &ppp);
    F::dbl(&t, &q);
    F::sub(&p->x, &p->x, &t);   // X3 = R^2 - PPP - 2Q
    F::sub(&t, &q, &p->x);
    F::mul(&t, &r, &t);
    F::mul(&q, &p->y, &ppp);
    F::sub(&p->y, &t, &q);      // Y3 = R (Q - X3) - Y1 PPP
}

// How cuzk_gpu_xyzz_add doubles when its operands are equal (rare): inline
// by default; a kernel short of registers passes a D whose run() calls an
// out-of-line doubling instead (msm_g2.cu).
struct cuzk_gpu_xyzz_dbl_inline {
    template <class F, class P>
    static CUZK_GPU_HD void run(P *p)
    {
        cuzk_gpu_xyzz_dbl<F>(p);
    }
};

// p += b (both XYZZ): add-2008-s, with the special cases.
template <class F, class P, class D = cuzk_gpu_xyzz_dbl_inline>
CUZK_GPU_HD void cuzk_gpu_xyzz_add(P *p, const P *b)
{
    if (cuzk_gpu_xyzz_is_inf<F>(b))
        return;
    if (cuzk_gpu_xyzz_is_inf<F>(p)) {
        *p = *b;
        return;
    }
    typename F::E u1, s1, pp, r, t, ppp;
    F::mul(&u1, &p->x, &b->zz);     // U1 = X1 ZZ2
    F::mul(&pp, &b->x, &p->zz);
    F::sub(&pp, &pp, &u1);          // P = X2 ZZ1 - U1
    F::mul(&s1, &p->y, &b->zzz);    // S1 = Y1 ZZZ2
    F::mul(&r, &b->y, &p->zzz);
    F::sub(&r, &r, &s1);            // R = Y2 ZZZ1 - S1
    if (F::is_zero(&pp)) {
        if (F::is_zero(&r))
            D::template run<F>(p);
        else
            cuzk_gpu_xyzz_set_inf<F>(p);
        return;
    }
    F::sqr(&t, &pp);                // PP
    F::mul(&ppp, &pp, &t);          // PPP
    F::mul(&p->zz, &p->zz, &b->zz);
    F::mul(&p->zz, &p->zz, &t);     // ZZ3 = ZZ1 ZZ2 PP
    F::mul(&p->zzz, &p->zzz, &b->zzz);
    F::mul(&p->zzz, &p->zzz, &ppp); // ZZZ3 = ZZZ1 ZZZ2 PPP
    F::mul(&u1, &u1, &t);           // Q = U1 PP
    F::sqr(&p->x, &r);
    F::sub(&p->x, &p->x, &ppp);
    F::dbl(&t, &u1);
    F::sub(&p->x, &p->x, &t);       // X3 = R^2 - PPP - 2Q
    F::sub(&t, &u1, &p->x);
    F::mul(&t, &r, &t);
    F::mul(&s1, &s1, &ppp);
    F::sub(&p->y, &t, &s1);         // Y3 = R (Q - X3) - S1 PPP
}

#endif
