/* The column hash of the stacked PoRep (storage-proofs-porep
 * stacked/circuit/hash.rs hash_single_column, vanilla hash_single_column):
 * Poseidon over one node's labels of every layer, layer 1 first, with the
 * MerkleTree tag of the column length. Upstream only has constants for 2
 * (2 layers) and 11 (11 layers) and panics otherwise; here it is an error. */
#include "gadgets_impl.h"

static const cuzk_poseidon_constants *column_constants(size_t n, const cuzk_poseidon_set *poseidon)
{
    if ((n != 2 && n != 11) || !poseidon)
        return NULL;
    return cuzk_poseidon_set_get(poseidon, (uint32_t)n);
}

int cuzk_column_hash_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *rows, size_t n,
                            const cuzk_poseidon_set *poseidon)
{
    const cuzk_poseidon_constants *c = column_constants(n, poseidon);
    return c ? cuzk_poseidon_gadget(cs, out, rows, c) : CUZK_ERR_INVALID_ARGUMENT;
}

int cuzk_column_hash(cuzk_fr *out, const cuzk_fr *rows, size_t n, const cuzk_poseidon_set *poseidon)
{
    const cuzk_poseidon_constants *c = column_constants(n, poseidon);
    if (!c)
        return CUZK_ERR_INVALID_ARGUMENT;
    cuzk_poseidon_hash(c, out, rows);
    return 0;
}
