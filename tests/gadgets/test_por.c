/* Merkle inclusion (storage-proofs-core gadgets/por.rs) over Poseidon trees:
 * the PoRCompound constraint counts of storage-proofs-core/tests/por_circuit.rs
 * (constraint_counts.json), the spec's per-level cost, valid paths accepted and
 * paths with one sibling or one index bit changed rejected, for the production
 * shapes 8-0-0, 8-8-0 and 8-8-2; and the column hash (598 / 311). */
#include "cuzk/gadgets.h"
#include "poseidon_golden.h"
#include "merkle_test_util.h"

static char *counts;
static cuzk_poseidon_set ps;

static cuzk_merkle_shape shape(uint32_t base, uint32_t levels, uint32_t sub, uint32_t top)
{
    return (cuzk_merkle_shape){ CUZK_MERKLE_POSEIDON, base, levels, sub, top };
}

/* PoRCompound: leaves = 64 * base tree count, Root::Val leaf and root. */
static void test_upstream_count(const char *test, cuzk_merkle_shape s, bool private_root)
{
    long want_inputs;
    long want = golden_count(counts, test, &want_inputs);
    CHECK_MSG(want > 0, "constraint_counts.json: %s missing", test);
    cuzk_cs *cs = cuzk_cs_counter_new();
    cuzk_por_root leaf = { NULL, NULL }, root = { NULL, NULL };
    CHECK(cuzk_por_circuit(cs, &s, &ps, leaf, root, NULL, 0, private_root) == 0);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    CHECK_MSG((long)st.constraints == want, "storage-proofs-core por_circuit.rs %s: %llu constraints, want %ld",
              test, (unsigned long long)st.constraints, want);
    if (want_inputs > 0)
        CHECK_MSG((long)st.inputs == want_inputs, "%s: %llu inputs, want %ld", test,
                  (unsigned long long)st.inputs, want_inputs);
    cuzk_cs_free(cs);
}

/* Spec 2.6: a Poseidon arity-8 level costs 3 + 22 + 505 = 530, arity 4 387, arity 2 314. */
static void test_level_costs(void)
{
    const uint32_t ar[3] = { 8, 4, 2 };
    const uint64_t want[3] = { 530, 387, 314 };
    for (int i = 0; i < 3; i++) {
        cuzk_merkle_shape s = shape(ar[i], 1, 0, 0);
        cuzk_cs *cs = cuzk_cs_counter_new();
        cuzk_num leaf, root;
        CHECK(cuzk_num_alloc(cs, &leaf, NULL) == 0);
        CHECK(cuzk_por_path(cs, &root, NULL, &s, &ps, &leaf, NULL, 0) == 0);
        cuzk_cs_stats st;
        cuzk_cs_get_stats(cs, &st);
        CHECK_MSG(st.constraints == want[i], "spec 2.6: arity-%u Poseidon level = %llu, got %llu", ar[i],
                  (unsigned long long)want[i], (unsigned long long)st.constraints);
        cuzk_cs_free(cs);
    }
    /* 32 GiB tree C/R path (spec 5.2: 5,302 = 10 * 530 + 2 with pack and equal) */
    cuzk_merkle_shape s = shape(8, 9, 8, 0);
    cuzk_cs *cs = cuzk_cs_counter_new();
    cuzk_num leaf, root;
    CHECK(cuzk_num_alloc(cs, &leaf, NULL) == 0 && cuzk_num_alloc(cs, &root, NULL) == 0);
    cuzk_por_root l = { &leaf, NULL }, r = { &root, NULL };
    CHECK(cuzk_por_circuit(cs, &s, &ps, l, r, NULL, 0, true) == 0);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    CHECK_MSG(st.constraints == 5302, "spec 5.2: 32 GiB tree-R path = 5,302, got %llu",
              (unsigned long long)st.constraints);
    CHECK(st.inputs == 2); /* ONE and the challenge */
    cuzk_cs_free(cs);
}

