// Fp2 = Fp[u] / (u^2 + 1) on the device, for G2.
//
// An element c0 + c1 u is two device Fp elements (96 bytes), the same bytes
// as the CPU's cuzk_fp2, so G2 point arrays move to the device as they are.
// The product uses three Fp products (Karatsuba), the square two. Both are
// called, not inlined (FP2_CALL): inlined, every G2 formula becomes tens of
// thousands of instructions and the build takes tens of minutes; a call costs
// a few loads and stores next to three 381-bit products. Include this file
// only where the products are used (a static function nobody calls is a
// warning, and warnings are errors).
#ifndef CUZK_GPU_FP2_CUH
#define CUZK_GPU_FP2_CUH

#include "fp.cuh"

#define CUZK_GPU_FP2_CALL static __host__ __device__ __noinline__

typedef struct {
    cuzk_gpu_fp c0, c1;
} cuzk_gpu_fp2;

CUZK_GPU_HD void cuzk_gpu_fp2_add(cuzk_gpu_fp2 *r, const cuzk_gpu_fp2 *a, const cuzk_gpu_fp2 *b)
{
    cuzk_gpu_fp_add(&r->c0, &a->c0, &b->c0);
    cuzk_gpu_fp_add(&r->c1, &a->c1, &b->c1);
}

CUZK_GPU_HD void cuzk_gpu_fp2_sub(cuzk_gpu_fp2 *r, const cuzk_gpu_fp2 *a, const cuzk_gpu_fp2 *b)
{
    cuzk_gpu_fp_sub(&r->c0, &a->c0, &b->c0);
    cuzk_gpu_fp_sub(&r->c1, &a->c1, &b->c1);
}

CUZK_GPU_HD void cuzk_gpu_fp2_dbl(cuzk_gpu_fp2 *r, const cuzk_gpu_fp2 *a)
{
    cuzk_gpu_fp_dbl(&r->c0, &a->c0);
    cuzk_gpu_fp_dbl(&r->c1, &a->c1);
}

CUZK_GPU_HD void cuzk_gpu_fp2_neg(cuzk_gpu_fp2 *r, const cuzk_gpu_fp2 *a)
{
    cuzk_gpu_fp_neg(&r->c0, &a->c0);
    cuzk_gpu_fp_neg(&r->c1, &a->c1);
}

// (a0 + a1 u)(b0 + b1 u) = (a0 b0 - a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u
CUZK_GPU_FP2_CALL void cuzk_gpu_fp2_mul(cuzk_gpu_fp2 *r, const cuzk_gpu_fp2 *a, const cuzk_gpu_fp2 *b)
{
    cuzk_gpu_fp t0, t1, s, t;
    cuzk_gpu_fp_mul(&t0, &a->c0, &b->c0);
    cuzk_gpu_fp_mul(&t1, &a->c1, &b->c1);
    cuzk_gpu_fp_add(&s, &a->c0, &a->c1);
    cuzk_gpu_fp_add(&t, &b->c0, &b->c1);
    cuzk_gpu_fp_mul(&s, &s, &t);
    cuzk_gpu_fp_sub(&s, &s, &t0);
    cuzk_gpu_fp_sub(&r->c1, &s, &t1);
    cuzk_gpu_fp_sub(&r->c0, &t0, &t1);
}

// (a0 + a1 u)^2 = (a0 + a1)(a0 - a1) + 2 a0 a1 u
CUZK_GPU_FP2_CALL void cuzk_gpu_fp2_sqr(cuzk_gpu_fp2 *r, const cuzk_gpu_fp2 *a)
{
    cuzk_gpu_fp s, d, m;
    cuzk_gpu_fp_add(&s, &a->c0, &a->c1);
    cuzk_gpu_fp_sub(&d, &a->c0, &a->c1);
    cuzk_gpu_fp_mul(&m, &a->c0, &a->c1);
    cuzk_gpu_fp_mul(&r->c0, &s, &d);
    cuzk_gpu_fp_dbl(&r->c1, &m);
}

CUZK_GPU_HD void cuzk_gpu_fp2_set_zero(cuzk_gpu_fp2 *r)
{
    cuzk_gpu_fp_set_zero(&r->c0);
    cuzk_gpu_fp_set_zero(&r->c1);
}

CUZK_GPU_HD void cuzk_gpu_fp2_set_one(cuzk_gpu_fp2 *r)
{
    cuzk_gpu_fp_set_one(&r->c0);
    cuzk_gpu_fp_set_zero(&r->c1);
}

