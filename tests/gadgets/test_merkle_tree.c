/* Native whole-tree building: rust-fil-proofs known roots (comm_d of empty
 * 2 KiB and 128 B sectors, the 4-leaf Poseidon tree of filecoin-hashers),
 * pooled building equal to node-by-node hashing, paths that lead to the root. */
#include "cuzk/gadgets.h"
#include "poseidon_golden.h"
#include "merkle_test_util.h"

static cuzk_poseidon_set ps;

/* filecoin-proofs/tests/pieces.rs test_compute_comm_d_empty */
static void test_comm_d_empty(const char *doc, const char *name, uint32_t levels, cuzk_pool *pool)
{
    const char *v = golden_find_named(doc, "name", name);
    const char *h = v ? strstr(v, "\"expected_hex\": \"") : NULL;
    CHECK_MSG(h != NULL, "rust_fil_proofs_kat.json: %s missing", name);
    if (!h)
        return;
    h += strlen("\"expected_hex\": \"");
    char hex[65];
    memcpy(hex, h, 64);
    hex[64] = 0;
    uint8_t want[32], got[32];
    CHECK(test_unhex(want, 32, hex) == 32);
    cuzk_merkle_shape s = { CUZK_MERKLE_SHA256, 2, levels, 0, 0 };
    uint64_t n = cuzk_merkle_tree_nodes(&s);
    CHECK(n == 2 * cuzk_merkle_tree_leaves(&s) - 1);
    cuzk_fr *nodes = calloc(n, sizeof *nodes); /* zero leaves */
    CHECK(cuzk_merkle_tree_build(nodes, &s, NULL, pool, NULL) == 0);
    cuzk_fr_to_bytes_le(got, &nodes[n - 1]);
    CHECK_MSG(memcmp(got, want, 32) == 0, "pieces.rs test_compute_comm_d_empty: %s", name);
    free(nodes);
}

/* filecoin-hashers poseidon.rs test_poseidon_hasher: leaves 1, 0, 0, 1 */
static void test_poseidon_4(const char *doc)
{
    cuzk_fr want;
    const char *v = golden_find_named(doc, "name", "poseidon_binary_merkle_tree_4_leaves");
    CHECK(golden_fr_after(v ? strstr(v, "expected_root_node6") : NULL, "repr_le_bytes_hex", &want));
    cuzk_merkle_shape s = { CUZK_MERKLE_POSEIDON, 2, 2, 0, 0 };
    cuzk_fr nodes[7];
    cuzk_fr_from_u64(&nodes[0], 1);
    cuzk_fr_from_u64(&nodes[1], 0);
    cuzk_fr_from_u64(&nodes[2], 0);
    cuzk_fr_from_u64(&nodes[3], 1);
    CHECK(cuzk_merkle_tree_nodes(&s) == 7);
    CHECK(cuzk_merkle_tree_build(nodes, &s, &ps, NULL, NULL) == 0);
    CHECK_MSG(cuzk_fr_eq(&nodes[6], &want), "test_poseidon_hasher: root");
}

/* A production shape over a pool equals the node-by-node tree; every path checks. */
static void test_shape(cuzk_merkle_shape s, cuzk_pool *pool, cuzk_rng *rng)
{
    test_tree t;
    CHECK(test_tree_build(&t, &s, &ps, rng) == 0);
    uint64_t n = cuzk_merkle_tree_nodes(&s), leaves = cuzk_merkle_tree_leaves(&s);
    CHECK(leaves == t.leaves);
    cuzk_fr *nodes = calloc(n, sizeof *nodes);
    memcpy(nodes, t.nodes[0], leaves * sizeof *nodes);
    CHECK(cuzk_merkle_tree_build(nodes, &s, &ps, pool, NULL) == 0);
    CHECK(cuzk_fr_eq(&nodes[n - 1], test_tree_root(&t)));
    uint32_t ns = cuzk_merkle_shape_siblings(&s);
    cuzk_fr *a = calloc(ns, sizeof *a), *b = calloc(ns, sizeof *b);
    size_t bad = 0;
    for (uint64_t i = 0; i < leaves; i += 1 + leaves / 37) {
        CHECK(cuzk_merkle_tree_path(a, nodes, &s, i) == 0);
        test_tree_path(&t, &s, i, b);
        cuzk_fr root;
        CHECK(cuzk_merkle_root_from_path(&root, &s, &ps, &nodes[i], a, i) == 0);
        bad += memcmp(a, b, ns * sizeof *a) != 0 || !cuzk_fr_eq(&root, &nodes[n - 1]);
    }
    CHECK(bad == 0);
    CHECK(cuzk_merkle_tree_path(a, nodes, &s, leaves) == CUZK_ERR_INVALID_ARGUMENT);
    free(a);
    free(b);
    free(nodes);
    test_tree_free(&t);
}

int main(void)
{
    const uint32_t arities[] = { 2, 4, 8 };
    CHECK(cuzk_poseidon_set_init(&ps, arities, 3, NULL) == 0);
    cuzk_pool *pool = cuzk_pool_create(2);
    char *doc = golden_read("fil_proofs/rust_fil_proofs_kat.json");
    CHECK(doc != NULL);
    if (doc) {
        test_comm_d_empty(doc, "comm_d_empty_2kib", 6, pool);
        test_comm_d_empty(doc, "comm_d_empty_128b", 2, NULL);
        test_poseidon_4(doc);
        free(doc);
    }
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 21);
    test_shape((cuzk_merkle_shape){ CUZK_MERKLE_POSEIDON, 8, 2, 0, 0 }, pool, &rng);
    test_shape((cuzk_merkle_shape){ CUZK_MERKLE_POSEIDON, 8, 1, 8, 2 }, pool, &rng);
    test_shape((cuzk_merkle_shape){ CUZK_MERKLE_POSEIDON, 8, 1, 4, 0 }, NULL, &rng);
    test_shape((cuzk_merkle_shape){ CUZK_MERKLE_SHA256, 2, 7, 0, 0 }, pool, &rng);
    /* invalid shapes */
    cuzk_merkle_shape bad = { CUZK_MERKLE_POSEIDON, 3, 2, 0, 0 };
    CHECK(cuzk_merkle_tree_leaves(&bad) == 0 && cuzk_merkle_tree_nodes(&bad) == 0);
    bad = (cuzk_merkle_shape){ CUZK_MERKLE_POSEIDON, 16, 1, 0, 0 }; /* no arity-16 constants */
    cuzk_fr dummy[17];
    cuzk_err err;
    CHECK(cuzk_merkle_tree_build(dummy, &bad, &ps, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    bad = (cuzk_merkle_shape){ CUZK_MERKLE_SHA256, 2, 63, 0, 0 };
    CHECK(cuzk_merkle_tree_build(dummy, &bad, NULL, NULL, &err) == CUZK_ERR_TOO_LARGE);
    cuzk_pool_destroy(pool);
    cuzk_poseidon_set_free(&ps);
    return test_finish("gadgets/merkle_tree");
}
