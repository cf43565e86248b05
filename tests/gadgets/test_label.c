/* SDR labeling (create_label_circuit), encoding, the tree-D SHA-256 node hash
 * and UInt64 (storage-proofs-porep / storage-proofs-core / filecoin-hashers),
 * against native SHA-256 and the counts in
 * tests/data/fil_proofs/constraint_counts.json. */
#include "bits_test_util.h"
#include "cuzk/hash.h"

#include <stdlib.h>

/* Every constraint of a finished prover cs holds: a * b = c. */
static bool prover_satisfied(const cuzk_cs *cs)
{
    cuzk_witness w;
    if (cuzk_cs_prover_witness(cs, &w) != 0)
        return false;
    for (uint64_t i = 0; i < w.num_constraints; i++) {
        cuzk_fr ab;
        cuzk_fr_mul(&ab, &w.a[i], &w.b[i]);
        if (!cuzk_fr_eq(&ab, &w.c[i]))
            return false;
    }
    return true;
}

/* An Fr read from 32 little-endian bytes (the label / tree-D node repr). */
static bool fr_is_le_bytes(const cuzk_fr *x, const uint8_t b[32])
{
    uint8_t got[32];
    cuzk_fr_to_bytes_le(got, x);
    return memcmp(got, b, 32) == 0;
}

/* The vanilla label: SHA256-trunc254 of the 1248-byte message. */
static void native_label(uint8_t out[32], const uint8_t id[32], uint32_t layer, uint64_t node,
                         uint8_t parents[CUZK_LABEL_PARENTS][32])
{
    uint8_t msg[(2 + CUZK_LABEL_PARENTS) * 32] = { 0 };
    memcpy(msg, id, 32);
    for (int i = 0; i < 4; i++)
        msg[32 + i] = (uint8_t)(layer >> (24 - 8 * i));
    for (int i = 0; i < 8; i++)
        msg[36 + i] = (uint8_t)(node >> (56 - 8 * i));
    for (int k = 0; k < CUZK_LABEL_PARENTS; k++)
        memcpy(msg + 64 + 32 * k, parents[k], 32);
    cuzk_sha256_trunc254(out, msg, sizeof msg);
}

/* bytes_into_boolean_vec_be: 8 allocated bits per byte, MSB first */
static void alloc_bytes_be(cuzk_cs *cs, cuzk_boolean *out, const uint8_t *bytes, size_t n)
{
    bool v[256];
    cuzk_multipack_bytes_to_bits(v, bytes, n);
    alloc_bits(cs, out, v, 8 * n);
}

typedef struct {
    uint8_t id[32];
    uint8_t raw[14][32];
    uint8_t parents[CUZK_LABEL_PARENTS][32];
} label_data;

static void label_data_init(label_data *d, uint64_t seed)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, seed);
    for (int i = 0; i < 32; i++)
        d->id[i] = (uint8_t)cuzk_rng_u64(&rng);
    d->id[31] &= 0x3f;
    for (int k = 0; k < 14; k++) {
        for (int i = 0; i < 32; i++)
            d->raw[k][i] = (uint8_t)cuzk_rng_u64(&rng);
        d->raw[k][31] &= 0x3f;
    }
    /* layers > 1: the 14 parents twice, then the first 9 (storage-proofs-porep) */
    for (int k = 0; k < CUZK_LABEL_PARENTS; k++)
        memcpy(d->parents[k], d->raw[k < 28 ? k % 14 : k - 28], 32);
}

/* storage-proofs-porep create_label.rs test_create_label: id and all 37
 * parent byte strings allocated bit by bit (MSB first), layer 3 and node 22
 * constant. lie_at >= 0 makes one id bit's Boolean disagree with its witness. */
static void test_create_label_unit(bool with_values, int lie_at)
{
    label_data d;
    label_data_init(&d, 31);
    cuzk_cs *cs = with_values ? cuzk_cs_prover_new(540000, 540000) : cuzk_cs_counter_new();
    static cuzk_boolean id_bits[256], parent_bits[CUZK_LABEL_PARENTS][256];
    const cuzk_boolean *parents[CUZK_LABEL_PARENTS];
    for (int k = 0; k < CUZK_LABEL_PARENTS; k++) {
        alloc_bytes_be(cs, parent_bits[k], d.parents[k], 32);
        parents[k] = parent_bits[k];
    }
    alloc_bytes_be(cs, id_bits, d.id, 32);
    if (lie_at >= 0)
        id_bits[lie_at].value = !id_bits[lie_at].value;
    cuzk_uint32 layer = cuzk_uint32_constant(3);
    cuzk_uint64 node = cuzk_uint64_constant(22);
    cuzk_num label;
    CHECK(cuzk_label_gadget(cs, &label, id_bits, 256, parents, 256, &layer, &node) == 0);
    uint64_t n = cs_counts(cs).constraints;
    CHECK_MSG(n == 532025, "constraint_counts.json test_create_label (storage-proofs-porep "
                           "src/stacked/circuit/create_label.rs): 532025, got %llu", (unsigned long long)n);
    if (with_values) {
        uint8_t want[32];
        native_label(want, d.id, 3, 22, d.parents);
        CHECK(cuzk_cs_finish(cs, NULL) == 0);
        if (lie_at < 0) {
            CHECK_MSG(label.has_value && fr_is_le_bytes(&label.value, want), "label = native SHA256-trunc254");
            CHECK(prover_satisfied(cs));
        } else {
            CHECK_MSG(!prover_satisfied(cs), "a witness bit that disagrees with the gadget's value fails");
        }
    }
    cuzk_cs_free(cs);
}

