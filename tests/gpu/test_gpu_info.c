/* The GPU self-test as a ctest test (label gpu): lists the devices and adds
 * 1M random Fp pairs on each, compared with the CPU. Exits 77 (ctest SKIP)
 * when there is nothing to run on: a build without CUDA, no driver or no
 * device. A device that is present but fails is a failure, not a skip. */
#include "cuzk/gpu.h"
#include "test.h"

#define TEST_SKIP 77

int main(void)
{
    cuzk_err err;
    cuzk_err_clear(&err);
    printf("build: %s\n", cuzk_build_id());
    if (!cuzk_gpu_built()) {
        printf("SKIP: this build has no CUDA back end\n");
        return TEST_SKIP;
    }
    int count = 0;
    int rc = cuzk_gpu_device_count(&count, &err);
    if (rc == CUZK_ERR_UNSUPPORTED) {
        printf("SKIP: no CUDA device: %s\n", err.msg);
        return TEST_SKIP;
    }
    CHECK_MSG(rc == 0, "%s", err.msg);
    for (int d = 0; d < count; d++) {
        cuzk_gpu_device_info info;
        rc = cuzk_gpu_device_info_get(d, &info, &err);
        CHECK_MSG(rc == 0, "device %d: %s", d, err.msg);
        if (rc != 0)
            continue;
        printf("device %d: %s, cc %d.%d, %d SMs\n", d, info.name, info.cc_major, info.cc_minor,
               info.sm_count);
        CHECK(info.sm_count > 0 && info.total_mem > 0);

        cuzk_gpu_selftest_report rep;
        rc = cuzk_gpu_selftest_fp_add(d, (size_t)1 << 20, 42, &rep, &err);
        CHECK_MSG(rc == 0, "device %d: %s", d, err.msg);
        CHECK(rep.mismatches == 0);
        printf("device %d: Fp add on %zu pairs, %zu mismatches, kernel %.3f ms\n", d, rep.n,
               rep.mismatches, rep.kernel_ms);
    }
    /* Arguments are checked before any device work. */
    CHECK(cuzk_gpu_selftest_fp_add(0, 0, 1, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_gpu_selftest_fp_add(count, 16, 1, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    return test_finish("test_gpu_info");
}
