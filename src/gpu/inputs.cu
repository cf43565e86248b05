// Benchmark inputs made on the device, so that 2^27-element inputs cost no
// host time or PCIe traffic: scalars and Fr elements from a seeded hash of the
// index, and repetition of a smaller set of (host-made) points.
#include "gpu_impl.cuh"
#include "fr.cuh"

#include <string.h>

// splitmix64's finaliser: a good 64-bit mix of (seed, index, word).
static __device__ __forceinline__ uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static __device__ __forceinline__ uint64_t hash_word(uint64_t seed, size_t i, unsigned w)
{
    return mix64(seed ^ mix64((uint64_t)i * 4 + w));
}

static __global__ void fill_scalars_kernel(uint64_t *s, size_t n, uint64_t seed, int kind)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        uint64_t w[4];
        if (kind == 1) {
            w[0] = hash_word(seed, i, 0) >> 63;
            w[1] = w[2] = w[3] = 0;
        } else {
            for (unsigned k = 0; k < 4; k++)
                w[k] = hash_word(seed, i, k);
            w[3] &= 0x7fffffffffffffffull; // 255 bits: about 1 in 2.2 is >= r
        }
        ulonglong2 *p = (ulonglong2 *)(s + 4 * i);
        p[0] = make_ulonglong2(w[0], w[1]);
        p[1] = make_ulonglong2(w[2], w[3]);
    }
}

static __global__ void fill_fr_kernel(uint64_t *a, size_t n, uint64_t seed)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        uint64_t w[4];
        for (unsigned k = 0; k < 4; k++)
            w[k] = hash_word(seed, i, k);
        w[3] &= 0x3fffffffffffffffull; // < 2^254 < r
        ulonglong2 *p = (ulonglong2 *)(a + 4 * i);
        p[0] = make_ulonglong2(w[0], w[1]);
        p[1] = make_ulonglong2(w[2], w[3]);
    }
}

extern "C" int cuzk_gpu_fill_scalars(cuzk_gpu_ctx *ctx, cuzk_scalar *d_scalars, size_t n, uint64_t seed,
                                     int kind, cuzk_err *err)
{
    int rc = 0;
    if (!ctx || (!d_scalars && n) || (kind != 0 && kind != 1))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu fill scalars: bad argument");
    if (n == 0 || (rc = cuzk_gpu_ctx_enter(ctx, err)) != 0)
        return rc;
    fill_scalars_kernel<<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>((uint64_t *)d_scalars, n,
                                                                                 seed, kind);
    CUZK_GPU_LAUNCHED(err, rc, out);
out:
    return rc;
}

extern "C" int cuzk_gpu_fill_fr(cuzk_gpu_ctx *ctx, cuzk_fr *d_a, size_t n, uint64_t seed, cuzk_err *err)
{
    int rc = 0;
    if (!ctx || (!d_a && n))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu fill fr: bad argument");
    if (n == 0 || (rc = cuzk_gpu_ctx_enter(ctx, err)) != 0)
        return rc;
    fill_fr_kernel<<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>((uint64_t *)d_a, n, seed);
    CUZK_GPU_LAUNCHED(err, rc, out);
out:
    return rc;
}

extern "C" int cuzk_gpu_tile(cuzk_gpu_ctx *ctx, void *d_dst, size_t count, const void *d_src, size_t src_count,
                             size_t elem_size, cuzk_err *err)
{
    int rc = 0;
    if (!ctx || !d_dst || !d_src || src_count == 0 || elem_size == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu tile: bad argument");
    if ((rc = cuzk_gpu_ctx_enter(ctx, err)) != 0)
        return rc;
    // Copy the source once, then keep doubling what is already there.
    size_t done = count < src_count ? count : src_count;
    CUZK_CUDA_TRY(cudaMemcpyAsync(d_dst, d_src, done * elem_size, cudaMemcpyDeviceToDevice, ctx->stream),
                  err, rc, out);
    while (done < count) {
        size_t k = count - done < done ? count - done : done;
        CUZK_CUDA_TRY(cudaMemcpyAsync((char *)d_dst + done * elem_size, d_dst, k * elem_size,
                                      cudaMemcpyDeviceToDevice, ctx->stream),
                      err, rc, out);
        done += k;
    }
out:
    return rc;
}
