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
// against 576 for two full products). The carry chains are the even/odd rows
// of mont.cuh's first product, written out here so that G2 does not depend
// on how that file's rows evolve. Step i: x += a b_i + c d_i (even rows, then
// odd rows); m = (x_0 + y_0) M0 (only even rows touch limb 0); y += m p; the
// carry of x_0 + y_0 moves into the next step's first row and both shift
// down a limb. (Splitting the six rows three and three over x and y, for two
// carry chains of equal length, measured 10 % slower in the G2 MSM on the
// H200: docs/gpu.md.)
//
// Bounds (p < 2^381, R = 2^384): with X = x plus the carry moved in, X <= 2p
// between steps, since X' <= (2p + 2 (2^32 - 1)(p - 1)) / 2^32 + 1 < 2p; so
// x + a b_i + c d_i < 2p + 2^33 p < 2^416 = 2^(32 * 13): thirteen limbs hold
// it, the odd rows' last high half cannot carry out, and 2p < 2^384 fits the
// twelve limbs left after the shift. y < p as in mont.cuh. At the end
// x + y + c = (ab + cd + M p) / R < 2 p^2 / R + p < 1.25 p (M < R), so it
// fits twelve limbs and one conditional subtraction reduces it. Nothing here
// needs the sum to be non-negative: a b - c d is computed as a b + c (p - d),
// so d = p (p - 0) is allowed.

template <int PAR>
CUZK_GPU_HD void cuzk_gpu_fp2_row(uint32_t t[13], const uint32_t a[12], uint32_t x, uint32_t cin)
{
    cuzk_gpu_cc cc = { 0 };
    if (PAR == 0) {
        (void)cuzk_gpu_add_cc(cin, 0xffffffffu, &cc);
        t[0] = cuzk_gpu_madc_lo_cc(a[0], x, t[0], &cc);
    } else {
        t[1] = cuzk_gpu_mad_lo_cc(a[1], x, t[1], &cc);
    }
    t[PAR + 1] = cuzk_gpu_madc_hi_cc(a[PAR], x, t[PAR + 1], &cc);
    CUZK_GPU_UNROLL
    for (int k = PAR + 2; k < 12; k += 2) {
        t[k] = cuzk_gpu_madc_lo_cc(a[k], x, t[k], &cc);
        if (k + 1 < 12 || PAR == 0)
            t[k + 1] = cuzk_gpu_madc_hi_cc(a[k], x, t[k + 1], &cc);
        else
            t[k + 1] = cuzk_gpu_madc_hi(a[k], x, t[k + 1], &cc);
    }
    if (PAR == 0)
        t[12] = cuzk_gpu_addc(t[12], 0, &cc);
}

template <int PAR>
CUZK_GPU_HD void cuzk_gpu_fp2_row_p(uint32_t t[13], uint32_t m)
{
    typedef cuzk_gpu_fp_field F;
    cuzk_gpu_cc cc = { 0 };
    t[PAR] = cuzk_gpu_mad_lo_cc(m, F::p(PAR), t[PAR], &cc);
    t[PAR + 1] = cuzk_gpu_madc_hi_cc(m, F::p(PAR), t[PAR + 1], &cc);
    CUZK_GPU_UNROLL
    for (int k = PAR + 2; k < 12; k += 2) {
        t[k] = cuzk_gpu_madc_lo_cc(m, F::p(k), t[k], &cc);
        if (k + 1 < 12 || PAR == 0)
            t[k + 1] = cuzk_gpu_madc_hi_cc(m, F::p(k), t[k + 1], &cc);
        else
            t[k + 1] = cuzk_gpu_madc_hi(m, F::p(k), t[k + 1], &cc);
    }
    if (PAR == 0)
        t[12] = cuzk_gpu_addc(t[12], 0, &cc);
}

