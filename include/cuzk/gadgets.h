/* cuzk gadgets: circuit building blocks with bellperson / bellpepper-core
 * shapes (same variables, same constraints, same order).
 *
 * Sections: bits (Booleans, packing, UInt32 / UInt64, SHA-256, SDR labels
 * and encoding), then num / poseidon / insertion / merkle. The core types
 * below are shared by both.
 *
 * Conventions. Every gadget takes the constraint system first and returns 0 or
 * an error code (the cs error is sticky: cuzk_cs_error names the first failure).
 * Outputs may alias inputs unless a function says otherwise. Values are
 * carried beside variables when the cs has values (cuzk_cs_has_values) and
 * ignored otherwise, so one synthesis routine serves setup, counting and
 * proving. */
#ifndef CUZK_GADGETS_H
#define CUZK_GADGETS_H

#include "cuzk/r1cs.h"
#include "cuzk/poseidon.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== core types (shared) ================================================== */

/* bellpepper's AllocatedBit: an aux variable constrained to 0 or 1. */
typedef struct {
    cuzk_var var;
    bool value;      /* meaningful only when has_value */
    bool has_value;
} cuzk_bit;

/* bellpepper's Boolean: Is(bit), Not(bit) or Constant(b). Constants allocate
 * nothing and fold away in the operations below, exactly as bellpepper's do. */
typedef enum { CUZK_BOOL_CONST = 0, CUZK_BOOL_IS = 1, CUZK_BOOL_NOT = 2 } cuzk_boolean_kind;

typedef struct {
    cuzk_var var;    /* the allocated bit, for IS and NOT */
    uint8_t kind;    /* cuzk_boolean_kind */
    bool value;      /* this Boolean's value (already negated for NOT); the constant for CONST */
    bool has_value;  /* always true for CONST */
} cuzk_boolean;

/* bellpepper's AllocatedNum: one variable (aux, or an input once inputized). */
typedef struct {
    cuzk_var var;
    cuzk_fr value;   /* meaningful only when has_value */
    bool has_value;
} cuzk_num;

/* bellperson's UInt32: 32 Booleans, least significant first. */
typedef struct {
    cuzk_boolean bits[32];
    uint32_t value;  /* meaningful only when has_value */
    bool has_value;
} cuzk_uint32;

/* ==== bits ================================================================ */

/* ---- AllocatedBit (bit.c) ----
 * value may be NULL exactly when the cs has no values. */
int cuzk_bit_alloc(cuzk_cs *cs, cuzk_bit *out, const bool *value);
/* (1 - must_be_false - b) * b = 0 */
int cuzk_bit_alloc_conditionally(cuzk_cs *cs, cuzk_bit *out, const bool *value, const cuzk_bit *must_be_false);
int cuzk_bit_xor(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *a, const cuzk_bit *b);
int cuzk_bit_and(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *a, const cuzk_bit *b);
int cuzk_bit_and_not(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *a, const cuzk_bit *b); /* a & !b */
int cuzk_bit_nor(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *a, const cuzk_bit *b);     /* !a & !b */

/* ---- Boolean (boolean.c) ---- */
static inline cuzk_boolean cuzk_boolean_constant(bool v)
{
    return (cuzk_boolean){ { 0, CUZK_VAR_INPUT }, CUZK_BOOL_CONST, v, true };
}
static inline cuzk_boolean cuzk_boolean_from_bit(const cuzk_bit *b)
{
    return (cuzk_boolean){ b->var, CUZK_BOOL_IS, b->value, b->has_value };
}
static inline cuzk_boolean cuzk_boolean_not(cuzk_boolean b)
{
    if (b.kind != CUZK_BOOL_CONST)
        b.kind = b.kind == CUZK_BOOL_IS ? CUZK_BOOL_NOT : CUZK_BOOL_IS;
    b.value = !b.value;
    return b;
}
static inline bool cuzk_boolean_is_constant(const cuzk_boolean *b) { return b->kind == CUZK_BOOL_CONST; }
/* Allocates a bit and returns Is(bit). */
int cuzk_boolean_alloc(cuzk_cs *cs, cuzk_boolean *out, const bool *value);
/* lc += coeff * b  (Constant(true) -> coeff*ONE, Constant(false) -> nothing,
 * Not(v) -> coeff*ONE - coeff*v) */
