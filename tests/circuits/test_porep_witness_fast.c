/* The fast PoRep witness generator against the generic synthesis on a real
 * 2 KiB seal made in-process: every partition's inputs, aux, A·z, B·z, C·z
 * and densities equal byte for byte, on one thread and on a pool; bad C1
 * data is refused as the generic circuit refuses it; the vectors follow the
 * C1 (another seed gives other aux values). The 8 MiB case is
 * test_porep_witness_fast_slow. */
#include "wgen_check.h"

static int check_partition(const cuzk_porep_wgen *g, const cuzk_porep_config *cfg, const cuzk_porep_c1 *c1,
                           uint32_t partition, cuzk_pool *pool, wgen_bufs *wb)
{
    cuzk_witness gen, fast;
    cuzk_cs *cs = wgen_generic(cfg, c1, partition, &gen);
    if (!cs) return -1;
    cuzk_err err = { 0 };
    memset(wb->mem, 0xa5, (gen.num_inputs + gen.num_aux + 3 * gen.num_constraints) * sizeof(cuzk_fr));
    int rc = cuzk_porep_wgen_fill(g, c1, partition, &wb->b, pool, &err);
    CHECK_MSG(rc == 0, "fill: %s", err.msg);
    int bad = 8;
    if (!rc) {
        cuzk_porep_wgen_witness(g, &wb->b, &fast);
        bad = wgen_compare(g, &fast, &gen);
    }
    cuzk_cs_free(cs);
    return bad;
}

int main(void)
{
    cuzk_porep_config cfg;
    cuzk_err err = { 0 };
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_1, &err) == 0);
    uint8_t *data = malloc(cfg.nodes * 32);
    for (uint64_t i = 0; i < cfg.nodes * 32; i++) data[i] = (uint8_t)(i * 29 + 7);
    for (uint64_t n = 0; n < cfg.nodes; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t prover[32] = { 5 }, ticket[32] = { 6 }, seed[32] = { 7 }, seed2[32] = { 8 };
    cuzk_porep_seal s;
    if (cuzk_porep_seal_init(&s, &cfg, data, prover, 3, ticket, NULL, &err)) {
        CHECK_MSG(0, "seal: %s", err.msg);
        free(data);
        return test_finish("test_porep_witness_fast");
    }
    cuzk_porep_c1 c1, c1b;
    CHECK_MSG(cuzk_porep_seal_commit(&s, seed, ticket, &c1, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_porep_seal_commit(&s, seed2, ticket, &c1b, &err) == 0, "%s", err.msg);

    cuzk_porep_wgen *g = NULL;
    CHECK_MSG(cuzk_porep_wgen_new(&g, &cfg, NULL, &err) == 0, "%s", err.msg);
    if (g) {
        cuzk_porep_wgen_shape sh;
        cuzk_porep_wgen_get_shape(g, &sh);
        /* 2 KiB: the circuit shape of bench/results (constraint_counts.json) */
        CHECK_MSG(sh.challenges == cfg.challenges_per_partition &&
                      sh.inputs == 1 + cuzk_porep_public_input_count(&cfg) &&
                      sh.constraints == sh.prefix_constraints + sh.challenges * sh.block_constraints + sh.inputs,
                  "inputs %llu constraints %llu", (unsigned long long)sh.inputs, (unsigned long long)sh.constraints);
        wgen_bufs wb;
        CHECK(wgen_bufs_alloc(&wb, g) == 0);
        cuzk_pool *pool = cuzk_pool_create(2);
        for (uint32_t k = 0; k < c1.partitions; k++) {
            CHECK_MSG(check_partition(g, &cfg, &c1, k, NULL, &wb) == 0, "partition %u, one thread", k);
            CHECK_MSG(check_partition(g, &cfg, &c1, k, pool, &wb) == 0, "partition %u, pool", k);
        }
        CHECK(check_partition(g, &cfg, &c1b, 0, pool, &wb) == 0);

        /* the vectors follow the C1: another seed, other challenges, other aux */
        cuzk_fr *aux1 = malloc(sh.aux * sizeof *aux1);
        CHECK(cuzk_porep_wgen_fill(g, &c1, 0, &wb.b, pool, &err) == 0);
        memcpy(aux1, wb.b.aux, sh.aux * sizeof *aux1);
        CHECK(cuzk_porep_wgen_fill(g, &c1b, 0, &wb.b, pool, &err) == 0);
        CHECK(memcmp(aux1, wb.b.aux, sh.aux * sizeof *aux1) != 0);
        free(aux1);

        /* bad input: the generic circuit's errors */
        CHECK(cuzk_porep_wgen_fill(g, &c1, c1.partitions, &wb.b, pool, &err) == CUZK_ERR_INVALID_ARGUMENT);
        cuzk_porep_challenge_proof keep = c1.proofs[0];
        memset(c1.proofs[0].comm_d_proof.hashes[0], 0xff, 32);
        err.msg[0] = 0;
        CHECK(cuzk_porep_wgen_fill(g, &c1, 0, &wb.b, pool, &err) == CUZK_ERR_NOT_CANONICAL);
        CHECK_MSG(strstr(err.msg, "tree-D") != NULL, "%s", err.msg);
        c1.proofs[0] = keep;
        c1.proofs[0].drg_parents[2].column.n_rows = 1;
        CHECK(cuzk_porep_wgen_fill(g, &c1, 0, &wb.b, pool, &err) == CUZK_ERR_INVALID_ARGUMENT);
        c1.proofs[0] = keep;
        CHECK(cuzk_porep_wgen_fill(g, NULL, 0, &wb.b, pool, &err) == CUZK_ERR_INVALID_ARGUMENT);
        /* a C1 of another sector size */
        cuzk_porep_config c8;
        CHECK(cuzk_porep_config_init(&c8, CUZK_SEAL_8MIB_V1_1, NULL) == 0);
        cuzk_porep_c1 other = c1;
        other.seal_proof = CUZK_SEAL_8MIB_V1_1;
        other.partitions = c8.partitions;
        other.challenges_per_partition = c8.challenges_per_partition;
        CHECK(cuzk_porep_wgen_fill(g, &other, 0, &wb.b, pool, &err) == CUZK_ERR_INVALID_ARGUMENT);

        /* the debugging aid names the gadget of an aux index */
        char what[256];
        cuzk_porep_wgen_describe(g, sh.prefix_aux + sh.block_aux + 1, what, sizeof what);
        CHECK_MSG(strstr(what, "challenge 1 +1: tree-D inclusion level 0") != NULL, "%s", what);
        cuzk_porep_wgen_describe(g, 0, what, sizeof what);
        CHECK_MSG(strstr(what, "prefix +0: replica_id") != NULL, "%s", what);

        cuzk_pool_destroy(pool);
        free(wb.mem);
    }
    cuzk_porep_wgen_free(g);
    CHECK(cuzk_porep_wgen_new(&g, NULL, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_porep_c1_free(&c1);
    cuzk_porep_c1_free(&c1b);
    cuzk_porep_seal_free(&s);
    free(data);
    return test_finish("test_porep_witness_fast");
}
