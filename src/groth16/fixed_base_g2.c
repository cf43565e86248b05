/* Fixed-base multiplication in G2: the fixed_base_impl.h engine on Fp2. */
#include "cuzk/ec.h"
#include "ff/ff_internal.h"

#define FB_F cuzk_fp2
#define FB_AFF cuzk_g2_affine
#define FB_PROJ cuzk_g2_proj
#define FB_TABLE cuzk_fixed_base_g2
#define FB_FN(x) cuzk_groth16_fixed_base_g2_##x
#define FB_GROUP "G2"
#define FB_MAX_W 15   /* 18 x 2^14 x 192 B = 54 MiB of table */

static inline void f_add(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b) { cuzk_fp2_add_i(r, a, b); }
static inline void f_sub(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b) { cuzk_fp2_sub_i(r, a, b); }
static inline void f_dbl(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_dbl_i(r, a); }
static inline void f_neg(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_neg_i(r, a); }
static inline void f_mul(cuzk_fp2 *r, const cuzk_fp2 *a, const cuzk_fp2 *b) { cuzk_fp2_mul_i(r, a, b); }
static inline void f_sqr(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_sqr_i(r, a); }
static inline void f_inv(cuzk_fp2 *r, const cuzk_fp2 *a) { cuzk_fp2_inv(r, a); }
static inline bool f_is_zero(const cuzk_fp2 *a) { return cuzk_fp2_is_zero_i(a); }
static inline bool f_eq(const cuzk_fp2 *a, const cuzk_fp2 *b) { return cuzk_fp2_eq_i(a, b); }
static inline void f_set_one(cuzk_fp2 *r) { r->c0 = CUZK_FP_ONE; r->c1 = CUZK_FP_ZERO; }

#define p_from_aff cuzk_g2_proj_from_affine
#define p_add_aff cuzk_g2_proj_add_affine
#define p_dbl cuzk_g2_proj_dbl
#define p_batch_to_aff cuzk_g2_proj_batch_to_affine
#define p_mul cuzk_g2_mul

#include "groth16/fixed_base_impl.h"
