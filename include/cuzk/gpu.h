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

/* ---- Fr NTT ---------------------------------------------------------------------------
 * The transforms of include/cuzk/poly.h on device data: same domain (omega,
 * coset generator g = 7), natural order in and out, the same field values
 * bit for bit. d_a points to m elements on the device. */
typedef struct cuzk_gpu_domain cuzk_gpu_domain;

#define CUZK_GPU_NTT_MAX_LOG 28
/* m = the smallest power of two >= n; n in 1 .. 2^CUZK_GPU_NTT_MAX_LOG. Builds the
 * twiddle and coset tables on the device (m + O(sqrt m) elements: the m/2
 * twiddles as Shoup factor pairs) and, from m = 2^11, a scratch vector of m
 * elements that the transforms pass through: a domain serves one transform at
 * a time. */
int cuzk_gpu_domain_create(cuzk_gpu_ctx *ctx, cuzk_gpu_domain **out, size_t n, cuzk_err *err);
void cuzk_gpu_domain_free(cuzk_gpu_domain *d);
size_t cuzk_gpu_domain_size(const cuzk_gpu_domain *d);
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
 * stream of its own, beside the G1 work, or on the host CPUs: see the config):
 * the same proof, byte for byte, for the same r and s. The prover keeps each
 * base vector resident after its first upload (keyed by the params'
 * address), so later proofs with the same params move only the witness. */
typedef struct cuzk_gpu_prover cuzk_gpu_prover;

/* Where B in G2 runs. All zero is the default: on the device. The proof is
 * the same for every choice (the sums are exact). */
typedef struct {
    bool b_g2_on_cpu;       /* B_G2 on the host CPUs (the pool), not the device */
    unsigned b_g2_cpu_pct;  /* with B_G2 on the device: the first pct % of its
                             * points summed on the host CPUs beside it, 0..90 */
} cuzk_gpu_prover_config;
#define CUZK_GPU_B_G2_CPU_PCT_MAX 90u

/* cfg NULL: the default config. A field out of range is INVALID_ARGUMENT naming it. */
int cuzk_gpu_prover_create_config(cuzk_gpu_ctx *ctx, const cuzk_gpu_prover_config *cfg, cuzk_gpu_prover **out,
                                  cuzk_err *err);
/* The same with the default config. */
int cuzk_gpu_prover_create(cuzk_gpu_ctx *ctx, cuzk_gpu_prover **out, cuzk_err *err);
void cuzk_gpu_prover_free(cuzk_gpu_prover *p);
int cuzk_gpu_groth16_prove(cuzk_gpu_prover *p, cuzk_params *params, const cuzk_witness *w,
                           const cuzk_fr *r, const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                           cuzk_prove_timings *timings, cuzk_err *err);

/* cuzk_groth16_prove_circuit on the device prover: synthesis, then as above. */
int cuzk_gpu_groth16_prove_circuit(cuzk_gpu_prover *p, cuzk_params *params, const cuzk_circuit *circuit,
                                   const cuzk_fr *r, const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                                   cuzk_prove_timings *timings, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
