/* An updated sector as three "periodic" trees (tree R old, tree D new, tree
 * R new) and the vanilla partition proofs drawn from them
 * (storage-proofs-update vanilla.rs encode_into and prove_inner).
 *
 * A tree's leaves are a table of regions x block entries: leaf i =
 * table[(i / region) * block + i % block], with block <= region, both powers
 * of two. A node covering c leaves then depends only on its region and on
 * its place in the block (c < block), or on its region alone (block <= c <=
 * region); nodes above a region are kept one by one. A real sector is one
 * region of one block (every leaf given); a synthetic one repeats a small
 * block, and tree R new has a region per rho (nodes >> (log2(nodes) - h)). */
#include <stdlib.h>
#include <string.h>
#include "circuits/update/update_impl.h"
#include "cuzk/porep_synth.h"

#define MAXL (CUZK_POREP_MAX_PATH_LEVELS + 1)

typedef struct {
    cuzk_merkle_shape shape;
    uint32_t levels;
    uint64_t nodes, block, region;
    uint64_t cover[MAXL], width[MAXL]; /* width 0: one entry per node */
    cuzk_fr *v[MAXL];
} ptree;

struct cuzk_update_replica {
    cuzk_update_config cfg;
    uint32_t h;
    cuzk_poseidon_set pos;
    ptree r_old, d_new, r_new;
    uint8_t comm_c[32], comm_r_old[32], comm_d_new[32], comm_r_new[32];
};

static const cuzk_fr *pt_node(const ptree *t, uint32_t l, uint64_t j)
{
    const uint64_t c = t->cover[l], s = j * c;
    if (t->width[l]) return &t->v[l][(s / t->region) * t->width[l] + (c < t->block ? (s % t->block) / c : 0)];
    return &t->v[l][j];
}

static void pt_free(ptree *t)
{
    for (uint32_t l = 0; l < MAXL; l++) cuzk_free(t->v[l]);
    memset(t, 0, sizeof *t);
}

/* Sets up the geometry; the caller fills v[0] (regions * block entries). */
static int pt_init(ptree *t, const cuzk_merkle_shape *s, uint64_t nodes, uint64_t block, uint64_t region, cuzk_err *err)
{
    memset(t, 0, sizeof *t);
    t->shape = *s;
    t->levels = cuzk_merkle_shape_levels(s);
    t->nodes = nodes, t->block = block, t->region = region;
    t->cover[0] = 1;
    for (uint32_t l = 0; l < t->levels; l++) t->cover[l + 1] = t->cover[l] * cuzk_merkle_shape_arity(s, l);
    for (uint32_t l = 0; l <= t->levels; l++) {
        const uint64_t c = t->cover[l];
        t->width[l] = c <= region ? (c < block ? block / c : 1) : 0;
        const uint64_t n = t->width[l] ? (nodes / region) * t->width[l] : nodes / c;
        t->v[l] = cuzk_alloc_array((size_t)n, sizeof(cuzk_fr));
        if (!t->v[l]) {
            pt_free(t);
            return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update replica: out of memory");
        }
    }
    return 0;
}

/* Hashes every level above the leaves. */
static int pt_build(ptree *t, const cuzk_poseidon_set *pos, cuzk_err *err)
{
    cuzk_fr row[16];
    for (uint32_t l = 0; l < t->levels; l++) {
        const uint32_t a = cuzk_merkle_shape_arity(&t->shape, l);
        const uint64_t c1 = t->cover[l + 1];
        const uint64_t n = t->width[l + 1] ? (t->nodes / t->region) * t->width[l + 1] : t->nodes / c1;
        for (uint64_t e = 0; e < n; e++) {
            /* the first node this entry stands for */
            const uint64_t j = t->width[l + 1] ? ((e / t->width[l + 1]) * t->region + (e % t->width[l + 1]) * c1) / c1 : e;
            for (uint32_t k = 0; k < a; k++) row[k] = *pt_node(t, l, j * a + k);
            if (cuzk_merkle_node(&t->v[l + 1][e], t->shape.hasher, pos, row, a))
                return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update replica: no hash for arity %u", a);
        }
    }
    return 0;
}

static const cuzk_fr *pt_root(const ptree *t) { return pt_node(t, t->levels, 0); }

/* The inclusion proof of leaf i. */
static void pt_proof(const ptree *t, uint64_t i, cuzk_porep_merkle_proof *m)
{
    memset(m, 0, sizeof *m);
    cuzk_fr_to_bytes_le(m->root, pt_root(t));
    cuzk_fr_to_bytes_le(m->leaf, pt_node(t, 0, i));
    m->base_levels = t->shape.base_levels;
    m->sub_levels = t->shape.sub_arity ? 1 : 0;
    m->top_levels = t->shape.top_arity ? 1 : 0;
    uint32_t h = 0;
    for (uint32_t l = 0; l < t->levels; l++) {
        const uint32_t a = cuzk_merkle_shape_arity(&t->shape, l);
        const uint64_t j = i / t->cover[l], g = j / a * a;
        m->arity[l] = (uint8_t)a;
        m->index[l] = (uint8_t)(j - g);
        for (uint32_t k = 0; k < a; k++)
            if (g + k != j) cuzk_fr_to_bytes_le(m->hashes[h++], pt_node(t, l, g + k));
    }
}

