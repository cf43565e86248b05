/* A whole seal of a small sector held in memory: tree D over the data,
 * replica_id, labels, tree C over the columns, tree R over label_last + data,
 * comm_r = Poseidon2(comm_c, comm_r_last); then every vanilla proof a C1
 * output holds. Trees are cuzk_merkle_tree_build layouts (all levels). */
#include <string.h>
#include "circuits/porep/porep_impl.h"
#include "cuzk/gadgets.h"

static cuzk_merkle_shape shape_d(const cuzk_porep_config *c)
{
    cuzk_merkle_shape s = {CUZK_MERKLE_SHA256, 2, c->tree_d_levels, 0, 0};
    return s;
}

static cuzk_merkle_shape shape_cr(const cuzk_porep_config *c)
{
    cuzk_merkle_shape s = {CUZK_MERKLE_POSEIDON, c->base_arity, c->base_levels, c->sub_arity, c->top_arity};
    return s;
}

static int alloc_tree(cuzk_fr **t, const cuzk_merkle_shape *s, cuzk_err *err)
{
    uint64_t n = cuzk_merkle_tree_nodes(s);
    *t = n ? cuzk_alloc_array((size_t)n, sizeof(cuzk_fr)) : NULL;
    return *t ? 0 : cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "porep seal: tree of %llu nodes", (unsigned long long)n);
}

void cuzk_porep_seal_free(cuzk_porep_seal *s)
{
    if (!s) return;
    cuzk_free(s->labels);
    cuzk_free(s->tree_d);
    cuzk_free(s->tree_c);
    cuzk_free(s->tree_r);
    cuzk_poseidon_set_free(&s->poseidon);
    memset(s, 0, sizeof *s);
}

int cuzk_porep_tree_d_build(cuzk_fr *tree, uint8_t comm_d[32], const uint8_t *data, const cuzk_porep_config *cfg,
                            cuzk_pool *pool, cuzk_err *err)
{
    for (uint64_t i = 0; i < cfg->nodes; i++)
        if (cuzk_fr_from_bytes_le(&tree[i], data + i * 32, NULL))
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "porep tree D: data node %llu is not an Fr32 value",
                                (unsigned long long)i);
    cuzk_merkle_shape sd = shape_d(cfg);
    int rc = cuzk_merkle_tree_build(tree, &sd, NULL, pool, err);
    if (!rc) cuzk_fr_to_bytes_le(comm_d, &tree[cuzk_merkle_tree_nodes(&sd) - 1]);
    return rc;
}

int cuzk_porep_seal_init(cuzk_porep_seal *s, const cuzk_porep_config *cfg, const uint8_t *data,
                         const uint8_t prover_id[32], uint64_t sector_id, const uint8_t ticket[32], cuzk_pool *pool,
                         cuzk_err *err)
{
    if (!s || !cfg || !data || !prover_id || !ticket)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep seal: NULL argument");
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    const uint64_t nodes = cfg->nodes;
    cuzk_merkle_shape sd = shape_d(cfg), sc = shape_cr(cfg);
    uint32_t ar[5] = {2, 8, cfg->layers, cfg->sub_arity ? cfg->sub_arity : 8, cfg->top_arity ? cfg->top_arity : 2};
    int rc = cuzk_poseidon_set_init(&s->poseidon, ar, 5, err);
    if (rc) return rc;
    if ((rc = alloc_tree(&s->tree_d, &sd, err)) || (rc = alloc_tree(&s->tree_c, &sc, err)) ||
        (rc = alloc_tree(&s->tree_r, &sc, err)))
        goto fail;
    if ((rc = cuzk_porep_tree_d_build(s->tree_d, s->comm_d, data, cfg, pool, err))) goto fail;
    cuzk_porep_replica_id(s->replica_id, prover_id, sector_id, ticket, s->comm_d, cfg->porep_id);
    if ((rc = cuzk_porep_graph_init(&s->graph, nodes, cfg->api_version, cfg->porep_id, err))) goto fail;
    s->labels = cuzk_alloc_array((size_t)(nodes * cfg->layers), 32);
    uint32_t *cache = cuzk_alloc_array((size_t)nodes * CUZK_POREP_PARENTS, sizeof(uint32_t));
    if (!s->labels || !cache) {
        cuzk_free(cache);
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "porep seal: labels of %llu nodes", (unsigned long long)nodes);
        goto fail;
    }
    rc = cuzk_porep_graph_parent_cache(&s->graph, cache, pool, err);
    if (!rc) rc = cuzk_porep_labels(s->labels, &s->graph, cache, cfg->layers, s->replica_id, err);
    cuzk_free(cache);
    if (rc) goto fail;

    /* Tree C leaves: Poseidon_layers of each column; tree R leaves: replica = label_last + data. */
    const cuzk_poseidon_constants *col = cuzk_poseidon_set_get(&s->poseidon, cfg->layers);
    for (uint64_t n = 0; n < nodes; n++) {
        cuzk_fr rows[CUZK_POREP_MAX_LAYERS];
        for (uint32_t l = 0; l < cfg->layers; l++)
            cuzk_fr_from_bytes_le(&rows[l], s->labels + ((uint64_t)l * nodes + n) * 32, NULL);
        if (cfg->layers == 1) s->tree_c[n] = rows[0];
        else cuzk_poseidon_hash(col, &s->tree_c[n], rows);
        cuzk_fr_add(&s->tree_r[n], &rows[cfg->layers - 1], &s->tree_d[n]);
    }
    if ((rc = cuzk_merkle_tree_build(s->tree_c, &sc, &s->poseidon, pool, err)) ||
        (rc = cuzk_merkle_tree_build(s->tree_r, &sc, &s->poseidon, pool, err)))
        goto fail;
    uint64_t root = cuzk_merkle_tree_nodes(&sc) - 1;
    cuzk_fr pair[2] = {s->tree_c[root], s->tree_r[root]}, cr;
    cuzk_poseidon_hash(cuzk_poseidon_set_get(&s->poseidon, 2), &cr, pair);
    cuzk_fr_to_bytes_le(s->comm_c, &pair[0]);
    cuzk_fr_to_bytes_le(s->comm_r_last, &pair[1]);
    cuzk_fr_to_bytes_le(s->comm_r, &cr);
    return 0;
