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

// Limb i of M p for M = 1 or 2 (2p: the bound of the relaxed values below).
template <class F, int M>
CUZK_GPU_HD constexpr uint32_t cuzk_gpu_mont_mp(int i)
{
    return M == 1 ? F::p(i) : (F::p(i) << 1) | (i > 0 ? F::p(i - 1) >> 31 : 0);
}

// r = a + b mod p (M = 1; a, b < p) or reduced to [0, 2p) (M = 2; a, b < 2p).
// Needs 2M p < 2^(32N) (M = 1: Fr and Fp; M = 2: Fp only): the sum never
// carries out, and one conditional subtraction of M p reduces it.
template <class F, int M = 1>
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
    t[0] = cuzk_gpu_sub_cc(s[0], cuzk_gpu_mont_mp<F, M>(0), &cc);
CUZK_GPU_UNROLL
    for (int i = 1; i < N; i++)
        t[i] = cuzk_gpu_subc_cc(s[i], cuzk_gpu_mont_mp<F, M>(i), &cc);
    borrow = cuzk_gpu_subc(0, 0, &cc); // all ones when s < M p: keep s
CUZK_GPU_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = (s[i] & borrow) | (t[i] & ~borrow);
}

// r = a - b mod p (M = 1), or in [0, 2p) for a, b < 2p (M = 2): subtract,
// then add M p back under the borrow mask (no branch).
template <class F, int M = 1>
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
    r[0] = cuzk_gpu_add_cc(s[0], cuzk_gpu_mont_mp<F, M>(0) & borrow, &cc);
CUZK_GPU_UNROLL
    for (int i = 1; i < N - 1; i++)
        r[i] = cuzk_gpu_addc_cc(s[i], cuzk_gpu_mont_mp<F, M>(i) & borrow, &cc);
    r[N - 1] = cuzk_gpu_addc(s[N - 1], cuzk_gpu_mont_mp<F, M>(N - 1) & borrow, &cc);
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

// r = t mod p for t < 2p: one subtraction of p, kept under a mask.
template <class F>
CUZK_GPU_HD void cuzk_gpu_mont_sub_p(uint32_t r[], const uint32_t t[])
{
    constexpr int N = F::N;
    uint32_t s[N], borrow;
    cuzk_gpu_cc cc = { 0 };
    s[0] = cuzk_gpu_sub_cc(t[0], F::p(0), &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < N; k++)
        s[k] = cuzk_gpu_subc_cc(t[k], F::p(k), &cc);
    borrow = cuzk_gpu_subc(0, 0, &cc);
    CUZK_GPU_UNROLL
    for (int k = 0; k < N; k++)
        r[k] = (t[k] & borrow) | (s[k] & ~borrow);
}

// The two-accumulator product (the baseline of the throughput bench):
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
CUZK_GPU_HD void cuzk_gpu_mont_mul_xy(uint32_t r[], const uint32_t a[], const uint32_t b[])
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
    uint32_t t[N];
    cuzk_gpu_cc cc = { 0 };
    (void)cuzk_gpu_add_cc(c, 0xffffffffu, &cc);
    CUZK_GPU_UNROLL
    for (int k = 0; k < N - 1; k++)
        t[k] = cuzk_gpu_addc_cc(x[k], y[k], &cc);
    t[N - 1] = cuzk_gpu_addc(x[N - 1], y[N - 1], &cc);
    cuzk_gpu_mont_sub_p<F>(r, t);
}

