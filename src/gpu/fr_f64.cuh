// The Fr product with its 510-bit integer product on the FP64 pipe and its
// Montgomery reduction on the integer pipe. The H100 and H200 run
// DFMA at the rate of a 32-bit IMAD, on a pipe that the integer field code
// leaves idle; the integer product spends 64 of its 112 wide multiplies
// (IMAD.WIDE, 4 cycles of the FMA-heavy pipe a warp) on a b, so moving a b to
// the FP64 pipe leaves that pipe the 48 of the reduction rows (mont.cuh's P01
// rows, cuzk_gpu_mont_redc). Exact double-precision limb products on the
// GPU are described by Emmart, Zheng, Weems (ARITH 2018); the layout here is
// radix 2^51, round to nearest, with paired column sums.
//
// Digits. A canonical Fr value x < r < 2^255 is five 51-bit digits x_i
// (x = sum x_i 2^(51 i)), each exactly a double. The data operand comes as 8
// x 32-bit words and is split on the fly (funnel shifts, then the 2^52 trick:
// hi word 0x43300000 | 19 bits, lo word 32 bits is 2^52 + x_i, one DADD takes
// 2^52 off); the other operand (the NTT's twiddle) can be kept as the five
// doubles (cuzk_gpu_fr_f64_digits once).
//
// One digit product p = a_i b_j < (2^51 - 1)^2 < 2^102 - 2^52 + 1, weight
// 2^(51 k), k = i + j, column k, all round-to-nearest (RN):
//   h = fma(a_i, b_j, C), C = 2^103: C <= h <= C + 2^102 - 2^52 < 2^104, so h
//     lies in the binade [2^103, 2^104) whose ulp is 2^51: h = C + hq with hq
//     = 2^51 hi, hi = round(p / 2^51) in [0, 2^51 - 2], and the bit pattern
//     of h is bits(C) + hi (a value of a binade is linear in its pattern).
//   lo = p - hq in [-2^50, 2^50] (half an ulp) is an integer below 2^53, so
//     fma(a_i, b_j, -hq) gives it exactly.
//   p = hi 2^51 + lo: hi goes to column k + 1, lo stays in column k.
// Two products of a column share one FP64 sum of his and one of los:
//   s1 = CM - h1 with CM = C + 3 2^51: s1 = 3 2^51 - hq1, a multiple of 2^51
//     of magnitude < 2^102, exact;
//   L1 = fma(a1, b1, s1) = 3 2^51 + lo1 in [2.5, 3.5] 2^51 (exact integer,
//     binade [2^52, 2^53) with ulp 1);
//   q2 = h2 - C = hq2 (exact, Sterbenz); A = h1 + q2 = C + hq1 + hq2 <=
//     2^103 + 2 (2^102 - 2^52) < 2^104: a multiple of 2^51 in C's binade, exact;
//     bits(A) = bits(C) + hi1 + hi2;
//   lo2 = fma(a2, b2, -q2) exact; L = L1 + lo2 = 3 2^51 + lo1 + lo2 in
//     [2^52, 2^53]: exact, and bits(L) = bits(2^52) + 2^51 + lo1 + lo2 (also
//     at L = 2^53, the pattern after 2^53 - 1).
//   8 FP64 operations for 2 products; a product alone takes h, s, L (3).
//   (Three products do not fit: 3 los span 3 2^51 > 2^52.)
// Column sums on the integer pipe: V_k = sum of the L patterns of column k
// and the A / h patterns of column k - 1, as uint64 (mod 2^64), plus one
// constant: -bits per pattern and a bias beta_k (beta_0 = 2^53, beta_k =
// 2^53 - 4 for k = 1..8, beta_9 = -4: sum beta_k 2^(51 k) = 0, since 2^53
// 2^(51 k) = 4 2^(51 (k + 1))). Then V_k = sum lo + sum hi + beta_k is in
// [2^53 - 4 - 5 2^50, 2^53 + 5 2^50 + 5 2^51) subset [0, 2^55) for k <= 8;
// V_9 = hi(a_4 b_4) - 4 is placed as 64 bits (mod 2^512).
// The 512-bit product: T = sum V_k 2^(51 k) mod 2^512 = a b (< 2^510). The
// even columns do not overlap each other (51 k + 55 <= 51 (k + 2)), nor the
// odd ones, and in this layout no two of a set even share a 32-bit word, so
// each set is written with funnel shifts and no adds; T = E + O is one
// 15-word carry chain. Then cuzk_gpu_mont_redc (t_hi < r since a, b < r)
// and one subtraction.
#ifndef CUZK_GPU_FR_F64_CUH
#define CUZK_GPU_FR_F64_CUH

