/* libFuzzer: the SnapDeals PartitionProof bincode reader, both layouts
 * (standard, and the Poseidon variant's without apex_leafs). A refusal comes
 * with a known code and a message; an accepted input writes back to the very
 * same bytes; the shape check against the 2 KiB config and the vanilla
 * verifier either pass or refuse with a message, and reading with the
 * config accepts exactly what reading alone and the check accept. */
#include <stdlib.h>

#include "fuzz_common.h"
#include "cuzk/update.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cuzk_update_partition_proof p, q;
    cuzk_err err, err2;
    /* the Poseidon variant's layout (no apex_leafs): refused with a message,
     * or accepted and written back byte-identical */
    cuzk_update_config pcfg;
    FUZZ_ASSERT(cuzk_update_config_init(&pcfg, CUZK_UPDATE_2KIB_V1, true, NULL) == 0);
    int rc = cuzk_update_proof_read(&p, data, size, &pcfg, &err);
    if (rc) {
        fuzz_check_error(rc, &err);
        FUZZ_ASSERT(p.challenges == NULL);
    } else {
        uint8_t *w = NULL;
        size_t n = 0;
        FUZZ_ASSERT(p.poseidon && cuzk_update_proof_write(&p, &w, &n, &err) == 0 && n == size && !memcmp(w, data, n));
        free(w);
        cuzk_update_partition_proof_free(&p);
    }
    rc = cuzk_update_proof_read(&p, data, size, NULL, &err);
    cuzk_update_config cfg;
    FUZZ_ASSERT(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    int rc2 = cuzk_update_proof_read(&q, data, size, &cfg, &err2);
    if (rc) {
        fuzz_check_error(rc, &err);
        fuzz_check_error(rc2, &err2);
        FUZZ_ASSERT(p.challenges == NULL && p.n_challenges == 0 && q.challenges == NULL);
        return 0;
    }
    uint8_t *w = NULL;
    size_t n = 0;
    FUZZ_ASSERT(cuzk_update_proof_write(&p, &w, &n, &err) == 0 && n == size && memcmp(w, data, n) == 0);
    free(w);
    int rc3 = cuzk_update_partition_proof_check(&p, &cfg, &err);
    FUZZ_ASSERT(rc3 == rc2);
    if (rc3) {
        fuzz_check_error(rc3, &err);
    } else {
        static const uint8_t zero[32];
        rc3 = cuzk_update_partition_verify(&p, &cfg, 0, cfg.h, zero, zero, zero, &err);
        FUZZ_ASSERT(rc3 != 0);
        fuzz_check_error(rc3, &err);
        cuzk_update_partition_proof_free(&q);
    }
    cuzk_update_partition_proof_free(&p);
    return 0;
}
