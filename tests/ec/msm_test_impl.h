/* The MSM test body, instantiated once per group by test_msm.c (which
 * defines T_AFF, T_PROJ, T_NAME, G(name) -> the cuzk_gN_ function and
 * T(name) -> a per-group test function name). */
/* Bases with known logs b_i = a + (i mod period) * d, built by running sums
 * (one addition each). Bases at positions hit by inf_every are set to
 * infinity, which must be skipped; their b_i is 0. neg_every negates. */
static void T(bases)(cuzk_rng *rng, T_AFF *out, cuzk_fr *logs, size_t n, size_t period,
                     size_t inf_every, size_t neg_every)
{
    T_AFF g;
    G(generator)(&g);
    cuzk_fr a = random_fr(rng), d = random_fr(rng);
    cuzk_scalar as, ds;
    cuzk_fr_to_scalar(&as, &a);
    cuzk_fr_to_scalar(&ds, &d);
    T_PROJ start, step;
    G(mul_affine)(&start, &g, &as);
    G(mul_affine)(&step, &g, &ds);
    T_PROJ *tmp = malloc(n * sizeof *tmp);
    T_PROJ acc = start;
    cuzk_fr b = a;
    for (size_t i = 0; i < n; i++) {
        if (i % period == 0) {
            acc = start;
            b = a;
        }
        tmp[i] = acc;
        logs[i] = b;
        G(proj_add)(&acc, &acc, &step);
        cuzk_fr_add(&b, &b, &d);
    }
    G(proj_batch_to_affine)(out, tmp, n);
    for (size_t i = 0; i < n; i++) {
        if (inf_every && i % inf_every == inf_every - 1) {
            G(affine_infinity)(&out[i]);
            logs[i] = CUZK_FR_ZERO;
        } else if (neg_every && i % neg_every == neg_every - 1) {
            G(affine_neg)(&out[i], &out[i]);
            cuzk_fr_neg(&logs[i], &logs[i]);
        }
    }
    free(tmp);
}

static bool T(msm_matches_log)(const T_AFF *bases, const cuzk_fr *logs, const cuzk_scalar *k,
                               size_t n, cuzk_pool *pool)
{
    T_PROJ got, want;
    G(msm)(&got, bases, k, n, pool);
    cuzk_fr e = dot(k, logs, n);
    cuzk_scalar es;
    cuzk_fr_to_scalar(&es, &e);
    T_AFF g;
    G(generator)(&g);
    G(mul_affine)(&want, &g, &es);
    return G(proj_eq)(&got, &want);
}

static bool T(msm_matches_naive)(const T_AFF *bases, const cuzk_scalar *k, size_t n,
                                 cuzk_pool *pool)
{
    T_PROJ got, want, t;
    G(msm)(&got, bases, k, n, pool);
    G(proj_infinity)(&want);
    for (size_t i = 0; i < n; i++) {
        G(mul_affine)(&t, &bases[i], &k[i]);
        G(proj_add)(&want, &want, &t);
    }
    return G(proj_eq)(&got, &want);
}

