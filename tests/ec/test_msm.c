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

/* ---- G1 -------------------------------------------------------------------- */

/* Bases with known logs b_i = a + (i mod period) * d, built by running sums
 * (one addition each). Bases at positions hit by inf_every are set to
 * infinity, which must be skipped; their b_i is 0. neg_every negates. */
static void g1_bases(cuzk_rng *rng, cuzk_g1_affine *out, cuzk_fr *logs, size_t n, size_t period,
                     size_t inf_every, size_t neg_every)
{
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    cuzk_fr a = random_fr(rng), d = random_fr(rng);
    cuzk_scalar as, ds;
    cuzk_fr_to_scalar(&as, &a);
    cuzk_fr_to_scalar(&ds, &d);
    cuzk_g1_proj start, step;
    cuzk_g1_mul_affine(&start, &g, &as);
    cuzk_g1_mul_affine(&step, &g, &ds);
    cuzk_g1_proj *tmp = malloc(n * sizeof *tmp);
    cuzk_g1_proj acc = start;
    cuzk_fr b = a;
    for (size_t i = 0; i < n; i++) {
        if (i % period == 0) {
            acc = start;
            b = a;
        }
        tmp[i] = acc;
        logs[i] = b;
        cuzk_g1_proj_add(&acc, &acc, &step);
        cuzk_fr_add(&b, &b, &d);
    }
    cuzk_g1_proj_batch_to_affine(out, tmp, n);
    for (size_t i = 0; i < n; i++) {
        if (inf_every && i % inf_every == inf_every - 1) {
            cuzk_g1_affine_infinity(&out[i]);
            logs[i] = CUZK_FR_ZERO;
        } else if (neg_every && i % neg_every == neg_every - 1) {
            cuzk_g1_affine_neg(&out[i], &out[i]);
            cuzk_fr_neg(&logs[i], &logs[i]);
        }
    }
    free(tmp);
}

static bool g1_msm_matches_log(const cuzk_g1_affine *bases, const cuzk_fr *logs, const cuzk_scalar *k,
                               size_t n, cuzk_pool *pool)
{
    cuzk_g1_proj got, want;
    cuzk_g1_msm(&got, bases, k, n, pool);
    cuzk_fr e = dot(k, logs, n);
    cuzk_scalar es;
    cuzk_fr_to_scalar(&es, &e);
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    cuzk_g1_mul_affine(&want, &g, &es);
    return cuzk_g1_proj_eq(&got, &want);
}

static bool g1_msm_matches_naive(const cuzk_g1_affine *bases, const cuzk_scalar *k, size_t n,
                                 cuzk_pool *pool)
{
    cuzk_g1_proj got, want, t;
    cuzk_g1_msm(&got, bases, k, n, pool);
    cuzk_g1_proj_infinity(&want);
    for (size_t i = 0; i < n; i++) {
        cuzk_g1_mul_affine(&t, &bases[i], &k[i]);
        cuzk_g1_proj_add(&want, &want, &t);
    }
    return cuzk_g1_proj_eq(&got, &want);
}

