// The Fr NTT on the device: the transforms of src/poly with the same field
// values, natural order in and out.
//
// Like the CPU code: a bit-reversal permutation, then the radix-2
// decimation-in-time stages; the permutation is folded into the first pass,
// which gathers its blocks in bit-reversed order (out of place, into the
// domain's scratch vector; the last pass writes back). Stages are grouped into
// passes: a pass over
// stages [s0, s0 + k) is, for every fixed setting of the index bits outside
// [s0, s0 + k) (a "column"), an independent 2^k-point sub-transform. A block
// loads C columns (C consecutive low-bit values, so global accesses are runs
// of C elements) into shared memory, runs the k stages there and writes back:
// one read and one write of the data per pass, three passes at 2^27 (9 + 9 +
// 9 stages; C = 2 on the default's 2^10-element tiles, 4 on 2^11:
// ntt_plan_make). In the first pass the C columns of a block
// are the ones whose bit-reversed indices are consecutive, so its gathering
// reads are runs of C elements too.
// The inverse uses the forward twiddles and a reverse-and-scale pass, as the
// CPU does (poly/transforms.c), which also applies the coset powers.
#include "gpu_impl.cuh"
#include "fr.cuh"
#include "fr_shoup.cuh"

#include <stdlib.h>
#include <string.h>

// The radix-2 baseline kernel: blocks of 2^11 elements (x 32 B = 64 KB of
// shared memory), 256 threads; later passes keep at least 2^3 columns
// (256-byte runs in memory). The radix-2^R kernels take their tile size and
// largest R from their configuration (ntt_cfg below).
#define NTT_LOG_E 11
#define NTT_MAX_LATER_STAGES 8
#define NTT_THREADS 256
// The smallest tile of any pass kernel: longer transforms take several passes
// (and a scratch vector).
#define NTT_MIN_TILE_LOG 10
// Powers t^k for the coset and scaling passes: t^k = HI[k >> B] * LO[k & mask].
#define NTT_POW_BITS 13

struct cuzk_gpu_domain {
    cuzk_gpu_ctx *ctx;
    size_t m;
    unsigned log_m;
    cuzk_fr omega, m_inv, g, g_inv, z_inv;
    cuzk_gpu_fr *tws;     // omega^k, k < n_tw = max(m/2, 1), as Shoup factor pairs (w, s) (fr_shoup.cuh)
    cuzk_gpu_fr *tw;      // the same in Montgomery form, for the Montgomery kernels; NULL until one is chosen
    cuzk_gpu_fr *tw_hi;   // omega^(j 2^B): tw[k] = tw_hi[k >> B] tw_lo[k & mask]
    cuzk_gpu_fr *tw_lo;   // omega^k, k < 2^B
    size_t n_tw;
    cuzk_gpu_fr *lo_g;    // g^k, k < 2^B
    cuzk_gpu_fr *lo_gi;   // g^-k
    cuzk_gpu_fr *hi_g;    // g^(j 2^B)
    cuzk_gpu_fr *hi_mg;   // m^-1 g^(j 2^B)
    cuzk_gpu_fr *hi_mgi;  // m^-1 g^-(j 2^B)
    size_t n_hi;
    cuzk_gpu_fr *scratch; // m elements when the transform takes several passes
    cuzk_gpu_ntt_kernel kernel;
    unsigned sms;         // multiprocessors (the persistent kernel's grid)
};

// ---- kernels -------------------------------------------------------------------------

static __global__ void twiddle_kernel(cuzk_gpu_fr *tw, size_t count, const cuzk_gpu_fr *__restrict__ hi,
                                      const cuzk_gpu_fr *__restrict__ lo)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < count; k += stride) {
        cuzk_gpu_fr a = hi[k >> NTT_POW_BITS], b = lo[k & ((1u << NTT_POW_BITS) - 1)], r;
        cuzk_gpu_fr_mul(&r, &a, &b);
        tw[k] = r;
    }
}

// tws[2k], tws[2k + 1] = the Shoup factor pair of omega^k (its Montgomery
// form made as in twiddle_kernel).
static __global__ void shoup_table_kernel(cuzk_gpu_fr *tws, size_t count, const cuzk_gpu_fr *__restrict__ hi,
                                          const cuzk_gpu_fr *__restrict__ lo)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < count; k += stride) {
        cuzk_gpu_fr a = hi[k >> NTT_POW_BITS], b = lo[k & ((1u << NTT_POW_BITS) - 1)], wm, w, s;
        cuzk_gpu_fr_mul(&wm, &a, &b);
        cuzk_gpu_fr_shoup_prep(&w, &s, &wm);
        tws[2 * k] = w;
        tws[2 * k + 1] = s;
    }
}

// One pass: stages [s0, s0 + k) on blocks of E = 2^(k + log_cols) elements,
// from src to dst (the same positions; src may equal dst: a block reads all
// its elements before it writes any). With `gather` (the first pass, s0 = 0,
// one column a block) block b' reads, as the bit-reversal permutation puts
// them, the elements x[rev_k(e) 2^(L-k) + b'] and owns column
// b = rev_(L-k)(b'): neighbouring blocks read neighbouring addresses.
// Shared memory is limb-major (limb l of element e at l * E + e) so that
// threads touching consecutive elements hit distinct banks.
static __global__ void __launch_bounds__(NTT_THREADS)
ntt_pass_kernel(const cuzk_gpu_fr *src, cuzk_gpu_fr *dst, const cuzk_gpu_fr *__restrict__ tw, unsigned log_m,
                unsigned s0, unsigned k, unsigned log_cols, bool gather)
{
    extern __shared__ uint32_t sm[];
    const unsigned E = 1u << (k + log_cols);
    const unsigned cols_mask = (1u << log_cols) - 1;
    const size_t lo_mask = ((size_t)1 << s0) - 1;
    const unsigned rest = log_m - k; // gather: bits of the block number
    const size_t col0 = gather ? (rest ? __brev(blockIdx.x) >> (32 - rest) : 0)
                               : (size_t)blockIdx.x << log_cols;

    for (unsigned e = threadIdx.x; e < E; e += blockDim.x) {
        size_t idx;
        if (gather) {
            idx = ((size_t)(__brev(e) >> (32 - k)) << rest) | blockIdx.x;
        } else {
            size_t col = col0 + (e & cols_mask), mid = e >> log_cols;
            idx = ((col & ~lo_mask) << k) | (mid << s0) | (col & lo_mask);
        }
        cuzk_gpu_fr v = src[idx];
        CUZK_GPU_UNROLL
        for (int l = 0; l < 8; l++)
            sm[l * E + e] = v.l[l];
    }
    __syncthreads();

    for (unsigned sp = 0; sp < k; sp++) {
        const unsigned s = s0 + sp, tw_shift = log_m - 1 - s;
        for (unsigned q = threadIdx.x; q < E / 2; q += blockDim.x) {
            unsigned c = q & cols_mask, jm = q >> log_cols;
            unsigned j = jm & ((1u << sp) - 1), grp = jm >> sp;
            unsigned e0 = (((grp << (sp + 1)) | j) << log_cols) | c;
            unsigned e1 = e0 + (1u << (sp + log_cols));
            size_t lo = (col0 + c) & lo_mask;
            size_t t = (((size_t)j << s0) | lo) << tw_shift;
            cuzk_gpu_fr a, b, v;
            CUZK_GPU_UNROLL
            for (int l = 0; l < 8; l++) {
                a.l[l] = sm[l * E + e0];
                b.l[l] = sm[l * E + e1];
            }
            if (t == 0) {
                v = b;
            } else {
                cuzk_gpu_fr w = tw[t];
                cuzk_gpu_fr_mul(&v, &b, &w);
            }
            cuzk_gpu_fr_sub(&b, &a, &v);
            cuzk_gpu_fr_add(&a, &a, &v);
            CUZK_GPU_UNROLL
            for (int l = 0; l < 8; l++) {
                sm[l * E + e0] = a.l[l];
                sm[l * E + e1] = b.l[l];
            }
        }
        __syncthreads();
    }

    for (unsigned e = threadIdx.x; e < E; e += blockDim.x) {
        size_t col = col0 + (e & cols_mask), mid = e >> log_cols;
        size_t idx = ((col & ~lo_mask) << k) | (mid << s0) | (col & lo_mask);
        cuzk_gpu_fr v;
        CUZK_GPU_UNROLL
        for (int l = 0; l < 8; l++)
            v.l[l] = sm[l * E + e];
        dst[idx] = v;
    }
}

