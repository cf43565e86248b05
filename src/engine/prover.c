/* Choosing the Groth16 prover back end (cpu | gpu | auto) behind one handle,
 * so that one binary serves machines with and without a device. Plain C,
 * built with and without CUDA: in a CPU-only build the cuzk_gpu_* calls are
 * the stubs of gpu_none.c, which report "no CUDA", and auto picks the CPU. */
#include "cuzk/engine.h"
#include "cuzk/gpu.h"

#include <stdlib.h>
#include <string.h>

struct cuzk_prover {
    cuzk_backend_kind kind;   /* CPU or GPU, never AUTO */
    cuzk_gpu_ctx *ctx;        /* GPU only */
    cuzk_gpu_prover *gpu;
};

int cuzk_backend_parse(const char *name, cuzk_backend_kind *out, cuzk_err *err)
{
    if (!name || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "backend: NULL argument");
    if (!strcmp(name, "cpu"))
        *out = CUZK_BACKEND_CPU;
    else if (!strcmp(name, "gpu"))
        *out = CUZK_BACKEND_GPU;
    else if (!strcmp(name, "auto"))
        *out = CUZK_BACKEND_AUTO;
    else
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "backend '%s' is not one of cpu, gpu, auto", name);
    return 0;
}

int cuzk_prover_create(cuzk_prover **out, cuzk_backend_kind kind, int device, cuzk_err *err)
{
    if (!out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prover: NULL output pointer");
    *out = NULL;
    if (kind != CUZK_BACKEND_AUTO && kind != CUZK_BACKEND_CPU && kind != CUZK_BACKEND_GPU)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prover: unknown back end %d", (int)kind);
    if (kind == CUZK_BACKEND_AUTO) {
        int count = 0;
        cuzk_err probe = { 0 };
        /* no CUDA, no driver or no device: the CPU; a broken driver too, with a note */
        int rc = cuzk_gpu_device_count(&count, &probe);
        if (rc && rc != CUZK_ERR_UNSUPPORTED)
            cuzk_log("prover: auto: the device query failed (%s); using the CPU", probe.msg);
        kind = rc == 0 && count > device && device >= 0 ? CUZK_BACKEND_GPU : CUZK_BACKEND_CPU;
    }
    cuzk_prover *p = calloc(1, sizeof *p);
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "prover: allocation failed");
    p->kind = kind;
    if (kind == CUZK_BACKEND_GPU) {
        int rc = cuzk_gpu_ctx_create(&p->ctx, device, err);
        if (!rc)
            rc = cuzk_gpu_prover_create(p->ctx, &p->gpu, err);
        if (rc) {
            cuzk_prover_free(p);
            return rc;
        }
    }
    cuzk_log("prover: back end %s", cuzk_prover_backend(p));
    *out = p;
    return 0;
}

void cuzk_prover_free(cuzk_prover *p)
{
    if (!p)
        return;
    cuzk_gpu_prover_free(p->gpu);
    cuzk_gpu_ctx_free(p->ctx);
    free(p);
}

const char *cuzk_prover_backend(const cuzk_prover *p)
{
    return p && p->kind == CUZK_BACKEND_GPU ? "gpu" : "cpu";
}

int cuzk_prover_prove(cuzk_prover *p, cuzk_params *params, const cuzk_witness *w, const cuzk_fr *r,
                      const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings,
                      cuzk_err *err)
{
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prover: NULL prover");
    if (p->kind == CUZK_BACKEND_GPU) {
        if (timings)
            timings->synthesis_ms = 0;
        return cuzk_gpu_groth16_prove(p->gpu, params, w, r, s, pool, out, timings, err);
    }
    return cuzk_groth16_prove(params, w, r, s, pool, out, timings, err);
}

int cuzk_prover_prove_circuit(cuzk_prover *p, cuzk_params *params, const cuzk_circuit *circuit, const cuzk_fr *r,
                              const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings,
                              cuzk_err *err)
{
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prover: NULL prover");
    if (p->kind == CUZK_BACKEND_GPU)
        return cuzk_gpu_groth16_prove_circuit(p->gpu, params, circuit, r, s, pool, out, timings, err);
    return cuzk_groth16_prove_circuit(params, circuit, r, s, pool, out, timings, err);
}
