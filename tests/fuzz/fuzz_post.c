/* libFuzzer: cuzk_post_vanilla_read (bincode FallbackPoStSectorProof) against
 * the tree shapes Single (2 KiB), Sub (32 GiB) and Top (64 GiB), Window and
 * Winning. A refusal names a field; an accepted input writes back to the
 * very bytes it came from. */
#include <stdlib.h>

#include "fuzz_common.h"
#include "cuzk/post.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const cuzk_post_proof kinds[4] = { CUZK_POST_WINDOW_2KIB_V1_2, CUZK_POST_WINNING_2KIB_V1,
                                              CUZK_POST_WINDOW_32GIB_V1_2, CUZK_POST_WINDOW_64GIB_V1_2 };
    for (int k = 0; k < 4; k++) {
        cuzk_post_config cfg;
        FUZZ_ASSERT(cuzk_post_config_init(&cfg, kinds[k], NULL) == 0);
        cuzk_post_vanilla v;
        cuzk_err err;
        int rc = cuzk_post_vanilla_read(&v, data, size, &cfg, &err);
        if (rc) {
            fuzz_check_error(rc, &err);
            FUZZ_ASSERT(strncmp(err.msg, "post vanilla: ", 14) == 0);
            continue;
        }
        FUZZ_ASSERT(v.n_sectors == 1 && v.sectors[0].n_inclusion == cfg.vanilla_challenges);
        uint8_t *out = NULL;
        size_t n = 0;
        FUZZ_ASSERT(cuzk_post_vanilla_write(&v, &out, &n, NULL) == 0);
        FUZZ_ASSERT(n == size && memcmp(out, data, size) == 0);
        free(out);
        cuzk_post_vanilla_free(&v);
    }
    return 0;
}
