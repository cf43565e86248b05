/* cuzk gpu: the CUDA back end behind plain C functions. In a build without
 * CUDA every function reports CUZK_ERR_UNSUPPORTED. */
#ifndef CUZK_GPU_H
#define CUZK_GPU_H

#include "cuzk/ec.h"
#include "cuzk/groth16.h"
#include "cuzk/util.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int index;
    char name[256];
    int cc_major, cc_minor;        /* compute capability */
    int sm_count;
    size_t total_mem, free_mem;    /* bytes */
    int clock_khz, mem_clock_khz, mem_bus_bits;
} cuzk_gpu_device_info;

/* What one self-test run saw. */
typedef struct {
    size_t n;                /* pairs checked */
    size_t mismatches;       /* sums that differ from the CPU's */
    size_t first_mismatch;   /* index of the first one, SIZE_MAX when none */
    double kernel_ms;        /* the kernel alone (CUDA events) */
    double total_ms;         /* upload + kernel + download */
} cuzk_gpu_selftest_report;

/* true when this build carries the CUDA back end (a GPU may still be absent). */
bool cuzk_gpu_built(void);
/* CUDA driver and runtime versions as 1000*major + 10*minor. */
int cuzk_gpu_versions(int *driver, int *runtime, cuzk_err *err);
/* No driver or no device is CUZK_ERR_UNSUPPORTED with *count = 0, so a
 * caller can tell "nothing to run on" (skip) from a broken device
 * (CUZK_ERR_DEVICE). */
int cuzk_gpu_device_count(int *count, cuzk_err *err);
int cuzk_gpu_device_info_get(int index, cuzk_gpu_device_info *info, cuzk_err *err);
/* Adds n pseudo-random Fp pairs (seeded; a few edge cases first) on device
 * `index` with the device's own Fp code and compares every sum with the CPU's
 * cuzk_fp_add. Returns 0 only when all n match; a mismatch is CUZK_ERR_DEVICE
 * with the first bad pair in the message. rep may be NULL. The kernel's wait
 * is bounded: a device that does not finish gives an error, not a hang. */
int cuzk_gpu_selftest_fp_add(int index, size_t n, uint64_t seed,
                             cuzk_gpu_selftest_report *rep, cuzk_err *err);

/* ---- a device context ----------------------------------------------------------
 * One GPU and one CUDA stream. Everything below queues work on the context's
 * stream and returns without waiting, unless it says otherwise; cuzk_gpu_sync
 * waits and reports the first failure of the queued work. A context is used by
 * one thread at a time. Device pointers ("d_" names) come from cuzk_gpu_alloc. */
typedef struct cuzk_gpu_ctx cuzk_gpu_ctx;

int cuzk_gpu_ctx_create(cuzk_gpu_ctx **out, int device, cuzk_err *err);
void cuzk_gpu_ctx_free(cuzk_gpu_ctx *ctx);
/* Waits for the stream with a deadline (a wedged device is an error, not a hang). */
int cuzk_gpu_sync(cuzk_gpu_ctx *ctx, cuzk_err *err);
int cuzk_gpu_alloc(cuzk_gpu_ctx *ctx, void **d_ptr, size_t bytes, cuzk_err *err);
void cuzk_gpu_free(cuzk_gpu_ctx *ctx, void *d_ptr);
/* Host <-> device copies; both wait until the copy is done. */
int cuzk_gpu_upload(cuzk_gpu_ctx *ctx, void *d_dst, const void *src, size_t bytes, cuzk_err *err);
int cuzk_gpu_download(cuzk_gpu_ctx *ctx, void *dst, const void *d_src, size_t bytes, cuzk_err *err);

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
 * 3..21 variants for comparison (src/gpu/throughput.cu): 3/4 the previous Fr/Fp
 * product, 5/6/7/10/12..18/20/21 Fr product variants, 8/9 the relaxed Fr/Fp products,
 * 11 and 19 Fp product variants; 22..33 the Fr product with its integer product on
 * the FP64 pipe (src/gpu/fr_f64.cuh): alone, mixed with the integer product,
 * on 2, 3 or 4 chains, and (30..33) butterflies per second of a register-only
 * radix-2^3 NTT group with integer, FP64 or mixed products. */