// ---- the radix-2^R pass: R stages per trip through registers ----------------------
// The same pass as ntt_pass_kernel (same blocks, columns and element order;
// its gather also takes C > 1 columns a block, ntt_where::col_of), but a thread takes a group of 2^R elements of one column whose local
// indices u differ only in the bits [sp, sp + R), and runs those R stages in
// registers: 2^R R / 2 butterflies per load and store of 2^R elements, and the
// 2^R - 1 distinct twiddles of the group loaded once each. The first group of a
// pass is read straight from global memory and the last one written straight
// back, so a pass of k stages makes ceil(k / R) - 1 trips through shared memory
// instead of k.
#define NTT_R 3

// One group's R stages. x holds u = high | i << sp | jl for i < 2^R (bits of i
// at [sp, sp + R)); stage sp + r pairs i and i + 2^r with twiddle index
// (((i mod 2^r) << sp | jl) << s0 | lo) << (log_m - 1 - s0 - sp - r).
// SKIP1: skip the product where the twiddle is one (t = 0); worth its branch
// only in the gathering pass, whose first stages have many. Elsewhere the
// product by tw[0] (one) returns its operand, the same value.
// Element and twiddle indices of these kernels fit in 32 bits (below
// 2^CUZK_GPU_NTT_MAX_LOG), which keeps the index arithmetic off 64-bit shifts
// and register pairs (faster, and fewer spills).
typedef unsigned ntt_idx;
static_assert(CUZK_GPU_NTT_MAX_LOG <= 31, "NTT indices are 32-bit");

// A configuration of the radix-2^R pass kernel: blocks of 2^LOG_E elements
// on THREADS threads, BLOCKS of them an SM (128 registers a thread either
// way); SM16: shared memory in 16-byte halves (below) instead of limb rows;
// MULV: the mont.cuh variant bits of the twiddle product; RMAX: the most
// stages a thread runs in registers per trip (R <= RMAX); SHOUP: the
// twiddle product is fr_shoup.cuh's (twiddles as factor pairs, d->tws)
// instead of the Montgomery product MULV.
template <int LOG_E_, int THREADS_, int BLOCKS_, bool SM16_, int MULV_, int RMAX_ = 3, bool SHOUP_ = false>
struct ntt_cfg {
    static constexpr int LOG_E = LOG_E_, THREADS = THREADS_, BLOCKS = BLOCKS_, MULV = MULV_, RMAX = RMAX_;
    static constexpr bool SHOUP = SHOUP_;
    static_assert(RMAX >= 1 && RMAX <= 3, "R is 1, 2 or 3");
    static constexpr bool SM16 = SM16_;
    // Later passes run at most LOG_E - 1 stages (at least 2 columns a block).
    static constexpr unsigned MAX_LATER = LOG_E == 11 ? 8 : LOG_E - 1;
};
// 2^10-element tiles (32 KB), 128 threads, 4 blocks an SM (the same 16
// warps as 2 x 256, but barriers over 4 warps and blocks out of phase),
// 16-byte shared-memory accesses, the product with m = 0 - t_0 (P01 |
// MZERO). As radix-2^3 trips (CUZK_GPU_NTT_TILE10_R3) the hot code is one
// round body of 12 inlined products (~53 KB of SASS), which warps of 4
// unsynchronized blocks run at different places, so they stall on
// instruction fetch.
typedef ntt_cfg<10, 128, 4, true, CUZK_GPU_MONT_P01 | CUZK_GPU_MONT_MZERO> ntt_cfg_t10r3;
// CUZK_GPU_NTT_TILE10: the same with radix-2^2 trips (27 = 9 + 9 + 9 stages
// as 2 + 2 + 2 + 2 + 1 a pass): a round body of 4 products, so more
// shared-memory trips and twiddle loads, but a hot loop that stays in the
// instruction cache. Its kernels still compile the radix-2^3 round bodies
// that R never reaches here: without them ptxas spills nothing but the
// kernel is slower, so they stay, and so does the round dispatch written out
// in both pass kernels (folding it into one helper changes their PTX). The
// measurements: docs/history/gpu-2026.md.
typedef ntt_cfg<10, 128, 4, true, CUZK_GPU_MONT_P01 | CUZK_GPU_MONT_MZERO, 2> ntt_cfg_t10;
// The default (CUZK_GPU_NTT_TILE10_SHOUP): the same tiles and trips with
// Shoup's twiddle product (fr_shoup.cuh: 79 wide products instead of 112,
// and no serial reduction), 128 registers and no spills once the unreachable
// radix-2^3 bodies are left out. It is the fastest of the kernels here
// (docs/history/gpu-2026.md). A build may set CUZK_GPU_NTT_DEFAULT_SHOUP=0
// to make ntt_cfg_t10 the default instead.
#ifndef CUZK_GPU_NTT_DEFAULT_SHOUP
#define CUZK_GPU_NTT_DEFAULT_SHOUP 1
#endif
#ifndef NTT_SHOUP_RMAX
#define NTT_SHOUP_RMAX 2
#endif
#ifndef NTT_SHOUP_BLOCKS
#define NTT_SHOUP_BLOCKS 4
#endif
typedef ntt_cfg<10, 128, NTT_SHOUP_BLOCKS, true, CUZK_GPU_MONT_P01 | CUZK_GPU_MONT_MZERO, NTT_SHOUP_RMAX, true>
    ntt_cfg_t10s;