// ---- the product with parity-aligned accumulators ---------------------------------
// r = a * b * 2^(-32N) before the final subtraction (so r < 2p for a, b < p),
// operand scanning with the reduction interleaved (CIOS). The running value
// lives in two accumulators whose limbs sit at the SAME weights, 0..N: EV
// takes the rows whose products start on an even weight relative to the
// current step (a_k b_i and m p_k for even k: lo on k, hi on k + 1, one carry
// chain over limbs 0..N-1 ending in EV[N]), OD the rows starting on an odd
// weight (odd k: limbs 1..N, one chain). After the reduction weight 0 is zero
// and everything moves down one limb, which turns odd weights into even ones:
// OD becomes the next step's EV and EV the next OD, so the rows never need a
// shifted copy. The only extra instructions per step are the merge of OD's
// weight-0 limb into EV's (its carry enters OD's chain at weight 1), the two
// carry-outs into EV[N] and m itself. Bounds: before the division
// EV + OD = t + a b_i + m p < W (a + p) <= 2^(32(N+1)) with W = 2^32 and
// t < a + p, so OD's chain (limbs up to N) never carries out of limb N.
// The caller picks the parity-aligned rows by the limb indices below; the
// plain C 64-bit products of the first step need no carries (the pairs do not
// overlap) and become IMAD.WIDE.
// Variant bits (the throughput bench measures them side by side):
// CUZK_GPU_MONT_HIDE_M0 hides M0's value from the compiler (with M0 =
// 0xffffffff it may otherwise rewrite m = -t_0 in ways that schedule worse);
// CUZK_GPU_MONT_P0_ONE, for a modulus with p_0 = 1 (Fr), replaces the first
// product m p_0 of each reduction row (whose low half cancels t_0 and whose
// high half is 0) by the carry it leaves: CF = (t_0 != 0).
// CUZK_GPU_MONT_PCONST takes the modulus of the reduction rows from constant
// memory (F::pc) instead of immediate operands.
#define CUZK_GPU_MONT_HIDE_M0 1
#define CUZK_GPU_MONT_P0_ONE 2
#define CUZK_GPU_MONT_PCONST 4
// CUZK_GPU_MONT_P01, for a modulus with p_0 = 1, p_1 = 2^32 - 1 and M0 = -1
// (Fr): the reduction rows' second product m p_1 needs no multiply either
// (cuzk_gpu_mont_od_row_p01); implies P0_ONE. CUZK_GPU_MONT_KS: the full
// product first, by one level of Karatsuba on N/2-limb halves (3 N^2 / 4
// wide products instead of N^2), then the reduction on its own
// (cuzk_gpu_mont_redc, with the P01 rows when that bit is set too).
#define CUZK_GPU_MONT_P01 8
#define CUZK_GPU_MONT_KS 16
// CUZK_GPU_MONT_MOPAQUE: the reduction multiplier m = t_0 M0 with M0 read
// from constant memory (F::m0c), so ptxas cannot see m = -t_0 and rewrite the
// wide products m p_k (a 32-bit multiply a row).
#define CUZK_GPU_MONT_MOPAQUE 32
// CUZK_GPU_MONT_MZERO (M0 = -1 only): m = z - t_0 with z = 0 read from
// constant memory (F::zc): as opaque as MOPAQUE, but an add on the ALU pipe
// instead of a 32-bit multiply on the FMA pipe.
#define CUZK_GPU_MONT_MZERO 64
template <class F, int V>
CUZK_GPU_HD uint32_t cuzk_gpu_mont_pk(int k)
{
    return (V & CUZK_GPU_MONT_PCONST) ? F::pc(k) : F::p(k);
}

// The multiplicand of a row: limbs of an array, or of the modulus (as
// immediates, or from constant memory with CUZK_GPU_MONT_PCONST). Unrolled,
// k is a constant, so the modulus rows keep their immediate operands.
struct cuzk_gpu_mont_limbs {
    const uint32_t *l;
    CUZK_GPU_HD uint32_t operator()(int k) const { return l[k]; }
};
template <class F, int V>
struct cuzk_gpu_mont_modulus {
    CUZK_GPU_HD uint32_t operator()(int k) const { return cuzk_gpu_mont_pk<F, V>(k); }
};

// The rows of the parity-aligned accumulators (ev, od: N + 1 limbs each).
// Step 0's first row: ev, od = a x without addends, as plain 64-bit
// products (the pairs do not overlap, so no carries).
template <class F>
CUZK_GPU_HD void cuzk_gpu_mont_row0(uint32_t ev[], uint32_t od[], const uint32_t a[], uint32_t x)
{
    constexpr int N = F::N;
    CUZK_GPU_UNROLL
    for (int k = 0; k < N; k += 2) {
        const uint64_t pe = (uint64_t)a[k] * x, po = (uint64_t)a[k + 1] * x;
        ev[k] = (uint32_t)pe;
        ev[k + 1] = (uint32_t)(pe >> 32);
        od[k + 1] = (uint32_t)po;
        od[k + 2] = (uint32_t)(po >> 32);
    }
    ev[N] = 0;
    od[0] = 0;
}

