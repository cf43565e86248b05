/* Private helpers shared by the G1/G2 files (and their tests): scalar
 * splitting, the curve endomorphisms, multiplication by the BLS parameter,
 * and "plain" scalar multiplication that is valid for every point on the
 * curve (cuzk_g1_mul / cuzk_g2_mul use the endomorphisms, which only act as
 * the expected scalar on the prime-order subgroup). */
#ifndef CUZK_EC_CURVE_IMPL_H
#define CUZK_EC_CURVE_IMPL_H

#include "cuzk/ec.h"

/* The BLS12-381 parameter is x = -CUZK_BLS_X_ABS. */
#define CUZK_BLS_X_ABS 0xd201000000010000ULL

/* ---- scalars (ec_scalar.c) ---------------------------------------------- */
/* out = k mod r (k is any 256-bit integer). */
void cuzk_ec_scalar_reduce(uint64_t out[4], const cuzk_scalar *k);
/* k = d[0] + d[1] |x| + d[2] |x|^2 + d[3] |x|^3 with every d[i] < |x|,
 * for any k < |x|^4 (in particular any k < r). */
void cuzk_ec_scalar_split_x(uint64_t d[4], const uint64_t k[4]);
/* Width-w NAF of the n-limb integer k (n <= 4, 2 <= w <= 7): digits[i] is
 * zero or odd with |digits[i]| < 2^(w-1), k = sum digits[i] 2^i. digits
 * must hold 64n+1 entries. Returns the number of digits (0 when k = 0). */
size_t cuzk_ec_scalar_wnaf(int8_t *digits, const uint64_t *k, size_t n, unsigned w);

/* ---- G1 (g1_mul.c) ---------------------------------------------------------- */
/* phi(X, Y, Z) = (beta X, Y, Z), which is [-x^2] = [lambda] on G1. */
void cuzk_g1_endo(cuzk_g1_proj *r, const cuzk_g1_proj *a);
/* r = [|x|] a, for any point on the curve. */
void cuzk_g1_mul_by_x_abs(cuzk_g1_proj *r, const cuzk_g1_proj *a);
/* r = [k] a with k the n-limb integer as is (no reduction mod r): valid for
 * every point on the curve. */
void cuzk_g1_mul_plain(cuzk_g1_proj *r, const cuzk_g1_proj *a, const uint64_t *k, size_t n);
/* r = [1 - x] a, the effective cofactor of hash-to-curve: lands in G1 for any point on E. */
void cuzk_g1_clear_cofactor(cuzk_g1_proj *r, const cuzk_g1_proj *a);

/* ---- G2 (g2_mul.c) ---------------------------------------------------------- */
/* psi = untwist, Frobenius, twist: an endomorphism of E'(Fp2) that acts as [x] on G2. */
void cuzk_g2_psi(cuzk_g2_proj *r, const cuzk_g2_proj *a);
void cuzk_g2_mul_by_x_abs(cuzk_g2_proj *r, const cuzk_g2_proj *a);
void cuzk_g2_mul_plain(cuzk_g2_proj *r, const cuzk_g2_proj *a, const uint64_t *k, size_t n);
/* r = [h_eff] a through psi (Budroni-Pintore): lands in G2 for any point on E'. */
void cuzk_g2_clear_cofactor(cuzk_g2_proj *r, const cuzk_g2_proj *a);

#endif