// CUZK_GPU_NTT_TILE11 (also the 11 + 8 + 8 baseline): 2^11-element tiles,
// 256 threads, 2 blocks an SM, limb rows, the Fr default product.
typedef ntt_cfg<11, 256, 2, false, CUZK_GPU_FR_MUL_VARIANT> ntt_cfg_t11;
// 2^11-element tiles with the default's shared-memory layout and product
// (CUZK_GPU_NTT_TILE11_SM16).
typedef ntt_cfg<11, 256, 2, true, CUZK_GPU_MONT_P01 | CUZK_GPU_MONT_MZERO> ntt_cfg_t11s;

template <int R, bool SKIP1, int MULV, bool SHOUP = false>
static __device__ __forceinline__ void ntt_group(cuzk_gpu_fr x[], const cuzk_gpu_fr *__restrict__ tw, unsigned log_m,
                                                 unsigned s0, unsigned sp, ntt_idx jl, ntt_idx lo)
{
    CUZK_GPU_UNROLL
    for (int r = 0; r < R; r++) {
        const unsigned shift = log_m - 1 - s0 - sp - (unsigned)r;
        CUZK_GPU_UNROLL
        for (int a = 0; a < (1 << r); a++) {
            const ntt_idx t = (((((ntt_idx)a << sp) | jl) << s0) | lo) << shift;
            cuzk_gpu_fr w, s;
            if (!SKIP1 || t != 0) {
                if (SHOUP) {
                    w = tw[2 * t];
                    s = tw[2 * t + 1];
                } else {
                    w = tw[t];
                }
            }
            CUZK_GPU_UNROLL
            for (int b = 0; b < (1 << (R - 1 - r)); b++) {
                const int i0 = (b << (r + 1)) | a, i1 = i0 | (1 << r);
                cuzk_gpu_fr v;
                if (SKIP1 && t == 0)
                    v = x[i1];
                else if (SHOUP)
                    cuzk_gpu_fr_mul_shoup(&v, &x[i1], &w, &s);
                else
                    cuzk_gpu_mont_mul<cuzk_gpu_fr_field, MULV>(v.l, x[i1].l, w.l);
                cuzk_gpu_fr_sub(&x[i1], &x[i0], &v);
                cuzk_gpu_fr_add(&x[i0], &x[i0], &v);
            }
        }
    }
}

// Where a group's element i sits: its position e in the block (column c of
// the block's columns, local index u) and its global index.
struct ntt_where {
    unsigned log_cols, k, s0, rest;
    unsigned blk; // the block's tile (blockIdx.x, or the tile a persistent block is on)
    ntt_idx col0, lo_mask;
    bool gather;
    // Limb rows (SM16 false): the shared-memory slot of element (u, c) is
    // e = u << log_cols | c with its
    // low 5 bits (the bank) XORed with f(bits 5..7 of e), f linear with f(1) =
    // 31, f(2) = 21, f(4) = 25: in every round (any log_cols, sp, R <= 3) the
    // lane bits that land above bit 4 of e are the ones the group's 2^R
    // elements push past the bank bits, and f maps them back onto the banks
    // the lanes leave free, so a warp's 32 accesses hit 32 banks (checked
    // exhaustively for every layout the plans use).
    // 16-byte halves (SM16): element e's limbs 0..3 are the 16-byte word e ^
    // (bits 3..5 of e) and limbs 4..7 the same word E further; a 128-bit
    // access serves 8 lanes a wavefront, and for every round of 2^10- and
    // 2^11-element tiles (any log_cols, sp, R) the 8 lanes of each quarter
    // warp then hit 8 distinct word slots mod 8 (checked exhaustively), so
    // an element moves in two conflict-free accesses instead of eight.
    template <bool SM16>
    __device__ __forceinline__ unsigned e_of(unsigned u, unsigned c) const
    {
        unsigned e = (u << log_cols) | c;
        if (SM16)
            return e ^ ((e >> 3) & 7);
        return e ^ (unsigned)((0x9b0d9557e0ull >> (5 * ((e >> 5) & 7))) & 31);
    }
    // The column (index bits outside the pass's stages) of the block's column
    // c. The first pass gathers: block b reads, as the bit-reversal
    // permutation puts them, the elements x[rev_k(u) 2^rest + b C + c] (C =
    // 2^log_cols consecutive addresses for consecutive c), which belong to
    // column rev_rest(b C + c).
    __device__ __forceinline__ ntt_idx col_of(unsigned c) const
    {
        if (gather)
            return rest ? __brev((blk << log_cols) | c) >> (32 - rest) : 0;
        return col0 + c;
    }
    __device__ __forceinline__ ntt_idx src_of(unsigned u, unsigned c) const
    {
        if (gather)
            return ((ntt_idx)(__brev(u) >> (32 - k)) << rest) | ((blk << log_cols) | c);
        return dst_of(u, c);
    }
    __device__ __forceinline__ ntt_idx dst_of(unsigned u, unsigned c) const
    {
        ntt_idx col = col_of(c);
        return ((col & ~lo_mask) << k) | ((ntt_idx)u << s0) | (col & lo_mask);
    }
};

template <int R>
static __device__ __forceinline__ void group_coords(unsigned q, unsigned log_cols, unsigned sp, unsigned *c,
                                                    unsigned *jl, unsigned *high)
{
    *c = q & ((1u << log_cols) - 1);
    unsigned t = q >> log_cols;
    *jl = t & ((1u << sp) - 1);
    *high = t >> sp;
}

// The persistent kernel's copy of the thread's first-round group of a tile
// (R = 3, sp = 0: u = high << 3 | i) from global memory into the slots that
// round reads (16-byte layout), by cp.async: the copy flies while the thread
// computes; the same thread waits for it (cp.async.wait_all) and reads those
// slots, so no barrier is needed between the copy and the read.
static __device__ __forceinline__ void ntt_prefetch(uint4 *s4, unsigned E, const ntt_where &wh,
                                                    const cuzk_gpu_fr *src)
{
    const unsigned q = threadIdx.x;
    const unsigned c = q & ((1u << wh.log_cols) - 1), high = q >> wh.log_cols;
    // Not unrolled: the copies need no data registers, and one address at a
    // time keeps the group's 8 live elements (last round) out of the spills.
#pragma unroll 1
    for (int i = 0; i < 8; i++) {
        const unsigned u = (high << 3) | (unsigned)i;
        const unsigned e = wh.e_of<true>(u, c);
        const uint4 *g = (const uint4 *)(src + wh.src_of(u, c));
        const unsigned a0 = (unsigned)__cvta_generic_to_shared(s4 + e);
        const unsigned a1 = (unsigned)__cvta_generic_to_shared(s4 + E + e);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(a0), "l"(g) : "memory");
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(a1), "l"(g + 1) : "memory");
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
}

