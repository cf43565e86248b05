/* The GPU layer of a build without CUDA: every entry point says so, with
 * CUZK_ERR_UNSUPPORTED, which callers treat as "nothing to run on". */
#include "gpu_lab_internal.h"

#include <stdint.h>
#include <string.h>

#define NO_CUDA "this build has no CUDA back end (configured with CUZK_CUDA=OFF or no nvcc found)"

bool cuzk_gpu_built(void) { return false; }

int cuzk_gpu_versions(int *driver, int *runtime, cuzk_err *err)
{
    *driver = 0;
    *runtime = 0;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_device_count(int *count, cuzk_err *err)
{
    *count = 0;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_device_info_get(int index, cuzk_gpu_device_info *info, cuzk_err *err)
{
    (void)index;
    memset(info, 0, sizeof *info);
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_selftest_fp_add(int index, size_t n, uint64_t seed, cuzk_gpu_selftest_report *rep,
                             cuzk_err *err)
{
    (void)index;
    (void)n;
    (void)seed;
    if (rep) {
        memset(rep, 0, sizeof *rep);
        rep->first_mismatch = SIZE_MAX;
    }
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_ctx_create(cuzk_gpu_ctx **out, int device, cuzk_err *err)
{
    (void)device;
    if (out)
        *out = NULL;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

void cuzk_gpu_ctx_free(cuzk_gpu_ctx *ctx) { (void)ctx; }

int cuzk_gpu_sync(cuzk_gpu_ctx *ctx, cuzk_err *err)
{
    (void)ctx;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_alloc(cuzk_gpu_ctx *ctx, void **d_ptr, size_t bytes, cuzk_err *err)
{
    (void)ctx;
    (void)bytes;
    if (d_ptr)
        *d_ptr = NULL;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

void cuzk_gpu_free(cuzk_gpu_ctx *ctx, void *d_ptr)
{
    (void)ctx;
    (void)d_ptr;
}

int cuzk_gpu_upload(cuzk_gpu_ctx *ctx, void *d_dst, const void *src, size_t bytes, cuzk_err *err)
{
    (void)ctx;
    (void)d_dst;
    (void)src;
    (void)bytes;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_download(cuzk_gpu_ctx *ctx, void *dst, const void *d_src, size_t bytes, cuzk_err *err)
{
    (void)ctx;
    (void)dst;
    (void)d_src;
    (void)bytes;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_field_eval(cuzk_gpu_ctx *ctx, cuzk_gpu_field_op op, void *out, const void *a, const void *b,
                        size_t n, cuzk_err *err)
{
    (void)ctx;
    return cuzk_gpu_field_eval_host(op, out, a, b, n, err);
}

int cuzk_gpu_field_eval_host(cuzk_gpu_field_op op, void *out, const void *a, const void *b, size_t n,
                             cuzk_err *err)
{
    (void)op;
    (void)out;
    (void)a;
    (void)b;
    (void)n;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_g1_sum_host(cuzk_g1_proj *out, const cuzk_g1_affine *points, size_t n, unsigned doublings,
                         cuzk_err *err)
{
    (void)out;
    (void)points;
    (void)n;
    (void)doublings;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_fp2_pair_eval_host(cuzk_fp2 *out, const cuzk_fp2 *a, const cuzk_fp2 *b, size_t n, cuzk_err *err)
{
    (void)out;
    (void)a;
    (void)b;
    (void)n;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_fp2_pair_form_eval_host(unsigned form, cuzk_fp2 *out, const cuzk_fp2 *a, const cuzk_fp2 *b,
                                     const cuzk_fp2 *c, const cuzk_fp2 *d, size_t n, cuzk_err *err)
{
    (void)form;
    (void)out;
    (void)a;
    (void)b;
    (void)c;
    (void)d;
    (void)n;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_domain_create(cuzk_gpu_ctx *ctx, cuzk_gpu_domain **out, size_t n, cuzk_err *err)
{
    (void)ctx;
    (void)n;
    if (out)
        *out = NULL;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

void cuzk_gpu_domain_free(cuzk_gpu_domain *d) { (void)d; }

size_t cuzk_gpu_domain_size(const cuzk_gpu_domain *d)
{
    (void)d;
    return 0;
}

static int no_ntt(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err)
{
    (void)d;
    (void)d_a;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_domain_set_kernel(cuzk_gpu_domain *d, cuzk_gpu_ntt_kernel kernel, cuzk_err *err)
{
    (void)d;
    (void)kernel;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err) { return no_ntt(d, d_a, err); }
int cuzk_gpu_ifft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err) { return no_ntt(d, d_a, err); }
int cuzk_gpu_coset_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err) { return no_ntt(d, d_a, err); }
int cuzk_gpu_icoset_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err) { return no_ntt(d, d_a, err); }

int cuzk_gpu_compute_h(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_fr *d_b, cuzk_fr *d_c, cuzk_err *err)
{
    (void)d_b;
    (void)d_c;
    return no_ntt(d, d_a, err);
}

int cuzk_gpu_msm_create(cuzk_gpu_ctx *ctx, cuzk_gpu_msm **out, cuzk_err *err)
{
    return cuzk_gpu_msm_create_tuned(ctx, NULL, out, err);
}

int cuzk_gpu_msm_create_tuned(cuzk_gpu_ctx *ctx, const cuzk_gpu_msm_tuning *tuning, cuzk_gpu_msm **out,
                              cuzk_err *err)
{
    (void)ctx;
    (void)tuning;
    if (out)
        *out = NULL;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

void cuzk_gpu_msm_free(cuzk_gpu_msm *m) { (void)m; }

int cuzk_gpu_g1_msm(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_g1_affine *d_bases,
                    const cuzk_scalar *d_scalars, size_t n, cuzk_err *err)
{
    (void)m;
    (void)out;
    (void)d_bases;
    (void)d_scalars;
    (void)n;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_g2_msm(cuzk_gpu_msm *m, cuzk_g2_proj *out, const cuzk_g2_affine *d_bases,
                    const cuzk_scalar *d_scalars, size_t n, cuzk_err *err)
{
    (void)m;
    (void)out;
    (void)d_bases;
    (void)d_scalars;
    (void)n;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

void cuzk_gpu_msm_last_stats(const cuzk_gpu_msm *m, cuzk_gpu_msm_stats *st)
{
    (void)m;
    if (st)
        memset(st, 0, sizeof *st);
}

int cuzk_gpu_g1_pre_create(cuzk_gpu_ctx *ctx, cuzk_gpu_g1_pre **out, const cuzk_g1_affine *d_bases, size_t n,
                           unsigned c, unsigned mult, cuzk_err *err)
{
    (void)ctx;
    (void)d_bases;
    (void)n;
    (void)c;
    (void)mult;
    if (out)
        *out = NULL;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

void cuzk_gpu_g1_pre_free(cuzk_gpu_g1_pre *p) { (void)p; }

size_t cuzk_gpu_g1_pre_bytes(const cuzk_gpu_g1_pre *p)
{
    (void)p;
    return 0;
}

int cuzk_gpu_g1_msm_pre(cuzk_gpu_msm *m, cuzk_g1_proj *out, const cuzk_gpu_g1_pre *p,
                        const cuzk_scalar *d_scalars, size_t n, cuzk_err *err)
{
    (void)m;
    (void)out;
    (void)p;
    (void)d_scalars;
    (void)n;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_fill_scalars(cuzk_gpu_ctx *ctx, cuzk_scalar *d_scalars, size_t n, uint64_t seed, int kind,
                          cuzk_err *err)
{
    (void)ctx;
    (void)d_scalars;
    (void)n;
    (void)seed;
    (void)kind;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_fill_fr(cuzk_gpu_ctx *ctx, cuzk_fr *d_a, size_t n, uint64_t seed, cuzk_err *err)
{
    (void)ctx;
    (void)d_a;
    (void)n;
    (void)seed;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_tile(cuzk_gpu_ctx *ctx, void *d_dst, size_t count, const void *d_src, size_t src_count,
                  size_t elem_size, cuzk_err *err)
{
    (void)ctx;
    (void)d_dst;
    (void)count;
    (void)d_src;
    (void)src_count;
    (void)elem_size;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_arith_rate(cuzk_gpu_ctx *ctx, int what, double *per_s, cuzk_err *err)
{
    (void)ctx;
    (void)what;
    if (per_s)
        *per_s = 0;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_prover_create(cuzk_gpu_ctx *ctx, cuzk_gpu_prover **out, cuzk_err *err)
{
    return cuzk_gpu_prover_create_config(ctx, NULL, out, err);
}

int cuzk_gpu_prover_create_config(cuzk_gpu_ctx *ctx, const cuzk_gpu_prover_config *cfg, cuzk_gpu_prover **out,
                                  cuzk_err *err)
{
    (void)ctx;
    (void)cfg;
    if (out)
        *out = NULL;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

void cuzk_gpu_prover_free(cuzk_gpu_prover *p) { (void)p; }

int cuzk_gpu_groth16_prove(cuzk_gpu_prover *p, cuzk_params *params, const cuzk_witness *w, const cuzk_fr *r,
                           const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings,
                           cuzk_err *err)
{
    (void)p;
    (void)params;
    (void)w;
    (void)r;
    (void)s;
    (void)pool;
    (void)out;
    (void)timings;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}

int cuzk_gpu_groth16_prove_circuit(cuzk_gpu_prover *p, cuzk_params *params, const cuzk_circuit *circuit,
                                   const cuzk_fr *r, const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                                   cuzk_prove_timings *timings, cuzk_err *err)
{
    (void)p;
    (void)params;
    (void)circuit;
    (void)r;
    (void)s;
    (void)pool;
    (void)out;
    (void)timings;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, NO_CUDA);
}