int cuzk_boolean_lc_add(cuzk_lc *lc, const cuzk_boolean *b, const cuzk_fr *coeff);
/* The operations fold constants exactly as bellpepper-core 0.2 does; see the
 * .c file for the pattern table. */
int cuzk_boolean_xor(cuzk_cs *cs, cuzk_boolean *out, const cuzk_boolean *a, const cuzk_boolean *b);
int cuzk_boolean_and(cuzk_cs *cs, cuzk_boolean *out, const cuzk_boolean *a, const cuzk_boolean *b);
int cuzk_boolean_sha256_ch(cuzk_cs *cs, cuzk_boolean *out, const cuzk_boolean *a, const cuzk_boolean *b,
                           const cuzk_boolean *c);
int cuzk_boolean_sha256_maj(cuzk_cs *cs, cuzk_boolean *out, const cuzk_boolean *a, const cuzk_boolean *b,
                            const cuzk_boolean *c);
/* Boolean::enforce_equal: two unequal constants give CUZK_ERR_INVALID_ARGUMENT
 * (bellpepper's Unsatisfiable). */
int cuzk_boolean_enforce_equal(cuzk_cs *cs, const cuzk_boolean *a, const cuzk_boolean *b);

/* ---- bit decomposition and packing (num_bits.c, multipack.c) ----
 * AllocatedNum::to_bits_le: 255 allocated bits, LSB first, plus the packing
 * constraint; not range checked (a value >= r has two decompositions).
 * to_bits_le_strict also proves the bits encode a value < r. out[255]. */
int cuzk_num_to_bits_le(cuzk_cs *cs, cuzk_boolean out[255], const cuzk_num *x);
int cuzk_num_to_bits_le_strict(cuzk_cs *cs, cuzk_boolean out[255], const cuzk_num *x);
/* AllocatedNum::inputize: a new input u with u * 1 = x. */
int cuzk_num_inputize(cuzk_cs *cs, cuzk_num *out, const cuzk_num *x);

#define CUZK_MULTIPACK_CAPACITY 254 /* Fr::CAPACITY */
/* One input per 254-bit chunk (first bit = weight 1): ceil(n/254) inputs and constraints. */
int cuzk_multipack_pack_into_inputs(cuzk_cs *cs, const cuzk_boolean *bits, size_t n);
/* The first min(n, 254) bits packed into one aux num: 1 aux, 1 constraint. */
int cuzk_multipack_pack_bits(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *bits, size_t n);
/* Verifier side: the values pack_into_inputs would allocate. out has ceil(n/254) entries. */
void cuzk_multipack_compute(cuzk_fr *out, const bool *bits, size_t n);
/* bytes -> bits, MSB of each byte first (bellperson multipack::bytes_to_bits). */
void cuzk_multipack_bytes_to_bits(bool *out, const uint8_t *bytes, size_t n);
/* bytes -> bits, LSB of each byte first (bytes_to_bits_le). */
void cuzk_multipack_bytes_to_bits_le(bool *out, const uint8_t *bytes, size_t n);
/* storage-proofs-core reverse_bit_numbering: pads with Constant(false) to a
 * multiple of 8 and reverses the bits inside each byte. out has room for
 * round_up(n, 8) and does not overlap in; returns that length. */
size_t cuzk_boolean_reverse_bit_numbering(cuzk_boolean *out, const cuzk_boolean *in, size_t n);

/* ---- UInt32 and MultiEq (uint32.c, multieq.c) ---- */
/* bellperson's MultiEq: packs equalities of k-bit quantities into one
 * constraint until 254 bits are used. finish flushes the rest and frees. */
