/* The FFT kernel: bit-reversal permutation, then radix-2 decimation-in-time
 * stages, grouped so that each pass over memory does several stages in cache.
 *
 * Stage s (half-size h = 2^s) pairs indices that differ only in bit s. For a
 * group of stages [s0, s1), fixing the bits below s0 ("lo") and above s1
 * ("hi") leaves an independent sub-transform over the 2^(s1-s0) "mid" values.
 * A task takes one hi value and a run of consecutive lo values (so memory is
 * touched in whole cache lines) and runs all the group's stages on them. The
 * first group has s0 = 0: plain contiguous blocks. */
#include "cuzk/poly.h"
#include "poly/poly_impl.h"
#include "ff/ff_internal.h" /* inline Fr add/sub/mul: the butterfly is a few instructions around one mul; the butterflies 8 at a time where the CPU has AVX-512 IFMA */

/* First pass: 2^12 elements (128 KiB) per block. */
#define FFT_LOCAL_BITS 12
/* Later passes: at most 2^9 mid values times FFT_RUN lo values (128 KiB). */
#define FFT_GROUP_BITS 9
#define FFT_RUN 8
/* Indices per bit-reversal task. */
#define FFT_BITREV_CHUNK 16384

static uint32_t rev32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}

typedef struct {
    cuzk_fr *const *vecs;
    unsigned log_m;
    size_t tasks_per_vec;
} bitrev_ctx;

/* The task owning the smaller index of a pair does the swap, so tasks never collide. */
static void bitrev_task(void *arg, size_t t)
{
    const bitrev_ctx *c = arg;
    cuzk_fr *x = c->vecs[t / c->tasks_per_vec];
    size_t m = (size_t)1 << c->log_m;
    size_t i0 = (t % c->tasks_per_vec) * FFT_BITREV_CHUNK;
    size_t i1 = i0 + FFT_BITREV_CHUNK < m ? i0 + FFT_BITREV_CHUNK : m;
    unsigned shift = 32 - c->log_m;
    for (size_t i = i0; i < i1; i++) {
        size_t r = rev32((uint32_t)i) >> shift;
        if (i < r) {
            cuzk_fr tmp = x[i];
            x[i] = x[r];
            x[r] = tmp;
        }
    }
}

typedef struct {
    cuzk_fr *const *vecs;
    const cuzk_fr *w;       /* omega^k, k < m/2 */
    unsigned log_m, s0, s1;
    size_t run;             /* consecutive lo values per task */
    size_t tasks_per_vec;
    bool vec;               /* the IFMA butterflies of src/ff run fast here */
} stages_ctx;

static void stages_task(void *arg, size_t t)
{
    const stages_ctx *c = arg;
    cuzk_fr *x = c->vecs[t / c->tasks_per_vec];
    t %= c->tasks_per_vec;
    const unsigned s0 = c->s0;
    const size_t run = c->run;
    const size_t runs_per_hi = ((size_t)1 << s0) / run;
    const size_t lo0 = (t % runs_per_hi) * run;
    const size_t base = ((t / runs_per_hi) << c->s1) + lo0;
    const size_t mids = (size_t)1 << (c->s1 - s0);

    for (unsigned s = s0; s < c->s1; s++) {
        const size_t hs = (size_t)1 << (s - s0);     /* half-size in mid units */
        const unsigned tw_shift = c->log_m - 1 - s;  /* omega_{2h}^j = omega^(j * m / 2h) */
        if (c->vec) {
            /* the butterflies of a stage in runs, 8 lanes at a time (src/ff IFMA):
             * in the first pass (run 1) the run is the j loop, later the lo values */
            const size_t step = (size_t)1 << tw_shift;
            for (size_t k = 0; k < mids; k += 2 * hs) {
                if (run == 1) {
                    cuzk_fr *x0 = x + base + (k << s0);
                    cuzk_fr_butterfly_many(x0, x0 + (hs << s0), c->w, step, hs);
                    continue;
                }
                for (size_t j = 0; j < hs; j++) {
                    cuzk_fr *x0 = x + base + ((k + j) << s0);
                    cuzk_fr_butterfly_many(x0, x0 + (hs << s0), &c->w[((j << s0) + lo0) << tw_shift], step, run);
                }
            }
            continue;
        }
        for (size_t k = 0; k < mids; k += 2 * hs) {
            for (size_t j = 0; j < hs; j++) {
                cuzk_fr *x0 = x + base + ((k + j) << s0);
                cuzk_fr *x1 = x0 + (hs << s0);
                /* index mod 2^s = (j << s0) + lo: the twiddle exponent at stage s */
                const size_t tw = (j << s0) + lo0;
                size_t l = 0;
                if (tw == 0) { /* twiddle 1: all of stage 0, and j = 0 of the first pass (~2/log m of the muls) */
                    cuzk_fr v = x1[0];
                    cuzk_fr_sub_i(&x1[0], &x0[0], &v);
                    cuzk_fr_add_i(&x0[0], &x0[0], &v);
                    l = 1;
                }
                for (; l < run; l++) {
                    cuzk_fr v;
                    cuzk_fr_mul_i(&v, &x1[l], &c->w[(tw + l) << tw_shift]);
                    cuzk_fr_sub_i(&x1[l], &x0[l], &v);
                    cuzk_fr_add_i(&x0[l], &x0[l], &v);
                }
            }
        }
    }
}

static void run_stages(const cuzk_domain *d, cuzk_fr *const *vecs, size_t nvec,
                       unsigned s0, unsigned s1, cuzk_pool *pool)
{
    size_t run = (size_t)1 << s0;
    if (run > FFT_RUN)
        run = FFT_RUN;
    stages_ctx c = { vecs, d->twiddles, d->log_m, s0, s1, run, 0, cuzk_ff_ifma_available() };
    c.tasks_per_vec = (d->m >> (s1 - s0)) / run;
    cuzk_pool_run(pool, c.tasks_per_vec * nvec, stages_task, &c);
}

void cuzk_poly_fft_many(const cuzk_domain *d, cuzk_fr *const *vecs, size_t nvec, cuzk_pool *pool)
{
    const unsigned n = d->log_m;
    if (n == 0 || nvec == 0)
        return; /* a 1-point DFT is the identity */

    bitrev_ctx b = { vecs, n, (d->m + FFT_BITREV_CHUNK - 1) / FFT_BITREV_CHUNK };
    cuzk_pool_run(pool, b.tasks_per_vec * nvec, bitrev_task, &b);

    unsigned s = n < FFT_LOCAL_BITS ? n : FFT_LOCAL_BITS;
    run_stages(d, vecs, nvec, 0, s, pool);
    /* The rest in as few passes as possible, split evenly. */
    unsigned rest = n - s;
    unsigned passes = (rest + FFT_GROUP_BITS - 1) / FFT_GROUP_BITS;
    for (unsigned p = 0; p < passes; p++) {
        unsigned g = rest / passes + (p < rest % passes);
        run_stages(d, vecs, nvec, s, s + g, pool);
        s += g;
    }
}
