// Device discovery for the CUDA back end: how many GPUs, and what each one is.
#include "cuzk/gpu.h"
#include "cuda_check.cuh"

#include <stdio.h>
#include <string.h>

extern "C" bool cuzk_gpu_built(void) { return true; }

extern "C" int cuzk_gpu_versions(int *driver, int *runtime, cuzk_err *err)
{
    int rc = 0;
    *driver = 0;
    *runtime = 0;
    // The runtime version is known without a driver; ask for it first so a
    // missing driver still reports which runtime this build carries.
    CUZK_CUDA_TRY(cudaRuntimeGetVersion(runtime), err, rc, out);
    CUZK_CUDA_TRY(cudaDriverGetVersion(driver), err, rc, out);
out:
    return rc;
}

extern "C" int cuzk_gpu_device_count(int *count, cuzk_err *err)
{
    int rc = 0;
    *count = 0;
    CUZK_CUDA_TRY(cudaGetDeviceCount(count), err, rc, fail);
    if (*count == 0)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "the CUDA runtime reports no device");
    return 0;
fail:
    // The runtime leaves count unspecified on failure; callers read 0.
    *count = 0;
    return rc;
}

extern "C" int cuzk_gpu_device_info_get(int index, cuzk_gpu_device_info *info, cuzk_err *err)
{
    int rc = 0, count = 0, prev = -1;
    cudaDeviceProp prop;
    memset(info, 0, sizeof *info);
    rc = cuzk_gpu_device_count(&count, err);
    if (rc != 0)
        return rc;
    if (index < 0 || index >= count)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "device index %d out of range (0..%d)",
                            index, count - 1);
    info->index = index;
    CUZK_CUDA_TRY(cudaGetDeviceProperties(&prop, index), err, rc, out);
    snprintf(info->name, sizeof info->name, "%s", prop.name);
    info->cc_major = prop.major;
    info->cc_minor = prop.minor;
    info->sm_count = prop.multiProcessorCount;
    // CUDA 13 dropped the clock fields from cudaDeviceProp; the attributes remain.
    CUZK_CUDA_TRY(cudaDeviceGetAttribute(&info->clock_khz, cudaDevAttrClockRate, index), err, rc, out);
    CUZK_CUDA_TRY(cudaDeviceGetAttribute(&info->mem_clock_khz, cudaDevAttrMemoryClockRate, index),
                  err, rc, out);
    CUZK_CUDA_TRY(cudaDeviceGetAttribute(&info->mem_bus_bits, cudaDevAttrGlobalMemoryBusWidth, index),
                  err, rc, out);
    // Free memory needs a context on that device; restore the caller's
    // current device afterwards so listing does not change where work goes.
    CUZK_CUDA_TRY(cudaGetDevice(&prev), err, rc, out);
    CUZK_CUDA_TRY(cudaSetDevice(index), err, rc, out);
    CUZK_CUDA_TRY(cudaMemGetInfo(&info->free_mem, &info->total_mem), err, rc, restore);
restore:
    if (prev >= 0 && prev != index) {
        cudaError_t e = cudaSetDevice(prev);
        if (e != cudaSuccess && rc == 0)
            rc = cuzk_gpu_cuda_fail(err, e, "cudaSetDevice(previous)", __FILE__, __LINE__);
    }
out:
    return rc;
}
