/* The bincode of filecoin-proofs' FallbackPoStSectorProof (formats spec
 * §4.3), bincode 1.x defaults: integers little-endian and fixed width, a Vec
 * as a u64 length then its elements, an enum as a u32 variant index then its
 * fields, [u8; 32] as 32 raw bytes.
 *
 *   sector_id u64, comm_r [32], vanilla_proof { sectors: Vec<SectorProof> }
 *   SectorProof: inclusion_proofs Vec<MerkleProof>, comm_c [32], comm_r_last [32]
 *   MerkleProof: u32 tag, then 0 Single: root leaf path
 *                              1 Sub:    base_proof sub_proof root leaf
 *                              2 Top:    base_proof sub_proof top_proof root leaf
 *   path: Vec<PathElement>; PathElement: hashes Vec<[32]>, index u64 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuzk/post.h"

typedef struct {
    const uint8_t *p;
    size_t left;
    char field[200];   /* the field being read, for messages */
    cuzk_err *err;
} rd;

static int fail(rd *r, int code, const char *what)
{
    return cuzk_err_set(r->err, code, "post vanilla: %s: %s", r->field, what);
}

static int take(rd *r, void *out, size_t n)
{
    if (r->left < n) {
        char m[64];
        snprintf(m, sizeof m, "truncated (%zu bytes needed, %zu left)", n, r->left);
        return fail(r, CUZK_ERR_TRUNCATED, m);
    }
    memcpy(out, r->p, n);
    r->p += n;
    r->left -= n;
    return 0;
}

static int u64_of(rd *r, uint64_t *v)
{
    uint8_t b[8] = { 0 };
    int rc = take(r, b, 8);
    if (rc) return rc;
    *v = 0;
    for (int i = 7; i >= 0; i--) *v = *v << 8 | b[i];
    return 0;
}

static int u32_of(rd *r, uint32_t *v)
{
    uint8_t b[4] = { 0 };
    int rc = take(r, b, 4);
    if (rc) return rc;
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return 0;
}

/* A Vec length whose elements take at least min_size bytes each. */
static int len_of(rd *r, uint64_t *n, size_t min_size)
{
    int rc = u64_of(r, n);
    if (rc) return rc;
    if (*n > r->left / min_size) {
        char m[96];
        snprintf(m, sizeof m, "length %llu larger than the %zu bytes left allow", (unsigned long long)*n, r->left);
        return fail(r, CUZK_ERR_TOO_LARGE, m);
    }
    return 0;
}

static int domain(rd *r, uint8_t out[32])
{
    int rc = take(r, out, 32);
    if (!rc && !cuzk_fr32_is_valid(out)) rc = fail(r, CUZK_ERR_NOT_CANONICAL, "not a canonical Fr (>= r)");
    return rc;
}