typedef struct {
    cuzk_cs *cs;
    uint32_t bits_used;
    cuzk_lc lhs, rhs;
} cuzk_multieq;
void cuzk_multieq_init(cuzk_multieq *m, cuzk_cs *cs);
int cuzk_multieq_enforce_equal(cuzk_multieq *m, uint32_t num_bits, const cuzk_lc *lhs, const cuzk_lc *rhs);
int cuzk_multieq_finish(cuzk_multieq *m);
/* For callers that build their LCs already multiplied by 2^shift (addmany
 * does, to avoid rescaling every term): the shift the next enforce of
 * num_bits will use, and that enforce. */
uint32_t cuzk_multieq_next_shift(const cuzk_multieq *m, uint32_t num_bits);
int cuzk_multieq_enforce_equal_shifted(cuzk_multieq *m, uint32_t num_bits, const cuzk_lc *lhs, const cuzk_lc *rhs);

cuzk_uint32 cuzk_uint32_constant(uint32_t v);
/* 32 allocated bits (32 aux, 32 constraints); value NULL without values. */
int cuzk_uint32_alloc(cuzk_cs *cs, cuzk_uint32 *out, const uint32_t *value);
/* bits[0] is the most significant */
cuzk_uint32 cuzk_uint32_from_bits_be(const cuzk_boolean bits[32]);
void cuzk_uint32_into_bits_be(cuzk_boolean bits[32], const cuzk_uint32 *x);
cuzk_uint32 cuzk_uint32_from_bits(const cuzk_boolean bits[32]); /* LSB first */
cuzk_uint32 cuzk_uint32_rotr(const cuzk_uint32 *x, unsigned by);
cuzk_uint32 cuzk_uint32_shr(const cuzk_uint32 *x, unsigned by);
int cuzk_uint32_xor(cuzk_cs *cs, cuzk_uint32 *out, const cuzk_uint32 *a, const cuzk_uint32 *b);
int cuzk_uint32_sha256_ch(cuzk_cs *cs, cuzk_uint32 *out, const cuzk_uint32 *a, const cuzk_uint32 *b,
                          const cuzk_uint32 *c);
int cuzk_uint32_sha256_maj(cuzk_cs *cs, cuzk_uint32 *out, const cuzk_uint32 *a, const cuzk_uint32 *b,
                           const cuzk_uint32 *c);
/* Sum mod 2^32 of 2..10 operands through the MultiEq (bellperson addmany). */
int cuzk_uint32_addmany(cuzk_multieq *m, cuzk_uint32 *out, const cuzk_uint32 *ops, size_t n);

/* ---- SHA-256 (sha256_gadget.c) ---- */
/* One compression of a 512-bit block (message bit order) from state cur[8]. */
int cuzk_sha256_gadget_compress(cuzk_cs *cs, cuzk_uint32 out[8], const cuzk_boolean block[512],
                                const cuzk_uint32 cur[8]);
/* sha256(): pads (constant bits) and hashes n bits (n % 8 == 0); out[256] in digest bit order. */
int cuzk_sha256_gadget(cuzk_cs *cs, cuzk_boolean out[256], const cuzk_boolean *in, size_t n);
/* sha256_block_no_padding: exactly one 512-bit block from the IV. */
int cuzk_sha256_gadget_block_no_padding(cuzk_cs *cs, cuzk_boolean out[256], const cuzk_boolean in[512]);

/* SHA-256 as Filecoin's tree-D hash (sha256_node.c; filecoin-hashers
 * Sha256Function): the digest read little-endian, its first 254 bits packed
 * into one aux number = SHA256-trunc254 as an Fr. */
/* hash_circuit: bits in message order. */
int cuzk_sha256_gadget_hash_to_num(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *bits, size_t n);
/* hash_leaf_bits_circuit: left and right in to_bits_le order (LSB first per
 * byte); each is padded to whole bytes and bit-reversed per byte. */
int cuzk_sha256_gadget_hash_leaf_bits(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *left, size_t nl,
                                      const cuzk_boolean *right, size_t nr);
