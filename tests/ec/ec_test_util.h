/* Helpers shared by the ec tests: random field elements, scalars and points,
 * golden-file reading, and a tiny timer. */
#ifndef CUZK_TEST_EC_UTIL_H
#define CUZK_TEST_EC_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuzk/ec.h"
#include "ec/curve_impl.h"

static const uint64_t TEST_R[4] = {
    0xffffffff00000001ULL, 0x53bda402fffe5bfeULL, 0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL};

static inline void test_rand_fp(cuzk_fp *r, cuzk_rng *rng)
{
    uint64_t raw[6];
    do {
        for (int i = 0; i < 6; i++) raw[i] = cuzk_rng_u64(rng);
        raw[5] &= 0x1fffffffffffffffULL;
    } while (!cuzk_fp_from_raw(r, raw));
}

static inline void test_rand_scalar(cuzk_scalar *k, cuzk_rng *rng)
{
    for (int i = 0; i < 4; i++) k->l[i] = cuzk_rng_u64(rng);
}

/* k = a + b as 256-bit integers (wrapping) */
static inline void test_scalar_add(cuzk_scalar *k, const cuzk_scalar *a, const cuzk_scalar *b)
{
    unsigned __int128 c = 0;
    for (int i = 0; i < 4; i++) {
        c += (unsigned __int128)a->l[i] + b->l[i];
        k->l[i] = (uint64_t)c;
        c >>= 64;
    }
}

/* k = r + d for a small signed d */
static inline void test_scalar_r_plus(cuzk_scalar *k, int64_t d)
{
    cuzk_scalar a = {{TEST_R[0], TEST_R[1], TEST_R[2], TEST_R[3]}};
    cuzk_scalar b = {{(uint64_t)d, d < 0 ? ~0ULL : 0, d < 0 ? ~0ULL : 0, d < 0 ? ~0ULL : 0}};
    test_scalar_add(k, &a, &b);
}

/* ---- G1 ---- */
static inline void test_g1_rand_in_group(cuzk_g1_affine *p, cuzk_rng *rng)
{
    cuzk_g1_affine g;
    cuzk_g1_proj q;
    cuzk_scalar k;
    cuzk_g1_generator(&g);
    test_rand_scalar(&k, rng);
    cuzk_g1_mul_affine(&q, &g, &k);
    cuzk_g1_proj_to_affine(p, &q);
}

/* A random point of E(Fp), cofactor not cleared: x random, y by sqrt. */
static inline void test_g1_rand_on_curve(cuzk_g1_affine *p, cuzk_rng *rng)
{
    cuzk_fp four, y2;
    cuzk_fp_from_u64(&four, 4);
    for (;;) {
        test_rand_fp(&p->x, rng);
        cuzk_fp_sqr(&y2, &p->x);
        cuzk_fp_mul(&y2, &y2, &p->x);
        cuzk_fp_add(&y2, &y2, &four);
        if (cuzk_fp_sqrt(&p->y, &y2))
            return;
    }
}

/* ---- G2 ---- */
static inline void test_g2_rand_in_group(cuzk_g2_affine *p, cuzk_rng *rng)
{
    cuzk_g2_affine g;
    cuzk_g2_proj q;
    cuzk_scalar k;
    cuzk_g2_generator(&g);
    test_rand_scalar(&k, rng);
    cuzk_g2_mul_affine(&q, &g, &k);
    cuzk_g2_proj_to_affine(p, &q);
}

/* A random point of E'(Fp2), cofactor not cleared. */
static inline void test_g2_rand_on_curve(cuzk_g2_affine *p, cuzk_rng *rng)
{
    cuzk_fp2 b, y2;
    cuzk_fp_from_u64(&b.c0, 4);
    b.c1 = b.c0;
    for (;;) {
        test_rand_fp(&p->x.c0, rng);
        test_rand_fp(&p->x.c1, rng);
        cuzk_fp2_sqr(&y2, &p->x);
        cuzk_fp2_mul(&y2, &y2, &p->x);
        cuzk_fp2_add(&y2, &y2, &b);
        if (cuzk_fp2_sqrt(&p->y, &y2))
            return;
    }
}

/* ---- golden vectors: one hex line per point ---- */
static inline unsigned char *test_read_hex_lines(const char *name, size_t bytes_per_line, size_t *count)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/bls12_381/%s", CUZK_GOLDEN_DIR, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return NULL;
    }
    size_t cap = 1000, n = 0;
    unsigned char *buf = malloc(cap * bytes_per_line);
    char *line = malloc(2 * bytes_per_line + 16);
    while (buf && fgets(line, (int)(2 * bytes_per_line + 16), f)) {
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r')) line[--l] = 0;
        if (!l) continue;
        if (n == cap) {
            cap *= 2;
            unsigned char *nb = realloc(buf, cap * bytes_per_line);
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb;
        }
        if (test_unhex(buf + n * bytes_per_line, bytes_per_line, line) != (long)bytes_per_line) {
            fprintf(stderr, "%s: bad line %zu\n", name, n + 1);
            free(buf);
            buf = NULL;
            break;
        }
        n++;
    }
    free(line);
    fclose(f);
    *count = n;
    return buf;
}

/* best-of-runs nanoseconds per call of a loop body */
#define TEST_TIME_NS(result, iters, runs, body) do { \
        double best_ = 1e30; \
        for (int run_ = 0; run_ < (runs); run_++) { \
            uint64_t t0_ = cuzk_now_ns(); \
            for (int it_ = 0; it_ < (iters); it_++) { body; } \
            double ns_ = (double)(cuzk_now_ns() - t0_) / (iters); \
            if (ns_ < best_) best_ = ns_; \
        } \
        (result) = best_; \
    } while (0)

#endif
