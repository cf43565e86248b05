// Montgomery arithmetic on N 32-bit limbs, shared by the device Fr and Fp.
//
// A field is described by a struct F with N (limbs, even), M0 (-p^-1 mod 2^32)
// and p(i) (limb i of the modulus, a constant expression so that it becomes an
// immediate operand). Elements are little-endian limb arrays, fully reduced,
// in Montgomery form with R = 2^(32N): the same bytes as the CPU's 64-bit limbs.
//
// Everything is __host__ __device__: on the host the carry flag is emulated
// (cc.cuh), which lets tests run these exact algorithms against libcuzk.
#ifndef CUZK_GPU_MONT_CUH
#define CUZK_GPU_MONT_CUH

#include "cc.cuh"

// r = a + b mod p. Needs 2p < 2^(32N) (true for Fr and Fp): the sum never
// carries out, and one conditional subtraction reduces it.
template <class F>
CUZK_GPU_HD void cuzk_gpu_mont_add(uint32_t r[], const uint32_t a[], const uint32_t b[])
{
    constexpr int N = F::N;
    uint32_t s[N], t[N], borrow;
    cuzk_gpu_cc cc = { 0 };
    s[0] = cuzk_gpu_add_cc(a[0], b[0], &cc);
CUZK_GPU_UNROLL
    for (int i = 1; i < N - 1; i++)
        s[i] = cuzk_gpu_addc_cc(a[i], b[i], &cc);
    s[N - 1] = cuzk_gpu_addc(a[N - 1], b[N - 1], &cc);
    t[0] = cuzk_gpu_sub_cc(s[0], F::p(0), &cc);
CUZK_GPU_UNROLL
    for (int i = 1; i < N; i++)
        t[i] = cuzk_gpu_subc_cc(s[i], F::p(i), &cc);
    borrow = cuzk_gpu_subc(0, 0, &cc); // all ones when s < p: keep s
CUZK_GPU_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = (s[i] & borrow) | (t[i] & ~borrow);
}

// r = a - b mod p: subtract, then add p back under the borrow mask (no branch).
template <class F>
CUZK_GPU_HD void cuzk_gpu_mont_sub(uint32_t r[], const uint32_t a[], const uint32_t b[])
{
    constexpr int N = F::N;
    uint32_t s[N], borrow;
    cuzk_gpu_cc cc = { 0 };
    s[0] = cuzk_gpu_sub_cc(a[0], b[0], &cc);
CUZK_GPU_UNROLL
    for (int i = 1; i < N; i++)
        s[i] = cuzk_gpu_subc_cc(a[i], b[i], &cc);
    borrow = cuzk_gpu_subc(0, 0, &cc);
    r[0] = cuzk_gpu_add_cc(s[0], F::p(0) & borrow, &cc);
CUZK_GPU_UNROLL
    for (int i = 1; i < N - 1; i++)
        r[i] = cuzk_gpu_addc_cc(s[i], F::p(i) & borrow, &cc);
    r[N - 1] = cuzk_gpu_addc(s[N - 1], F::p(N - 1) & borrow, &cc);
}

// t[PAR ..] += x * a[k] for the limbs k of one parity (k = PAR, PAR + 2, ...),
// the even row with a carry-in cin (0 or 1; its carry flag is set by an add
// whose result is dropped). Each product's low half lands on limb k and its high
// half on k + 1, so the row is ONE carry chain of mad.lo/madc.hi pairs on
// adjacent limbs, which the compiler fuses into 64-bit IMAD.WIDE: the even/odd
// split of the product. The even row (PAR = 0) carries out into t[N]; the odd
// row's last high half lands on t[N] itself.
template <class F, int PAR>
CUZK_GPU_HD void cuzk_gpu_mont_row(uint32_t t[], const uint32_t a[], uint32_t x, uint32_t cin)
{
    constexpr int N = F::N;
    cuzk_gpu_cc cc = { 0 };
    if (PAR == 0) {
        (void)cuzk_gpu_add_cc(cin, 0xffffffffu, &cc);
        t[0] = cuzk_gpu_madc_lo_cc(a[0], x, t[0], &cc);
    } else {
        t[1] = cuzk_gpu_mad_lo_cc(a[1], x, t[1], &cc);
    }
    t[PAR + 1] = cuzk_gpu_madc_hi_cc(a[PAR], x, t[PAR + 1], &cc);
    CUZK_GPU_UNROLL
    for (int k = PAR + 2; k < N; k += 2) {
        t[k] = cuzk_gpu_madc_lo_cc(a[k], x, t[k], &cc);
        if (k + 1 < N || PAR == 0)
            t[k + 1] = cuzk_gpu_madc_hi_cc(a[k], x, t[k + 1], &cc);
        else
            t[k + 1] = cuzk_gpu_madc_hi(a[k], x, t[k + 1], &cc);
    }
    if (PAR == 0)
        t[N] = cuzk_gpu_addc(t[N], 0, &cc);
}

