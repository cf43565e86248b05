/* Test helper: a native check of a (synthetic) C1 output, everything the
 * circuit checks but computed outside it, so that 32 GiB and 64 GiB outputs
 * can be checked in a unit test: challenges from replica_id and the seed,
 * replica_id from the sector's identity and comm_d, parents, every Merkle
 * path against comm_d / comm_c / comm_r_last, comm_r = Poseidon2(comm_c,
 * comm_r_last), column hashes, every layer's label from the labeling proof's
 * parents and those parents against the parent columns, and the encoding. */
#ifndef CUZK_TEST_SYNTH_CHECK_H
#define CUZK_TEST_SYNTH_CHECK_H

#include <string.h>
#include "cuzk/porep.h"
#include "cuzk/porep_synth.h"

/* Returns the number of mismatches found (0 = consistent); where names the
 * first one. */
static inline int synth_native_check(const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg,
                                     const cuzk_porep_synth_opts *o, char *where, size_t cap)
{
    int bad = 0;
#define SC_FAIL(...) do { if (!bad++) snprintf(where, cap, __VA_ARGS__); } while (0)
    cuzk_poseidon_set pos;
    uint32_t ar[5] = { 2, cfg->base_arity, cfg->layers, cfg->sub_arity ? cfg->sub_arity : 8,
                       cfg->top_arity ? cfg->top_arity : 2 };
    cuzk_porep_graph g;
    if (cuzk_poseidon_set_init(&pos, ar, 5, NULL) ||
        cuzk_porep_graph_init(&g, cfg->nodes, cfg->api_version, cfg->porep_id, NULL)) {
        snprintf(where, cap, "setup");
        return 1;
    }
    uint8_t rid[32];
    cuzk_porep_replica_id(rid, o->prover_id, o->sector_id, o->ticket, c1->comm_d, cfg->porep_id);
    if (memcmp(rid, c1->replica_id, 32)) SC_FAIL("replica_id");
    const uint8_t *comm_c = c1->proofs[0].c_x.inclusion.root, *comm_r_last = c1->proofs[0].comm_r_last_proof.root;
    cuzk_fr pair[2], cr;
    cuzk_fr_from_bytes_le(&pair[0], comm_c, NULL);
    cuzk_fr_from_bytes_le(&pair[1], comm_r_last, NULL);
    cuzk_poseidon_hash(cuzk_poseidon_set_get(&pos, 2), &cr, pair);
    uint8_t crb[32];
    cuzk_fr_to_bytes_le(crb, &cr);
    if (memcmp(crb, c1->comm_r, 32)) SC_FAIL("comm_r");
    const uint32_t L = cfg->layers;
    for (uint32_t k = 0; k < c1->partitions; k++) {
        uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
        if (cuzk_porep_challenges(ch, cfg, c1->replica_id, c1->comm_r, c1->seed, k, NULL)) SC_FAIL("challenges");
        for (uint32_t i = 0; i < c1->challenges_per_partition; i++) {
            const cuzk_porep_challenge_proof *p = &c1->proofs[(size_t)k * c1->challenges_per_partition + i];
            uint32_t par[CUZK_POREP_PARENTS];
            cuzk_porep_graph_parents(&g, (uint32_t)ch[i], par);
            const cuzk_porep_column_proof *cols[15];
            uint64_t want[15];
            cols[0] = &p->c_x, want[0] = ch[i];
            for (int j = 0; j < CUZK_POREP_DRG_PARENTS; j++) cols[1 + j] = &p->drg_parents[j], want[1 + j] = par[j];
            for (int j = 0; j < CUZK_POREP_EXP_PARENTS; j++)
                cols[7 + j] = &p->exp_parents[j], want[7 + j] = par[6 + j];
            uint64_t idx;
            if (cuzk_porep_merkle_proof_verify(&p->comm_d_proof, true, &pos, &idx, NULL) || idx != ch[i] ||
                memcmp(p->comm_d_proof.root, c1->comm_d, 32))
                SC_FAIL("partition %u challenge %u: tree D path", k, i);
            if (cuzk_porep_merkle_proof_verify(&p->comm_r_last_proof, false, &pos, &idx, NULL) || idx != ch[i] ||
                memcmp(p->comm_r_last_proof.root, comm_r_last, 32))
                SC_FAIL("partition %u challenge %u: tree R path", k, i);
            for (int j = 0; j < 15; j++) {
                const cuzk_porep_column_proof *c = cols[j];
                if (cuzk_porep_merkle_proof_verify(&c->inclusion, false, &pos, &idx, NULL) || idx != want[j] ||
                    c->column.index != want[j] || memcmp(c->inclusion.root, comm_c, 32) || c->column.n_rows != L)
                    SC_FAIL("partition %u challenge %u: column %d path", k, i, j);
                cuzk_fr rows[CUZK_POREP_MAX_LAYERS], leaf;
                for (uint32_t l = 0; l < L; l++) cuzk_fr_from_bytes_le(&rows[l], c->column.rows[l], NULL);
                if (L == 1) leaf = rows[0];
                else cuzk_poseidon_hash(cuzk_poseidon_set_get(&pos, L), &leaf, rows);
                uint8_t lb[32];
                cuzk_fr_to_bytes_le(lb, &leaf);
                if (memcmp(lb, c->inclusion.leaf, 32)) SC_FAIL("partition %u challenge %u: column %d hash", k, i, j);
            }
            if (p->n_labeling != L) SC_FAIL("labeling proofs");
            for (uint32_t layer = 1; layer <= L && layer <= p->n_labeling; layer++) {
                const cuzk_porep_labeling_proof *lp = &p->labeling[layer - 1];
                const unsigned n_par = layer > 1 ? CUZK_POREP_PARENTS : CUZK_POREP_DRG_PARENTS;
                for (unsigned j = 0; j < CUZK_POREP_LABEL_PARENTS; j++) {
                    const unsigned q = j % n_par;
                    const uint8_t *row = cols[1 + q]->column.rows[q < CUZK_POREP_DRG_PARENTS ? layer - 1 : layer - 2];
                    if (memcmp(lp->parents[j], row, 32))
                        SC_FAIL("partition %u challenge %u layer %u: parent %u", k, i, layer, j);
                }
                uint8_t lab[32];
                cuzk_porep_label_hash(lab, c1->replica_id, layer, ch[i], lp->parents);
                if (memcmp(lab, p->c_x.column.rows[layer - 1], 32) || lp->node != ch[i] || lp->layer_index != layer)
                    SC_FAIL("partition %u challenge %u layer %u: label", k, i, layer);
            }
            cuzk_fr last, d, r, leaf_r;
            cuzk_fr_from_bytes_le(&last, p->c_x.column.rows[L - 1], NULL);
            cuzk_fr_from_bytes_le(&d, p->comm_d_proof.leaf, NULL);
            cuzk_fr_from_bytes_le(&leaf_r, p->comm_r_last_proof.leaf, NULL);
            cuzk_fr_add(&r, &last, &d);
            if (!cuzk_fr_eq(&r, &leaf_r)) SC_FAIL("partition %u challenge %u: encoding", k, i);
            if (memcmp(&p->encoding, &p->labeling[L - 1], sizeof p->encoding))
                SC_FAIL("partition %u challenge %u: encoding proof", k, i);
        }
    }
#undef SC_FAIL
    cuzk_poseidon_set_free(&pos);
    return bad;
}

#endif