CUZK_GPU_HD void cuzk_gpu_fp_mul2_xy(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                     const cuzk_gpu_fp *d)
{
    typedef cuzk_gpu_fp_field F;
    uint32_t x[13], y[13], cy = 0;
    CUZK_GPU_UNROLL
    for (int k = 0; k < 13; k++)
        x[k] = y[k] = 0;
    CUZK_GPU_UNROLL
    for (int i = 0; i < 12; i++) {
        const uint32_t bi = b->l[i], di = d->l[i];
        cuzk_gpu_fp2_row<0>(x, a->l, bi, cy);
        cuzk_gpu_fp2_row<0>(x, c->l, di, 0);
        const uint32_t m = (x[0] + y[0]) * F::M0;
        cuzk_gpu_fp2_row<1>(x, c->l, di, 0);
        cuzk_gpu_fp2_row<1>(x, a->l, bi, 0);
        cuzk_gpu_fp2_row_p<0>(y, m);
        {
            cuzk_gpu_cc cc = { 0 };
            (void)cuzk_gpu_add_cc(x[0], y[0], &cc);
            cy = cuzk_gpu_addc(0, 0, &cc);
        }
        cuzk_gpu_fp2_row_p<1>(y, m);
        CUZK_GPU_UNROLL
        for (int k = 0; k < 12; k++) {
            x[k] = x[k + 1];
            y[k] = y[k + 1];
        }
        x[12] = y[12] = 0;
    }
    uint32_t t[12], s[12], borrow;
    cuzk_gpu_cc cc = { 0 };
    (void)cuzk_gpu_add_cc(cy, 0xffffffffu, &cc);
    CUZK_GPU_UNROLL
    for (int k = 0; k < 11; k++)
        t[k] = cuzk_gpu_addc_cc(x[k], y[k], &cc);
    t[11] = cuzk_gpu_addc(x[11], y[11], &cc);
    s[0] = cuzk_gpu_sub_cc(t[0], F::p(0), &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < 12; k++)
        s[k] = cuzk_gpu_subc_cc(t[k], F::p(k), &cc);
    borrow = cuzk_gpu_subc(0, 0, &cc);
    CUZK_GPU_UNROLL
    for (int k = 0; k < 12; k++)
        r->l[k] = (t[k] & borrow) | (s[k] & ~borrow);
}

