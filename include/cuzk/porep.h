/* cuzk porep: the stacked-DRG PoRep outside the circuit (storage-proofs-porep
 * "vanilla"): registered-proof configs, replica_id, the SDR graph (DRG and
 * expander parents), challenges, labels, trees D/C/R, vanilla proofs and the
 * public inputs of a partition circuit.
 *
 * Byte conventions follow rust-fil-proofs' serde output (formats spec §4.1):
 * every domain value (labels, tree nodes, comm_*, replica_id) is 32 bytes,
 * the little-endian repr of an Fr; SHA-256 tree-D nodes have the top two bits
 * of byte 31 cleared. The types below are shared with the C1 JSON reader and
 * writer (src/circuits/porep/c1_*.c). */
#ifndef CUZK_POREP_H
#define CUZK_POREP_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "cuzk/ff.h"
#include "cuzk/util.h"
#include "cuzk/poseidon.h"
#include "cuzk/r1cs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== shared types ======================================================== */

#define CUZK_POREP_DRG_PARENTS 6      /* BASE_DEGREE */
#define CUZK_POREP_EXP_PARENTS 8      /* EXP_DEGREE */
#define CUZK_POREP_PARENTS 14         /* DRG then expander */
#define CUZK_POREP_LABEL_PARENTS 37   /* TOTAL_PARENTS: parent labels hashed per label */
#define CUZK_POREP_MAX_LAYERS 11
#define CUZK_POREP_MAX_CHALLENGES 18  /* per partition */
/* Longest path: tree D of 2^31 nodes (31 levels); tree C/R 8-8-2 of 2^31 nodes
 * has 9 + 1 + 1 levels and 9*7 + 7 + 1 = 71 sibling hashes. */
#define CUZK_POREP_MAX_PATH_LEVELS 32
#define CUZK_POREP_MAX_PATH_HASHES 72

/* ApiVersion (storage-proofs-core api_version.rs). */
typedef enum {
    CUZK_POREP_API_V1_0_0 = 0,
    CUZK_POREP_API_V1_1_0 = 1,
    CUZK_POREP_API_V1_2_0 = 2,
} cuzk_porep_api;

/* ApiFeature bits. */
#define CUZK_POREP_FEAT_SYNTHETIC 1u  /* SyntheticPoRep */
#define CUZK_POREP_FEAT_NI        2u  /* NonInteractivePoRep */

/* RegisteredSealProof, numbered as filecoin-proofs-api (the number is the
 * porep_id's first u64). */
typedef enum {
    CUZK_SEAL_2KIB_V1 = 0, CUZK_SEAL_8MIB_V1, CUZK_SEAL_512MIB_V1, CUZK_SEAL_32GIB_V1, CUZK_SEAL_64GIB_V1,
    CUZK_SEAL_2KIB_V1_1 = 5, CUZK_SEAL_8MIB_V1_1, CUZK_SEAL_512MIB_V1_1, CUZK_SEAL_32GIB_V1_1,
    CUZK_SEAL_64GIB_V1_1,
    CUZK_SEAL_2KIB_V1_1_SYNTH = 10, CUZK_SEAL_8MIB_V1_1_SYNTH, CUZK_SEAL_512MIB_V1_1_SYNTH,
    CUZK_SEAL_32GIB_V1_1_SYNTH, CUZK_SEAL_64GIB_V1_1_SYNTH,
    CUZK_SEAL_2KIB_V1_2_NI = 15, CUZK_SEAL_8MIB_V1_2_NI, CUZK_SEAL_512MIB_V1_2_NI, CUZK_SEAL_32GIB_V1_2_NI,
    CUZK_SEAL_64GIB_V1_2_NI,
    CUZK_SEAL__COUNT
} cuzk_seal_proof;

/* How the challenges of a sector are drawn. */
typedef enum {
    CUZK_POREP_CHALLENGES_INTERACTIVE = 0, /* SHA-256 of replica_id, seed, index */
    CUZK_POREP_CHALLENGES_SYNTHETIC = 1,   /* selected from the synthetic set by the seed */
    CUZK_POREP_CHALLENGES_NI = 2,          /* SHA-256 of a tag, replica_id, comm_r, index */
} cuzk_porep_challenge_mode;

/* Everything the vanilla PoRep and the circuit need to know about a sector
 * kind. Filled by cuzk_porep_config_init / _custom; plain data. */