// PF (persistent kernel, last round, one group a thread): after every thread
// has read its inputs from shared memory, a barrier, then the copy of the
// next tile's first round (tile pf_blk, if below pf_tiles) from pf_src into
// the freed slots before the products.
template <class CFG, int R, bool SKIP1, bool PF = false>
static __device__ __forceinline__ void round_shared(uint32_t *sm, unsigned E, const ntt_where &wh,
                                                    const cuzk_gpu_fr *__restrict__ tw, unsigned log_m, unsigned sp,
                                                    const cuzk_gpu_fr *src, cuzk_gpu_fr *dst,
                                                    const cuzk_gpu_fr *pf_src = NULL, unsigned pf_blk = 0,
                                                    unsigned pf_tiles = 0)
{
    // src != NULL: read from global (first round); dst != NULL: write to global (last round).
    const unsigned groups = E >> R;
    uint4 *s4 = (uint4 *)sm;
    for (unsigned q = threadIdx.x; q < groups; q += blockDim.x) {
        unsigned c, jl, high;
        group_coords<R>(q, wh.log_cols, sp, &c, &jl, &high);
        cuzk_gpu_fr x[1 << R];
        CUZK_GPU_UNROLL
        for (int i = 0; i < (1 << R); i++) {
            unsigned u = (high << (sp + R)) | ((unsigned)i << sp) | jl;
            if (src) {
                x[i] = src[wh.src_of(u, c)];
            } else if (CFG::SM16) {
                const unsigned e = wh.e_of<true>(u, c);
                const uint4 h0 = s4[e], h1 = s4[E + e];
                x[i].l[0] = h0.x, x[i].l[1] = h0.y, x[i].l[2] = h0.z, x[i].l[3] = h0.w;
                x[i].l[4] = h1.x, x[i].l[5] = h1.y, x[i].l[6] = h1.z, x[i].l[7] = h1.w;
            } else {
                const unsigned e = wh.e_of<false>(u, c);
                CUZK_GPU_UNROLL
                for (int l = 0; l < 8; l++)
                    x[i].l[l] = sm[l * E + e];
            }
        }
        if (PF) {
            __syncthreads();
            if (pf_blk < pf_tiles) {
                ntt_where nx = wh;
                nx.blk = pf_blk;
                nx.col0 = wh.gather ? 0 : (ntt_idx)pf_blk << wh.log_cols;
                ntt_prefetch(s4, E, nx, pf_src);
            }
        }
        ntt_group<R, SKIP1, CFG::MULV, CFG::SHOUP>(x, tw, log_m, wh.s0, sp, jl, (wh.col0 + c) & wh.lo_mask);
        CUZK_GPU_UNROLL
        for (int i = 0; i < (1 << R); i++) {
            unsigned u = (high << (sp + R)) | ((unsigned)i << sp) | jl;
            if (dst) {
                dst[wh.dst_of(u, c)] = x[i];
            } else if (CFG::SM16) {
                const unsigned e = wh.e_of<true>(u, c);
                s4[e] = make_uint4(x[i].l[0], x[i].l[1], x[i].l[2], x[i].l[3]);
                s4[E + e] = make_uint4(x[i].l[4], x[i].l[5], x[i].l[6], x[i].l[7]);
            } else {
                const unsigned e = wh.e_of<false>(u, c);
                CUZK_GPU_UNROLL
                for (int l = 0; l < 8; l++)
                    sm[l * E + e] = x[i].l[l];
            }
        }
    }
}

// 128 registers a thread (a few spilled) at the configuration's blocks an
// SM: more blocks an SM pay more than the registers one block could use.
// FULL: blocks of 2^CFG::LOG_E elements (every
// transform of more than one pass), so the rows of shared memory sit at
// constant offsets from an element's slot.
template <class CFG, bool FULL>
static __global__ void __launch_bounds__(CFG::THREADS, CFG::BLOCKS)
ntt_pass_r_kernel(const cuzk_gpu_fr *src, cuzk_gpu_fr *dst, const cuzk_gpu_fr *__restrict__ tw, unsigned log_m,
                  unsigned s0, unsigned k, unsigned log_cols, bool gather)
{
    extern __shared__ uint4 sm4[];
    uint32_t *sm = (uint32_t *)sm4;
    const unsigned E = FULL ? 1u << CFG::LOG_E : 1u << (k + log_cols);
    ntt_where wh;
    wh.log_cols = log_cols;
    wh.k = k;
    wh.s0 = s0;
    wh.rest = log_m - k;
    wh.lo_mask = ((ntt_idx)1 << s0) - 1;
    wh.gather = gather;
    wh.blk = blockIdx.x;
    wh.col0 = gather ? 0 : (ntt_idx)blockIdx.x << log_cols; // the gather pass has s0 = 0: no low column bits
    unsigned sp = 0;
    while (sp < k) {
        const unsigned left = k - sp;
        const int R = left >= (unsigned)CFG::RMAX ? CFG::RMAX : (int)left;
        const bool first = sp == 0, last = sp + (unsigned)R == k;
        const cuzk_gpu_fr *g_src = first ? src : NULL;
        cuzk_gpu_fr *g_dst = last ? dst : NULL;
        // The Shoup kernels compile only the round bodies R can reach (the
        // Montgomery ones keep theirs: see ntt_cfg_t10).
        constexpr bool R3 = CFG::RMAX >= 3 || !CFG::SHOUP;
        if (gather) {
            if (R3 && R == 3)
                round_shared<CFG, 3, true>(sm, E, wh, tw, log_m, sp, g_src, g_dst);
            else if (R == 2)
                round_shared<CFG, 2, true>(sm, E, wh, tw, log_m, sp, g_src, g_dst);
            else
                round_shared<CFG, 1, true>(sm, E, wh, tw, log_m, sp, g_src, g_dst);
        } else if (R3 && R == 3) {
            round_shared<CFG, 3, false>(sm, E, wh, tw, log_m, sp, g_src, g_dst);
        } else if (R == 2) {
            round_shared<CFG, 2, false>(sm, E, wh, tw, log_m, sp, g_src, g_dst);
        } else {
            round_shared<CFG, 1, false>(sm, E, wh, tw, log_m, sp, g_src, g_dst);
        }
        sp += (unsigned)R;
        if (!last)
            __syncthreads();
    }
}

