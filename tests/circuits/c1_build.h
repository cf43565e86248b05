/* Test helper: random C1 outputs shaped by a registered proof's config
 * (test_c1, test_c1_slow, the C1 fuzzer's seeds). */
#ifndef CUZK_TEST_C1_BUILD_H
#define CUZK_TEST_C1_BUILD_H

#include <stdint.h>
#include <string.h>

#include "cuzk/porep.h"

static inline void rand_domain(cuzk_rng *r, uint8_t d[32])
{
    for (int i = 0; i < 32; i += 8) {
        uint64_t v = cuzk_rng_u64(r);
        memcpy(d + i, &v, 8);
    }
    d[31] &= 0x3f; /* < r */
}

static inline void build_merkle(cuzk_rng *r, cuzk_porep_merkle_proof *mp, const cuzk_porep_config *g, int tree_d)
{
    memset(mp, 0, sizeof *mp);
    rand_domain(r, mp->root);
    rand_domain(r, mp->leaf);
    if (tree_d) {
        mp->base_levels = g->tree_d_levels;
        for (uint32_t i = 0; i < mp->base_levels; i++) mp->arity[i] = 2;
    } else {
        mp->base_levels = g->base_levels;
        mp->sub_levels = g->sub_arity ? 1 : 0;
        mp->top_levels = g->top_arity ? 1 : 0;
        for (uint32_t i = 0; i < mp->base_levels; i++) mp->arity[i] = 8;
        if (g->sub_arity) mp->arity[mp->base_levels] = (uint8_t)g->sub_arity;
        if (g->top_arity) mp->arity[mp->base_levels + 1] = (uint8_t)g->top_arity;
    }
    uint32_t h = 0;
    for (uint32_t l = 0; l < mp->base_levels + mp->sub_levels + mp->top_levels; l++) {
        mp->index[l] = (uint8_t)(cuzk_rng_u64(r) % mp->arity[l]);
        for (uint32_t k = 0; k + 1 < mp->arity[l]; k++) rand_domain(r, mp->hashes[h++]);
    }
}

static inline void build_column(cuzk_rng *r, cuzk_porep_column_proof *cp, const cuzk_porep_config *g)
{
    memset(cp, 0, sizeof *cp);
    cp->column.index = (uint32_t)(cuzk_rng_u64(r) % g->nodes);
    cp->column.n_rows = g->layers;
    for (uint32_t i = 0; i < g->layers; i++) rand_domain(r, cp->column.rows[i]);
    build_merkle(r, &cp->inclusion, g, 0);
}

static inline void build_label(cuzk_rng *r, cuzk_porep_labeling_proof *lp, uint32_t layer, uint64_t node)
{
    for (int i = 0; i < CUZK_POREP_LABEL_PARENTS; i++) rand_domain(r, lp->parents[i]);
    lp->layer_index = layer;
    lp->node = node;
}

/* A random C1 of the given registered proof, shaped as its config says. */
static inline int build_c1(cuzk_porep_c1 *c1, cuzk_seal_proof sp, uint64_t seed)
{
    cuzk_porep_config g;
    if (cuzk_porep_config_init(&g, sp, NULL)) return -1;
    cuzk_rng r;
    cuzk_rng_seed(&r, seed);
    memset(c1, 0, sizeof *c1);
    c1->seal_proof = (int32_t)sp;
    c1->partitions = g.partitions;
    c1->challenges_per_partition = g.challenges_per_partition;
    size_t n = (size_t)g.partitions * g.challenges_per_partition;
    c1->proofs = cuzk_alloc_array(n, sizeof *c1->proofs);
    if (!c1->proofs) return -1;
    memset(c1->proofs, 0, n * sizeof *c1->proofs);
    for (size_t i = 0; i < n; i++) {
        cuzk_porep_challenge_proof *cp = &c1->proofs[i];
        uint64_t node = cuzk_rng_u64(&r) % g.nodes;
        build_merkle(&r, &cp->comm_d_proof, &g, 1);
        build_merkle(&r, &cp->comm_r_last_proof, &g, 0);
        build_column(&r, &cp->c_x, &g);
        for (int k = 0; k < CUZK_POREP_DRG_PARENTS; k++) build_column(&r, &cp->drg_parents[k], &g);
        for (int k = 0; k < CUZK_POREP_EXP_PARENTS; k++) build_column(&r, &cp->exp_parents[k], &g);
        cp->n_labeling = g.layers;
        for (uint32_t l = 0; l < g.layers; l++) build_label(&r, &cp->labeling[l], l + 1, node);
        cp->encoding = cp->labeling[g.layers - 1];
    }
    rand_domain(&r, c1->comm_r);
    rand_domain(&r, c1->comm_d);
    rand_domain(&r, c1->replica_id);
    rand_domain(&r, c1->seed);
    c1->seed[31] = 0xff; /* seed and ticket are raw bytes: no r bound */
    rand_domain(&r, c1->ticket);
    c1->ticket[31] = 0xfe;
    return 0;
}

static inline int c1_equal(const cuzk_porep_c1 *a, const cuzk_porep_c1 *b)
{
    if (a->seal_proof != b->seal_proof || a->partitions != b->partitions ||
        a->challenges_per_partition != b->challenges_per_partition || memcmp(a->comm_r, b->comm_r, 32) ||
        memcmp(a->comm_d, b->comm_d, 32) || memcmp(a->replica_id, b->replica_id, 32) ||
        memcmp(a->seed, b->seed, 32) || memcmp(a->ticket, b->ticket, 32))
        return 0;
    size_t n = (size_t)a->partitions * a->challenges_per_partition;
    return memcmp(a->proofs, b->proofs, n * sizeof *a->proofs) == 0;
}

#endif