// ev += x A over the even k (lo on k, hi on k + 1): one carry chain ending
// in ev[N]. P0_ONE: A is a modulus with limb 0 = 1 and x = m, the
// reduction's multiplier: its first product only clears ev[0], leaving the
// carry CF = (ev[0] != 0), so an add takes its place.
template <class F, bool P0_ONE = false, class A>
CUZK_GPU_HD void cuzk_gpu_mont_ev_row(uint32_t ev[], A a, uint32_t x)
{
    constexpr int N = F::N;
    cuzk_gpu_cc cc = { 0 };
    if (P0_ONE) {
        ev[0] = cuzk_gpu_add_cc(ev[0], 0xffffffffu, &cc); // ev[0] is dropped
        ev[1] = cuzk_gpu_addc_cc(ev[1], 0, &cc);
    } else {
        ev[0] = cuzk_gpu_mad_lo_cc(a(0), x, ev[0], &cc);
        ev[1] = cuzk_gpu_madc_hi_cc(a(0), x, ev[1], &cc);
    }
    CUZK_GPU_UNROLL
    for (int k = 2; k < N; k += 2) {
        ev[k] = cuzk_gpu_madc_lo_cc(a(k), x, ev[k], &cc);
        ev[k + 1] = cuzk_gpu_madc_hi_cc(a(k), x, ev[k + 1], &cc);
    }
    ev[N] = cuzk_gpu_addc(ev[N], 0, &cc);
}

// od += x A over the odd k (limbs 1..N; the last high half lands on od[N],
// which the bounds keep from carrying out). MERGE: first ev[0] += od[0]
// (weight 0 joins EV), whose carry, of weight 1, enters this chain.
template <class F, bool MERGE, class A>
CUZK_GPU_HD void cuzk_gpu_mont_od_row(uint32_t ev[], uint32_t od[], A a, uint32_t x)
{
    constexpr int N = F::N;
    cuzk_gpu_cc cc = { 0 };
    if (MERGE) {
        ev[0] = cuzk_gpu_add_cc(ev[0], od[0], &cc);
        od[1] = cuzk_gpu_madc_lo_cc(a(1), x, od[1], &cc);
    } else {
        od[1] = cuzk_gpu_mad_lo_cc(a(1), x, od[1], &cc);
    }
    CUZK_GPU_UNROLL
    for (int k = 1; k < N; k += 2) {
        if (k > 1)
            od[k] = cuzk_gpu_madc_lo_cc(a(k), x, od[k], &cc);
        if (k + 2 < N)
            od[k + 1] = cuzk_gpu_madc_hi_cc(a(k), x, od[k + 1], &cc);
        else
            od[k + 1] = cuzk_gpu_madc_hi(a(k), x, od[k + 1], &cc);
    }
}

