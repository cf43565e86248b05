/* The evaluation domain and FFTs: constants, agreement with naive O(m^2)
 * transforms, round trips, thread-count independence, and the H polynomial
 * checked as an exact quotient (A*B - C) / (X^m - 1). */
#include "cuzk/poly.h"
#include "test.h"

static void rand_fr(cuzk_rng *rng, cuzk_fr *r)
{
    uint64_t raw[4];
    do {
        for (int i = 0; i < 4; i++) raw[i] = cuzk_rng_u64(rng);
        raw[3] &= 0x7fffffffffffffffULL;
    } while (!cuzk_fr_from_raw(r, raw));
}

static void rand_vec(cuzk_rng *rng, cuzk_fr *v, size_t n)
{
    for (size_t i = 0; i < n; i++) rand_fr(rng, &v[i]);
}

static bool vec_eq(const cuzk_fr *a, const cuzk_fr *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!cuzk_fr_eq(&a[i], &b[i])) return false;
    return true;
}

static void fr_pow_u64(cuzk_fr *r, const cuzk_fr *a, uint64_t e)
{
    cuzk_fr_pow(r, a, &e, 1);
}

/* sum_i c[i] x^i, Horner. */
static void eval_poly(cuzk_fr *r, const cuzk_fr *c, size_t n, const cuzk_fr *x)
{
    cuzk_fr acc = CUZK_FR_ZERO;
    for (size_t i = n; i-- > 0;) {
        cuzk_fr_mul(&acc, &acc, x);
        cuzk_fr_add(&acc, &acc, &c[i]);
    }
    *r = acc;
}

/* out[k] = scale * sum_j in[j] (shift * w^k)^j, written without any FFT. */
static void naive_dft(cuzk_fr *out, const cuzk_fr *in, size_t m, const cuzk_fr *w,
                      const cuzk_fr *shift, const cuzk_fr *scale)
{
    cuzk_fr x = *shift;
    for (size_t k = 0; k < m; k++) {
        eval_poly(&out[k], in, m, &x);
        cuzk_fr_mul(&out[k], &out[k], scale);
        cuzk_fr_mul(&x, &x, w);
    }
}

