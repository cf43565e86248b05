// The Groth16 prover's GPU back end (src/groth16/backend.h): H on the device
// NTT and kept there for its MSM (converted to canonical scalars on the
// device), the G1 MSMs on the device MSM with each base vector uploaded once
// and kept resident, and B in G2 on the device G2 MSM (its bases resident
// too) on a context and stream of its own, driven from the prover's G2
// thread, so that it overlaps the H and G1 work.
//
// The config (cuzk_gpu_prover_config) can put B_G2 on the host CPUs (the
// pool, on the same thread), or have the CPUs sum the first k% (0..90) of
// the B_G2 points while the device sums the rest (the sum is exact, so the
// proof is the same either way).
#include "gpu_impl.cuh"
#include "fr.cuh"
// backend.h is a C header without C++ guards.
extern "C" {
#include "groth16/backend.h"
}

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define G1_VECTORS 4 // H, L, A, B_G1

struct cuzk_gpu_prover {
    cuzk_gpu_ctx *ctx;
    cuzk_gpu_msm *msm;
    cuzk_gpu_domain *dom;   // for the last m
    cuzk_fr *d_abc;         // 3 m elements
    size_t cap_abc;
    uint64_t h_kept;        // m - 1 when d_abc holds H's canonical scalars, else 0
    cuzk_scalar *d_scalars;
    size_t cap_scalars;
    struct {
        const cuzk_g1_affine *host; // what the resident copy was made from
        size_t n;
        cuzk_g1_affine ends[2];     // its first and last points, to notice new params at an old address
        cuzk_g1_affine *d;
    } bases[G1_VECTORS];
    // B_G2: where it runs, and the device side's own context (stream),
    // workspace, resident bases and scalars.
    bool g2_device;
    unsigned g2_cpu_pct;
    cuzk_gpu_ctx *g2_ctx;
    cuzk_gpu_msm *g2_msm;
    struct {
        const cuzk_g2_affine *host;
        size_t n;
        cuzk_g2_affine ends[2];
        cuzk_g2_affine *d;
    } g2_bases;
    cuzk_scalar *d_g2_scalars;
    size_t cap_g2_scalars;
};

static int grow(cuzk_gpu_ctx *ctx, void **p, size_t *cap, size_t bytes, cuzk_err *err)
{
    if (bytes <= *cap)
        return 0;
    cuzk_gpu_free(ctx, *p);
    *p = NULL;
    *cap = 0;
    int rc = cuzk_gpu_alloc(ctx, p, bytes, err);
    if (rc == 0)
        *cap = bytes;
    return rc;
}

static int gpu_compute_h(void *vp, const cuzk_domain *d, cuzk_fr *a, cuzk_fr *b, cuzk_fr *c, cuzk_pool *pool,
                         cuzk_err *err)
{
    cuzk_gpu_prover *p = (cuzk_gpu_prover *)vp;
    const size_t m = d->m, bytes = m * sizeof(cuzk_fr);
    int rc = 0;
    (void)pool;
    if (!p->dom || cuzk_gpu_domain_size(p->dom) != m) {
        cuzk_gpu_domain_free(p->dom);
        p->dom = NULL;
        if ((rc = cuzk_gpu_domain_create(p->ctx, &p->dom, m, err)) != 0)
            return rc;
    }
    if ((rc = grow(p->ctx, (void **)&p->d_abc, &p->cap_abc, 3 * bytes, err)) != 0 ||
        (rc = cuzk_gpu_upload(p->ctx, p->d_abc, a, bytes, err)) != 0 ||
        (rc = cuzk_gpu_upload(p->ctx, p->d_abc + m, b, bytes, err)) != 0 ||
        (rc = cuzk_gpu_upload(p->ctx, p->d_abc + 2 * m, c, bytes, err)) != 0 ||
        (rc = cuzk_gpu_compute_h(p->dom, p->d_abc, p->d_abc + m, p->d_abc + 2 * m, err)) != 0)
        return rc;
    return cuzk_gpu_download(p->ctx, a, p->d_abc, bytes, err);
}

// Montgomery form -> canonical value: the product with the plain integer 1.
static __global__ void to_canonical_kernel(cuzk_gpu_fr *x, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    cuzk_gpu_fr one = { { 1, 0, 0, 0, 0, 0, 0, 0 } };
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        cuzk_gpu_fr a = x[i];
        cuzk_gpu_fr_mul(&a, &a, &one);
        x[i] = a;
    }
}

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