// ev[0] is 0 after the reduction rows: divide by 2^32, which swaps the
// roles (OD's limbs become the even-started ones).
template <class F>
CUZK_GPU_HD void cuzk_gpu_mont_shift_swap(uint32_t ev[], uint32_t od[])
{
    constexpr int N = F::N;
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

// r = ev + od over N limbs (the bounds keep the sum below 2^(32N)).
template <class F>
CUZK_GPU_HD void cuzk_gpu_mont_merge(uint32_t r[], const uint32_t ev[], const uint32_t od[])
{
    constexpr int N = F::N;
    cuzk_gpu_cc cc = { 0 };
    r[0] = cuzk_gpu_add_cc(ev[0], od[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < N - 1; k++)
        r[k] = cuzk_gpu_addc_cc(ev[k], od[k], &cc);
    r[N - 1] = cuzk_gpu_addc(ev[N - 1], od[N - 1], &cc);
}

// ---- fewer wide products for Fr (p_0 = 1, p_1 = 2^32 - 1, M0 = -1) -------------
// With M0 = -1 the reduction multiplier is m = -t_0 mod 2^32 for the limb t_0
// it clears, so m p_0 + m p_1 2^32 = m + (m 2^32 - m) 2^32 is known without a
// multiply: m p_0 = m only leaves the carry c = (t_0 != 0) at weight 1 (the
// P0_ONE row), and m p_1 = m (2^32 - 1) has low half -m = t_0 and high half
// m - c (m - 1 = ~t_0 when t_0 != 0, else 0). The odd reduction row of the
// parity-aligned accumulators (od += m p_k, k odd) then starts with two adds:
// od[1] += t_0, od[2] += m - c, and three wide products (p_3, p_5, p_7)
// instead of four. MERGE: first ev[0] += od[0] (t_0 is the merged limb,
// returned; its carry enters this chain at weight 1), for the reduction
// without product rows (cuzk_gpu_mont_redc); otherwise t0 is given.
template <class F>
CUZK_GPU_HD constexpr bool cuzk_gpu_mont_has_p01()
{
    return F::p(0) == 1 && F::p(1) == 0xffffffffu && F::M0 == 0xffffffffu;
}

// m = -t_0 mod 2^32 (M0 = -1), computed as V asks.
template <class F, int V>
CUZK_GPU_HD uint32_t cuzk_gpu_mont_m_p01(uint32_t t0)
{
    if constexpr ((V & CUZK_GPU_MONT_MZERO) != 0)
        return F::zc() - t0;
    else if constexpr ((V & CUZK_GPU_MONT_MOPAQUE) != 0)
        return t0 * F::m0c();
    else
        return 0u - t0;
}

template <class F, bool MERGE, int V = 0>
CUZK_GPU_HD uint32_t cuzk_gpu_mont_od_row_p01(uint32_t ev[], uint32_t od[], uint32_t t0)
{
    static_assert(cuzk_gpu_mont_has_p01<F>(), "p01 rows need p_0 = 1, p_1 = 2^32 - 1");
    constexpr int N = F::N;
    cuzk_gpu_cc cc = { 0 };
    if (MERGE) {
        t0 = ev[0] = cuzk_gpu_add_cc(ev[0], od[0], &cc);
        od[1] = cuzk_gpu_addc_cc(od[1], t0, &cc);
    } else {
        od[1] = cuzk_gpu_add_cc(od[1], t0, &cc);
    }
    const uint32_t m = cuzk_gpu_mont_m_p01<F, V>(t0), h = t0 != 0 ? ~t0 : 0u;
    od[2] = cuzk_gpu_addc_cc(od[2], h, &cc);
    CUZK_GPU_UNROLL
    for (int k = 3; k < N; k += 2) {
        od[k] = cuzk_gpu_madc_lo_cc(m, F::p(k), od[k], &cc);
        if (k + 2 < N)
            od[k + 1] = cuzk_gpu_madc_hi_cc(m, F::p(k), od[k + 1], &cc);
        else
            od[k + 1] = cuzk_gpu_madc_hi(m, F::p(k), od[k + 1], &cc);
    }
    return t0;
}

// r[0..7] = a[0..3] b[0..3]: the parity-aligned rows without a reduction.
// E takes the row halves that start on an even weight, O those on an odd
// one; the carry-outs are written only where the bounds allow one (E after
// the rows of b_0..b_j is below (W - 1)^2 times a sum of powers of W^2, so
// only the b_2 row of E and the b_1, b_3 rows of O can carry out; W = 2^32).
CUZK_GPU_HD void cuzk_gpu_mul_4x4(uint32_t r[8], const uint32_t a[4], const uint32_t b[4])
{
    uint32_t e[8], o[8];
    uint64_t p;
    cuzk_gpu_cc cc = { 0 };
    p = (uint64_t)a[0] * b[0];
    e[0] = (uint32_t)p;
    e[1] = (uint32_t)(p >> 32);
    p = (uint64_t)a[2] * b[0];
    e[2] = (uint32_t)p;
    e[3] = (uint32_t)(p >> 32);
    p = (uint64_t)a[1] * b[0];
    o[1] = (uint32_t)p;
    o[2] = (uint32_t)(p >> 32);
    p = (uint64_t)a[3] * b[0];
    o[3] = (uint32_t)p;
    o[4] = (uint32_t)(p >> 32);
    // b_1: E += a1 b1 W^2 + a3 b1 W^4 (E < W^6 after: no carry-out)
    e[2] = cuzk_gpu_mad_lo_cc(a[1], b[1], e[2], &cc);
    e[3] = cuzk_gpu_madc_hi_cc(a[1], b[1], e[3], &cc);
    e[4] = cuzk_gpu_madc_lo_cc(a[3], b[1], 0u, &cc);
    e[5] = cuzk_gpu_madc_hi(a[3], b[1], 0u, &cc);
    //      O += a0 b1 W + a2 b1 W^3 (carry into o5)
    o[1] = cuzk_gpu_mad_lo_cc(a[0], b[1], o[1], &cc);
    o[2] = cuzk_gpu_madc_hi_cc(a[0], b[1], o[2], &cc);
    o[3] = cuzk_gpu_madc_lo_cc(a[2], b[1], o[3], &cc);
    o[4] = cuzk_gpu_madc_hi_cc(a[2], b[1], o[4], &cc);
    o[5] = cuzk_gpu_addc(0u, 0u, &cc);
    // b_2: E += a0 b2 W^2 + a2 b2 W^4 (carry into e6)
    e[2] = cuzk_gpu_mad_lo_cc(a[0], b[2], e[2], &cc);
    e[3] = cuzk_gpu_madc_hi_cc(a[0], b[2], e[3], &cc);
    e[4] = cuzk_gpu_madc_lo_cc(a[2], b[2], e[4], &cc);
    e[5] = cuzk_gpu_madc_hi_cc(a[2], b[2], e[5], &cc);
    e[6] = cuzk_gpu_addc(0u, 0u, &cc);
    //      O += a1 b2 W^3 + a3 b2 W^5 (O < W^7 after: no carry-out)
    o[3] = cuzk_gpu_mad_lo_cc(a[1], b[2], o[3], &cc);
    o[4] = cuzk_gpu_madc_hi_cc(a[1], b[2], o[4], &cc);
    o[5] = cuzk_gpu_madc_lo_cc(a[3], b[2], o[5], &cc);
    o[6] = cuzk_gpu_madc_hi(a[3], b[2], 0u, &cc);
    // b_3: E += a1 b3 W^4 + a3 b3 W^6 (E < W^8: no carry-out)
    e[4] = cuzk_gpu_mad_lo_cc(a[1], b[3], e[4], &cc);
    e[5] = cuzk_gpu_madc_hi_cc(a[1], b[3], e[5], &cc);
    e[6] = cuzk_gpu_madc_lo_cc(a[3], b[3], e[6], &cc);
    e[7] = cuzk_gpu_madc_hi(a[3], b[3], 0u, &cc);
    //      O += a0 b3 W^3 + a2 b3 W^5 (carry into o7)
    o[3] = cuzk_gpu_mad_lo_cc(a[0], b[3], o[3], &cc);
    o[4] = cuzk_gpu_madc_hi_cc(a[0], b[3], o[4], &cc);
    o[5] = cuzk_gpu_madc_lo_cc(a[2], b[3], o[5], &cc);
    o[6] = cuzk_gpu_madc_hi_cc(a[2], b[3], o[6], &cc);
    o[7] = cuzk_gpu_addc(0u, 0u, &cc);
    // r = E + O (the product is below W^8)
    r[0] = e[0];
    r[1] = cuzk_gpu_add_cc(e[1], o[1], &cc);
    CUZK_GPU_UNROLL
    for (int k = 2; k < 7; k++)
        r[k] = cuzk_gpu_addc_cc(e[k], o[k], &cc);
    r[7] = cuzk_gpu_addc(e[7], o[7], &cc);
}

// r[0..2H-1] = a[0..H-1] b[0..H-1] for even H, the same E / O rows in
// general: row j's half that starts on an even weight goes into E, the other
// into O; a half starting at weight j (k = 0, 2, ...) carries out into limb
// j + H, one starting at j + 1 ends there without a carry-out (both E and O
// stay below a (b mod W^(j+1)) < W^(j+1+H) after row j).
template <int H>
CUZK_GPU_HD void cuzk_gpu_mul_hxh(uint32_t r[], const uint32_t a[], const uint32_t b[])
{
    static_assert(H % 2 == 0, "half products on an even number of limbs");
    uint32_t e[2 * H], o[2 * H];
    CUZK_GPU_UNROLL
    for (int k = 0; k < 2 * H; k++)
        e[k] = o[k] = 0;
    CUZK_GPU_UNROLL
    for (int k = 0; k < H; k += 2) {
        const uint64_t pe = (uint64_t)a[k] * b[0], po = (uint64_t)a[k + 1] * b[0];
        e[k] = (uint32_t)pe;
        e[k + 1] = (uint32_t)(pe >> 32);
        o[k + 1] = (uint32_t)po;
        o[k + 2] = (uint32_t)(po >> 32);
    }
    CUZK_GPU_UNROLL
    for (int j = 1; j < H; j++) {
        CUZK_GPU_UNROLL
        for (int half = 0; half < 2; half++) {
            // half 0: the products a_k b_j with j + k even (into E), 1: odd (O)
            uint32_t *acc = half == 0 ? e : o;
            const int k0 = (j + half) & 1, s = j + k0;
            cuzk_gpu_cc cc = { 0 };
            acc[s] = cuzk_gpu_mad_lo_cc(a[k0], b[j], acc[s], &cc);
            if (k0 == 1 && H == 2)
                acc[s + 1] = cuzk_gpu_madc_hi(a[k0], b[j], acc[s + 1], &cc);
            else
                acc[s + 1] = cuzk_gpu_madc_hi_cc(a[k0], b[j], acc[s + 1], &cc);
            CUZK_GPU_UNROLL
            for (int k = k0 + 2; k < H; k += 2) {
                acc[j + k] = cuzk_gpu_madc_lo_cc(a[k], b[j], acc[j + k], &cc);
                if (k0 == 1 && k + 2 >= H)
                    acc[j + k + 1] = cuzk_gpu_madc_hi(a[k], b[j], acc[j + k + 1], &cc);
                else
                    acc[j + k + 1] = cuzk_gpu_madc_hi_cc(a[k], b[j], acc[j + k + 1], &cc);
            }
            if (k0 == 0)
                acc[j + H] = cuzk_gpu_addc(acc[j + H], 0u, &cc);
        }
    }
    cuzk_gpu_cc cc = { 0 };
    r[0] = e[0];
    r[1] = cuzk_gpu_add_cc(e[1], o[1], &cc);
    CUZK_GPU_UNROLL
    for (int k = 2; k < 2 * H - 1; k++)
        r[k] = cuzk_gpu_addc_cc(e[k], o[k], &cc);
    r[2 * H - 1] = cuzk_gpu_addc(e[2 * H - 1], o[2 * H - 1], &cc);
}

// Montgomery reduction of a full product t (2N limbs, t < W^N p): r = t / R
// mod p in [0, 2p) when t_hi = floor(t / W^N) < p. The parity-aligned rows
// run on the low half only (ev = t_lo, od = 0): its multipliers m_i make
// q = (t_lo + sum m_i p W^i) / W^N <= p (the accumulator stays below W^N
// between steps, below W^(N+1) before each division), and r = q + t_hi,
// since t / R = t_lo / R + t_hi mod p. With P01 the odd rows are
// cuzk_gpu_mont_od_row_p01's; otherwise the P0_ONE / plain rows.
template <class F, int V>
CUZK_GPU_HD void cuzk_gpu_mont_redc(uint32_t r[], const uint32_t t[])
{
    constexpr int N = F::N;
    constexpr bool P01 = (V & CUZK_GPU_MONT_P01) && cuzk_gpu_mont_has_p01<F>();
    constexpr bool P0_ONE = (V & (CUZK_GPU_MONT_P0_ONE | CUZK_GPU_MONT_P01)) && F::p(0) == 1;
    const cuzk_gpu_mont_modulus<F, 0> pl = {};
    uint32_t ev[N + 1], od[N + 1];
    CUZK_GPU_UNROLL
    for (int k = 0; k < N; k++) {
        ev[k] = t[k];
        od[k] = 0;
    }
    ev[N] = od[N] = 0;
    CUZK_GPU_UNROLL
    for (int i = 0; i < N; i++) {
        if constexpr (P01) {
            const uint32_t t0 = cuzk_gpu_mont_od_row_p01<F, true, V>(ev, od, 0);
            cuzk_gpu_mont_ev_row<F, true>(ev, pl, cuzk_gpu_mont_m_p01<F, V>(t0));
        } else {
            uint32_t m0 = F::M0;
            if constexpr ((V & CUZK_GPU_MONT_MOPAQUE) != 0)
                m0 = F::m0c();
            const uint32_t m = (ev[0] + od[0]) * m0;
            cuzk_gpu_mont_od_row<F, true>(ev, od, pl, m);
            cuzk_gpu_mont_ev_row<F, P0_ONE>(ev, pl, m);
        }
        cuzk_gpu_mont_shift_swap<F>(ev, od);
    }
    cuzk_gpu_cc cc = { 0 };
    uint32_t q[N];
    cuzk_gpu_mont_merge<F>(q, ev, od);
    r[0] = cuzk_gpu_add_cc(q[0], t[N], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < N - 1; k++)
        r[k] = cuzk_gpu_addc_cc(q[k], t[N + k], &cc);
    r[N - 1] = cuzk_gpu_addc(q[N - 1], t[2 * N - 1], &cc);
}

// The full 2N-limb product of two N-limb values by one Karatsuba level on
// halves of H = N / 2 limbs: L = a_lo b_lo, H = a_hi b_hi, S = (a_lo +
// a_hi)(b_lo + b_hi) with the sums' carry bits c_a, c_b applied as masked
// adds (S's middle gains c_a s_b + c_b s_a at W^H and c_a c_b at W^N), D = S
// - L - H = a_lo b_hi + a_hi b_lo < 2 W^N (N + 1 limbs), t = L + D W^H + H
// W^N: 3 H^2 wide products instead of N^2, the rest adds. N = 8 takes the
// 4 x 4 product written out (two carry-outs fewer a half product).
template <int N>
CUZK_GPU_HD void cuzk_gpu_mul_ks(uint32_t t[], const uint32_t a[], const uint32_t b[])
{
    constexpr int h = N / 2;
    uint32_t L[N], Hh[N], S[N], D[N + 1], sa[h], sb[h];
    cuzk_gpu_cc cc = { 0 };
    if constexpr (N == 8) {
        cuzk_gpu_mul_4x4(L, a, b);
        cuzk_gpu_mul_4x4(Hh, a + h, b + h);
    } else {
        cuzk_gpu_mul_hxh<h>(L, a, b);
        cuzk_gpu_mul_hxh<h>(Hh, a + h, b + h);
    }
    sa[0] = cuzk_gpu_add_cc(a[0], a[h], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < h; k++)
        sa[k] = cuzk_gpu_addc_cc(a[k], a[h + k], &cc);
    const uint32_t ca = cuzk_gpu_addc(0u, 0u, &cc);
    sb[0] = cuzk_gpu_add_cc(b[0], b[h], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < h; k++)
        sb[k] = cuzk_gpu_addc_cc(b[k], b[h + k], &cc);
    const uint32_t cb = cuzk_gpu_addc(0u, 0u, &cc);
    if constexpr (N == 8)
        cuzk_gpu_mul_4x4(S, sa, sb);
    else
        cuzk_gpu_mul_hxh<h>(S, sa, sb);
    const uint32_t ma = 0u - ca, mb = 0u - cb;
    D[h] = cuzk_gpu_add_cc(S[h], sb[0] & ma, &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < h; k++)
        D[h + k] = cuzk_gpu_addc_cc(S[h + k], sb[k] & ma, &cc);
    D[N] = cuzk_gpu_addc(ca & cb, 0u, &cc);
    D[h] = cuzk_gpu_add_cc(D[h], sa[0] & mb, &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < h; k++)
        D[h + k] = cuzk_gpu_addc_cc(D[h + k], sa[k] & mb, &cc);
    D[N] = cuzk_gpu_addc(D[N], 0u, &cc);
    D[0] = cuzk_gpu_sub_cc(S[0], L[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < h; k++)
        D[k] = cuzk_gpu_subc_cc(S[k], L[k], &cc);
    CUZK_GPU_UNROLL
    for (int k = h; k < N; k++)
        D[k] = cuzk_gpu_subc_cc(D[k], L[k], &cc);
    D[N] = cuzk_gpu_subc(D[N], 0u, &cc);
    D[0] = cuzk_gpu_sub_cc(D[0], Hh[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < N; k++)
        D[k] = cuzk_gpu_subc_cc(D[k], Hh[k], &cc);
    D[N] = cuzk_gpu_subc(D[N], 0u, &cc);
    CUZK_GPU_UNROLL
    for (int k = 0; k < h; k++)
        t[k] = L[k];
    t[h] = cuzk_gpu_add_cc(L[h], D[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = h + 1; k < N; k++)
        t[k] = cuzk_gpu_addc_cc(L[k], D[k - h], &cc);
    CUZK_GPU_UNROLL
    for (int k = N; k <= N + h; k++)
        t[k] = cuzk_gpu_addc_cc(Hh[k - N], D[k - h], &cc);
    CUZK_GPU_UNROLL
    for (int k = N + h + 1; k < 2 * N - 1; k++)
        t[k] = cuzk_gpu_addc_cc(Hh[k - N], 0u, &cc);
    t[2 * N - 1] = cuzk_gpu_addc(Hh[N - 1], 0u, &cc);
}

// KS: the Karatsuba product, then the reduction (r < 2p as for the other
// variants: t_hi < p^2 / W^N < p / 2 for Fr, < p / 19 for Fp).
template <class F, int V>
CUZK_GPU_HD void cuzk_gpu_mont_mul_ks_raw(uint32_t r[], const uint32_t a[], const uint32_t b[])
{
    uint32_t t[2 * F::N];
    cuzk_gpu_mul_ks<F::N>(t, a, b);
    cuzk_gpu_mont_redc<F, V>(r, t);
}

template <class F, int V = 0>
CUZK_GPU_HD void cuzk_gpu_mont_mul_raw(uint32_t r[], const uint32_t a[], const uint32_t b[])
{
    if constexpr ((V & CUZK_GPU_MONT_KS) != 0) {
        cuzk_gpu_mont_mul_ks_raw<F, V>(r, a, b);
        return;
    }
    constexpr int N = F::N;
    constexpr bool P01 = (V & CUZK_GPU_MONT_P01) && cuzk_gpu_mont_has_p01<F>();
    constexpr bool P0_ONE = (V & (CUZK_GPU_MONT_P0_ONE | CUZK_GPU_MONT_P01)) && F::p(0) == 1;
    uint32_t m0 = F::M0;
    if constexpr ((V & CUZK_GPU_MONT_MOPAQUE) != 0)
        m0 = F::m0c();
#ifdef __CUDA_ARCH__
    if (V & CUZK_GPU_MONT_HIDE_M0)
        asm("mov.b32 %0, %1;" : "=r"(m0) : "r"(m0));
#endif
    const cuzk_gpu_mont_limbs al = { a };
    const cuzk_gpu_mont_modulus<F, V> pl = {};
    uint32_t ev[N + 1], od[N + 1];
    cuzk_gpu_mont_row0<F>(ev, od, a, b[0]);
    CUZK_GPU_UNROLL
    for (int i = 0; i < N; i++) {
        if (i > 0) {
            cuzk_gpu_mont_od_row<F, true>(ev, od, al, b[i]);
            cuzk_gpu_mont_ev_row<F>(ev, al, b[i]);
        }
        const uint32_t t0 = ev[0];
        uint32_t m;
        if constexpr (P01)
            m = cuzk_gpu_mont_m_p01<F, V>(t0);
        else if constexpr ((V & CUZK_GPU_MONT_MZERO) != 0 && F::M0 == 0xffffffffu)
            m = F::zc() - t0;
        else
            m = t0 * m0;
        cuzk_gpu_mont_ev_row<F, P0_ONE>(ev, pl, m);
        if constexpr (P01)
            (void)cuzk_gpu_mont_od_row_p01<F, false, V>(ev, od, t0);
        else
            cuzk_gpu_mont_od_row<F, false>(ev, od, pl, m);
        cuzk_gpu_mont_shift_swap<F>(ev, od);
    }
    cuzk_gpu_mont_merge<F>(r, ev, od);
}


// r = a * b * 2^(-32N) mod p, canonical in and out.
template <class F, int V = F::MUL_VARIANT>
CUZK_GPU_HD void cuzk_gpu_mont_mul(uint32_t r[], const uint32_t a[], const uint32_t b[])
{
    uint32_t t[F::N];
    cuzk_gpu_mont_mul_raw<F, V>(t, a, b);
    cuzk_gpu_mont_sub_p<F>(r, t);
}

// ---- relaxed values: [0, 2p) instead of [0, p) -------------------------------------
// For a modulus with 4p < 2^(32N) (Fp; NOT Fr, where 2p < 2^256 < 4p) the
// Montgomery product of two values < 2p is < 2p without its final
// subtraction, and sums and differences come back to [0, 2p) with one
// conditional add or subtract of 2p: chains of products and additions can stay
// relaxed and be normalized once (cuzk_gpu_mont_sub_p) where a canonical
// value is needed (stores that others read, comparisons, is-zero). The sums
// and differences are cuzk_gpu_mont_add / _sub with M = 2.

// a == 0 mod p for a < 2p: a is 0 or p.
template <class F>
CUZK_GPU_HD bool cuzk_gpu_mont_is_zero_2p(const uint32_t a[])
{
    uint32_t z = 0, q = 0;
    CUZK_GPU_UNROLL
    for (int i = 0; i < F::N; i++) {
        z |= a[i];
        q |= a[i] ^ F::p(i);
    }
    return z == 0 || q == 0;
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
