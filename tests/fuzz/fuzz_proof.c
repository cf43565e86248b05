/* libFuzzer: cuzk_proof_deserialize. An accepted proof is 192 bytes of
 * points in their subgroups, none at infinity, and compresses back to the input. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cuzk_proof pr;
    cuzk_err err;
    int rc = cuzk_proof_deserialize(&pr, data, size, &err);
    if (rc) {
        fuzz_check_error(rc, &err);
        return 0;
    }
    FUZZ_ASSERT(size == CUZK_PROOF_BYTES);
    FUZZ_ASSERT(!cuzk_g1_affine_is_infinity(&pr.a) && !cuzk_g2_affine_is_infinity(&pr.b) &&
                !cuzk_g1_affine_is_infinity(&pr.c));
    FUZZ_ASSERT(cuzk_g1_is_in_subgroup(&pr.a) && cuzk_g2_is_in_subgroup(&pr.b) && cuzk_g1_is_in_subgroup(&pr.c));
    uint8_t out[CUZK_PROOF_BYTES];
    cuzk_proof_serialize(out, &pr);
    FUZZ_ASSERT(memcmp(out, data, size) == 0);
    return 0;
}
