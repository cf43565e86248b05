/* snarkjs's Groth16 JSON files (curve bls12381): verification_key.json,
 * proof.json and public.json. Numbers are decimal strings; points are
 * projective with Z = 1: G1 [x, y, "1"], G2 [[x.c0, x.c1], [y.c0, y.c1],
 * ["1", "0"]]; the point at infinity is Z = 0 (snarkjs writes ["0", "1", "0"]).
 * Writers use stdio; readers use jansson and check every point (on the curve,
 * in the subgroup) and every number (canonical). */
#ifndef CUZK_BENCH_SNARKJS_JSON_H
#define CUZK_BENCH_SNARKJS_JSON_H

#include "cuzk/groth16.h"

/* The vk's beta_g1 and delta_g1 are not in the snarkjs key (not needed to
 * verify). vk_alphabeta_12 is e(alpha, beta): ffjavascript normalises the
 * pairing as blst and we do (f^(3(p^12-1)/r)), with the same Fp12 tower and
 * coefficient order; the interop test checks it against ffjavascript. */
int snarkjs_write_vk(const char *path, const cuzk_vk *vk, cuzk_err *err);
int snarkjs_write_proof(const char *path, const cuzk_proof *proof, cuzk_err *err);
int snarkjs_write_public(const char *path, const cuzk_fr *inputs, size_t n, cuzk_err *err);

/* On success vk owns its ic (cuzk_vk_free); beta_g1 and delta_g1 are set to
 * infinity. vk_alphabeta_12 is not read (snarkjs's verifier ignores it too). */
int snarkjs_read_vk(const char *path, cuzk_vk *vk, cuzk_err *err);
/* Points must be finite; the verifier refuses infinity anyway. */
int snarkjs_read_proof(const char *path, cuzk_proof *proof, cuzk_err *err);
/* *inputs from cuzk_alloc_array (cuzk_free); each value must be below r. */
int snarkjs_read_public(const char *path, cuzk_fr **inputs, size_t *n, cuzk_err *err);

#endif
