// The first GPU program: Fp addition on the device, checked against the CPU.
//
// It proves the whole path a real kernel will take (build for sm_90, upload,
// launch, bounded wait, download, compare with libcuzk) on the simplest
// operation whose answer the CPU already knows.
#include "cuzk/gpu.h"
#include "cuzk/ff.h"
#include "cuda_check.cuh"
#include "fp.cuh"

#include <stdint.h>
#include <string.h>
#include <time.h>

// The kernel's layout must be the CPU's; checked at compile time so a change
// of either type cannot silently reinterpret the buffers.
static_assert(sizeof(cuzk_gpu_fp) == sizeof(cuzk_fp), "device and host Fp differ in size");

// A kernel on 1M pairs takes well under a millisecond; minutes means the
// device is wedged, and the caller deserves an error rather than a hang.
#define CUZK_GPU_SELFTEST_TIMEOUT_S 60
// Keeps the four host buffers (48 bytes per element each) within a few GB.
#define CUZK_GPU_SELFTEST_MAX_N ((size_t)1 << 26)

static __global__ void cuzk_gpu_fp_add_kernel(cuzk_gpu_fp *r, const cuzk_gpu_fp *a,
                                              const cuzk_gpu_fp *b, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        cuzk_gpu_fp x = a[i], y = b[i], z;
        cuzk_gpu_fp_add(&z, &x, &y);
        r[i] = z;
    }
}

static bool fp_raw_less_than_p(const uint64_t l[6])
{
    for (int i = 5; i >= 0; i--) {
        if (l[i] != CUZK_FP_MODULUS[i])
            return l[i] < CUZK_FP_MODULUS[i];
    }
    return false;
}

// Uniform below p by rejection: p has 381 bits, so masking the top limb to 61
// bits leaves about one draw in five to reject.
static void fp_random(cuzk_fp *x, cuzk_rng *rng)
{
    do {
        for (int i = 0; i < 6; i++)
            x->l[i] = cuzk_rng_u64(rng);
        x->l[5] &= ((uint64_t)1 << 61) - 1;
    } while (!fp_raw_less_than_p(x->l));
}

// Pairs that exercise the reduction's edges: no reduction, a sum of exactly
// p, just over p, and the largest possible sum. Returns how many were written.
static size_t fp_edge_pairs(cuzk_fp *a, cuzk_fp *b, size_t n)
{
    cuzk_fp zero, one, pm1, half_lo, half_hi;
    memset(&zero, 0, sizeof zero);
    memset(&one, 0, sizeof one);
    one.l[0] = 1;
    memcpy(pm1.l, CUZK_FP_MODULUS, sizeof pm1.l);
    pm1.l[0] -= 1; // p is odd, so no borrow
    // (p-1)/2 and (p+1)/2: their sum is exactly p.
    for (int i = 0; i < 6; i++)
        half_lo.l[i] = (CUZK_FP_MODULUS[i] >> 1) | (i < 5 ? CUZK_FP_MODULUS[i + 1] << 63 : 0);
    half_hi = half_lo;
    half_hi.l[0] += 1; // limb 0 of (p-1)/2 is not all ones, so no carry
    const cuzk_fp *pairs[][2] = {
        { &zero, &zero }, { &zero, &pm1 }, { &pm1, &zero }, { &one, &pm1 }, { &pm1, &one },
        { &pm1, &pm1 }, { &half_lo, &half_hi }, { &half_hi, &half_hi }, { &half_lo, &half_lo },
    };
    size_t k = sizeof pairs / sizeof pairs[0];
    if (k > n)
        k = n;
    for (size_t i = 0; i < k; i++) {
        a[i] = *pairs[i][0];
        b[i] = *pairs[i][1];
    }
    return k;
}

