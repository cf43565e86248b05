// The BLS12-381 base field Fp on the device.
//
// An element is twelve little-endian 32-bit limbs: the GPU's integer units are
// 32 bits wide, and on a little-endian host the same 48 bytes read as the six
// 64-bit limbs of the CPU's cuzk_fp, so buffers move between host and device
// without conversion. Elements are fully reduced (< p) and in Montgomery form
// with R = 2^384, as on the CPU. The arithmetic is mont.cuh's.
#ifndef CUZK_GPU_FP_CUH
#define CUZK_GPU_FP_CUH

#include <stdint.h>

#include "mont.cuh"

// p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
// as macros so the same digits fill cuzk_gpu_fp_field (immediate operands in
// the device code) and the host table the self-test compares with
// CUZK_FP_MODULUS.
#define CUZK_GPU_FP_P0  0xffffaaab
#define CUZK_GPU_FP_P1  0xb9feffff
#define CUZK_GPU_FP_P2  0xb153ffff
#define CUZK_GPU_FP_P3  0x1eabfffe
#define CUZK_GPU_FP_P4  0xf6b0f624
#define CUZK_GPU_FP_P5  0x6730d2a0
#define CUZK_GPU_FP_P6  0xf38512bf
#define CUZK_GPU_FP_P7  0x64774b84
#define CUZK_GPU_FP_P8  0x434bacd7
#define CUZK_GPU_FP_P9  0x4b1ba7b6
#define CUZK_GPU_FP_P10 0x397fe69a
#define CUZK_GPU_FP_P11 0x1a0111ea

#define CUZK_GPU_FP_LIMBS 12

// 16-byte aligned so an element moves as three 128-bit loads.
typedef struct __align__(16) {
    uint32_t l[CUZK_GPU_FP_LIMBS];
} cuzk_gpu_fp;

// The modulus in constant memory, for products that take it as a constant-bank
// operand (mont.cuh's CUZK_GPU_MONT_PCONST); one copy per translation unit.
#ifdef __CUDACC__
static __constant__ uint32_t cuzk_gpu_fp_p_cmem[12] = { CUZK_GPU_FP_P0, CUZK_GPU_FP_P1, CUZK_GPU_FP_P2, CUZK_GPU_FP_P3, CUZK_GPU_FP_P4, CUZK_GPU_FP_P5, CUZK_GPU_FP_P6, CUZK_GPU_FP_P7, CUZK_GPU_FP_P8, CUZK_GPU_FP_P9, CUZK_GPU_FP_P10, CUZK_GPU_FP_P11 };
static __constant__ uint32_t cuzk_gpu_fp_m0_cmem = 0xfffcfffdu; // M0, for CUZK_GPU_MONT_MOPAQUE
static __constant__ uint32_t cuzk_gpu_fp_zero_cmem = 0u;         // for CUZK_GPU_MONT_MZERO
#endif

struct cuzk_gpu_fp_field {
    static constexpr int MUL_VARIANT = 0; // mont.cuh's CUZK_GPU_MONT_* bits
    static constexpr int N = 12;
    static constexpr uint32_t M0 = 0xfffcfffdu; // -p^-1 mod 2^32
    CUZK_GPU_HD static constexpr uint32_t p(int i)
    {
        return i == 0 ? CUZK_GPU_FP_P0 : i == 1 ? CUZK_GPU_FP_P1 : i == 2 ? CUZK_GPU_FP_P2
             : i == 3 ? CUZK_GPU_FP_P3 : i == 4 ? CUZK_GPU_FP_P4 : i == 5 ? CUZK_GPU_FP_P5
             : i == 6 ? CUZK_GPU_FP_P6 : i == 7 ? CUZK_GPU_FP_P7 : i == 8 ? CUZK_GPU_FP_P8
             : i == 9 ? CUZK_GPU_FP_P9 : i == 10 ? CUZK_GPU_FP_P10 : CUZK_GPU_FP_P11;
    }
    CUZK_GPU_HD static uint32_t pc(int i)
    {
#ifdef __CUDA_ARCH__
        return cuzk_gpu_fp_p_cmem[i];
#else
        return p(i);
#endif
    }
    // M0 as an opaque value (mont.cuh's CUZK_GPU_MONT_MOPAQUE)
    CUZK_GPU_HD static uint32_t m0c()
    {
#ifdef __CUDA_ARCH__
        return cuzk_gpu_fp_m0_cmem;
#else
        return M0;
#endif
    }
    CUZK_GPU_HD static uint32_t zc()
    {
#ifdef __CUDA_ARCH__
        return cuzk_gpu_fp_zero_cmem;
#else
        return 0u;
#endif
    }
    // R mod p with R = 2^384: the Montgomery form of 1.
    CUZK_GPU_HD static constexpr uint32_t one(int i)
    {
        return i == 0 ? 0x0002fffdu : i == 1 ? 0x76090000u : i == 2 ? 0xc40c0002u
             : i == 3 ? 0xebf4000bu : i == 4 ? 0x53c758bau : i == 5 ? 0x5f489857u
             : i == 6 ? 0x70525745u : i == 7 ? 0x77ce5853u : i == 8 ? 0xa256ec6du
             : i == 9 ? 0x5c071a97u : i == 10 ? 0xfa80e493u : 0x15f65ec3u;
    }
};