int cuzk_gpu_arith_rate(cuzk_gpu_ctx *ctx, int what, double *per_s, cuzk_err *err);

/* ---- Fr NTT ---------------------------------------------------------------------------
 * The transforms of include/cuzk/poly.h on device data: same domain (omega,
 * coset generator g = 7), natural order in and out, the same field values
 * bit for bit. d_a points to m elements on the device. */
typedef struct cuzk_gpu_domain cuzk_gpu_domain;

#define CUZK_GPU_NTT_MAX_LOG 28
/* m = the smallest power of two >= n; n in 1 .. 2^CUZK_GPU_NTT_MAX_LOG. Builds the
 * twiddle and coset tables on the device (m + O(sqrt m) elements: the m/2
 * twiddles as Shoup factor pairs; another m/2 once a kernel other than the
 * default or TILE10_SHOUP is chosen) and, from
 * m = 2^11, a scratch vector of m elements that the transforms pass through:
 * a domain serves one transform at a time. */
int cuzk_gpu_domain_create(cuzk_gpu_ctx *ctx, cuzk_gpu_domain **out, size_t n, cuzk_err *err);
void cuzk_gpu_domain_free(cuzk_gpu_domain *d);
size_t cuzk_gpu_domain_size(const cuzk_gpu_domain *d);
/* Which pass kernel the transforms use: the default (TILE10_SHOUP:
 * radix-2^2 groups in registers, one trip through shared memory per 2
 * stages, the stages spread evenly over the passes: 9 + 9 + 9 at 2^27, tiles
 * of 2^10 elements, twiddle products in Shoup's form), the same with the
 * Montgomery product (TILE10, the previous default), with radix-2^3 groups
 * (TILE10_R3), the radix-2^3 kernel on tiles of
 * 2^11 (TILE11), the same with TILE10's shared-memory layout and
 * product (TILE11_SM16), the 2^11-tile kernel on the earlier split (11 + 8 +
 * 8: a first pass of one column a block), the radix-2 kernel (one trip per
 * stage, 11 + 8 + 8), kept as baselines of cuzk-bench gpu-ntt, or TILE10_R3
 * as persistent blocks that copy the next tile into shared memory during the
 * last round of the current one (PERSIST). All give the same values.
 * Choosing one of the Montgomery kernels (all but the default and
 * TILE10_SHOUP) builds their twiddle table first (m/2 elements on the
 * device), so it can fail for want of memory. */
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
int cuzk_gpu_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err);
int cuzk_gpu_ifft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err);
int cuzk_gpu_coset_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err);
int cuzk_gpu_icoset_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err);
/* cuzk_poly_compute_h on the device: a gets H's coefficients, b and c are clobbered. */
int cuzk_gpu_compute_h(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_fr *d_b, cuzk_fr *d_c, cuzk_err *err);

/* ---- G1 MSM ----------------------------------------------------------------------------
 * out = sum scalars[i] * bases[i], equal to cuzk_g1_msm. d_bases: n points
 * (infinity allowed), d_scalars: n scalars (any 256-bit values; they are
 * reduced mod r, so bases must lie in G1), both resident on the device.
 * Scalars 0 and 1 are split off first: the 1s are summed directly, the rest
 * go through Pippenger with signed windows. The workspace grows to the largest
 * n seen and is kept for the next call. Waits for the result. */
typedef struct cuzk_gpu_msm cuzk_gpu_msm;

int cuzk_gpu_msm_create(cuzk_gpu_ctx *ctx, cuzk_gpu_msm **out, cuzk_err *err);
void cuzk_gpu_msm_free(cuzk_gpu_msm *m);
int cuzk_gpu_g1_msm(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_g1_affine *d_bases,
                    const cuzk_scalar *d_scalars, size_t n, cuzk_err *err);
/* The same over G2, equal to cuzk_g2_msm: d_bases are n cuzk_g2_affine points
 * (in G2; infinity allowed) on the device. Shares the workspace (and the
 * statistics below) with the G1 MSM of the same cuzk_gpu_msm. */
int cuzk_gpu_g2_msm(cuzk_gpu_msm *m, cuzk_g2_proj *out, const cuzk_g2_affine *d_bases,
                    const cuzk_scalar *d_scalars, size_t n, cuzk_err *err);
