// The kernels of the G1 and G2 MSMs (msm.cu holds the plan and the host
// side). Point kernels take a curve C (G1 below, G2 in g2.cuh): its field
// policy C::F and its affine and XYZZ point types.
#ifndef CUZK_GPU_MSM_KERNELS_CUH
#define CUZK_GPU_MSM_KERNELS_CUH

#include "g1.cuh"
#include "fr.cuh"
#include "cuzk/ff.h"

#define MSM_THREADS 128
// Sorted entries per thread in the bucket accumulation (the default chunk
// length): every thread does the same number of additions whatever the
// bucket sizes.
#define MSM_CHUNK 32
// Threads per block of the accumulation: small blocks let the last few warps
// that the register file allows onto an SM.
#define MSM_ACC_THREADS 64
// Points summed by one block in a row reduction (two per thread).
#define MSM_ROW_GROUP 256

struct cuzk_gpu_g1_curve {
    typedef cuzk_gpu_fp_ops F;
    typedef cuzk_gpu_g1_affine affine;
    typedef cuzk_gpu_g1_xyzz xyzz;
};


// The scalar at s reduced mod r (s < 2^256 < 3r: at most two subtractions).
static __device__ __forceinline__ void load_scalar_mod_r(uint32_t k[8], const cuzk_scalar *s)
{
    const uint4 *p = (const uint4 *)s;
    uint4 a = p[0], b = p[1];
    k[0] = a.x; k[1] = a.y; k[2] = a.z; k[3] = a.w;
    k[4] = b.x; k[5] = b.y; k[6] = b.z; k[7] = b.w;
    for (int rep = 0; rep < 2; rep++) {
        uint32_t t[8], borrow;
        cuzk_gpu_cc cc = { 0 };
        t[0] = cuzk_gpu_sub_cc(k[0], cuzk_gpu_fr_field::p(0), &cc);
        CUZK_GPU_UNROLL
        for (int i = 1; i < 8; i++)
            t[i] = cuzk_gpu_subc_cc(k[i], cuzk_gpu_fr_field::p(i), &cc);
        borrow = cuzk_gpu_subc(0, 0, &cc);
        CUZK_GPU_UNROLL
        for (int i = 0; i < 8; i++)
            k[i] = (k[i] & borrow) | (t[i] & ~borrow);
    }
}

// Sums the block's acc values into *out (blockDim.x a power of two).
template <class C>
static __device__ void block_sum(typename C::xyzz *sh, const typename C::xyzz *acc, typename C::xyzz *out)
{
    unsigned t = threadIdx.x;
    sh[t] = *acc;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) {
            typename C::xyzz a = sh[t], b = sh[t + s];
            cuzk_gpu_xyzz_add<typename C::F>(&a, &b);
            sh[t] = a;
        }
        __syncthreads();
    }
    if (t == 0)
        *out = sh[0];
}

// The scalar mod r classified: others[i] = 1 unless it is 0 or 1,
// ones[i] = 1 when it is 1.
static __global__ void classify_kernel(const cuzk_scalar *__restrict__ s, size_t n, uint8_t *others,
                                       uint8_t *ones)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        uint32_t k[8], hi = 0;
        load_scalar_mod_r(k, &s[i]);
        for (int j = 1; j < 8; j++)
            hi |= k[j];
        others[i] = hi || k[0] > 1;
        ones[i] = !hi && k[0] == 1;
    }
}

// Each block: the XYZZ sum of the bases listed in idx[0..n), over its share
// (a compacted list, so no thread idles on a 0 scalar).
template <class C>
static __global__ void __launch_bounds__(MSM_THREADS)
ones_kernel(const typename C::affine *__restrict__ bases, const uint32_t *__restrict__ idx, size_t n,
            typename C::xyzz *partials)
{
    __shared__ typename C::xyzz sh[MSM_THREADS];
    typename C::xyzz acc;
    cuzk_gpu_xyzz_set_inf<typename C::F>(&acc);
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        typename C::affine a = bases[idx[i]];
        cuzk_gpu_xyzz_add_affine<typename C::F>(&acc, &a);
    }
    block_sum<C>(sh, &acc, &partials[blockIdx.x]);
}

