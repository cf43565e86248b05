/* The SDR labeling gadget (storage-proofs-porep create_label_circuit): one
 * SHA-256 over a 1248-byte message laid out as the vanilla labeler's. */
#include "gadgets_impl.h"

#include <stdlib.h>

#define LABEL_MSG_BITS ((2 + CUZK_LABEL_PARENTS) * 256)

int cuzk_label_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *replica_id, size_t id_len,
                      const cuzk_boolean *const parents[CUZK_LABEL_PARENTS], size_t parent_len,
                      const cuzk_uint32 *layer, const cuzk_uint64 *node)
{
    /* storage-proofs asserts these sizes */
    if (id_len < 32 || id_len > 256 || parent_len == 0 || parent_len > 256)
        return CUZK_ERR_INVALID_ARGUMENT;
    cuzk_boolean *msg = malloc(LABEL_MSG_BITS * sizeof *msg);
    if (!msg)
        return CUZK_ERR_OUT_OF_MEMORY;
    const cuzk_boolean zero = cuzk_boolean_constant(false);
    size_t n = 0;
    /* bytes 0..31: replica id; 32..35: layer (BE); 36..43: node (BE); 44..63: zero */
    for (size_t i = 0; i < 256; i++)
        msg[n++] = i < id_len ? replica_id[i] : zero;
    cuzk_uint32_into_bits_be(msg + n, layer);
    n += 32;
    cuzk_uint64_to_bits_be(msg + n, node);
    n += 64;
    while (n < 512)
        msg[n++] = zero;
    /* then each parent label in its own 32 bytes */
    for (int k = 0; k < CUZK_LABEL_PARENTS; k++)
        for (size_t i = 0; i < 256; i++)
            msg[n++] = i < parent_len ? parents[k][i] : zero;

    cuzk_boolean digest[256], le[256];
    int rc = cuzk_sha256_gadget(cs, digest, msg, n);
    free(msg);
    if (rc)
        return rc;
    /* reverse_bit_numbering, then the first 254 bits: the label as an Fr */
    cuzk_boolean_reverse_bit_numbering(le, digest, 256);
    return cuzk_multipack_pack_bits(cs, out, le, CUZK_MULTIPACK_CAPACITY);
}
