// The BLS12-381 base field Fp on the device.
//
// An element is twelve little-endian 32-bit limbs: the GPU's integer units are
// 32 bits wide, and on a little-endian host the same 48 bytes read as the six
// 64-bit limbs of the CPU's cuzk_fp, so buffers move between host and device
// without conversion. Elements are fully reduced (< p), as on the CPU; that is
// all addition needs, so it is the same on Montgomery and canonical values.
#ifndef CUZK_GPU_FP_CUH
#define CUZK_GPU_FP_CUH

#include <stdint.h>

// p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
// as macros (not an array) so the same digits can be pasted into PTX as
// immediates and also fill the host table the self-test compares with
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

#define CUZK_GPU_STR_(x) #x
#define CUZK_GPU_STR(x) CUZK_GPU_STR_(x)

// 16-byte aligned so an element moves as three 128-bit loads.
typedef struct __align__(16) {
    uint32_t l[CUZK_GPU_FP_LIMBS];
} cuzk_gpu_fp;

// r = a + b mod p, for a, b < p.
//
// Two PTX carry chains, each in ONE asm statement: the carry flag is only
// guaranteed to survive between instructions of the same asm block, so the
// chain must not be split across statements. Since p < 2^381, a + b < 2^382
// never carries out of 384 bits; the sum s is reduced by computing s - p and
// keeping it unless the subtraction borrowed (s < p). The choice is a mask,
// not a branch, so all threads of a warp stay together.
static __device__ __forceinline__ void cuzk_gpu_fp_add(cuzk_gpu_fp *r, const cuzk_gpu_fp *a,
                                                       const cuzk_gpu_fp *b)
{
    uint32_t s[12], t[12], borrow;
#pragma unroll
    for (int i = 0; i < 12; i++)
        s[i] = a->l[i];
    asm("add.cc.u32  %0, %0, %12;\n\t"
        "addc.cc.u32 %1, %1, %13;\n\t"
        "addc.cc.u32 %2, %2, %14;\n\t"
        "addc.cc.u32 %3, %3, %15;\n\t"
        "addc.cc.u32 %4, %4, %16;\n\t"
        "addc.cc.u32 %5, %5, %17;\n\t"
        "addc.cc.u32 %6, %6, %18;\n\t"
        "addc.cc.u32 %7, %7, %19;\n\t"
        "addc.cc.u32 %8, %8, %20;\n\t"
        "addc.cc.u32 %9, %9, %21;\n\t"
        "addc.cc.u32 %10, %10, %22;\n\t"
        "addc.u32    %11, %11, %23;"
        : "+r"(s[0]), "+r"(s[1]), "+r"(s[2]), "+r"(s[3]), "+r"(s[4]), "+r"(s[5]),
          "+r"(s[6]), "+r"(s[7]), "+r"(s[8]), "+r"(s[9]), "+r"(s[10]), "+r"(s[11])
        : "r"(b->l[0]), "r"(b->l[1]), "r"(b->l[2]), "r"(b->l[3]), "r"(b->l[4]), "r"(b->l[5]),
          "r"(b->l[6]), "r"(b->l[7]), "r"(b->l[8]), "r"(b->l[9]), "r"(b->l[10]), "r"(b->l[11]));
    asm("sub.cc.u32  %0, %13, " CUZK_GPU_STR(CUZK_GPU_FP_P0) ";\n\t"
        "subc.cc.u32 %1, %14, " CUZK_GPU_STR(CUZK_GPU_FP_P1) ";\n\t"
        "subc.cc.u32 %2, %15, " CUZK_GPU_STR(CUZK_GPU_FP_P2) ";\n\t"
        "subc.cc.u32 %3, %16, " CUZK_GPU_STR(CUZK_GPU_FP_P3) ";\n\t"
        "subc.cc.u32 %4, %17, " CUZK_GPU_STR(CUZK_GPU_FP_P4) ";\n\t"
        "subc.cc.u32 %5, %18, " CUZK_GPU_STR(CUZK_GPU_FP_P5) ";\n\t"
        "subc.cc.u32 %6, %19, " CUZK_GPU_STR(CUZK_GPU_FP_P6) ";\n\t"
        "subc.cc.u32 %7, %20, " CUZK_GPU_STR(CUZK_GPU_FP_P7) ";\n\t"
        "subc.cc.u32 %8, %21, " CUZK_GPU_STR(CUZK_GPU_FP_P8) ";\n\t"
        "subc.cc.u32 %9, %22, " CUZK_GPU_STR(CUZK_GPU_FP_P9) ";\n\t"
        "subc.cc.u32 %10, %23, " CUZK_GPU_STR(CUZK_GPU_FP_P10) ";\n\t"
        "subc.cc.u32 %11, %24, " CUZK_GPU_STR(CUZK_GPU_FP_P11) ";\n\t"
        "subc.u32    %12, 0, 0;"
        : "=r"(t[0]), "=r"(t[1]), "=r"(t[2]), "=r"(t[3]), "=r"(t[4]), "=r"(t[5]),
          "=r"(t[6]), "=r"(t[7]), "=r"(t[8]), "=r"(t[9]), "=r"(t[10]), "=r"(t[11]),
          "=r"(borrow)
        : "r"(s[0]), "r"(s[1]), "r"(s[2]), "r"(s[3]), "r"(s[4]), "r"(s[5]),
          "r"(s[6]), "r"(s[7]), "r"(s[8]), "r"(s[9]), "r"(s[10]), "r"(s[11]));
    // borrow is all ones when s < p (keep s), zero otherwise (take s - p).
#pragma unroll
    for (int i = 0; i < 12; i++)
        r->l[i] = (s[i] & borrow) | (t[i] & ~borrow);
}

#endif
