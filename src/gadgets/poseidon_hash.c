/* The native Poseidon permutation (optimised and reference) and the hashes
 * rust-fil-proofs builds on it: tree nodes, constant-length sponge, hash_md. */
#include "gadgets/poseidon_impl.h"
#include "ff/ff_internal.h"

#include <string.h>

#define MAX_WIDTH (CUZK_POSEIDON_MAX_ARITY + 1)

static inline void sbox(cuzk_fr *x)
{
    cuzk_fr t;
    cuzk_fr_sqr_i(&t, x);
    cuzk_fr_sqr_i(&t, &t);
    cuzk_fr_mul_i(x, x, &t);
}

/* st = st x m (row vector times matrix; M is symmetric, pre_sparse is not). */
static inline void mix_dense(cuzk_fr *st, const cuzk_fr *m, uint32_t t)
{
    cuzk_fr out[MAX_WIDTH];
    for (uint32_t j = 0; j < t; j++) {
        cuzk_fr acc, x;
        cuzk_fr_mul_i(&acc, &st[0], &m[j]);
        for (uint32_t i = 1; i < t; i++) {
            cuzk_fr_mul_i(&x, &st[i], &m[(size_t)i * t + j]);
            cuzk_fr_add_i(&acc, &acc, &x);
        }
        out[j] = acc;
    }
    memcpy(st, out, t * sizeof *st);
}

/* Sparse M'': new_0 = sum w_hat[i] st_i, new_j = st_j + v_rest[j-1] st_0. */
static inline void mix_sparse(cuzk_fr *st, const cuzk_fr *w_hat, const cuzk_fr *v_rest, uint32_t t)
{
    cuzk_fr acc, x;
    cuzk_fr_mul_i(&acc, &st[0], &w_hat[0]);
    for (uint32_t i = 1; i < t; i++) {
        cuzk_fr_mul_i(&x, &st[i], &w_hat[i]);
        cuzk_fr_add_i(&acc, &acc, &x);
    }
    for (uint32_t j = 1; j < t; j++) {
        cuzk_fr_mul_i(&x, &st[0], &v_rest[j - 1]);
        cuzk_fr_add_i(&st[j], &st[j], &x);
    }
    st[0] = acc;
}

void cuzk_poseidon_permute(const cuzk_poseidon_constants *c, cuzk_fr *st)
{
    const uint32_t t = c->width, h = c->full_rounds / 2, rp = c->partial_rounds;
    const cuzk_fr *k = c->compressed_constants;
    for (uint32_t i = 0; i < t; i++)
        cuzk_fr_add_i(&st[i], &st[i], &k[i]);
    k += t;
    for (uint32_t r = 0; r < h; r++, k += t) {
        for (uint32_t i = 0; i < t; i++) {
            sbox(&st[i]);
            cuzk_fr_add_i(&st[i], &st[i], &k[i]);
        }
        mix_dense(st, r + 1 == h ? c->pre_sparse : c->mds, t);
    }
    for (uint32_t p = 0; p < rp; p++, k++) {
        sbox(&st[0]);
        cuzk_fr_add_i(&st[0], &st[0], k);
        mix_sparse(st, c->sparse_w_hat + (size_t)p * t, c->sparse_v_rest + (size_t)p * (t - 1), t);
    }
    for (uint32_t r = 1; r < h; r++, k += t) {
        for (uint32_t i = 0; i < t; i++) {
            sbox(&st[i]);
            cuzk_fr_add_i(&st[i], &st[i], &k[i]);
        }
        mix_dense(st, c->mds, t);
    }
    for (uint32_t i = 0; i < t; i++)
        sbox(&st[i]);
    mix_dense(st, c->mds, t);
}

