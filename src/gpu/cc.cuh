// 32-bit carry-chain primitives for the device field code.
//
// On the device each one is a single PTX instruction that reads and/or sets
// the hardware carry flag (CC.CF). They are `asm volatile`, so the compiler
// keeps them in program order: a chain is a run of these calls with nothing
// between them that touches the flag (ptxas honours the .cc dependences of the
// instructions it is given). On the host the same calls emulate the flag in a
// cuzk_gpu_cc the caller passes in, so the exact field algorithms that run on
// the GPU can be checked against libcuzk on a machine without one.
#ifndef CUZK_GPU_CC_CUH
#define CUZK_GPU_CC_CUH

#include <stdint.h>

#define CUZK_GPU_HD __host__ __device__ __forceinline__

// Full unrolling keeps limb arrays in registers on the device; the host
// compiler (which sees these __host__ __device__ bodies too) does not know the
// CUDA pragma.
#ifdef __CUDA_ARCH__
#define CUZK_GPU_UNROLL _Pragma("unroll")
#else
#define CUZK_GPU_UNROLL
#endif

// The carry flag: real on the host, a placeholder on the device (where the
// flag lives in hardware and the compiler drops the unused argument).
typedef struct {
    uint32_t cf;
} cuzk_gpu_cc;

#ifdef __CUDA_ARCH__
#define CUZK_GPU_PTX2(op, d, a, b) asm volatile(op " %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b))
#define CUZK_GPU_PTX3(op, d, a, b, c) \
    asm volatile(op " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c))
#endif

// d = a + b, sets CF.
CUZK_GPU_HD uint32_t cuzk_gpu_add_cc(uint32_t a, uint32_t b, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX2("add.cc.u32", d, a, b);
#else
    uint64_t s = (uint64_t)a + b;
    d = (uint32_t)s;
    cc->cf = (uint32_t)(s >> 32);
#endif
    return d;
}

// d = a + b + CF, sets CF.
CUZK_GPU_HD uint32_t cuzk_gpu_addc_cc(uint32_t a, uint32_t b, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX2("addc.cc.u32", d, a, b);
#else
    uint64_t s = (uint64_t)a + b + cc->cf;
    d = (uint32_t)s;
    cc->cf = (uint32_t)(s >> 32);
#endif
    return d;
}

// d = a + b + CF; CF is consumed, not set.
CUZK_GPU_HD uint32_t cuzk_gpu_addc(uint32_t a, uint32_t b, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX2("addc.u32", d, a, b);
#else
    d = a + b + cc->cf;
#endif
    return d;
}

// d = a - b, sets CF to the borrow.
CUZK_GPU_HD uint32_t cuzk_gpu_sub_cc(uint32_t a, uint32_t b, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX2("sub.cc.u32", d, a, b);
#else
    d = a - b;
    cc->cf = a < b;
#endif
    return d;
}

// d = a - b - CF, sets CF to the borrow.
CUZK_GPU_HD uint32_t cuzk_gpu_subc_cc(uint32_t a, uint32_t b, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX2("subc.cc.u32", d, a, b);
#else
    uint64_t t = (uint64_t)a - b - cc->cf;
    d = (uint32_t)t;
    cc->cf = (uint32_t)(t >> 63);
#endif
    return d;
}

// d = a - b - CF; CF is consumed, not set.
CUZK_GPU_HD uint32_t cuzk_gpu_subc(uint32_t a, uint32_t b, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX2("subc.u32", d, a, b);
#else
    d = a - b - cc->cf;
#endif
    return d;
}

// d = lo(a * b) + c, sets CF.
CUZK_GPU_HD uint32_t cuzk_gpu_mad_lo_cc(uint32_t a, uint32_t b, uint32_t c, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX3("mad.lo.cc.u32", d, a, b, c);
#else
    uint64_t s = (uint64_t)(uint32_t)(a * b) + c;
    d = (uint32_t)s;
    cc->cf = (uint32_t)(s >> 32);
#endif
    return d;
}

// d = hi(a * b) + c, sets CF.
CUZK_GPU_HD uint32_t cuzk_gpu_mad_hi_cc(uint32_t a, uint32_t b, uint32_t c, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX3("mad.hi.cc.u32", d, a, b, c);
#else
    uint64_t s = (((uint64_t)a * b) >> 32) + c;
    d = (uint32_t)s;
    cc->cf = (uint32_t)(s >> 32);
#endif
    return d;
}

// d = lo(a * b) + c + CF, sets CF.
CUZK_GPU_HD uint32_t cuzk_gpu_madc_lo_cc(uint32_t a, uint32_t b, uint32_t c, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX3("madc.lo.cc.u32", d, a, b, c);
#else
    uint64_t s = (uint64_t)(uint32_t)(a * b) + c + cc->cf;
    d = (uint32_t)s;
    cc->cf = (uint32_t)(s >> 32);
#endif
    return d;
}

// d = lo(a * b) + c + CF; CF is consumed, not set.
CUZK_GPU_HD uint32_t cuzk_gpu_madc_lo(uint32_t a, uint32_t b, uint32_t c, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX3("madc.lo.u32", d, a, b, c);
#else
    d = a * b + c + cc->cf;
#endif
    return d;
}

// d = hi(a * b) + c + CF, sets CF.
CUZK_GPU_HD uint32_t cuzk_gpu_madc_hi_cc(uint32_t a, uint32_t b, uint32_t c, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX3("madc.hi.cc.u32", d, a, b, c);
#else
    uint64_t s = (((uint64_t)a * b) >> 32) + c + cc->cf;
    d = (uint32_t)s;
    cc->cf = (uint32_t)(s >> 32);
#endif
    return d;
}

// d = hi(a * b) + c + CF; CF is consumed, not set.
CUZK_GPU_HD uint32_t cuzk_gpu_madc_hi(uint32_t a, uint32_t b, uint32_t c, cuzk_gpu_cc *cc)
{
    uint32_t d;
#ifdef __CUDA_ARCH__
    (void)cc;
    CUZK_GPU_PTX3("madc.hi.u32", d, a, b, c);
#else
    d = (uint32_t)((((uint64_t)a * b) >> 32) + c + cc->cf);
#endif
    return d;
}

#endif
