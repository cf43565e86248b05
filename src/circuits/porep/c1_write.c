/* Writes cuzk_porep_c1 as serde_json writes SealCommitPhase1Output: compact,
 * fields in declaration order, domain values as arrays of 32 integers. And
 * Curio's envelope {"SectorNum","Phase1Out","SectorSize"} (Go field order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuzk/porep.h"
#include "circuits/porep/c1_impl.h"

typedef struct {
    char *b;
    size_t n, cap;
    int oom;
} wbuf;

static int grow(wbuf *w, size_t more)
{
    if (w->oom) return 0;
    if (w->n + more <= w->cap) return 1;
    size_t cap = w->cap ? w->cap : 1 << 16;
    while (cap < w->n + more) cap *= 2;
    char *nb = realloc(w->b, cap);
    if (!nb) {
        w->oom = 1;
        return 0;
    }
    w->b = nb;
    w->cap = cap;
    return 1;
}

static void put(wbuf *w, const char *s)
{
    size_t l = strlen(s);
    if (!grow(w, l)) return;
    memcpy(w->b + w->n, s, l);
    w->n += l;
}

static void put_u64(wbuf *w, uint64_t v)
{
    char t[24];
    int l = snprintf(t, sizeof t, "%llu", (unsigned long long)v);
    if (!grow(w, (size_t)l)) return;
    memcpy(w->b + w->n, t, (size_t)l);
    w->n += (size_t)l;
}

/* [b0,b1,...,b31]: the hot path of the whole writer. */
static void put_domain(wbuf *w, const uint8_t d[32])
{
    if (!grow(w, 2 + 32 * 4)) return;
    char *o = w->b + w->n;
    *o++ = '[';
    for (int i = 0; i < 32; i++) {
        unsigned v = d[i];
        if (v >= 100) *o++ = (char)('0' + v / 100);
        if (v >= 10) *o++ = (char)('0' + v / 10 % 10);
        *o++ = (char)('0' + v % 10);
        *o++ = ',';
    }
    o[-1] = ']';
    w->n = (size_t)(o - w->b);
}

static void put_path(wbuf *w, const cuzk_porep_merkle_proof *mp, uint32_t first, uint32_t count)
{
    uint32_t off = 0;
    for (uint32_t i = 0; i < first; i++) off += mp->arity[i] - 1u;
    put(w, "{\"path\":[");
    for (uint32_t l = first; l < first + count; l++) {
        put(w, l > first ? ",{\"hashes\":[" : "{\"hashes\":[");
        for (uint32_t h = 0; h + 1 < mp->arity[l]; h++) {
            if (h) put(w, ",");
            put_domain(w, mp->hashes[off++]);
        }
        put(w, "],\"index\":");
        put_u64(w, mp->index[l]);
        put(w, "}");
    }
    put(w, "]}");
}

static int merkle_ok(const cuzk_porep_merkle_proof *mp)
{
    uint32_t levels = mp->base_levels + mp->sub_levels + mp->top_levels, hashes = 0;
    if (mp->base_levels > CUZK_POREP_MAX_PATH_LEVELS || mp->sub_levels > 1 || mp->top_levels > 1 ||
        (mp->top_levels && !mp->sub_levels) || levels > CUZK_POREP_MAX_PATH_LEVELS)
        return 0;
    for (uint32_t l = 0; l < levels; l++) {
        if (mp->arity[l] < 2 || mp->index[l] >= mp->arity[l]) return 0;
        hashes += mp->arity[l] - 1u;
    }
    return hashes <= CUZK_POREP_MAX_PATH_HASHES;
}

static void put_merkle(wbuf *w, const cuzk_porep_merkle_proof *mp)
{
    uint32_t b = mp->base_levels;
    if (mp->sub_levels == 0) {
        put(w, "{\"data\":{\"Single\":{\"root\":");
        put_domain(w, mp->root);
        put(w, ",\"leaf\":");
        put_domain(w, mp->leaf);
        put(w, ",\"path\":");
        put_path(w, mp, 0, b);
        put(w, "}}}");
        return;
    }
    put(w, mp->top_levels ? "{\"data\":{\"Top\":{\"base_proof\":" : "{\"data\":{\"Sub\":{\"base_proof\":");
    put_path(w, mp, 0, b);
    put(w, ",\"sub_proof\":");
    put_path(w, mp, b, 1);
    if (mp->top_levels) {
        put(w, ",\"top_proof\":");
        put_path(w, mp, b + 1, 1);
    }
    put(w, ",\"root\":");
    put_domain(w, mp->root);
    put(w, ",\"leaf\":");
    put_domain(w, mp->leaf);
    put(w, "}}}");
}

static void put_column_proof(wbuf *w, const cuzk_porep_column_proof *cp)
{
    put(w, "{\"column\":{\"index\":");
    put_u64(w, cp->column.index);
    put(w, ",\"rows\":[");
    for (uint32_t r = 0; r < cp->column.n_rows; r++) {
        if (r) put(w, ",");
        put_domain(w, cp->column.rows[r]);
    }
    put(w, "],\"_h\":null},\"inclusion_proof\":");
    put_merkle(w, &cp->inclusion);
    put(w, "}");
}

static void put_labeling(wbuf *w, const cuzk_porep_labeling_proof *lp)
{
    put(w, "{\"parents\":[");
    for (int i = 0; i < CUZK_POREP_LABEL_PARENTS; i++) {
        if (i) put(w, ",");
        put_domain(w, lp->parents[i]);
    }
    put(w, "],\"layer_index\":");
    put_u64(w, lp->layer_index);
    put(w, ",\"node\":");
    put_u64(w, lp->node);
    put(w, "}");
}

