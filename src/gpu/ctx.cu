// The device context: one GPU, one stream, and the bounded wait on it.
#include "gpu_impl.cuh"

#include <stdlib.h>
#include <time.h>

// The longest single operation (a 2^28 MSM) takes seconds; minutes means the
// device is wedged and the caller deserves an error, not a hang.
#define CUZK_GPU_SYNC_TIMEOUT_S 300

extern "C" int cuzk_gpu_ctx_create(cuzk_gpu_ctx **out, int device, cuzk_err *err)
{
    int rc = 0, count = 0;
    cuzk_gpu_ctx *ctx = NULL;
    if (!out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu ctx: NULL output pointer");
    *out = NULL;
    rc = cuzk_gpu_device_count(&count, err);
    if (rc != 0)
        return rc;
    if (device < 0 || device >= count)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "device index %d out of range (0..%d)",
                            device, count - 1);
    ctx = (cuzk_gpu_ctx *)calloc(1, sizeof *ctx);
    if (!ctx)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu ctx: allocation failed");
    ctx->device = device;
    CUZK_CUDA_TRY(cudaSetDevice(device), err, rc, fail);
    CUZK_CUDA_TRY(cudaDeviceGetAttribute(&ctx->sm_count, cudaDevAttrMultiProcessorCount, device),
                  err, rc, fail);
    CUZK_CUDA_TRY(cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking), err, rc, fail);
    *out = ctx;
    return 0;
fail:
    free(ctx);
    return rc;
}

extern "C" void cuzk_gpu_ctx_free(cuzk_gpu_ctx *ctx)
{
    if (!ctx)
        return;
    if (cudaSetDevice(ctx->device) == cudaSuccess && ctx->stream) {
        cudaStreamSynchronize(ctx->stream);
        cudaStreamDestroy(ctx->stream);
    }
    free(ctx);
}

extern "C" int cuzk_gpu_sync(cuzk_gpu_ctx *ctx, cuzk_err *err)
{
    int rc = cuzk_gpu_ctx_enter(ctx, err);
    if (rc != 0)
        return rc;
    uint64_t deadline = cuzk_now_ns() + (uint64_t)CUZK_GPU_SYNC_TIMEOUT_S * 1000000000u;
    // Spin briefly first: most waits are short and a sleep would add latency
    // to every timed operation.
    for (unsigned spins = 0;; spins++) {
        cudaError_t e = cudaStreamQuery(ctx->stream);
        if (e == cudaSuccess)
            return 0;
        if (e != cudaErrorNotReady)
            return cuzk_gpu_cuda_fail(err, e, "work queued on the device", __FILE__, __LINE__);
        if (cuzk_now_ns() > deadline)
            return cuzk_err_set(err, CUZK_ERR_DEVICE,
                                "device work did not finish within %d s: the device looks hung",
                                CUZK_GPU_SYNC_TIMEOUT_S);
        if (spins > 1000) {
            struct timespec ts = { 0, 50000 };
            nanosleep(&ts, NULL);
        }
    }
}

extern "C" int cuzk_gpu_alloc(cuzk_gpu_ctx *ctx, void **d_ptr, size_t bytes, cuzk_err *err)
{
    int rc = cuzk_gpu_ctx_enter(ctx, err);
    *d_ptr = NULL;
    if (rc != 0)
        return rc;
    cudaError_t e = cudaMalloc(d_ptr, bytes ? bytes : 1);
    if (e != cudaSuccess) {
        *d_ptr = NULL;
        cudaGetLastError(); // so a later launch check does not report it again
        return cuzk_err_set(err, e == cudaErrorMemoryAllocation ? CUZK_ERR_OUT_OF_MEMORY : CUZK_ERR_DEVICE,
                            "cudaMalloc of %zu bytes on device %d: %s", bytes, ctx->device,
                            cudaGetErrorString(e));
    }
    return 0;
}

extern "C" void cuzk_gpu_free(cuzk_gpu_ctx *ctx, void *d_ptr)
{
    if (!d_ptr || !ctx)
        return;
    if (cudaSetDevice(ctx->device) == cudaSuccess)
        cudaFree(d_ptr);
}

static int copy(cuzk_gpu_ctx *ctx, void *dst, const void *src, size_t bytes, cudaMemcpyKind kind,
                cuzk_err *err)
{
    int rc = cuzk_gpu_ctx_enter(ctx, err);
    if (rc != 0 || bytes == 0)
        return rc;
    CUZK_CUDA_TRY(cudaMemcpyAsync(dst, src, bytes, kind, ctx->stream), err, rc, out);
    rc = cuzk_gpu_sync(ctx, err);
out:
    return rc;
}

extern "C" int cuzk_gpu_upload(cuzk_gpu_ctx *ctx, void *d_dst, const void *src, size_t bytes,
                               cuzk_err *err)
{
    return copy(ctx, d_dst, src, bytes, cudaMemcpyHostToDevice, err);
}

extern "C" int cuzk_gpu_download(cuzk_gpu_ctx *ctx, void *dst, const void *d_src, size_t bytes,
                                 cuzk_err *err)
{
    return copy(ctx, dst, d_src, bytes, cudaMemcpyDeviceToHost, err);
}
