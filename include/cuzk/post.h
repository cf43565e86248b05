/* cuzk post: WindowPoSt and WinningPoSt (storage-proofs-post "fallback"):
 * registered-proof configs, challenges, public inputs, the vanilla proofs as
 * Curio sends them (bincode FallbackPoStSectorProof) and the partition circuit.
 *
 * The circuit proves, for each of sector_count sectors, comm_r =
 * Poseidon2(comm_c, comm_r_last) and challenge_count Merkle inclusions in
 * tree R (root comm_r_last). WinningPoSt's 66 challenges of one sector are
 * laid out as 66 one-challenge sectors, as upstream does. Domain values are
 * 32-byte little-endian Fr reprs, as in cuzk/porep.h. */
#ifndef CUZK_POST_H
#define CUZK_POST_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "cuzk/ff.h"
#include "cuzk/util.h"
#include "cuzk/r1cs.h"
#include "cuzk/porep.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { CUZK_POST_WINNING = 0, CUZK_POST_WINDOW = 1 } cuzk_post_kind;

/* RegisteredPoStProof as the wire carries it (Go numbering, registered_post_proof_from_u64):
 * 0..4 Winning V1, 5..9 Window V1, 10..14 Window V1_2 (the "grindability
 * fix", Go's ..V1_1), each 2 KiB, 8 MiB, 512 MiB, 32 GiB, 64 GiB. */
typedef enum {
    CUZK_POST_WINNING_2KIB_V1 = 0, CUZK_POST_WINNING_8MIB_V1, CUZK_POST_WINNING_512MIB_V1,
    CUZK_POST_WINNING_32GIB_V1, CUZK_POST_WINNING_64GIB_V1,
    CUZK_POST_WINDOW_2KIB_V1 = 5, CUZK_POST_WINDOW_8MIB_V1, CUZK_POST_WINDOW_512MIB_V1,
    CUZK_POST_WINDOW_32GIB_V1, CUZK_POST_WINDOW_64GIB_V1,
    CUZK_POST_WINDOW_2KIB_V1_2 = 10, CUZK_POST_WINDOW_8MIB_V1_2, CUZK_POST_WINDOW_512MIB_V1_2,
    CUZK_POST_WINDOW_32GIB_V1_2, CUZK_POST_WINDOW_64GIB_V1_2,
    CUZK_POST__COUNT
} cuzk_post_proof;

#define CUZK_POST_WINDOW_CHALLENGES 10   /* WINDOW_POST_CHALLENGE_COUNT */
#define CUZK_POST_WINNING_CHALLENGES 66  /* WINNING_POST_CHALLENGE_COUNT */

typedef struct {
    cuzk_post_kind kind;
    int32_t post_proof;          /* cuzk_post_proof, or -1 for a custom config */
    uint64_t sector_size, nodes; /* nodes = sector_size / 32 */
    /* The circuit's (and the parameter file's) sector_count and
     * challenge_count: Window 2349 / 2300 / 2 and 10; Winning 66 and 1. */
    uint32_t sector_count, challenge_count;
    /* Challenges one sector's vanilla proof answers: Window 10, Winning 66. */
    uint32_t vanilla_challenges;
    /* Tree R shape: base_levels levels of base_arity (8), then one level of
     * sub_arity and one of top_arity when non-zero. */
    uint32_t base_arity, base_levels, sub_arity, top_arity;
    cuzk_porep_api api_version;  /* V1_0_0, or V1_2_0 for Window V1_2 */
} cuzk_post_config;

int cuzk_post_config_init(cuzk_post_config *cfg, cuzk_post_proof proof, cuzk_err *err);
/* A test config as upstream's tests build them: nodes leaves (a power of
 * two), tree 8-sub-top, any sector and challenge counts (vanilla_challenges
 * = challenge_count for Window, sector_count * challenge_count for Winning). */
int cuzk_post_config_custom(cuzk_post_config *cfg, cuzk_post_kind kind, uint64_t nodes, uint32_t sub_arity,
                            uint32_t top_arity, uint32_t sector_count, uint32_t challenge_count, cuzk_porep_api api,
                            cuzk_err *err);
/* "StackedDrgWindow32GiBV1_2" as filecoin-proofs-api names it; NULL when out
 * of range; and the reverse (-1 when unknown). */
const char *cuzk_post_proof_name(int proof);
int cuzk_post_proof_from_name(const char *name);
/* The official parameter file name without its extension
 * ("v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-0377…"):
 * add ".params" or ".vk". out holds at least 128 bytes. */
int cuzk_post_param_name(char *out, size_t cap, const cuzk_post_config *cfg, cuzk_err *err);
/* Partitions of a WindowPoSt over n sectors (ceil(n / sector_count)); 1 for Winning. */
uint32_t cuzk_post_partitions(const cuzk_post_config *cfg, size_t n_sectors);

