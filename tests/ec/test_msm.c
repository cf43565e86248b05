/* CPU MSM (G1, G2): against per-point scalar multiplication for small n, and
 * against a known discrete log for larger n: the bases are b_i * G with the
 * b_i known, so sum k_i (b_i G) = (sum k_i b_i mod r) G, one multiplication.
 * Edge cases: zero/one/huge scalars, bucket collisions that must double or
 * cancel, infinity bases, overfull buckets, thread-count independence. */
#include <string.h>

#include "cuzk/ec.h"
#include "cuzk/ff.h"
#include "test.h"

/* r, the group order, canonical limbs */
static const uint64_t R_LIMBS[4] = {0xffffffff00000001ULL, 0x53bda402fffe5bfeULL,
                                    0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL};

static void scalar_set(cuzk_scalar *s, uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3)
{
    s->l[0] = l0; s->l[1] = l1; s->l[2] = l2; s->l[3] = l3;
}

static bool lt4(const uint64_t *a, const uint64_t *b)
{
    for (int i = 3; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i];
    return false;
}

static void sub4(uint64_t *a, const uint64_t *b)
{
    uint64_t bw = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t t = a[i] - b[i] - bw;
        bw = (a[i] < b[i]) || (a[i] - b[i] < bw);
        a[i] = t;
    }
}

/* Any 256-bit integer mod r, as an Fr element. */
static cuzk_fr scalar_to_fr(const cuzk_scalar *s)
{
    uint64_t t[4];
    memcpy(t, s->l, sizeof t);
    while (!lt4(t, R_LIMBS)) sub4(t, R_LIMBS);
    cuzk_fr f;
    cuzk_fr_from_raw(&f, t);
    return f;
}

static void random_scalar(cuzk_rng *rng, cuzk_scalar *s)
{
    do {
        scalar_set(s, cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng),
                   cuzk_rng_u64(rng) & 0x7fffffffffffffffULL);
    } while (!lt4(s->l, R_LIMBS));
}

static cuzk_fr random_fr(cuzk_rng *rng)
{
    cuzk_scalar s;
    random_scalar(rng, &s);
    return scalar_to_fr(&s);
}

/* Scalar test patterns. */
enum { PAT_RANDOM, PAT_ZERO, PAT_ONE, PAT_WITNESS, PAT_HUGE, PAT_FEW };

static void make_scalars(cuzk_rng *rng, cuzk_scalar *k, size_t n, int pat)
{
    static const cuzk_scalar few[3] = {{{5, 0, 0, 0}},
                                       {{7, 0, 0, 0x100}},
                                       {{0xfffffffefffffffeULL, 0x53bda402fffe5bfeULL,
                                         0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL}}}; /* r - 3 */
    for (size_t i = 0; i < n; i++) {
        switch (pat) {
        case PAT_ZERO: scalar_set(&k[i], 0, 0, 0, 0); break;
        case PAT_ONE: scalar_set(&k[i], 1, 0, 0, 0); break;
        case PAT_WITNESS: {
            /* a Filecoin-like witness: half 0/1, half full-size */
            uint64_t v = cuzk_rng_u64(rng) % 4;
            if (v < 2) scalar_set(&k[i], v, 0, 0, 0);
            else random_scalar(rng, &k[i]);
            break;
        }
        case PAT_HUGE: {
            /* r - 1, just below 2^255, and values >= r up to 2^256 - 1 */
            uint64_t v = cuzk_rng_u64(rng) % 5;
            if (v == 0) scalar_set(&k[i], R_LIMBS[0] - 1, R_LIMBS[1], R_LIMBS[2], R_LIMBS[3]);
            else if (v == 1) scalar_set(&k[i], ~0ULL - (cuzk_rng_u64(rng) & 0xff), ~0ULL, ~0ULL, 0x7fffffffffffffffULL);
            else if (v == 2) scalar_set(&k[i], ~0ULL, ~0ULL, ~0ULL, ~0ULL);
            else if (v == 3) scalar_set(&k[i], cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng) | (1ULL << 63));
            else scalar_set(&k[i], 2, 0, 0, 0x8000000000000000ULL);
            break;
        }
        case PAT_FEW: k[i] = few[cuzk_rng_u64(rng) % 3]; break;
        default: random_scalar(rng, &k[i]); break;
        }
    }
}

/* sum k_i b_i mod r */
static cuzk_fr dot(const cuzk_scalar *k, const cuzk_fr *b, size_t n)
{
    cuzk_fr acc = CUZK_FR_ZERO, t;
    for (size_t i = 0; i < n; i++) {
        cuzk_fr ki = scalar_to_fr(&k[i]);
        cuzk_fr_mul(&t, &ki, &b[i]);
        cuzk_fr_add(&acc, &acc, &t);
    }
    return acc;
}

