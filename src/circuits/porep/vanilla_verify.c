/* Checks of a C1 output's vanilla proofs before proving (what StackedDrg's
 * vanilla verifier holds a partition to): the challenges are the ones the
 * seed draws, every Merkle path leads to its commitment, comm_r is
 * Poseidon2(comm_c, comm_r_last), parent columns are the graph's parents,
 * labels hash from the parents' rows, and the replica node is label + data.
 * A C1 output that fails here can only give a proof that does not verify,
 * so the prover refuses it with an error naming the first failed check. */
#include <string.h>
#include <stdio.h>
#include "circuits/porep/porep_impl.h"

#define BAD(...) cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, __VA_ARGS__)

/* A path's own consistency, its root and its leaf index. */
static int check_path(const cuzk_porep_merkle_proof *p, bool sha256, const cuzk_poseidon_set *pos,
                      const uint8_t root[32], uint64_t index, const char *where, const char *what, cuzk_err *err)
{
    uint64_t got = 0;
    cuzk_err e = { 0 };
    int rc = cuzk_porep_merkle_proof_verify(p, sha256, pos, &got, &e);
    if (rc == CUZK_ERR_PROOF_INVALID) return BAD("%s: the %s path does not lead to its root", where, what);
    if (rc) return cuzk_err_set(err, rc, "%s: the %s path: %s", where, what, e.msg);
    if (memcmp(p->root, root, 32)) return BAD("%s: the %s path has another root than the commitment", where, what);
    if (got != index)
        return BAD("%s: the %s path is for node %llu, not %llu", where, what, (unsigned long long)got,
                   (unsigned long long)index);
    return 0;
}

/* A column's rows hash to its tree-C leaf, and its path leads to comm_c. */
static int check_column(const cuzk_porep_column_proof *c, const cuzk_porep_config *cfg, const cuzk_poseidon_set *pos,
                        const uint8_t comm_c[32], uint64_t node, const char *where, const char *what, cuzk_err *err)
{
    if (c->column.index != node || c->column.n_rows != cfg->layers)
        return BAD("%s: the %s column is node %u with %u rows, want node %llu with %u", where, what, c->column.index,
                   c->column.n_rows, (unsigned long long)node, cfg->layers);
    cuzk_fr rows[CUZK_POREP_MAX_LAYERS], h;
    for (uint32_t l = 0; l < cfg->layers; l++)
        if (cuzk_fr_from_bytes_le(&rows[l], c->column.rows[l], NULL))
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "%s: the %s column: row %u is not < r", where, what, l);
    if (cfg->layers == 1) h = rows[0];
    else cuzk_poseidon_hash(cuzk_poseidon_set_get(pos, cfg->layers), &h, rows);
    uint8_t hb[32];
    cuzk_fr_to_bytes_le(hb, &h);
    if (memcmp(hb, c->inclusion.leaf, 32)) return BAD("%s: the %s column's rows do not hash to its leaf", where, what);
    return check_path(&c->inclusion, false, pos, comm_c, node, where, what, err);
}