static void T(test)(cuzk_pool *pool2, cuzk_pool *pool3, cuzk_pool *pool16)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x6d736d31);
    enum { NMAX = 20000 };
    T_AFF *bases = malloc(NMAX * sizeof *bases);
    cuzk_fr *logs = malloc(NMAX * sizeof *logs);
    cuzk_scalar *k = malloc(NMAX * sizeof *k);

    /* n = 0: infinity, whatever the pointers */
    T_PROJ out;
    G(msm)(&out, NULL, NULL, 0, NULL);
    CHECK(G(proj_is_infinity)(&out));

    /* small n against per-point multiplication, random and huge scalars */
    static const size_t small[] = {1, 2, 3, 7, 64};
    for (size_t t = 0; t < sizeof small / sizeof small[0]; t++) {
        size_t n = small[t];
        T(bases)(&rng, bases, logs, n, n, 0, 0);
        make_scalars(&rng, k, n, PAT_RANDOM);
        CHECK_MSG(T(msm_matches_naive)(bases, k, n, NULL), T_NAME " naive random n=%zu", n);
        make_scalars(&rng, k, n, PAT_HUGE);
        CHECK_MSG(T(msm_matches_naive)(bases, k, n, pool2), T_NAME " naive huge n=%zu", n);
    }

    /* larger n against the known logs, one and several threads */
    static const size_t sizes[] = {1000, 4097};
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        size_t n = sizes[t];
        T(bases)(&rng, bases, logs, n, n, 0, 0);
        make_scalars(&rng, k, n, PAT_RANDOM);
        CHECK_MSG(T(msm_matches_log)(bases, logs, k, n, NULL), T_NAME " random n=%zu", n);
        T_PROJ a, b, c;
        G(msm)(&a, bases, k, n, NULL);
        G(msm)(&b, bases, k, n, pool2);
        G(msm)(&c, bases, k, n, pool3);
        CHECK_MSG(G(proj_eq)(&a, &b) && G(proj_eq)(&a, &c), T_NAME " threads n=%zu", n);
        /* a changed scalar changes the result: the check can fail */
        k[n / 2].l[0] ^= 1;
        G(msm)(&b, bases, k, n, NULL);
        CHECK(!G(proj_eq)(&a, &b));
    }

    /* all zero scalars, and all ones */
    T(bases)(&rng, bases, logs, 3000, 3000, 0, 0);
    make_scalars(&rng, k, 3000, PAT_ZERO);
    G(msm)(&out, bases, k, 3000, pool2);
    CHECK(G(proj_is_infinity)(&out));
    make_scalars(&rng, k, 3000, PAT_ONE);
    CHECK(T(msm_matches_log)(bases, logs, k, 3000, NULL));
    CHECK(T(msm_matches_log)(bases, logs, k, 3000, pool3));

    /* witness-like 0/1/random mix, r-1, near 2^255 and >= r, with infinity bases */
    T(bases)(&rng, bases, logs, 2500, 2500, 13, 0);
    make_scalars(&rng, k, 2500, PAT_WITNESS);
    CHECK(T(msm_matches_log)(bases, logs, k, 2500, NULL));
    CHECK(T(msm_matches_log)(bases, logs, k, 2500, pool2));
    make_scalars(&rng, k, 2500, PAT_HUGE);
    CHECK(T(msm_matches_log)(bases, logs, k, 2500, NULL));

    /* collisions: 3 distinct points (and their negatives) under 3 distinct
     * scalars, so buckets hold P + P (must double) and P + (-P) (must vanish) */
    T(bases)(&rng, bases, logs, 3000, 3, 0, 2);
    make_scalars(&rng, k, 3000, PAT_FEW);
    CHECK(T(msm_matches_log)(bases, logs, k, 3000, NULL));
    CHECK(T(msm_matches_log)(bases, logs, k, 3000, pool2));
    /* exact cancellation: P and -P under the same scalars sum to infinity */
    for (size_t i = 0; i < 1000; i++) {
        bases[2 * i + 1] = bases[2 * i];
        G(affine_neg)(&bases[2 * i + 1], &bases[2 * i + 1]);
        k[2 * i + 1] = k[2 * i];
    }
    G(msm)(&out, bases, k, 2000, NULL);
    CHECK(G(proj_is_infinity)(&out));

    /* one overfull bucket (all scalars 2, more points than a group) and many
     * identical points in it */
    T(bases)(&rng, bases, logs, NMAX, 5, 0, 0);
    for (size_t i = 0; i < NMAX; i++) scalar_set(&k[i], 2, 0, 0, 0);
    CHECK(T(msm_matches_log)(bases, logs, k, NMAX, NULL));
    CHECK(T(msm_matches_log)(bases, logs, k, NMAX, pool2));
    /* many 1-scalars, summed in several chunks by a wide pool */
    make_scalars(&rng, k, NMAX, PAT_ONE);
    CHECK(T(msm_matches_log)(bases, logs, k, NMAX, pool16));


    /* all bases at infinity */
    for (size_t i = 0; i < 100; i++) G(affine_infinity)(&bases[i]);
    make_scalars(&rng, k, 100, PAT_RANDOM);
    G(msm)(&out, bases, k, 100, NULL);
    CHECK(G(proj_is_infinity)(&out));

    free(bases);
    free(logs);
    free(k);
}