void cuzk_update_replica_free(cuzk_update_replica *u)
{
    if (!u) return;
    pt_free(&u->r_old);
    pt_free(&u->d_new);
    pt_free(&u->r_new);
    cuzk_poseidon_set_free(&u->pos);
    free(u);
}

static int replica_alloc(cuzk_update_replica **out, const cuzk_update_config *cfg, uint32_t h, cuzk_err *err)
{
    if (!out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update replica: NULL argument");
    *out = NULL;
    uint64_t hs;
    int rc = cuzk_update_config_check(cfg, err);
    if (!rc) rc = cuzk_update_h_select(cfg, h, &hs, err);
    if (rc) return rc;
    cuzk_update_replica *u = calloc(1, sizeof *u);
    if (!u) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update replica: out of memory");
    u->cfg = *cfg;
    u->h = h;
    if ((rc = cuzk_update_poseidon_init(&u->pos, cfg, err))) {
        free(u);
        return rc;
    }
    *out = u;
    return 0;
}

/* Trees R old and D new are built; fills tree R new's table (regions of
 * 2^(bits - h) nodes, block as the others') and builds it and the commitments. */
static int finish(cuzk_update_replica *u, cuzk_err *err)
{
    const cuzk_update_config *cfg = &u->cfg;
    const cuzk_poseidon_constants *c2 = cuzk_poseidon_set_get(&u->pos, 2);
    const uint64_t block = u->r_old.block;
    const uint64_t rho_region = cfg->nodes >> u->h;
    /* a table row per rho when the block fits a rho region, else one full row */
    const uint64_t region = block <= rho_region ? rho_region : cfg->nodes;
    const cuzk_merkle_shape rs = cuzk_update_shape_r(cfg);
    int rc = pt_init(&u->r_new, &rs, cfg->nodes, block, region, err);
    if (rc) return rc;
    cuzk_fr pair[2], comm_r_old, phi, rho;
    cuzk_fr_from_bytes_le(&pair[0], u->comm_c, NULL);
    pair[1] = *pt_root(&u->r_old);
    cuzk_poseidon_hash(c2, &comm_r_old, pair);
    cuzk_fr_to_bytes_le(u->comm_r_old, &comm_r_old);
    cuzk_fr_to_bytes_le(u->comm_d_new, pt_root(&u->d_new));
    cuzk_update_phi(c2, &phi, pt_root(&u->d_new), &comm_r_old);
    const uint64_t regions = cfg->nodes / region;
    uint64_t have = UINT64_MAX;
    for (uint64_t r = 0; r < regions; r++)
        for (uint64_t p = 0; p < block; p++) {
            const uint64_t i = r * region + p; /* a leaf this entry stands for */
            if (i / rho_region != have) {
                have = i / rho_region;
                cuzk_update_rho(c2, &rho, &phi, have);
            }
            cuzk_fr *leaf = &u->r_new.v[0][r * block + p];
            cuzk_fr_mul(leaf, pt_node(&u->d_new, 0, i), &rho);
            cuzk_fr_add(leaf, leaf, pt_node(&u->r_old, 0, i));
        }
    if ((rc = pt_build(&u->r_new, &u->pos, err))) return rc;
    pair[1] = *pt_root(&u->r_new);
    cuzk_fr comm_r_new;
    cuzk_poseidon_hash(c2, &comm_r_new, pair);
    cuzk_fr_to_bytes_le(u->comm_r_new, &comm_r_new);
    return 0;
}

int cuzk_update_encode(cuzk_update_replica **out, const cuzk_update_config *cfg, uint32_t h, const uint8_t comm_c[32],
                       const cuzk_fr *sector_key, const uint8_t *data, cuzk_err *err)
{
    if (!comm_c || !sector_key || !data)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update encode: NULL argument");
    if (!cuzk_fr32_is_valid(comm_c))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update encode: comm_c is not < r");
    cuzk_update_replica *u;
    int rc = replica_alloc(&u, cfg, h, err);
    if (rc) return rc;
    memcpy(u->comm_c, comm_c, 32);
    const cuzk_merkle_shape rs = cuzk_update_shape_r(cfg), ds = cuzk_update_shape_d(cfg);
    const uint64_t n = cfg->nodes;
    rc = pt_init(&u->r_old, &rs, n, n, n, err);
    if (!rc) rc = pt_init(&u->d_new, &ds, n, n, n, err);
    for (uint64_t i = 0; i < n && !rc; i++) {
        u->r_old.v[0][i] = sector_key[i];
        if (cuzk_fr_from_bytes_le(&u->d_new.v[0][i], data + 32 * i, NULL) ||
            (!cfg->poseidon && (data[32 * i + 31] & 0xc0)))
            rc = cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "update encode: data node %llu is not an Fr32 value",
                              (unsigned long long)i);
    }
    if (!rc) rc = pt_build(&u->r_old, &u->pos, err);
    if (!rc) rc = pt_build(&u->d_new, &u->pos, err);
    if (!rc) rc = finish(u, err);
    if (rc) {
        cuzk_update_replica_free(u);
        return rc;
    }
    *out = u;
    return 0;
}

