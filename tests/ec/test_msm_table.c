/* G1 MSM over a precomputed table (cuzk_g1_msm_table): against a known
 * discrete log (bases b_i * G with b_i known, so the MSM is one
 * multiplication of G) and against the plain cuzk_g1_msm. Covers the table
 * path proper (one and two chunks, 0/1 scalars, infinity and negated bases,
 * a prefix of the table), its crowded-bucket fallback (all scalars equal),
 * two tables summed with shared buckets (cuzk_g1_msm_table_run_many),
 * the paths that hand over to the plain MSM (few points, scalars >= 2^255),
 * an empty table and the argument errors. */
#include <stdint.h>
#include <string.h>

#include "cuzk/ec.h"
#include "cuzk/ff.h"
#include "test.h"

static cuzk_fr random_fr(cuzk_rng *rng)
{
    for (;;) {
        uint64_t raw[4] = {cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng),
                           cuzk_rng_u64(rng) & 0x7fffffffffffffffULL};
        cuzk_fr f;
        if (cuzk_fr_from_raw(&f, raw)) return f;
    }
}

/* Bases b_i G with b_i = a + i d (running sums); every inf_every-th base is
 * infinity (log 0), every neg_every-th is negated. */
static void make_bases(cuzk_rng *rng, cuzk_g1_affine *out, cuzk_fr *logs, size_t n, size_t inf_every,
                       size_t neg_every)
{
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    cuzk_fr a = random_fr(rng), d = random_fr(rng);
    cuzk_scalar as, ds;
    cuzk_fr_to_scalar(&as, &a);
    cuzk_fr_to_scalar(&ds, &d);
    cuzk_g1_proj acc, step;
    cuzk_g1_mul_affine(&acc, &g, &as);
    cuzk_g1_mul_affine(&step, &g, &ds);
    cuzk_g1_proj *tmp = malloc(n * sizeof *tmp);
    cuzk_fr b = a;
    for (size_t i = 0; i < n; i++) {
        tmp[i] = acc;
        logs[i] = b;
        cuzk_g1_proj_add(&acc, &acc, &step);
        cuzk_fr_add(&b, &b, &d);
    }
    cuzk_g1_proj_batch_to_affine(out, tmp, n);
    free(tmp);
    for (size_t i = 0; i < n; i++) {
        if (i % inf_every == inf_every - 1) {
            cuzk_g1_affine_infinity(&out[i]);
            logs[i] = CUZK_FR_ZERO;
        } else if (i % neg_every == neg_every - 1) {
            cuzk_g1_affine_neg(&out[i], &out[i]);
            cuzk_fr_neg(&logs[i], &logs[i]);
        }
    }
}

/* (sum k_i b_i mod r) G; the scalars must be < r here */
static void expected(cuzk_g1_proj *want, const cuzk_scalar *k, const cuzk_fr *logs, size_t n)
{
    cuzk_fr acc = CUZK_FR_ZERO, t, ki;
    for (size_t i = 0; i < n; i++) {
        cuzk_fr_from_raw(&ki, k[i].l);
        cuzk_fr_mul(&t, &ki, &logs[i]);
        cuzk_fr_add(&acc, &acc, &t);
    }
    cuzk_scalar s;
    cuzk_fr_to_scalar(&s, &acc);
    cuzk_g1_affine g;
    cuzk_g1_generator(&g);
    cuzk_g1_mul_affine(want, &g, &s);
}

/* table == plain MSM == known log (when know_log) for the first n points */
static bool agrees(const cuzk_g1_msm_table *tb, const cuzk_g1_affine *bases, const cuzk_fr *logs,
                   const cuzk_scalar *k, size_t n, cuzk_pool *pool, bool know_log)
{
    cuzk_g1_proj got, plain, want;
    cuzk_err err = {0};
    if (cuzk_g1_msm_table_run(&got, tb, k, n, pool, &err) != 0) return false;
    cuzk_g1_msm(&plain, bases, k, n, pool);
    if (!cuzk_g1_proj_eq(&got, &plain)) return false;
    if (!know_log) return true;
    expected(&want, k, logs, n);
    return cuzk_g1_proj_eq(&got, &want);
}