/* What the last cuzk_gpu_g1_msm / cuzk_gpu_g2_msm did: how many scalars were 1 and how many
 * went through Pippenger, its window width and window count, and the device
 * time of each phase (CUDA events; ms). */
typedef enum {
    CUZK_GPU_MSM_CLASSIFY,   /* 0 / 1 / other, compaction of the others */
    CUZK_GPU_MSM_ONES,       /* the sum of the bases with scalar 1 */
    CUZK_GPU_MSM_DIGITS,     /* signed digits of every window */
    CUZK_GPU_MSM_SORT,       /* per window: sort by bucket, bucket bounds */
    CUZK_GPU_MSM_ACCUMULATE, /* per window: bucket sums */
    CUZK_GPU_MSM_REDUCE,     /* per window: sum_b b B_b; the window sums */
    CUZK_GPU_MSM_PHASES
} cuzk_gpu_msm_phase;
typedef struct {
    size_t n, ones, others;
    unsigned c, windows;
    double phase_ms[CUZK_GPU_MSM_PHASES];
} cuzk_gpu_msm_stats;
void cuzk_gpu_msm_last_stats(const cuzk_gpu_msm *m, cuzk_gpu_msm_stats *st);

/* Precomputed window multiples of resident G1 bases (for a fixed base
 * vector used by many MSMs, such as the H query). The table holds
 * table[j n + i] = 2^(c j) bases[i] for j < mult (affine, on the device:
 * 96 n mult bytes, cuzk_gpu_g1_pre_bytes; row 0 is a copy of the bases).
 * cuzk_gpu_g1_msm_pre then sorts the digits of mult consecutive c-bit windows
 * together into ONE set of buckets: one sort, accumulation and bucket
 * reduction per group of mult windows instead of per window, and c may be
 * wider (up to 24). c: 2..24; mult: 1..ceil(256 / c); n mult < 2^31.
 * Making the table waits for it (c doublings and one inversion per entry). */
typedef struct cuzk_gpu_g1_pre cuzk_gpu_g1_pre;
int cuzk_gpu_g1_pre_create(cuzk_gpu_ctx *ctx, cuzk_gpu_g1_pre **out, const cuzk_g1_affine *d_bases, size_t n,
                           unsigned c, unsigned mult, cuzk_err *err);
void cuzk_gpu_g1_pre_free(cuzk_gpu_g1_pre *p);
size_t cuzk_gpu_g1_pre_bytes(const cuzk_gpu_g1_pre *p);
/* out = sum scalars[i] * bases[i] over the table's first n bases (n <= the
 * table's), equal to cuzk_g1_msm; the workspace and statistics are m's. */
int cuzk_gpu_g1_msm_pre(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_gpu_g1_pre *p,
                        const cuzk_scalar *d_scalars, size_t n, cuzk_err *err);

/* ---- the Groth16 prover on the device ---------------------------------------------
 * cuzk_groth16_prove with H and the MSMs on the GPU (B in G2 on a device
 * stream of its own, beside the G1 work; CUZK_GPU_B_G2=cpu: on the host CPUs):
 * the same proof, byte for byte, for the same r and s. The prover keeps each
 * base vector resident after its first upload (keyed by the params'
 * address), so later proofs with the same params move only the witness. */
typedef struct cuzk_gpu_prover cuzk_gpu_prover;

int cuzk_gpu_prover_create(cuzk_gpu_ctx *ctx, cuzk_gpu_prover **out, cuzk_err *err);
void cuzk_gpu_prover_free(cuzk_gpu_prover *p);
int cuzk_gpu_groth16_prove(cuzk_gpu_prover *p, cuzk_params *params, const cuzk_witness *w,
                           const cuzk_fr *r, const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                           cuzk_prove_timings *timings, cuzk_err *err);

/* cuzk_groth16_prove_circuit on the device prover: synthesis, then as above. */
int cuzk_gpu_groth16_prove_circuit(cuzk_gpu_prover *p, cuzk_params *params, const cuzk_circuit *circuit,
                                   const cuzk_fr *r, const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                                   cuzk_prove_timings *timings, cuzk_err *err);

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
