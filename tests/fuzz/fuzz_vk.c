/* libFuzzer: cuzk_vk_read_buffer. An accepted key is exactly the input's
 * size, serializes back to the input, and copies faithfully. */
#include <stdlib.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cuzk_vk vk, copy;
    cuzk_err err;
    int rc = cuzk_vk_read_buffer(data, size, &vk, &err);
    if (rc) {
        fuzz_check_error(rc, &err);
        FUZZ_ASSERT(vk.ic == NULL);
        return 0;
    }
    FUZZ_ASSERT(cuzk_vk_size(&vk) == size && vk.ic_len >= 1);
    uint8_t *buf = malloc(size);
    cuzk_vk_serialize(&vk, buf);
    FUZZ_ASSERT(memcmp(buf, data, size) == 0);
    FUZZ_ASSERT(cuzk_vk_copy(&copy, &vk) == 0);
    cuzk_vk_free(&vk);
    memset(buf, 0, size);
    cuzk_vk_serialize(&copy, buf);
    FUZZ_ASSERT(memcmp(buf, data, size) == 0);
    for (uint32_t i = 0; i < copy.ic_len; i++)
        FUZZ_ASSERT(!cuzk_g1_affine_is_infinity(&copy.ic[i]));
    cuzk_vk_free(&copy);
    free(buf);
    return 0;
}