/* hash_multi_leaf_circuit / hash2_circuit: to_bits_le of each leaf in order
 * (255 aux + 256 constraints each), then hash_circuit over their LE reprs. */
int cuzk_sha256_gadget_hash_nums(cuzk_cs *cs, cuzk_num *out, const cuzk_num *leaves, size_t n);

/* ---- UInt64 (uint64.c; storage-proofs-core gadgets/uint64.rs) ---- */
typedef struct {
    cuzk_boolean bits[64]; /* least significant first */
    uint64_t value;        /* meaningful only when has_value */
    bool has_value;
} cuzk_uint64;
cuzk_uint64 cuzk_uint64_constant(uint64_t v);
/* 64 allocated bits, LSB first: 64 aux, 64 constraints. */
int cuzk_uint64_alloc(cuzk_cs *cs, cuzk_uint64 *out, const uint64_t *value);
/* multipack::pack_into_inputs of the 64 bits: 1 input (= v), 1 constraint. */
int cuzk_uint64_pack_into_input(cuzk_cs *cs, const cuzk_uint64 *x);
void cuzk_uint64_to_bits_be(cuzk_boolean out[64], const cuzk_uint64 *x);

/* ---- SDR labeling and encoding (label.c, encode.c; storage-proofs-porep) ---- */
#define CUZK_LABEL_PARENTS 37 /* TOTAL_PARENTS: 6 base + 8 expander, repeated */
/* create_label_circuit: sha256(replica_id | layer u32 BE | node u64 BE | 20
 * zero bytes | 37 parent labels), each id/parent padded with Constant(false)
 * to 256 bits; the digest is truncated to 254 bits and packed into out.
 * replica_id: 32..256 bits; parents[k]: parent_len <= 256 bits each (a
 * repeated parent passes the same array again), 1..256. Message bit order. */
int cuzk_label_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *replica_id, size_t id_len,
                      const cuzk_boolean *const parents[CUZK_LABEL_PARENTS], size_t parent_len,
                      const cuzk_uint32 *layer, const cuzk_uint64 *node);
/* encode: out = key + value, (key + value) * 1 = out (1 aux, 1 constraint);
 * the same as cuzk_num_add, kept under the upstream name. */
int cuzk_encode_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *key, const cuzk_num *value);
/* decode: out = value - key, (out + key) * 1 = value. */
int cuzk_decode_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *key, const cuzk_num *value);

/* ==== num / poseidon / insertion / merkle ================================== */
/* (cuzk/poseidon.h, included above, holds the native hash and its constants.) */

/* ---- AllocatedNum operations (num.c) and storage-proofs-core helpers ----
 * value may be NULL exactly when the cs has no values. */
int cuzk_num_alloc(cuzk_cs *cs, cuzk_num *out, const cuzk_fr *value);        /* 1 aux, no constraint */
int cuzk_num_alloc_input(cuzk_cs *cs, cuzk_num *out, const cuzk_fr *value);  /* 1 input, no constraint */
int cuzk_num_mul(cuzk_cs *cs, cuzk_num *out, const cuzk_num *a, const cuzk_num *b); /* a * b = ab */
int cuzk_num_square(cuzk_cs *cs, cuzk_num *out, const cuzk_num *a);                 /* a * a = aa */
/* a * inv = 1; proving a zero value is CUZK_ERR_INVALID_ARGUMENT (DivisionByZero). */
int cuzk_num_assert_nonzero(cuzk_cs *cs, const cuzk_num *a);
/* (c, d) = cond ? (b, a) : (a, b): (a - b) * cond = a - c, then (b - a) * cond = b - d. */
int cuzk_num_conditionally_reverse(cuzk_cs *cs, cuzk_num *c, cuzk_num *d, const cuzk_num *a, const cuzk_num *b,
                                   const cuzk_boolean *cond);
