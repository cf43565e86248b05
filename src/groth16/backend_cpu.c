/* The CPU prover back end. */
#include "groth16/backend.h"

static int cpu_compute_h(void *ctx, const cuzk_domain *d, cuzk_fr *a, cuzk_fr *b, cuzk_fr *c, cuzk_pool *pool,
                         cuzk_err *err)
{
    (void)ctx;
    (void)err;
    cuzk_poly_compute_h(d, a, b, c, pool);
    return 0;
}

static int cpu_msm_g1(void *ctx, cuzk_params_vector which, uint64_t first, cuzk_g1_proj *out,
                      const cuzk_g1_affine *bases, const cuzk_scalar *scalars, size_t n, cuzk_pool *pool,
                      cuzk_err *err)
{
    (void)ctx;
    (void)which;
    (void)first;
    (void)err;
    cuzk_g1_msm(out, bases, scalars, n, pool);
    return 0;
}

static int cpu_msm_g2(void *ctx, uint64_t first, cuzk_g2_proj *out, const cuzk_g2_affine *bases,
                      const cuzk_scalar *scalars, size_t n, cuzk_pool *pool, cuzk_err *err)
{
    (void)ctx;
    (void)first;
    (void)err;
    cuzk_g2_msm(out, bases, scalars, n, pool);
    return 0;
}

const cuzk_groth16_backend cuzk_groth16_backend_cpu = {
    .name = "cpu",
    .ctx = NULL,
    .compute_h = cpu_compute_h,
    .msm_g1 = cpu_msm_g1,
    .msm_g2 = cpu_msm_g2,
    .compute_h_kept = NULL,   /* H goes through compute_h and msm_g1 */
    .g2_concurrent = false,   /* every phase uses the pool in turn */
};
