// Private to src/gpu: the context object and the launch helpers every .cu uses.
#ifndef CUZK_GPU_IMPL_CUH
#define CUZK_GPU_IMPL_CUH

#include "gpu_lab_internal.h"
#include "cuda_check.cuh"

struct cuzk_gpu_ctx {
    int device;
    int sm_count;
    cudaStream_t stream;
};

// Makes ctx's device current for the calling thread (the runtime keeps the
// current device per thread, so every entry point sets it).
static inline int cuzk_gpu_ctx_enter(cuzk_gpu_ctx *ctx, cuzk_err *err)
{
    int rc = 0;
    CUZK_CUDA_TRY(cudaSetDevice(ctx->device), err, rc, out);
out:
    return rc;
}

// Host side: an XYZZ point as downloaded (X, Y, ZZ, ZZZ, 48 bytes each) to
// the CPU's Jacobian form, without an inversion.
void cuzk_gpu_g1_xyzz_to_proj(cuzk_g1_proj *r, const void *xyzz);

// A launch's configuration errors appear only here, not at the <<<>>> itself.
#define CUZK_GPU_LAUNCHED(err, rc, label) CUZK_CUDA_TRY(cudaGetLastError(), err, rc, label)

// Blocks for a grid-stride loop over n items: enough to fill the device,
// never more than the items need.
static inline unsigned cuzk_gpu_blocks(const cuzk_gpu_ctx *ctx, size_t n, unsigned threads,
                                       unsigned per_sm)
{
    size_t want = (n + threads - 1) / threads;
    size_t cap = (size_t)ctx->sm_count * per_sm;
    if (want > cap)
        want = cap;
    return want ? (unsigned)want : 1u;
}

#endif