static int check_challenge(const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg, const cuzk_porep_graph *g,
                           const cuzk_poseidon_set *pos, const cuzk_porep_challenge_proof *p, uint64_t ch,
                           const char *where, cuzk_err *err)
{
    const uint8_t *comm_c = p->c_x.inclusion.root, *comm_r_last = p->comm_r_last_proof.root;
    int rc;
    if ((rc = check_path(&p->comm_d_proof, true, pos, c1->comm_d, ch, where, "comm_d", err)) ||
        (rc = check_path(&p->comm_r_last_proof, false, pos, comm_r_last, ch, where, "comm_r_last", err)) ||
        (rc = check_column(&p->c_x, cfg, pos, comm_c, ch, where, "challenge's", err)))
        return rc;
    /* comm_r = Poseidon2(comm_c, comm_r_last) */
    cuzk_fr pair[2], cr;
    uint8_t crb[32];
    if (cuzk_fr_from_bytes_le(&pair[0], comm_c, NULL) || cuzk_fr_from_bytes_le(&pair[1], comm_r_last, NULL))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "%s: comm_c or comm_r_last is not < r", where);
    cuzk_poseidon_hash(cuzk_poseidon_set_get(pos, 2), &cr, pair);
    cuzk_fr_to_bytes_le(crb, &cr);
    if (memcmp(crb, c1->comm_r, 32)) return BAD("%s: Poseidon(comm_c, comm_r_last) is not comm_r", where);

    uint32_t par[CUZK_POREP_PARENTS];
    cuzk_porep_graph_parents(g, (uint32_t)ch, par);
    char what[32];
    for (int k = 0; k < CUZK_POREP_PARENTS; k++) {
        const cuzk_porep_column_proof *c =
            k < CUZK_POREP_DRG_PARENTS ? &p->drg_parents[k] : &p->exp_parents[k - CUZK_POREP_DRG_PARENTS];
        snprintf(what, sizeof what, k < CUZK_POREP_DRG_PARENTS ? "DRG parent %d" : "expander parent %d",
                 k < CUZK_POREP_DRG_PARENTS ? k : k - CUZK_POREP_DRG_PARENTS);
        if ((rc = check_column(c, cfg, pos, comm_c, par[k], where, what, err))) return rc;
    }

    /* labels: each layer's label of the challenge from the parents' rows */
    if (p->n_labeling != cfg->layers) return BAD("%s: %u labeling proofs, want %u", where, p->n_labeling, cfg->layers);
    for (uint32_t l = 1; l <= cfg->layers; l++) {
        const cuzk_porep_labeling_proof *lp = &p->labeling[l - 1];
        if (lp->layer_index != l || lp->node != ch)
            return BAD("%s: labeling proof %u is for layer %u node %llu, want layer %u node %llu", where, l - 1,
                       lp->layer_index, (unsigned long long)lp->node, l, (unsigned long long)ch);
        const unsigned n_par = l > 1 ? CUZK_POREP_PARENTS : CUZK_POREP_DRG_PARENTS;
        for (unsigned i = 0; i < CUZK_POREP_LABEL_PARENTS && ch != 0; i++) {
            const unsigned k = i % n_par;
            const uint8_t *row = k < CUZK_POREP_DRG_PARENTS
                                     ? p->drg_parents[k].column.rows[l - 1]
                                     : p->exp_parents[k - CUZK_POREP_DRG_PARENTS].column.rows[l - 2];
            if (memcmp(lp->parents[i], row, 32))
                return BAD("%s: layer %u: labeling parent %u differs from the parent column's label", where, l, i);
        }
        uint8_t label[32];
        cuzk_porep_label_hash(label, c1->replica_id, l, ch, lp->parents);
        if (memcmp(label, p->c_x.column.rows[l - 1], 32))
            return BAD("%s: layer %u: the label does not hash from its parents", where, l);
    }
    const cuzk_porep_labeling_proof *last = &p->labeling[cfg->layers - 1];
    if (p->encoding.layer_index != last->layer_index || p->encoding.node != ch ||
        memcmp(p->encoding.parents, last->parents, sizeof last->parents))
        return BAD("%s: the encoding proof differs from the last layer's labeling proof", where);
    /* replica node = last label + data node */
    cuzk_fr key, data, rep;
    uint8_t rb[32];
    cuzk_fr_from_bytes_le(&key, p->c_x.column.rows[cfg->layers - 1], NULL);
    if (cuzk_fr_from_bytes_le(&data, p->comm_d_proof.leaf, NULL))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "%s: the data node is not < r", where);
    cuzk_fr_add(&rep, &key, &data);
    cuzk_fr_to_bytes_le(rb, &rep);
    if (memcmp(rb, p->comm_r_last_proof.leaf, 32))
        return BAD("%s: the replica node is not the last label plus the data node", where);
    return 0;
}

int cuzk_porep_c1_verify(const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg, uint32_t first, uint32_t end,
                         cuzk_err *err)
{
    if (!c1 || !cfg || !c1->proofs || first > end || end > c1->partitions)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1 check: bad arguments");
    if (c1->challenges_per_partition != cfg->challenges_per_partition || c1->partitions != cfg->partitions)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1 check: %u x %u challenges, the proof has %u x %u",
                            c1->partitions, c1->challenges_per_partition, cfg->partitions,
                            cfg->challenges_per_partition);
    cuzk_porep_graph g;
    cuzk_poseidon_set pos;
    uint32_t ar[5] = { 2, 8, cfg->layers, cfg->sub_arity ? cfg->sub_arity : 8, cfg->top_arity ? cfg->top_arity : 2 };
    int rc = cuzk_porep_graph_init(&g, cfg->nodes, cfg->api_version, cfg->porep_id, err);
    if (rc || (rc = cuzk_poseidon_set_init(&pos, ar, 5, err))) return rc;
    for (uint32_t k = first; k < end && !rc; k++) {
        uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
        rc = cuzk_porep_challenges(ch, cfg, c1->replica_id, c1->comm_r, c1->seed, k, err);
        for (uint32_t i = 0; i < cfg->challenges_per_partition && !rc; i++) {
            const cuzk_porep_challenge_proof *p = &c1->proofs[(size_t)k * cfg->challenges_per_partition + i];
            char where[64];
            snprintf(where, sizeof where, "c1: partition %u challenge %u", k, i);
            if (p->labeling[0].node != ch[i])
                rc = BAD("%s: proves node %llu, but the seed draws node %llu (wrong seed, replica_id or comm_r?)",
                         where, (unsigned long long)p->labeling[0].node, (unsigned long long)ch[i]);
            else
                rc = check_challenge(c1, cfg, &g, &pos, p, ch[i], where, err);
        }
    }
    cuzk_poseidon_set_free(&pos);
    return rc;
}

int cuzk_porep_c1_check_replica_id(const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg,
                                   const uint8_t prover_id[32], uint64_t sector_id, cuzk_err *err)
{
    uint8_t rid[32];
    cuzk_porep_replica_id(rid, prover_id, sector_id, c1->ticket, c1->comm_d, cfg->porep_id);
    if (memcmp(rid, c1->replica_id, 32))
        return BAD("c1: replica_id is not the one of this prover and sector %llu (wrong --miner-id or --sector-id, "
                   "or another ticket or comm_d)", (unsigned long long)sector_id);
    return 0;
}
