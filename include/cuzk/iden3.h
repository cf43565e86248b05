/* cuzk iden3: the circom/snarkjs binary formats .r1cs and .wtns.
 *
 * Both are iden3 containers: magic (4 bytes) | version u32 | section count u32,
 * then sections `type u32 | size u64 | payload`, in any order, all little-endian.
 * Field elements are n8 = 32 bytes, little-endian, in standard (not Montgomery)
 * form; the prime must be the BLS12-381 scalar field r (circom -p bls12381).
 *
 * Wires: 0 is the constant 1, then the public outputs, the public inputs, the
 * private inputs and the internal wires. An r1cs read here replays as a
 * cuzk_circuit: wire 0 -> ONE, wires 1..n_public -> alloc_input in order (so
 * the snarkjs public signals are our inputs, in the same order), every other
 * wire -> alloc (aux index = wire - 1 - n_public). Readers check every length
 * against the bytes present before allocating and name the offset at fault. */
#ifndef CUZK_IDEN3_H
#define CUZK_IDEN3_H

#include "cuzk/r1cs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A parsed .r1cs. Terms of constraint i's A, B, C are the ranges
 * [lc_start[3i + k], lc_start[3i + k + 1]) of wire[] and coeff[], k = 0, 1, 2. */
typedef struct {
    uint32_t n_wires, n_pub_out, n_pub_in, n_prv_in;
    uint64_t n_labels;
    uint32_t n_constraints;
    uint64_t n_terms;
    uint64_t *lc_start;     /* 3 n_constraints + 1 */
    uint32_t *wire;         /* n_terms, each < n_wires */
    cuzk_fr *coeff;         /* n_terms, Montgomery form */
} cuzk_iden3_r1cs;

/* A parsed .wtns: n values, value[0] = 1 for any witness circom computes. */
typedef struct {
    uint32_t n;
    cuzk_fr *value;
} cuzk_iden3_wtns;

int cuzk_iden3_r1cs_read(const char *path, cuzk_iden3_r1cs *out, cuzk_err *err);
/* src names the input in error messages. */
int cuzk_iden3_r1cs_read_buffer(const uint8_t *buf, size_t len, const char *src, cuzk_iden3_r1cs *out,
                                cuzk_err *err);
void cuzk_iden3_r1cs_free(cuzk_iden3_r1cs *r);
static inline uint32_t cuzk_iden3_r1cs_public(const cuzk_iden3_r1cs *r) { return r->n_pub_out + r->n_pub_in; }

int cuzk_iden3_wtns_read(const char *path, cuzk_iden3_wtns *out, cuzk_err *err);
int cuzk_iden3_wtns_read_buffer(const uint8_t *buf, size_t len, const char *src, cuzk_iden3_wtns *out,
                                cuzk_err *err);
void cuzk_iden3_wtns_free(cuzk_iden3_wtns *w);

/* Index of the first constraint the witness does not satisfy, -1 when all
 * hold; fails (INVALID_ARGUMENT) when the witness does not fit the r1cs
 * (count, or value[0] != 1). */
int cuzk_iden3_check(const cuzk_iden3_r1cs *r, const cuzk_iden3_wtns *w, int64_t *first_bad, cuzk_err *err);

/* The r1cs as a circuit; with wtns (its count must equal n_wires and
 * value[0] must be 1) the values are allocated too, without it the circuit
 * synthesizes shape only (setup). ctx must outlive circuit; it only borrows
 * r1cs and wtns. */
typedef struct {
    const cuzk_iden3_r1cs *r1cs;
    const cuzk_iden3_wtns *wtns;
} cuzk_iden3_circuit;
int cuzk_iden3_circuit_init(cuzk_iden3_circuit *ctx, cuzk_circuit *circuit, const cuzk_iden3_r1cs *r1cs,
                            const cuzk_iden3_wtns *wtns, cuzk_err *err);

/* Exports a synthesized recorder cs (cuzk_cs_recorder_new, finished) as
 * .r1cs and, when it has values, .wtns, for snarkjs. The constraints that
 * finish appended (one per input) are left out: they are bellperson's, and
 * snarkjs adds its own. Inputs other than ONE become public inputs (nPubOut =
 * 0, nPrvIn = 0), aux j becomes wire n_inputs + j. wtns_path may be NULL. */
int cuzk_iden3_export(const cuzk_cs *recorder, const char *r1cs_path, const char *wtns_path, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