// The same sum with mont.cuh's parity-aligned accumulators (EV/OD: both at
// the same weights 0..12, the rows split by the parity of the limb they
// start on, the roles swapped at each division by 2^32 instead of a shift
// of separate a b / m p accumulators). Per step: the merge of OD's weight 0
// into EV's, whose carry enters OD's first chain at weight 1; the a b_i and
// c d_i rows; m = EV_0 M0 (only EV holds weight 0 now); the m p rows.
// Bounds: the running value t < a + c + p between steps (t' < (t + (2^32 -
// 1)(a + c + p)) / 2^32), so EV + OD < 2^32 (a + c + p) < 2^32 3p < 2^416:
// thirteen limbs hold either array, and no chain carries out of limb 12;
// at the end t = (ab + cd + M p) / R < 1.25 p, reduced by one subtraction.
// cuzk_gpu_fp_mul2_xy (above) is the previous form, kept for comparison.
CUZK_GPU_HD void cuzk_gpu_fp_mul2(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b, const cuzk_gpu_fp *c,
                                  const cuzk_gpu_fp *d)
{
#ifdef CUZK_GPU_FP2_MUL2_XY
    cuzk_gpu_fp_mul2_xy(r, a, b, c, d);
#else
    typedef cuzk_gpu_fp_field F;
    constexpr int N = 12;
    uint32_t ev[N + 1], od[N + 1];
    // step 0: a b_0 as plain 64-bit products (no addends), then c d_0 on top
    {
        const uint32_t b0 = b->l[0];
        CUZK_GPU_UNROLL
        for (int k = 0; k < N; k += 2) {
            const uint64_t pe = (uint64_t)a->l[k] * b0, po = (uint64_t)a->l[k + 1] * b0;
            ev[k] = (uint32_t)pe;
            ev[k + 1] = (uint32_t)(pe >> 32);
            od[k + 1] = (uint32_t)po;
            od[k + 2] = (uint32_t)(po >> 32);
        }
        ev[N] = 0;
        od[0] = 0;
    }
    CUZK_GPU_UNROLL
    for (int i = 0; i < N; i++) {
        const uint32_t di = d->l[i];
        if (i > 0) {
            const uint32_t bi = b->l[i];
            cuzk_gpu_cc cc = { 0 };
            ev[0] = cuzk_gpu_add_cc(ev[0], od[0], &cc); // its carry has weight 1
            CUZK_GPU_UNROLL
            for (int k = 1; k < N; k += 2) {
                od[k] = cuzk_gpu_madc_lo_cc(a->l[k], bi, od[k], &cc);
                if (k + 2 < N)
                    od[k + 1] = cuzk_gpu_madc_hi_cc(a->l[k], bi, od[k + 1], &cc);
                else
                    od[k + 1] = cuzk_gpu_madc_hi(a->l[k], bi, od[k + 1], &cc);
            }
            ev[0] = cuzk_gpu_mad_lo_cc(a->l[0], bi, ev[0], &cc);
            ev[1] = cuzk_gpu_madc_hi_cc(a->l[0], bi, ev[1], &cc);
            CUZK_GPU_UNROLL
            for (int k = 2; k < N; k += 2) {
                ev[k] = cuzk_gpu_madc_lo_cc(a->l[k], bi, ev[k], &cc);
                ev[k + 1] = cuzk_gpu_madc_hi_cc(a->l[k], bi, ev[k + 1], &cc);
            }
            ev[N] = cuzk_gpu_addc(ev[N], 0, &cc);
        }
        {
            cuzk_gpu_cc cc = { 0 };
            od[1] = cuzk_gpu_mad_lo_cc(c->l[1], di, od[1], &cc);
            CUZK_GPU_UNROLL
            for (int k = 1; k < N; k += 2) {
                if (k > 1)
                    od[k] = cuzk_gpu_madc_lo_cc(c->l[k], di, od[k], &cc);
                if (k + 2 < N)
                    od[k + 1] = cuzk_gpu_madc_hi_cc(c->l[k], di, od[k + 1], &cc);
                else
                    od[k + 1] = cuzk_gpu_madc_hi(c->l[k], di, od[k + 1], &cc);
            }
            ev[0] = cuzk_gpu_mad_lo_cc(c->l[0], di, ev[0], &cc);
            ev[1] = cuzk_gpu_madc_hi_cc(c->l[0], di, ev[1], &cc);
            CUZK_GPU_UNROLL
            for (int k = 2; k < N; k += 2) {
                ev[k] = cuzk_gpu_madc_lo_cc(c->l[k], di, ev[k], &cc);
                ev[k + 1] = cuzk_gpu_madc_hi_cc(c->l[k], di, ev[k + 1], &cc);
            }
            ev[N] = cuzk_gpu_addc(ev[N], 0, &cc);
        }
        const uint32_t m = ev[0] * F::M0;
        {
            cuzk_gpu_cc cc = { 0 };
            ev[0] = cuzk_gpu_mad_lo_cc(m, F::p(0), ev[0], &cc);
            ev[1] = cuzk_gpu_madc_hi_cc(m, F::p(0), ev[1], &cc);
            CUZK_GPU_UNROLL
            for (int k = 2; k < N; k += 2) {
                ev[k] = cuzk_gpu_madc_lo_cc(m, F::p(k), ev[k], &cc);
                ev[k + 1] = cuzk_gpu_madc_hi_cc(m, F::p(k), ev[k + 1], &cc);
            }
            ev[N] = cuzk_gpu_addc(ev[N], 0, &cc);
        }
        {
            cuzk_gpu_cc cc = { 0 };
            od[1] = cuzk_gpu_mad_lo_cc(m, F::p(1), od[1], &cc);
            CUZK_GPU_UNROLL
            for (int k = 1; k < N; k += 2) {
                if (k > 1)
                    od[k] = cuzk_gpu_madc_lo_cc(m, F::p(k), od[k], &cc);
                if (k + 2 < N)
                    od[k + 1] = cuzk_gpu_madc_hi_cc(m, F::p(k), od[k + 1], &cc);
                else
                    od[k + 1] = cuzk_gpu_madc_hi(m, F::p(k), od[k + 1], &cc);
            }
        }
        // ev[0] is now 0: divide by 2^32 and swap the roles
        uint32_t t[N];
        CUZK_GPU_UNROLL
        for (int k = 0; k < N; k++)
            t[k] = ev[k + 1];
        CUZK_GPU_UNROLL
        for (int k = 0; k < N; k++)
            ev[k] = od[k + 1];
        ev[N] = 0;
        CUZK_GPU_UNROLL
        for (int k = 0; k < N; k++)
            od[k] = t[k];
        od[N] = 0;
    }
    uint32_t t[N];
    cuzk_gpu_cc cc = { 0 };
    t[0] = cuzk_gpu_add_cc(ev[0], od[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < N - 1; k++)
        t[k] = cuzk_gpu_addc_cc(ev[k], od[k], &cc);
    t[N - 1] = cuzk_gpu_addc(ev[N - 1], od[N - 1], &cc);
    cuzk_gpu_mont_sub_p<F>(r->l, t);
#endif
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
