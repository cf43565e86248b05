/* The fast PoRep witness generator against the generic synthesis on 8 MiB
 * partitions (random C1 data of the 8 MiB shape: the witness is a function
 * of the C1 whether or not it satisfies the circuit), byte for byte, on a
 * pool of two threads. */
#include "c1_build.h"
#include "wgen_check.h"

int main(void)
{
    cuzk_porep_config cfg;
    cuzk_err err = { 0 };
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_8MIB_V1_1, &err) == 0);
    cuzk_porep_c1 c1;
    CHECK(build_c1(&c1, CUZK_SEAL_8MIB_V1_1, 8) == 0);
    cuzk_porep_wgen *g = NULL;
    CHECK_MSG(cuzk_porep_wgen_new(&g, &cfg, NULL, &err) == 0, "%s", err.msg);
    if (g) {
        wgen_bufs wb;
        CHECK(wgen_bufs_alloc(&wb, g) == 0);
        cuzk_pool *pool = cuzk_pool_create(2);
        const uint32_t parts[2] = { 0, c1.partitions - 1 };
        for (int i = 0; i < (c1.partitions > 1 ? 2 : 1); i++) {
            cuzk_witness gen, fast;
            cuzk_cs *cs = wgen_generic(&cfg, &c1, parts[i], &gen);
            if (!cs) continue;
            CHECK_MSG(cuzk_porep_wgen_fill(g, &c1, parts[i], &wb.b, pool, &err) == 0, "%s", err.msg);
            cuzk_porep_wgen_witness(g, &wb.b, &fast);
            CHECK_MSG(wgen_compare(g, &fast, &gen) == 0, "partition %u", parts[i]);
            cuzk_cs_free(cs);
        }
        cuzk_pool_destroy(pool);
        free(wb.mem);
    }
    cuzk_porep_wgen_free(g);
    cuzk_porep_c1_free(&c1);
    return test_finish("test_porep_witness_fast_slow");
}