/* insertion::pick: c = cond ? a : b with (b - a) * cond = b - c. */
int cuzk_num_pick(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *cond, const cuzk_num *a, const cuzk_num *b);
/* constraint::equal: a * 1 = b. */
int cuzk_num_enforce_equal(cuzk_cs *cs, const cuzk_num *a, const cuzk_num *b);
/* constraint::add: r = a + b, (a + b) * 1 = r.  constraint::sub: r = a - b, (r + b) * 1 = a. */
int cuzk_num_add(cuzk_cs *cs, cuzk_num *out, const cuzk_num *a, const cuzk_num *b);
int cuzk_num_sub(cuzk_cs *cs, cuzk_num *out, const cuzk_num *a, const cuzk_num *b);

/* ---- Poseidon circuit (poseidon_gadget.c) ----
 * neptune::circuit::poseidon_hash, the legacy circuit rust-fil-proofs uses
 * (kept for the existing trusted setups): MerkleTree tag, c->arity allocated
 * inputs; 3*arity + 28*t + 4*R_P + 1 constraints and as many aux (311, 505,
 * 598 for arity 2, 8, 11). The output equals cuzk_poseidon_hash. */
int cuzk_poseidon_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *preimage, const cuzk_poseidon_constants *c);
/* filecoin-hashers hash_md_circuit with the arity-36 constants: n >= 2 inputs,
 * chunks of 35 after the first, a short last chunk padded with allocated zeros. */
int cuzk_poseidon_gadget_md(cuzk_cs *cs, cuzk_num *out, const cuzk_num *in, size_t n,
                            const cuzk_poseidon_constants *c36);

/* ---- insertion (insertion.c), storage-proofs-core gadgets/insertion.rs ----
 * out[2^n_bits] = siblings with x placed at the index given by bits (least
 * significant first); 2^n_bits - 1 siblings. Sizes 2, 4, 8 use the
 * hand-optimised shapes (2, 8, 22 constraints; size 8 needs Is bits), others
 * select: size * (size - 1). out may alias x or the siblings. */
int cuzk_insertion_insert(cuzk_cs *cs, cuzk_num *out, const cuzk_num *x, const cuzk_boolean *bits, size_t n_bits,
                          const cuzk_num *siblings);
/* insertion::select: from[bits] by a tree of picks, most significant bit first. */
int cuzk_insertion_select(cuzk_cs *cs, cuzk_num *out, const cuzk_num *from, const cuzk_boolean *bits, size_t n_bits);

/* ---- Merkle inclusion, storage-proofs-core gadgets/por.rs (por.c) ---- */
typedef enum { CUZK_MERKLE_POSEIDON = 0, CUZK_MERKLE_SHA256 = 1 } cuzk_merkle_hasher;

/* A tree shape: base_levels levels of base_arity, then optionally one level of
 * sub_arity and one of top_arity (top needs sub); arities are powers of two
 * (0 = absent). Tree D: SHA256 2-0-0; trees C and R: Poseidon 8-0-0, 8-8-0, 8-8-2. */
typedef struct {
    cuzk_merkle_hasher hasher;
    uint32_t base_arity, base_levels, sub_arity, top_arity;
} cuzk_merkle_shape;

/* Levels, index bits (= log2 of the leaf count) and siblings of a path, for a
 * shape that passes cuzk_merkle_shape_check. */
uint32_t cuzk_merkle_shape_levels(const cuzk_merkle_shape *s);
uint32_t cuzk_merkle_shape_index_bits(const cuzk_merkle_shape *s);
uint32_t cuzk_merkle_shape_siblings(const cuzk_merkle_shape *s);
/* Arity of level i (0 = the leaves' level); 0 past the top. */
uint32_t cuzk_merkle_shape_arity(const cuzk_merkle_shape *s, uint32_t level);
/* Checks the shape and that poseidon (NULL allowed for SHA256) has every arity it needs. */
int cuzk_merkle_shape_check(const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon, cuzk_err *err);

/* The node hash of one level: hash_multi_leaf_circuit of the inserted row
 * (Poseidon of the row's arity, or SHA-256 over the LE reprs truncated to 254
 * bits: to_bits_le of every input first, then sha256, then pack_bits). */