/* ==== challenges (post_challenges.c) ====================================== */

/* get_challenge_index: V1_0_0 / V1_1_0 sector_index * challenge_count + n; V1_2_0 n. */
uint64_t cuzk_post_challenge_index(cuzk_porep_api api, uint64_t sector_index, uint32_t challenge_count, uint32_t n);
/* u64_LE(SHA256(randomness || sector_id LE || challenge_index LE)[0..8]) mod nodes. */
uint64_t cuzk_post_leaf_challenge(uint64_t nodes, const uint8_t randomness[32], uint64_t sector_id,
                                  uint64_t challenge_index);
/* The cfg->vanilla_challenges leaves a sector's vanilla proof answers;
 * sector_index is the sector's place among all challenged sectors (Window;
 * ignored by Winning, whose one sector has index 0). */
void cuzk_post_sector_challenges(uint64_t *out, const cuzk_post_config *cfg, const uint8_t randomness[32],
                                 uint64_t sector_id, uint64_t sector_index);
/* WinningPoSt's sector choice: u64_LE(SHA256(prover_id || randomness || n LE)[0..8]) mod sector_set_len. */
uint64_t cuzk_post_winning_sector(const uint8_t randomness[32], const uint8_t prover_id[32], uint64_t n,
                                  uint64_t sector_set_len);

/* ==== vanilla proofs: bincode FallbackPoStSectorProof (post_vanilla.c) ==== */

/* One SectorProof: inclusion proofs in tree R (cuzk_porep_merkle_proof, the
 * same MerkleProof as PoRep's), comm_c and comm_r_last. */
typedef struct {
    uint32_t n_inclusion;
    cuzk_porep_merkle_proof *inclusion;
    uint8_t comm_c[32], comm_r_last[32];
} cuzk_post_sector_proof;

/* FallbackPoStSectorProof: one sector's vanilla proof as Curio sends it
 * (sector_id, comm_r, vanilla_proof.sectors with one SectorProof). Free with
 * cuzk_post_vanilla_free. */
typedef struct {
    uint64_t sector_id;
    uint8_t comm_r[32];
    uint32_t n_sectors;          /* vanilla_proof.sectors: 1 */
    cuzk_post_sector_proof *sectors;
} cuzk_post_vanilla;

/* Reads bincode (little-endian u64 lengths, u32 enum tags) and checks every
 * shape against cfg: one SectorProof of cfg->vanilla_challenges inclusion
 * proofs with tree R's shape, every domain value < r. Errors name the field
 * ("post vanilla: vanilla_proof.sectors[0].inclusion_proofs[3].Sub.
 * base_proof[2].hashes: ..."); a length beyond the input left is an error,
 * never an allocation. */
int cuzk_post_vanilla_read(cuzk_post_vanilla *out, const void *data, size_t len, const cuzk_post_config *cfg,
                           cuzk_err *err);
/* The bincode bytes (malloc'd; free with free()). */
int cuzk_post_vanilla_write(const cuzk_post_vanilla *v, uint8_t **out, size_t *len, cuzk_err *err);
void cuzk_post_vanilla_free(cuzk_post_vanilla *v);

/* ==== vanilla proofs made here (post_synth.c) ============================ */

/* A synthetic valid vanilla proof of any sector size: the challenged leaves
 * of tree R (random, a function of their index), the rest of tree R a sparse
 * tree of random siblings, comm_c random, comm_r = Poseidon2(comm_c,
 * comm_r_last). Deterministic in rng_seed. sector_index as for
 * cuzk_post_sector_challenges. */
int cuzk_post_synth_vanilla(cuzk_post_vanilla *out, const cuzk_post_config *cfg, const uint8_t randomness[32],
                            uint64_t sector_id, uint64_t sector_index, uint64_t rng_seed, cuzk_err *err);
/* The vanilla proof of a sealed sector held in memory (cuzk_porep_seal of
 * the same size and tree shape): tree R's paths at the challenged leaves. */
int cuzk_post_vanilla_from_seal(cuzk_post_vanilla *out, const cuzk_post_config *cfg, const cuzk_porep_seal *seal,
                                const uint8_t randomness[32], uint64_t sector_id, uint64_t sector_index,
                                cuzk_err *err);

/* ==== public inputs and the circuit (post_inputs.c, post_circuit.c) ======== */

typedef struct {
    uint64_t sector_id;
    uint8_t comm_r[32];
} cuzk_post_sector;

