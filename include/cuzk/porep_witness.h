/* cuzk porep fast witness generator (src/circuits/porep/witness_fast*.c).
 *
 * The generic path (cuzk_porep_circuit_from_c1 synthesized into a prover cs)
 * defines the witness; this generator produces exactly the same vectors
 * (inputs, aux, A·z, B·z, C·z and the density bitmaps) for one PoRep
 * partition, faster:
 *  - the aux and input values come from a native mirror of the gadgets
 *    (SHA-256 with bellperson's bit-level folding, Poseidon's S-box
 *    intermediates, insertions, bit decompositions), which allocates values
 *    in the generic path's order but builds no linear combinations;
 *  - A·z, B·z, C·z come from a "tape": the matrices of one challenge block,
 *    recorded once per sector shape from the generic path (a blank circuit
 *    of one challenge), with relocatable variable references and a table of
 *    coefficients. Every challenge block of a partition has the same
 *    constraints, shifted by a fixed number of aux and input variables, so
 *    challenges run in parallel into disjoint slices of the output.
 *
 * Layout of a partition with N challenges: inputs = P_in + N*B_in (ONE
 * first), aux = P_aux + N*B_aux, constraints = P_con + N*B_con + inputs
 * (bellperson's input constraints last). */
#ifndef CUZK_POREP_WITNESS_H
#define CUZK_POREP_WITNESS_H

#include "cuzk/porep.h"
#include "cuzk/r1cs.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cuzk_porep_wgen cuzk_porep_wgen;

/* Records the tape for cfg's shape (the generic synthesis of one blank
 * challenge: about 1/challenges_per_partition of a partition's generic cost;
 * 32 GiB: 4.3 CPU s; the recorder peaks at a few GB, the tape kept is ~0.5 GB)
 * and computes the partition's density bitmaps. One generator serves every partition of that shape, from
 * any number of threads. pool may be NULL (the recording is sequential). */
int cuzk_porep_wgen_new(cuzk_porep_wgen **out, const cuzk_porep_config *cfg, cuzk_pool *pool, cuzk_err *err);
void cuzk_porep_wgen_free(cuzk_porep_wgen *g);

typedef struct {
    uint64_t inputs, aux, constraints;          /* of one partition */
    uint64_t prefix_inputs, prefix_aux, prefix_constraints;
    uint64_t block_inputs, block_aux, block_constraints;
    uint64_t tape_terms, tape_coeffs;           /* non-zero terms of prefix + one block; distinct coefficients */
    uint64_t block_native_constraints;          /* block rows evaluated natively (the rest: from the tape) */
    uint32_t challenges;
} cuzk_porep_wgen_shape;
void cuzk_porep_wgen_get_shape(const cuzk_porep_wgen *g, cuzk_porep_wgen_shape *s);

/* Caller-owned output buffers (plain or pinned memory), sized by the shape:
 * input[inputs], aux[aux], a/b/c[constraints]. */
typedef struct {
    cuzk_fr *input, *aux, *a, *b, *c;
} cuzk_porep_wgen_buffers;

/* Fills the buffers for partition `partition` of c1 (checked as the generic
 * circuit checks it), one task per challenge over pool (may be NULL). */
int cuzk_porep_wgen_fill(const cuzk_porep_wgen *g, const cuzk_porep_c1 *c1, uint32_t partition,
                         const cuzk_porep_wgen_buffers *buf, cuzk_pool *pool, cuzk_err *err);

/* A witness view of filled buffers for cuzk_groth16_prove (densities owned by g). */
void cuzk_porep_wgen_witness(const cuzk_porep_wgen *g, const cuzk_porep_wgen_buffers *buf, cuzk_witness *w);

/* Debugging aid: names the gadget that allocated aux variable `aux_index`
 * of a partition (challenge, offset in the block and the gadget section,
 * e.g. "challenge 3 +1234: tree-D inclusion level 5"), and the constraint
 * `constraint` likewise when constraint != UINT64_MAX. */
void cuzk_porep_wgen_describe(const cuzk_porep_wgen *g, uint64_t aux_index, char *out, size_t n);
void cuzk_porep_wgen_describe_constraint(const cuzk_porep_wgen *g, uint64_t constraint, char *out, size_t n);

#ifdef __cplusplus
}
#endif
#endif