// The same rows with the modulus (immediate operands) in place of a.
template <class F, int PAR>
CUZK_GPU_HD void cuzk_gpu_mont_row_p(uint32_t t[], uint32_t m)
{
    constexpr int N = F::N;
    cuzk_gpu_cc cc = { 0 };
    t[PAR] = cuzk_gpu_mad_lo_cc(m, F::p(PAR), t[PAR], &cc);
    t[PAR + 1] = cuzk_gpu_madc_hi_cc(m, F::p(PAR), t[PAR + 1], &cc);
    CUZK_GPU_UNROLL
    for (int k = PAR + 2; k < N; k += 2) {
        t[k] = cuzk_gpu_madc_lo_cc(m, F::p(k), t[k], &cc);
        if (k + 1 < N || PAR == 0)
            t[k + 1] = cuzk_gpu_madc_hi_cc(m, F::p(k), t[k + 1], &cc);
        else
            t[k + 1] = cuzk_gpu_madc_hi(m, F::p(k), t[k + 1], &cc);
    }
    if (PAR == 0)
        t[N] = cuzk_gpu_addc(t[N], 0, &cc);
}

// r = a * b * 2^(-32N) mod p: operand scanning with the reduction interleaved
// (CIOS), with the products a*b_i and the reduction terms m_i*p in two
// separate accumulators x and y, so each step is two independent carry
// chains the GPU can overlap (one chain through both would leave its
// multipliers idle on every carry). Step i: x += a b_i; m = (x_0 + y_0) M0;
// y += m p; now x_0 + y_0 = 0 mod 2^32 and its carry c goes into the next
// step's first row; both shift down a limb. Bounds: x < p and y < p between
// steps, so x + a b_i and y + m p stay below 2^32 p < 2^(32(N+1)); at the end
// x + y + c = (ab + Mp) / R < 2p, and one subtraction reduces it.
template <class F>
CUZK_GPU_HD void cuzk_gpu_mont_mul(uint32_t r[], const uint32_t a[], const uint32_t b[])
{
    constexpr int N = F::N;
    uint32_t x[N + 1], y[N + 1], c = 0;
    CUZK_GPU_UNROLL
    for (int k = 0; k <= N; k++)
        x[k] = y[k] = 0;
    CUZK_GPU_UNROLL
    for (int i = 0; i < N; i++) {
        const uint32_t bi = b[i];
        cuzk_gpu_mont_row<F, 0>(x, a, bi, c);
        const uint32_t m = (x[0] + y[0]) * F::M0;
        cuzk_gpu_mont_row<F, 1>(x, a, bi, 0); // cin unused
        cuzk_gpu_mont_row_p<F, 0>(y, m);
        {
            cuzk_gpu_cc cc = { 0 };
            (void)cuzk_gpu_add_cc(x[0], y[0], &cc);
            c = cuzk_gpu_addc(0, 0, &cc);
        }
        cuzk_gpu_mont_row_p<F, 1>(y, m);
        CUZK_GPU_UNROLL
        for (int k = 0; k < N; k++) {
            x[k] = x[k + 1];
            y[k] = y[k + 1];
        }
        x[N] = y[N] = 0;
    }
    uint32_t t[N], s[N], borrow;
    cuzk_gpu_cc cc = { 0 };
    (void)cuzk_gpu_add_cc(c, 0xffffffffu, &cc);
    CUZK_GPU_UNROLL
    for (int k = 0; k < N - 1; k++)
        t[k] = cuzk_gpu_addc_cc(x[k], y[k], &cc);
    t[N - 1] = cuzk_gpu_addc(x[N - 1], y[N - 1], &cc);
    s[0] = cuzk_gpu_sub_cc(t[0], F::p(0), &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < N; k++)
        s[k] = cuzk_gpu_subc_cc(t[k], F::p(k), &cc);
    borrow = cuzk_gpu_subc(0, 0, &cc);
    CUZK_GPU_UNROLL
    for (int k = 0; k < N; k++)
        r[k] = (t[k] & borrow) | (s[k] & ~borrow);
}

template <class F>
CUZK_GPU_HD bool cuzk_gpu_mont_is_zero(const uint32_t a[])
{
    uint32_t x = 0;
CUZK_GPU_UNROLL
    for (int i = 0; i < F::N; i++)
        x |= a[i];
    return x == 0;
}

template <class F>
CUZK_GPU_HD bool cuzk_gpu_mont_eq(const uint32_t a[], const uint32_t b[])
{
    uint32_t x = 0;
CUZK_GPU_UNROLL
    for (int i = 0; i < F::N; i++)
        x |= a[i] ^ b[i];
    return x == 0;
}

#endif
