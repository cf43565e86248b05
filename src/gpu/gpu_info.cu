// Device listing (placeholder until the CUDA helper lands the real program).
#include "cuzk/gpu.h"
#include <cuda_runtime.h>

extern "C" bool cuzk_gpu_built(void) { return true; }

extern "C" int cuzk_gpu_device_count(int *count, cuzk_err *err)
{
    cudaError_t e = cudaGetDeviceCount(count);
    if (e != cudaSuccess) {
        *count = 0;
        return cuzk_err_set(err, CUZK_ERR_DEVICE, "cudaGetDeviceCount: %s", cudaGetErrorString(e));
    }
    return 0;
}

extern "C" int cuzk_gpu_device_info_get(int index, cuzk_gpu_device_info *info, cuzk_err *err)
{
    (void)index; (void)info;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "not yet");
}

extern "C" int cuzk_gpu_selftest_fp_add(int index, size_t n, uint64_t seed, size_t *mismatches, cuzk_err *err)
{
    (void)index; (void)n; (void)seed; *mismatches = 0;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "not yet");
}
