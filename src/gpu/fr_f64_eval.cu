// The FP64-assisted Fr product (fr_f64.cuh) element-wise on the host and on
// the device, for the checks against libcuzk (tests/gpu/test_gpu_fr_f64.c).
#include "gpu_impl.cuh"
#include "fr_f64.cuh"
#include "fr_f64.h"

#include <string.h>

static bool fr_canonical(const cuzk_fr *x)
{
    for (int i = 3; i >= 0; i--)
        if (x->l[i] != CUZK_FR_MODULUS[i])
            return x->l[i] < CUZK_FR_MODULUS[i];
    return false;
}

static int check_args(int variant, const cuzk_fr *a, const cuzk_fr *b, size_t n, cuzk_err *err)
{
    if (variant != CUZK_GPU_FR_F64_V_SINGLES && variant != CUZK_GPU_FR_F64_V_PAIRS &&
        variant != CUZK_GPU_FR_F64_V_BROKEN)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "fr f64 product: unknown variant %d", variant);
    if (n == 0 || !a || !b)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "fr f64 product: no elements");
    for (size_t i = 0; i < n; i++)
        if (!fr_canonical(&a[i]) || !fr_canonical(&b[i]))
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "fr f64 product: input %zu is not below the modulus r", i);
    return 0;
}

template <int V>
CUZK_GPU_HD void f64_apply(cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b)
{
    cuzk_gpu_fr_f64 bd;
    cuzk_gpu_fr_to_f64(&bd, b);
    cuzk_gpu_fr_mul_f64<V>(r, a, &bd);
}

CUZK_GPU_HD void f64_apply_v(int v, cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b)
{
    if (v == CUZK_GPU_FR_F64_V_PAIRS)
        f64_apply<CUZK_GPU_FR_F64_PAIRS>(r, a, b);
    else if (v == CUZK_GPU_FR_F64_V_BROKEN)
        f64_apply<CUZK_GPU_FR_F64_PAIRS | CUZK_GPU_FR_F64_BROKEN>(r, a, b);
    else
        f64_apply<0>(r, a, b);
}

extern "C" int cuzk_gpu_fr_f64_mul_host(int variant, cuzk_fr *out, const cuzk_fr *a, const cuzk_fr *b, size_t n,
                                        cuzk_err *err)
{
    int rc = check_args(variant, a, b, n, err);
    if (rc != 0)
        return rc;
    for (size_t i = 0; i < n; i++) {
        cuzk_gpu_fr x, y, z; // copies: the host arrays need not be 16-byte aligned
        memcpy(&x, &a[i], sizeof x);
        memcpy(&y, &b[i], sizeof y);
        f64_apply_v(variant, &z, &x, &y);
        memcpy(&out[i], &z, sizeof z);
    }
    return 0;
}

static __global__ void f64_mul_kernel(int variant, cuzk_gpu_fr *r, const cuzk_gpu_fr *a, const cuzk_gpu_fr *b,
                                      size_t n)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        cuzk_gpu_fr x = a[i], y = b[i], z;
        f64_apply_v(variant, &z, &x, &y);
        r[i] = z;
    }
}

extern "C" int cuzk_gpu_fr_f64_mul(cuzk_gpu_ctx *ctx, int variant, cuzk_fr *out, const cuzk_fr *a,
                                   const cuzk_fr *b, size_t n, cuzk_err *err)
{
    int rc = check_args(variant, a, b, n, err);
    if (rc != 0)
        return rc;
    const size_t bytes = n * sizeof(cuzk_gpu_fr);
    if (n > SIZE_MAX / (3 * sizeof(cuzk_gpu_fr)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "fr f64 product: %zu elements overflow", n);
    cuzk_gpu_fr *d = NULL;
    if ((rc = cuzk_gpu_alloc(ctx, (void **)&d, 3 * bytes, err)) != 0)
        return rc;
    rc = cuzk_gpu_upload(ctx, d + n, a, bytes, err);
    if (rc == 0)
        rc = cuzk_gpu_upload(ctx, d + 2 * n, b, bytes, err);
    if (rc == 0) {
        // Poison the output so a kernel that never writes cannot pass.
        CUZK_CUDA_TRY(cudaMemsetAsync(d, 0xa5, bytes, ctx->stream), err, rc, out);
        f64_mul_kernel<<<cuzk_gpu_blocks(ctx, n, 256, 8), 256, 0, ctx->stream>>>(variant, d, d + n, d + 2 * n, n);
        CUZK_GPU_LAUNCHED(err, rc, out);
        rc = cuzk_gpu_download(ctx, out, d, bytes, err);
    }
out:
    cuzk_gpu_free(ctx, d);
    return rc;
}
