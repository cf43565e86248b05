/* Merkle inclusion proofs in the circuit (storage-proofs-core gadgets/por.rs):
 * PoRCircuit::synthesize, its path part (also the stacked circuit's
 * enforce_inclusion) and por_no_challenge_input. */
#include "gadgets_impl.h"

/* One level: insert cur among the level's siblings at the index bits, hash. */
static int level_hash(cuzk_cs *cs, cuzk_num *cur, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon,
                      const cuzk_boolean *bits, uint32_t arity, const cuzk_num *sib)
{
    cuzk_num row[16];
    int rc = cuzk_insertion_insert(cs, row, cur, bits, (size_t)__builtin_ctz(arity), sib);
    return rc ? rc : cuzk_merkle_gadget_node(cs, cur, s->hasher, poseidon, row, arity);
}

int cuzk_por_path(cuzk_cs *cs, cuzk_num *root_out, cuzk_boolean *bits_out, const cuzk_merkle_shape *s,
                  const cuzk_poseidon_set *poseidon, const cuzk_num *leaf, const cuzk_fr *siblings, uint64_t index)
{
    int rc = cuzk_merkle_shape_check(s, poseidon, NULL);
    if (rc)
        return rc;
    const bool values = cuzk_cs_has_values(cs);
    if (values && !siblings)
        return CUZK_ERR_INVALID_ARGUMENT;
    const uint32_t levels = cuzk_merkle_shape_levels(s);
    cuzk_num cur = *leaf;
    uint32_t bitpos = 0;
    for (uint32_t l = 0; l < levels && rc == 0; l++) {
        const uint32_t arity = cuzk_merkle_shape_arity(s, l), nb = (uint32_t)__builtin_ctz(arity);
        cuzk_boolean bits[4];
        cuzk_num sib[15];
        for (uint32_t i = 0; i < nb && rc == 0; i++) {
            bool v = (index >> (bitpos + i)) & 1;
            rc = cuzk_boolean_alloc(cs, &bits[i], values ? &v : NULL);
            if (bits_out)
                bits_out[bitpos + i] = bits[i];
        }
        for (uint32_t j = 0; j + 1 < arity && rc == 0; j++)
            rc = cuzk_num_alloc(cs, &sib[j], values ? &siblings[j] : NULL);
        if (values)
            siblings += arity - 1;
        bitpos += nb;
        if (rc == 0)
            rc = level_hash(cs, &cur, s, poseidon, bits, arity, sib);
    }
    if (rc == 0)
        *root_out = cur;
    return rc;
}

/* Root::allocated: the var as is, or a fresh aux num with the value. */
static int root_num(cuzk_cs *cs, cuzk_num *out, cuzk_por_root r)
{
    if (r.var) {
        *out = *r.var;
        return 0;
    }
    return cuzk_num_alloc(cs, out, cuzk_cs_has_values(cs) ? r.value : NULL);
}

int cuzk_por_circuit(cuzk_cs *cs, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon, cuzk_por_root leaf,
                     cuzk_por_root root, const cuzk_fr *siblings, uint64_t index, bool private_root)
{
    int rc = cuzk_merkle_shape_check(s, poseidon, NULL);
    if (rc)
        return rc;
    cuzk_boolean bits[64];
    cuzk_num leaf_num, computed, root_num_v;
    rc = root_num(cs, &leaf_num, leaf);
    GADGET_TRY(rc, cuzk_por_path(cs, &computed, bits, s, poseidon, &leaf_num, siblings, index));
    GADGET_TRY(rc, cuzk_multipack_pack_into_inputs(cs, bits, cuzk_merkle_shape_index_bits(s)));
    GADGET_TRY(rc, root_num(cs, &root_num_v, root));
    GADGET_TRY(rc, cuzk_num_enforce_equal(cs, &computed, &root_num_v));
    if (!private_root) {
        cuzk_num exposed;
        GADGET_TRY(rc, cuzk_num_inputize(cs, &exposed, &root_num_v));
    }
    return rc;
}

int cuzk_por_no_challenge_input(cuzk_cs *cs, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon,
                                const cuzk_boolean *bits, const cuzk_num *leaf, const cuzk_num *siblings,
                                const cuzk_num *root)
{
    int rc = cuzk_merkle_shape_check(s, poseidon, NULL);
    if (rc)
        return rc;
    const uint32_t levels = cuzk_merkle_shape_levels(s);
    cuzk_num cur = *leaf;
    for (uint32_t l = 0; l < levels && rc == 0; l++) {
        const uint32_t arity = cuzk_merkle_shape_arity(s, l);
        rc = level_hash(cs, &cur, s, poseidon, bits, arity, siblings);
        bits += __builtin_ctz(arity);
        siblings += arity - 1;
    }
    cuzk_num root_copy = *root;
    GADGET_TRY(rc, cuzk_num_enforce_equal(cs, &cur, &root_copy));
    return rc;
}
