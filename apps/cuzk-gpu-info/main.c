/* cuzk-gpu-info: lists CUDA devices and runs a small Fp-add kernel checked against the CPU.
 *
 * Exit status: 0 every self-test passed; 1 a self-test or the device failed;
 * 2 bad usage; 3 nothing to run on (a build without CUDA, no driver or no
 * device), so scripts can tell "no GPU here" from "the GPU is wrong". */
#include "cuzk/gpu.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_NO_GPU 3

static void usage(FILE *f)
{
    fprintf(f,
            "usage: cuzk-gpu-info [--version] [--device I] [--n PAIRS] [--seed S] [--list]\n"
            "  --device I   only device I (default: all)\n"
            "  --n PAIRS    Fp pairs added on each device (default 1048576)\n"
            "  --seed S     seed of the pairs (default 1)\n"
            "  --list       list devices, run no kernel\n");
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-')
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t n = (uint64_t)1 << 20, seed = 1, dev = 0;
    int only = -1, list_only = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--version")) {
            printf("%s\n", cuzk_build_id());
            return 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--list")) {
            list_only = 1;
        } else if (i + 1 < argc && !strcmp(a, "--n")) {
            if (parse_u64(argv[++i], &n) || n == 0) {
                fprintf(stderr, "cuzk-gpu-info: --n wants a positive integer, got '%s'\n", argv[i]);
                return 2;
            }
        } else if (i + 1 < argc && !strcmp(a, "--seed")) {
            if (parse_u64(argv[++i], &seed)) {
                fprintf(stderr, "cuzk-gpu-info: --seed wants an integer, got '%s'\n", argv[i]);
                return 2;
            }
        } else if (i + 1 < argc && !strcmp(a, "--device")) {
            if (parse_u64(argv[++i], &dev) || dev > 1024) {
                fprintf(stderr, "cuzk-gpu-info: --device wants a device index, got '%s'\n", argv[i]);
                return 2;
            }
            only = (int)dev;
        } else {
            fprintf(stderr, "cuzk-gpu-info: unknown argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }

    cuzk_log("cuzk-gpu-info: %s", cuzk_build_id());
    printf("build: %s\n", cuzk_build_id());
    fflush(stdout); /* keep the report in order with the errors on stderr */
    if (!cuzk_gpu_built()) {
        fprintf(stderr, "cuzk-gpu-info: this build has no CUDA back end (configured with CUZK_CUDA=OFF or no nvcc found)\n");
        return EXIT_NO_GPU;
    }

    cuzk_err err;
    cuzk_err_clear(&err);
    int driver = 0, runtime = 0;
    if (cuzk_gpu_versions(&driver, &runtime, &err) != 0) {
        fprintf(stderr, "cuzk-gpu-info: CUDA runtime %d.%d, no usable driver: %s\n", runtime / 1000,
                runtime % 1000 / 10, err.msg);
        return err.code == CUZK_ERR_UNSUPPORTED ? EXIT_NO_GPU : 1;
    }
    if (driver == 0) {
        /* The runtime reports version 0 when libcuda cannot be loaded. */
        fprintf(stderr, "cuzk-gpu-info: no CUDA driver on this machine (runtime %d.%d is built in)\n",
                runtime / 1000, runtime % 1000 / 10);
        return EXIT_NO_GPU;
    }
    printf("CUDA driver %d.%d, runtime %d.%d\n", driver / 1000, driver % 1000 / 10, runtime / 1000,
           runtime % 1000 / 10);

    int count = 0;
    if (cuzk_gpu_device_count(&count, &err) != 0) {
        fprintf(stderr, "cuzk-gpu-info: %s\n", err.msg);
        return err.code == CUZK_ERR_UNSUPPORTED ? EXIT_NO_GPU : 1;
    }
    printf("%d CUDA device(s)\n", count);
    if (only >= count) {
        fprintf(stderr, "cuzk-gpu-info: --device %d, but there are only %d device(s)\n", only, count);
        return 2;
    }

    int failed = 0;
    for (int d = 0; d < count; d++) {
        if (only >= 0 && d != only)
            continue;
        cuzk_gpu_device_info info;
        if (cuzk_gpu_device_info_get(d, &info, &err) != 0) {
            fprintf(stderr, "cuzk-gpu-info: device %d: %s\n", d, err.msg);
            failed = 1;
            continue;
        }
        printf("device %d: %s\n", d, info.name);
        printf("  compute capability %d.%d, %d SMs\n", info.cc_major, info.cc_minor, info.sm_count);
        printf("  memory %.1f GiB total, %.1f GiB free\n", (double)info.total_mem / (1u << 30),
               (double)info.free_mem / (1u << 30));
        printf("  clocks: SM %d MHz, memory %d MHz; memory bus %d bits\n", info.clock_khz / 1000,
               info.mem_clock_khz / 1000, info.mem_bus_bits);
        if (list_only)
            continue;

        cuzk_gpu_selftest_report rep;
        int rc = cuzk_gpu_selftest_fp_add(d, (size_t)n, seed, &rep, &err);
        if (rc != 0) {
            printf("  self-test Fp add: FAIL: %s\n", err.msg);
            failed = 1;
            continue;
        }
        printf("  self-test Fp add: PASS, %zu pairs (seed %llu) match the CPU; kernel %.3f ms "
               "(%.1f M adds/s), with transfers %.1f ms\n",
               rep.n, (unsigned long long)seed, rep.kernel_ms,
               rep.kernel_ms > 0 ? (double)rep.n / rep.kernel_ms / 1e3 : 0.0, rep.total_ms);
    }
    fflush(stdout);
    return failed ? 1 : 0;
}