/* Synthesizes PoRCircuit with values; returns the recorder (caller frees). */
static cuzk_cs *prove(const cuzk_merkle_shape *s, const cuzk_fr *leaf, const cuzk_fr *root, const cuzk_fr *sib,
                      uint64_t index, bool private_root, int *rc)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_por_root l = { NULL, leaf }, r = { NULL, root };
    *rc = cuzk_por_circuit(cs, s, &ps, l, r, sib, index, private_root);
    return cs;
}

static void test_paths(cuzk_merkle_shape s, const char *name, cuzk_rng *rng)
{
    test_tree t;
    CHECK(test_tree_build(&t, &s, &ps, rng) == 0);
    const uint32_t ns = cuzk_merkle_shape_siblings(&s);
    cuzk_fr *sib = calloc(ns, sizeof *sib);
    const uint64_t picks[3] = { 0, t.leaves - 1, (t.leaves * 5) / 7 };
    for (int p = 0; p < 3; p++) {
        uint64_t index = picks[p];
        test_tree_path(&t, &s, index, sib);
        cuzk_fr r;
        CHECK(cuzk_merkle_root_from_path(&r, &s, &ps, &t.nodes[0][index], sib, index) == 0);
        CHECK_MSG(cuzk_fr_eq(&r, test_tree_root(&t)), "%s: native path root", name);

        int rc;
        cuzk_cs *cs = prove(&s, &t.nodes[0][index], test_tree_root(&t), sib, index, false, &rc);
        CHECK(rc == 0);
        CHECK_MSG(cuzk_cs_recorder_first_unsatisfied(cs) == -1, "%s index %llu: valid path rejected", name,
                  (unsigned long long)index);
        cuzk_cs_stats st;
        cuzk_cs_get_stats(cs, &st);
        /* inputs: ONE, the packed index, the root */
        cuzk_fr want_index;
        cuzk_fr_from_u64(&want_index, index);
        CHECK(st.inputs == 3 && cuzk_fr_eq(cuzk_cs_value(cs, (cuzk_var){ 1, CUZK_VAR_INPUT }), &want_index) &&
              cuzk_fr_eq(cuzk_cs_value(cs, (cuzk_var){ 2, CUZK_VAR_INPUT }), test_tree_root(&t)));
        /* a changed witness value: the first sibling (aux after leaf and the first index bits) */
        uint32_t nb0 = (uint32_t)__builtin_ctz(s.base_arity);
        check_witness(cs, (cuzk_var){ 1 + nb0, CUZK_VAR_AUX }, name);
        cuzk_cs_free(cs);

        /* one sibling changed (each level in turn) */
        for (uint32_t k = 0; k < ns; k += (ns > 8 ? 7 : 1)) {
            cuzk_fr keep = sib[k];
            cuzk_fr_add(&sib[k], &sib[k], &CUZK_FR_ONE);
            cs = prove(&s, &t.nodes[0][index], test_tree_root(&t), sib, index, false, &rc);
            CHECK(rc == 0);
            CHECK_MSG(cuzk_cs_recorder_first_unsatisfied(cs) >= 0, "%s: sibling %u changed, still accepted", name,
                      k);
            cuzk_cs_free(cs);
            sib[k] = keep;
        }
        /* one index bit changed */
        uint32_t bits = cuzk_merkle_shape_index_bits(&s);
        for (uint32_t b = 0; b < bits; b += 2) {
            cs = prove(&s, &t.nodes[0][index], test_tree_root(&t), sib, index ^ (UINT64_C(1) << b), false, &rc);
            CHECK(rc == 0);
            CHECK_MSG(cuzk_cs_recorder_first_unsatisfied(cs) >= 0, "%s: index bit %u flipped, still accepted", name,
                      b);
            cuzk_cs_free(cs);
        }
        /* the wrong leaf and the wrong root */
        cs = prove(&s, &t.nodes[0][index ^ 1], test_tree_root(&t), sib, index, true, &rc);
        CHECK(rc == 0 && cuzk_cs_recorder_first_unsatisfied(cs) >= 0);
        cuzk_cs_free(cs);
        cs = prove(&s, &t.nodes[0][index], &t.nodes[0][0], sib, index, true, &rc);
        CHECK(rc == 0 && cuzk_cs_recorder_first_unsatisfied(cs) >= 0);
        cuzk_cs_free(cs);
    }

    /* por_no_challenge_input with the same path: allocated bits and siblings */
    uint64_t index = picks[2];
    test_tree_path(&t, &s, index, sib);
    for (int bad = 0; bad < 2; bad++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        const uint32_t nbits = cuzk_merkle_shape_index_bits(&s);
        cuzk_boolean bits[64];
        cuzk_num leaf, root, *sn = calloc(ns, sizeof *sn);
        CHECK(cuzk_num_alloc(cs, &leaf, &t.nodes[0][index]) == 0);
        for (uint32_t i = 0; i < nbits; i++) {
            bool v = ((index >> i) & 1) ^ (bad && i == nbits - 1);
            CHECK(cuzk_boolean_alloc(cs, &bits[i], &v) == 0);
        }
        for (uint32_t i = 0; i < ns; i++)
            CHECK(cuzk_num_alloc(cs, &sn[i], &sib[i]) == 0);
        CHECK(cuzk_num_alloc(cs, &root, test_tree_root(&t)) == 0);
        CHECK(cuzk_por_no_challenge_input(cs, &s, &ps, bits, &leaf, sn, &root) == 0);
        int64_t first = cuzk_cs_recorder_first_unsatisfied(cs);
        CHECK_MSG(bad ? first >= 0 : first == -1, "%s: por_no_challenge_input (%s path)", name, bad ? "bad" : "good");
        free(sn);
        cuzk_cs_free(cs);
    }
    free(sib);
    test_tree_free(&t);
}

