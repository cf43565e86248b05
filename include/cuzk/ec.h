/* cuzk ec: G1, G2, the pairing, point encodings, CPU MSM.
 *
 * Affine points encode the point at infinity as x = y = 0 (not on either curve,
 * since b != 0), which keeps affine bases at 96 / 192 bytes. Projective points
 * are Jacobian: (X/Z^2, Y/Z^3), Z = 0 for infinity. All outputs may alias inputs. */
#ifndef CUZK_EC_H
#define CUZK_EC_H

#include "cuzk/ff.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { cuzk_fp x, y; } cuzk_g1_affine;
typedef struct { cuzk_fp x, y, z; } cuzk_g1_proj;
typedef struct { cuzk_fp2 x, y; } cuzk_g2_affine;
typedef struct { cuzk_fp2 x, y, z; } cuzk_g2_proj;
typedef cuzk_fp12 cuzk_gt;

/* ---- G1 : y^2 = x^3 + 4 over Fp ---------------------------------------------- */
void cuzk_g1_generator(cuzk_g1_affine *r);
void cuzk_g1_affine_infinity(cuzk_g1_affine *r);
bool cuzk_g1_affine_is_infinity(const cuzk_g1_affine *a);
bool cuzk_g1_affine_eq(const cuzk_g1_affine *a, const cuzk_g1_affine *b);
void cuzk_g1_affine_neg(cuzk_g1_affine *r, const cuzk_g1_affine *a);
bool cuzk_g1_is_on_curve(const cuzk_g1_affine *a);       /* infinity counts as on the curve */
bool cuzk_g1_is_in_subgroup(const cuzk_g1_affine *a);    /* fast endomorphism check; assumes on curve */

void cuzk_g1_proj_infinity(cuzk_g1_proj *r);
bool cuzk_g1_proj_is_infinity(const cuzk_g1_proj *a);
void cuzk_g1_proj_from_affine(cuzk_g1_proj *r, const cuzk_g1_affine *a);
void cuzk_g1_proj_to_affine(cuzk_g1_affine *r, const cuzk_g1_proj *a);
void cuzk_g1_proj_batch_to_affine(cuzk_g1_affine *r, const cuzk_g1_proj *a, size_t n);
bool cuzk_g1_proj_eq(const cuzk_g1_proj *a, const cuzk_g1_proj *b);
void cuzk_g1_proj_neg(cuzk_g1_proj *r, const cuzk_g1_proj *a);
void cuzk_g1_proj_dbl(cuzk_g1_proj *r, const cuzk_g1_proj *a);
void cuzk_g1_proj_add(cuzk_g1_proj *r, const cuzk_g1_proj *a, const cuzk_g1_proj *b);
void cuzk_g1_proj_add_affine(cuzk_g1_proj *r, const cuzk_g1_proj *a, const cuzk_g1_affine *b);
/* r = k * a (k any 256-bit integer; reduced mod r is not required). a must lie
 * in G1 (GLV uses the endomorphism, which is [lambda] only there); for points
 * outside G1 the result is unspecified. Same for cuzk_g2_mul (GLS, psi) and G2. */
void cuzk_g1_mul(cuzk_g1_proj *r, const cuzk_g1_proj *a, const cuzk_scalar *k);
void cuzk_g1_mul_affine(cuzk_g1_proj *r, const cuzk_g1_affine *a, const cuzk_scalar *k);

/* ---- G2 : y^2 = x^3 + 4(u+1) over Fp2 ------------------------------------------- */
void cuzk_g2_generator(cuzk_g2_affine *r);
void cuzk_g2_affine_infinity(cuzk_g2_affine *r);
bool cuzk_g2_affine_is_infinity(const cuzk_g2_affine *a);
bool cuzk_g2_affine_eq(const cuzk_g2_affine *a, const cuzk_g2_affine *b);
void cuzk_g2_affine_neg(cuzk_g2_affine *r, const cuzk_g2_affine *a);
bool cuzk_g2_is_on_curve(const cuzk_g2_affine *a);
bool cuzk_g2_is_in_subgroup(const cuzk_g2_affine *a);    /* psi endomorphism check */

