/* Private to src/gpu and its tests: the Fr product with its integer product on
 * the FP64 pipe (fr_f64.cuh), run element-wise on the host (the same
 * algorithm, for checks on a machine without a GPU) or on the device. Plain C. */
#ifndef CUZK_GPU_FR_F64_H
#define CUZK_GPU_FR_F64_H

#include "cuzk/gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Variants (fr_f64.cuh's bits): PAIRS = 1 the paired column sums (the
 * default), 0 one FP64 sum per product, BROKEN = 2 a deliberately wrong
 * constant (its results must differ from libcuzk's: the test's negative case). */
#define CUZK_GPU_FR_F64_V_SINGLES 0
#define CUZK_GPU_FR_F64_V_PAIRS 1
#define CUZK_GPU_FR_F64_V_BROKEN 3

/* out[i] = a[i] b[i] (Montgomery product, canonical) for canonical a, b; a
 * non-canonical input or an unknown variant is CUZK_ERR_INVALID_ARGUMENT. */
int cuzk_gpu_fr_f64_mul_host(int variant, cuzk_fr *out, const cuzk_fr *a, const cuzk_fr *b, size_t n,
                             cuzk_err *err);
int cuzk_gpu_fr_f64_mul(cuzk_gpu_ctx *ctx, int variant, cuzk_fr *out, const cuzk_fr *a, const cuzk_fr *b,
                        size_t n, cuzk_err *err);

#ifdef __cplusplus
}
#endif

#endif
