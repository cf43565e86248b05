/* The GPU layer of a build without CUDA: every entry point says so, with
 * CUZK_ERR_UNSUPPORTED, which callers treat as "nothing to run on". */
#include "cuzk/gpu.h"

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