int cuzk_update_synth(cuzk_update_replica **out, const cuzk_update_config *cfg, uint32_t h, uint64_t seed,
                      cuzk_err *err)
{
    cuzk_update_replica *u;
    int rc = replica_alloc(&u, cfg, h, err);
    if (rc) return rc;
    cuzk_porep_rng rng;
    cuzk_porep_rng_init(&rng, "cuzk-update-synth", seed);
    cuzk_porep_rng_fr32(&rng, u->comm_c);
    const uint64_t rho_region = cfg->nodes >> h;
    const uint64_t block = rho_region < 64 ? rho_region : 64;
    const cuzk_merkle_shape rs = cuzk_update_shape_r(cfg), ds = cuzk_update_shape_d(cfg);
    rc = pt_init(&u->r_old, &rs, cfg->nodes, block, cfg->nodes, err);
    if (!rc) rc = pt_init(&u->d_new, &ds, cfg->nodes, block, cfg->nodes, err);
    for (uint64_t p = 0; p < block && !rc; p++) {
        uint8_t b[32];
        cuzk_porep_rng_fr32(&rng, b);
        cuzk_fr_from_bytes_le(&u->r_old.v[0][p], b, NULL);
        cuzk_porep_rng_fr32(&rng, b);
        cuzk_fr_from_bytes_le(&u->d_new.v[0][p], b, NULL);
    }
    if (!rc) rc = pt_build(&u->r_old, &u->pos, err);
    if (!rc) rc = pt_build(&u->d_new, &u->pos, err);
    if (!rc) rc = finish(u, err);
    if (rc) {
        cuzk_update_replica_free(u);
        return rc;
    }
    *out = u;
    return 0;
}

void cuzk_update_replica_commitments(const cuzk_update_replica *u, uint8_t comm_r_old[32], uint8_t comm_d_new[32],
                                     uint8_t comm_r_new[32])
{
    if (comm_r_old) memcpy(comm_r_old, u->comm_r_old, 32);
    if (comm_d_new) memcpy(comm_d_new, u->comm_d_new, 32);
    if (comm_r_new) memcpy(comm_r_new, u->comm_r_new, 32);
}

int cuzk_update_replica_new_node(const cuzk_update_replica *u, uint64_t i, cuzk_fr *out)
{
    if (!u || !out || i >= u->cfg.nodes)
        return cuzk_err_set(NULL, CUZK_ERR_INVALID_ARGUMENT, "update replica: node out of range");
    *out = *pt_node(&u->r_new, 0, i);
    return 0;
}

int cuzk_update_replica_prove(const cuzk_update_replica *u, uint32_t k, cuzk_update_partition_proof *out,
                              cuzk_err *err)
{
    if (!u || !out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update prove: NULL argument");
    memset(out, 0, sizeof *out);
    const cuzk_update_config *cfg = &u->cfg;
    if (k >= cfg->partitions)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update prove: partition %u of %u", k, cfg->partitions);
    uint32_t ch[CUZK_UPDATE_MAX_CHALLENGES];
    cuzk_fr comm_r_new;
    cuzk_fr_from_bytes_le(&comm_r_new, u->comm_r_new, NULL);
    int rc = cuzk_update_challenges(ch, cfg, cuzk_poseidon_set_get(&u->pos, 2), &comm_r_new, k, err);
    if (rc) return rc;
    out->challenges = cuzk_alloc_array(cfg->challenges, sizeof *out->challenges);
    if (!out->challenges) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update prove: out of memory");
    out->n_challenges = cfg->challenges;
    out->poseidon = cfg->poseidon;
    memcpy(out->comm_c, u->comm_c, 32);
    /* this partition's apex leaves: tree D's row apex_leaf_bit_len below the partition roots */
    out->n_apex_leafs = cfg->apex_leafs;
    const uint32_t apex_level = cfg->challenge_bit_len - cfg->partition_bit_len - cfg->apex_leaf_bit_len;
    for (uint32_t i = 0; i < cfg->apex_leafs; i++)
        cuzk_fr_to_bytes_le(out->apex_leafs[i], pt_node(&u->d_new, apex_level, (uint64_t)k * cfg->apex_leafs + i));
    for (uint32_t i = 0; i < cfg->challenges; i++) {
        pt_proof(&u->r_old, ch[i], &out->challenges[i].r_old);
        pt_proof(&u->d_new, ch[i], &out->challenges[i].d_new);
        pt_proof(&u->r_new, ch[i], &out->challenges[i].r_new);
    }
    return 0;
}
