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

#endif
