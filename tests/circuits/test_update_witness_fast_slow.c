/* The fast SnapDeals witness of a two-partition sector (16 KiB, tree R
 * 8-8-0: a partition path above the apex tree, partition bits in every
 * challenge) equals the generic path's byte for byte, for partition 1
 * (6.3 M constraints). */
#include <stdlib.h>
#include "test.h"
#include "update_test_util.h"

int main(void)
{
    cuzk_pool *pool = cuzk_pool_create(2);
    cuzk_update_config cfg;
    cuzk_update_replica *u = NULL;
    cuzk_err err = { 0 };
    CHECK(cuzk_update_config_from_nodes(&cfg, 512, false, NULL) == 0 && cfg.partitions == 2);
    CHECK_MSG(cuzk_update_synth(&u, &cfg, cfg.h, 41, &err) == 0, "%s", err.msg);
    if (u) update_witness_compare(&cfg, u, 1, pool, "synthetic 16 KiB partition 1 (8-8-0)", false);
    cuzk_update_replica_free(u);
    cuzk_pool_destroy(pool);
    return test_finish("test_update_witness_fast_slow");
}
