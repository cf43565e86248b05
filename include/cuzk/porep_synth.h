/* cuzk porep_synth: synthetic C1 outputs for any sector size, built without
 * the sector's data (issue 7 item 4b), and the sparse Merkle trees they need.
 *
 * How a synthetic C1 is made (src/circuits/porep/synth_c1.c):
 *  1. the data is a random block of min(nodes, 2^16) Fr32 nodes repeated over
 *     the sector (or all zero: a committed-capacity sector), so tree D is the
 *     block's tree below the block and uniform above it: comm_d and every
 *     path are known without touching the other nodes;
 *  2. replica_id = SHA256-trunc254(prover_id || sector_id || ticket || comm_d
 *     || porep_id), as a real seal derives it;
 *  3. the interactive challenges of every partition from replica_id and the
 *     seed (they do not depend on comm_r; Synthetic and NI PoRep challenges
 *     do, so those kinds cannot be synthesized and are refused);
 *  4. columns (one label per layer) of every challenged node and of its 14
 *     parents: random labels for the parents that are not challenged
 *     themselves, and for each challenged node, layer by layer, the real SDR
 *     label of its parents' labels (DRG parents from the same layer,
 *     expander parents from the previous one);
 *  5. tree C over the touched columns (leaf = Poseidon_layers(column)) and
 *     tree R over the challenged replica nodes (label_last + data) as sparse
 *     trees: untouched siblings are random hashes;
 *  6. comm_r = Poseidon2(comm_c, comm_r_last), and the vanilla proofs. */
#ifndef CUZK_POREP_SYNTH_H
#define CUZK_POREP_SYNTH_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "cuzk/porep.h"
#include "cuzk/gadgets.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- a deterministic random stream (ChaCha20 keyed by SHA-256 of a tag and
 * a 64-bit seed) ---- */
typedef struct {
    uint8_t key[32];
    uint64_t offset;             /* keystream bytes consumed */
} cuzk_porep_rng;

void cuzk_porep_rng_init(cuzk_porep_rng *r, const char *tag, uint64_t seed);
void cuzk_porep_rng_bytes(cuzk_porep_rng *r, void *out, size_t len);
/* 32 random bytes below 2^254 (a valid Fr32 / SHA256-trunc254 value). */
void cuzk_porep_rng_fr32(cuzk_porep_rng *r, uint8_t out[32]);

/* ---- sparse Merkle trees ----
 * A tree of the given shape of which only some leaves are known: every
 * sibling group on the paths of those leaves is materialised, the other
 * children of those groups are random values. All paths lead to one root. */
typedef struct cuzk_sparse_tree cuzk_sparse_tree;

/* n leaves (index, value) in any order; a repeated index must repeat its
 * value. poseidon may be NULL for a SHA-256 shape. */
int cuzk_sparse_tree_build(cuzk_sparse_tree **out, const cuzk_merkle_shape *shape, const cuzk_poseidon_set *poseidon,
                           const uint64_t *index, const cuzk_fr *leaves, size_t n, cuzk_porep_rng *rng,
                           cuzk_err *err);
void cuzk_sparse_tree_root(const cuzk_sparse_tree *t, cuzk_fr *root);
/* The inclusion proof of a known leaf, as a C1 holds it. */
int cuzk_sparse_tree_proof(const cuzk_sparse_tree *t, uint64_t index, cuzk_porep_merkle_proof *out, cuzk_err *err);
/* Materialised groups (all levels): a measure of the tree's size. */
uint64_t cuzk_sparse_tree_groups(const cuzk_sparse_tree *t);
void cuzk_sparse_tree_free(cuzk_sparse_tree *t);

/* ---- synthetic C1 outputs ---- */

/* Progress: a stage name ("tree D", "labels", ...) as each one starts. */
typedef void (*cuzk_porep_synth_progress)(void *arg, const char *stage);

typedef struct {
    uint64_t rng_seed;           /* every random choice derives from it */
    uint8_t prover_id[32];
    uint64_t sector_id;
    uint8_t ticket[32];
    uint8_t seed[32];            /* the interactive randomness */
    bool zero_data;              /* all-zero data (a CC sector): comm_d is the empty sector's */
    uint32_t data_block_log2;    /* 0: 16; the random data block is 2^this nodes (at most the sector) */
    cuzk_porep_synth_progress progress;
    void *progress_arg;
} cuzk_porep_synth_opts;

/* Defaults: prover_id of miner t01000, sector 1, ticket and seed drawn from
 * rng_seed, random data. */
void cuzk_porep_synth_opts_default(cuzk_porep_synth_opts *o, uint64_t rng_seed);
/* Filecoin's prover_id of an ID address: the LEB128 of the actor id, zero
 * padded to 32 bytes. */
void cuzk_porep_prover_id_from_miner(uint8_t out[32], uint64_t miner_id);

/* A synthetic C1 output for cfg (interactive challenges; a custom config
 * gives seal_proof -1: usable in memory, not writable as JSON). comm_c and
 * comm_r_last may be NULL. */
int cuzk_porep_synth_c1(cuzk_porep_c1 *out, const cuzk_porep_config *cfg, const cuzk_porep_synth_opts *o,
                        uint8_t comm_c[32], uint8_t comm_r_last[32], cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