#include "fr.cuh"

#ifndef __CUDA_ARCH__
#include <math.h>
#include <string.h>
#endif

// Variant bits: PAIRS (the paired sums above; without it every product
// takes 3 FP64 operations and leaves 2 patterns, Emmart's form); BROKEN (a
// wrong CM, for the test that shows a bad constant is caught).
#define CUZK_GPU_FR_F64_PAIRS 1
#define CUZK_GPU_FR_F64_BROKEN 2
#ifndef CUZK_GPU_FR_F64_VARIANT
#define CUZK_GPU_FR_F64_VARIANT CUZK_GPU_FR_F64_PAIRS
#endif

// The twiddle form: five digits as doubles (40 bytes).
typedef struct {
    double d[5];
} cuzk_gpu_fr_f64;

// ---- exact FP64 steps, the same on the host (C's fma is correctly rounded,
// x86-64 doubles are SSE2, round to nearest) and the device (DFMA / DADD) ----
CUZK_GPU_HD double cuzk_f64_fma(double a, double b, double c)
{
#ifdef __CUDA_ARCH__
    return __fma_rn(a, b, c);
#else
    return fma(a, b, c);
#endif
}

CUZK_GPU_HD double cuzk_f64_add(double a, double b)
{
#ifdef __CUDA_ARCH__
    return __dadd_rn(a, b);
#else
    return a + b;
#endif
}

CUZK_GPU_HD double cuzk_f64_sub(double a, double b)
{
#ifdef __CUDA_ARCH__
    return __dsub_rn(a, b);
#else
    return a - b;
#endif
}

CUZK_GPU_HD uint64_t cuzk_f64_bits(double x)
{
#ifdef __CUDA_ARCH__
    return (uint64_t)__double_as_longlong(x);
#else
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
#endif
}

CUZK_GPU_HD double cuzk_f64_from_words(uint32_t hi, uint32_t lo)
{
#ifdef __CUDA_ARCH__
    return __hiloint2double((int)hi, (int)lo);
#else
    const uint64_t u = (uint64_t)hi << 32 | lo;
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
#endif
}

// Bits [o, o + 32) of hi:lo (0 <= o < 32): SHF.R.W on the device.
CUZK_GPU_HD uint32_t cuzk_f64_shr2(uint32_t lo, uint32_t hi, int o)
{
#ifdef __CUDA_ARCH__
    return __funnelshift_r(lo, hi, (unsigned)o);
#else
    return o ? (lo >> o) | (hi << (32 - o)) : lo;
#endif
}

// The high word of (hi:lo) << o (0 <= o < 32): SHF.L.W on the device.
CUZK_GPU_HD uint32_t cuzk_f64_shl2(uint32_t lo, uint32_t hi, int o)
{
#ifdef __CUDA_ARCH__
    return __funnelshift_l(lo, hi, (unsigned)o);
#else
    return o ? (hi << o) | (lo >> (32 - o)) : hi;
#endif
}

#define CUZK_F64_2P52 4503599627370496.0            // 2^52
#define CUZK_F64_C 10141204801825835211973625643008.0 // 2^103
#define CUZK_F64_PL 0x4338000000000000ull           // bits(2^52) + 2^51: an L pattern's constant
#define CUZK_F64_PH 0x4660000000000000ull           // bits(2^103): an A / h pattern's constant