// The persistent form of the FULL pass kernel (CUZK_GPU_NTT_PERSIST): a
// grid of BLOCKS blocks an SM, each looping over tiles blockIdx.x + j
// gridDim.x. A tile's first round reads shared memory that cp.async filled
// (ntt_prefetch) while the block computed the previous tile's last round, so
// the loads' latency hides behind products instead of stalling the block
// (the one-shot kernel waits for them at the start of every tile). Needs one
// group a thread in the first and last rounds (THREADS = 2^LOG_E / 8, last
// round R = 3: k a multiple of 3); fft_queue uses it only then. It is
// slower than the one-shot kernel (more spills, and the barrier inside the
// last round keeps the blocks of an SM in step), so it is not the default.
template <class CFG>
static __global__ void __launch_bounds__(CFG::THREADS, CFG::BLOCKS)
ntt_pass_p_kernel(const cuzk_gpu_fr *src, cuzk_gpu_fr *dst, const cuzk_gpu_fr *__restrict__ tw, unsigned log_m,
                  unsigned s0, unsigned k, unsigned log_cols, bool gather, unsigned tiles)
{
    extern __shared__ uint4 sm4[];
    uint32_t *sm = (uint32_t *)sm4;
    constexpr unsigned E = 1u << CFG::LOG_E;
    ntt_where wh;
    wh.log_cols = log_cols;
    wh.k = k;
    wh.s0 = s0;
    wh.rest = log_m - k;
    wh.lo_mask = ((ntt_idx)1 << s0) - 1;
    wh.gather = gather;
    wh.blk = blockIdx.x;
    wh.col0 = gather ? 0 : (ntt_idx)wh.blk << log_cols;
    if (wh.blk >= tiles)
        return;
    ntt_prefetch(sm4, E, wh, src);
    for (;;) {
        const unsigned next = wh.blk + gridDim.x;
        asm volatile("cp.async.wait_all;" ::: "memory");
        unsigned sp = 0;
        while (sp < k) {
            const unsigned left = k - sp;
            const int R = left >= 3 ? 3 : (int)left;
            const bool last = sp + (unsigned)R == k;
            if (last) {
                if (gather)
                    round_shared<CFG, 3, true, true>(sm, E, wh, tw, log_m, sp, NULL, dst, src, next, tiles);
                else
                    round_shared<CFG, 3, false, true>(sm, E, wh, tw, log_m, sp, NULL, dst, src, next, tiles);
            } else if (gather) {
                if (R == 3)
                    round_shared<CFG, 3, true>(sm, E, wh, tw, log_m, sp, NULL, NULL);
                else if (R == 2)
                    round_shared<CFG, 2, true>(sm, E, wh, tw, log_m, sp, NULL, NULL);
                else
                    round_shared<CFG, 1, true>(sm, E, wh, tw, log_m, sp, NULL, NULL);
            } else if (R == 3) {
                round_shared<CFG, 3, false>(sm, E, wh, tw, log_m, sp, NULL, NULL);
            } else if (R == 2) {
                round_shared<CFG, 2, false>(sm, E, wh, tw, log_m, sp, NULL, NULL);
            } else {
                round_shared<CFG, 1, false>(sm, E, wh, tw, log_m, sp, NULL, NULL);
            }
            sp += (unsigned)R;
            if (!last)
                __syncthreads();
        }
        if (next >= tiles)
            break;
        wh.blk = next;
        wh.col0 = gather ? 0 : (ntt_idx)next << log_cols;
    }
}

// The factor for index k: hi[k >> B] * lo[k & mask], or the constant s when
// there are no tables.
static __device__ __forceinline__ void pow_factor(cuzk_gpu_fr *f, size_t k, const cuzk_gpu_fr *hi,
                                                  const cuzk_gpu_fr *lo, const cuzk_gpu_fr *s)
{
    if (!hi) {
        *f = *s;
        return;
    }
    cuzk_gpu_fr a = hi[k >> NTT_POW_BITS], b = lo[k & ((1u << NTT_POW_BITS) - 1)];
    cuzk_gpu_fr_mul(f, &a, &b);
}

// x[k] <- f(k) x[(m - k) mod m]: after a forward transform this is the
// inverse one (f = m^-1), with the coset powers folded into f.
static __global__ void revscale_kernel(cuzk_gpu_fr *x, size_t m, const cuzk_gpu_fr *__restrict__ hi,
                                       const cuzk_gpu_fr *__restrict__ lo, cuzk_gpu_fr s)
{
    size_t half = m / 2, stride = (size_t)gridDim.x * blockDim.x;
    for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k <= half; k += stride) {
        cuzk_gpu_fr f, a;
        if (k == 0 || k == half) {
            pow_factor(&f, k, hi, lo, &s);
            a = x[k];
            cuzk_gpu_fr_mul(&a, &a, &f);
            x[k] = a;
            continue;
        }
        cuzk_gpu_fr b = x[m - k];
        a = x[k];
        pow_factor(&f, k, hi, lo, &s);
        cuzk_gpu_fr_mul(&b, &b, &f);
        pow_factor(&f, m - k, hi, lo, &s);
        cuzk_gpu_fr_mul(&a, &a, &f);
        x[k] = b;
        x[m - k] = a;
    }
}

static __global__ void distribute_kernel(cuzk_gpu_fr *x, size_t m, const cuzk_gpu_fr *__restrict__ hi,
                                         const cuzk_gpu_fr *__restrict__ lo)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += stride) {
        cuzk_gpu_fr f, a = x[i];
        pow_factor(&f, i, hi, lo, NULL);
        cuzk_gpu_fr_mul(&a, &a, &f);
        x[i] = a;
    }
}

static __global__ void pointwise_kernel(cuzk_gpu_fr *a, const cuzk_gpu_fr *__restrict__ b,
                                        const cuzk_gpu_fr *__restrict__ c, size_t m, cuzk_gpu_fr z_inv)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += stride) {
        cuzk_gpu_fr t, x = a[i], y = b[i], z = c[i];
        cuzk_gpu_fr_mul(&t, &x, &y);
        cuzk_gpu_fr_sub(&t, &t, &z);
        cuzk_gpu_fr_mul(&t, &t, &z_inv);
        a[i] = t;
    }
}

// ---- host side -----------------------------------------------------------------------

static cuzk_gpu_fr to_dev(const cuzk_fr *a)
{
    cuzk_gpu_fr r;
    memcpy(&r, a, sizeof r);
    return r;
}

// out[j] = s * t^(j * step) for j < n (host, CPU field code).
static void host_powers(cuzk_fr *out, size_t n, const cuzk_fr *t, uint64_t step, const cuzk_fr *s)
{
    cuzk_fr ts, p = *s;
    cuzk_fr_pow(&ts, t, &step, 1);
    for (size_t j = 0; j < n; j++) {
        out[j] = p;
        cuzk_fr_mul(&p, &p, &ts);
    }
}

static int upload_table(cuzk_gpu_ctx *ctx, cuzk_gpu_fr **d, const cuzk_fr *h, size_t n, cuzk_err *err)
{
    int rc = cuzk_gpu_alloc(ctx, (void **)d, n * sizeof(cuzk_gpu_fr), err);
    if (rc == 0)
        rc = cuzk_gpu_upload(ctx, *d, h, n * sizeof(cuzk_gpu_fr), err);
    return rc;
}

