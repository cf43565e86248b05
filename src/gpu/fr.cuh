// The BLS12-381 scalar field Fr on the device: eight little-endian 32-bit
// limbs, Montgomery form with R = 2^256, fully reduced. On a little-endian
// host these are the bytes of the CPU's cuzk_fr, so buffers copy as they are.
#ifndef CUZK_GPU_FR_CUH
#define CUZK_GPU_FR_CUH

#include "mont.cuh"

// The modulus in constant memory, for products that take it as a constant-bank
// operand (mont.cuh's CUZK_GPU_MONT_PCONST); one copy per translation unit.
#ifdef __CUDACC__
static __constant__ uint32_t cuzk_gpu_fr_p_cmem[8] = { 0x00000001u, 0xffffffffu, 0xfffe5bfeu, 0x53bda402u, 0x09a1d805u, 0x3339d808u, 0x299d7d48u, 0x73eda753u };
static __constant__ uint32_t cuzk_gpu_fr_m0_cmem = 0xffffffffu; // M0, for CUZK_GPU_MONT_MOPAQUE
static __constant__ uint32_t cuzk_gpu_fr_zero_cmem = 0u;         // for CUZK_GPU_MONT_MZERO
#endif

// The product's mont.cuh CUZK_GPU_MONT_* bits: the reduction rows without the
// m p_0 and m p_1 multiplies, m = -t_0 computed from an opaque constant so
// ptxas keeps every m p_k pair one fused IMAD.WIDE (fewer instructions than
// when it sees m = -t_0). A build may set CUZK_GPU_FR_MUL_VARIANT to time
// another one in the NTT kernels.
#ifndef CUZK_GPU_FR_MUL_VARIANT
#define CUZK_GPU_FR_MUL_VARIANT (CUZK_GPU_MONT_P01 | CUZK_GPU_MONT_MOPAQUE)
#endif

struct cuzk_gpu_fr_field {
    static constexpr int MUL_VARIANT = CUZK_GPU_FR_MUL_VARIANT;
    static constexpr int N = 8;
    static constexpr uint32_t M0 = 0xffffffffu; // -r^-1 mod 2^32
    // r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
    CUZK_GPU_HD static constexpr uint32_t p(int i)
    {
        return i == 0 ? 0x00000001u : i == 1 ? 0xffffffffu : i == 2 ? 0xfffe5bfeu
             : i == 3 ? 0x53bda402u : i == 4 ? 0x09a1d805u : i == 5 ? 0x3339d808u
             : i == 6 ? 0x299d7d48u : 0x73eda753u;
    }
    CUZK_GPU_HD static uint32_t pc(int i)
    {
#ifdef __CUDA_ARCH__
        return cuzk_gpu_fr_p_cmem[i];
#else
        return p(i);
#endif
    }
    CUZK_GPU_HD static uint32_t m0c()
    {
#ifdef __CUDA_ARCH__
        return cuzk_gpu_fr_m0_cmem;
#else
        return M0;
#endif
    }
    CUZK_GPU_HD static uint32_t zc()
    {
#ifdef __CUDA_ARCH__
        return cuzk_gpu_fr_zero_cmem;
#else
        return 0u;
#endif
    }
    // R mod r: the Montgomery form of 1.
    CUZK_GPU_HD static constexpr uint32_t one(int i)
    {
        return i == 0 ? 0xfffffffeu : i == 1 ? 0x00000001u : i == 2 ? 0x00034802u
             : i == 3 ? 0x5884b7fau : i == 4 ? 0xecbc4ff5u : i == 5 ? 0x998c4fefu
             : i == 6 ? 0xacc5056fu : 0x1824b159u;
    }
};

// 32 bytes, aligned so that an element moves as two 128-bit accesses.
typedef struct __align__(16) {
    uint32_t l[8];
} cuzk_gpu_fr;

CUZK_GPU_HD void cuzk_gpu_fr_add(cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b)
{
    cuzk_gpu_mont_add<cuzk_gpu_fr_field>(r->l, a->l, b->l);
}

CUZK_GPU_HD void cuzk_gpu_fr_sub(cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b)
{
    cuzk_gpu_mont_sub<cuzk_gpu_fr_field>(r->l, a->l, b->l);
}

CUZK_GPU_HD void cuzk_gpu_fr_mul(cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b)
{
    cuzk_gpu_mont_mul<cuzk_gpu_fr_field>(r->l, a->l, b->l);
}

CUZK_GPU_HD void cuzk_gpu_fr_sqr(cuzk_gpu_fr *r, const cuzk_gpu_fr *a)
{
    cuzk_gpu_mont_mul<cuzk_gpu_fr_field>(r->l, a->l, a->l);
}

CUZK_GPU_HD void cuzk_gpu_fr_set_one(cuzk_gpu_fr *r)
{
CUZK_GPU_UNROLL
    for (int i = 0; i < 8; i++)
        r->l[i] = cuzk_gpu_fr_field::one(i);
}

CUZK_GPU_HD bool cuzk_gpu_fr_is_zero(const cuzk_gpu_fr *a)
{
    return cuzk_gpu_mont_is_zero<cuzk_gpu_fr_field>(a->l);
}

// r = a b / R in [0, 2p) for a < p and b < 2p (no final subtraction). Fr has
// 2p < 2^256 < 4p, so unlike Fp only this one-sided form exists: the row
// operand a must be canonical (a twiddle), b may be relaxed; normalize with
// cuzk_gpu_fr_normalize.
CUZK_GPU_HD void cuzk_gpu_fr_mul_2p(cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b)
{
    cuzk_gpu_mont_mul_raw<cuzk_gpu_fr_field, cuzk_gpu_fr_field::MUL_VARIANT>(r->l, a->l, b->l);
}

// r = a mod p (canonical) for a < 2p.
CUZK_GPU_HD void cuzk_gpu_fr_normalize(cuzk_gpu_fr *r, const cuzk_gpu_fr *a)
{
    cuzk_gpu_mont_sub_p<cuzk_gpu_fr_field>(r->l, a->l);
}

// The modulus and one as host tables, for checking them against libcuzk.
static inline void cuzk_gpu_fr_constants(uint32_t p[8], uint32_t one[8])
{
    for (int i = 0; i < 8; i++) {
        p[i] = cuzk_gpu_fr_field::p(i);
        one[i] = cuzk_gpu_fr_field::one(i);
    }
}

#endif
