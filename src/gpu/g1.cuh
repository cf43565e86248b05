// G1 (y^2 = x^3 + 4 over Fp) on the device, in XYZZ coordinates.
//
// The formulas are xyzz.cuh's (XYZZ buckets: a mixed addition is 8M + 2S and
// needs no inversion) over the Fp policy below. Affine points use the CPU's
// layout and its infinity encoding x = y = 0, so cuzk_g1_affine arrays copy
// to the device as they are.
#ifndef CUZK_GPU_G1_CUH
#define CUZK_GPU_G1_CUH

#include "fp.cuh"
#include "xyzz.cuh"

typedef struct {
    cuzk_gpu_fp x, y;
} cuzk_gpu_g1_affine;

typedef struct {
    cuzk_gpu_fp x, y, zz, zzz;
} cuzk_gpu_g1_xyzz;

// The Fp field policy of xyzz.cuh.
struct cuzk_gpu_fp_ops {
    typedef cuzk_gpu_fp E;
    static CUZK_GPU_HD void add(E *r, const E *a, const E *b) { cuzk_gpu_fp_add(r, a, b); }
    static CUZK_GPU_HD void sub(E *r, const E *a, const E *b) { cuzk_gpu_fp_sub(r, a, b); }
    static CUZK_GPU_HD void dbl(E *r, const E *a) { cuzk_gpu_fp_dbl(r, a); }
    static CUZK_GPU_HD void mul(E *r, const E *a, const E *b) { cuzk_gpu_fp_mul(r, a, b); }
    static CUZK_GPU_HD void sqr(E *r, const E *a) { cuzk_gpu_fp_sqr(r, a); }
    static CUZK_GPU_HD void neg(E *r, const E *a) { cuzk_gpu_fp_neg(r, a); }
    static CUZK_GPU_HD void set_zero(E *r) { cuzk_gpu_fp_set_zero(r); }
    static CUZK_GPU_HD void set_one(E *r) { cuzk_gpu_fp_set_one(r); }
    static CUZK_GPU_HD bool is_zero(const E *a) { return cuzk_gpu_fp_is_zero(a); }
};

CUZK_GPU_HD void cuzk_gpu_g1_set_inf(cuzk_gpu_g1_xyzz *p) { cuzk_gpu_xyzz_set_inf<cuzk_gpu_fp_ops>(p); }

CUZK_GPU_HD bool cuzk_gpu_g1_is_inf(const cuzk_gpu_g1_xyzz *p) { return cuzk_gpu_xyzz_is_inf<cuzk_gpu_fp_ops>(p); }

CUZK_GPU_HD bool cuzk_gpu_g1_affine_is_inf(const cuzk_gpu_g1_affine *a)
{
    return cuzk_gpu_xyzz_affine_is_inf<cuzk_gpu_fp_ops>(a);
}

// p = 2a for an affine a (not infinity).
CUZK_GPU_HD void cuzk_gpu_g1_dbl_affine(cuzk_gpu_g1_xyzz *p, const cuzk_gpu_g1_affine *a)
{
    cuzk_gpu_xyzz_dbl_affine<cuzk_gpu_fp_ops>(p, a);
}

// p = 2p (infinity stays infinity).
CUZK_GPU_HD void cuzk_gpu_g1_dbl(cuzk_gpu_g1_xyzz *p) { cuzk_gpu_xyzz_dbl<cuzk_gpu_fp_ops>(p); }

// p += a (affine; infinity allowed).
CUZK_GPU_HD void cuzk_gpu_g1_add_affine(cuzk_gpu_g1_xyzz *p, const cuzk_gpu_g1_affine *a)
{
    cuzk_gpu_xyzz_add_affine<cuzk_gpu_fp_ops>(p, a);
}

// p += b (both XYZZ; every case).
CUZK_GPU_HD void cuzk_gpu_g1_add(cuzk_gpu_g1_xyzz *p, const cuzk_gpu_g1_xyzz *b)
{
    cuzk_gpu_xyzz_add<cuzk_gpu_fp_ops>(p, b);
}

#endif