// H from the witness's evaluations, left on the device as canonical scalars
// for msm_g1(CUZK_PARAMS_H, NULL): only the n given values of a, b, c travel.
static int gpu_compute_h_kept(void *vp, uint64_t m, const cuzk_fr *a, const cuzk_fr *b, const cuzk_fr *c,
                              uint64_t n, cuzk_err *err)
{
    cuzk_gpu_prover *p = (cuzk_gpu_prover *)vp;
    const size_t bytes = m * sizeof(cuzk_fr), nb = n * sizeof(cuzk_fr);
    int rc = 0;
    p->h_kept = 0;
    if (n > m || m < 2)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu prover: %llu constraints for a domain of %llu",
                            (unsigned long long)n, (unsigned long long)m);
    uint64_t t0 = cuzk_now_ns();
    if (!p->dom || cuzk_gpu_domain_size(p->dom) != m) {
        cuzk_gpu_domain_free(p->dom);
        p->dom = NULL;
        if ((rc = cuzk_gpu_domain_create(p->ctx, &p->dom, m, err)) != 0)
            return rc;
        cuzk_log("groth16 prove [gpu]: domain 2^%u made in %.1f ms", __builtin_ctzll(m), ms_since(t0));
        t0 = cuzk_now_ns();
    }
    if ((rc = grow(p->ctx, (void **)&p->d_abc, &p->cap_abc, 3 * bytes, err)) != 0)
        return rc;
    const cuzk_fr *src[3] = { a, b, c };
    for (int i = 0; i < 3; i++) {
        cuzk_fr *d = p->d_abc + (size_t)i * m;
        if ((rc = cuzk_gpu_upload(p->ctx, d, src[i], nb, err)) != 0)
            return rc;
        if (m > n) {
            CUZK_CUDA_TRY(cudaMemsetAsync(d + n, 0, bytes - nb, p->ctx->stream), err, rc, out);
        }
    }
    if ((rc = cuzk_gpu_sync(p->ctx, err)) != 0)
        return rc;
    cuzk_log("groth16 prove [gpu]: a, b, c uploaded (%.0f MB) in %.1f ms", 3.0 * (double)nb / 1e6, ms_since(t0));
    t0 = cuzk_now_ns();
    if ((rc = cuzk_gpu_compute_h(p->dom, p->d_abc, p->d_abc + m, p->d_abc + 2 * m, err)) != 0)
        return rc;
    to_canonical_kernel<<<cuzk_gpu_blocks(p->ctx, m - 1, 256, 8), 256, 0, p->ctx->stream>>>(
        (cuzk_gpu_fr *)p->d_abc, m - 1);
    CUZK_GPU_LAUNCHED(err, rc, out);
    if ((rc = cuzk_gpu_sync(p->ctx, err)) != 0)
        return rc;
    cuzk_log("groth16 prove [gpu]: H NTTs %.1f ms", ms_since(t0));
    p->h_kept = m - 1;
out:
    return rc;
}

static int gpu_msm_g1(void *vp, cuzk_params_vector which, uint64_t first, cuzk_g1_proj *out,
                      const cuzk_g1_affine *bases, const cuzk_scalar *scalars, size_t n, cuzk_pool *pool,
                      cuzk_err *err)
{
    cuzk_gpu_prover *p = (cuzk_gpu_prover *)vp;
    int rc = 0;
    (void)pool;
    (void)first; // the resident copy is keyed by the host pointer, which includes it
    if ((unsigned)which >= G1_VECTORS)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu prover: G1 vector %d", (int)which);
    if (!scalars && (which != CUZK_PARAMS_H || p->h_kept != n))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "gpu prover: no scalars, and no H of %zu values kept on the device", n);
    if (n == 0) {
        cuzk_g1_proj_infinity(out);
        return 0;
    }
    // Bases stay on the device between proofs: upload only what is new.
    if (p->bases[which].host != bases || p->bases[which].n < n ||
        memcmp(&p->bases[which].ends[0], &bases[0], sizeof *bases) ||
        memcmp(&p->bases[which].ends[1], &bases[p->bases[which].n - 1], sizeof *bases)) {
        cuzk_gpu_free(p->ctx, p->bases[which].d);
        p->bases[which].d = NULL;
        p->bases[which].host = NULL;
        if ((rc = cuzk_gpu_alloc(p->ctx, (void **)&p->bases[which].d, n * sizeof *bases, err)) != 0 ||
            (rc = cuzk_gpu_upload(p->ctx, p->bases[which].d, bases, n * sizeof *bases, err)) != 0)
            return rc;
        p->bases[which].host = bases;
        p->bases[which].n = n;
        p->bases[which].ends[0] = bases[0];
        p->bases[which].ends[1] = bases[n - 1];
    }
    if (!scalars) { // H, kept on the device by gpu_compute_h_kept
        rc = cuzk_gpu_g1_msm(p->msm, out, p->bases[which].d, (const cuzk_scalar *)p->d_abc, n, err);
        p->h_kept = 0;
        return rc;
    }
    if ((rc = grow(p->ctx, (void **)&p->d_scalars, &p->cap_scalars, n * sizeof *scalars, err)) != 0 ||
        (rc = cuzk_gpu_upload(p->ctx, p->d_scalars, scalars, n * sizeof *scalars, err)) != 0)
        return rc;
    return cuzk_gpu_g1_msm(p->msm, out, p->bases[which].d, p->d_scalars, n, err);
}