void cuzk_poseidon_permute_reference(const cuzk_poseidon_constants *c, cuzk_fr *st)
{
    const uint32_t t = c->width, h = c->full_rounds / 2, rp = c->partial_rounds;
    const uint32_t rounds = c->full_rounds + rp;
    for (uint32_t r = 0; r < rounds; r++) {
        const cuzk_fr *k = c->round_constants + (size_t)r * t;
        for (uint32_t i = 0; i < t; i++)
            cuzk_fr_add(&st[i], &st[i], &k[i]);
        bool full = r < h || r >= h + rp;
        for (uint32_t i = 0; i < (full ? t : 1); i++)
            sbox(&st[i]);
        mix_dense(st, c->mds, t);
    }
}

void cuzk_poseidon_hash(const cuzk_poseidon_constants *c, cuzk_fr *out, const cuzk_fr *in)
{
    cuzk_fr st[MAX_WIDTH];
    st[0] = c->merkle_tag;
    memcpy(st + 1, in, c->arity * sizeof *st);
    cuzk_poseidon_permute(c, st);
    *out = st[1];
}

typedef struct {
    const cuzk_poseidon_constants *c;
    cuzk_fr *out;
    const cuzk_fr *in;
    size_t n, per_task;
} many_ctx;

static void many_task(void *arg, size_t task)
{
    const many_ctx *m = arg;
    size_t lo = task * m->per_task, hi = lo + m->per_task < m->n ? lo + m->per_task : m->n;
    for (size_t i = lo; i < hi; i++)
        cuzk_poseidon_hash(m->c, &m->out[i], m->in + i * m->c->arity);
}

void cuzk_poseidon_hash_many(const cuzk_poseidon_constants *c, cuzk_fr *out, const cuzk_fr *in,
                             size_t n, cuzk_pool *pool)
{
    if (n == 0)
        return;
    /* a few tasks per thread balance well; each task is >= 64 hashes so
     * dispatch costs stay small against ~20 us per hash */
    size_t threads = cuzk_pool_threads(pool);
    size_t tasks = threads * 4;
    size_t per = (n + tasks - 1) / tasks;
    if (per < 64)
        per = 64;
    many_ctx m = { c, out, in, n, per };
    cuzk_pool_run(pool, (n + per - 1) / per, many_task, &m);
}

int cuzk_poseidon_hash_constant_length(const cuzk_poseidon_constants *c, cuzk_fr *out,
                                       const cuzk_fr *in, size_t len, cuzk_err *err)
{
    if (len == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "poseidon: constant-length hash of 0 elements");
    cuzk_fr st[MAX_WIDTH];
    const uint32_t rate = c->arity;
    cuzk_poseidon_tag_constant_length(&st[0], len);
    for (uint32_t i = 1; i <= rate; i++)
        st[i] = CUZK_FR_ZERO;
    uint32_t pos = 0;
    for (size_t i = 0; i < len; i++) {
        cuzk_fr_add(&st[1 + pos], &st[1 + pos], &in[i]);
        if (++pos == rate) {
            cuzk_poseidon_permute(c, st);
            pos = 0;
        }
    }
    if (pos > 0) {
        /* neptune's padding overwrites the unused rate elements with zero */
        for (uint32_t j = pos; j < rate; j++)
            st[1 + j] = CUZK_FR_ZERO;
        cuzk_poseidon_permute(c, st);
    }
    *out = st[1];
    return 0;
}

int cuzk_poseidon_hash_md(const cuzk_poseidon_constants *c, cuzk_fr *out, const cuzk_fr *in, size_t n,
                          cuzk_err *err)
{
    if (n < 2)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "poseidon: hash_md needs at least 2 elements, got %zu",
                            n);
    if (c->arity < 2)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "poseidon: hash_md needs arity >= 2");
    const size_t chunk = c->arity - 1;
    cuzk_fr acc = in[0];
    for (size_t i = 1; i < n; i += chunk) {
        cuzk_fr st[MAX_WIDTH];
        size_t m = n - i < chunk ? n - i : chunk;
        st[0] = c->merkle_tag;
        st[1] = acc;
        memcpy(st + 2, in + i, m * sizeof *st);
        for (size_t j = 2 + m; j < c->width; j++)
            st[j] = CUZK_FR_ZERO;
        cuzk_poseidon_permute(c, st);
        acc = st[1];
    }
    *out = acc;
    return 0;
}