// The dynamic shared memory of a configuration's pass kernels (one tile).
template <class CFG>
static int set_smem(cuzk_err *err)
{
    int rc = 0;
    const int bytes = (int)(sizeof(cuzk_gpu_fr) << CFG::LOG_E);
    CUZK_CUDA_TRY(cudaFuncSetAttribute(ntt_pass_r_kernel<CFG, false>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       bytes),
                  err, rc, out);
    CUZK_CUDA_TRY(cudaFuncSetAttribute(ntt_pass_r_kernel<CFG, true>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       bytes),
                  err, rc, out);
out:
    return rc;
}

extern "C" void cuzk_gpu_domain_free(cuzk_gpu_domain *d)
{
    if (!d)
        return;
    cuzk_gpu_free(d->ctx, d->tw);
    cuzk_gpu_free(d->ctx, d->tws);
    cuzk_gpu_free(d->ctx, d->tw_hi);
    cuzk_gpu_free(d->ctx, d->tw_lo);
    cuzk_gpu_free(d->ctx, d->lo_g);
    cuzk_gpu_free(d->ctx, d->lo_gi);
    cuzk_gpu_free(d->ctx, d->hi_g);
    cuzk_gpu_free(d->ctx, d->hi_mg);
    cuzk_gpu_free(d->ctx, d->hi_mgi);
    cuzk_gpu_free(d->ctx, d->scratch);
    free(d);
}

extern "C" size_t cuzk_gpu_domain_size(const cuzk_gpu_domain *d) { return d ? d->m : 0; }

// The Montgomery-form twiddles (d->tw), built when a kernel that reads them
// is first chosen: the default reads only the Shoup pairs, and at 2^27 the
// Montgomery table would hold another 2 GiB of the device.
static int build_tw(cuzk_gpu_domain *d, cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = d->ctx;
    if (d->tw)
        return 0;
    if ((rc = cuzk_gpu_ctx_enter(ctx, err)) != 0 ||
        (rc = cuzk_gpu_alloc(ctx, (void **)&d->tw, d->n_tw * sizeof(cuzk_gpu_fr), err)) != 0)
        return rc;
    twiddle_kernel<<<cuzk_gpu_blocks(ctx, d->n_tw, 256, 8), 256, 0, ctx->stream>>>(d->tw, d->n_tw, d->tw_hi,
                                                                                  d->tw_lo);
    CUZK_GPU_LAUNCHED(err, rc, out);
    rc = cuzk_gpu_sync(ctx, err);
out:
    return rc;
}

// The kernel that CUZK_GPU_NTT_DEFAULT stands for.
static cuzk_gpu_ntt_kernel kernel_resolve(cuzk_gpu_ntt_kernel kernel)
{
    if (kernel != CUZK_GPU_NTT_DEFAULT)
        return kernel;
    return CUZK_GPU_NTT_DEFAULT_SHOUP ? CUZK_GPU_NTT_TILE10_SHOUP : CUZK_GPU_NTT_TILE10;
}

extern "C" int cuzk_gpu_domain_set_kernel(cuzk_gpu_domain *d, cuzk_gpu_ntt_kernel kernel, cuzk_err *err)
{
    if (!d)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu domain: NULL domain");
    if ((int)kernel < (int)CUZK_GPU_NTT_DEFAULT || (int)kernel > (int)CUZK_GPU_NTT_TILE10_SHOUP)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu domain: unknown NTT kernel %d", (int)kernel);
    if (kernel_resolve(kernel) != CUZK_GPU_NTT_TILE10_SHOUP) {
        int rc = build_tw(d, err);
        if (rc != 0)
            return rc;
    }
    d->kernel = kernel;
    return 0;
}

extern "C" int cuzk_gpu_domain_create(cuzk_gpu_ctx *ctx, cuzk_gpu_domain **out, size_t n, cuzk_err *err)
{
    int rc = 0;
    cuzk_fr *h = NULL;
    cuzk_gpu_domain *d = NULL;
    if (!ctx || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu domain: NULL argument");
    *out = NULL;
    if (n == 0 || n > ((size_t)1 << CUZK_GPU_NTT_MAX_LOG))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu domain: n = %zu not in 1..2^%d", n,
                            CUZK_GPU_NTT_MAX_LOG);
    d = (cuzk_gpu_domain *)calloc(1, sizeof *d);
    if (!d)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu domain: allocation failed");
    d->ctx = ctx;
    d->m = 1;
    while (d->m < n) {
        d->m <<= 1;
        d->log_m++;
    }
    // The same constants as cuzk_domain_create.
    d->omega = CUZK_FR_ROOT_OF_UNITY;
    for (unsigned i = d->log_m; i < CUZK_FR_TWO_ADICITY; i++)
        cuzk_fr_sqr(&d->omega, &d->omega);
    cuzk_fr_from_u64(&d->m_inv, d->m);
    cuzk_fr_inv(&d->m_inv, &d->m_inv);
    cuzk_fr_from_u64(&d->g, CUZK_FR_GENERATOR);
    cuzk_fr_inv(&d->g_inv, &d->g);
    {
        uint64_t e = d->m;
        cuzk_fr_pow(&d->z_inv, &d->g, &e, 1);
        cuzk_fr_sub(&d->z_inv, &d->z_inv, &CUZK_FR_ONE);
        cuzk_fr_inv(&d->z_inv, &d->z_inv);
    }

    const size_t n_lo = (size_t)1 << NTT_POW_BITS;
    d->n_hi = ((d->m - 1) >> NTT_POW_BITS) + 1;
    const size_t n_tw = d->m / 2 ? d->m / 2 : 1;
    const size_t n_tw_hi = ((n_tw - 1) >> NTT_POW_BITS) + 1;
    d->n_tw = n_tw;
    size_t cap = n_lo > d->n_hi ? n_lo : d->n_hi;
    h = (cuzk_fr *)cuzk_alloc_array(cap, sizeof *h);
    if (!h) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "gpu domain: host tables");
        goto fail;
    }
    rc = cuzk_gpu_ctx_enter(ctx, err);
    if (rc != 0)
        goto fail;
    CUZK_CUDA_TRY(cudaFuncSetAttribute(ntt_pass_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       (int)(sizeof(cuzk_gpu_fr) << NTT_LOG_E)),
                  err, rc, fail);
    if ((rc = set_smem<ntt_cfg_t10>(err)) != 0 || (rc = set_smem<ntt_cfg_t10r3>(err)) != 0 ||
        (rc = set_smem<ntt_cfg_t10s>(err)) != 0 ||
        (rc = set_smem<ntt_cfg_t11>(err)) != 0 ||
        (rc = set_smem<ntt_cfg_t11s>(err)) != 0)
        goto fail;
    CUZK_CUDA_TRY(cudaFuncSetAttribute(ntt_pass_p_kernel<ntt_cfg_t10r3>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       (int)(sizeof(cuzk_gpu_fr) << ntt_cfg_t10r3::LOG_E)),
                  err, rc, fail);
    {
        int dev = 0, sms = 0;
        CUZK_CUDA_TRY(cudaGetDevice(&dev), err, rc, fail);
        CUZK_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), err, rc, fail);
        d->sms = sms > 0 ? (unsigned)sms : 1;
    }
    // Coset tables.
    host_powers(h, n_lo, &d->g, 1, &CUZK_FR_ONE);
    if ((rc = upload_table(ctx, &d->lo_g, h, n_lo, err)) != 0)
        goto fail;
    host_powers(h, n_lo, &d->g_inv, 1, &CUZK_FR_ONE);
    if ((rc = upload_table(ctx, &d->lo_gi, h, n_lo, err)) != 0)
        goto fail;
    host_powers(h, d->n_hi, &d->g, n_lo, &CUZK_FR_ONE);
    if ((rc = upload_table(ctx, &d->hi_g, h, d->n_hi, err)) != 0)
        goto fail;
    host_powers(h, d->n_hi, &d->g, n_lo, &d->m_inv);
    if ((rc = upload_table(ctx, &d->hi_mg, h, d->n_hi, err)) != 0)
        goto fail;
    host_powers(h, d->n_hi, &d->g_inv, n_lo, &d->m_inv);
    if ((rc = upload_table(ctx, &d->hi_mgi, h, d->n_hi, err)) != 0)
        goto fail;
    // Twiddles omega^k = HI[k >> B] LO[k & mask], built on the device.
    host_powers(h, n_lo, &d->omega, 1, &CUZK_FR_ONE);
    if ((rc = upload_table(ctx, &d->tw_lo, h, n_lo, err)) != 0)
        goto fail;
    host_powers(h, n_tw_hi, &d->omega, n_lo, &CUZK_FR_ONE);
    if ((rc = upload_table(ctx, &d->tw_hi, h, n_tw_hi, err)) != 0)
        goto fail;
    if (d->log_m > NTT_MIN_TILE_LOG &&
        (rc = cuzk_gpu_alloc(ctx, (void **)&d->scratch, d->m * sizeof(cuzk_gpu_fr), err)) != 0)
        goto fail;
    // The Shoup pairs; the Montgomery table only if the default reads it.
    if ((rc = cuzk_gpu_alloc(ctx, (void **)&d->tws, 2 * n_tw * sizeof(cuzk_gpu_fr), err)) != 0)
        goto fail;
    shoup_table_kernel<<<cuzk_gpu_blocks(ctx, n_tw, 256, 8), 256, 0, ctx->stream>>>(d->tws, n_tw, d->tw_hi,
                                                                                   d->tw_lo);
    CUZK_GPU_LAUNCHED(err, rc, fail);
    rc = cuzk_gpu_sync(ctx, err);
    if (rc != 0)
        goto fail;
    if ((rc = cuzk_gpu_domain_set_kernel(d, CUZK_GPU_NTT_DEFAULT, err)) != 0)
        goto fail;
    cuzk_free(h);
    *out = d;
    return 0;
