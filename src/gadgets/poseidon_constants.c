/* Poseidon constants: round numbers, MDS matrix, Grain round constants and
 * neptune's OptimizedStatic preprocessing (compressed round constants and the
 * sparse factorisation of the partial-round matrices). */
#include "gadgets/poseidon_impl.h"

#include <stdlib.h>
#include <string.h>

uint32_t cuzk_poseidon_partial_rounds(uint32_t t, cuzk_poseidon_strength strength)
{
    /* neptune parameters/round_numbers.txt (R_F = 8 for every width here) */
    uint32_t rp;
    if (t < 2 || t > CUZK_POSEIDON_MAX_ARITY + 1)
        return 0;
    else if (t <= 3)
        rp = 55;
    else if (t <= 7)
        rp = 56;
    else if (t <= 15)
        rp = 57;
    else if (t <= 31)
        rp = 59;
    else
        rp = 60;
    if (strength == CUZK_POSEIDON_STRENGTHENED)
        rp = (rp * 5 + 3) / 4; /* ceil(1.25 R_P) */
    return rp;
}

void cuzk_poseidon_tag_merkle(cuzk_fr *tag, uint32_t arity)
{
    cuzk_fr_from_u64(tag, arity >= 64 ? UINT64_MAX : (UINT64_C(1) << arity) - 1);
}

void cuzk_poseidon_tag_constant_length(cuzk_fr *tag, uint64_t length)
{
    uint64_t raw[4] = { 0, length, 0, 0 };
    (void)cuzk_fr_from_raw(tag, raw);
}

/* Cauchy matrix with x_i = i, y_j = t + j. */
static void make_mds(cuzk_fr *m, uint32_t t)
{
    for (uint32_t i = 0; i < t; i++)
        for (uint32_t j = 0; j < t; j++) {
            cuzk_fr x;
            cuzk_fr_from_u64(&x, (uint64_t)i + j + t);
            cuzk_fr_inv(&POSEIDON_AT(m, t, i, j), &x);
        }
}

/* Push the round constants of the first half's later rounds and of every
 * partial round back through M^-1, so each S-box layer is followed by one
 * addition and partial rounds add a single constant (preprocessing.rs). */
static void compress_constants(cuzk_fr *out, const cuzk_poseidon_constants *c, cuzk_fr *tmp)
{
    const uint32_t t = c->width, h = c->full_rounds / 2, rp = c->partial_rounds;
    const cuzk_fr *rc = c->round_constants;
#define RK(r) (rc + (size_t)(r) * t)
    cuzk_fr *acc = tmp, *inv = tmp + t;
    size_t o = 0;
    memcpy(out, RK(0), t * sizeof *out);
    o += t;
    for (uint32_t i = 1; i < h; i++, o += t)
        cuzk_poseidon_vec_mat(out + o, RK(i), c->mds_inv, t);
    /* Walk the partial rounds backwards: each keeps only its element-0
     * constant; the rest folds into the round before. */
    cuzk_fr *pk = out + o + t; /* filled last-first below, so it ends in application order */
    memcpy(acc, RK(h + rp), t * sizeof *acc);
    for (uint32_t i = 0; i < rp; i++) {
        cuzk_poseidon_vec_mat(inv, acc, c->mds_inv, t);
        pk[rp - 1 - i] = inv[0];
        inv[0] = CUZK_FR_ZERO;
        for (uint32_t k = 0; k < t; k++)
            cuzk_fr_add(&acc[k], &RK(h + rp - 1 - i)[k], &inv[k]);
    }
    cuzk_poseidon_vec_mat(out + o, acc, c->mds_inv, t);
    o += t + rp;
    for (uint32_t i = 1; i < h; i++, o += t)
        cuzk_poseidon_vec_mat(out + o, RK(h + rp + i), c->mds_inv, t);
#undef RK
}

