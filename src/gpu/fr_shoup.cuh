// The Fr product by a fixed factor in Shoup's form, for the NTT's twiddles.
//
// For a factor w < r kept beside s = floor(w 2^256 / r), the product
// b w mod r is b w - q r with q = floor(b s / 2^256): only the high half of
// b s and the low halves of b w and q r are needed, and none of them waits
// on a serial reduction step (Montgomery's m_i each wait on the row before).
// With the 32-bit limbs of r (r_0 = 1, r_1 = 2^32 - 1) that is 79 wide and
// 21 single-half products against the Montgomery product's 112 wide ones.
//
// Bounds, for b < r: with exact q, T = b w - q r is in [0, (1 + b / 2^256) r)
// (b s / 2^256 undershoots b w / r by less than b / 2^256). q is computed
// from the columns >= 7 of b s and the high halves of column 6; the rest
// weighs less than 2^228, so q is exact or one short, and one short only
// when the exact fraction of b s / 2^256 is below 2^-28. Either way T <
// (1 + 0.4531 + 2^-28) r < 2^256: T is right modulo 2^256 and one
// conditional subtraction of r makes it canonical.
//
// Data in Montgomery form stays in it: (x R) w mod r = (x w) R mod r, so the
// factor is the plain w (not w R), and s = (w R mod r) (-r^-1) mod 2^256 (w
// 2^256 = s r + (w R mod r), so s r = -(w R mod r) modulo 2^256).
#ifndef CUZK_GPU_FR_SHOUP_CUH
#define CUZK_GPU_FR_SHOUP_CUH

#include "fr.cuh"

// -r^-1 mod 2^256.
CUZK_GPU_HD constexpr uint32_t cuzk_gpu_fr_rneg_inv(int i)
{
    return i == 0 ? 0xffffffffu : i == 1 ? 0xfffffffeu : i == 2 ? 0xfffe5bfdu
         : i == 3 ? 0x53ba5bffu : i == 4 ? 0x0004ec06u : i == 5 ? 0x181b2c17u
         : i == 6 ? 0xd7bf2839u : 0x3d443ab0u;
}