/* The shape inside the real circuit (spec §2.8): id and parents from
 * to_bits_le + reverse_bit_numbering (255 allocated + 1 constant bit), node
 * an allocated UInt64. */
static void test_create_label_circuit_shape(void)
{
    label_data d;
    label_data_init(&d, 32);
    cuzk_cs *cs = cuzk_cs_prover_new(600000, 600000);
    static cuzk_boolean le[255], id_bits[256], uniq[14][256];
    cuzk_num id, p;
    cuzk_fr v;
    CHECK(cuzk_fr_from_bytes_le(&v, d.id, NULL) == 0);
    id.has_value = true, id.value = v;
    cuzk_cs_alloc(cs, &id.var, &v);
    cuzk_num_to_bits_le(cs, le, &id);
    cuzk_boolean_reverse_bit_numbering(id_bits, le, 255);
    for (int k = 0; k < 14; k++) {
        CHECK(cuzk_fr_from_bytes_le(&v, d.raw[k], NULL) == 0);
        p.has_value = true, p.value = v;
        cuzk_cs_alloc(cs, &p.var, &v);
        cuzk_num_to_bits_le(cs, le, &p);
        cuzk_boolean_reverse_bit_numbering(uniq[k], le, 255);
    }
    const cuzk_boolean *parents[CUZK_LABEL_PARENTS];
    for (int k = 0; k < CUZK_LABEL_PARENTS; k++)
        parents[k] = uniq[k < 28 ? k % 14 : k - 28]; /* repeats reuse the same variables */
    uint64_t nodev = 0x123456789abull;
    cuzk_uint64 node;
    cuzk_uint64_alloc(cs, &node, &nodev);
    cuzk_uint32 layer = cuzk_uint32_constant(7);
    counts before = cs_counts(cs);
    cuzk_num label;
    CHECK(cuzk_label_gadget(cs, &label, id_bits, 256, parents, 256, &layer, &node) == 0);
    counts delta = counts_sub(cs_counts(cs), before);
    /* spec §2.8 DERIVED: 522,268 (SHA-256 of 20 blocks) + 1 (pack) */
    CHECK_MSG(delta.constraints == 522269, "label gadget in the circuit's shape: %llu constraints",
              (unsigned long long)delta.constraints);
    uint8_t want[32];
    native_label(want, d.id, 7, nodev, d.parents);
    CHECK(cuzk_cs_finish(cs, NULL) == 0);
    CHECK(label.has_value && fr_is_le_bytes(&label.value, want));
    CHECK(prover_satisfied(cs));
    cuzk_cs_free(cs);

    /* sizes storage-proofs asserts */
    cs = cuzk_cs_counter_new();
    CHECK(cuzk_label_gadget(cs, &label, id_bits, 31, parents, 256, &layer, &node) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_label_gadget(cs, &label, id_bits, 256, parents, 257, &layer, &node) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(cs);
}

static void test_encode(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 41);
    for (int dec = 0; dec < 2; dec++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_num key, val, out;
        cuzk_fr k, x, want;
        cuzk_fr_from_u64(&k, cuzk_rng_u64(&rng));
        cuzk_fr_from_u64(&x, cuzk_rng_u64(&rng));
        cuzk_fr_sqr(&k, &k); /* large values: the sum wraps around r sometimes */
        cuzk_fr_sqr(&k, &k);
        cuzk_fr_neg(&x, &x);
        key.has_value = val.has_value = true, key.value = k, val.value = x;
        cuzk_cs_alloc(cs, &key.var, &k);
        cuzk_cs_alloc(cs, &val.var, &x);
        CHECK((dec ? cuzk_decode_gadget(cs, &out, &key, &val) : cuzk_encode_gadget(cs, &out, &key, &val)) == 0);
        if (dec)
            cuzk_fr_sub(&want, &x, &k);
        else
            cuzk_fr_add(&want, &k, &x);
        counts c = cs_counts(cs);
        CHECK(c.aux == 3 && c.constraints == 1); /* spec §2.9: 1 aux, 1 constraint */
        CHECK(out.has_value && cuzk_fr_eq(&out.value, &want) && cuzk_fr_eq(cuzk_cs_value(cs, out.var), &want));
        cuzk_lc_view A, B, C;
        cuzk_cs_recorder_constraint(cs, 0, &A, &B, &C);
        CHECK(A.len == 2 && B.len == 1 && B.terms[0].var.kind == CUZK_VAR_INPUT && C.len == 1);
        CHECK(C.terms[0].var.index == (dec ? val.var.index : out.var.index)); /* encode: (k+v)*1 = out */
        CHECK(cs_ok(cs) && flip_breaks(cs, out.var, false));
        cuzk_cs_free(cs);
    }
}

