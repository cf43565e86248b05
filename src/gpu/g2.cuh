// G2 (y^2 = x^3 + 4(1 + u) over Fp2) on the device, in XYZZ coordinates: the
// formulas of xyzz.cuh over the Fp2 policy below. Affine points use the CPU's
// cuzk_g2_affine layout (x, y as two Fp each) and its infinity encoding
// x = y = 0, so G2 base arrays copy to the device as they are.
#ifndef CUZK_GPU_G2_CUH
#define CUZK_GPU_G2_CUH

#include "fp2.cuh"
#include "xyzz.cuh"

typedef struct {
    cuzk_gpu_fp2 x, y;
} cuzk_gpu_g2_affine;

typedef struct {
    cuzk_gpu_fp2 x, y, zz, zzz;
} cuzk_gpu_g2_xyzz;

// The Fp2 field policy of xyzz.cuh.
struct cuzk_gpu_fp2_ops {
    typedef cuzk_gpu_fp2 E;
    static CUZK_GPU_HD void add(E *r, const E *a, const E *b) { cuzk_gpu_fp2_add(r, a, b); }
    static CUZK_GPU_HD void sub(E *r, const E *a, const E *b) { cuzk_gpu_fp2_sub(r, a, b); }
    static CUZK_GPU_HD void dbl(E *r, const E *a) { cuzk_gpu_fp2_dbl(r, a); }
    static CUZK_GPU_HD void mul(E *r, const E *a, const E *b) { cuzk_gpu_fp2_mul(r, a, b); }
    static CUZK_GPU_HD void sqr(E *r, const E *a) { cuzk_gpu_fp2_sqr(r, a); }
    static CUZK_GPU_HD void neg(E *r, const E *a) { cuzk_gpu_fp2_neg(r, a); }
    static CUZK_GPU_HD void set_zero(E *r) { cuzk_gpu_fp2_set_zero(r); }
    static CUZK_GPU_HD void set_one(E *r) { cuzk_gpu_fp2_set_one(r); }
    static CUZK_GPU_HD bool is_zero(const E *a) { return cuzk_gpu_fp2_is_zero(a); }
};

// The curve of msm_kernels.cuh's templates.
struct cuzk_gpu_g2_curve {
    typedef cuzk_gpu_fp2_ops F;
    typedef cuzk_gpu_g2_affine affine;
    typedef cuzk_gpu_g2_xyzz xyzz;
};

#endif
