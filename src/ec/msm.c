/* CPU MSM planning, shared by G1 and G2: the split of the scalars into
 * 0 / 1 / the rest, the window width and the task layout. */
#include <string.h>

#include "ec/msm.h"

/* Rough costs in field multiplications, for choosing c. A batch-affine
 * bucket addition is ~6 (5M + 1S with the inversion shared). Reducing the
 * buckets costs one mixed plus one full XYZZ addition per bucket in narrow
 * windows, about two batch-affine additions per bucket in wide ones (the
 * two-level reduction). Each window also pays a few inversions and a pass
 * over the scalars. */
#define COST_POINT 6.0
#define COST_WINDOW 3000.0

static double bucket_cost(unsigned log_buckets)
{
    return (double)((uint64_t)1 << log_buckets) * (log_buckets >= CUZK_MSM_TWO_LEVEL_LOG ? 14.0 : 24.0);
}

static unsigned bit_length(const uint64_t l[4])
{
    for (int i = 3; i >= 0; i--)
        if (l[i]) return (unsigned)(64 * i + 64 - __builtin_clzll(l[i]));
    return 0;
}

static bool is_one(const cuzk_scalar *k) { return k->l[0] == 1 && (k->l[1] | k->l[2] | k->l[3]) == 0; }
static bool is_zero(const cuzk_scalar *k) { return (k->l[0] | k->l[1] | k->l[2] | k->l[3]) == 0; }

static void set_shape(cuzk_msm_plan *p, unsigned c)
{
    p->c = c;
    p->nwin = (p->nbits + c - 1) / c;
    p->top_bits = p->nbits - (p->nwin - 1) * c;
    memset(p->offset, 0, sizeof p->offset);
    for (unsigned w = 0; w + 1 < p->nwin; w++) {
        unsigned b = w * c + c - 1;
        p->offset[b >> 6] |= (uint64_t)1 << (b & 63);
    }
}

/* Makespan estimate: tasks are spread over the threads in whole units. */
static double plan_cost(const cuzk_msm_plan *p, unsigned chunks, unsigned n_threads)
{
    double m = (double)p->n_big / chunks;
    double lo = COST_POINT * m + bucket_cost(p->c - 1) + COST_WINDOW;
    double top = COST_POINT * m + bucket_cost(p->top_bits) + COST_WINDOW;
    double total = (lo * (p->nwin - 1) + top) * chunks;
    size_t tasks = (size_t)p->nwin * chunks;
    size_t rounds = (tasks + n_threads - 1) / n_threads;
    /* the heaviest thread runs `rounds` tasks of the average size */
    double avg = total / (double)tasks;
    return (double)rounds * avg;
}

int cuzk_msm_plan_make(cuzk_msm_plan *plan, const cuzk_scalar *scalars, size_t n,
                       const void *bases, bool (*is_inf)(const void *bases, size_t i),
                       unsigned n_threads)
{
    memset(plan, 0, sizeof *plan);
    if (n_threads == 0) n_threads = 1;
    /* One array: big indices from the front, ones from the back. */
    uint32_t *idx = cuzk_alloc_array(n ? n : 1, sizeof *idx);
    if (!idx) return -1;
    uint64_t any[4] = {0, 0, 0, 0};
    size_t nb = 0, no = 0;
    for (size_t i = 0; i < n; i++) {
        const cuzk_scalar *k = &scalars[i];
        if (is_zero(k) || is_inf(bases, i)) continue;
        if (is_one(k)) {
            idx[n - 1 - no++] = (uint32_t)i;
        } else {
            idx[nb++] = (uint32_t)i;
            for (int j = 0; j < 4; j++) any[j] |= k->l[j];
        }
    }
    plan->big = idx;
    plan->n_big = nb;
    plan->ones = idx + (n - no);
    plan->n_ones = no;
    plan->nbits = bit_length(any);

    plan->big_chunks = 1;
    if (nb > 0) {
        double best = 0;
        unsigned best_c = 2, best_chunks = 1;
        unsigned max_chunks = n_threads > 1 ? 4 * n_threads : 1;
        for (unsigned chunks = 1; chunks <= max_chunks; chunks++) {
            if (chunks > 1 && nb / chunks < 1024) break; /* not worth splitting */
            for (unsigned c = 2; c <= 20 && c <= plan->nbits + 1; c++) {
                set_shape(plan, c);
                double cost = plan_cost(plan, chunks, n_threads);
                if (best == 0 || cost < best) {
                    best = cost;
                    best_c = c;
                    best_chunks = chunks;
                }
            }
        }
#ifdef MSM_FORCE_C /* tuning builds only */
        best_c = MSM_FORCE_C;
#endif
        set_shape(plan, best_c);
        plan->big_chunks = best_chunks;
    }
    /* The ones are cheap per point; small chunks keep every thread busy at the end. */
    plan->one_chunks = 0;
    if (no > 0) {
        size_t ch = n_threads > 1 ? (no + 8191) / 8192 : 1;
        if (ch > 4 * (size_t)n_threads) ch = 4 * (size_t)n_threads;
        plan->one_chunks = (unsigned)ch;
    }
    return 0;
}

void cuzk_msm_plan_reshape(cuzk_msm_plan *plan, unsigned nbits, unsigned c, unsigned big_chunks)
{
    plan->nbits = nbits;
    set_shape(plan, c);
    plan->big_chunks = big_chunks ? big_chunks : 1;
}

void cuzk_msm_plan_free(cuzk_msm_plan *plan)
{
    cuzk_free(plan->big);
    plan->big = plan->ones = NULL;
}