typedef struct {
    uint64_t sector_size;        /* bytes */
    uint64_t nodes;              /* sector_size / 32 */
    uint32_t layers;
    uint32_t partitions;
    uint32_t challenges_per_partition;
    uint32_t min_challenges;     /* partitions * challenges_per_partition >= this */
    /* Tree C / tree R shape U8-V-W: base_levels arity-8 levels, then one
     * sub_arity level (0 = none), then one top_arity level (0 = none). */
    uint32_t base_arity, base_levels, sub_arity, top_arity;
    uint32_t tree_d_levels;      /* log2(nodes) */
    cuzk_porep_api api_version;
    uint32_t features;           /* CUZK_POREP_FEAT_* */
    cuzk_porep_challenge_mode challenge_mode;
    int32_t seal_proof;          /* cuzk_seal_proof, or -1 for a custom config */
    uint8_t porep_id[32];
} cuzk_porep_config;

/* One Merkle inclusion proof as rust-fil-proofs serialises it (MerkleProof
 * with ProofData Single / Sub / Top). Level i (0 = next to the leaf) has
 * arity[i] - 1 sibling hashes, stored in order in hashes[] with the current
 * node removed; index[i] is the current node's position among its siblings.
 * The first base_levels levels form the base proof, then sub_levels (0 or 1)
 * and top_levels (0 or 1). */
typedef struct {
    uint8_t root[32];
    uint8_t leaf[32];
    uint32_t base_levels, sub_levels, top_levels;
    uint8_t arity[CUZK_POREP_MAX_PATH_LEVELS];
    uint8_t index[CUZK_POREP_MAX_PATH_LEVELS];
    uint8_t hashes[CUZK_POREP_MAX_PATH_HASHES][32];
} cuzk_porep_merkle_proof;

/* A column of tree C: the node's label in every layer (rows[0] = layer 1). */
typedef struct {
    uint32_t index;
    uint32_t n_rows;             /* = layers */
    uint8_t rows[CUZK_POREP_MAX_LAYERS][32];
} cuzk_porep_column;

typedef struct {
    cuzk_porep_column column;
    cuzk_porep_merkle_proof inclusion; /* tree C, leaf = Poseidon_layers(rows) */
} cuzk_porep_column_proof;

/* LabelingProof / EncodingProof: the 37 parent labels that were hashed
 * (already repeated to 37), the layer (1-based) and the node. */
typedef struct {
    uint8_t parents[CUZK_POREP_LABEL_PARENTS][32];
    uint32_t layer_index;
    uint64_t node;
} cuzk_porep_labeling_proof;

/* stacked::Proof: everything proven for one challenge. */
typedef struct {
    cuzk_porep_merkle_proof comm_d_proof;      /* tree D, leaf = data node */
    cuzk_porep_merkle_proof comm_r_last_proof; /* tree R, leaf = replica node */
    cuzk_porep_column_proof c_x;               /* the challenge's column */
    cuzk_porep_column_proof drg_parents[CUZK_POREP_DRG_PARENTS];
    cuzk_porep_column_proof exp_parents[CUZK_POREP_EXP_PARENTS];
    uint32_t n_labeling;                       /* = layers */
    cuzk_porep_labeling_proof labeling[CUZK_POREP_MAX_LAYERS];
    cuzk_porep_labeling_proof encoding;        /* the last layer's, again */
} cuzk_porep_challenge_proof;

/* SealCommitPhase1Output minus its JSON: proofs[p * challenges_per_partition + i]
 * is challenge i of partition p. Own proofs with cuzk_alloc; free with
 * cuzk_porep_c1_free. */
typedef struct {
    int32_t seal_proof;          /* cuzk_seal_proof */
    uint8_t comm_r[32], comm_d[32], replica_id[32], seed[32], ticket[32];
    uint32_t partitions, challenges_per_partition;
    cuzk_porep_challenge_proof *proofs;
} cuzk_porep_c1;

void cuzk_porep_c1_free(cuzk_porep_c1 *c1); /* frees proofs, keeps the struct */

/* ==== configs (porep_config.c) ============================================ */