/* Everything a PoSt proof is made from. Window: sectors lists every
 * challenged sector in order (partition k proves sectors [k * sector_count,
 * (k + 1) * sector_count)); vanilla holds one proof per sector of the
 * partition proved, found by sector_id. Winning: one sector and its vanilla
 * proof. sectors may be NULL: the vanilla proofs' (sector_id, comm_r) in
 * order are the sectors then, as filecoin-proofs' *_with_vanilla build them.
 * Borrowed; they must outlive a circuit made from them. */
typedef struct {
    uint8_t randomness[32];      /* must be < r */
    uint8_t prover_id[32];       /* must be < r; not a circuit input */
    const cuzk_post_sector *sectors;
    size_t n_sectors;
    const cuzk_post_vanilla *vanilla;
    size_t n_vanilla;
} cuzk_post_inputs;

/* sector_count * (1 + challenge_count) (ONE excluded). */
size_t cuzk_post_public_input_count(const cuzk_post_config *cfg);
/* Partition k's public inputs in upstream order: per sector comm_r, then its
 * challenged leaves; a partial last partition repeats its last sector's
 * inputs. Winning: the one sector as 66 sectors, leaf i with challenge index i.
 * out holds cuzk_post_public_input_count values. Vanilla proofs unused. */
int cuzk_post_public_inputs(cuzk_fr *out, const cuzk_post_config *cfg, const cuzk_post_inputs *in,
                            uint32_t partition, cuzk_err *err);

/* Checks the vanilla proofs of partition k as upstream's verify does before
 * proving: comm_r = Poseidon2(comm_c, comm_r_last), every inclusion path
 * hashes to comm_r_last at the challenged leaf. CUZK_ERR_PROOF_INVALID with a
 * message naming the sector, challenge and what failed. */
int cuzk_post_vanilla_verify(const cuzk_post_config *cfg, const cuzk_post_inputs *in, uint32_t partition,
                             cuzk_err *err);

typedef struct cuzk_post_circuit cuzk_post_circuit;

/* Blank (no values): setup and counting. */
int cuzk_post_circuit_new_blank(cuzk_post_circuit **out, const cuzk_post_config *cfg, cuzk_err *err);
/* Partition k's circuit; the vanilla proofs are checked first
 * (cuzk_post_vanilla_verify) unless check is false. in is borrowed. */
int cuzk_post_circuit_from_inputs(cuzk_post_circuit **out, const cuzk_post_config *cfg, const cuzk_post_inputs *in,
                                  uint32_t partition, bool check, cuzk_err *err);
/* The generic circuit view (ctx = pc); valid while pc lives. */
cuzk_circuit cuzk_post_circuit_get(cuzk_post_circuit *pc);
void cuzk_post_circuit_free(cuzk_post_circuit *pc);

/* ==== fast witness generation (post_witness.c) ============================ */

/* Produces the same vectors as the generic path (the circuit synthesized into
 * a prover cs: inputs, aux, A·z, B·z, C·z and the densities), faster: one
 * sector slot's matrices are recorded once per config (a tape) and each slot
 * is filled by a value mirror of the gadgets plus the tape, slots in
 * parallel. See include/cuzk/porep_witness.h for the design. */
typedef struct cuzk_post_wgen cuzk_post_wgen;
int cuzk_post_wgen_new(cuzk_post_wgen **out, const cuzk_post_config *cfg, cuzk_err *err);
void cuzk_post_wgen_free(cuzk_post_wgen *g);
void cuzk_post_wgen_size(const cuzk_post_wgen *g, uint64_t *inputs, uint64_t *aux, uint64_t *constraints);
/* Caller-owned buffers: input[inputs], aux[aux], a/b/c[constraints]. */
typedef struct {
    cuzk_fr *input, *aux, *a, *b, *c;
} cuzk_post_wgen_buffers;
/* Partition k of in, checked as cuzk_post_circuit_from_inputs checks it;
 * one task per sector slot over pool (may be NULL). */
int cuzk_post_wgen_fill(const cuzk_post_wgen *g, const cuzk_post_inputs *in, uint32_t partition, bool check,
                        const cuzk_post_wgen_buffers *buf, cuzk_pool *pool, cuzk_err *err);
/* A witness view of filled buffers for cuzk_groth16_prove (densities owned by g). */
void cuzk_post_wgen_witness(const cuzk_post_wgen *g, const cuzk_post_wgen_buffers *buf, cuzk_witness *w);
/* Debugging aid: the gadget section of aux variable / constraint i. */
void cuzk_post_wgen_describe(const cuzk_post_wgen *g, uint64_t aux_index, char *out, size_t n);
void cuzk_post_wgen_describe_constraint(const cuzk_post_wgen *g, uint64_t i, char *out, size_t n);

#ifdef __cplusplus
}
#endif
#endif
