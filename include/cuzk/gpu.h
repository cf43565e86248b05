/* cuzk gpu: the CUDA back end behind plain C functions. In a build without
 * CUDA every function reports CUZK_ERR_UNSUPPORTED. */
#ifndef CUZK_GPU_H
#define CUZK_GPU_H

#include "cuzk/util.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int index;
    char name[256];
    int cc_major, cc_minor;        /* compute capability */
    int sm_count;
    size_t total_mem, free_mem;    /* bytes */
    int clock_khz, mem_clock_khz, mem_bus_bits;
} cuzk_gpu_device_info;

/* true when this build carries the CUDA back end (a GPU may still be absent). */
bool cuzk_gpu_built(void);
int cuzk_gpu_device_count(int *count, cuzk_err *err);
int cuzk_gpu_device_info_get(int index, cuzk_gpu_device_info *info, cuzk_err *err);
/* Adds n pseudo-random Fp pairs (seeded) on the device and compares every sum
 * with the CPU's. Returns 0 when all match; *mismatches gets the count. */
int cuzk_gpu_selftest_fp_add(int index, size_t n, uint64_t seed, size_t *mismatches, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
