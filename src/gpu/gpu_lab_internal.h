/* Internal to cuzk, not part of its API: the GPU back end's entry points for
 * tests/gpu and cuzk-bench only. Arithmetic checks against the CPU, kernel
 * variants kept as measured baselines, device rates and benchmark input
 * makers. Declared beside the code (src/gpu), defined by the .cu files and by
 * gpu_none.c in a build without CUDA. */
#ifndef CUZK_GPU_LAB_INTERNAL_H
#define CUZK_GPU_LAB_INTERNAL_H

#include "cuzk/gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- field arithmetic checks --------------------------------------------------------
 * out[i] = a[i] op b[i] for n elements (b unused by SQR) with the device's
 * Fr / Fp code; a, b, out are HOST arrays of cuzk_fr or cuzk_fp (Montgomery form,
 * reduced). _host runs the very same source on the CPU with the carry flag
 * emulated: it checks the algorithms where there is no GPU. */
typedef enum {
    CUZK_GPU_FR_ADD, CUZK_GPU_FR_SUB, CUZK_GPU_FR_MUL, CUZK_GPU_FR_SQR,
    CUZK_GPU_FP_ADD, CUZK_GPU_FP_SUB, CUZK_GPU_FP_MUL, CUZK_GPU_FP_SQR,
    /* The relaxed forms (values in [0, 2p), src/gpu/fp.cuh): the inputs are
     * given reduced, each is lifted to a + p when its lowest bit is set, the
     * relaxed op runs, and the result is normalized; one that left [0, 2p)
     * comes back as all-ones bytes (never a reduced element). FR_MUL_2P lifts
     * only b (its a must be reduced). FP_IS_ZERO_2P lifts a when b's lowest
     * bit is set (so 0 may enter as p) and returns one or zero. */
    CUZK_GPU_FR_MUL_2P, CUZK_GPU_FP_MUL_2P, CUZK_GPU_FP_SQR_2P, CUZK_GPU_FP_ADD_2P, CUZK_GPU_FP_SUB_2P,
    CUZK_GPU_FP_IS_ZERO_2P,
    /* Product variants beside the defaults (src/gpu/mont.cuh bits): FR_MUL_P01
     * P01 | MZERO (the reduction rows without the m p_0 and m p_1 multiplies,
     * m = 0 - t_0 from a constant-memory zero), FR_MUL_KS KS | P01 (Karatsuba
     * product, separate reduction), FP_MUL_KS KS for Fp. Reduced in and out. */
    CUZK_GPU_FR_MUL_P01, CUZK_GPU_FR_MUL_KS, CUZK_GPU_FP_MUL_KS,
    /* a b R^-1 as Shoup's product by a fixed factor (src/gpu/fr_shoup.cuh):
     * b's factor pair is made from b, then a is multiplied by it. */
    CUZK_GPU_FR_MUL_SHOUP,
} cuzk_gpu_field_op;

int cuzk_gpu_field_eval(cuzk_gpu_ctx *ctx, cuzk_gpu_field_op op, void *out, const void *a,
                        const void *b, size_t n, cuzk_err *err);
int cuzk_gpu_field_eval_host(cuzk_gpu_field_op op, void *out, const void *a, const void *b,
                             size_t n, cuzk_err *err);
/* The device's G1 formulas run on the host: out = 2^doublings times the sum
 * of the n points (infinity allowed), accumulated with the mixed addition into
 * two XYZZ sums (even and odd indices) that are then added with the full one. */
int cuzk_gpu_g1_sum_host(cuzk_g1_proj *out, const cuzk_g1_affine *points, size_t n, unsigned doublings,
                         cuzk_err *err);
/* The G2 MSM's Fp2 product and square as its thread pairs compute them
 * (src/gpu/fp2.cuh: thread h makes component c_h from its half and its
 * partner's with one Montgomery reduction), run on the host for both halves
 * with the carry flag emulated: out[i] = a[i] b[i], or a[i]^2 when b is NULL
 * (Montgomery form, reduced). */
int cuzk_gpu_fp2_pair_eval_host(cuzk_fp2 *out, const cuzk_fp2 *a, const cuzk_fp2 *b, size_t n, cuzk_err *err);
/* The same with a choice of form: out[i] = a[i] b[i] - c[i] d[i] (one
 * reduction a half: fp2.cuh cuzk_gpu_fp2_half_mul_sub, G2's Y3) when c and d
 * are given, else as above; form 0 or CUZK_GPU_FP2_FORM_KARA (the sums of
 * products by Karatsuba with the reduction separated). */
#define CUZK_GPU_FP2_FORM_KARA 1u
int cuzk_gpu_fp2_pair_form_eval_host(unsigned form, cuzk_fp2 *out, const cuzk_fp2 *a, const cuzk_fp2 *b,
                                     const cuzk_fp2 *c, const cuzk_fp2 *d, size_t n, cuzk_err *err);

