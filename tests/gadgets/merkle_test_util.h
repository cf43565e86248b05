/* Test helper: a whole Merkle tree of a shape, built natively, and the path
 * (siblings in path order) of one leaf. Mixed-radix levels as rust-fil-proofs'
 * base / sub / top trees: level l groups `arity(l)` consecutive nodes. */
#ifndef CUZK_TESTS_MERKLE_TEST_UTIL_H
#define CUZK_TESTS_MERKLE_TEST_UTIL_H

#include "cuzk/gadgets.h"
#include <stdlib.h>

typedef struct {
    uint32_t levels;
    uint64_t leaves;
    cuzk_fr *nodes[66];  /* nodes[0] = leaves ... nodes[levels] = {root} */
    uint64_t count[66];
} test_tree;

static inline int test_tree_build(test_tree *t, const cuzk_merkle_shape *s, const cuzk_poseidon_set *ps,
                                  cuzk_rng *rng)
{
    t->levels = cuzk_merkle_shape_levels(s);
    t->leaves = 1;
    for (uint32_t l = 0; l < t->levels; l++)
        t->leaves *= cuzk_merkle_shape_arity(s, l);
    t->count[0] = t->leaves;
    t->nodes[0] = calloc(t->leaves, sizeof(cuzk_fr));
    for (uint64_t i = 0; i < t->leaves; i++) {
        uint64_t raw[4] = { cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng) >> 3 };
        (void)cuzk_fr_from_raw(&t->nodes[0][i], raw);
    }
    for (uint32_t l = 0; l < t->levels; l++) {
        uint32_t a = cuzk_merkle_shape_arity(s, l);
        t->count[l + 1] = t->count[l] / a;
        t->nodes[l + 1] = calloc(t->count[l + 1], sizeof(cuzk_fr));
        for (uint64_t i = 0; i < t->count[l + 1]; i++)
            if (cuzk_merkle_node(&t->nodes[l + 1][i], s->hasher, ps, &t->nodes[l][i * a], a) != 0)
                return -1;
    }
    return 0;
}

/* siblings must hold cuzk_merkle_shape_siblings(s) values. */
static inline void test_tree_path(const test_tree *t, const cuzk_merkle_shape *s, uint64_t index, cuzk_fr *siblings)
{
    size_t k = 0;
    for (uint32_t l = 0; l < t->levels; l++) {
        uint32_t a = cuzk_merkle_shape_arity(s, l);
        uint64_t group = index / a * a;
        for (uint32_t i = 0; i < a; i++)
            if (group + i != index)
                siblings[k++] = t->nodes[l][group + i];
        index /= a;
    }
}

static inline const cuzk_fr *test_tree_root(const test_tree *t) { return &t->nodes[t->levels][0]; }

static inline void test_tree_free(test_tree *t)
{
    for (uint32_t l = 0; l <= t->levels; l++)
        free(t->nodes[l]);
}

#endif