int main(void)
{
    enum { N = 17000 }; /* two chunks of >= 8192 points on a 2-thread pool */
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x7461626c65);
    cuzk_pool *pool2 = cuzk_pool_create(2);
    cuzk_g1_affine *bases = malloc(N * sizeof *bases);
    cuzk_fr *logs = malloc(N * sizeof *logs);
    cuzk_scalar *k = malloc(N * sizeof *k);
    CHECK(pool2 && bases && logs && k);
    make_bases(&rng, bases, logs, N, 97, 5);

    cuzk_g1_msm_table *tb = NULL;
    cuzk_err err = {0};
    CHECK(cuzk_g1_msm_table_create(&tb, bases, N, pool2, &err) == 0 && tb);
    CHECK(cuzk_g1_msm_table_size(tb) == N);
    CHECK(cuzk_g1_msm_table_bytes(N) >= (size_t)N * 16 * sizeof(cuzk_g1_affine));
    CHECK(cuzk_g1_msm_table_bytes(SIZE_MAX / 64) == SIZE_MAX);

    /* full-size scalars with some 0 and 1 (the 1s take the plain-sum tasks) */
    for (size_t i = 0; i < N; i++) {
        cuzk_fr f = random_fr(&rng);
        cuzk_fr_to_scalar(&k[i], &f);
        if (i % 11 == 3) memset(&k[i], 0, sizeof k[i]);
        if (i % 13 == 4) { memset(&k[i], 0, sizeof k[i]); k[i].l[0] = 1; }
    }
    CHECK_MSG(agrees(tb, bases, logs, k, N, pool2, true), "table, two chunks");
    CHECK_MSG(agrees(tb, bases, logs, k, N, NULL, true), "table, one thread");
    CHECK_MSG(agrees(tb, bases, logs, k, 12000, pool2, true), "table, a prefix of the bases");
    /* r - 1 everywhere: the top digits and every signed digit at its extreme */
    static const uint64_t r_minus_1[4] = {0xffffffff00000000ULL, 0x53bda402fffe5bfeULL,
                                          0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL};
    for (size_t i = 0; i < N; i++) memcpy(k[i].l, r_minus_1, sizeof r_minus_1);
    CHECK_MSG(agrees(tb, bases, logs, k, N, pool2, true), "table, all scalars r - 1 (crowded buckets)");
    /* small scalars: the digits fill only the low windows */
    for (size_t i = 0; i < N; i++) {
        memset(&k[i], 0, sizeof k[i]);
        k[i].l[0] = 2 + cuzk_rng_u64(&rng) % 1000;
    }
    CHECK_MSG(agrees(tb, bases, logs, k, N, pool2, true), "table, small scalars");
    /* few points: the plain MSM runs (the wide reduction would not pay) */
    for (size_t i = 0; i < N; i++) {
        cuzk_fr f = random_fr(&rng);
        cuzk_fr_to_scalar(&k[i], &f);
    }
    CHECK_MSG(agrees(tb, bases, logs, k, 100, pool2, true), "table, 100 points");
    CHECK_MSG(agrees(tb, bases, logs, k, 1, NULL, true), "table, 1 point");
    /* a scalar >= 2^255 is outside the table's shape: the plain MSM runs */
    k[17].l[3] |= 1ULL << 63;
    CHECK_MSG(agrees(tb, bases, logs, k, N, pool2, false), "table, a scalar >= 2^255");

    /* two tables summed with shared buckets (run_many): the sum of the single runs and
     * of the known logs; a second table over the bases from point 5000 on, a part too
     * small for a table on its own (the parts together are big enough), 0s and 1s */
    {
        enum { N2 = 9000 };
        cuzk_fr f17 = random_fr(&rng);
        cuzk_fr_to_scalar(&k[17], &f17); /* back below r */
        cuzk_g1_msm_table *tb2 = NULL;
        CHECK(cuzk_g1_msm_table_create(&tb2, bases + 5000, N2, pool2, &err) == 0 && tb2);
        cuzk_scalar *k2 = malloc(N2 * sizeof *k2);
        CHECK(k2 != NULL);
        for (size_t i = 0; i < N2 && k2; i++) {
            cuzk_fr f = random_fr(&rng);
            cuzk_fr_to_scalar(&k2[i], &f);
            if (i % 7 == 1) { memset(&k2[i], 0, sizeof k2[i]); k2[i].l[0] = 1; }
            if (i % 5 == 2) { memset(&k2[i], 0, sizeof k2[i]); k2[i].l[0] = cuzk_rng_u64(&rng); }
        }
        const cuzk_g1_msm_table *tbs[2] = {tb, tb2};
        const cuzk_scalar *ks[2] = {k, k2};
        size_t sizes[][2] = {{N, N2}, {N, 3000}, {4000, 5000}, {100, 50}, {0, N2}};
        for (size_t c = 0; c < sizeof sizes / sizeof sizes[0] && k2; c++) {
            cuzk_g1_proj got, one, two, sum, want, t;
            CHECK(cuzk_g1_msm_table_run_many(&got, tbs, ks, sizes[c], 2, pool2, &err) == 0);
            CHECK(cuzk_g1_msm_table_run(&one, tb, k, sizes[c][0], pool2, &err) == 0);
            CHECK(cuzk_g1_msm_table_run(&two, tb2, k2, sizes[c][1], NULL, &err) == 0);
            cuzk_g1_proj_add(&sum, &one, &two);
            CHECK_MSG(cuzk_g1_proj_eq(&got, &sum), "run_many = sum of runs, case %zu", c);
            expected(&want, k, logs, sizes[c][0]);
            expected(&t, k2, logs + 5000, sizes[c][1]);
            cuzk_g1_proj_add(&want, &want, &t);
            CHECK_MSG(cuzk_g1_proj_eq(&got, &want), "run_many = known logs, case %zu", c);
            CHECK(cuzk_g1_msm_table_run_many(&one, tbs, ks, sizes[c], 2, NULL, &err) == 0);
            CHECK_MSG(cuzk_g1_proj_eq(&got, &one), "run_many, one thread, case %zu", c);
        }
        cuzk_g1_proj none;
        CHECK(cuzk_g1_msm_table_run_many(&none, NULL, NULL, NULL, 0, pool2, &err) == 0 &&
              cuzk_g1_proj_is_infinity(&none));
        size_t too_many[2] = {N, N2 + 1};
        CHECK(cuzk_g1_msm_table_run_many(&none, tbs, ks, too_many, 2, pool2, &err) == CUZK_ERR_INVALID_ARGUMENT);
        CHECK(strstr(err.msg, "part 1") != NULL);
        const cuzk_g1_msm_table *tbs_null[2] = {tb, NULL};
        CHECK(cuzk_g1_msm_table_run_many(&none, tbs_null, ks, sizes[0], 2, pool2, &err) == CUZK_ERR_INVALID_ARGUMENT);
        free(k2);
        cuzk_g1_msm_table_free(tb2);
    }

    /* errors */
    cuzk_g1_proj out;
    CHECK(cuzk_g1_msm_table_run(&out, tb, k, N + 1, pool2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(err.msg, "table of 17000") != NULL);
    CHECK(cuzk_g1_msm_table_run(&out, NULL, k, 1, pool2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_g1_msm_table_run(&out, tb, NULL, 1, pool2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_g1_msm_table *bad = (cuzk_g1_msm_table *)1;
    CHECK(cuzk_g1_msm_table_create(&bad, NULL, 5, pool2, &err) == CUZK_ERR_INVALID_ARGUMENT && bad == NULL);
    CHECK(cuzk_g1_msm_table_create(NULL, bases, 5, pool2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_g1_msm_table_free(tb);
    cuzk_g1_msm_table_free(NULL);

    /* an empty table: only n = 0, which gives infinity */
    CHECK(cuzk_g1_msm_table_create(&tb, NULL, 0, NULL, &err) == 0 && tb);
    CHECK(cuzk_g1_msm_table_run(&out, tb, NULL, 0, NULL, &err) == 0 && cuzk_g1_proj_is_infinity(&out));
    CHECK(cuzk_g1_msm_table_run(&out, tb, k, 1, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_g1_msm_table_free(tb);

    free(bases);
    free(logs);
    free(k);
    cuzk_pool_destroy(pool2);
    return test_finish("test_msm_table");
}