// The factor pair of w from its Montgomery form wm = w R mod r: w plain
// (wm R^-1, one Montgomery product by 1) and s = wm (-r^-1) mod 2^256.
CUZK_GPU_HD void cuzk_gpu_fr_shoup_prep(cuzk_gpu_fr *w, cuzk_gpu_fr *s, const cuzk_gpu_fr *wm)
{
    uint32_t one[8] = { 1, 0, 0, 0, 0, 0, 0, 0 }, acc[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
    cuzk_gpu_mont_mul<cuzk_gpu_fr_field>(w->l, wm->l, one);
    CUZK_GPU_UNROLL
    for (int i = 0; i < 8; i++) {
        uint64_t carry = 0;
        CUZK_GPU_UNROLL
        for (int j = 0; i + j < 8; j++) {
            const uint64_t t = (uint64_t)wm->l[i] * cuzk_gpu_fr_rneg_inv(j) + acc[i + j] + carry;
            acc[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    CUZK_GPU_UNROLL
    for (int i = 0; i < 8; i++)
        s->l[i] = acc[i];
}

// acc += x y over the columns c = i + j of one parity, for the j of that
// parity with c in [c_lo, 7] (absolute limbs; a column-7 product adds its
// low half only, and nothing leaves limb 7): the low half of b w and q r
// modulo 2^256. Y(j) is limb j of the multiplicand.
template <int I, int C_LO, class Y>
CUZK_GPU_HD void cuzk_gpu_shoup_low_chain(uint32_t acc[8], uint32_t x, Y y)
{
    if constexpr (C_LO <= 7) {
        cuzk_gpu_cc cc = { 0 };
        CUZK_GPU_UNROLL
        for (int c = C_LO; c <= 7; c += 2) {
            const int j = c - I;
            if (c == 7) {
                acc[7] = c == C_LO ? acc[7] + x * y(j) : cuzk_gpu_madc_lo(x, y(j), acc[7], &cc);
            } else {
                acc[c] = c == C_LO ? cuzk_gpu_mad_lo_cc(x, y(j), acc[c], &cc)
                                   : cuzk_gpu_madc_lo_cc(x, y(j), acc[c], &cc);
                acc[c + 1] = c + 1 == 7 ? cuzk_gpu_madc_hi(x, y(j), acc[c + 1], &cc)
                                        : cuzk_gpu_madc_hi_cc(x, y(j), acc[c + 1], &cc);
            }
        }
    }
}

// Row I of the low half: the even and odd columns from J_LO on.
template <int I, int J_LO, class Y>
CUZK_GPU_HD void cuzk_gpu_shoup_low_row(uint32_t ev[8], uint32_t od[8], uint32_t x, Y y)
{
    constexpr int c0 = I + J_LO;
    cuzk_gpu_shoup_low_chain<I, (c0 % 2 == 0 ? c0 : c0 + 1)>(ev, x, y);
    cuzk_gpu_shoup_low_chain<I, (c0 % 2 == 1 ? c0 : c0 + 1)>(od, x, y);
}

// Row I of the high half of b s, on limbs relative to column 7 (0..8):
// the pairs j >= 7 - I in two chains (low halves on even relative limbs in
// he, on odd ones in ho) and the high half of the column-6 pair at ho[0].
template <int I>
CUZK_GPU_HD void cuzk_gpu_shoup_high_row(uint32_t he[9], uint32_t ho[9], uint32_t x, const uint32_t s[8])
{
    {
        cuzk_gpu_cc cc = { 0 };
        int k = 0;
        CUZK_GPU_UNROLL
        for (int j = 7 - I; j <= 7; j += 2, k += 2) {
            he[k] = j == 7 - I ? cuzk_gpu_mad_lo_cc(x, s[j], he[k], &cc) : cuzk_gpu_madc_lo_cc(x, s[j], he[k], &cc);
            he[k + 1] = cuzk_gpu_madc_hi_cc(x, s[j], he[k + 1], &cc);
        }
        he[k] = cuzk_gpu_addc(he[k], 0, &cc);
    }
    {
        cuzk_gpu_cc cc = { 0 };
        if (I <= 6)
            ho[0] = cuzk_gpu_mad_hi_cc(x, s[6 - I], ho[0], &cc);
        int k = 1;
        CUZK_GPU_UNROLL
        for (int j = 8 - I; j <= 7; j += 2, k += 2) {
            ho[k] = I == 7 && j == 8 - I ? cuzk_gpu_mad_lo_cc(x, s[j], ho[k], &cc)
                                         : cuzk_gpu_madc_lo_cc(x, s[j], ho[k], &cc);
            ho[k + 1] = k + 1 == 8 ? cuzk_gpu_madc_hi(x, s[j], ho[k + 1], &cc)
                                   : cuzk_gpu_madc_hi_cc(x, s[j], ho[k + 1], &cc);
        }
        if (I < 7) // row 7's chain ends on ho[8], which cannot carry out
            ho[k] = cuzk_gpu_addc(ho[k], 0, &cc);
    }
}

template <int I>
CUZK_GPU_HD void cuzk_gpu_shoup_rows(uint32_t he[9], uint32_t ho[9], uint32_t le[8], uint32_t lo[8],
                                     const uint32_t b[8], const uint32_t w[8], const uint32_t s[8])
{
    if constexpr (I < 8) {
        const cuzk_gpu_mont_limbs wl = { w };
        cuzk_gpu_shoup_high_row<I>(he, ho, b[I], s);
        cuzk_gpu_shoup_low_row<I, 0>(le, lo, b[I], wl);
        cuzk_gpu_shoup_rows<I + 1>(he, ho, le, lo, b, w, s);
    }
}

template <int I>
CUZK_GPU_HD void cuzk_gpu_shoup_q_rows(uint32_t le[8], uint32_t lo[8], const uint32_t qn[8])
{
    if constexpr (I < 6) {
        cuzk_gpu_shoup_low_row<I, 2>(le, lo, qn[I], cuzk_gpu_mont_modulus<cuzk_gpu_fr_field, 0>{});
        cuzk_gpu_shoup_q_rows<I + 1>(le, lo, qn);
    }
}

// r = b w mod r (canonical) for b < r, w < r and s = floor(w 2^256 / r).
CUZK_GPU_HD void cuzk_gpu_fr_mul_shoup(cuzk_gpu_fr *res, const cuzk_gpu_fr *b, const cuzk_gpu_fr *w,
                                       const cuzk_gpu_fr *s)
{
    uint32_t he[9], ho[9], le[8], lo[8], qn[8], t[8];
    CUZK_GPU_UNROLL
    for (int k = 0; k < 9; k++)
        he[k] = ho[k] = 0;
    CUZK_GPU_UNROLL
    for (int k = 0; k < 8; k++)
        le[k] = lo[k] = 0;
    cuzk_gpu_shoup_rows<0>(he, ho, le, lo, b->l, w->l, s->l);
    cuzk_gpu_cc cc = { 0 };
    // q = limbs 1..8 of he + ho; qn = -q mod 2^256.
    (void)cuzk_gpu_add_cc(he[0], ho[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < 8; k++)
        t[k - 1] = cuzk_gpu_addc_cc(he[k], ho[k], &cc);
    t[7] = cuzk_gpu_addc(he[8], ho[8], &cc);
    qn[0] = cuzk_gpu_sub_cc(0, t[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < 7; k++)
        qn[k] = cuzk_gpu_subc_cc(0, t[k], &cc);
    qn[7] = cuzk_gpu_subc(0, t[7], &cc);
    // Columns j >= 2 of qn r, then qn (r_0 + r_1 2^32) = qn + qn 2^64 - qn 2^32.
    cuzk_gpu_shoup_q_rows<0>(le, lo, qn);
    t[0] = cuzk_gpu_add_cc(le[0], lo[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < 7; k++)
        t[k] = cuzk_gpu_addc_cc(le[k], lo[k], &cc);
    t[7] = cuzk_gpu_addc(le[7], lo[7], &cc);
    t[0] = cuzk_gpu_add_cc(t[0], qn[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 1; k < 7; k++)
        t[k] = cuzk_gpu_addc_cc(t[k], qn[k], &cc);
    t[7] = cuzk_gpu_addc(t[7], qn[7], &cc);
    t[2] = cuzk_gpu_add_cc(t[2], qn[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 3; k < 7; k++)
        t[k] = cuzk_gpu_addc_cc(t[k], qn[k - 2], &cc);
    t[7] = cuzk_gpu_addc(t[7], qn[5], &cc);
    t[1] = cuzk_gpu_sub_cc(t[1], qn[0], &cc);
    CUZK_GPU_UNROLL
    for (int k = 2; k < 7; k++)
        t[k] = cuzk_gpu_subc_cc(t[k], qn[k - 1], &cc);
    t[7] = cuzk_gpu_subc(t[7], qn[6], &cc);
    cuzk_gpu_mont_sub_p<cuzk_gpu_fr_field>(res->l, t);
}

#endif
