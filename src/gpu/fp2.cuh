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
// (M < R), reduced by one subtraction. (The previous form, separate a b and
// m p accumulators as in cuzk_gpu_mont_mul_xy, measured 406.5 against 356.4
// ms for the G2 MSM at 2^24 on the H200: docs/gpu.md.)
CUZK_GPU_HD void cuzk_gpu_fp_mul2(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                  const cuzk_gpu_fp *d)
{
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
        const uint32_t m = ev[0] * F::M0;
        cuzk_gpu_mont_ev_row<F>(ev, pl, m);
        cuzk_gpu_mont_od_row<F, false>(ev, od, pl, m);
        cuzk_gpu_mont_shift_swap<F>(ev, od);
    }
    cuzk_gpu_mont_merge<F>(t, ev, od);
    cuzk_gpu_mont_sub_p<F>(r->l, t);
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
    cuzk_gpu_fp_mul2(r, a, &b1, ao, &b2);
}

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
    cuzk_gpu_fp_mul(r, &x, &y);
}

#endif