int cuzk_merkle_gadget_node(cuzk_cs *cs, cuzk_num *out, cuzk_merkle_hasher h, const cuzk_poseidon_set *poseidon,
                            const cuzk_num *row, uint32_t arity);
/* Native counterparts, for witnesses and tests: the node hash, and the root
 * from a leaf, its index and its siblings in path order (level by level,
 * arity - 1 each). */
int cuzk_merkle_node(cuzk_fr *out, cuzk_merkle_hasher h, const cuzk_poseidon_set *poseidon, const cuzk_fr *row,
                     uint32_t arity);
int cuzk_merkle_root_from_path(cuzk_fr *root, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon,
                               const cuzk_fr *leaf, const cuzk_fr *siblings, uint64_t index);

/* Whole trees (merkle_tree.c): nodes holds every level, leaves first (given
 * by the caller), then each level up to the root (the last node). Levels are
 * hashed over the pool (may be NULL). leaves/nodes are 0 for an invalid shape
 * or more than 2^62 leaves. */
uint64_t cuzk_merkle_tree_leaves(const cuzk_merkle_shape *s);
uint64_t cuzk_merkle_tree_nodes(const cuzk_merkle_shape *s);
int cuzk_merkle_tree_build(cuzk_fr *nodes, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon,
                           cuzk_pool *pool, cuzk_err *err);
/* The siblings of leaf index, in path order, from a built tree. */
int cuzk_merkle_tree_path(cuzk_fr *siblings, const cuzk_fr *nodes, const cuzk_merkle_shape *s, uint64_t index);

/* The path part of PoRCircuit::synthesize: for each level from the leaf, its
 * index bits (AllocatedBit, least significant first), its siblings (aux, path
 * order), the insertion and the node hash. siblings is NULL without values;
 * index is the leaf index (ignored without values). bits_out (may be NULL)
 * receives the index_bits Booleans; root_out the computed root. */
int cuzk_por_path(cuzk_cs *cs, cuzk_num *root_out, cuzk_boolean *bits_out, const cuzk_merkle_shape *s,
                  const cuzk_poseidon_set *poseidon, const cuzk_num *leaf, const cuzk_fr *siblings, uint64_t index);

/* storage-proofs-core Root: an already allocated num (var != NULL), or a value
 * (NULL without values) that the PoR circuit allocates at bellperson's place. */
typedef struct {
    const cuzk_num *var;
    const cuzk_fr *value;
} cuzk_por_root;

/* PoRCircuit::synthesize: leaf (allocated first if a value), the path,
 * pack_into_inputs(all index bits) -> one input = the leaf index, root
 * (allocated after the packing if a value), computed_root * 1 = root, and
 * the root inputized unless private_root. enforce_inclusion in the stacked
 * circuit is this with both as vars and private_root. */
int cuzk_por_circuit(cuzk_cs *cs, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon, cuzk_por_root leaf,
                     cuzk_por_root root, const cuzk_fr *siblings, uint64_t index, bool private_root);

/* por_no_challenge_input: the index bits and the siblings come allocated
 * (siblings in path order); no packing; computed_root * 1 = root at the end. */
int cuzk_por_no_challenge_input(cuzk_cs *cs, const cuzk_merkle_shape *s, const cuzk_poseidon_set *poseidon,
                                const cuzk_boolean *bits, const cuzk_num *leaf, const cuzk_num *siblings,
                                const cuzk_num *root);

/* ---- column hash, storage-proofs-porep stacked/circuit/hash.rs (column_hash.c) ----
 * hash_single_column: Poseidon of the column's rows (layer 1 first) with the
 * MerkleTree tag of arity n; rust-fil-proofs accepts n = 2 and 11 (598
 * constraints for 11). */
int cuzk_column_hash_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *rows, size_t n,
                            const cuzk_poseidon_set *poseidon);
int cuzk_column_hash(cuzk_fr *out, const cuzk_fr *rows, size_t n, const cuzk_poseidon_set *poseidon);

#ifdef __cplusplus
}
#endif
#endif
