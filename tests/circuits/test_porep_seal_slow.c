/* An 8 MiB V1_1 seal (2^18 nodes, 2 layers, 8-0-0) timed phase by phase, with
 * its C1 proofs checked for their roots; 512 MiB is left to a bench. */
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"

int main(void)
{
    cuzk_porep_config cfg;
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_8MIB_V1_1, NULL) == 0);
    uint8_t *data = calloc(cfg.nodes, 32), prover[32] = {1}, ticket[32] = {2}, seed[32] = {3};
    for (uint64_t n = 0; n < cfg.nodes; n++) data[n * 32] = (uint8_t)n;
    cuzk_pool *pool = cuzk_pool_create(0);
    cuzk_porep_graph g;
    CHECK(cuzk_porep_graph_init(&g, cfg.nodes, cfg.api_version, cfg.porep_id, NULL) == 0);
    uint32_t *cache = malloc(cfg.nodes * CUZK_POREP_PARENTS * 4);
    uint64_t t0 = cuzk_now_ns();
    CHECK(cuzk_porep_graph_parent_cache(&g, cache, pool, NULL) == 0);
    uint64_t t1 = cuzk_now_ns();
    uint8_t *labels = malloc(cfg.nodes * 32 * cfg.layers);
    CHECK(cuzk_porep_labels(labels, &g, cache, cfg.layers, prover, NULL) == 0);
    uint64_t t2 = cuzk_now_ns();
    cuzk_porep_seal s;
    CHECK(cuzk_porep_seal_init(&s, &cfg, data, prover, 5, ticket, pool, NULL) == 0);
    uint64_t t3 = cuzk_now_ns();
    cuzk_porep_c1 c1;
    CHECK(cuzk_porep_seal_commit(&s, seed, ticket, &c1, NULL) == 0);
    for (uint32_t i = 0; i < c1.challenges_per_partition; i++) {
        CHECK(cuzk_porep_merkle_proof_verify(&c1.proofs[i].comm_r_last_proof, false, &s.poseidon, NULL, NULL) == 0);
        CHECK(cuzk_porep_merkle_proof_verify(&c1.proofs[i].comm_d_proof, true, NULL, NULL, NULL) == 0);
    }
    printf("8MiB: parent cache %.2f s (%u threads), labels %.2f s, whole seal %.2f s\n", (t1 - t0) / 1e9,
           cuzk_pool_threads(pool), (t2 - t1) / 1e9, (t3 - t2) / 1e9);
    cuzk_porep_c1_free(&c1);
    cuzk_porep_seal_free(&s);
    cuzk_pool_destroy(pool);
    free(labels);
    free(cache);
    free(data);
    return test_finish("test_porep_seal_slow");
}
