/* The GPU layer of a build without CUDA: every entry point says so. */
#include "cuzk/gpu.h"

bool cuzk_gpu_built(void) { return false; }

int cuzk_gpu_device_count(int *count, cuzk_err *err)
{
    *count = 0;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "this build has no CUDA back end (configured with CUZK_CUDA=OFF or no nvcc)");
}

int cuzk_gpu_device_info_get(int index, cuzk_gpu_device_info *info, cuzk_err *err)
{
    (void)index;
    (void)info;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "this build has no CUDA back end");
}

int cuzk_gpu_selftest_fp_add(int index, size_t n, uint64_t seed, size_t *mismatches, cuzk_err *err)
{
    (void)index;
    (void)n;
    (void)seed;
    *mismatches = 0;
    return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "this build has no CUDA back end");
}