void cuzk_g2_proj_infinity(cuzk_g2_proj *r);
bool cuzk_g2_proj_is_infinity(const cuzk_g2_proj *a);
void cuzk_g2_proj_from_affine(cuzk_g2_proj *r, const cuzk_g2_affine *a);
void cuzk_g2_proj_to_affine(cuzk_g2_affine *r, const cuzk_g2_proj *a);
void cuzk_g2_proj_batch_to_affine(cuzk_g2_affine *r, const cuzk_g2_proj *a, size_t n);
bool cuzk_g2_proj_eq(const cuzk_g2_proj *a, const cuzk_g2_proj *b);
void cuzk_g2_proj_neg(cuzk_g2_proj *r, const cuzk_g2_proj *a);
void cuzk_g2_proj_dbl(cuzk_g2_proj *r, const cuzk_g2_proj *a);
void cuzk_g2_proj_add(cuzk_g2_proj *r, const cuzk_g2_proj *a, const cuzk_g2_proj *b);
void cuzk_g2_proj_add_affine(cuzk_g2_proj *r, const cuzk_g2_proj *a, const cuzk_g2_affine *b);
void cuzk_g2_mul(cuzk_g2_proj *r, const cuzk_g2_proj *a, const cuzk_scalar *k);
void cuzk_g2_mul_affine(cuzk_g2_proj *r, const cuzk_g2_affine *a, const cuzk_scalar *k);

/* ---- encodings (zcash / blst / blstrs) -------------------------------------------
 * Compressed: 48 (G1) / 96 (G2) bytes; uncompressed: 96 / 192 bytes; big-endian,
 * flags in the top three bits of byte 0 (0x80 compressed, 0x40 infinity, 0x20 sign).
 * G2 coordinates are written c1 before c0.
 *
 * Decoders take the buffer and its length: the length must be one of the two
 * sizes, and must agree with the compression flag. Errors, each with its code:
 * BAD_LENGTH, BAD_FLAGS (compression flag disagrees with length, infinity with
 * nonzero bits, sign flag on an uncompressed or infinite point), NOT_CANONICAL
 * (a coordinate >= p), NOT_ON_CURVE (no square root / equation fails),
 * NOT_IN_SUBGROUP (only when check_subgroup is true). */
void cuzk_g1_compress(uint8_t out[48], const cuzk_g1_affine *a);
void cuzk_g1_serialize(uint8_t out[96], const cuzk_g1_affine *a);
int  cuzk_g1_decode(cuzk_g1_affine *r, const uint8_t *in, size_t len,
                    bool check_subgroup, cuzk_err *err);
void cuzk_g2_compress(uint8_t out[96], const cuzk_g2_affine *a);
void cuzk_g2_serialize(uint8_t out[192], const cuzk_g2_affine *a);
int  cuzk_g2_decode(cuzk_g2_affine *r, const uint8_t *in, size_t len,
                    bool check_subgroup, cuzk_err *err);

/* ---- pairing ---------------------------------------------------------------------- */
/* Optimal ate Miller loop of one pair; infinity in either input gives 1. */
void cuzk_miller_loop(cuzk_fp12 *r, const cuzk_g1_affine *p, const cuzk_g2_affine *q);
/* Product of n Miller loops (shared squarings), no final exponentiation. */
void cuzk_multi_miller_loop(cuzk_fp12 *r, const cuzk_g1_affine *p, const cuzk_g2_affine *q, size_t n);
/* f^(3 (p^12 - 1) / r): the normalisation of blst, blstrs, zkcrypto and RELIC
 * (their e(P, Q) is the cube of f^((p^12 - 1) / r)); results match theirs bit for bit. */
void cuzk_final_exponentiation(cuzk_gt *r, const cuzk_fp12 *f);
void cuzk_pairing(cuzk_gt *r, const cuzk_g1_affine *p, const cuzk_g2_affine *q);
bool cuzk_gt_eq(const cuzk_gt *a, const cuzk_gt *b);
bool cuzk_gt_is_one(const cuzk_gt *a);

