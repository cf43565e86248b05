/* A 2 KiB (8-0-0) and 4 KiB (8-2-0, 8-8-2) seal: the empty-sector comm_d KAT,
 * every vanilla proof of the C1 output checked against the seal (Merkle
 * paths, columns, labels recomputed from labeling proofs, replica = label +
 * data, comm_r = Poseidon2(comm_c, comm_r_last)), and tampering rejected. */
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"

static void check_proof(const cuzk_porep_seal *s, const cuzk_porep_challenge_proof *p, uint64_t ch)
{
    uint64_t idx = 0;
    int ok = 1;
    ok &= cuzk_porep_merkle_proof_verify(&p->comm_d_proof, true, NULL, &idx, NULL) == 0 && idx == ch;
    ok &= memcmp(p->comm_d_proof.root, s->comm_d, 32) == 0;
    ok &= cuzk_porep_merkle_proof_verify(&p->comm_r_last_proof, false, &s->poseidon, &idx, NULL) == 0 && idx == ch;
    ok &= memcmp(p->comm_r_last_proof.root, s->comm_r_last, 32) == 0;
    /* replica = last label + data */
    cuzk_fr l, d, r, want;
    cuzk_fr_from_bytes_le(&l, p->c_x.column.rows[s->cfg.layers - 1], NULL);
    cuzk_fr_from_bytes_le(&d, p->comm_d_proof.leaf, NULL);
    cuzk_fr_from_bytes_le(&want, p->comm_r_last_proof.leaf, NULL);
    cuzk_fr_add(&r, &l, &d);
    ok &= cuzk_fr_eq(&r, &want);
    uint32_t par[CUZK_POREP_PARENTS];
    cuzk_porep_graph_parents(&s->graph, (uint32_t)ch, par);
    const cuzk_porep_column_proof *cols[15] = {&p->c_x};
    for (int k = 0; k < 6; k++) cols[1 + k] = &p->drg_parents[k];
    for (int k = 0; k < 8; k++) cols[7 + k] = &p->exp_parents[k];
    for (int k = 0; k < 15; k++) {
        uint32_t node = k == 0 ? (uint32_t)ch : par[k - 1];
        ok &= cols[k]->column.index == node && cols[k]->column.n_rows == s->cfg.layers;
        ok &= cuzk_porep_merkle_proof_verify(&cols[k]->inclusion, false, &s->poseidon, &idx, NULL) == 0 && idx == node;
        ok &= memcmp(cols[k]->inclusion.root, s->comm_c, 32) == 0;
        /* leaf = Poseidon_layers(rows) */
        cuzk_fr rows[CUZK_POREP_MAX_LAYERS], h, leaf;
        for (uint32_t i = 0; i < s->cfg.layers; i++) cuzk_fr_from_bytes_le(&rows[i], cols[k]->column.rows[i], NULL);
        cuzk_poseidon_hash(cuzk_poseidon_set_get(&s->poseidon, s->cfg.layers), &h, rows);
        cuzk_fr_from_bytes_le(&leaf, cols[k]->inclusion.leaf, NULL);
        ok &= cuzk_fr_eq(&h, &leaf);
    }
    /* Each labeling proof re-hashes to the challenge's label of its layer. */
    ok &= p->n_labeling == s->cfg.layers;
    for (uint32_t layer = 1; layer <= s->cfg.layers; layer++) {
        const cuzk_porep_labeling_proof *lp = &p->labeling[layer - 1];
        uint8_t lab[32];
        cuzk_porep_label_hash(lab, s->replica_id, lp->layer_index, lp->node, lp->parents);
        ok &= lp->layer_index == layer && lp->node == ch && memcmp(lab, p->c_x.column.rows[layer - 1], 32) == 0;
        /* Its first parents are the DRG parents' rows of this layer. */
        ok &= memcmp(lp->parents[1], p->drg_parents[1].column.rows[layer - 1], 32) == 0;
        if (layer > 1) ok &= memcmp(lp->parents[6], p->exp_parents[0].column.rows[layer - 2], 32) == 0;
    }
    ok &= memcmp(&p->encoding, &p->labeling[s->cfg.layers - 1], sizeof p->encoding) == 0;
    CHECK_MSG(ok, "challenge %llu", (unsigned long long)ch);
}

