/* The fast SnapDeals witness equals the generic path's byte for byte: for
 * the real update of a sealed 2 KiB sector, a synthetic 1 KiB (tree R
 * 8-4-0) update and the 2 KiB Poseidon variant, the inputs, aux, A.z, B.z,
 * C.z and density bitmaps of the generator equal those of the circuit
 * synthesized into a prover cs (update_witness_compare); a proof whose new
 * label does not follow is refused by both. The two-partition case is
 * test_update_witness_fast_slow. */
#include <stdlib.h>
#include "test.h"
#include "update_test_util.h"

int main(void)
{
    cuzk_pool *pool = cuzk_pool_create(2);
    cuzk_err err = { 0 };
    /* the real 2 KiB update */
    cuzk_porep_config pcfg;
    cuzk_update_config cfg;
    CHECK(cuzk_porep_config_init(&pcfg, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    uint8_t *zero = calloc(64, 32), *data = malloc(64 * 32);
    for (int i = 0; i < 64 * 32; i++) data[i] = (uint8_t)(i * 13 + 3);
    for (int n = 0; n < 64; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t prover[32] = { 2 }, ticket[32] = { 8 };
    cuzk_porep_seal s;
    cuzk_update_replica *u = NULL;
    if (cuzk_porep_seal_init(&s, &pcfg, zero, prover, 3, ticket, NULL, &err) == 0) {
        CHECK(cuzk_update_encode(&u, &cfg, cfg.h, s.comm_c, s.tree_r, data, &err) == 0);
        if (u) {
            update_witness_compare(&cfg, u, 0, pool, "real 2 KiB", false);
            update_witness_compare(&cfg, u, 0, pool, "real 2 KiB", true);
        }
        cuzk_update_replica_free(u);
        cuzk_porep_seal_free(&s);
    } else {
        CHECK_MSG(0, "seal: %s", err.msg);
    }
    static const struct {
        uint64_t nodes;
        bool poseidon;
        uint32_t k;
        const char *what;
    } T[] = { { 32, false, 0, "synthetic 1 KiB (8-4-0)" }, { 64, true, 0, "synthetic 2 KiB Poseidon variant" } };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        CHECK(cuzk_update_config_from_nodes(&cfg, T[i].nodes, T[i].poseidon, NULL) == 0);
        u = NULL;
        CHECK(cuzk_update_synth(&u, &cfg, cfg.h, 40 + i, &err) == 0);
        if (u) update_witness_compare(&cfg, u, T[i].k, pool, T[i].what, false);
        cuzk_update_replica_free(u);
    }
    /* a circuit of another config is refused */
    cuzk_update_wgen *g = NULL;
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    cfg.challenges = 9;
    CHECK(cuzk_update_wgen_new(&g, &cfg, NULL) != 0 && g == NULL);
    free(zero);
    free(data);
    cuzk_pool_destroy(pool);
    return test_finish("test_update_witness_fast");
}