CUZK_GPU_HD bool cuzk_gpu_fp2_is_zero(const cuzk_gpu_fp2 *a)
{
    uint32_t x = 0;
CUZK_GPU_UNROLL
    for (int i = 0; i < CUZK_GPU_FP_LIMBS; i++)
        x |= a->c0.l[i] | a->c1.l[i];
    return x == 0;
}

// ---- Sums of two products, for the Fp2 product split over two threads ----
//
// r = (a b + c d) R^-1 mod p for a, c < p and b, d <= p, with ONE Montgomery
// reduction (two 12-limb products and one reduction: 432 wide multiplies
// against 576 for two full products), on mont.cuh's parity-aligned
// accumulators and rows: per step, after the merge of OD's weight 0 into
// EV's, the a b_i and c d_i rows; m = EV_0 M0 (only EV holds weight 0 then);
// the m p rows; the division by 2^32 swaps the roles of EV and OD. Nothing
// here needs the sum to be non-negative: a b - c d is computed as
// a b + c (p - d), so d = p (p - 0) is allowed.
//
// Bounds (p < 2^381, R = 2^384): the running value t < a + c + p between
// steps (t' < (t + (2^32 - 1)(a + c + p)) / 2^32), so EV + OD < 2^32 (a + c +
// p) < 2^32 3p < 2^416: thirteen limbs hold either array and no chain carries
// out of limb 12; at the end t = (ab + cd + M p) / R < 2 p^2 / R + p < 1.25 p
// (M < R), reduced by one subtraction. (Separate a b and m p accumulators,
// as in cuzk_gpu_mont_mul_xy, make the G2 MSM slower.)
// cuzk_gpu_fp_mul_sum<K> writes it for K = 2 and for the K = 4 of
// cuzk_gpu_fp_mul4 below: each step runs the rows of every product (the first
// row of a step merges OD's weight 0 into EV's), then the m p rows.
template <int K>
CUZK_GPU_HD void cuzk_gpu_fp_mul_sum(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                     const cuzk_gpu_fp *d, const cuzk_gpu_fp *e = NULL, const cuzk_gpu_fp *f = NULL,
                                     const cuzk_gpu_fp *g = NULL, const cuzk_gpu_fp *k = NULL)
{
    static_assert(K == 2 || K == 4, "sums of two or four products");
    typedef cuzk_gpu_fp_field F;
    constexpr int N = F::N;
    const cuzk_gpu_mont_limbs al = { a->l }, cl = { c->l };
    const cuzk_gpu_mont_modulus<F, 0> pl = {};
    uint32_t ev[N + 1], od[N + 1], t[N];
    cuzk_gpu_mont_row0<F>(ev, od, a->l, b->l[0]);
    CUZK_GPU_UNROLL
    for (int i = 0; i < N; i++) {
        if (i > 0) {
            cuzk_gpu_mont_od_row<F, true>(ev, od, al, b->l[i]);
            cuzk_gpu_mont_ev_row<F>(ev, al, b->l[i]);
        }
        cuzk_gpu_mont_od_row<F, false>(ev, od, cl, d->l[i]);
        cuzk_gpu_mont_ev_row<F>(ev, cl, d->l[i]);
        if constexpr (K == 4) {
            const cuzk_gpu_mont_limbs el = { e->l }, gl = { g->l };
            cuzk_gpu_mont_od_row<F, false>(ev, od, el, f->l[i]);
            cuzk_gpu_mont_ev_row<F>(ev, el, f->l[i]);
            cuzk_gpu_mont_od_row<F, false>(ev, od, gl, k->l[i]);
            cuzk_gpu_mont_ev_row<F>(ev, gl, k->l[i]);
        }
        const uint32_t m = ev[0] * F::M0;
        cuzk_gpu_mont_ev_row<F>(ev, pl, m);
        cuzk_gpu_mont_od_row<F, false>(ev, od, pl, m);
        cuzk_gpu_mont_shift_swap<F>(ev, od);
    }
    cuzk_gpu_mont_merge<F>(t, ev, od);
    cuzk_gpu_mont_sub_p<F>(r->l, t);
}

CUZK_GPU_HD void cuzk_gpu_fp_mul2(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                  const cuzk_gpu_fp *d)
{
    cuzk_gpu_fp_mul_sum<2>(r, a, b, c, d);
}