/* mds.rs factor_to_sparse_matrixes rewrites M, R_P times, as M' x M'' with M''
 * sparse (dense first row and column, identity elsewhere) and moves M' into
 * the round before: cur_0 = M, cur_k = M x prime(cur_{k-1}), M''_k from cur_k,
 * pre_sparse = cur_{R_P}. Writing M = [[m00, v], [w, H]] in blocks, cur_k is
 * [[m00, v H^k], [w, H^(k+1)]], so M''_k has first column (m00, w H^-(k+1))
 * and first row (m00, v H^k): one inversion of H and vector products give
 * the same values as neptune's repeated factorisation, without R_P matrix
 * inversions. M''_k is applied at partial round R_P - 1 - k. */
static bool factor_sparse(cuzk_poseidon_constants *c, cuzk_fr *pre, cuzk_fr *w_hat_out,
                          cuzk_fr *v_rest_out, cuzk_fr *scratch)
{
    const uint32_t t = c->width, s = t - 1, rp = c->partial_rounds;
    const size_t ss = (size_t)s * s;
    cuzk_fr *hat = scratch, *hat_inv = hat + ss, *pw = hat_inv + ss, *tmp = pw + ss, *vec = tmp + ss;
    for (uint32_t i = 0; i < s; i++)
        for (uint32_t j = 0; j < s; j++)
            POSEIDON_AT(hat, s, i, j) = POSEIDON_AT(c->mds, t, i + 1, j + 1);
    if (!cuzk_poseidon_mat_inv(hat_inv, hat, tmp, s))
        return false;
    const cuzk_fr m00 = c->mds[0];
    /* w H^-(k+1), k = 0.. */
    for (uint32_t i = 0; i < s; i++)
        vec[i] = POSEIDON_AT(c->mds, t, i + 1, 0);
    for (uint32_t k = 0; k < rp; k++) {
        cuzk_fr *wh = w_hat_out + (size_t)(rp - 1 - k) * t;
        cuzk_poseidon_vec_mat(wh + 1, vec, hat_inv, s);
        wh[0] = m00;
        memcpy(vec, wh + 1, s * sizeof *vec);
    }
    /* v H^k, k = 0..R_P (the last one is pre_sparse's first row) */
    memcpy(vec, &c->mds[1], s * sizeof *vec);
    for (uint32_t k = 0; k < rp; k++) {
        memcpy(v_rest_out + (size_t)(rp - 1 - k) * s, vec, s * sizeof *vec);
        cuzk_poseidon_vec_mat(tmp, vec, hat, s);
        memcpy(vec, tmp, s * sizeof *vec);
    }
    /* H^(R_P+1) by square and multiply */
    memcpy(pw, hat, ss * sizeof *pw);
    uint32_t e = rp + 1, top = 31;
    while (!(e >> top & 1))
        top--;
    for (uint32_t b = top; b-- > 0;) {
        cuzk_poseidon_mat_mul(tmp, pw, pw, s);
        if (e >> b & 1)
            cuzk_poseidon_mat_mul(pw, tmp, hat, s);
        else
            memcpy(pw, tmp, ss * sizeof *pw);
    }
    POSEIDON_AT(pre, t, 0, 0) = m00;
    for (uint32_t i = 0; i < s; i++) {
        POSEIDON_AT(pre, t, 0, i + 1) = vec[i];
        POSEIDON_AT(pre, t, i + 1, 0) = POSEIDON_AT(c->mds, t, i + 1, 0);
        for (uint32_t j = 0; j < s; j++)
            POSEIDON_AT(pre, t, i + 1, j + 1) = POSEIDON_AT(pw, s, i, j);
    }
    return true;
}

