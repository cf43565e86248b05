/* SHA-256 as the tree-D node hash (filecoin-hashers Sha256Function circuits):
 * inputs enter as little-endian field reprs (bits reversed inside each byte
 * to reach SHA-256's MSB-first order), and the digest leaves the same way,
 * cut to 254 bits and packed. */
#include "gadgets_impl.h"

#include <stdlib.h>

/* Appends bits padded with Constant(false) to whole bytes, reversed per byte. */
static size_t append_le_bytes(cuzk_boolean *dst, const cuzk_boolean *src, size_t n)
{
    size_t padded = (n + 7) & ~(size_t)7;
    for (size_t i = 0; i < padded; i++) {
        size_t s = (i & ~(size_t)7) | (7 - (i & 7));
        dst[i] = s < n ? src[s] : cuzk_boolean_constant(false);
    }
    return padded;
}

int cuzk_sha256_gadget_hash_to_num(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *bits, size_t n)
{
    cuzk_boolean digest[256], le[256];
    int rc = cuzk_sha256_gadget(cs, digest, bits, n);
    if (rc)
        return rc;
    append_le_bytes(le, digest, 256);
    return cuzk_multipack_pack_bits(cs, out, le, CUZK_MULTIPACK_CAPACITY);
}

int cuzk_sha256_gadget_hash_leaf_bits(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *left, size_t nl,
                                      const cuzk_boolean *right, size_t nr)
{
    if (nl > SIZE_MAX / 4 || nr > SIZE_MAX / 4)
        return CUZK_ERR_INVALID_ARGUMENT;
    size_t cap = nl + nr + 16;
    cuzk_boolean *msg = malloc(cap * sizeof *msg);
    if (!msg)
        return CUZK_ERR_OUT_OF_MEMORY;
    size_t n = append_le_bytes(msg, left, nl);
    n += append_le_bytes(msg + n, right, nr);
    int rc = cuzk_sha256_gadget_hash_to_num(cs, out, msg, n);
    free(msg);
    return rc;
}

int cuzk_sha256_gadget_hash_nums(cuzk_cs *cs, cuzk_num *out, const cuzk_num *leaves, size_t n)
{
    if (n == 0 || n > SIZE_MAX / (256 * sizeof(cuzk_boolean)))
        return CUZK_ERR_INVALID_ARGUMENT;
    cuzk_boolean *msg = malloc(n * 256 * sizeof *msg);
    if (!msg)
        return CUZK_ERR_OUT_OF_MEMORY;
    int rc = 0;
    cuzk_boolean bits[255];
    for (size_t k = 0; k < n && rc == 0; k++) {
        rc = cuzk_num_to_bits_le(cs, bits, &leaves[k]);
        if (rc == 0)
            append_le_bytes(msg + 256 * k, bits, 255);
    }
    GADGET_TRY(rc, cuzk_sha256_gadget_hash_to_num(cs, out, msg, 256 * n));
    free(msg);
    return rc;
}