static void test_domain(void)
{
    cuzk_domain *d = (cuzk_domain *)1;
    cuzk_err err;
    CHECK(cuzk_domain_create(&d, 0, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(d == NULL && err.code == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_domain_create(&d, ((size_t)1 << 31) + 1, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(d == NULL);
    CHECK(cuzk_domain_create(NULL, 4, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);

    cuzk_fr minus_one, one = CUZK_FR_ONE, t;
    cuzk_fr_neg(&minus_one, &one);

    /* ROOT_OF_UNITY has order exactly 2^32. */
    t = CUZK_FR_ROOT_OF_UNITY;
    for (int i = 0; i < 31; i++) cuzk_fr_sqr(&t, &t);
    CHECK(cuzk_fr_eq(&t, &minus_one));

    CHECK(cuzk_domain_create(&d, 1, NULL, &err) == 0);
    CHECK(d->m == 1 && d->log_m == 0 && cuzk_fr_is_one(&d->omega) && cuzk_fr_is_one(&d->m_inv));
    cuzk_domain_free(d);

    CHECK(cuzk_domain_create(&d, 2, NULL, &err) == 0);
    CHECK(d->m == 2 && d->log_m == 1 && cuzk_fr_eq(&d->omega, &minus_one));
    cuzk_domain_free(d);

    cuzk_pool *pool = cuzk_pool_create(2);
    CHECK(cuzk_domain_create(&d, 70000, pool, &err) == 0);
    CHECK(d->m == 131072 && d->log_m == 17);
    fr_pow_u64(&t, &d->omega, d->m / 2);
    CHECK(cuzk_fr_eq(&t, &minus_one)); /* primitive m-th root */
    cuzk_fr_mul(&t, &d->omega, &d->omega_inv);
    CHECK(cuzk_fr_is_one(&t));
    cuzk_fr_from_u64(&t, d->m);
    cuzk_fr_mul(&t, &t, &d->m_inv);
    CHECK(cuzk_fr_is_one(&t));
    cuzk_fr seven;
    cuzk_fr_from_u64(&seven, 7);
    CHECK(cuzk_fr_eq(&d->g, &seven));
    cuzk_fr_mul(&t, &d->g, &d->g_inv);
    CHECK(cuzk_fr_is_one(&t));
    fr_pow_u64(&t, &seven, d->m);
    cuzk_fr_sub(&t, &t, &one);
    cuzk_fr_mul(&t, &t, &d->z_coset_inv);
    CHECK(cuzk_fr_is_one(&t));
    /* twiddles[k] = omega^k, spot checks across chunk boundaries */
    const size_t ks[] = { 0, 1, 2, 4095, 4096, 4097, 65535 };
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        fr_pow_u64(&t, &d->omega, ks[i]);
        CHECK_MSG(cuzk_fr_eq(&d->twiddles[ks[i]], &t), "twiddle %zu", ks[i]);
    }
    cuzk_domain_free(d);
    cuzk_pool_destroy(pool);
}

/* Every transform against its naive definition, m = 1 .. 256. */
static void test_naive(cuzk_rng *rng)
{
    enum { MAX = 256 };
    static cuzk_fr x[MAX], y[MAX], want[MAX];
    const cuzk_fr one = CUZK_FR_ONE;
    for (unsigned lg = 0; lg <= 8; lg++) {
        size_t m = (size_t)1 << lg;
        cuzk_domain *d;
        CHECK(cuzk_domain_create(&d, m, NULL, NULL) == 0);
        rand_vec(rng, x, m);
        cuzk_fr g_m_inv;
        cuzk_fr_mul(&g_m_inv, &d->g_inv, &d->m_inv);

        for (size_t i = 0; i < m; i++) y[i] = x[i];
        cuzk_poly_fft(d, y, NULL);
        naive_dft(want, x, m, &d->omega, &one, &one);
        CHECK_MSG(vec_eq(y, want, m), "fft m=%zu", m);

        for (size_t i = 0; i < m; i++) y[i] = x[i];
        cuzk_poly_ifft(d, y, NULL);
        naive_dft(want, x, m, &d->omega_inv, &one, &d->m_inv);
        CHECK_MSG(vec_eq(y, want, m), "ifft m=%zu", m);

        /* evaluations at g * omega^k */
        for (size_t i = 0; i < m; i++) y[i] = x[i];
        cuzk_poly_coset_fft(d, y, NULL);
        naive_dft(want, x, m, &d->omega, &d->g, &one);
        CHECK_MSG(vec_eq(y, want, m), "coset fft m=%zu", m);

        /* coefficient k = m^-1 g^-k sum_j y_j omega^-jk */
        for (size_t i = 0; i < m; i++) y[i] = x[i];
        cuzk_poly_icoset_fft(d, y, NULL);
        naive_dft(want, x, m, &d->omega_inv, &one, &d->m_inv);
        cuzk_poly_distribute_powers(want, m, &d->g_inv, NULL);
        CHECK_MSG(vec_eq(y, want, m), "icoset fft m=%zu", m);
        cuzk_domain_free(d);
    }
    /* the pieces the naive checks above lean on */
    cuzk_fr a[3], b[3];
    rand_vec(rng, a, 3);
    for (int i = 0; i < 3; i++) b[i] = a[i];
    const cuzk_fr t = a[1];
    cuzk_poly_distribute_powers(b, 3, &t, NULL);
    cuzk_fr t2;
    cuzk_fr_sqr(&t2, &t);
    cuzk_fr_mul(&a[1], &a[1], &t);
    cuzk_fr_mul(&a[2], &a[2], &t2);
    CHECK(vec_eq(a, b, 3));
}

/* distribute_powers over several chunks, and with a length that is not a multiple of them. */
static void test_distribute(cuzk_rng *rng, cuzk_pool *pool)
{
    enum { N = 10001 };
    static cuzk_fr x[N], y[N];
    cuzk_fr t, p = CUZK_FR_ONE;
    rand_fr(rng, &t);
    rand_vec(rng, x, N);
    for (size_t i = 0; i < N; i++) y[i] = x[i];
    cuzk_poly_distribute_powers(y, N, &t, pool);
    bool ok = true;
    for (size_t i = 0; i < N; i++) {
        cuzk_fr w;
        cuzk_fr_mul(&w, &x[i], &p);
        ok &= cuzk_fr_eq(&w, &y[i]);
        cuzk_fr_mul(&p, &p, &t);
    }
    CHECK(ok);
}

/* Sizes past the FFT's first in-cache pass, against direct evaluation at a few points. */
static void test_spot(cuzk_rng *rng, cuzk_pool *pool)
{
    const unsigned lgs[] = { 13, 14, 16 };
    const size_t max = (size_t)1 << 16;
    cuzk_fr *x = cuzk_alloc_array(3 * max, sizeof *x);
    CHECK(x != NULL);
    if (!x) return;
    cuzk_fr *y = x + max, *z = x + 2 * max;
    for (size_t li = 0; li < sizeof lgs / sizeof lgs[0]; li++) {
        size_t m = (size_t)1 << lgs[li];
        cuzk_domain *d;
        CHECK(cuzk_domain_create(&d, m, pool, NULL) == 0);
        rand_vec(rng, x, m);
        memcpy(y, x, m * sizeof *y);
        memcpy(z, x, m * sizeof *z);
        cuzk_poly_fft(d, y, pool);
        cuzk_poly_coset_fft(d, z, pool);
        bool ok = true;
        for (int k = 0; k < 8; k++) {
            size_t i = k == 0 ? m - 1 : cuzk_rng_u64(rng) & (m - 1);
            cuzk_fr pt, v;
            fr_pow_u64(&pt, &d->omega, i);
            eval_poly(&v, x, m, &pt);
            ok &= cuzk_fr_eq(&v, &y[i]);
            cuzk_fr_mul(&pt, &pt, &d->g);
            eval_poly(&v, x, m, &pt);
            ok &= cuzk_fr_eq(&v, &z[i]);
        }
        CHECK_MSG(ok, "fft / coset fft differ from direct evaluation at m=%zu", m);
        /* and back: the inverses' reversing and scaling pass runs in many
         * pieces and tasks at these sizes */
        cuzk_poly_ifft(d, y, pool);
        cuzk_poly_icoset_fft(d, z, pool);
        CHECK_MSG(vec_eq(y, x, m), "ifft(fft(x)) != x at m=%zu", m);
        CHECK_MSG(vec_eq(z, x, m), "icoset_fft(coset_fft(x)) != x at m=%zu", m);
        cuzk_domain_free(d);
    }
    cuzk_free(x);
}

static void test_roundtrip(cuzk_rng *rng, cuzk_pool *pool)
{
    const size_t max = (size_t)1 << 16;
    cuzk_fr *x = cuzk_alloc_array(max, sizeof *x), *y = cuzk_alloc_array(max, sizeof *y);
    CHECK(x && y);
    if (!x || !y) goto out;
    rand_vec(rng, x, max);
    for (unsigned lg = 0; lg <= 16; lg++) {
        size_t m = (size_t)1 << lg;
        cuzk_domain *d;
        CHECK(cuzk_domain_create(&d, m, pool, NULL) == 0);
        for (size_t i = 0; i < m; i++) y[i] = x[i];
        cuzk_poly_fft(d, y, pool);
        CHECK_MSG(m < 4 || !vec_eq(x, y, m), "fft changed nothing at m=%zu", m);
        cuzk_poly_ifft(d, y, pool);
        CHECK_MSG(vec_eq(x, y, m), "ifft(fft(x)) != x at m=%zu", m);
        cuzk_poly_icoset_fft(d, y, pool);
        cuzk_poly_coset_fft(d, y, pool);
        CHECK_MSG(vec_eq(x, y, m), "coset(icoset(x)) != x at m=%zu", m);
        /* one known value: the DFT at 0 is the plain sum */
        if (lg == 16) {
            cuzk_fr sum = CUZK_FR_ZERO;
            for (size_t i = 0; i < m; i++) cuzk_fr_add(&sum, &sum, &x[i]);
            cuzk_poly_fft(d, y, pool);
            CHECK(cuzk_fr_eq(&y[0], &sum));
        }
        cuzk_domain_free(d);
    }
out:
    cuzk_free(x);
    cuzk_free(y);
}

/* H by the definition: P = A*B - C (naive product), P = Q*(X^m - 1) + R with
 * Q = P_hi and R = P_lo + P_hi; a satisfied instance has R = 0 and H = Q. */
static void test_h_exact(cuzk_rng *rng)
{
    enum { MAX = 64 };
    static cuzk_fr a[MAX], b[MAX], c[MAX], A[MAX], B[MAX], C[MAX], P[2 * MAX];
    for (unsigned lg = 0; lg <= 6; lg++) {
        size_t m = (size_t)1 << lg;
        cuzk_domain *d;
        CHECK(cuzk_domain_create(&d, m, NULL, NULL) == 0);
        rand_vec(rng, a, m);
        rand_vec(rng, b, m);
        for (size_t i = 0; i < m; i++) cuzk_fr_mul(&c[i], &a[i], &b[i]);
        const cuzk_fr one = CUZK_FR_ONE;
        naive_dft(A, a, m, &d->omega_inv, &one, &d->m_inv);
        naive_dft(B, b, m, &d->omega_inv, &one, &d->m_inv);
        naive_dft(C, c, m, &d->omega_inv, &one, &d->m_inv);
        for (size_t i = 0; i < 2 * m; i++) P[i] = CUZK_FR_ZERO;
        for (size_t i = 0; i < m; i++)
            for (size_t j = 0; j < m; j++) {
                cuzk_fr t;
                cuzk_fr_mul(&t, &A[i], &B[j]);
                cuzk_fr_add(&P[i + j], &P[i + j], &t);
            }
        for (size_t i = 0; i < m; i++) cuzk_fr_sub(&P[i], &P[i], &C[i]);
        bool rem_zero = true;
        for (size_t i = 0; i < m; i++) {
            cuzk_fr r;
            cuzk_fr_add(&r, &P[i], &P[i + m]);
            rem_zero &= cuzk_fr_is_zero(&r);
        }
        CHECK_MSG(rem_zero, "test instance not satisfied at m=%zu", m);

        cuzk_poly_compute_h(d, a, b, c, NULL);
        CHECK_MSG(vec_eq(a, P + m, m - 1), "H != (AB - C) / Z at m=%zu", m);
        CHECK_MSG(cuzk_fr_is_zero(&a[m - 1]), "h_{m-1} != 0 at m=%zu", m);
        cuzk_domain_free(d);
    }
}

typedef struct {
    cuzk_fr *a, *b, *c;
} abc_t;

/* A satisfied instance: n random rows, c = a*b pointwise, zero-padded to m. */
static void make_instance(cuzk_rng *rng, abc_t *v, size_t n, size_t m)
{
    rand_vec(rng, v->a, n);
    rand_vec(rng, v->b, n);
    for (size_t i = 0; i < m; i++) {
        if (i >= n) v->a[i] = v->b[i] = CUZK_FR_ZERO;
        cuzk_fr_mul(&v->c[i], &v->a[i], &v->b[i]);
    }
}

/* H(t) * (t^m - 1) == A(t) * B(t) - C(t) at a random t, with A, B, C interpolated. */
static bool h_identity_holds(const cuzk_domain *d, const abc_t *in, const cuzk_fr *h,
                             cuzk_fr *tmp, cuzk_rng *rng, cuzk_pool *pool)
{
    const size_t m = d->m;
    cuzk_fr t, at, bt, ct, ht, z;
    rand_fr(rng, &t);
    const cuzk_fr *src[3] = { in->a, in->b, in->c };
    cuzk_fr *dst[3] = { &at, &bt, &ct };
    for (int k = 0; k < 3; k++) {
        for (size_t i = 0; i < m; i++) tmp[i] = src[k][i];
        cuzk_poly_ifft(d, tmp, pool);
        eval_poly(dst[k], tmp, m, &t);
    }
    eval_poly(&ht, h, m, &t);
    fr_pow_u64(&z, &t, m);
    cuzk_fr_sub(&z, &z, &CUZK_FR_ONE);
    cuzk_fr_mul(&ht, &ht, &z);
    cuzk_fr_mul(&at, &at, &bt);
    cuzk_fr_sub(&at, &at, &ct);
    return cuzk_fr_eq(&at, &ht);
}

static void copy_abc(abc_t *dst, const abc_t *src, size_t m)
{
    memcpy(dst->a, src->a, m * sizeof *dst->a);
    memcpy(dst->b, src->b, m * sizeof *dst->b);
    memcpy(dst->c, src->c, m * sizeof *dst->c);
}

static void test_h_random_point(cuzk_rng *rng, cuzk_pool *pool)
{
    const size_t m = 8192;
    cuzk_fr *buf = cuzk_alloc_array(7 * m, sizeof *buf);
    CHECK(buf != NULL);
    if (!buf) return;
    abc_t in = { buf, buf + m, buf + 2 * m }, w = { buf + 3 * m, buf + 4 * m, buf + 5 * m };
    cuzk_fr *tmp = buf + 6 * m;
    cuzk_domain *d;
    CHECK(cuzk_domain_create(&d, 5000, pool, NULL) == 0);
    CHECK(d->m == m);

    /* 5000 rows padded to 8192, and a full domain */
    const size_t ns[] = { 5000, m };
    for (size_t k = 0; k < 2; k++) {
        make_instance(rng, &in, ns[k], m);
        copy_abc(&w, &in, m);
        cuzk_poly_compute_h(d, w.a, w.b, w.c, pool);
        CHECK(cuzk_fr_is_zero(&w.a[m - 1]));
        CHECK(!cuzk_fr_is_zero(&w.a[m - 2]));
        CHECK_MSG(h_identity_holds(d, &in, w.a, tmp, rng, pool), "H*Z != AB - C, n=%zu", ns[k]);

        /* the spec's unfused sequence, through the public transforms, gives the same values */
        abc_t u = { w.b, w.c, tmp }; /* w.a stays as the fused result */
        copy_abc(&u, &in, m);
        cuzk_fr *uv[3] = { u.a, u.b, u.c };
        for (int i = 0; i < 3; i++) {
            cuzk_poly_ifft(d, uv[i], NULL);
            cuzk_poly_coset_fft(d, uv[i], NULL);
        }
        for (size_t i = 0; i < m; i++) {
            cuzk_fr_mul(&u.a[i], &u.a[i], &u.b[i]);
            cuzk_fr_sub(&u.a[i], &u.a[i], &u.c[i]);
            cuzk_fr_mul(&u.a[i], &u.a[i], &d->z_coset_inv);
        }
        cuzk_poly_icoset_fft(d, u.a, NULL);
        CHECK_MSG(vec_eq(u.a, w.a, m), "fused H differs from the unfused sequence, n=%zu", ns[k]);
    }

    /* an unsatisfied row: no quotient exists, so the identity must fail */
    make_instance(rng, &in, m, m);
    cuzk_fr_add(&in.c[1234], &in.c[1234], &CUZK_FR_ONE);
    copy_abc(&w, &in, m);
    cuzk_poly_compute_h(d, w.a, w.b, w.c, pool);
    CHECK(!cuzk_fr_is_zero(&w.a[m - 1]));
    CHECK(!h_identity_holds(d, &in, w.a, tmp, rng, pool));

    cuzk_domain_free(d);
    cuzk_free(buf);
}

/* Same output for no pool and for 1, 2 and 3 threads. */
static void test_threads(cuzk_rng *rng)
{
    const size_t m = (size_t)1 << 14, hm = (size_t)1 << 12;
    cuzk_fr *buf = cuzk_alloc_array(3 * m + 7 * hm, sizeof *buf);
    CHECK(buf != NULL);
    if (!buf) return;
    cuzk_fr *x = buf, *ref = buf + m, *z = buf + 2 * m, *hbuf = buf + 3 * m;
    abc_t in = { hbuf, hbuf + hm, hbuf + 2 * hm }, w = { hbuf + 3 * hm, hbuf + 4 * hm, hbuf + 5 * hm };
    cuzk_fr *href = hbuf + 6 * hm;
    rand_vec(rng, x, m);
    make_instance(rng, &in, hm - 5, hm);

    cuzk_domain *d, *hd;
    CHECK(cuzk_domain_create(&d, m, NULL, NULL) == 0);
    CHECK(cuzk_domain_create(&hd, hm, NULL, NULL) == 0);
    memcpy(ref, x, m * sizeof *ref);
    cuzk_poly_coset_fft(d, ref, NULL);
    cuzk_poly_ifft(d, ref, NULL);
    copy_abc(&w, &in, hm);
    cuzk_poly_compute_h(hd, w.a, w.b, w.c, NULL);
    memcpy(href, w.a, hm * sizeof *href);

    for (unsigned threads = 1; threads <= 3; threads++) {
        cuzk_pool *pool = cuzk_pool_create(threads);
        CHECK(pool != NULL);
        memcpy(z, x, m * sizeof *z);
        cuzk_poly_coset_fft(d, z, pool);
        cuzk_poly_ifft(d, z, pool);
        CHECK_MSG(memcmp(z, ref, m * sizeof *z) == 0, "fft differs with %u threads", threads);
        copy_abc(&w, &in, hm);
        cuzk_poly_compute_h(hd, w.a, w.b, w.c, pool);
        CHECK_MSG(memcmp(href, w.a, hm * sizeof *href) == 0, "H differs with %u threads", threads);
        cuzk_pool_destroy(pool);
    }
    cuzk_domain_free(d);
    cuzk_domain_free(hd);
    cuzk_free(buf);
}

int main(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 0x706f6c79);
    cuzk_pool *pool = cuzk_pool_create(2);
    CHECK(pool != NULL);
    test_domain();
    test_naive(&rng);
    test_distribute(&rng, pool);
    test_spot(&rng, pool);
    test_roundtrip(&rng, pool);
    test_h_exact(&rng);
    test_h_random_point(&rng, pool);
    test_threads(&rng);
    cuzk_pool_destroy(pool);
    return test_finish("poly_fft");
}