/* A G2 point prepared for verifiers: the P-independent line coefficients of
 * every Miller loop step (63 doublings, 5 additions), so loops over a fixed Q
 * skip all G2 arithmetic. Plain data, no heap (about 19.6 KB). */
#define CUZK_G2_PREPARED_LINES 68
typedef struct {
    cuzk_fp2 ell[CUZK_G2_PREPARED_LINES][3];
    bool infinity;                 /* Q was the point at infinity: pairs with it give 1 */
} cuzk_g2_prepared;
void cuzk_g2_prepare(cuzk_g2_prepared *r, const cuzk_g2_affine *q);
/* The product of the Miller loops of (p[i], *q[i]), i < n, like cuzk_multi_miller_loop
 * (same value). q holds pointers so that fixed and fresh prepared points mix without copies. */
void cuzk_multi_miller_loop_prepared(cuzk_fp12 *r, const cuzk_g1_affine *p,
                                     const cuzk_g2_prepared *const *q, size_t n);

/* ---- MSM (CPU) ---------------------------------------------------------------------
 * out = sum scalars[i] * bases[i]. Pippenger with signed windows; scalars 0 and 1
 * take a fast path. pool may be NULL (single thread). Infinity bases are allowed. */
void cuzk_g1_msm(cuzk_g1_proj *out, const cuzk_g1_affine *bases, const cuzk_scalar *scalars,
                 size_t n, cuzk_pool *pool);
void cuzk_g2_msm(cuzk_g2_proj *out, const cuzk_g2_affine *bases, const cuzk_scalar *scalars,
                 size_t n, cuzk_pool *pool);

/* ---- G1 MSM over fixed bases with a precomputed table (CPU) -------------------------
 * For bases that serve many MSMs (a proving key's H query): the table holds 16 copies
 * of the bases, copy w = 2^(16 w) * bases[i], so an MSM runs as one wide Pippenger
 * window with one bucket reduction. Memory: cuzk_g1_msm_table_bytes(n), 16 * 96 bytes
 * per base; building costs 240 affine doublings per base (pool may be NULL). The table
 * copies the bases. cuzk_g1_msm_table_run gives the value cuzk_g1_msm gives on the
 * first n <= size bases (it falls back to that path where the table does not pay). */
typedef struct cuzk_g1_msm_table cuzk_g1_msm_table;
/* Below this many non-0/1 scalars the table does not pay (its one reduction over 2^15
 * buckets costs what the windows save), and cuzk_g1_msm_table_run runs the plain MSM. */
#define CUZK_G1_MSM_TABLE_MIN_POINTS 8192
size_t cuzk_g1_msm_table_bytes(size_t n); /* SIZE_MAX on overflow */
int cuzk_g1_msm_table_create(cuzk_g1_msm_table **out, const cuzk_g1_affine *bases, size_t n,
                             cuzk_pool *pool, cuzk_err *err);
void cuzk_g1_msm_table_free(cuzk_g1_msm_table *t);
size_t cuzk_g1_msm_table_size(const cuzk_g1_msm_table *t);
int cuzk_g1_msm_table_run(cuzk_g1_proj *out, const cuzk_g1_msm_table *t, const cuzk_scalar *scalars,
                          size_t n, cuzk_pool *pool, cuzk_err *err);
/* out = the sum over the parts p < n_parts of the MSM of scalars[p][0..ns[p]) over tables[p]
 * (the prover's H and L, both summed into C): the parts share one set of buckets and pay
 * one reduction. Same value as the sum of cuzk_g1_msm_table_run over the parts. */
int cuzk_g1_msm_table_run_many(cuzk_g1_proj *out, const cuzk_g1_msm_table *const *tables,
                               const cuzk_scalar *const *scalars, const size_t *ns, size_t n_parts,
                               cuzk_pool *pool, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