/* The config of a registered seal proof. */
int cuzk_porep_config_init(cuzk_porep_config *cfg, cuzk_seal_proof proof, cuzk_err *err);
/* Name as filecoin-proofs-api spells it ("StackedDrg2KiBV1_1_Feat_SyntheticPoRep"),
 * NULL when out of range; and the reverse (-1 if unknown). */
const char *cuzk_seal_proof_name(int proof);
int cuzk_seal_proof_from_name(const char *name);
/* The VanillaSealProof enum key for a registered proof ("StackedDrg2KiBV1"). */
const char *cuzk_seal_proof_shape_name(int proof);
/* The RegisteredSealProof of a sector size ("2KiB", "8MiB", "512MiB", "32GiB",
 * "64GiB") and API version ("1.0" or "1.1"; NULL: "1.1"); -1 when unknown. */
int cuzk_seal_proof_from_size(const char *size, const char *api);
/* The official parameter file name without its extension (".params" or ".vk")
 * of the PoRep circuit of a sector size; NULL for other sizes. */
const char *cuzk_porep_params_stem(uint64_t sector_size);
/* porep_id: registered proof number u64 LE, nonce 0 u64 LE, 16 zero bytes. */
void cuzk_porep_id(uint8_t out[32], uint64_t registered_proof, uint64_t nonce);
/* The config of a sector size with a given api version, features and
 * porep_id (as seal_regression records give them); seal_proof = -1. */
int cuzk_porep_config_from_params(cuzk_porep_config *cfg, uint64_t sector_size, cuzk_porep_api api,
                                  uint32_t features, const uint8_t porep_id[32], cuzk_err *err);
/* A test config (any power-of-two nodes >= 2, layers, a tree shape), as the
 * upstream tests build them. porep_id given. */
int cuzk_porep_config_custom(cuzk_porep_config *cfg, uint64_t nodes, uint32_t layers, uint32_t sub_arity,
                             uint32_t top_arity, cuzk_porep_api api, uint32_t features,
                             const uint8_t porep_id[32], uint32_t partitions, uint32_t challenges_per_partition,
                             cuzk_err *err);

/* ==== the SDR graph (sdr_graph.c) ========================================= */

/* Seeds and Feistel parameters of one graph; plain data. */
typedef struct {
    uint64_t nodes;
    cuzk_porep_api api;          /* V1_0_0: legacy predecessor slot and u32 expander cast */
    uint8_t drg_seed[28];        /* SHA256("Filecoin_DRSample" || porep_id)[0..28] */
    uint64_t feistel_keys[4];    /* SHA256("Filecoin_Feistel" || porep_id) as 4 u64 LE */
    uint64_t feistel_left_mask, feistel_right_mask;
    uint32_t feistel_half_bits;
} cuzk_porep_graph;

int cuzk_porep_graph_init(cuzk_porep_graph *g, uint64_t nodes, cuzk_porep_api api, const uint8_t porep_id[32],
                          cuzk_err *err);
/* The 6 DRG parents (V1_1+: predecessor first; V1_0: predecessor last). */
void cuzk_porep_graph_drg_parents(const cuzk_porep_graph *g, uint32_t node, uint32_t out[CUZK_POREP_DRG_PARENTS]);
/* The 8 expander parents. */
void cuzk_porep_graph_exp_parents(const cuzk_porep_graph *g, uint32_t node, uint32_t out[CUZK_POREP_EXP_PARENTS]);
/* DRG then expander: the 14 parents, as one row of the parent cache. */
void cuzk_porep_graph_parents(const cuzk_porep_graph *g, uint32_t node, uint32_t out[CUZK_POREP_PARENTS]);
/* The Feistel permutation of [0, nodes * 8) (exposed for tests). */
uint64_t cuzk_porep_feistel_permute(const cuzk_porep_graph *g, uint64_t index);
/* Every node's 14 parents (nodes * 14 u32, rust-fil-proofs' parent-cache
 * layout), over the pool (may be NULL). */
int cuzk_porep_graph_parent_cache(const cuzk_porep_graph *g, uint32_t *out, cuzk_pool *pool, cuzk_err *err);

/* ==== C1 output JSON (c1_parse.c, c1_write.c) ============================ */

/* Curio's envelope {"SectorNum", "Phase1Out": base64 of the C1 JSON,
 * "SectorSize"}, when the input was one. */
typedef struct {
    bool present;
    uint64_t sector_num;
    uint64_t sector_size;        /* checked against the registered proof */
} cuzk_c1_envelope;

