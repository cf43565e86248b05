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

#include "cuzk/groth16.h"
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

/* ---- snarkjs's Groth16 JSON files -------------------------------------------------
 * verification_key.json, proof.json and public.json (curve bls12381).
 * Numbers are decimal strings; points are projective with Z = 1: G1
 * [x, y, "1"], G2 [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]]; the point at
 * infinity is Z = 0 (snarkjs writes ["0", "1", "0"]). A writer that fails
 * half-way removes its file. Readers check every point (on the curve, in the
 * subgroup) and every number (canonical), and name the file and the JSON path
 * of a bad value. */

/* The vk's beta_g1 and delta_g1 are not in the snarkjs key (not needed to
 * verify). vk_alphabeta_12 is e(alpha, beta): ffjavascript normalises the
 * pairing as blst and we do (f^(3(p^12-1)/r)), with the same Fp12 tower and
 * coefficient order; the interop test checks it against ffjavascript. */
int cuzk_snarkjs_write_vk(const char *path, const cuzk_vk *vk, cuzk_err *err);
int cuzk_snarkjs_write_proof(const char *path, const cuzk_proof *proof, cuzk_err *err);
int cuzk_snarkjs_write_public(const char *path, const cuzk_fr *inputs, size_t n, cuzk_err *err);

/* On success vk owns its ic (cuzk_vk_free); beta_g1 and delta_g1 are set to
 * infinity. vk_alphabeta_12 is not read (snarkjs's verifier ignores it too). */
int cuzk_snarkjs_read_vk(const char *path, cuzk_vk *vk, cuzk_err *err);
/* Points must be finite; the verifier refuses infinity anyway. */
int cuzk_snarkjs_read_proof(const char *path, cuzk_proof *proof, cuzk_err *err);
/* *inputs from cuzk_alloc_array (cuzk_free); each value must be below r. */
int cuzk_snarkjs_read_public(const char *path, cuzk_fr **inputs, size_t *n, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
