/* cuzk gadgets: circuit building blocks with bellperson / bellpepper-core
 * shapes (same variables, same constraints, same order).
 *
 * sections: bits (bits engineer), num / poseidon / insertion / merkle
 * (poseidon engineer). Append to your own section; the core types below are
 * shared by both.
 *
 * Conventions. Every gadget takes the constraint system first and returns 0 or
 * an error code (the cs error is sticky: cuzk_cs_error names the first failure).
 * Values are carried beside variables when the cs has values
 * (cuzk_cs_has_values) and ignored otherwise, so one synthesis routine serves
 * setup, counting and proving. */
#ifndef CUZK_GADGETS_H
#define CUZK_GADGETS_H

#include "cuzk/r1cs.h"

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

/* ==== bits (bits engineer) ================================================= */

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
 * round_up(n, 8); returns that length. */
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
/* Sum mod 2^32 of 1..10 operands through the MultiEq (bellperson addmany). */
int cuzk_uint32_addmany(cuzk_multieq *m, cuzk_uint32 *out, const cuzk_uint32 *ops, size_t n);

/* ---- SHA-256 (sha256_gadget.c) ---- */
/* One compression of a 512-bit block (message bit order) from state cur[8]. */
int cuzk_sha256_gadget_compress(cuzk_cs *cs, cuzk_uint32 out[8], const cuzk_boolean block[512],
                                const cuzk_uint32 cur[8]);
/* sha256(): pads (constant bits) and hashes n bits (n % 8 == 0); out[256] in digest bit order. */
int cuzk_sha256_gadget(cuzk_cs *cs, cuzk_boolean out[256], const cuzk_boolean *in, size_t n);
/* sha256_block_no_padding: exactly one 512-bit block from the IV. */
int cuzk_sha256_gadget_block_no_padding(cuzk_cs *cs, cuzk_boolean out[256], const cuzk_boolean in[512]);

/* ==== num / poseidon / insertion / merkle (poseidon engineer) ============== */

#ifdef __cplusplus
}
#endif
#endif