// The CPU's share of a split B_G2 (on a thread of its own, with the pool).
typedef struct {
    cuzk_g2_proj out;
    const cuzk_g2_affine *bases;
    const cuzk_scalar *scalars;
    size_t n;
    cuzk_pool *pool;
} g2_cpu_part;

static void *g2_cpu_main(void *arg)
{
    g2_cpu_part *c = (g2_cpu_part *)arg;
    cuzk_g2_msm(&c->out, c->bases, c->scalars, c->n, c->pool);
    return NULL;
}

// The device's share: bases[first, n) against scalars[first, n), the whole
// base vector resident on the device after its first upload.
static int g2_device_part(cuzk_gpu_prover *p, cuzk_g2_proj *out, const cuzk_g2_affine *bases,
                          const cuzk_scalar *scalars, size_t first, size_t n, cuzk_err *err)
{
    int rc = 0;
    if (!p->g2_ctx) {
        if ((rc = cuzk_gpu_ctx_create(&p->g2_ctx, p->ctx->device, err)) != 0)
            return rc;
        if ((rc = cuzk_gpu_msm_create(p->g2_ctx, &p->g2_msm, err)) != 0) {
            cuzk_gpu_ctx_free(p->g2_ctx);
            p->g2_ctx = NULL;
            return rc;
        }
    }
    cuzk_gpu_ctx *ctx = p->g2_ctx;
    if (p->g2_bases.host != bases || p->g2_bases.n < n ||
        memcmp(&p->g2_bases.ends[0], &bases[0], sizeof *bases) ||
        memcmp(&p->g2_bases.ends[1], &bases[p->g2_bases.n - 1], sizeof *bases)) {
        cuzk_gpu_free(ctx, p->g2_bases.d);
        p->g2_bases.d = NULL;
        p->g2_bases.host = NULL;
        if ((rc = cuzk_gpu_alloc(ctx, (void **)&p->g2_bases.d, n * sizeof *bases, err)) != 0 ||
            (rc = cuzk_gpu_upload(ctx, p->g2_bases.d, bases, n * sizeof *bases, err)) != 0)
            return rc;
        p->g2_bases.host = bases;
        p->g2_bases.n = n;
        p->g2_bases.ends[0] = bases[0];
        p->g2_bases.ends[1] = bases[n - 1];
    }
    const size_t k = n - first;
    if ((rc = grow(ctx, (void **)&p->d_g2_scalars, &p->cap_g2_scalars, k * sizeof *scalars, err)) != 0 ||
        (rc = cuzk_gpu_upload(ctx, p->d_g2_scalars, scalars + first, k * sizeof *scalars, err)) != 0)
        return rc;
    return cuzk_gpu_g2_msm(p->g2_msm, out, p->g2_bases.d + first, p->d_g2_scalars, k, err);
}

static int gpu_msm_g2(void *vp, uint64_t first, cuzk_g2_proj *out, const cuzk_g2_affine *bases,
                      const cuzk_scalar *scalars, size_t n, cuzk_pool *pool, cuzk_err *err)
{
    cuzk_gpu_prover *p = (cuzk_gpu_prover *)vp;
    (void)first; // the resident copy is keyed by the host pointer, which includes it
    if (!p->g2_device || n == 0) {
        cuzk_g2_msm(out, bases, scalars, n, pool);
        return 0;
    }
    g2_cpu_part cpu = { {}, bases, scalars, n * p->g2_cpu_pct / 100, pool };
    pthread_t th;
    bool started = false;
    if (cpu.n > 0) {
        if (pthread_create(&th, NULL, g2_cpu_main, &cpu) != 0)
            cpu.n = 0; // no thread: the device takes it all
        else
            started = true;
    }
    int rc = g2_device_part(p, out, bases, scalars, cpu.n, n, err);
    if (started) {
        pthread_join(th, NULL);
        if (rc == 0)
            cuzk_g2_proj_add(out, out, &cpu.out);
    }
    return rc;
}