fail:
    cuzk_porep_seal_free(s);
    return rc;
}

static void merkle_proof(cuzk_porep_merkle_proof *p, const cuzk_fr *tree, const cuzk_merkle_shape *sh, uint64_t index)
{
    memset(p, 0, sizeof *p);
    cuzk_fr sib[CUZK_POREP_MAX_PATH_HASHES];
    cuzk_merkle_tree_path(sib, tree, sh, index);
    uint32_t levels = cuzk_merkle_shape_levels(sh), h = 0;
    cuzk_fr_to_bytes_le(p->leaf, &tree[index]);
    cuzk_fr_to_bytes_le(p->root, &tree[cuzk_merkle_tree_nodes(sh) - 1]);
    p->base_levels = sh->base_levels;
    p->sub_levels = sh->sub_arity ? 1 : 0;
    p->top_levels = sh->top_arity ? 1 : 0;
    for (uint32_t l = 0; l < levels; l++) {
        uint32_t a = cuzk_merkle_shape_arity(sh, l);
        p->arity[l] = (uint8_t)a;
        p->index[l] = (uint8_t)(index % a);
        index /= a;
        for (uint32_t k = 0; k + 1 < a; k++, h++) cuzk_fr_to_bytes_le(p->hashes[h], &sib[h]);
    }
}

static void column_proof(cuzk_porep_column_proof *c, const cuzk_porep_seal *s, uint32_t node)
{
    cuzk_merkle_shape sc = shape_cr(&s->cfg);
    c->column.index = node;
    c->column.n_rows = s->cfg.layers;
    for (uint32_t l = 0; l < s->cfg.layers; l++)
        memcpy(c->column.rows[l], s->labels + ((uint64_t)l * s->cfg.nodes + node) * 32, 32);
    merkle_proof(&c->inclusion, s->tree_c, &sc, node);
}

int cuzk_porep_seal_prove_challenge(const cuzk_porep_seal *s, uint64_t challenge, cuzk_porep_challenge_proof *out,
                                    cuzk_err *err)
{
    if (!s || !out || challenge >= s->cfg.nodes)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep proof: challenge %llu", (unsigned long long)challenge);
    cuzk_merkle_shape sd = shape_d(&s->cfg), sc = shape_cr(&s->cfg);
    merkle_proof(&out->comm_d_proof, s->tree_d, &sd, challenge);
    merkle_proof(&out->comm_r_last_proof, s->tree_r, &sc, challenge);
    uint32_t par[CUZK_POREP_PARENTS];
    cuzk_porep_graph_parents(&s->graph, (uint32_t)challenge, par);
    column_proof(&out->c_x, s, (uint32_t)challenge);
    for (int k = 0; k < CUZK_POREP_DRG_PARENTS; k++) column_proof(&out->drg_parents[k], s, par[k]);
    for (int k = 0; k < CUZK_POREP_EXP_PARENTS; k++)
        column_proof(&out->exp_parents[k], s, par[CUZK_POREP_DRG_PARENTS + k]);
    out->n_labeling = s->cfg.layers;
    for (uint32_t l = 1; l <= s->cfg.layers; l++) {
        cuzk_porep_labeling_proof *lp = &out->labeling[l - 1];
        cuzk_porep_label_parents(lp->parents, s->labels, s->cfg.nodes, l, par);
        lp->layer_index = l;
        lp->node = challenge;
    }
    out->encoding = out->labeling[s->cfg.layers - 1];
    return 0;
}

