/* Private: the prover's compute back end. The prover (prove.c) owns the
 * bellperson-specific data flow; a back end only supplies the three heavy
 * kernels, so a GPU implementation plugs in without touching the assembly and
 * must give bit-identical proofs for the same r and s. */
#ifndef CUZK_GROTH16_BACKEND_H
#define CUZK_GROTH16_BACKEND_H

#include "cuzk/groth16.h"
#include "cuzk/poly.h"

typedef struct {
    const char *name;
    void *ctx;   /* back-end state (device handle, resident bases...) */
    /* cuzk_poly_compute_h's contract: a, b, c hold m values each; a gets H's
     * coefficients, b and c are clobbered. */
    int (*compute_h)(void *ctx, const cuzk_domain *d, cuzk_fr *a, cuzk_fr *b, cuzk_fr *c, cuzk_pool *pool,
                     cuzk_err *err);
    /* out = sum scalars[i] bases[i]. which and first say where the bases sit
     * in params (bases == vector + first), so a device back end can keep the
     * vectors resident. */
    int (*msm_g1)(void *ctx, cuzk_params_vector which, uint64_t first, cuzk_g1_proj *out,
                  const cuzk_g1_affine *bases, const cuzk_scalar *scalars, size_t n, cuzk_pool *pool,
                  cuzk_err *err);
    int (*msm_g2)(void *ctx, uint64_t first, cuzk_g2_proj *out, const cuzk_g2_affine *bases,
                  const cuzk_scalar *scalars, size_t n, cuzk_pool *pool, cuzk_err *err);
    /* Optional, for a device back end (NULL: compute_h, then msm_g1 on H's
     * canonical values): H computed from the witness's n evaluations a, b, c
     * (padded to m with zeros by the back end) and KEPT by the back end; the
     * prover then calls msm_g1(CUZK_PARAMS_H, scalars = NULL, n = m - 1),
     * which uses the kept values. Spares the round trip of 3 m elements. */
    int (*compute_h_kept)(void *ctx, uint64_t m, const cuzk_fr *a, const cuzk_fr *b, const cuzk_fr *c,
                          uint64_t n, cuzk_err *err);
    /* true: msm_g2 runs on a thread of its own, with the pool, while H and
     * the G1 MSMs run on the calling thread; compute_h_kept and msm_g1 must
     * then not use the pool (the pool serves one caller at a time). */
    bool g2_concurrent;
} cuzk_groth16_backend;

/* The CPU back end: cuzk_poly_compute_h, cuzk_g1_msm, cuzk_g2_msm. */
extern const cuzk_groth16_backend cuzk_groth16_backend_cpu;

/* cuzk_groth16_prove on a chosen back end. */
int cuzk_groth16_prove_with(const cuzk_groth16_backend *be, cuzk_params *params, const cuzk_witness *w,
                            const cuzk_fr *r, const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                            cuzk_prove_timings *timings, cuzk_err *err);
/* cuzk_groth16_prove_circuit on a chosen back end. */
int cuzk_groth16_prove_circuit_with(const cuzk_groth16_backend *be, cuzk_params *params,
                                    const cuzk_circuit *circuit, const cuzk_fr *r, const cuzk_fr *s,
                                    cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings, cuzk_err *err);

#endif
