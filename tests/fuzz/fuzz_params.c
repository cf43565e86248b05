/* libFuzzer: cuzk_params_read_buffer and the lazy vector decoding. Any
 * accepted input must have the exact bellperson size, and every vk field and
 * decoded point must serialize back to its input bytes. */
#include <stdlib.h>

#include "fuzz_common.h"
#include "groth16/params_impl.h"

static void check_vector(cuzk_params *p, int k, const uint8_t *data)
{
    cuzk_err err;
    uint64_t n = cuzk_params_count(p, k);
    const uint8_t *at = data + p->offset[k];
    uint8_t enc[192];
    int rc;
    if (k == CUZK_PARAMS_B_G2) {
        const cuzk_g2_affine *v;
        if ((rc = cuzk_params_g2(p, &v, &err))) {
            fuzz_check_error(rc, &err);
            return;
        }
        for (uint64_t i = 0; i < n; i++, at += 192) {
            FUZZ_ASSERT(!cuzk_g2_affine_is_infinity(&v[i]));
            cuzk_g2_serialize(enc, &v[i]);
            FUZZ_ASSERT(memcmp(enc, at, 192) == 0);
        }
        return;
    }
    const cuzk_g1_affine *v;
    if ((rc = cuzk_params_g1(p, k, &v, &err))) {
        fuzz_check_error(rc, &err);
        return;
    }
    for (uint64_t i = 0; i < n; i++, at += 96) {
        FUZZ_ASSERT(!cuzk_g1_affine_is_infinity(&v[i]));
        cuzk_g1_serialize(enc, &v[i]);
        FUZZ_ASSERT(memcmp(enc, at, 96) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cuzk_params *p = NULL;
    cuzk_err err;
    bool checked = size & 1;
    int rc = cuzk_params_read_buffer(data, size, checked, &p, &err);
    if (rc) {
        FUZZ_ASSERT(p == NULL);
        fuzz_check_error(rc, &err);
        return 0;
    }
    FUZZ_ASSERT(p != NULL);
    /* sometimes the parallel decoding path, with tiny tasks */
    p->decode_chunk = size % 3 == 0 ? 2 : 0;

    const cuzk_vk *vk = cuzk_params_vk(p);
    size_t vlen = cuzk_vk_size(vk);
    uint64_t total = vlen + 20;
    for (int k = 0; k < CUZK_PARAMS_NVEC; k++)
        total += cuzk_params_count(p, k) * (k == CUZK_PARAMS_B_G2 ? 192 : 96);
    FUZZ_ASSERT(total == size);
    uint8_t *buf = malloc(vlen);
    cuzk_vk_serialize(vk, buf);
    FUZZ_ASSERT(memcmp(buf, data, vlen) == 0);
    free(buf);

    for (int k = 0; k < CUZK_PARAMS_NVEC; k++)
        check_vector(p, k, data);
    cuzk_params_free(p);
    return 0;
}