/* Device arithmetic rate, operations per second over the whole GPU: what =
 * 0 Fr products, 1 Fp products, 2 G1 mixed additions (XYZZ += affine);
 * 3..21 variants for comparison (src/gpu/throughput.cu): 3/4 two-accumulator
 * Fr/Fp products, 5/6/7/10/12..18/20/21 Fr product variants, 8/9 the relaxed
 * Fr/Fp products, 11 and 19 Fp product variants; 22..33 the Fr product with its
 * integer product on the FP64 pipe (src/gpu/fr_f64.cuh): alone, mixed with the
 * integer product, on 2, 3 or 4 chains, and (30..33) butterflies per second of
 * a register-only radix-2^3 NTT group with integer, FP64 or mixed products. */
int cuzk_gpu_arith_rate(cuzk_gpu_ctx *ctx, int what, double *per_s, cuzk_err *err);

/* ---- NTT pass kernels ------------------------------------------------------------------
 * Which pass kernel a domain's transforms use: the default (TILE10_SHOUP:
 * radix-2^2 groups in registers, one trip through shared memory per 2
 * stages, the stages spread evenly over the passes: 9 + 9 + 9 at 2^27, tiles
 * of 2^10 elements, twiddle products in Shoup's form), the same with the
 * Montgomery product (TILE10), with radix-2^3 groups (TILE10_R3), the
 * radix-2^3 kernel on tiles of 2^11 (TILE11), the same with TILE10's
 * shared-memory layout and product (TILE11_SM16), the 2^11-tile kernel on an
 * 11 + 8 + 8 split (a first pass of one column a block), the radix-2 kernel
 * (one trip per stage, 11 + 8 + 8), or TILE10_R3 as persistent blocks that
 * copy the next tile into shared memory during the last round of the current
 * one (PERSIST). All give the same values. Choosing one of the Montgomery
 * kernels (all but the default and TILE10_SHOUP) builds their twiddle table
 * first (m/2 elements on the device), so it can fail for want of memory. */
typedef enum {
    CUZK_GPU_NTT_DEFAULT,
    CUZK_GPU_NTT_RADIX2,
    CUZK_GPU_NTT_SPLIT_11_8_8,
    CUZK_GPU_NTT_TILE11,
    CUZK_GPU_NTT_TILE11_SM16,
    CUZK_GPU_NTT_PERSIST,
    CUZK_GPU_NTT_TILE10_R3,
    CUZK_GPU_NTT_TILE10,
    CUZK_GPU_NTT_TILE10_SHOUP
} cuzk_gpu_ntt_kernel;
int cuzk_gpu_domain_set_kernel(cuzk_gpu_domain *d, cuzk_gpu_ntt_kernel kernel, cuzk_err *err);

/* ---- MSM plan overrides ------------------------------------------------------------------
 * Fixed choices in place of the MSM plan's own; a zero field leaves that
 * choice to the plan (all zero: cuzk_gpu_msm_create). window_bits: the
 * Pippenger window width c, 2..23; chunk: entries per accumulation thread,
 * 1..4096; variant: the bucket accumulation kernel (G1: 6, the kernel with 6
 * blocks per SM asked of ptxas; G2: 2, 3, 7, 9, msm_g2.cu; other values run
 * the default).
 * Precomputed tables keep their own c. A field out of range is
 * INVALID_ARGUMENT naming it. */
typedef struct {
    unsigned window_bits, chunk, variant;
} cuzk_gpu_msm_tuning;
int cuzk_gpu_msm_create_tuned(cuzk_gpu_ctx *ctx, const cuzk_gpu_msm_tuning *tuning, cuzk_gpu_msm **out,
                              cuzk_err *err);

/* ---- inputs for benchmarks, made on the device ---------------------------------------
 * d_scalars[i] from a seeded hash of i: kind 0 = uniform 255-bit values (not
 * reduced), kind 1 = 0 or 1 with probability 1/2 each. */
int cuzk_gpu_fill_scalars(cuzk_gpu_ctx *ctx, cuzk_scalar *d_scalars, size_t n, uint64_t seed, int kind,
                          cuzk_err *err);
/* d_a[i] = a pseudo-random Fr element below 2^254 (a valid Montgomery form). */
int cuzk_gpu_fill_fr(cuzk_gpu_ctx *ctx, cuzk_fr *d_a, size_t n, uint64_t seed, cuzk_err *err);
/* Fills d_dst (count elements of elem_size bytes) with copies of the
 * src_count elements at d_src, repeated. */
int cuzk_gpu_tile(cuzk_gpu_ctx *ctx, void *d_dst, size_t count, const void *d_src, size_t src_count,
                  size_t elem_size, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
