/* cuzk_porep_c1_verify and cuzk_porep_c1_check_replica_id: a real seal's C1
 * output passes (2 KiB V1_1 and V1_0, and an 8-8-2 tree shape of 128 nodes
 * with 3 layers and 2 partitions); one changed byte anywhere the vanilla
 * proofs are bound (a label parent, a column row, a sibling of each tree, a
 * parent column's index, the seed, comm_r, a leaf, the encoding proof, a
 * challenge node) gives CUZK_ERR_PROOF_INVALID naming the partition and
 * challenge; and the replica_id matches only its own prover and sector. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "cuzk/porep.h"

static int seal(cuzk_porep_c1 *c1, const cuzk_porep_config *cfg, const uint8_t prover[32], uint64_t sector)
{
    uint8_t *data = calloc(cfg->nodes, 32);
    for (uint64_t i = 0; i < cfg->nodes * 32; i++) data[i] = (uint8_t)(i * 131 + 17);
    for (uint64_t n = 0; n < cfg->nodes; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t ticket[32] = {9, 8, 7}, seed[32] = {1, 2, 3, 4};
    cuzk_porep_seal s;
    cuzk_err err = {0};
    int rc = cuzk_porep_seal_init(&s, cfg, data, prover, sector, ticket, NULL, &err);
    if (!rc) {
        rc = cuzk_porep_seal_commit(&s, seed, ticket, c1, &err);
        cuzk_porep_seal_free(&s);
    }
    CHECK_MSG(rc == 0, "seal: %s", err.msg);
    free(data);
    return rc;
}

/* Flips one bit of *byte, checks the C1 output is refused with a message
 * containing want, restores it. */
static void expect_refused(const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg, uint8_t *byte, const char *want,
                           const char *what)
{
    cuzk_err err = {0};
    *byte ^= 1;
    int rc = cuzk_porep_c1_verify(c1, cfg, 0, c1->partitions, &err);
    *byte ^= 1;
    CHECK_MSG(rc == CUZK_ERR_PROOF_INVALID || rc == CUZK_ERR_NOT_CANONICAL, "%s: rc %d", what, rc);
    CHECK_MSG(strstr(err.msg, want) != NULL, "%s: message '%s' lacks '%s'", what, err.msg, want);
}

static void check_sealed(const cuzk_porep_config *cfg, const char *name)
{
    uint8_t prover[32] = {0xe8, 0x07};
    cuzk_porep_c1 c1;
    if (seal(&c1, cfg, prover, 42)) return;
    cuzk_err err = {0};
    CHECK_MSG(cuzk_porep_c1_verify(&c1, cfg, 0, c1.partitions, &err) == 0, "%s: %s", name, err.msg);
    CHECK(cuzk_porep_c1_check_replica_id(&c1, cfg, prover, 42, &err) == 0);
    CHECK(cuzk_porep_c1_check_replica_id(&c1, cfg, prover, 43, &err) == CUZK_ERR_PROOF_INVALID);
    uint8_t other[32] = {0xe9, 0x07};
    CHECK(cuzk_porep_c1_check_replica_id(&c1, cfg, other, 42, &err) == CUZK_ERR_PROOF_INVALID);

    /* the last challenge of the last partition */
    const uint32_t cpp = c1.challenges_per_partition, k = c1.partitions - 1, i = cpp - 1;
    cuzk_porep_challenge_proof *p = &c1.proofs[(size_t)k * cpp + i];
    char where[64];
    snprintf(where, sizeof where, "partition %u challenge %u", k, i);
    const uint32_t L = cfg->layers;
    expect_refused(&c1, cfg, &p->labeling[L - 1].parents[3][0], "labeling parent 3 differs", "label parent");
    expect_refused(&c1, cfg, &p->labeling[0].parents[0][5], where, "label parent (where)");
    expect_refused(&c1, cfg, &p->c_x.column.rows[L - 1][0], "rows do not hash to its leaf", "column row");
    expect_refused(&c1, cfg, &p->drg_parents[2].column.rows[0][0], "DRG parent 2", "parent row");
    expect_refused(&c1, cfg, &p->comm_r_last_proof.hashes[0][0], "comm_r_last path does not lead", "tree R sibling");
    const uint32_t nh = (p->comm_r_last_proof.base_levels) * 7;
    expect_refused(&c1, cfg, &p->comm_r_last_proof.hashes[nh - 1][2], "comm_r_last path", "tree R top sibling");
    expect_refused(&c1, cfg, &p->comm_d_proof.hashes[cfg->tree_d_levels - 1][0], "comm_d path", "tree D sibling");
    expect_refused(&c1, cfg, &p->exp_parents[7].inclusion.hashes[1][0], "expander parent 7", "tree C sibling");
    expect_refused(&c1, cfg, &p->comm_r_last_proof.leaf[0], "comm_r_last path", "replica leaf");
    expect_refused(&c1, cfg, &p->encoding.parents[5][0], "encoding proof differs", "encoding proof");
    uint8_t *idx = (uint8_t *)&p->exp_parents[0].column.index;
    expect_refused(&c1, cfg, idx, "expander parent 0 column is node", "parent index");
    uint8_t *node = (uint8_t *)&p->labeling[1 % L].node;
    expect_refused(&c1, cfg, node, L > 1 ? "labeling proof 1 is for" : "seed draws node", "labeling node");
    expect_refused(&c1, cfg, &c1.seed[0], "the seed draws node", "seed");
    expect_refused(&c1, cfg, &c1.comm_r[0], "partition 0 challenge 0: Poseidon(comm_c, comm_r_last) is not comm_r",
                   "comm_r");
    expect_refused(&c1, cfg, &c1.comm_d[3], "another root than the commitment", "comm_d");
    /* partitions out of range */
    CHECK(cuzk_porep_c1_verify(&c1, cfg, 0, c1.partitions + 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
    /* a config with another challenge count */
    cuzk_porep_config other_cfg = *cfg;
    other_cfg.challenges_per_partition++;
    CHECK(cuzk_porep_c1_verify(&c1, &other_cfg, 0, c1.partitions, &err) == CUZK_ERR_INVALID_ARGUMENT);
    printf("%s: %u partitions x %u challenges, sealed C1 output accepted, 15 tampered ones refused\n", name,
           c1.partitions, cpp);
    cuzk_porep_c1_free(&c1);
}

int main(void)
{
    cuzk_porep_config cfg;
    cuzk_err err = {0};
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_1, &err) == 0);
    check_sealed(&cfg, "2KiB V1_1");
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1, &err) == 0);
    check_sealed(&cfg, "2KiB V1");
    uint8_t id[32];
    memset(id, 5, 32);
    CHECK(cuzk_porep_config_custom(&cfg, 128, 3, 8, 2, CUZK_POREP_API_V1_1_0, 0, id, 2, 3, &err) == 0);
    check_sealed(&cfg, "128 nodes 8-8-2, 3 layers");
    return test_finish("test_porep_c1_verify");
}