// Host copy of the device's modulus, from the same macros the PTX uses.
static const uint32_t cuzk_gpu_fp_p_host[12] = {
    CUZK_GPU_FP_P0, CUZK_GPU_FP_P1, CUZK_GPU_FP_P2, CUZK_GPU_FP_P3, CUZK_GPU_FP_P4, CUZK_GPU_FP_P5,
    CUZK_GPU_FP_P6, CUZK_GPU_FP_P7, CUZK_GPU_FP_P8, CUZK_GPU_FP_P9, CUZK_GPU_FP_P10, CUZK_GPU_FP_P11,
};

static void fp_hex(char out[97], const cuzk_fp *x)
{
    static const char d[] = "0123456789abcdef";
    for (int i = 0; i < 48; i++) {
        unsigned byte = (unsigned)(x->l[5 - i / 8] >> (56 - 8 * (i % 8))) & 0xff;
        out[2 * i] = d[byte >> 4];
        out[2 * i + 1] = d[byte & 15];
    }
    out[96] = 0;
}

// Waits for `ev` by polling with a deadline: cudaEventSynchronize would block
// forever on a wedged device.
static int wait_event_bounded(cudaEvent_t ev, int timeout_s, cuzk_err *err)
{
    uint64_t deadline = cuzk_now_ns() + (uint64_t)timeout_s * 1000000000u;
    for (;;) {
        cudaError_t e = cudaEventQuery(ev);
        if (e == cudaSuccess)
            return 0;
        if (e != cudaErrorNotReady)
            return cuzk_gpu_cuda_fail(err, e, "the Fp-add kernel", __FILE__, __LINE__);
        if (cuzk_now_ns() > deadline)
            return cuzk_err_set(err, CUZK_ERR_DEVICE,
                                "the Fp-add kernel did not finish within %d s: the device looks hung",
                                timeout_s);
        struct timespec ts = { 0, 200000 };
        nanosleep(&ts, NULL);
    }
}