// Rows of `count` points (row y at in + y * count): block (x, y) sums points
// [x G, x G + G) of row y into out[y * gridDim.x + x], G = MSM_ROW_GROUP.
template <class C>
static __global__ void __launch_bounds__(MSM_THREADS)
row_sum_kernel(const typename C::xyzz *__restrict__ in, size_t count, typename C::xyzz *out)
{
    __shared__ typename C::xyzz sh[MSM_THREADS];
    const typename C::xyzz *row = in + (size_t)blockIdx.y * count;
    size_t end = ((size_t)blockIdx.x + 1) * MSM_ROW_GROUP;
    if (end > count)
        end = count;
    typename C::xyzz acc;
    cuzk_gpu_xyzz_set_inf<typename C::F>(&acc);
    for (size_t i = (size_t)blockIdx.x * MSM_ROW_GROUP + threadIdx.x; i < end; i += blockDim.x) {
        typename C::xyzz b = row[i];
        cuzk_gpu_xyzz_add<typename C::F>(&acc, &b);
    }
    block_sum<C>(sh, &acc, &out[(size_t)blockIdx.y * gridDim.x + blockIdx.x]);
}

// digits[w * n + j] = |d_w| | sign << 31 for the scalar at idx[j]: signed
// c-bit digits in (-2^(c-1), 2^(c-1)], the carry moving up a window.
static __global__ void digits_kernel(const cuzk_scalar *__restrict__ s, const uint32_t *__restrict__ idx,
                                     size_t n, unsigned c, unsigned windows, uint32_t *digits)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    const uint32_t half = 1u << (c - 1), mask = (1u << c) - 1;
    for (size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
        uint32_t k[8];
        load_scalar_mod_r(k, &s[idx[j]]);
        uint32_t carry = 0;
        for (unsigned w = 0; w < windows; w++) {
            unsigned bit = w * c, word = bit >> 5, sh = bit & 31;
            uint32_t v = 0;
            if (word < 8) {
                uint64_t two = k[word] | (word + 1 < 8 ? (uint64_t)k[word + 1] << 32 : 0);
                v = (uint32_t)(two >> sh) & mask;
            }
            v += carry;
            uint32_t out;
            if (v > half) {
                out = ((1u << c) - v) | 0x80000000u; // v - 2^c < 0
                carry = 1;
            } else {
                out = v;
                carry = 0;
            }
            digits[(size_t)w * n + j] = out;
        }
    }
}

// Bucket b (digit magnitude b + 1) owns sorted positions [start[b], end[b]).
static __global__ void boundaries_kernel(const uint32_t *__restrict__ keys, size_t n, uint32_t *start,
                                         uint32_t *end)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t p = (size_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride) {
        uint32_t key = keys[p] & 0x7fffffffu;
        if (key == 0)
            continue;
        uint32_t prev = p ? keys[p - 1] & 0x7fffffffu : 0xffffffffu;
        uint32_t next = p + 1 < n ? keys[p + 1] & 0x7fffffffu : 0xffffffffu;
        if (prev != key)
            start[key - 1] = (uint32_t)p;
        if (next != key)
            end[key - 1] = (uint32_t)(p + 1);
    }
}