static int proof_ok(const cuzk_porep_challenge_proof *cp)
{
    if (!merkle_ok(&cp->comm_d_proof) || !merkle_ok(&cp->comm_r_last_proof) || !merkle_ok(&cp->c_x.inclusion) ||
        cp->c_x.column.n_rows > CUZK_POREP_MAX_LAYERS || cp->n_labeling > CUZK_POREP_MAX_LAYERS)
        return 0;
    for (int i = 0; i < CUZK_POREP_DRG_PARENTS; i++)
        if (!merkle_ok(&cp->drg_parents[i].inclusion) || cp->drg_parents[i].column.n_rows > CUZK_POREP_MAX_LAYERS)
            return 0;
    for (int i = 0; i < CUZK_POREP_EXP_PARENTS; i++)
        if (!merkle_ok(&cp->exp_parents[i].inclusion) || cp->exp_parents[i].column.n_rows > CUZK_POREP_MAX_LAYERS)
            return 0;
    return 1;
}

static void put_proof(wbuf *w, const cuzk_porep_challenge_proof *cp)
{
    put(w, "{\"comm_d_proofs\":");
    put_merkle(w, &cp->comm_d_proof);
    put(w, ",\"comm_r_last_proof\":");
    put_merkle(w, &cp->comm_r_last_proof);
    put(w, ",\"replica_column_proofs\":{\"c_x\":");
    put_column_proof(w, &cp->c_x);
    put(w, ",\"drg_parents\":[");
    for (int i = 0; i < CUZK_POREP_DRG_PARENTS; i++) {
        if (i) put(w, ",");
        put_column_proof(w, &cp->drg_parents[i]);
    }
    put(w, "],\"exp_parents\":[");
    for (int i = 0; i < CUZK_POREP_EXP_PARENTS; i++) {
        if (i) put(w, ",");
        put_column_proof(w, &cp->exp_parents[i]);
    }
    put(w, "]},\"labeling_proofs\":[");
    for (uint32_t i = 0; i < cp->n_labeling; i++) {
        if (i) put(w, ",");
        put_labeling(w, &cp->labeling[i]);
    }
    put(w, "],\"encoding_proof\":");
    put_labeling(w, &cp->encoding);
    put(w, "}");
}

static int write_json(const cuzk_porep_c1 *c1, wbuf *w, cuzk_err *err)
{
    const char *name = cuzk_seal_proof_name(c1->seal_proof);
    if (!name) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1 write: unknown seal proof %d", c1->seal_proof);
    size_t total = (size_t)c1->partitions * c1->challenges_per_partition;
    if (total && !c1->proofs) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1 write: no proofs");
    for (size_t i = 0; i < total; i++)
        if (!proof_ok(&c1->proofs[i]))
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1 write: challenge proof %zu has a bad shape", i);
    put(w, "{\"registered_proof\":\"");
    put(w, name);
    put(w, "\",\"vanilla_proofs\":{\"");
    put(w, cuzk_seal_proof_shape_name(c1->seal_proof));
    put(w, "\":[");
    for (uint32_t p = 0; p < c1->partitions; p++) {
        put(w, p ? ",[" : "[");
        for (uint32_t i = 0; i < c1->challenges_per_partition; i++) {
            if (i) put(w, ",");
            put_proof(w, &c1->proofs[(size_t)p * c1->challenges_per_partition + i]);
        }
        put(w, "]");
    }
    put(w, "]},\"comm_r\":");
    put_domain(w, c1->comm_r);
    put(w, ",\"comm_d\":");
    put_domain(w, c1->comm_d);
    put(w, ",\"replica_id\":");
    put_domain(w, c1->replica_id);
    put(w, ",\"seed\":");
    put_domain(w, c1->seed);
    put(w, ",\"ticket\":");
    put_domain(w, c1->ticket);
    put(w, "}");
    if (w->oom) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "c1 write: out of memory");
    return 0;
}

static int finish(wbuf *w, char **json, size_t *len, cuzk_err *err)
{
    put(w, "");
    if (!grow(w, 1)) {
        free(w->b);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "c1 write: out of memory");
    }
    w->b[w->n] = 0; /* NUL after the text, not counted */
    *json = w->b;
    *len = w->n;
    return 0;
}

int cuzk_c1_write(const cuzk_porep_c1 *c1, char **json, size_t *len, cuzk_err *err)
{
    if (!c1 || !json || !len) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1 write: NULL argument");
    wbuf w = {0};
    int rc = write_json(c1, &w, err);
    if (rc) {
        free(w.b);
        return rc;
    }
    return finish(&w, json, len, err);
}

int cuzk_c1_write_envelope(const cuzk_porep_c1 *c1, uint64_t sector_num, char **json, size_t *len, cuzk_err *err)
{
    if (!c1 || !json || !len) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1 write: NULL argument");
    cuzk_porep_config cfg;
    if (sector_num > INT64_MAX) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1 write: sector number > 2^63-1");
    int rc = cuzk_porep_config_init(&cfg, (cuzk_seal_proof)c1->seal_proof, err);
    if (rc) return rc;
    wbuf inner = {0}, w = {0};
    rc = write_json(c1, &inner, err);
    if (!rc) {
        put(&w, "{\"SectorNum\":");
        put_u64(&w, sector_num);
        put(&w, ",\"Phase1Out\":\"");
        size_t b64 = (inner.n + 2) / 3 * 4;
        if (grow(&w, b64)) w.n += cuzk_c1_base64_encode(w.b + w.n, (const uint8_t *)inner.b, inner.n);
        put(&w, "\",\"SectorSize\":");
        put_u64(&w, cfg.sector_size);
        put(&w, "}");
        if (w.oom) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "c1 write: out of memory");
    }
    free(inner.b);
    if (rc) {
        free(w.b);
        return rc;
    }
    return finish(&w, json, len, err);
}