/* ---- the per-group tests ---------------------------------------------------- */
#define T_AFF cuzk_g1_affine
#define T_PROJ cuzk_g1_proj
#define T_NAME "G1"
#define G(name) cuzk_g1_##name
#define T(name) g1_##name
#include "ec/msm_test_impl.h"
#undef T_AFF
#undef T_PROJ
#undef T_NAME
#undef G
#undef T

#define T_AFF cuzk_g2_affine
#define T_PROJ cuzk_g2_proj
#define T_NAME "G2"
#define G(name) cuzk_g2_##name
#define T(name) g2_##name
#include "ec/msm_test_impl.h"

/* A wide pool splits the points of each window into chunks (the engine is
 * shared by G1 and G2, so the cheaper group covers it). */
static void g1_test_chunked(cuzk_pool *pool16)
{
    enum { N = 20000 };
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x6368756e);
    cuzk_g1_affine *bases = malloc(N * sizeof *bases);
    cuzk_fr *logs = malloc(N * sizeof *logs);
    cuzk_scalar *k = malloc(N * sizeof *k);
    g1_bases(&rng, bases, logs, N, N, 0, 0);
    make_scalars(&rng, k, N, PAT_WITNESS);
    for (size_t i = 0; i < N; i += 2) random_scalar(&rng, &k[i]);
    cuzk_g1_proj a, b;
    cuzk_g1_msm(&a, bases, k, N, NULL);
    cuzk_g1_msm(&b, bases, k, N, pool16);
    CHECK_MSG(cuzk_g1_proj_eq(&a, &b), "G1 chunked windows");
    CHECK(g1_msm_matches_log(bases, logs, k, N, pool16));
    free(bases);
    free(logs);
    free(k);
}

/* 2^16 points with 64-bit scalars: wide windows (4096 buckets) at a quarter
 * of the cost of full scalars, so the buckets are filled by accumulators
 * (streamed bases) rather than by sorting. Few distinct scalars crowd the
 * buckets, which must hand the window over to the sorting path. */
static void g1_test_accum(cuzk_pool *pool3)
{
    enum { N = 65536 };
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x61636375);
    cuzk_g1_affine *bases = malloc(N * sizeof *bases);
    cuzk_fr *logs = malloc(N * sizeof *logs);
    cuzk_scalar *k = malloc(N * sizeof *k);
    g1_bases(&rng, bases, logs, N, N, 0, 0);
    for (size_t i = 0; i < N; i++) {
        uint64_t v = cuzk_rng_u64(&rng);
        scalar_set(&k[i], i % 10 == 0 ? v & 1 : v, 0, 0, 0);
    }
    CHECK_MSG(g1_msm_matches_log(bases, logs, k, N, NULL), "G1 accumulators");
    cuzk_g1_proj a, b;
    cuzk_g1_msm(&a, bases, k, N, NULL);
    cuzk_g1_msm(&b, bases, k, N, pool3);
    CHECK(cuzk_g1_proj_eq(&a, &b));

    /* crowded: 3 points and their negatives under 3 scalars; a bucket
     * meets P + P and P + (-P) */
    static const uint64_t few[3] = {5, (1ULL << 40) + 7, ~0ULL - 2};
    g1_bases(&rng, bases, logs, N, 3, 0, 2);
    for (size_t i = 0; i < N; i++) scalar_set(&k[i], few[cuzk_rng_u64(&rng) % 3], 0, 0, 0);
    CHECK_MSG(g1_msm_matches_log(bases, logs, k, N, NULL), "G1 crowded accumulators");
    /* mostly distinct points plus repeats of one point with one scalar:
     * doubling and cancelling inside the accumulators without crowding */
    g1_bases(&rng, bases, logs, N, N, 0, 0);
    for (size_t i = 0; i < N; i++) scalar_set(&k[i], cuzk_rng_u64(&rng), 0, 0, 0);
    for (size_t i = 0; i < N; i += 97) {
        bases[i] = bases[0];
        logs[i] = logs[0];
        k[i] = k[0];
        if (i % 2) {
            cuzk_g1_affine_neg(&bases[i], &bases[i]);
            cuzk_fr_neg(&logs[i], &logs[i]);
        }
    }
    CHECK_MSG(g1_msm_matches_log(bases, logs, k, N, NULL), "G1 accumulators with repeats");
    free(bases);
    free(logs);
    free(k);
}

int main(void)
{
    /* more threads than cores is fine: it checks the task split, not speed */
    cuzk_pool *pool2 = cuzk_pool_create(2), *pool3 = cuzk_pool_create(3), *pool16 = cuzk_pool_create(16);
    CHECK(pool2 && pool3 && pool16);
    g1_test(pool2, pool3, pool16);
    g2_test(pool2, pool3, pool16);
    g1_test_chunked(pool16);
    g1_test_accum(pool3);
    cuzk_pool_destroy(pool2);
    cuzk_pool_destroy(pool3);
    cuzk_pool_destroy(pool16);
    return test_finish("test_msm");
}