/* Streaming reader: feed any chunks (a file, gRPC slices), then finish. The
 * input is a SealCommitPhase1Output JSON or the envelope around one (detected
 * by its first key). Every shape (partitions, challenges, Merkle paths for
 * the tree shape, columns, labels) is checked against the registered proof,
 * which must precede vanilla_proofs; domain values must be < r (seed and
 * ticket excepted). Errors name the JSON path: "c1: vanilla_proofs.
 * StackedDrg2KiBV1[0][1].comm_d_proofs.data.Single.root[3]: ...". A failed
 * feed stays failed. */
typedef struct cuzk_c1_parser cuzk_c1_parser;
cuzk_c1_parser *cuzk_c1_parser_new(void);    /* NULL when out of memory */
int cuzk_c1_parser_feed(cuzk_c1_parser *p, const void *data, size_t len, cuzk_err *err);
/* Moves the result into out (free with cuzk_porep_c1_free); env may be NULL. */
int cuzk_c1_parser_finish(cuzk_c1_parser *p, cuzk_porep_c1 *out, cuzk_c1_envelope *env, cuzk_err *err);
void cuzk_c1_parser_free(cuzk_c1_parser *p);
/* One buffer / one file (read in 64 KiB chunks). */
int cuzk_c1_parse(const void *data, size_t len, cuzk_porep_c1 *out, cuzk_c1_envelope *env, cuzk_err *err);
int cuzk_c1_parse_file(const char *path, cuzk_porep_c1 *out, cuzk_c1_envelope *env, cuzk_err *err);

/* The JSON exactly as serde_json writes it (compact, declaration order), in
 * a malloc'd NUL-terminated buffer (free with free()); *len excludes the NUL.
 * The envelope writer wraps it as Curio does, SectorSize from the proof. */
int cuzk_c1_write(const cuzk_porep_c1 *c1, char **json, size_t *len, cuzk_err *err);
int cuzk_c1_write_envelope(const cuzk_porep_c1 *c1, uint64_t sector_num, char **json, size_t *len, cuzk_err *err);

/* ==== labels (sdr_label.c) ================================================ */

/* All labels: labels[((layer - 1) * nodes + node) * 32], layers 1..layers, in
 * order (each layer is sequential). parent_cache (nodes * 14, may be NULL:
 * parents are then computed on the fly). */
int cuzk_porep_labels(uint8_t *labels, const cuzk_porep_graph *g, const uint32_t *parent_cache, uint32_t layers,
                      const uint8_t replica_id[32], cuzk_err *err);
/* The 37 parent labels hashed for a node of `layer` (DRG parents from layer,
 * expander parents from layer - 1 when layer > 1), from the labels array
 * above: what a labeling proof holds. */
void cuzk_porep_label_parents(uint8_t out[CUZK_POREP_LABEL_PARENTS][32], const uint8_t *labels, uint64_t nodes,
                              uint32_t layer, const uint32_t parents[CUZK_POREP_PARENTS]);
/* One label from its 37 parent labels (ignored for node 0). */
void cuzk_porep_label_hash(uint8_t out[32], const uint8_t replica_id[32], uint32_t layer, uint64_t node,
                           const uint8_t parents[CUZK_POREP_LABEL_PARENTS][32]);

/* ==== replica_id and Fr32 (vanilla_replica.c) ============================= */

/* SHA256-trunc254(prover_id || sector_id u64 BE || ticket || comm_d || porep_id). */
void cuzk_porep_replica_id(uint8_t out[32], const uint8_t prover_id[32], uint64_t sector_id,
                           const uint8_t ticket[32], const uint8_t comm_d[32], const uint8_t porep_id[32]);
/* true when the 32 LE bytes are a canonical Fr (< r). */
bool cuzk_fr32_is_valid(const uint8_t bytes[32]);
/* Fr32 padding of raw bytes: two zero bits after every 254 data bits (bits LSB
 * first within bytes). out holds cuzk_fr32_padded_len(len) bytes. */
size_t cuzk_fr32_padded_len(size_t unpadded);
void cuzk_fr32_pad(uint8_t *out, const uint8_t *in, size_t len);

/* ==== challenges (vanilla_challenges.c) =================================== */

/* The challenges_per_partition challenges of partition k, as cfg's mode
 * draws them (seed unused by NI, comm_r unused by interactive). */