static void seal_case(const cuzk_porep_config *cfg, const uint8_t *data)
{
    uint8_t prover[32] = {7}, ticket[32] = {9}, seed[32] = {11};
    cuzk_porep_seal s;
    cuzk_err err = {0};
    CHECK_MSG(cuzk_porep_seal_init(&s, cfg, data, prover, 42, ticket, NULL, &err) == 0, "%s", err.msg);
    uint8_t rid[32];
    cuzk_porep_replica_id(rid, prover, 42, ticket, s.comm_d, cfg->porep_id);
    CHECK_MEM(rid, s.replica_id, 32);
    /* comm_r = Poseidon2(comm_c, comm_r_last) */
    cuzk_fr pair[2], cr, want;
    cuzk_fr_from_bytes_le(&pair[0], s.comm_c, NULL);
    cuzk_fr_from_bytes_le(&pair[1], s.comm_r_last, NULL);
    cuzk_poseidon_hash(cuzk_poseidon_set_get(&s.poseidon, 2), &cr, pair);
    cuzk_fr_from_bytes_le(&want, s.comm_r, NULL);
    CHECK(cuzk_fr_eq(&cr, &want));
    cuzk_porep_c1 c1;
    CHECK_MSG(cuzk_porep_seal_commit(&s, seed, ticket, &c1, &err) == 0, "%s", err.msg);
    CHECK(c1.partitions == cfg->partitions && c1.challenges_per_partition == cfg->challenges_per_partition);
    for (uint32_t k = 0; k < c1.partitions; k++) {
        uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
        CHECK(cuzk_porep_challenges(ch, cfg, s.replica_id, s.comm_r, seed, k, NULL) == 0);
        for (uint32_t i = 0; i < c1.challenges_per_partition; i++)
            check_proof(&s, &c1.proofs[k * c1.challenges_per_partition + i], ch[i]);
        /* The public inputs from the C1 level agree with those from the seal. */
        size_t n = cuzk_porep_public_input_count(cfg);
        cuzk_fr *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
        CHECK(cuzk_porep_public_inputs_c1(a, cfg, prover, 42, ticket, seed, s.comm_d, s.comm_r, k, NULL) == 0);
        CHECK(cuzk_porep_public_inputs(b, &s.graph, s.replica_id, s.comm_d, s.comm_r, ch,
                                       cfg->challenges_per_partition, NULL) == 0);
        CHECK_MEM(a, b, n * sizeof *a);
        free(a);
        free(b);
    }
    /* Tampering: a sibling, the leaf, a path index. */
    cuzk_porep_challenge_proof t = c1.proofs[0];
    t.comm_r_last_proof.hashes[3][0] ^= 1;
    CHECK(cuzk_porep_merkle_proof_verify(&t.comm_r_last_proof, false, &s.poseidon, NULL, NULL) == CUZK_ERR_PROOF_INVALID);
    t = c1.proofs[0];
    t.comm_d_proof.leaf[0] ^= 1;
    CHECK(cuzk_porep_merkle_proof_verify(&t.comm_d_proof, true, NULL, NULL, NULL) == CUZK_ERR_PROOF_INVALID);
    t = c1.proofs[0];
    t.c_x.inclusion.index[0] = (uint8_t)((t.c_x.inclusion.index[0] + 1) % 8);
    CHECK(cuzk_porep_merkle_proof_verify(&t.c_x.inclusion, false, &s.poseidon, NULL, NULL) == CUZK_ERR_PROOF_INVALID);
    t.c_x.inclusion.index[0] = 9;
    CHECK(cuzk_porep_merkle_proof_verify(&t.c_x.inclusion, false, &s.poseidon, NULL, NULL) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_porep_c1_free(&c1);
    cuzk_porep_seal_free(&s);
}

int main(void)
{
    cuzk_porep_config cfg;
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
    /* Empty sector: comm_d KAT. */
    uint8_t *data = calloc(128 * 32, 1), comm_d[32], want[32];
    cuzk_fr *tree = calloc(255, sizeof *tree);
    CHECK(cuzk_porep_tree_d_build(tree, comm_d, data, &cfg, NULL, NULL) == 0);
    test_unhex(want, 32, "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833");
    CHECK_MEM(comm_d, want, 32);
    cuzk_porep_config c128;
    uint8_t id[32] = {5};
    CHECK(cuzk_porep_config_custom(&c128, 4, 2, 0, 0, CUZK_POREP_API_V1_1_0, 0, id, 1, 1, NULL) != 0); /* 4 is not 8^k */
    free(tree);

    /* Sealed data: pseudo-random Fr32 nodes. */
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 1);
    for (int i = 0; i < 128 * 32; i++) data[i] = (uint8_t)cuzk_rng_u64(&rng);
    for (int n = 0; n < 128; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t bad[64 * 32];
    memcpy(bad, data, sizeof bad);
    bad[5 * 32 + 31] = 0xff;
    cuzk_porep_seal s;
    CHECK(cuzk_porep_seal_init(&s, &cfg, bad, id, 1, id, NULL, NULL) == CUZK_ERR_NOT_CANONICAL);

    seal_case(&cfg, data);                                   /* 2 KiB V1_1, 8-0-0, 2 layers */
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1, NULL) == 0);
    seal_case(&cfg, data);                                   /* legacy graph */
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_1_SYNTH, NULL) == 0);
    seal_case(&cfg, data);
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_2_NI, NULL) == 0);
    seal_case(&cfg, data);                                   /* 13 partitions */
    CHECK(cuzk_porep_config_custom(&cfg, 128, 11, 2, 0, CUZK_POREP_API_V1_1_0, 0, id, 1, 3, NULL) == 0);
    seal_case(&cfg, data);                                   /* 4 KiB 8-2-0, 11 layers */
    CHECK(cuzk_porep_config_custom(&cfg, 128, 2, 8, 2, CUZK_POREP_API_V1_1_0, 0, id, 2, 2, NULL) == 0);
    seal_case(&cfg, data);                                   /* 4 KiB 8-8-2 */
    free(data);
    return test_finish("test_porep_seal");
}