/* storage-proofs-porep stacked/circuit/hash.rs test_hash_single_column_circuit
 * (598) and the 2-layer column (= hash2, 311); other lengths are refused. */
static void test_column(cuzk_rng *rng)
{
    const size_t ns[2] = { 11, 2 };
    for (int k = 0; k < 2; k++) {
        size_t n = ns[k];
        cuzk_fr rows[11], want;
        for (size_t i = 0; i < n; i++)
            cuzk_fr_from_u64(&rows[i], cuzk_rng_u64(rng));
        CHECK(cuzk_column_hash(&want, rows, n, &ps) == 0);
        cuzk_fr direct;
        cuzk_poseidon_hash(cuzk_poseidon_set_get(&ps, (uint32_t)n), &direct, rows);
        CHECK(cuzk_fr_eq(&want, &direct));
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_num in[11], out;
        for (size_t i = 0; i < n; i++)
            CHECK(cuzk_num_alloc(cs, &in[i], &rows[i]) == 0);
        CHECK(cuzk_column_hash_gadget(cs, &out, in, n, &ps) == 0);
        cuzk_cs_stats st;
        cuzk_cs_get_stats(cs, &st);
        long upstream = golden_count(counts, n == 11 ? "test_hash_single_column_circuit" : "test_hash2_circuit", NULL);
        CHECK_MSG((long)st.constraints == upstream, "hash.rs %s: %llu constraints, want %ld",
                  n == 11 ? "test_hash_single_column_circuit" : "test_hash2_circuit",
                  (unsigned long long)st.constraints, upstream);
        CHECK(cuzk_fr_eq(&out.value, &want));
        check_witness(cs, out.var, "column hash");
        CHECK(cuzk_column_hash_gadget(cs, &out, in, 4, &ps) == CUZK_ERR_INVALID_ARGUMENT);
        CHECK(cuzk_column_hash(&want, rows, 8, &ps) == CUZK_ERR_INVALID_ARGUMENT);
        cuzk_cs_free(cs);
    }
}