fail:
    cuzk_free(h);
    cuzk_gpu_domain_free(d);
    return rc;
}

// How a transform of 2^L splits into passes on tiles of 2^log_e elements:
// every pass moves blocks of 2^first elements (first = min(L, log_e)), pass p
// runs k[p] stages on 2^(first - k[p]) columns a block. As many passes as one
// first pass of up to log_e stages and later ones of up to max_later need;
// `balanced` spreads the stages evenly over them (27 = 9 + 9 + 9 on 2^10 or
// 2^11 tiles: every pass, the gathering first one too, moves runs of at least
// 2 or 4 consecutive elements), otherwise the first pass takes log_e (one
// column a block) and the rest share the others (11 + 8 + 8 on 2^11 tiles, the
// split of the radix-2 baseline).
struct ntt_plan {
    unsigned first, passes, k[8];
};

static void ntt_plan_make(unsigned L, bool balanced, unsigned log_e, unsigned max_later, ntt_plan *pl)
{
    pl->first = L < log_e ? L : log_e;
    const unsigned rest = L - pl->first;
    const unsigned later = (rest + max_later - 1) / max_later;
    pl->passes = 1 + later;
    for (unsigned p = 0; p < pl->passes; p++) {
        if (balanced)
            pl->k[p] = L / pl->passes + (p < L % pl->passes);
        else
            pl->k[p] = p == 0 ? pl->first : rest / later + (p - 1 < rest % later);
    }
}

// One pass on the persistent kernel: a grid of CFG::BLOCKS blocks an SM (at
// most one block a tile). Compiled only for the configurations that use it.
template <class CFG, bool ON>
static void launch_persistent(cuzk_gpu_domain *d, const cuzk_gpu_fr *src, cuzk_gpu_fr *dst, unsigned s0, unsigned k,
                              unsigned log_cols, bool gather, size_t tiles, unsigned threads, size_t smem)
{
    if constexpr (ON) {
        static_assert(CFG::SM16 && CFG::THREADS == (1 << CFG::LOG_E) / 8,
                      "persistent pass: 16-byte layout, one group a thread");
        const size_t grid_max = (size_t)CFG::BLOCKS * d->sms;
        const unsigned grid = (unsigned)(tiles < grid_max ? tiles : grid_max);
        ntt_pass_p_kernel<CFG><<<grid, threads, smem, d->ctx->stream>>>(src, dst, d->tw, d->log_m, s0, k, log_cols,
                                                                       gather, (unsigned)tiles);
    } else {
        (void)d, (void)src, (void)dst, (void)s0, (void)k, (void)log_cols, (void)gather, (void)tiles, (void)threads,
            (void)smem;
    }
}

// The passes of one transform on a configuration's radix-2^R kernel.
// PERSIST: passes on full tiles whose stages are a multiple of 3 run on the
// persistent kernel (ntt_pass_p_kernel), a grid of CFG::BLOCKS blocks an SM.
template <class CFG, bool PERSIST = false>
static int queue_r(cuzk_gpu_domain *d, cuzk_gpu_fr *x, bool balanced, cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = d->ctx;
    const unsigned L = d->log_m;
    ntt_plan pl;
    ntt_plan_make(L, balanced, CFG::LOG_E, CFG::MAX_LATER, &pl);
    const unsigned threads = (1u << pl.first) / 2 < CFG::THREADS ? (1u << pl.first) / 2 : CFG::THREADS;
    const size_t blocks = d->m >> pl.first, smem = sizeof(cuzk_gpu_fr) << pl.first;
    unsigned s0 = 0;
    for (unsigned p = 0; p < pl.passes; p++) {
        const unsigned k = pl.k[p];
        const cuzk_gpu_fr *src = p == 0 ? x : d->scratch;
        cuzk_gpu_fr *dst = p == pl.passes - 1 ? x : d->scratch;
        if (PERSIST && pl.first == (unsigned)CFG::LOG_E && k % 3 == 0) {
            launch_persistent<CFG, PERSIST>(d, src, dst, s0, k, pl.first - k, p == 0, blocks, threads, smem);
        } else if (pl.first == (unsigned)CFG::LOG_E) {
            ntt_pass_r_kernel<CFG, true><<<(unsigned)blocks, threads, smem, ctx->stream>>>(
                src, dst, CFG::SHOUP ? d->tws : d->tw, L, s0, k, pl.first - k, p == 0);
        } else {
            ntt_pass_r_kernel<CFG, false><<<(unsigned)blocks, threads, smem, ctx->stream>>>(
                src, dst, CFG::SHOUP ? d->tws : d->tw, L, s0, k, pl.first - k, p == 0);
        }
        CUZK_GPU_LAUNCHED(err, rc, out);
        s0 += k;
    }
out:
    return rc;
}