/* storage-proofs-core util.rs hash_leaf_bits_circuit: left/right allocated
 * LSB first per byte (bytes_into_boolean_vec), then the tree-D hash. */
static void test_hash_leaf_bits(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 51);
    uint8_t lr[64];
    for (int i = 0; i < 64; i++)
        lr[i] = (uint8_t)cuzk_rng_u64(&rng);
    lr[31] &= 0x3f, lr[63] &= 0x3f;
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    static bool v[512];
    static cuzk_boolean bits[512];
    cuzk_multipack_bytes_to_bits_le(v, lr, 64);
    alloc_bits(cs, bits, v, 512);
    cuzk_num out;
    CHECK(cuzk_sha256_gadget_hash_leaf_bits(cs, &out, bits, 256, bits + 256, 256) == 0);
    uint64_t n = cs_counts(cs).constraints;
    CHECK_MSG(n == 45387, "constraint_counts.json hash_leaf_bits_circuit (storage-proofs-core src/util.rs): "
                          "45387, got %llu", (unsigned long long)n);
    uint8_t want[32];
    cuzk_sha256_trunc254(want, lr, 64);
    CHECK(out.has_value && fr_is_le_bytes(&out.value, want));
    CHECK(cs_ok(cs) && flip_breaks(cs, out.var, false) && flip_breaks(cs, bits[300].var, false));
    cuzk_cs_free(cs);
}

/* hash2_circuit: to_bits_le of both nodes, then the hash (spec §2.3). */
static void test_hash_nums(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 52);
    uint8_t lr[64];
    for (int i = 0; i < 64; i++)
        lr[i] = (uint8_t)cuzk_rng_u64(&rng);
    lr[31] &= 0x3f, lr[63] &= 0x3f;
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_num leaves[2], out;
    for (int k = 0; k < 2; k++) {
        CHECK(cuzk_fr_from_bytes_le(&leaves[k].value, lr + 32 * k, NULL) == 0);
        leaves[k].has_value = true;
        cuzk_cs_alloc(cs, &leaves[k].var, &leaves[k].value);
    }
    CHECK(cuzk_sha256_gadget_hash_nums(cs, &out, leaves, 2) == 0);
    uint64_t n = cs_counts(cs).constraints;
    /* 2 x 256 (to_bits_le) + 44,866 (SHA-256 of 2 x (255 allocated + 1 constant) bits,
     * spec §2.3 DERIVED) + 1 (pack) */
    CHECK_MSG(n == 512 + 44866 + 1, "hash2: %llu constraints", (unsigned long long)n);
    uint8_t want[32];
    cuzk_sha256_trunc254(want, lr, 64);
    CHECK(out.has_value && fr_is_le_bytes(&out.value, want));
    CHECK(cs_ok(cs) && flip_breaks(cs, out.var, false));
    CHECK(cuzk_sha256_gadget_hash_nums(cs, &out, leaves, 0) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(cs);
}

static void test_uint64(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    uint64_t v = 0x8000000000000005ull;
    cuzk_uint64 x;
    CHECK(cuzk_uint64_alloc(cs, &x, &v) == 0);
    CHECK(cs_counts(cs).aux == 64 && cs_counts(cs).constraints == 64);
    CHECK(boolean_witness(cs, &x.bits[0]) == 1 && boolean_witness(cs, &x.bits[1]) == 0 &&
          boolean_witness(cs, &x.bits[63]) == 1);
    cuzk_boolean be[64];
    cuzk_uint64_to_bits_be(be, &x);
    CHECK(be[0].var.index == x.bits[63].var.index && be[63].var.index == x.bits[0].var.index);
    CHECK(cuzk_uint64_pack_into_input(cs, &x) == 0);
    counts c = cs_counts(cs);
    CHECK(c.inputs == 2 && c.constraints == 65); /* one input = v, one constraint */
    uint64_t raw[4] = { v, 0, 0, 0 };
    cuzk_fr want;
    cuzk_fr_from_raw(&want, raw);
    CHECK(cuzk_fr_eq(cuzk_cs_value(cs, (cuzk_var){ 1, CUZK_VAR_INPUT }), &want));
    CHECK(cs_ok(cs) && flip_breaks(cs, x.bits[10].var, false));
    cuzk_uint64 k = cuzk_uint64_constant(22);
    CHECK(k.bits[1].kind == CUZK_BOOL_CONST && k.bits[1].value && k.bits[2].value && !k.bits[0].value);
    cuzk_cs_free(cs);
}

int main(void)
{
    test_uint64();
    test_encode();
    test_hash_leaf_bits();
    test_hash_nums();
    test_create_label_unit(false, -1);
    test_create_label_unit(true, -1);
    test_create_label_unit(true, 77);
    test_create_label_circuit_shape();
    return test_finish("gadgets/label");
}
