/* UInt64 (storage-proofs-core): 64 Booleans, least significant first; the
 * challenge node index of the PoRep circuit. */
#include "gadgets_impl.h"

cuzk_uint64 cuzk_uint64_constant(uint64_t v)
{
    cuzk_uint64 r;
    for (int i = 0; i < 64; i++)
        r.bits[i] = cuzk_boolean_constant((v >> i) & 1);
    r.value = v;
    r.has_value = true;
    return r;
}

int cuzk_uint64_alloc(cuzk_cs *cs, cuzk_uint64 *out, const uint64_t *value)
{
    out->has_value = value != NULL;
    out->value = value ? *value : 0;
    for (int i = 0; i < 64; i++) {
        bool v = (out->value >> i) & 1;
        int rc = cuzk_boolean_alloc(cs, &out->bits[i], value ? &v : NULL);
        if (rc)
            return rc;
    }
    return 0;
}

int cuzk_uint64_pack_into_input(cuzk_cs *cs, const cuzk_uint64 *x)
{
    return cuzk_multipack_pack_into_inputs(cs, x->bits, 64);
}

void cuzk_uint64_to_bits_be(cuzk_boolean out[64], const cuzk_uint64 *x)
{
    for (int i = 0; i < 64; i++)
        out[i] = x->bits[63 - i];
}