// r = a + b mod p, for a, b < p (the carry chains of mont.cuh: one add chain,
// one conditional subtraction chosen by a mask, not a branch, so the threads
// of a warp stay together).
CUZK_GPU_HD void cuzk_gpu_fp_add(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b)
{
    cuzk_gpu_mont_add<cuzk_gpu_fp_field>(r->l, a->l, b->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_sub(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b)
{
    cuzk_gpu_mont_sub<cuzk_gpu_fp_field>(r->l, a->l, b->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_dbl(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    cuzk_gpu_mont_add<cuzk_gpu_fp_field>(r->l, a->l, a->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_mul(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b)
{
    cuzk_gpu_mont_mul<cuzk_gpu_fp_field>(r->l, a->l, b->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_sqr(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    cuzk_gpu_mont_mul<cuzk_gpu_fp_field>(r->l, a->l, a->l);
}

// r = -a mod p (0 stays 0): 0 - a, plus p when that borrows.
CUZK_GPU_HD void cuzk_gpu_fp_neg(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    const uint32_t zero[CUZK_GPU_FP_LIMBS] = { 0 };
    cuzk_gpu_mont_sub<cuzk_gpu_fp_field>(r->l, zero, a->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_set_one(cuzk_gpu_fp *r)
{
CUZK_GPU_UNROLL
    for (int i = 0; i < CUZK_GPU_FP_LIMBS; i++)
        r->l[i] = cuzk_gpu_fp_field::one(i);
}

CUZK_GPU_HD void cuzk_gpu_fp_set_zero(cuzk_gpu_fp *r)
{
CUZK_GPU_UNROLL
    for (int i = 0; i < CUZK_GPU_FP_LIMBS; i++)
        r->l[i] = 0;
}

CUZK_GPU_HD bool cuzk_gpu_fp_is_zero(const cuzk_gpu_fp *a)
{
    return cuzk_gpu_mont_is_zero<cuzk_gpu_fp_field>(a->l);
}

// ---- relaxed Fp: values in [0, 2p) ----------------------------------------------------
// Fp has 4p < 2^384, so these keep every result in [0, 2p) with fewer
// reductions than the canonical calls: the product of two values < 2p skips
// the final subtraction (it is < 2p already), sums and differences take one
// conditional 2p. Canonical values are valid inputs. Normalize (one
// subtraction) before a value is stored for others, compared, or tested with
// the canonical is_zero; cuzk_gpu_fp_is_zero_2p accepts both 0 and p. A
// point formula can run entirely on these and normalize its outputs only
// (or keep buckets relaxed and normalize at the end).
CUZK_GPU_HD void cuzk_gpu_fp_mul_2p(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b)
{
    cuzk_gpu_mont_mul_raw<cuzk_gpu_fp_field, cuzk_gpu_fp_field::MUL_VARIANT>(r->l, a->l, b->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_sqr_2p(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    cuzk_gpu_mont_mul_raw<cuzk_gpu_fp_field, cuzk_gpu_fp_field::MUL_VARIANT>(r->l, a->l, a->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_add_2p(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b)
{
    cuzk_gpu_mont_add<cuzk_gpu_fp_field, 2>(r->l, a->l, b->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_dbl_2p(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    cuzk_gpu_mont_add<cuzk_gpu_fp_field, 2>(r->l, a->l, a->l);
}

CUZK_GPU_HD void cuzk_gpu_fp_sub_2p(cuzk_gpu_fp *r, const cuzk_gpu_fp *a, const cuzk_gpu_fp *b)
{
    cuzk_gpu_mont_sub<cuzk_gpu_fp_field, 2>(r->l, a->l, b->l);
}

// r = -a in [0, 2p) (0 and p both map into range).
CUZK_GPU_HD void cuzk_gpu_fp_neg_2p(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    const uint32_t zero[CUZK_GPU_FP_LIMBS] = { 0 };
    cuzk_gpu_mont_sub<cuzk_gpu_fp_field, 2>(r->l, zero, a->l);
}

// r = a mod p (canonical) for a < 2p.
CUZK_GPU_HD void cuzk_gpu_fp_normalize(cuzk_gpu_fp *r, const cuzk_gpu_fp *a)
{
    cuzk_gpu_mont_sub_p<cuzk_gpu_fp_field>(r->l, a->l);
}

CUZK_GPU_HD bool cuzk_gpu_fp_is_zero_2p(const cuzk_gpu_fp *a)
{
    return cuzk_gpu_mont_is_zero_2p<cuzk_gpu_fp_field>(a->l);
}

#endif