// The forward transform in place (queued, not waited for). More than one
// pass: the first reads x and writes the scratch vector, the last writes x.
static int fft_queue(cuzk_gpu_domain *d, cuzk_gpu_fr *x, cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = d->ctx;
    const unsigned L = d->log_m;
    if (L == 0)
        return 0;
    switch (kernel_resolve(d->kernel)) {
    case CUZK_GPU_NTT_TILE10:
        return queue_r<ntt_cfg_t10>(d, x, true, err);
    case CUZK_GPU_NTT_TILE10_SHOUP:
        return queue_r<ntt_cfg_t10s>(d, x, true, err);
    case CUZK_GPU_NTT_PERSIST:
        return queue_r<ntt_cfg_t10r3, true>(d, x, true, err);
    case CUZK_GPU_NTT_TILE10_R3:
        return queue_r<ntt_cfg_t10r3>(d, x, true, err);
    case CUZK_GPU_NTT_TILE11:
        return queue_r<ntt_cfg_t11>(d, x, true, err);
    case CUZK_GPU_NTT_TILE11_SM16:
        return queue_r<ntt_cfg_t11s>(d, x, true, err);
    case CUZK_GPU_NTT_SPLIT_11_8_8:
        return queue_r<ntt_cfg_t11>(d, x, false, err);
    default:
        break;
    }
    ntt_plan pl;
    ntt_plan_make(L, false, NTT_LOG_E, NTT_MAX_LATER_STAGES, &pl);
    const unsigned threads = (1u << pl.first) / 2 < NTT_THREADS ? (1u << pl.first) / 2 : NTT_THREADS;
    const size_t blocks = d->m >> pl.first, smem = sizeof(cuzk_gpu_fr) << pl.first;
    unsigned s0 = 0;
    for (unsigned p = 0; p < pl.passes; p++) {
        const unsigned k = pl.k[p];
        const cuzk_gpu_fr *src = p == 0 ? x : d->scratch;
        cuzk_gpu_fr *dst = p == pl.passes - 1 ? x : d->scratch;
        ntt_pass_kernel<<<(unsigned)blocks, threads, smem, ctx->stream>>>(src, dst, d->tw, L, s0, k, pl.first - k,
                                                                         p == 0);
        CUZK_GPU_LAUNCHED(err, rc, out);
        s0 += k;
    }
out:
    return rc;
}

static int revscale_queue(cuzk_gpu_domain *d, cuzk_gpu_fr *x, const cuzk_gpu_fr *hi, const cuzk_gpu_fr *lo,
                          cuzk_err *err)
{
    int rc = 0;
    cuzk_gpu_ctx *ctx = d->ctx;
    revscale_kernel<<<cuzk_gpu_blocks(ctx, d->m / 2 + 1, 256, 8), 256, 0, ctx->stream>>>(
        x, d->m, hi, lo, to_dev(&d->m_inv));
    CUZK_GPU_LAUNCHED(err, rc, out);
out:
    return rc;
}

static int check_args(cuzk_gpu_domain *d, const void *a, cuzk_err *err)
{
    if (!d || !a)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu ntt: NULL domain or data");
    return cuzk_gpu_ctx_enter(d->ctx, err);
}

extern "C" int cuzk_gpu_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err)
{
    int rc = check_args(d, d_a, err);
    if (rc == 0)
        rc = fft_queue(d, (cuzk_gpu_fr *)d_a, err);
    return rc;
}

extern "C" int cuzk_gpu_ifft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err)
{
    int rc = check_args(d, d_a, err);
    if (rc == 0)
        rc = fft_queue(d, (cuzk_gpu_fr *)d_a, err);
    if (rc == 0)
        rc = revscale_queue(d, (cuzk_gpu_fr *)d_a, NULL, NULL, err);
    return rc;
}

extern "C" int cuzk_gpu_coset_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err)
{
    int rc = check_args(d, d_a, err);
    if (rc != 0)
        return rc;
    cuzk_gpu_ctx *ctx = d->ctx;
    distribute_kernel<<<cuzk_gpu_blocks(ctx, d->m, 256, 8), 256, 0, ctx->stream>>>(
        (cuzk_gpu_fr *)d_a, d->m, d->hi_g, d->lo_g);
    CUZK_GPU_LAUNCHED(err, rc, out);
    rc = fft_queue(d, (cuzk_gpu_fr *)d_a, err);
out:
    return rc;
}

extern "C" int cuzk_gpu_icoset_fft(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_err *err)
{
    int rc = check_args(d, d_a, err);
    if (rc == 0)
        rc = fft_queue(d, (cuzk_gpu_fr *)d_a, err);
    if (rc == 0)
        rc = revscale_queue(d, (cuzk_gpu_fr *)d_a, d->hi_mgi, d->lo_gi, err);
    return rc;
}

extern "C" int cuzk_gpu_compute_h(cuzk_gpu_domain *d, cuzk_fr *d_a, cuzk_fr *d_b, cuzk_fr *d_c,
                                  cuzk_err *err)
{
    int rc = check_args(d, d_a, err);
    if (rc != 0)
        return rc;
    if (!d_b || !d_c)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "gpu compute_h: NULL b or c");
    cuzk_gpu_fr *v[3] = { (cuzk_gpu_fr *)d_a, (cuzk_gpu_fr *)d_b, (cuzk_gpu_fr *)d_c };
    cuzk_gpu_ctx *ctx = d->ctx;
    // evaluations on <omega> -> coefficients scaled by g^k -> evaluations on the coset
    for (int i = 0; i < 3 && rc == 0; i++) {
        rc = fft_queue(d, v[i], err);
        if (rc == 0)
            rc = revscale_queue(d, v[i], d->hi_mg, d->lo_g, err);
        if (rc == 0)
            rc = fft_queue(d, v[i], err);
    }
    if (rc != 0)
        return rc;
    pointwise_kernel<<<cuzk_gpu_blocks(ctx, d->m, 256, 8), 256, 0, ctx->stream>>>(v[0], v[1], v[2], d->m,
                                                                                 to_dev(&d->z_inv));
    CUZK_GPU_LAUNCHED(err, rc, out);
    rc = fft_queue(d, v[0], err);
    if (rc == 0)
        rc = revscale_queue(d, v[0], d->hi_mgi, d->lo_gi, err);
out:
    return rc;
}
