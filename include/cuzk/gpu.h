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

/* What one self-test run saw. */
typedef struct {
    size_t n;                /* pairs checked */
    size_t mismatches;       /* sums that differ from the CPU's */
    size_t first_mismatch;   /* index of the first one, SIZE_MAX when none */
    double kernel_ms;        /* the kernel alone (CUDA events) */
    double total_ms;         /* upload + kernel + download */
} cuzk_gpu_selftest_report;

/* true when this build carries the CUDA back end (a GPU may still be absent). */
bool cuzk_gpu_built(void);
/* CUDA driver and runtime versions as 1000*major + 10*minor. */
int cuzk_gpu_versions(int *driver, int *runtime, cuzk_err *err);
/* No driver or no device is CUZK_ERR_UNSUPPORTED with *count = 0, so a
 * caller can tell "nothing to run on" (skip) from a broken device
 * (CUZK_ERR_DEVICE). */
int cuzk_gpu_device_count(int *count, cuzk_err *err);
int cuzk_gpu_device_info_get(int index, cuzk_gpu_device_info *info, cuzk_err *err);
/* Adds n pseudo-random Fp pairs (seeded; a few edge cases first) on device
 * `index` with the device's own Fp code and compares every sum with the CPU's
 * cuzk_fp_add. Returns 0 only when all n match; a mismatch is CUZK_ERR_DEVICE
 * with the first bad pair in the message. rep may be NULL. The kernel's wait
 * is bounded: a device that does not finish gives an error, not a hang. */
int cuzk_gpu_selftest_fp_add(int index, size_t n, uint64_t seed,
                             cuzk_gpu_selftest_report *rep, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
