/* cuzk update: SnapDeals, the EmptySectorUpdate proof of storage-proofs-update
 * (storage-proofs-update and its bincode PartitionProof): configs of the registered update proofs,
 * phi / rho / challenges, public inputs, the parameter file names, the bincode
 * PartitionProof that Curio hands over, the partition circuit (and its
 * Poseidon variant) with upstream's synthesis order, synthetic and real
 * vanilla proofs.
 *
 * Byte conventions as in porep.h: every domain value is 32 bytes, the
 * little-endian repr of an Fr; tree-D (SHA-256) nodes and comm_d_new have the
 * top two bits of byte 31 clear. Merkle proofs reuse cuzk_porep_merkle_proof. */
#ifndef CUZK_UPDATE_H
#define CUZK_UPDATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "cuzk/ff.h"
#include "cuzk/util.h"
#include "cuzk/poseidon.h"
#include "cuzk/r1cs.h"
#include "cuzk/porep.h"

#ifdef __cplusplus
extern "C" {
#endif

/* RegisteredUpdateProof as filecoin-proofs-api numbers it on the wire. */
typedef enum {
    CUZK_UPDATE_2KIB_V1 = 0, CUZK_UPDATE_8MIB_V1, CUZK_UPDATE_512MIB_V1, CUZK_UPDATE_32GIB_V1,
    CUZK_UPDATE_64GIB_V1,
    CUZK_UPDATE__COUNT
} cuzk_update_proof;

#define CUZK_UPDATE_HS 6                 /* allowed h values, selected by h_select */
#define CUZK_UPDATE_MAX_APEX_LEAFS 128
#define CUZK_UPDATE_MAX_CHALLENGES 1376  /* Poseidon variant: 86 * 16 */

/* Everything the vanilla proof and the circuit need about a sector size
 * (storage-proofs-update constants.rs and PublicParams); plain data. */
typedef struct {
    uint64_t sector_size;        /* bytes */
    uint64_t nodes;              /* sector_size / 32 */
    uint32_t challenge_bit_len;  /* log2(nodes) */
    uint32_t partitions, partition_bit_len;
    uint32_t challenges;         /* per partition proof (Poseidon variant: all, one partition) */
    uint32_t apex_leafs, apex_leaf_bit_len; /* 0 in the Poseidon variant */
    uint32_t hs[CUZK_UPDATE_HS];
    uint32_t h;                  /* h_default = hs[3], what filecoin-proofs uses */
    /* tree R (and the Poseidon variant's tree D) shape U8-V-W */
    uint32_t base_arity, base_levels, sub_arity, top_arity;
    bool poseidon;               /* EmptySectorUpdate-Poseidon */
    int32_t update_proof;        /* cuzk_update_proof, or -1 for a test size */
} cuzk_update_config;

/* The config of a registered update proof (poseidon: its Poseidon variant). */
int cuzk_update_config_init(cuzk_update_config *cfg, cuzk_update_proof proof, bool poseidon, cuzk_err *err);
/* Any of upstream's ALLOWED_SECTOR_SIZES (1 KiB .. 32 KiB, 8 MiB, 16 MiB,
 * 512 MiB, 32 GiB, 64 GiB) given in nodes, with upstream's tree-R shape. */
int cuzk_update_config_from_nodes(cuzk_update_config *cfg, uint64_t nodes, bool poseidon, cuzk_err *err);
/* "StackedDrg2KiBV1" ..; NULL when out of range; the reverse gives -1 if unknown. */
const char *cuzk_update_proof_name(int proof);
int cuzk_update_proof_from_name(const char *name);
/* h_select = 1 << (first position of h in hs); CUZK_ERR_INVALID_ARGUMENT if h is not allowed. */
int cuzk_update_h_select(const cuzk_update_config *cfg, uint32_t h, uint64_t *h_select, cuzk_err *err);
/* The official parameter file name without its extension
 * ("v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-<sha256 of the identifier>");
 * out holds at least 128 bytes. */
int cuzk_update_param_name(const cuzk_update_config *cfg, char *out, size_t n, cuzk_err *err);

/* ==== randomness (update_vanilla.c) ======================================= */

/* Poseidon arity 2 with the domain tag Custom(Arbitrary(1)) = 2^40 (upstream
 * POSEIDON_CONSTANTS_GEN_RANDOMNESS). */
void cuzk_update_genrand_hash(const cuzk_poseidon_constants *c2, cuzk_fr *out, const cuzk_fr *a, const cuzk_fr *b);
/* The arity-2 constants with that tag; c2 are the Standard arity-2 constants
 * (cuzk_poseidon_constants_new), which must outlive the copy. */
cuzk_poseidon_constants cuzk_update_genrand_constants(const cuzk_poseidon_constants *c2);
/* phi = H(comm_d_new, comm_r_old); rho(high) = H(phi, high). */
void cuzk_update_phi(const cuzk_poseidon_constants *c2, cuzk_fr *phi, const cuzk_fr *comm_d_new,
                     const cuzk_fr *comm_r_old);
void cuzk_update_rho(const cuzk_poseidon_constants *c2, cuzk_fr *rho, const cuzk_fr *phi, uint64_t high);
/* The cfg->challenges node indexes of partition k (Challenges::new, or
 * new_poseidon for the Poseidon variant, k = 0). */
int cuzk_update_challenges(uint32_t *out, const cuzk_update_config *cfg, const cuzk_poseidon_constants *c2,
                           const cuzk_fr *comm_r_new, uint32_t k, cuzk_err *err);

/* ==== public inputs ======================================================= */

#define CUZK_UPDATE_PUBLIC_INPUTS 4
size_t cuzk_update_public_input_count(const cuzk_update_config *cfg); /* 4 (ONE excluded) */
/* [k | h_select << partition_bit_len, comm_r_old, comm_d_new, comm_r_new]
 * ([h_select, ...] in the Poseidon variant, k = 0). Each commitment must be
 * a canonical Fr; comm_d_new must also have its top two bits clear in the
 * standard circuit (a SHA-256 root). */
int cuzk_update_public_inputs(cuzk_fr out[CUZK_UPDATE_PUBLIC_INPUTS], const cuzk_update_config *cfg, uint32_t k,
                              uint32_t h, const uint8_t comm_r_old[32], const uint8_t comm_d_new[32],
                              const uint8_t comm_r_new[32], cuzk_err *err);

/* ==== vanilla proofs ====================================================== */

/* ChallengeProof: tree R old, tree D new (SHA-256 binary; in the Poseidon
 * variant a Poseidon tree of tree R's shape) and tree R new. */
typedef struct {
    cuzk_porep_merkle_proof r_old, d_new, r_new;
} cuzk_update_challenge_proof;

/* PartitionProof. challenges is cuzk_alloc'd; free with
 * cuzk_update_partition_proof_free (the struct itself is the caller's).
 * The Poseidon variant's PartitionProof has no apex_leafs field. */
typedef struct {
    bool poseidon;               /* the Poseidon variant's layout */
    uint8_t comm_c[32];
    uint32_t n_apex_leafs;
    uint8_t apex_leafs[CUZK_UPDATE_MAX_APEX_LEAFS][32];
    uint32_t n_challenges;
    cuzk_update_challenge_proof *challenges;
} cuzk_update_partition_proof;

void cuzk_update_partition_proof_free(cuzk_update_partition_proof *p);

/* Shapes and counts of p against cfg (apex leaf count, challenge count, the
 * three path shapes, every value canonical); errors name the field. */
int cuzk_update_partition_proof_check(const cuzk_update_partition_proof *p, const cuzk_update_config *cfg,
                                      cuzk_err *err);

/* EmptySectorUpdate::verify of partition k: comm_r_old/new = H(comm_c,
 * root), the challenges from comm_r_new, every path's index and root, each
 * new replica label = old + data * rho, the apex path against the apex tree.
 * CUZK_ERR_PROOF_INVALID (message: partition, challenge, what failed). */
int cuzk_update_partition_verify(const cuzk_update_partition_proof *p, const cuzk_update_config *cfg, uint32_t k,
                                 uint32_t h, const uint8_t comm_r_old[32], const uint8_t comm_d_new[32],
                                 const uint8_t comm_r_new[32], cuzk_err *err);

/* ==== bincode (update_bincode.c) ========================================== */

/* bincode 1.x of storage_proofs_update::vanilla::PartitionProof<TreeR>: u64
 * LE lengths, u32 LE enum tags, domains as 32 raw bytes (§4.4). The reader
 * takes the whole buffer (trailing bytes are an error); a length that the
 * bytes left cannot hold is an error naming the field, never an allocation.
 * With cfg non-NULL the result is also checked against it
 * (cuzk_update_partition_proof_check), and a Poseidon-variant cfg reads that
 * variant's layout (comm_c then challenge_proofs); cfg NULL reads the
 * standard one. On failure *out is left empty. */
int cuzk_update_proof_read(cuzk_update_partition_proof *out, const void *data, size_t len,
                           const cuzk_update_config *cfg, cuzk_err *err);
/* The bytes as bincode writes them (p->poseidon picks the layout), malloc'd
 * (free with free()). */
int cuzk_update_proof_write(const cuzk_update_partition_proof *p, uint8_t **out, size_t *len, cuzk_err *err);

/* ==== replicas: encoding and vanilla proving (update_replica.c) ========== */

/* An updated sector held as its three trees (tree R old over the sector key,
 * tree D new over the new data, tree R new over the new replica), from which
 * every partition's vanilla proof is drawn. Trees are kept "periodic": the
 * leaves are a table of regions x block nodes, leaf i = table[i / region][i %
 * block], so a synthetic sector of any size costs only its distinct subtrees. */
typedef struct cuzk_update_replica cuzk_update_replica;

/* EmptySectorUpdate::encode_into of a real sector: new replica node i =
 * sector_key[i] + data[i] * rho(i >> (log2(nodes) - h)). sector_key: the old
 * replica's nodes (tree R's leaves of a seal); data: nodes * 32 bytes, every
 * node a canonical Fr (Fr32-padded data); comm_c of the seal. */
int cuzk_update_encode(cuzk_update_replica **out, const cuzk_update_config *cfg, uint32_t h, const uint8_t comm_c[32],
                       const cuzk_fr *sector_key, const uint8_t *data, cuzk_err *err);
/* A synthetic update of any sector size: sector key and data are random
 * blocks of min(64, 2^(log2(nodes) - h)) nodes repeated over the sector,
 * comm_c random; deterministic in seed. */
int cuzk_update_synth(cuzk_update_replica **out, const cuzk_update_config *cfg, uint32_t h, uint64_t seed,
                      cuzk_err *err);
void cuzk_update_replica_free(cuzk_update_replica *u);
/* comm_r_old = H(comm_c, root_r_old), comm_d_new, comm_r_new = H(comm_c, root_r_new). */
void cuzk_update_replica_commitments(const cuzk_update_replica *u, uint8_t comm_r_old[32], uint8_t comm_d_new[32],
                                     uint8_t comm_r_new[32]);
/* The new replica's node i (what encode_into writes). */
int cuzk_update_replica_new_node(const cuzk_update_replica *u, uint64_t i, cuzk_fr *out);
/* EmptySectorUpdate::prove of partition k (free with cuzk_update_partition_proof_free). */
int cuzk_update_replica_prove(const cuzk_update_replica *u, uint32_t k, cuzk_update_partition_proof *out,
                              cuzk_err *err);

/* ==== the circuit (update_circuit.c) ====================================== */

/* One partition's Groth16 circuit: EmptySectorUpdateCircuit (or
 * EmptySectorUpdate-Poseidon's), public inputs as cuzk_update_public_inputs. */
typedef struct cuzk_update_circuit cuzk_update_circuit;

int cuzk_update_circuit_new_blank(cuzk_update_circuit **out, const cuzk_update_config *cfg, cuzk_err *err);
/* Partition k's circuit from its vanilla proof (borrowed: it must outlive the
 * circuit), checked with cuzk_update_partition_proof_check and for one
 * partition path shared by every challenge. A proof whose new replica label
 * does not follow from the old one fails synthesis with CUZK_ERR_PROOF_INVALID. */
int cuzk_update_circuit_from_inputs(cuzk_update_circuit **out, const cuzk_update_config *cfg, uint32_t k, uint32_t h,
                                    const uint8_t comm_r_old[32], const uint8_t comm_d_new[32],
                                    const uint8_t comm_r_new[32], const cuzk_update_partition_proof *p,
                                    cuzk_err *err);
/* The same from partition k's bincode PartitionProof as Curio hands it over
 * (read with cfg's layout and checked); the circuit owns the proof read. */
int cuzk_update_circuit_from_bincode(cuzk_update_circuit **out, const cuzk_update_config *cfg, uint32_t k, uint32_t h,
                                     const uint8_t comm_r_old[32], const uint8_t comm_d_new[32],
                                     const uint8_t comm_r_new[32], const void *proof, size_t len, cuzk_err *err);
cuzk_circuit cuzk_update_circuit_get(cuzk_update_circuit *uc);
void cuzk_update_circuit_free(cuzk_update_circuit *uc);

/* ==== fast witness generation (update_witness.c) ========================== */

/* The generic path (a circuit from cuzk_update_circuit_from_inputs
 * synthesized into a prover cs) defines the witness; this generator produces
 * the same vectors (inputs, aux, A.z, B.z, C.z and the densities) without
 * building linear combinations: the values come from the gadgets' value
 * mirror (src/gadgets/mirror.h), the A/B/C evaluations from a tape of the
 * prefix and of one challenge block, recorded once per config from the blank
 * circuit. Block i's rows are block 0's shifted by i blocks of aux, except
 * for its challenge bits, which live in the prefix (the digests' bits). */
typedef struct cuzk_update_wgen cuzk_update_wgen;

int cuzk_update_wgen_new(cuzk_update_wgen **out, const cuzk_update_config *cfg, cuzk_err *err);
void cuzk_update_wgen_free(cuzk_update_wgen *g);
/* Sizes of one partition's vectors (inputs with ONE, constraints with the
 * input constraints). */
void cuzk_update_wgen_sizes(const cuzk_update_wgen *g, uint64_t *inputs, uint64_t *aux, uint64_t *constraints);

typedef struct {
    cuzk_fr *input, *aux, *a, *b, *c;
} cuzk_update_wgen_buffers;

/* Fills the buffers for the circuit uc (built with values, of g's config),
 * one task per challenge over pool (may be NULL). */
int cuzk_update_wgen_fill(const cuzk_update_wgen *g, const cuzk_update_circuit *uc,
                          const cuzk_update_wgen_buffers *buf, cuzk_pool *pool, cuzk_err *err);
/* A witness view of filled buffers for cuzk_groth16_prove (densities owned by g). */
void cuzk_update_wgen_witness(const cuzk_update_wgen *g, const cuzk_update_wgen_buffers *buf, cuzk_witness *w);

#ifdef __cplusplus
}
#endif
#endif
