/* cuzk groth16: setup, proving, verification and the bellperson file formats.
 *
 * Formats (bellperson 0.27; docs/formats.md): a .vk file is the
 * verifying key; a .params file is the verifying key followed by the h, l, a,
 * b_g1 and b_g2 vectors, each with a u32 big-endian count, points uncompressed;
 * a proof is 192 bytes, A (G1) | B (G2) | C (G1) compressed. Multi-partition
 * proofs are concatenations in partition order.
 *
 * Proving follows bellperson exactly (groth16/prover/native.rs), so proofs made
 * with Filecoin's parameter files verify, and for the same r and s every back
 * end produces the same bytes. */
#ifndef CUZK_GROTH16_H
#define CUZK_GROTH16_H

#include "cuzk/ec.h"
#include "cuzk/r1cs.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CUZK_PROOF_BYTES 192

typedef struct {
    cuzk_g1_affine alpha_g1, beta_g1;
    cuzk_g2_affine beta_g2, gamma_g2;
    cuzk_g1_affine delta_g1;
    cuzk_g2_affine delta_g2;
    cuzk_g1_affine *ic;   /* ic_len = public inputs + 1 (ONE first); owned */
    uint32_t ic_len;
} cuzk_vk;

typedef struct {
    cuzk_g1_affine a;
    cuzk_g2_affine b;
    cuzk_g1_affine c;
} cuzk_proof;

/* The proving key. Opaque: it may be memory-mapped from a .params file with its
 * large vectors decoded on first use (under a lock), or built in memory by setup. */
typedef struct cuzk_params cuzk_params;

typedef enum {
    CUZK_PARAMS_H = 0,
    CUZK_PARAMS_L,
    CUZK_PARAMS_A,
    CUZK_PARAMS_B_G1,
    CUZK_PARAMS_B_G2,
} cuzk_params_vector;

const cuzk_vk *cuzk_params_vk(const cuzk_params *p);
uint64_t cuzk_params_count(const cuzk_params *p, cuzk_params_vector which);
/* The decoded vector (G1 for H, L, A, B_G1; G2 for B_G2). Decodes it on first
 * call; errors name the file offset of the bad point. */
int cuzk_params_g1(cuzk_params *p, cuzk_params_vector which, const cuzk_g1_affine **out, cuzk_err *err);
int cuzk_params_g2(cuzk_params *p, const cuzk_g2_affine **out, cuzk_err *err);
void cuzk_params_free(cuzk_params *p);
/* Precomputes what makes later CPU proofs faster, within max_bytes of extra
 * memory: the H query's MSM table (cuzk_g1_msm_table, 16 * 96 bytes per H
 * point; about 240 affine doublings per point to build, once) and, when both
 * fit in max_bytes, the L query's (16 * 96 bytes per aux variable; the L MSM
 * then shares H's buckets and reduction). Nothing is built when it would not
 * fit or not pay (fewer H points than CUZK_G1_MSM_TABLE_MIN_POINTS); *bytes_out
 * (may be NULL) gets the memory now held for tables. Idempotent (a later call
 * with a bigger budget may add the L table); safe while other threads prove. */
int cuzk_params_precompute(cuzk_params *p, size_t max_bytes, cuzk_pool *pool, size_t *bytes_out,
                           cuzk_err *err);

/* ---- files ---------------------------------------------------------------------
 * checked = true adds the subgroup check to every point (on-curve is always
 * checked); points at infinity are rejected where bellperson rejects them. Every
 * reader rejects truncated input, trailing bytes, oversized counts and invalid
 * points with a message naming the offset and the problem. */
int cuzk_params_read(const char *path, bool checked, cuzk_params **out, cuzk_err *err);
int cuzk_params_read_buffer(const uint8_t *buf, size_t len, bool checked, cuzk_params **out, cuzk_err *err);
int cuzk_params_write(cuzk_params *p, const char *path, cuzk_err *err);
int cuzk_vk_read(const char *path, cuzk_vk *vk, cuzk_err *err);
int cuzk_vk_read_buffer(const uint8_t *buf, size_t len, cuzk_vk *vk, cuzk_err *err);
int cuzk_vk_write(const cuzk_vk *vk, const char *path, cuzk_err *err);
/* Serialized size of a vk, and serialization into a buffer of that size. */
size_t cuzk_vk_size(const cuzk_vk *vk);
void cuzk_vk_serialize(const cuzk_vk *vk, uint8_t *out);
int cuzk_vk_copy(cuzk_vk *dst, const cuzk_vk *src);
void cuzk_vk_free(cuzk_vk *vk);