// (x & 0x7ffff) | 0x43300000: one LOP3 (ptxas otherwise spends one a
// constant; the second constant's MOV is loop-invariant). The table of
// (a & b) | c is 0xea (a = 0xf0, b = 0xcc, c = 0xaa), not 0xf8 (a | (b & c)).
// The host emulation does not run this asm: only the device tests check it.
CUZK_GPU_HD uint32_t cuzk_f64_hiword(uint32_t x)
{
#ifdef __CUDA_ARCH__
    uint32_t r;
    asm("lop3.b32 %0, %1, %2, %3, 0xea;" : "=r"(r) : "r"(x), "r"(0x7ffffu), "r"(0x43300000u));
    return r;
#else
    return (x & 0x7ffffu) | 0x43300000u;
#endif
}

// x (eight words, x < 2^255) as five 51-bit digits: digit i = bits [51 i,
// 51 i + 51), made as 2^52 + x_i from its words and one subtraction. The top
// digit needs no mask (x < 2^255).
CUZK_GPU_HD void cuzk_gpu_fr_f64_digits(double d[5], const uint32_t w[8])
{
    CUZK_GPU_UNROLL
    for (int i = 0; i < 5; i++) {
        const int s = 51 * i, q = s >> 5, o = s & 31;
        const uint32_t lo = cuzk_f64_shr2(w[q], w[q + 1], o);
        const uint32_t hi = i == 4 ? (w[7] >> 12) | 0x43300000u
                                   : cuzk_f64_hiword(cuzk_f64_shr2(w[q + 1], w[q + 2], o));
        d[i] = cuzk_f64_sub(cuzk_f64_from_words(hi, lo), CUZK_F64_2P52);
    }
}

// Products in column k (i from lo to hi, j = k - i).
CUZK_GPU_HD constexpr int cuzk_f64_col_lo(int k) { return k > 4 ? k - 4 : 0; }
CUZK_GPU_HD constexpr int cuzk_f64_col_n(int k) { return k < 0 || k > 8 ? 0 : (k < 4 ? k : 8 - k) + 1; }
// Patterns a column leaves: one L and one A per pair or single product.
template <int V>
CUZK_GPU_HD constexpr int cuzk_f64_col_pats(int k)
{
    return (V & CUZK_GPU_FR_F64_PAIRS) ? (cuzk_f64_col_n(k) + 1) / 2 : cuzk_f64_col_n(k);
}
// Column k's constant: beta_k minus the pattern constants of what lands on it.
template <int V>
CUZK_GPU_HD constexpr uint64_t cuzk_f64_col_const(int k)
{
    return (k == 0 ? (1ull << 53) : k == 9 ? 0ull - 4 : (1ull << 53) - 4) -
           (uint64_t)cuzk_f64_col_pats<V>(k) * CUZK_F64_PL - (uint64_t)cuzk_f64_col_pats<V>(k - 1) * CUZK_F64_PH;
}

// One column's products: the L patterns onto v_k, the A / h patterns onto
// v_{k+1}.
template <int V, int K>
CUZK_GPU_HD void cuzk_gpu_fr_f64_col(uint64_t &vk, uint64_t &vk1, const double a[5], const double b[5])
{
    const double C = CUZK_F64_C;
    const double CM = (V & CUZK_GPU_FR_F64_BROKEN) ? C + 2251799813685248.0 /* 2^51: wrong */
                                                   : C + 6755399441055744.0; /* C + 3 2^51 */
    constexpr int i0 = cuzk_f64_col_lo(K), n = cuzk_f64_col_n(K);
    constexpr int step = (V & CUZK_GPU_FR_F64_PAIRS) ? 2 : 1;
    CUZK_GPU_UNROLL
    for (int t = 0; t < n; t += step) {
        const int i = i0 + t;
        if (step == 2 && t + 1 < n) {
            const double h1 = cuzk_f64_fma(a[i], b[K - i], C), h2 = cuzk_f64_fma(a[i + 1], b[K - i - 1], C);
            const double s1 = cuzk_f64_sub(CM, h1), q2 = cuzk_f64_sub(h2, C);
            const double A = cuzk_f64_add(h1, q2);
            const double L1 = cuzk_f64_fma(a[i], b[K - i], s1);
            const double lo2 = cuzk_f64_fma(a[i + 1], b[K - i - 1], -q2);
            const double L = cuzk_f64_add(L1, lo2);
            vk += cuzk_f64_bits(L);
            vk1 += cuzk_f64_bits(A);
        } else {
            const double h = cuzk_f64_fma(a[i], b[K - i], C);
            const double L = cuzk_f64_fma(a[i], b[K - i], cuzk_f64_sub(CM, h));
            vk += cuzk_f64_bits(L);
            vk1 += cuzk_f64_bits(h);
        }
    }
}