extern "C" int cuzk_gpu_prover_create(cuzk_gpu_ctx *ctx, cuzk_gpu_prover **out, cuzk_err *err)
{
    return cuzk_gpu_prover_create_config(ctx, NULL, out, err);
}

extern "C" int cuzk_gpu_prover_create_config(cuzk_gpu_ctx *ctx, const cuzk_gpu_prover_config *cfg,
                                             cuzk_gpu_prover **out, cuzk_err *err)
{
    if (!ctx || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu prover: NULL argument");
    *out = NULL;
    const cuzk_gpu_prover_config dflt = {};
    if (!cfg)
        cfg = &dflt;
    if (cfg->b_g2_cpu_pct > CUZK_GPU_B_G2_CPU_PCT_MAX)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu prover: b_g2_cpu_pct %u is above %u",
                            cfg->b_g2_cpu_pct, CUZK_GPU_B_G2_CPU_PCT_MAX);
    cuzk_gpu_prover *p = (cuzk_gpu_prover *)calloc(1, sizeof *p);
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu prover: allocation failed");
    p->ctx = ctx;
    p->g2_device = !cfg->b_g2_on_cpu;
    p->g2_cpu_pct = cfg->b_g2_cpu_pct;
    cuzk_log("gpu prover: B_G2 on the %s%s", p->g2_device ? "device" : "CPU",
             p->g2_device && p->g2_cpu_pct ? " with a CPU share" : "");
    if (p->g2_device && p->g2_cpu_pct)
        cuzk_log("gpu prover: B_G2 CPU share %u%%", p->g2_cpu_pct);
    int rc = cuzk_gpu_msm_create(ctx, &p->msm, err);
    if (rc != 0) {
        free(p);
        return rc;
    }
    *out = p;
    return 0;
}

extern "C" void cuzk_gpu_prover_free(cuzk_gpu_prover *p)
{
    if (!p)
        return;
    cuzk_gpu_msm_free(p->msm);
    cuzk_gpu_domain_free(p->dom);
    cuzk_gpu_free(p->ctx, p->d_abc);
    cuzk_gpu_free(p->ctx, p->d_scalars);
    for (int i = 0; i < G1_VECTORS; i++)
        cuzk_gpu_free(p->ctx, p->bases[i].d);
    if (p->g2_ctx) {
        cuzk_gpu_msm_free(p->g2_msm);
        cuzk_gpu_free(p->g2_ctx, p->g2_bases.d);
        cuzk_gpu_free(p->g2_ctx, p->d_g2_scalars);
        cuzk_gpu_ctx_free(p->g2_ctx);
    }
    free(p);
}

// H and the G1 MSMs on the device; B_G2 on its own thread (device, CPU or both).
static void backend_of(cuzk_gpu_prover *p, cuzk_groth16_backend *be)
{
    memset(be, 0, sizeof *be);
    be->name = "gpu";
    be->ctx = p;
    be->compute_h = gpu_compute_h;
    be->msm_g1 = gpu_msm_g1;
    be->msm_g2 = gpu_msm_g2;
    be->compute_h_kept = gpu_compute_h_kept;
    be->g2_concurrent = true;
}

extern "C" int cuzk_gpu_groth16_prove(cuzk_gpu_prover *p, cuzk_params *params, const cuzk_witness *w,
                                      const cuzk_fr *r, const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                                      cuzk_prove_timings *timings, cuzk_err *err)
{
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu prover: NULL prover");
    cuzk_groth16_backend be;
    backend_of(p, &be);
    return cuzk_groth16_prove_with(&be, params, w, r, s, pool, out, timings, err);
}

extern "C" int cuzk_gpu_groth16_prove_circuit(cuzk_gpu_prover *p, cuzk_params *params, const cuzk_circuit *circuit,
                                              const cuzk_fr *r, const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                                              cuzk_prove_timings *timings, cuzk_err *err)
{
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu prover: NULL prover");
    cuzk_groth16_backend be;
    backend_of(p, &be);
    return cuzk_groth16_prove_circuit_with(&be, params, circuit, r, s, pool, out, timings, err);
}
