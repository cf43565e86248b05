/* Merkle tree shapes (base / sub / top levels, storage-proofs-core
 * MerkleTreeTrait) and the node hash of one level, native and in-circuit:
 * Poseidon with the MerkleTree tag of the level's arity (trees C and R), or
 * SHA-256 over the nodes' LE reprs truncated to 254 bits (tree D). */
#include "gadgets_impl.h"
#include "cuzk/hash.h"

#include <string.h>

static bool pow2(uint32_t a) { return a >= 2 && (a & (a - 1)) == 0; }
static uint32_t log2u(uint32_t a) { return (uint32_t)__builtin_ctz(a); }

uint32_t cuzk_merkle_shape_arity(const cuzk_merkle_shape *s, uint32_t level)
{
    if (level < s->base_levels)
        return s->base_arity;
    level -= s->base_levels;
    if (s->sub_arity) {
        if (level == 0)
            return s->sub_arity;
        level--;
        if (s->top_arity && level == 0)
            return s->top_arity;
    }
    return 0;
}

uint32_t cuzk_merkle_shape_levels(const cuzk_merkle_shape *s)
{
    return s->base_levels + (s->sub_arity ? 1 : 0) + (s->sub_arity && s->top_arity ? 1 : 0);
}

uint32_t cuzk_merkle_shape_index_bits(const cuzk_merkle_shape *s)
{
    uint32_t n = 0, levels = cuzk_merkle_shape_levels(s);
    for (uint32_t l = 0; l < levels; l++)
        n += log2u(cuzk_merkle_shape_arity(s, l));
    return n;
}

uint32_t cuzk_merkle_shape_siblings(const cuzk_merkle_shape *s)
{
    uint32_t n = 0, levels = cuzk_merkle_shape_levels(s);
    for (uint32_t l = 0; l < levels; l++)
        n += cuzk_merkle_shape_arity(s, l) - 1;
    return n;
}

int cuzk_merkle_shape_check(const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon, cuzk_err *err)
{
    if (s->hasher != CUZK_MERKLE_POSEIDON && s->hasher != CUZK_MERKLE_SHA256)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "merkle shape: unknown hasher %d", (int)s->hasher);
    if (!pow2(s->base_arity) || s->base_arity > 16 || (s->sub_arity && (!pow2(s->sub_arity) || s->sub_arity > 16)) ||
        (s->top_arity && (!pow2(s->top_arity) || s->top_arity > 16)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "merkle shape %u-%u-%u: arities must be powers of two from 2 to 16 (0 = absent)",
                            s->base_arity, s->sub_arity, s->top_arity);
    if (s->top_arity && !s->sub_arity)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "merkle shape: a top level needs a sub level");
    if (s->base_levels > 64 || cuzk_merkle_shape_levels(s) == 0 || cuzk_merkle_shape_index_bits(s) > 64)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "merkle shape: %u base levels (need 1..64 levels and at most 64 index bits)",
                            s->base_levels);
    if (s->hasher == CUZK_MERKLE_POSEIDON) {
        const uint32_t need[3] = { s->base_arity, s->sub_arity, s->top_arity };
        for (int i = 0; i < 3; i++)
            if (need[i] && (!poseidon || !cuzk_poseidon_set_get(poseidon, need[i])))
                return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                    "merkle shape: no Poseidon constants for arity %u", need[i]);
    }
    return 0;
}

int cuzk_merkle_node(cuzk_fr *out, cuzk_merkle_hasher h, const cuzk_poseidon_set *poseidon, const cuzk_fr *row,
                     uint32_t arity)
{
    if (h == CUZK_MERKLE_POSEIDON) {
        const cuzk_poseidon_constants *c = poseidon ? cuzk_poseidon_set_get(poseidon, arity) : NULL;
        if (!c)
            return CUZK_ERR_INVALID_ARGUMENT;
        cuzk_poseidon_hash(c, out, row);
        return 0;
    }
    if (h != CUZK_MERKLE_SHA256 || arity < 1 || arity > 64)
        return CUZK_ERR_INVALID_ARGUMENT;
    uint8_t buf[64 * 32], digest[32];
    for (uint32_t i = 0; i < arity; i++)
        cuzk_fr_to_bytes_le(buf + 32 * i, &row[i]);
    cuzk_sha256_trunc254(digest, buf, (size_t)arity * 32);
    return cuzk_fr_from_bytes_le(out, digest, NULL); /* < 2^254 < r: always canonical */
}

int cuzk_merkle_gadget_node(cuzk_cs *cs, cuzk_num *out, cuzk_merkle_hasher h, const cuzk_poseidon_set *poseidon,
                            const cuzk_num *row, uint32_t arity)
{
    if (h == CUZK_MERKLE_POSEIDON) {
        const cuzk_poseidon_constants *c = poseidon ? cuzk_poseidon_set_get(poseidon, arity) : NULL;
        return c ? cuzk_poseidon_gadget(cs, out, row, c) : CUZK_ERR_INVALID_ARGUMENT;
    }
    if (h != CUZK_MERKLE_SHA256)
        return CUZK_ERR_INVALID_ARGUMENT;
    return cuzk_sha256_gadget_hash_nums(cs, out, row, arity);
}

int cuzk_merkle_root_from_path(cuzk_fr *root, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon,
                               const cuzk_fr *leaf, const cuzk_fr *siblings, uint64_t index)
{
    int rc = cuzk_merkle_shape_check(s, poseidon, NULL);
    if (rc)
        return rc;
    const uint32_t levels = cuzk_merkle_shape_levels(s);
    cuzk_fr cur = *leaf, row[16];
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t arity = cuzk_merkle_shape_arity(s, l);
        const uint32_t pos = (uint32_t)(index & (arity - 1));
        index >>= log2u(arity);
        for (uint32_t i = 0, k = 0; i < arity; i++)
            row[i] = i == pos ? cur : siblings[k++];
        siblings += arity - 1;
        rc = cuzk_merkle_node(&cur, s->hasher, poseidon, row, arity);
        if (rc)
            return rc;
    }
    *root = cur;
    return 0;
}