// Column value v (k <= 8: below 2^55; k = 9: 64 bits) into the 32-bit words
// of its set at bit 51 k; words past 15 are dropped (mod 2^512).
template <int K>
CUZK_GPU_HD void cuzk_gpu_fr_f64_place(uint32_t x[16], uint64_t v)
{
    constexpr int s = 51 * K, q = s >> 5, o = s & 31, bits = K == 9 ? 64 : 55;
    static_assert(K >= 0 && K <= 9, "columns 0..9");
    const uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
    x[q] = lo << o;
    if constexpr (q + 1 < 16)
        x[q + 1] = cuzk_f64_shl2(lo, hi, o);
    if constexpr (o + bits > 64 && q + 2 < 16)
        x[q + 2] = hi >> (o + bits > 64 ? 32 - o : 0);
}

// Columns K..9 of a b: column K + 1 starts from its constant, column K is
// finished by the pair (K, K + 1) and placed into the even (e) or odd (o)
// word set; column 9 has no pair above it.
template <int V, int K>
CUZK_GPU_HD void cuzk_gpu_fr_f64_cols(uint64_t v[10], uint32_t e[16], uint32_t o[16], const double a[5],
                                      const double b[5])
{
    if constexpr (K < 9) {
        v[K + 1] = cuzk_f64_col_const<V>(K + 1);
        cuzk_gpu_fr_f64_col<V, K>(v[K], v[K + 1], a, b);
        cuzk_gpu_fr_f64_place<K>((K & 1) ? o : e, v[K]);
        cuzk_gpu_fr_f64_cols<V, K + 1>(v, e, o, a, b);
    } else {
        cuzk_gpu_fr_f64_place<9>(o, v[9]);
    }
}

// t[0..15] = a b for digit vectors a, b of values below 2^255.
template <int V>
CUZK_GPU_HD void cuzk_gpu_fr_f64_mul_wide(uint32_t t[16], const double a[5], const double b[5])
{
    uint64_t v[10];
    uint32_t e[16], o[16];
    CUZK_GPU_UNROLL
    for (int k = 0; k < 16; k++)
        e[k] = o[k] = 0;
    v[0] = cuzk_f64_col_const<V>(0);
    cuzk_gpu_fr_f64_cols<V, 0>(v, e, o, a, b);
    // T = E + O: o[0] = 0, so the chain starts at word 1
    cuzk_gpu_cc cc = { 0 };
    t[0] = e[0];
    t[1] = cuzk_gpu_add_cc(e[1], o[1], &cc);
    CUZK_GPU_UNROLL
    for (int k = 2; k < 15; k++)
        t[k] = cuzk_gpu_addc_cc(e[k], o[k], &cc);
    t[15] = cuzk_gpu_addc(e[15], o[15], &cc);
}

// r = a b / R mod r (canonical) for canonical a (words) and b (digits).
template <int V = CUZK_GPU_FR_F64_VARIANT>
CUZK_GPU_HD void cuzk_gpu_fr_mul_f64(cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr_f64 *b)
{
    double da[5];
    uint32_t t[16], u[8];
    cuzk_gpu_fr_f64_digits(da, a->l);
    cuzk_gpu_fr_f64_mul_wide<V>(t, da, b->d);
    cuzk_gpu_mont_redc<cuzk_gpu_fr_field, cuzk_gpu_fr_field::MUL_VARIANT>(u, t);
    cuzk_gpu_mont_sub_p<cuzk_gpu_fr_field>(r->l, u);
}

// b's digits, once (the NTT would keep them in its twiddle table).
CUZK_GPU_HD void cuzk_gpu_fr_to_f64(cuzk_gpu_fr_f64 *r, const cuzk_gpu_fr *b)
{
    cuzk_gpu_fr_f64_digits(r->d, b->l);
}

#endif