int cuzk_porep_seal_commit(const cuzk_porep_seal *s, const uint8_t seed[32], const uint8_t ticket[32],
                           cuzk_porep_c1 *out, cuzk_err *err)
{
    if (!s || !seed || !ticket || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "porep commit: NULL argument");
    memset(out, 0, sizeof *out);
    const cuzk_porep_config *c = &s->cfg;
    out->seal_proof = c->seal_proof;
    memcpy(out->comm_r, s->comm_r, 32);
    memcpy(out->comm_d, s->comm_d, 32);
    memcpy(out->replica_id, s->replica_id, 32);
    memcpy(out->seed, seed, 32);
    memcpy(out->ticket, ticket, 32);
    out->partitions = c->partitions;
    out->challenges_per_partition = c->challenges_per_partition;
    out->proofs = cuzk_alloc_array((size_t)c->partitions * c->challenges_per_partition,
                                   sizeof(cuzk_porep_challenge_proof));
    if (!out->proofs) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "porep commit: vanilla proofs");
    for (uint32_t k = 0; k < c->partitions; k++) {
        uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
        int rc = cuzk_porep_challenges(ch, c, s->replica_id, s->comm_r, seed, k, err);
        for (uint32_t i = 0; !rc && i < c->challenges_per_partition; i++)
            rc = cuzk_porep_seal_prove_challenge(s, ch[i], &out->proofs[(size_t)k * c->challenges_per_partition + i],
                                                 err);
        if (rc) {
            cuzk_porep_c1_free(out);
            return rc;
        }
    }
    return 0;
}

int cuzk_porep_merkle_proof_verify(const cuzk_porep_merkle_proof *p, bool sha256, const cuzk_poseidon_set *poseidon,
                                   uint64_t *index_out, cuzk_err *err)
{
    uint32_t levels = p->base_levels + p->sub_levels + p->top_levels;
    if (levels == 0 || levels > CUZK_POREP_MAX_PATH_LEVELS || p->sub_levels > 1 || p->top_levels > 1)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "merkle proof: %u levels", levels);
    uint8_t base_arity = p->arity[0];
    cuzk_merkle_shape sh = {sha256 ? CUZK_MERKLE_SHA256 : CUZK_MERKLE_POSEIDON, base_arity, p->base_levels,
                            p->sub_levels ? p->arity[p->base_levels] : 0,
                            p->top_levels ? p->arity[p->base_levels + 1] : 0};
    cuzk_fr sib[CUZK_POREP_MAX_PATH_HASHES], leaf, root, want;
    uint64_t index = 0, mul = 1;
    uint32_t h = 0;
    for (uint32_t l = 0; l < levels; l++) {
        uint32_t a = cuzk_merkle_shape_arity(&sh, l);
        if (a != p->arity[l] || p->index[l] >= a || h + a - 1 > CUZK_POREP_MAX_PATH_HASHES)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "merkle proof: level %u arity %u index %u", l,
                                p->arity[l], p->index[l]);
        index += p->index[l] * mul;
        mul *= a;
        for (uint32_t k = 0; k + 1 < a; k++, h++)
            if (cuzk_fr_from_bytes_le(&sib[h], p->hashes[h], NULL))
                return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "merkle proof: hash %u", h);
    }
    if (cuzk_fr_from_bytes_le(&leaf, p->leaf, NULL) || cuzk_fr_from_bytes_le(&want, p->root, NULL))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "merkle proof: leaf or root");
    int rc = cuzk_merkle_root_from_path(&root, &sh, poseidon, &leaf, sib, index);
    if (rc) return cuzk_err_set(err, rc, "merkle proof: bad shape");
    if (index_out) *index_out = index;
    return cuzk_fr_eq(&root, &want) ? 0 : cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, "merkle proof: root mismatch");
}
