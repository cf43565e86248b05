// CUDA runtime error handling for src/gpu: every runtime call goes through
// CUZK_CUDA_TRY so a failure becomes a cuzk_err naming the call, the source
// line and CUDA's own error name, instead of a silent wrong answer later.
#ifndef CUZK_GPU_CUDA_CHECK_CUH
#define CUZK_GPU_CUDA_CHECK_CUH

#include "cuzk/util.h"

#include <cuda_runtime.h>

// Builds the message and returns the cuzk code for a failed runtime call.
// "No driver" and "no device" are CUZK_ERR_UNSUPPORTED (nothing to run on,
// which tests treat as a skip); everything else is CUZK_ERR_DEVICE.
static inline int cuzk_gpu_cuda_fail(cuzk_err *err, cudaError_t e, const char *what,
                                     const char *file, int line)
{
    int code = (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver)
        ? CUZK_ERR_UNSUPPORTED : CUZK_ERR_DEVICE;
    return cuzk_err_set(err, code, "%s failed at %s:%d: %s (%s)", what, file, line,
                        cudaGetErrorString(e), cudaGetErrorName(e));
}

// Runs `call`; on failure stores the error in `rc` and jumps to `label`, so
// functions that own device buffers free them on one cleanup path.
#define CUZK_CUDA_TRY(call, err, rc, label) do {                                   \
        cudaError_t cuzk_e_ = (call);                                              \
        if (cuzk_e_ != cudaSuccess) {                                              \
            (rc) = cuzk_gpu_cuda_fail((err), cuzk_e_, #call, __FILE__, __LINE__);  \
            goto label;                                                            \
        }                                                                          \
    } while (0)

#endif