static void test_g1(cuzk_pool *pool2, cuzk_pool *pool3)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x6d736d31);
    enum { NMAX = 20000 };
    cuzk_g1_affine *bases = malloc(NMAX * sizeof *bases);
    cuzk_fr *logs = malloc(NMAX * sizeof *logs);
    cuzk_scalar *k = malloc(NMAX * sizeof *k);

    /* n = 0: infinity, whatever the pointers */
    cuzk_g1_proj out;
    cuzk_g1_msm(&out, NULL, NULL, 0, NULL);
    CHECK(cuzk_g1_proj_is_infinity(&out));

    /* small n against per-point multiplication, random and huge scalars */
    static const size_t small[] = {1, 2, 3, 7, 64};
    for (size_t t = 0; t < sizeof small / sizeof small[0]; t++) {
        size_t n = small[t];
        g1_bases(&rng, bases, logs, n, n, 0, 0);
        make_scalars(&rng, k, n, PAT_RANDOM);
        CHECK_MSG(g1_msm_matches_naive(bases, k, n, NULL), "G1 naive random n=%zu", n);
        make_scalars(&rng, k, n, PAT_HUGE);
        CHECK_MSG(g1_msm_matches_naive(bases, k, n, pool2), "G1 naive huge n=%zu", n);
    }

    /* larger n against the known logs, one and several threads */
    static const size_t sizes[] = {1000, 4097};
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        size_t n = sizes[t];
        g1_bases(&rng, bases, logs, n, n, 0, 0);
        make_scalars(&rng, k, n, PAT_RANDOM);
        CHECK_MSG(g1_msm_matches_log(bases, logs, k, n, NULL), "G1 random n=%zu", n);
        cuzk_g1_proj a, b, c;
        cuzk_g1_msm(&a, bases, k, n, NULL);
        cuzk_g1_msm(&b, bases, k, n, pool2);
        cuzk_g1_msm(&c, bases, k, n, pool3);
        CHECK_MSG(cuzk_g1_proj_eq(&a, &b) && cuzk_g1_proj_eq(&a, &c), "G1 threads n=%zu", n);
        /* a changed scalar changes the result: the check can fail */
        k[n / 2].l[0] ^= 1;
        cuzk_g1_msm(&b, bases, k, n, NULL);
        CHECK(!cuzk_g1_proj_eq(&a, &b));
    }

    /* all zero scalars, and all ones */
    g1_bases(&rng, bases, logs, 3000, 3000, 0, 0);
    make_scalars(&rng, k, 3000, PAT_ZERO);
    cuzk_g1_msm(&out, bases, k, 3000, pool2);
    CHECK(cuzk_g1_proj_is_infinity(&out));
    make_scalars(&rng, k, 3000, PAT_ONE);
    CHECK(g1_msm_matches_log(bases, logs, k, 3000, NULL));
    CHECK(g1_msm_matches_log(bases, logs, k, 3000, pool3));

    /* witness-like 0/1/random mix, r-1, near 2^255 and >= r, with infinity bases */
    g1_bases(&rng, bases, logs, 2500, 2500, 13, 0);
    make_scalars(&rng, k, 2500, PAT_WITNESS);
    CHECK(g1_msm_matches_log(bases, logs, k, 2500, NULL));
    CHECK(g1_msm_matches_log(bases, logs, k, 2500, pool2));
    make_scalars(&rng, k, 2500, PAT_HUGE);
    CHECK(g1_msm_matches_log(bases, logs, k, 2500, NULL));

    /* collisions: 3 distinct points (and their negatives) under 3 distinct
     * scalars, so buckets hold P + P (must double) and P + (-P) (must vanish) */
    g1_bases(&rng, bases, logs, 3000, 3, 0, 2);
    make_scalars(&rng, k, 3000, PAT_FEW);
    CHECK(g1_msm_matches_log(bases, logs, k, 3000, NULL));
    CHECK(g1_msm_matches_log(bases, logs, k, 3000, pool2));
    /* exact cancellation: P and -P under the same scalars sum to infinity */
    for (size_t i = 0; i < 1000; i++) {
        bases[2 * i + 1] = bases[2 * i];
        cuzk_g1_affine_neg(&bases[2 * i + 1], &bases[2 * i + 1]);
        k[2 * i + 1] = k[2 * i];
    }
    cuzk_g1_msm(&out, bases, k, 2000, NULL);
    CHECK(cuzk_g1_proj_is_infinity(&out));

    /* one overfull bucket (all scalars 2, more points than a group) and many
     * identical points in it */
    g1_bases(&rng, bases, logs, NMAX, 5, 0, 0);
    for (size_t i = 0; i < NMAX; i++) scalar_set(&k[i], 2, 0, 0, 0);
    CHECK(g1_msm_matches_log(bases, logs, k, NMAX, NULL));
    CHECK(g1_msm_matches_log(bases, logs, k, NMAX, pool2));

    /* all bases at infinity */
    for (size_t i = 0; i < 100; i++) cuzk_g1_affine_infinity(&bases[i]);
    make_scalars(&rng, k, 100, PAT_RANDOM);
    cuzk_g1_msm(&out, bases, k, 100, NULL);
    CHECK(cuzk_g1_proj_is_infinity(&out));

    free(bases);
    free(logs);
    free(k);
}

int main(void)
{
    cuzk_pool *pool2 = cuzk_pool_create(2), *pool3 = cuzk_pool_create(3);
    CHECK(pool2 && pool3);
    test_g1(pool2, pool3);
    cuzk_pool_destroy(pool2);
    cuzk_pool_destroy(pool3);
    return test_finish("test_msm");
}
