/* Merkle inclusion over SHA-256 trees (tree D): the spec's 45,382 per binary
 * level, the PoRCompound counts of storage-proofs-core/tests/por_circuit.rs for
 * SHA-256 trees of arity 2, 4 and 8 (constraint_counts.json), the circuit's
 * node equal to the native SHA256-trunc254 node, a valid path accepted, and a
 * changed sibling or index bit rejected. */
#include "cuzk/gadgets.h"
#include "cuzk/hash.h"
#include "poseidon_golden.h"
#include "merkle_test_util.h"

static char *counts;

static cuzk_merkle_shape sha(uint32_t arity, uint32_t levels)
{
    return (cuzk_merkle_shape){ CUZK_MERKLE_SHA256, arity, levels, 0, 0 };
}

static void test_counts(void)
{
    /* spec 2.3: 1 index bit + 2 (insert_2) + 512 (two to_bits_le) + 44,866 + 1 (pack) */
    cuzk_merkle_shape s = sha(2, 1);
    cuzk_cs *cs = cuzk_cs_counter_new();
    cuzk_num leaf, root;
    CHECK(cuzk_num_alloc(cs, &leaf, NULL) == 0);
    CHECK(cuzk_por_path(cs, &root, NULL, &s, NULL, &leaf, NULL, 0) == 0);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    CHECK_MSG(st.constraints == 45382, "spec 2.3: a tree-D level = 45,382, got %llu", (unsigned long long)st.constraints);
    cuzk_cs_free(cs);

    struct {
        const char *test;
        uint32_t arity, levels; /* 64 leaves */
    } cases[] = {
        { "test_por_circuit_sha256_base_2", 2, 6 },
        { "test_por_circuit_sha256_base_4", 4, 3 },
        { "test_por_circuit_sha256_base_8", 8, 2 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long want_inputs, want = golden_count(counts, cases[i].test, &want_inputs);
        CHECK_MSG(want > 0, "constraint_counts.json: %s missing", cases[i].test);
        s = sha(cases[i].arity, cases[i].levels);
        cs = cuzk_cs_counter_new();
        cuzk_por_root l = { NULL, NULL }, r = { NULL, NULL };
        CHECK(cuzk_por_circuit(cs, &s, NULL, l, r, NULL, 0, false) == 0);
        cuzk_cs_get_stats(cs, &st);
        CHECK_MSG((long)st.constraints == want && (long)st.inputs == want_inputs,
                  "storage-proofs-core por_circuit.rs %s: %llu constraints / %llu inputs, want %ld / %ld",
                  cases[i].test, (unsigned long long)st.constraints, (unsigned long long)st.inputs, want,
                  want_inputs);
        cuzk_cs_free(cs);
    }
}

static void test_paths(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 9);
    cuzk_merkle_shape s = sha(2, 2);
    test_tree t;
    CHECK(test_tree_build(&t, &s, NULL, &rng) == 0);
    /* the native node is SHA256-trunc254 of the two LE reprs */
    uint8_t buf[64], d[32], got[32];
    cuzk_fr_to_bytes_le(buf, &t.nodes[0][0]);
    cuzk_fr_to_bytes_le(buf + 32, &t.nodes[0][1]);
    cuzk_sha256(d, buf, 64);
    d[31] &= 0x3f;
    cuzk_fr_to_bytes_le(got, &t.nodes[1][0]);
    CHECK(memcmp(d, got, 32) == 0);

    const uint64_t index = 2;
    cuzk_fr sib[2];
    test_tree_path(&t, &s, index, sib);
    for (int variant = 0; variant < 3; variant++) {
        cuzk_fr sv[2] = { sib[0], sib[1] };
        uint64_t ix = index;
        if (variant == 1)
            cuzk_fr_add(&sv[1], &sv[1], &CUZK_FR_ONE); /* one sibling changed */
        if (variant == 2)
            ix ^= 1; /* one index bit changed */
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_por_root l = { NULL, &t.nodes[0][index] }, r = { NULL, test_tree_root(&t) };
        CHECK(cuzk_por_circuit(cs, &s, NULL, l, r, sv, ix, false) == 0);
        int64_t first = cuzk_cs_recorder_first_unsatisfied(cs);
        if (variant == 0) {
            CHECK_MSG(first == -1, "tree D: valid path rejected at constraint %lld", (long long)first);
            /* the computed root is the equality's left side: its value is the native root */
            cuzk_cs_stats st;
            cuzk_cs_get_stats(cs, &st);
            cuzk_lc_view A, B, C;
            CHECK(cuzk_cs_recorder_constraint(cs, st.constraints - 2, &A, &B, &C) == 0);
            CHECK(A.len == 1 && cuzk_fr_eq(cuzk_cs_value(cs, A.terms[0].var), test_tree_root(&t)));
            check_witness(cs, (cuzk_var){ 2, CUZK_VAR_AUX }, "tree D sibling");
        } else {
            CHECK_MSG(first >= 0, "tree D: tampered path (%s) accepted", variant == 1 ? "sibling" : "index bit");
        }
        cuzk_cs_free(cs);
    }
    test_tree_free(&t);
}

int main(void)
{
    counts = golden_read("fil_proofs/constraint_counts.json");
    CHECK(counts != NULL);
    if (!counts)
        return test_finish("gadgets/por_sha256");
    test_counts();
    test_paths();
    free(counts);
    return test_finish("gadgets/por_sha256");
}