void cuzk_proof_serialize(uint8_t out[CUZK_PROOF_BYTES], const cuzk_proof *proof);
/* Subgroup-checked; A, B or C at infinity is rejected, as bellperson does. */
int cuzk_proof_deserialize(cuzk_proof *proof, const uint8_t *in, size_t len, cuzk_err *err);

/* ---- setup (tests and benches: the toxic waste is known) -------------------------- */
typedef struct {
    cuzk_fr tau, alpha, beta, gamma, delta;
} cuzk_toxic;

/* Derives toxic waste deterministically from a seed. For tests only. */
void cuzk_toxic_from_seed(cuzk_toxic *t, uint64_t seed);
/* bellperson's generator: A and B queries with points at infinity removed,
 * h_len = m - 1. Fails with INVALID_ARGUMENT for a zero alpha/beta/gamma/delta,
 * tau in the domain, or an unconstrained aux variable (its L point would be
 * infinity); TOO_LARGE when the domain would need 2^32 or more. */
int cuzk_groth16_setup(const cuzk_circuit *circuit, const cuzk_toxic *toxic, cuzk_pool *pool,
                       cuzk_params **out, cuzk_err *err);

/* ---- proving ---------------------------------------------------------------------- */
/* Per-phase wall times in milliseconds, filled by the prover when non-NULL. */
typedef struct {
    double synthesis_ms, fft_ms, msm_h_ms, msm_l_ms, msm_a_ms, msm_b_g1_ms, msm_b_g2_ms, total_ms;
} cuzk_prove_timings;

/* r and s NULL: drawn from the OS CSPRNG. A witness comes from a prover cs
 * (cuzk_cs_prover_witness); its shape must match the params (INVALID_ARGUMENT
 * naming the vector that disagrees otherwise). A proof with A, B or C at
 * infinity is an error (readers would reject it). */
int cuzk_groth16_prove(cuzk_params *params, const cuzk_witness *w, const cuzk_fr *r, const cuzk_fr *s,
                       cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings, cuzk_err *err);
/* Synthesizes the circuit with the prover back end, then proves. */
int cuzk_groth16_prove_circuit(cuzk_params *params, const cuzk_circuit *circuit, const cuzk_fr *r,
                               const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                               cuzk_prove_timings *timings, cuzk_err *err);

/* ---- verification ----------------------------------------------------------------- */
/* A verifying key prepared for repeated use (e(alpha, beta), -gamma and -delta
 * prepared for the Miller loop). Owns a copy of ic. */
typedef struct cuzk_pvk cuzk_pvk;
int cuzk_pvk_prepare(const cuzk_vk *vk, cuzk_pvk **out, cuzk_err *err);
void cuzk_pvk_free(cuzk_pvk *pvk);
/* 0 when the proof verifies; CUZK_ERR_PROOF_INVALID when it does not, also
 * for proof points at infinity, off the curve or outside the subgroup (a
 * cuzk_proof need not come from the checked decoder);
 * CUZK_ERR_INVALID_ARGUMENT when the input count does not match ic_len - 1.
 * inputs exclude ONE. */
int cuzk_groth16_verify(const cuzk_pvk *pvk, const cuzk_proof *proof, const cuzk_fr *inputs,
                        size_t n_inputs, cuzk_err *err);
/* Random-linear-combination batch check of n_proofs proofs (inputs row-major,
 * n_inputs per proof): one multi-pairing. Randomness from the OS CSPRNG
 * (nonzero 128-bit multipliers, as bellperson). One proof: the single check;
 * none: INVALID_ARGUMENT. PROOF_INVALID does not say which proof is bad. */
int cuzk_groth16_verify_batch(const cuzk_pvk *pvk, const cuzk_proof *proofs, const cuzk_fr *inputs,
                              size_t n_proofs, size_t n_inputs, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