static void test_shapes(void)
{
    cuzk_merkle_shape s = shape(8, 9, 8, 2);
    CHECK(cuzk_merkle_shape_levels(&s) == 11 && cuzk_merkle_shape_index_bits(&s) == 31 &&
          cuzk_merkle_shape_siblings(&s) == 9 * 7 + 7 + 1);
    CHECK(cuzk_merkle_shape_arity(&s, 8) == 8 && cuzk_merkle_shape_arity(&s, 9) == 8 &&
          cuzk_merkle_shape_arity(&s, 10) == 2 && cuzk_merkle_shape_arity(&s, 11) == 0);
    CHECK(cuzk_merkle_shape_check(&s, &ps, NULL) == 0);
    cuzk_err err;
    cuzk_merkle_shape bad = shape(8, 2, 0, 2); /* top without sub */
    CHECK(cuzk_merkle_shape_check(&bad, &ps, &err) == CUZK_ERR_INVALID_ARGUMENT);
    bad = shape(6, 2, 0, 0);
    CHECK(cuzk_merkle_shape_check(&bad, &ps, &err) == CUZK_ERR_INVALID_ARGUMENT);
    bad = shape(16, 2, 0, 0); /* no arity-16 constants in the set */
    CHECK(cuzk_merkle_shape_check(&bad, &ps, &err) == CUZK_ERR_INVALID_ARGUMENT);
    bad = shape(2, 65, 0, 0);
    CHECK(cuzk_merkle_shape_check(&bad, &ps, &err) == CUZK_ERR_INVALID_ARGUMENT);
    /* proving without siblings is refused */
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_fr z = CUZK_FR_ZERO;
    cuzk_por_root l = { NULL, &z }, r = { NULL, &z };
    CHECK(cuzk_por_circuit(cs, &s, &ps, l, r, NULL, 0, true) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(cs);
}

int main(void)
{
    counts = golden_read("fil_proofs/constraint_counts.json");
    CHECK(counts != NULL);
    if (!counts)
        return test_finish("gadgets/por");
    const uint32_t arities[] = { 2, 4, 8, 11 };
    CHECK(cuzk_poseidon_set_init(&ps, arities, 4, NULL) == 0);

    test_upstream_count("test_por_circuit_poseidon_base_2", shape(2, 6, 0, 0), false);
    test_upstream_count("test_por_circuit_poseidon_base_4", shape(4, 3, 0, 0), false);
    test_upstream_count("test_por_circuit_poseidon_base_8", shape(8, 2, 0, 0), false);
    test_upstream_count("test_por_circuit_poseidon_sub_8_2", shape(8, 2, 2, 0), false);
    test_upstream_count("test_por_circuit_poseidon_top_8_4_2", shape(8, 2, 4, 2), false);
    test_upstream_count("test_por_circuit_poseidon_sub_8_8", shape(8, 2, 8, 0), false);
    test_upstream_count("test_por_circuit_poseidon_top_8_8_2", shape(8, 2, 8, 2), false);
    test_upstream_count("test_por_circuit_poseidon_top_8_2_4", shape(8, 2, 2, 4), false);
    test_upstream_count("test_por_circuit_poseidon_base_2_private_root", shape(2, 6, 0, 0), true);
    test_upstream_count("test_por_circuit_poseidon_base_4_private_root", shape(4, 3, 0, 0), true);
    test_upstream_count("test_por_circuit_poseidon_base_8_private_root", shape(8, 2, 0, 0), true);
    test_level_costs();
    test_shapes();

    cuzk_rng rng;
    cuzk_rng_seed(&rng, 3);
    test_paths(shape(8, 2, 0, 0), "poseidon 8-0-0", &rng);
    test_paths(shape(8, 1, 8, 0), "poseidon 8-8-0", &rng);
    test_paths(shape(8, 1, 8, 2), "poseidon 8-8-2", &rng);
    test_paths(shape(2, 3, 4, 0), "poseidon 2-4-0", &rng);
    test_column(&rng);

    cuzk_poseidon_set_free(&ps);
    free(counts);
    return test_finish("gadgets/por");
}