int cuzk_porep_challenges(uint64_t *out, const cuzk_porep_config *cfg, const uint8_t replica_id[32],
                          const uint8_t comm_r[32], const uint8_t seed[32], uint32_t partition, cuzk_err *err);
int cuzk_porep_challenges_interactive(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32],
                                      const uint8_t seed[32], uint32_t cpp, uint32_t k, cuzk_err *err);
int cuzk_porep_challenges_ni(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32], const uint8_t comm_r[32],
                             uint32_t cpp, uint32_t k, cuzk_err *err);
int cuzk_porep_challenges_synthetic(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32],
                                    const uint8_t comm_r[32], const uint8_t seed[32], uint32_t cpp, uint32_t k,
                                    cuzk_err *err);
/* Synthetic PoRep pieces: the size of the synthetic set (min(nodes, 2^18)),
 * synthetic challenges [first, first + count), and the synthetic indexes the
 * seed selects for partition k. */
uint64_t cuzk_porep_synth_count(uint64_t nodes);
int cuzk_porep_synth_challenges(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32],
                                const uint8_t comm_r[32], uint64_t first, uint64_t count, cuzk_err *err);
int cuzk_porep_synth_select(uint64_t *indexes, uint64_t n_synth, const uint8_t replica_id[32],
                            const uint8_t seed[32], uint32_t cpp, uint32_t k, cuzk_err *err);

/* ==== public inputs (vanilla_inputs.c) ==================================== */

/* 3 + 18 * challenges_per_partition (ONE excluded). */
size_t cuzk_porep_public_input_count(const cuzk_porep_config *cfg);
/* From replica_id, comm_d, comm_r (32-byte LE reprs, each must be < r) and
 * the partition's challenges; out holds 3 + 18 * n_challenges values. */
int cuzk_porep_public_inputs(cuzk_fr *out, const cuzk_porep_graph *g, const uint8_t replica_id[32],
                             const uint8_t comm_d[32], const uint8_t comm_r[32], const uint64_t *challenges,
                             size_t n_challenges, cuzk_err *err);
/* The same from the C1-level inputs: replica_id and the challenges are derived. */
int cuzk_porep_public_inputs_c1(cuzk_fr *out, const cuzk_porep_config *cfg, const uint8_t prover_id[32],
                                uint64_t sector_id, const uint8_t ticket[32], const uint8_t seed[32],
                                const uint8_t comm_d[32], const uint8_t comm_r[32], uint32_t partition,
                                cuzk_err *err);

/* ==== a seal of a small sector in memory (vanilla_seal.c) ================= */

/* Trees hold every level, leaves first (cuzk_merkle_tree_build layout). */
typedef struct {
    cuzk_porep_config cfg;
    cuzk_porep_graph graph;
    uint8_t replica_id[32], comm_d[32], comm_c[32], comm_r_last[32], comm_r[32];
    uint8_t *labels;             /* layers * nodes * 32, layer 1 first */
    cuzk_fr *tree_d, *tree_c, *tree_r;
    cuzk_poseidon_set poseidon;  /* arities 2, 8, layers, sub, top */
} cuzk_porep_seal;

/* data: nodes * 32 bytes, every node an Fr32 value (fr32-padded data).
 * Computes tree D, replica_id, labels, trees C and R and comm_r. */
int cuzk_porep_seal_init(cuzk_porep_seal *s, const cuzk_porep_config *cfg, const uint8_t *data,
                         const uint8_t prover_id[32], uint64_t sector_id, const uint8_t ticket[32], cuzk_pool *pool,
                         cuzk_err *err);
void cuzk_porep_seal_free(cuzk_porep_seal *s);
/* Tree D alone (tree: cuzk_merkle_tree_nodes of the binary shape). */
int cuzk_porep_tree_d_build(cuzk_fr *tree, uint8_t comm_d[32], const uint8_t *data, const cuzk_porep_config *cfg,
                            cuzk_pool *pool, cuzk_err *err);
/* The vanilla proof of one challenge. */
int cuzk_porep_seal_prove_challenge(const cuzk_porep_seal *s, uint64_t challenge, cuzk_porep_challenge_proof *out,
                                    cuzk_err *err);