// r = (a b + c d + e f + g k) R^-1 mod p for a, c, e, g < p and b, d, f, k
// <= p: four products and ONE reduction (576 + 144 wide multiplies against
// 2 x 432 for two sums of two products), the rows of cuzk_gpu_fp_mul2 with
// two more products a step. Bounds as there: t < a + c + e + g + p < 5p
// between steps, so EV + OD < 2^32 5p < 2^416 (thirteen limbs, no chain
// carries out of limb 12); at the end t = (ab + cd + ef + gk + M p) / R <
// 4 p^2 / R + p < 1.41 p (p / R < 0.102), reduced by one subtraction.
CUZK_GPU_HD void cuzk_gpu_fp_mul4(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                  const cuzk_gpu_fp *d, const cuzk_gpu_fp *e, const cuzk_gpu_fp *f,
                                  const cuzk_gpu_fp *g, const cuzk_gpu_fp *k)
{
    cuzk_gpu_fp_mul_sum<4>(r, a, b, c, d, e, f, g, k);
}

// ---- The same sums by Karatsuba, the reduction separated (SOS) ----
//
// Each 12 x 12 limb product is mont.cuh's cuzk_gpu_mul_ks<12> (one
// Karatsuba level on 6-limb halves: 108 wide multiplies instead of 144), the
// 24-limb sum S < K p^2 (K <= 4 products, < 2^764) is reduced once by
// cuzk_gpu_mont_redc (its condition S_hi < p holds: S_hi < K p^2 / R < 0.41 p),
// giving a value < 1.41 p, and one subtraction. Per sum of two products
// 2 x 108 + 144 = 360 wide multiplies against 432, the adds on the ALU pipe.
// Checked against cuzk_gpu_fp_mul2 / _mul4 in host emulation
// (test_gpu_fp2_pair).
// S += x y (24 limbs; the sums here stay below 2^768).
CUZK_GPU_HD void cuzk_gpu_fp_add_prod_ks(uint32_t S[24], const cuzk_gpu_fp *x, const cuzk_gpu_fp *y)
{
    uint32_t T[24];
    cuzk_gpu_mul_ks<12>(T, x->l, y->l);
    cuzk_gpu_cc cc = { 0 };
    S[0] = cuzk_gpu_add_cc(S[0], T[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < 23; k++)
        S[k] = cuzk_gpu_addc_cc(S[k], T[k], &cc);
    S[23] = cuzk_gpu_addc(S[23], T[23], &cc);
}

template <int K>
CUZK_GPU_HD void cuzk_gpu_fp_mul_sum_k(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                       const cuzk_gpu_fp *d, const cuzk_gpu_fp *e = NULL, const cuzk_gpu_fp *f = NULL,
                                       const cuzk_gpu_fp *g = NULL, const cuzk_gpu_fp *k = NULL)
{
    static_assert(K == 2 || K == 4, "sums of two or four products");
    typedef cuzk_gpu_fp_field F;
    uint32_t S[2 * F::N], t[F::N];
    cuzk_gpu_mul_ks<F::N>(S, a->l, b->l);
    cuzk_gpu_fp_add_prod_ks(S, c, d);
    if constexpr (K == 4) {
        cuzk_gpu_fp_add_prod_ks(S, e, f);
        cuzk_gpu_fp_add_prod_ks(S, g, k);
    }
    cuzk_gpu_mont_redc<F, 0>(t, S);
    cuzk_gpu_mont_sub_p<F>(r->l, t);
}

// cuzk_gpu_fp_mul2 and cuzk_gpu_fp_mul4 by Karatsuba (same results).
CUZK_GPU_HD void cuzk_gpu_fp_mul2_k(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                    const cuzk_gpu_fp *d)
{
    cuzk_gpu_fp_mul_sum_k<2>(r, a, b, c, d);
}

CUZK_GPU_HD void cuzk_gpu_fp_mul4_k(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                    const cuzk_gpu_fp *d, const cuzk_gpu_fp *e, const cuzk_gpu_fp *f,
                                    const cuzk_gpu_fp *g, const cuzk_gpu_fp *k)
{
    cuzk_gpu_fp_mul_sum_k<4>(r, a, b, c, d, e, f, g, k);
}

// r = p - a for a <= p (no reduction: 0 gives p, which cuzk_gpu_fp_mul2 takes).
CUZK_GPU_HD void cuzk_gpu_fp_p_minus(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    typedef cuzk_gpu_fp_field F;
    cuzk_gpu_cc cc = { 0 };
    r->l[0] = cuzk_gpu_sub_cc(F::p(0), a->l[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < 11; k++)
        r->l[k] = cuzk_gpu_subc_cc(F::p(k), a->l[k], &cc);
    r->l[11] = cuzk_gpu_subc(F::p(11), a->l[11], &cc);
}

// The Fp2 product and square as one thread's half of a pair (h = 0: c0,
// h = 1: c1), the partner's half passed in (ao, bo: the device code gets it
// by a shuffle). Each thread does one sum of two products:
//   h = 0: a0 b0 - a1 b1 = a0 b0 + a1 (p - b1)
//   h = 1: a0 b1 + a1 b0
// and for the square (a0 + a1)(a0 - a1) on h = 0, 2 a1 a0 on h = 1 (one
// product each). The selects are masks, not branches: both threads of a pair
// run the same instructions.
// KARA: the sums by Karatsuba (cuzk_gpu_fp_mul2_k and friends; same results).
template <bool KARA = false>
CUZK_GPU_HD void cuzk_gpu_fp2_half_mul(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b,
                                       const cuzk_gpu_fp *ao, const cuzk_gpu_fp *bo, uint32_t h)
{
    cuzk_gpu_fp nb, b1, b2;
    const uint32_t hm = 0u - h; // all ones on c1's thread
    cuzk_gpu_fp_p_minus(&nb, bo);
    CUZK_GPU_UNROLL
    for (int k = 0; k < CUZK_GPU_FP_LIMBS; k++) {
        b1.l[k] = (bo->l[k] & hm) | (b->l[k] & ~hm);
        b2.l[k] = (b->l[k] & hm) | (nb.l[k] & ~hm);
    }
    if (KARA)
        cuzk_gpu_fp_mul2_k(r, a, &b1, ao, &b2);
    else
        cuzk_gpu_fp_mul2(r, a, &b1, ao, &b2);
}

// This thread's half of a b - c d (Fp2, one reduction: cuzk_gpu_fp_mul4),
// the partner's halves in ao, bo, co, do_. With -d = (p - d0) + (p - d1) u:
//   h = 0: a0 b0 + a1 (p - b1) + c0 (p - d0) + c1 d1
//   h = 1: a1 b0 + a0 b1 + c1 (p - d0) + c0 (p - d1)
// (own operand first on each thread). For G2's Y3 = R (Q - X3) - Y1 PPP.
template <bool KARA = false>
CUZK_GPU_HD void cuzk_gpu_fp2_half_mul_sub(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b,
                                           const cuzk_gpu_fp *ao, const cuzk_gpu_fp *bo, const cuzk_gpu_fp *c,
                                           const cuzk_gpu_fp *d, const cuzk_gpu_fp *co, const cuzk_gpu_fp *do_,
                                           uint32_t h)
{
    cuzk_gpu_fp nb, nd, ndo, b1, b2, d1, d2;
    const uint32_t hm = 0u - h; // all ones on c1's thread
    cuzk_gpu_fp_p_minus(&nb, bo);
    cuzk_gpu_fp_p_minus(&nd, d);
    cuzk_gpu_fp_p_minus(&ndo, do_);
    CUZK_GPU_UNROLL
    for (int k = 0; k < CUZK_GPU_FP_LIMBS; k++) {
        b1.l[k] = (bo->l[k] & hm) | (b->l[k] & ~hm);
        b2.l[k] = (b->l[k] & hm) | (nb.l[k] & ~hm);
        d1.l[k] = (ndo.l[k] & hm) | (nd.l[k] & ~hm);
        d2.l[k] = (nd.l[k] & hm) | (do_->l[k] & ~hm);
    }
    if (KARA)
        cuzk_gpu_fp_mul4_k(r, a, &b1, ao, &b2, c, &d1, co, &d2);
    else
        cuzk_gpu_fp_mul4(r, a, &b1, ao, &b2, c, &d1, co, &d2);
}

template <bool KARA = false>
CUZK_GPU_HD void cuzk_gpu_fp2_half_sqr(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *ao, uint32_t h)
{
    cuzk_gpu_fp s, d, x, y;
    const uint32_t hm = 0u - h;
    CUZK_GPU_UNROLL
    for (int k = 0; k < CUZK_GPU_FP_LIMBS; k++)
        s.l[k] = (a->l[k] & hm) | (ao->l[k] & ~hm);
    cuzk_gpu_fp_add(&x, a, &s);  // a0 + a1 | 2 a1
    cuzk_gpu_fp_sub(&d, a, ao);  // a0 - a1 | (unused)
    CUZK_GPU_UNROLL
    for (int k = 0; k < CUZK_GPU_FP_LIMBS; k++)
        y.l[k] = (ao->l[k] & hm) | (d.l[k] & ~hm);
    if (KARA)
        cuzk_gpu_mont_mul<cuzk_gpu_fp_field, CUZK_GPU_MONT_KS>(r->l, x.l, y.l);
    else
        cuzk_gpu_fp_mul(r, &x, &y);
}

#endif
