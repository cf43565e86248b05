/* CPU MSM: the plan shared by the G1 and G2 instantiations (private header).
 *
 * An MSM is split into three kinds of scalars: 0 and bases at infinity are
 * dropped, 1 goes to a plain sum, everything else runs through Pippenger with
 * signed c-bit digits. The plan holds the index lists, the window shape and
 * the task split; msm_impl.h (with msm_xyzz.h, msm_bucket.h, msm_accum.h)
 * does the group arithmetic, once per group. */
#ifndef CUZK_EC_MSM_H
#define CUZK_EC_MSM_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/ec.h"

/* Indices travel as uint32 with the sign of the digit in the top bit, so one
 * MSM call handles at most this many points; bigger inputs are split. */
#define CUZK_MSM_MAX_POINTS ((size_t)1 << 30)

/* Windows with at least 2^this buckets reduce them by the two-level split
 * (msm_bucket.h); the window cost model (msm.c) follows the same line. */
#ifndef CUZK_MSM_TWO_LEVEL_LOG
#define CUZK_MSM_TWO_LEVEL_LOG 8
#endif

/* A signed digit's sign bit inside a sorted index. */
#define CUZK_MSM_NEG ((uint32_t)1 << 31)

typedef struct {
    /* the split of the input */
    uint32_t *big;        /* indices whose scalar is not 0 or 1 */
    size_t n_big;
    uint32_t *ones;       /* indices whose scalar is 1 */
    size_t n_ones;
    /* Pippenger shape for the big part */
    unsigned nbits;       /* max bit length of the big scalars */
    unsigned c;           /* window width */
    unsigned nwin;        /* windows; the top one is unsigned */
    unsigned top_bits;    /* width of the top window's digits (its buckets: 2^top_bits) */
    uint64_t offset[4];   /* 2^(c-1) in every window but the top: added before digit extraction */
    /* task layout */
    unsigned big_chunks;  /* big points are split into this many chunks per window */
    unsigned one_chunks;  /* the 1-scalars are summed in this many chunks */
} cuzk_msm_plan;

/* Classifies the scalars (a base i is skipped when is_inf(bases, i)) and
 * chooses the window and the task split for n_threads. Returns 0, or -1 when
 * the index lists cannot be allocated (the caller then falls back to a path
 * that needs no memory). n <= CUZK_MSM_MAX_POINTS. */
int cuzk_msm_plan_make(cuzk_msm_plan *plan, const cuzk_scalar *scalars, size_t n,
                       const void *bases, bool (*is_inf)(const void *bases, size_t i),
                       unsigned n_threads);
void cuzk_msm_plan_free(cuzk_msm_plan *plan);

/* Overrides the window shape of a made plan: c-bit windows over nbits bits
 * (nbits >= the plan's own), the big points in big_chunks chunks. For tables
 * of precomputed bases (msm_table.h), whose shape is fixed when built. */
void cuzk_msm_plan_reshape(cuzk_msm_plan *plan, unsigned nbits, unsigned c, unsigned big_chunks);

/* Buckets of window w: |digit| runs 1..count. */
static inline uint32_t cuzk_msm_buckets(const cuzk_msm_plan *p, unsigned w)
{
    return w + 1 == p->nwin ? (uint32_t)1 << p->top_bits : (uint32_t)1 << (p->c - 1);
}

/* The signed digit of scalar k in window w, as a bucket number (|d|, 0 = no
 * bucket) with CUZK_MSM_NEG set for negative digits.
 *
 * Why this works: adding H = sum over the lower windows of 2^(c-1) * 2^(wc)
 * turns the plain base-2^c digits e_w of k + H into the signed digits
 * e_w - 2^(c-1) of k, with no carry chain to track; the top window takes the
 * remaining bits unsigned. */
static inline uint32_t cuzk_msm_digit(const cuzk_msm_plan *p, const cuzk_scalar *k, unsigned w)
{
    unsigned lo = w * p->c;
    unsigned limb = lo >> 6, sh = lo & 63;
    /* k + H, only up to the limbs this window needs (plus a carry word). */
    uint64_t v[5];
    uint64_t carry = 0;
    unsigned last = (lo + p->c) >> 6; /* the limb holding the window's top (carry) bit */
    for (unsigned i = 0; i <= last && i < 4; i++) {
        __extension__ unsigned __int128 t = (unsigned __int128)k->l[i] + p->offset[i] + carry;
        v[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    v[4] = carry;
    uint64_t bits = v[limb] >> sh;
    if (sh + p->c + 1 > 64 && limb + 1 <= last) bits |= v[limb + 1] << (64 - sh);
    if (w + 1 == p->nwin) {
        /* unsigned top digit in [0, 2^top_bits] (bit top_bits only set by the carry) */
        bits &= ((uint64_t)2 << p->top_bits) - 1;
        return (uint32_t)bits;
    }
    uint64_t half = (uint64_t)1 << (p->c - 1);
    uint64_t e = bits & (((uint64_t)1 << p->c) - 1);
    if (e >= half) return (uint32_t)(e - half);
    return (uint32_t)(half - e) | CUZK_MSM_NEG;
}

#endif