extern "C" int cuzk_gpu_selftest_fp_add(int index, size_t n, uint64_t seed,
                                        cuzk_gpu_selftest_report *rep, cuzk_err *err)
{
    int rc = 0, count = 0;
    cuzk_fp *a = NULL, *b = NULL, *cpu = NULL, *gpu = NULL;
    cuzk_gpu_fp *d_a = NULL, *d_b = NULL, *d_r = NULL;
    cudaEvent_t ev_start = NULL, ev_stop = NULL;
    cuzk_gpu_selftest_report local;
    size_t bytes = n * sizeof(cuzk_fp);
    uint64_t t0;
    float kernel_ms = 0;
    cuzk_rng rng;

    if (!rep)
        rep = &local;
    memset(rep, 0, sizeof *rep);
    rep->first_mismatch = SIZE_MAX;
    if (n == 0 || n > CUZK_GPU_SELFTEST_MAX_N)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "self-test size %zu not in 1..%zu", n,
                            CUZK_GPU_SELFTEST_MAX_N);
    if (memcmp(cuzk_gpu_fp_p_host, CUZK_FP_MODULUS, sizeof cuzk_gpu_fp_p_host) != 0)
        return cuzk_err_set(err, CUZK_ERR_DEVICE,
                            "src/gpu/fp.cuh's modulus differs from CUZK_FP_MODULUS (or the host is not little-endian)");
    rc = cuzk_gpu_device_count(&count, err);
    if (rc != 0)
        return rc;
    if (index < 0 || index >= count)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "device index %d out of range (0..%d)",
                            index, count - 1);

    a = (cuzk_fp *)cuzk_alloc_array(n, sizeof *a);
    b = (cuzk_fp *)cuzk_alloc_array(n, sizeof *b);
    cpu = (cuzk_fp *)cuzk_alloc_array(n, sizeof *cpu);
    gpu = (cuzk_fp *)cuzk_alloc_array(n, sizeof *gpu);
    if (!a || !b || !cpu || !gpu) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "self-test: %zu bytes of host memory", 4 * bytes);
        goto out;
    }
    cuzk_rng_seed(&rng, seed);
    for (size_t i = fp_edge_pairs(a, b, n); i < n; i++) {
        fp_random(&a[i], &rng);
        fp_random(&b[i], &rng);
    }
    for (size_t i = 0; i < n; i++)
        cuzk_fp_add(&cpu[i], &a[i], &b[i]);

    CUZK_CUDA_TRY(cudaSetDevice(index), err, rc, out);
    t0 = cuzk_now_ns();
    CUZK_CUDA_TRY(cudaMalloc(&d_a, bytes), err, rc, out);
    CUZK_CUDA_TRY(cudaMalloc(&d_b, bytes), err, rc, out);
    CUZK_CUDA_TRY(cudaMalloc(&d_r, bytes), err, rc, out);
    CUZK_CUDA_TRY(cudaEventCreate(&ev_start), err, rc, out);
    CUZK_CUDA_TRY(cudaEventCreate(&ev_stop), err, rc, out);
    CUZK_CUDA_TRY(cudaMemcpy(d_a, a, bytes, cudaMemcpyHostToDevice), err, rc, out);
    CUZK_CUDA_TRY(cudaMemcpy(d_b, b, bytes, cudaMemcpyHostToDevice), err, rc, out);
    // Poison the output so a kernel that never writes cannot pass.
    CUZK_CUDA_TRY(cudaMemset(d_r, 0xa5, bytes), err, rc, out);
    {
        const unsigned threads = 256;
        size_t blocks = (n + threads - 1) / threads;
        CUZK_CUDA_TRY(cudaEventRecord(ev_start), err, rc, out);
        cuzk_gpu_fp_add_kernel<<<(unsigned)blocks, threads>>>(d_r, d_a, d_b, n);
        // A bad launch (no kernel image for this device, bad configuration)
        // is only reported here, not by the launch syntax itself.
        CUZK_CUDA_TRY(cudaGetLastError(), err, rc, out);
        CUZK_CUDA_TRY(cudaEventRecord(ev_stop), err, rc, out);
    }
    rc = wait_event_bounded(ev_stop, CUZK_GPU_SELFTEST_TIMEOUT_S, err);
    if (rc != 0)
        goto out;
    CUZK_CUDA_TRY(cudaEventElapsedTime(&kernel_ms, ev_start, ev_stop), err, rc, out);
    CUZK_CUDA_TRY(cudaMemcpy(gpu, d_r, bytes, cudaMemcpyDeviceToHost), err, rc, out);
    rep->total_ms = (double)(cuzk_now_ns() - t0) / 1e6;
    rep->kernel_ms = kernel_ms;
    rep->n = n;

    for (size_t i = 0; i < n; i++) {
        if (memcmp(&gpu[i], &cpu[i], sizeof gpu[i]) == 0)
            continue;
        if (rep->mismatches < 3) {
            char ha[97], hb[97], hg[97], hc[97];
            fp_hex(ha, &a[i]);
            fp_hex(hb, &b[i]);
            fp_hex(hg, &gpu[i]);
            fp_hex(hc, &cpu[i]);
            cuzk_log("gpu fp_add mismatch at %zu:\n  a   = %s\n  b   = %s\n  gpu = %s\n  cpu = %s",
                     i, ha, hb, hg, hc);
        }
        if (rep->mismatches++ == 0)
            rep->first_mismatch = i;
    }
    if (rep->mismatches)
        rc = cuzk_err_set(err, CUZK_ERR_DEVICE,
                          "Fp add: %zu of %zu device sums differ from the CPU's (first at index %zu)",
                          rep->mismatches, n, rep->first_mismatch);

out:
    // Cleanup errors are ignored on purpose: the first error is the one to report.
    if (ev_start)
        cudaEventDestroy(ev_start);
    if (ev_stop)
        cudaEventDestroy(ev_stop);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_r);
    cuzk_free(a);
    cuzk_free(b);
    cuzk_free(cpu);
    cuzk_free(gpu);
    return rc;
}