/* Sets r->field to base + suffix. */
static void at(rd *r, const char *base, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void at(rd *r, const char *base, const char *fmt, ...)
{
    char tail[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tail, sizeof tail, fmt, ap);
    va_end(ap);
    snprintf(r->field, sizeof r->field, "%s%s", base, tail);
}

/* One InclusionPath of `levels` levels of `arity` into p at level *lv. */
static int path(rd *r, const char *base, cuzk_porep_merkle_proof *p, uint32_t *lv, uint32_t *k, uint32_t levels,
                uint32_t arity)
{
    uint64_t n;
    at(r, base, "%s", "");
    int rc = len_of(r, &n, 16);
    if (rc) return rc;
    if (n != levels) {
        char m[80];
        snprintf(m, sizeof m, "%llu levels, tree R has %u here", (unsigned long long)n, levels);
        return fail(r, CUZK_ERR_PARSE, m);
    }
    for (uint32_t l = 0; l < levels; l++) {
        uint64_t nh, idx;
        at(r, base, "[%u].hashes", l);
        if ((rc = len_of(r, &nh, 32))) return rc;
        if (nh != arity - 1) {
            char m[80];
            snprintf(m, sizeof m, "%llu hashes, arity %u needs %u", (unsigned long long)nh, arity, arity - 1);
            return fail(r, CUZK_ERR_PARSE, m);
        }
        for (uint32_t j = 0; j + 1 < arity; j++) {
            at(r, base, "[%u].hashes[%u]", l, j);
            if ((rc = domain(r, p->hashes[(*k)++]))) return rc;
        }
        at(r, base, "[%u].index", l);
        if ((rc = u64_of(r, &idx))) return rc;
        if (idx >= arity) {
            char m[64];
            snprintf(m, sizeof m, "index %llu not below arity %u", (unsigned long long)idx, arity);
            return fail(r, CUZK_ERR_PARSE, m);
        }
        p->arity[*lv] = (uint8_t)arity;
        p->index[(*lv)++] = (uint8_t)idx;
    }
    return 0;
}

static int merkle_proof(rd *r, const char *base, cuzk_porep_merkle_proof *p, const cuzk_post_config *cfg)
{
    static const char *const tags[3] = { "Single", "Sub", "Top" };
    uint32_t tag;
    at(r, base, " (enum tag)");
    int rc = u32_of(r, &tag);
    if (rc) return rc;
    const uint32_t want = cfg->top_arity ? 2 : cfg->sub_arity ? 1 : 0;
    if (tag > 2) {
        char m[64];
        snprintf(m, sizeof m, "variant %u unknown (0 Single, 1 Sub, 2 Top)", tag);
        return fail(r, CUZK_ERR_PARSE, m);
    }
    if (tag != want) {
        char m[80];
        snprintf(m, sizeof m, "variant %s, tree R 8-%u-%u needs %s", tags[tag], cfg->sub_arity, cfg->top_arity,
                 tags[want]);
        return fail(r, CUZK_ERR_PARSE, m);
    }
    memset(p, 0, sizeof *p);
    char b[220];
    uint32_t lv = 0, k = 0;
    p->base_levels = cfg->base_levels;
    p->sub_levels = cfg->sub_arity ? 1 : 0;
    p->top_levels = cfg->top_arity ? 1 : 0;
    if (tag == 0) {
        snprintf(b, sizeof b, "%s.Single.root", base);
        at(r, b, "%s", "");
        if ((rc = domain(r, p->root))) return rc;
        snprintf(b, sizeof b, "%s.Single.leaf", base);
        at(r, b, "%s", "");
        if ((rc = domain(r, p->leaf))) return rc;
        snprintf(b, sizeof b, "%s.Single.path", base);
        return path(r, b, p, &lv, &k, cfg->base_levels, cfg->base_arity);
    }
    snprintf(b, sizeof b, "%s.%s.base_proof", base, tags[tag]);
    if ((rc = path(r, b, p, &lv, &k, cfg->base_levels, cfg->base_arity))) return rc;
    snprintf(b, sizeof b, "%s.%s.sub_proof", base, tags[tag]);
    if ((rc = path(r, b, p, &lv, &k, 1, cfg->sub_arity))) return rc;
    if (tag == 2) {
        snprintf(b, sizeof b, "%s.Top.top_proof", base);
        if ((rc = path(r, b, p, &lv, &k, 1, cfg->top_arity))) return rc;
    }
    snprintf(b, sizeof b, "%s.%s.root", base, tags[tag]);
    at(r, b, "%s", "");
    if ((rc = domain(r, p->root))) return rc;
    snprintf(b, sizeof b, "%s.%s.leaf", base, tags[tag]);
    at(r, b, "%s", "");
    return domain(r, p->leaf);
}

void cuzk_post_vanilla_free(cuzk_post_vanilla *v)
{
    if (!v) return;
    for (uint32_t i = 0; v->sectors && i < v->n_sectors; i++) free(v->sectors[i].inclusion);
    free(v->sectors);
    v->sectors = NULL;
    v->n_sectors = 0;
}

int cuzk_post_vanilla_read(cuzk_post_vanilla *out, const void *data, size_t len, const cuzk_post_config *cfg,
                           cuzk_err *err)
{
    if (!out || (!data && len) || !cfg)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post vanilla: NULL argument");
    memset(out, 0, sizeof *out);
    rd r = { .p = data, .left = len, .err = err };
    uint64_t n;
    at(&r, "sector_id", "%s", "");
    int rc = u64_of(&r, &out->sector_id);
    if (!rc) at(&r, "comm_r", "%s", ""), rc = domain(&r, out->comm_r);
    if (!rc) at(&r, "vanilla_proof.sectors", "%s", ""), rc = len_of(&r, &n, 72);
    if (!rc && n != 1) {
        char m[80];
        snprintf(m, sizeof m, "%llu sector proofs, a sector's vanilla proof holds 1", (unsigned long long)n);
        rc = fail(&r, CUZK_ERR_PARSE, m);
    }
    if (rc) return rc;
    out->sectors = calloc(1, sizeof *out->sectors);
    if (!out->sectors) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post vanilla: out of memory");
    out->n_sectors = 1;
    cuzk_post_sector_proof *sp = &out->sectors[0];
    at(&r, "vanilla_proof.sectors[0].inclusion_proofs", "%s", "");
    rc = len_of(&r, &n, 76);
    if (!rc && n != cfg->vanilla_challenges) {
        char m[96];
        snprintf(m, sizeof m, "%llu proofs, %s PoSt answers %u challenges a sector", (unsigned long long)n,
                 cfg->kind == CUZK_POST_WINDOW ? "Window" : "Winning", cfg->vanilla_challenges);
        rc = fail(&r, CUZK_ERR_PARSE, m);
    }
    if (!rc) {
        sp->inclusion = calloc(n, sizeof *sp->inclusion);
        if (!sp->inclusion) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post vanilla: out of memory");
        else sp->n_inclusion = (uint32_t)n;
    }
    for (uint32_t i = 0; !rc && i < sp->n_inclusion; i++) {
        char b[96];
        snprintf(b, sizeof b, "vanilla_proof.sectors[0].inclusion_proofs[%u]", i);
        rc = merkle_proof(&r, b, &sp->inclusion[i], cfg);
    }
    if (!rc) at(&r, "vanilla_proof.sectors[0].comm_c", "%s", ""), rc = domain(&r, sp->comm_c);
    if (!rc) at(&r, "vanilla_proof.sectors[0].comm_r_last", "%s", ""), rc = domain(&r, sp->comm_r_last);
    if (!rc && r.left) {
        char m[64];
        snprintf(m, sizeof m, "%zu bytes after the proof", r.left);
        at(&r, "(end)", "%s", "");
        rc = fail(&r, CUZK_ERR_PARSE, m);
    }
    if (rc) cuzk_post_vanilla_free(out);
    return rc;
}

/* ---- writer -------------------------------------------------------------------------- */
typedef struct {
    uint8_t *p;
    size_t n;
} wr;

static void w_bytes(wr *w, const void *b, size_t n)
{
    if (w->p) memcpy(w->p + w->n, b, n);
    w->n += n;
}

static void w_u64(wr *w, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    w_bytes(w, b, 8);
}

static void w_u32(wr *w, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    w_bytes(w, b, 4);
}

static void w_path(wr *w, const cuzk_porep_merkle_proof *p, uint32_t from, uint32_t levels, uint32_t *k)
{
    w_u64(w, levels);
    for (uint32_t l = from; l < from + levels; l++) {
        w_u64(w, (uint64_t)p->arity[l] - 1);
        for (uint32_t j = 0; j + 1 < p->arity[l]; j++) w_bytes(w, p->hashes[(*k)++], 32);
        w_u64(w, p->index[l]);
    }
}

static void w_merkle(wr *w, const cuzk_porep_merkle_proof *p)
{
    const uint32_t tag = p->top_levels ? 2 : p->sub_levels ? 1 : 0;
    uint32_t k = 0;
    w_u32(w, tag);
    if (tag == 0) {
        w_bytes(w, p->root, 32);
        w_bytes(w, p->leaf, 32);
        w_path(w, p, 0, p->base_levels, &k);
        return;
    }
    w_path(w, p, 0, p->base_levels, &k);
    w_path(w, p, p->base_levels, p->sub_levels, &k);
    if (tag == 2) w_path(w, p, p->base_levels + p->sub_levels, p->top_levels, &k);
    w_bytes(w, p->root, 32);
    w_bytes(w, p->leaf, 32);
}

static void w_all(wr *w, const cuzk_post_vanilla *v)
{
    w_u64(w, v->sector_id);
    w_bytes(w, v->comm_r, 32);
    w_u64(w, v->n_sectors);
    for (uint32_t s = 0; s < v->n_sectors; s++) {
        const cuzk_post_sector_proof *sp = &v->sectors[s];
        w_u64(w, sp->n_inclusion);
        for (uint32_t i = 0; i < sp->n_inclusion; i++) w_merkle(w, &sp->inclusion[i]);
        w_bytes(w, sp->comm_c, 32);
        w_bytes(w, sp->comm_r_last, 32);
    }
}

int cuzk_post_vanilla_write(const cuzk_post_vanilla *v, uint8_t **out, size_t *len, cuzk_err *err)
{
    if (!v || !out || !len || (v->n_sectors && !v->sectors))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post vanilla write: NULL argument");
    for (uint32_t s = 0; s < v->n_sectors; s++) {
        const cuzk_post_sector_proof *sp = &v->sectors[s];
        if (sp->n_inclusion && !sp->inclusion)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "post vanilla write: sectors[%u] has no proofs", s);
        for (uint32_t i = 0; i < sp->n_inclusion; i++) {
            const cuzk_porep_merkle_proof *p = &sp->inclusion[i];
            uint32_t levels = p->base_levels + p->sub_levels + p->top_levels, hashes = 0;
            if (levels > CUZK_POREP_MAX_PATH_LEVELS || p->sub_levels > 1 || p->top_levels > p->sub_levels)
                return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                    "post vanilla write: sectors[%u].inclusion_proofs[%u]: path shape", s, i);
            for (uint32_t l = 0; l < levels; l++) {
                const uint32_t a = p->arity[l];
                if (a < 2 || a > 16 || (a & (a - 1)) || p->index[l] >= a)
                    return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                        "post vanilla write: sectors[%u].inclusion_proofs[%u]: level %u arity %u", s,
                                        i, l, a);
                hashes += a - 1;
            }
            if (hashes > CUZK_POREP_MAX_PATH_HASHES)
                return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                    "post vanilla write: sectors[%u].inclusion_proofs[%u]: %u hashes", s, i, hashes);
        }
    }
    wr w = { NULL, 0 };
    w_all(&w, v);
    w.p = malloc(w.n ? w.n : 1);
    if (!w.p) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post vanilla write: out of memory");
    const size_t total = w.n;
    w.n = 0;
    w_all(&w, v);
    *out = w.p;
    *len = total;
    return 0;
}