int cuzk_poseidon_constants_new(cuzk_poseidon_constants **out, uint32_t arity,
                                cuzk_poseidon_strength strength, cuzk_err *err)
{
    *out = NULL;
    if (arity < 1 || arity > CUZK_POSEIDON_MAX_ARITY ||
        (strength != CUZK_POSEIDON_STANDARD && strength != CUZK_POSEIDON_STRENGTHENED))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "poseidon: arity %u (1..%u) or strength %d not supported", arity,
                            CUZK_POSEIDON_MAX_ARITY, (int)strength);
    const uint32_t t = arity + 1, rf = CUZK_POSEIDON_FULL_ROUNDS;
    const uint32_t rp = cuzk_poseidon_partial_rounds(t, strength);
    const size_t n_rc = (size_t)(rf + rp) * t, tt = (size_t)t * t;
    const size_t n_crc = (size_t)rf * t + rp;
    const size_t total = n_rc + 3 * tt + n_crc + (size_t)rp * t + (size_t)rp * (t - 1);
    const size_t n_scratch = tt + 4 * (size_t)(t - 1) * (t - 1) + 2 * (size_t)t;

    cuzk_poseidon_constants *c = calloc(1, sizeof *c);
    cuzk_fr *mem = cuzk_alloc_array(total, sizeof(cuzk_fr));
    cuzk_fr *scratch = cuzk_alloc_array(n_scratch, sizeof(cuzk_fr));
    if (!c || !mem || !scratch) {
        free(c);
        cuzk_free(mem);
        cuzk_free(scratch);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "poseidon: out of memory for arity %u constants",
                            arity);
    }
    c->arity = arity;
    c->width = t;
    c->full_rounds = rf;
    c->partial_rounds = rp;
    c->strength = strength;
    cuzk_poseidon_tag_merkle(&c->merkle_tag, arity);
    c->storage = mem;

    cuzk_fr *rc = mem, *m = rc + n_rc, *minv = m + tt, *crc = minv + tt, *pre = crc + n_crc;
    cuzk_fr *w_hat = pre + tt, *v_rest = w_hat + (size_t)rp * t;
    c->round_constants = rc;
    c->mds = m;
    c->mds_inv = minv;
    c->compressed_constants = crc;
    c->pre_sparse = pre;
    c->sparse_w_hat = w_hat;
    c->sparse_v_rest = v_rest;

    int rcode = cuzk_poseidon_grain_constants(rc, t, rf, rp);
    make_mds(m, t);
    bool ok = rcode == 0 && cuzk_poseidon_mat_inv(minv, m, scratch, t);
    if (ok) {
        compress_constants(crc, c, scratch);
        ok = factor_sparse(c, pre, w_hat, v_rest, scratch);
    }
    cuzk_free(scratch);
    if (!ok) {
        /* a Cauchy matrix over distinct x_i + y_j is always invertible: unreachable */
        cuzk_poseidon_constants_free(c);
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "poseidon: singular matrix for arity %u", arity);
    }
    *out = c;
    return 0;
}

void cuzk_poseidon_constants_free(cuzk_poseidon_constants *c)
{
    if (!c)
        return;
    cuzk_free(c->storage);
    free(c);
}

int cuzk_poseidon_set_init(cuzk_poseidon_set *s, const uint32_t *arities, size_t n, cuzk_err *err)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < n; i++) {
        uint32_t a = arities[i];
        if (a < 1 || a > CUZK_POSEIDON_MAX_ARITY) {
            cuzk_poseidon_set_free(s);
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "poseidon: arity %u not supported", a);
        }
        if (s->by_arity[a])
            continue;
        int rc = cuzk_poseidon_constants_new(&s->by_arity[a], a, CUZK_POSEIDON_STANDARD, err);
        if (rc != 0) {
            cuzk_poseidon_set_free(s);
            return rc;
        }
    }
    return 0;
}

void cuzk_poseidon_set_free(cuzk_poseidon_set *s)
{
    for (size_t a = 0; a <= CUZK_POSEIDON_MAX_ARITY; a++) {
        cuzk_poseidon_constants_free(s->by_arity[a]);
        s->by_arity[a] = NULL;
    }
}