/* Every partition's challenges (cfg's mode) and proofs: a C1 output. */
int cuzk_porep_seal_commit(const cuzk_porep_seal *s, const uint8_t seed[32], const uint8_t ticket[32],
                           cuzk_porep_c1 *out, cuzk_err *err);
/* Checks a Merkle proof (SHA-256 binary or Poseidon shape) against its own
 * root; the leaf index is returned. CUZK_ERR_PROOF_INVALID on a mismatch. */
int cuzk_porep_merkle_proof_verify(const cuzk_porep_merkle_proof *p, bool sha256, const cuzk_poseidon_set *poseidon,
                                   uint64_t *index_out, cuzk_err *err);

/* ==== checks of a C1 output before proving (vanilla_verify.c) ============= */

/* The vanilla proofs of partitions [first, end): challenges drawn from the
 * seed, every Merkle path to its commitment, comm_r = Poseidon2(comm_c,
 * comm_r_last), parent columns at the graph's parents, each layer's label
 * hashed from its parents' rows, replica node = last label + data node.
 * CUZK_ERR_PROOF_INVALID (message: partition, challenge, what failed) when
 * one does not hold: the C1 output describes no valid seal. */
int cuzk_porep_c1_verify(const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg, uint32_t first, uint32_t end,
                         cuzk_err *err);
/* replica_id = cuzk_porep_replica_id(prover_id, sector_id, ticket, comm_d,
 * porep_id) of the C1 output; CUZK_ERR_PROOF_INVALID otherwise. */
int cuzk_porep_c1_check_replica_id(const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg,
                                   const uint8_t prover_id[32], uint64_t sector_id, cuzk_err *err);
/* The checks of a C1 output before proving (c1_check.c): the envelope's
 * sector number (else `sector`, which a bare C1 JSON needs: have_sector) must
 * agree with the request's; with check_vanilla, replica_id must be the
 * miner's and sector's and every vanilla proof must hold. *sector_out (may be NULL)
 * gets the sector number used. */
int cuzk_porep_c1_check_request(const cuzk_porep_c1 *c1, const cuzk_c1_envelope *env, const cuzk_porep_config *cfg,
                                uint64_t miner_id, bool have_sector, uint64_t sector, bool check_vanilla,
                                uint64_t *sector_out, cuzk_err *err);

/* ==== the StackedCircuit (stacked_circuit.c) ============================== */

/* One partition's Groth16 circuit (storage-proofs-porep StackedCircuit):
 * inputs replica_id, comm_d, comm_r, then 18 per challenge (see
 * cuzk_porep_public_inputs). Built with values from a partition's vanilla
 * proofs, or blank (no values: setup and counting; path shapes from cfg). */
typedef struct cuzk_porep_circuit cuzk_porep_circuit;

/* Called once per challenge before it is synthesized (progress reports). */
typedef void (*cuzk_porep_circuit_progress)(void *arg, uint32_t challenge, uint32_t challenges);

int cuzk_porep_circuit_new_blank(cuzk_porep_circuit **out, const cuzk_porep_config *cfg, cuzk_err *err);
/* proofs: cfg->challenges_per_partition challenge proofs of this partition;
 * borrowed, they must outlive the circuit. Shapes are checked against cfg. */
int cuzk_porep_circuit_new(cuzk_porep_circuit **out, const cuzk_porep_config *cfg, const uint8_t replica_id[32],
                           const uint8_t comm_d[32], const uint8_t comm_r[32], const uint8_t comm_c[32],
                           const uint8_t comm_r_last[32], const cuzk_porep_challenge_proof *proofs, cuzk_err *err);
/* From a C1 output (borrowed): comm_c and comm_r_last are the roots of the
 * partition's first proof, as rust-fil-proofs takes them. */
int cuzk_porep_circuit_from_c1(cuzk_porep_circuit **out, const cuzk_porep_config *cfg, const cuzk_porep_c1 *c1,
                               uint32_t partition, cuzk_err *err);
void cuzk_porep_circuit_set_progress(cuzk_porep_circuit *pc, cuzk_porep_circuit_progress fn, void *arg);
/* The generic circuit view (ctx = pc); valid while pc lives. */
cuzk_circuit cuzk_porep_circuit_get(cuzk_porep_circuit *pc);
void cuzk_porep_circuit_free(cuzk_porep_circuit *pc);

#ifdef __cplusplus
}
#endif
#endif