// Thread t adds the sorted entries [t K, t K + K) (K: the chunk length): each run of one bucket is
// summed; a run wholly inside the chunk is its bucket's sum and goes to
// buckets[], a run cut by the chunk's start goes to head[t] and one cut by
// its end to tail[t] (a chunk inside one bucket: head). fixup_kernel joins
// the pieces. The next point is loaded before the current one is added.
// MINB: blocks an SM should hold (a register cap; 0 leaves it to ptxas).
template <class C, int MINB>
static __global__ void __launch_bounds__(MSM_ACC_THREADS, MINB)
accumulate_kernel(const typename C::affine *__restrict__ bases, const uint32_t *__restrict__ keys,
                  const uint32_t *__restrict__ vals, size_t n, uint32_t K, typename C::xyzz *buckets,
                  typename C::xyzz *head, typename C::xyzz *tail)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t p0 = t * K;
    if (p0 >= n)
        return;
    size_t p1 = p0 + K < n ? p0 + K : n;
    const uint32_t before = p0 ? keys[p0 - 1] & 0x7fffffffu : 0xffffffffu;
    const uint32_t after = p1 < n ? keys[p1] & 0x7fffffffu : 0xffffffffu;
    typename C::xyzz acc;
    cuzk_gpu_xyzz_set_inf<typename C::F>(&acc);
    uint32_t key = keys[p0], cur = key & 0x7fffffffu;
    typename C::affine next = bases[vals[p0]];
    size_t run0 = p0;
    for (size_t p = p0; p < p1; p++) {
        typename C::affine a = next;
        uint32_t k = key;
        if (p + 1 < p1) {
            key = keys[p + 1];
            next = bases[vals[p + 1]];
        }
        uint32_t mag = k & 0x7fffffffu;
        if (mag != cur) {
            if (cur) {
                if (run0 == p0 && before == cur)
                    head[t] = acc;
                else
                    buckets[cur - 1] = acc;
            }
            cuzk_gpu_xyzz_set_inf<typename C::F>(&acc);
            cur = mag;
            run0 = p;
        }
        if (mag) {
            if (k >> 31)
                C::F::neg(&a.y, &a.y);
            cuzk_gpu_xyzz_add_affine<typename C::F>(&acc, &a);
        }
    }
    if (cur) {
        if (run0 == p0 && before == cur)
            head[t] = acc;
        else if (after == cur)
            tail[t] = acc;
        else
            buckets[cur - 1] = acc;
    }
}

// Per bucket: empty -> infinity; within one chunk -> already written;
// across chunks c0 < c1 -> tail[c0] + head[c0 + 1] + ... + head[c1].
template <class C>
static __global__ void __launch_bounds__(MSM_THREADS)
fixup_kernel(const uint32_t *__restrict__ start, const uint32_t *__restrict__ end, uint32_t nb, uint32_t K,
             const typename C::xyzz *__restrict__ head, const typename C::xyzz *__restrict__ tail,
             typename C::xyzz *buckets)
{
    uint32_t b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nb)
        return;
    uint32_t s = start[b], e = end[b];
    if (s == e) {
        typename C::xyzz inf;
        cuzk_gpu_xyzz_set_inf<typename C::F>(&inf);
        buckets[b] = inf;
        return;
    }
    uint32_t c0 = s / K, c1 = (e - 1) / K;
    if (c0 == c1)
        return;
    typename C::xyzz acc = tail[c0];
    for (uint32_t c = c0 + 1; c <= c1; c++) {
        typename C::xyzz h = head[c];
        cuzk_gpu_xyzz_add<typename C::F>(&acc, &h);
    }
    buckets[b] = acc;
}

// The bucket reduction sum_b (b + 1) B_b, without long serial chains: rows
// of n points (row y at in + y * in_stride) are cut into segments of L;
// thread t of row y runs over its segment from the top (acc += run;
// run += P_i), giving A = sum_i i P_(tL+i) and R = sum_i P_(tL+i). Then
// sum_b b P_b = L sum_t t R_t + sum_t A_t: the same problem on the R_t, a
// factor L smaller (msm.cu repeats it and finishes on the host).
template <class C>
static __global__ void __launch_bounds__(MSM_THREADS)
running_kernel(const typename C::xyzz *__restrict__ in, size_t in_stride, uint32_t n, uint32_t L,
               typename C::xyzz *A, typename C::xyzz *R, size_t out_stride)
{
    uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= (n + L - 1) / L)
        return;
    const typename C::xyzz *p = in + blockIdx.y * in_stride + (size_t)t * L;
    uint32_t len = n - t * L < L ? n - t * L : L;
    typename C::xyzz run, acc;
    cuzk_gpu_xyzz_set_inf<typename C::F>(&run);
    cuzk_gpu_xyzz_set_inf<typename C::F>(&acc);
    for (uint32_t i = len; i-- > 0;) {
        cuzk_gpu_xyzz_add<typename C::F>(&acc, &run);
        typename C::xyzz b = p[i];
        cuzk_gpu_xyzz_add<typename C::F>(&run, &b);
    }
    A[blockIdx.y * out_stride + t] = acc;
    R[blockIdx.y * out_stride + t] = run;
}

#endif
