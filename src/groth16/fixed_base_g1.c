/* Fixed-base multiplication in G1: the fixed_base_impl.h engine on Fp. */
#include "cuzk/ec.h"
#include "ff/ff_internal.h"

#define FB_F cuzk_fp
#define FB_AFF cuzk_g1_affine
#define FB_PROJ cuzk_g1_proj
#define FB_TABLE cuzk_fixed_base_g1
#define FB_FN(x) cuzk_groth16_fixed_base_g1_##x
#define FB_GROUP "G1"
#define FB_MAX_W 16   /* 16 x 2^15 x 96 B = 48 MiB of table */

static inline void f_add(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b) { cuzk_fp_add_i(r, a, b); }
static inline void f_sub(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b) { cuzk_fp_sub_i(r, a, b); }
static inline void f_dbl(cuzk_fp *r, const cuzk_fp *a) { cuzk_fp_add_i(r, a, a); }
static inline void f_neg(cuzk_fp *r, const cuzk_fp *a) { cuzk_fp_neg_i(r, a); }
static inline void f_mul(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b) { cuzk_fp_mul_i(r, a, b); }
static inline void f_sqr(cuzk_fp *r, const cuzk_fp *a) { cuzk_fp_sqr_i(r, a); }
static inline void f_inv(cuzk_fp *r, const cuzk_fp *a) { cuzk_fp_inv(r, a); }
static inline bool f_is_zero(const cuzk_fp *a) { return cuzk_ff_is_zero_n(a->l, 6); }
static inline bool f_eq(const cuzk_fp *a, const cuzk_fp *b) { return cuzk_ff_eq_n(a->l, b->l, 6); }
static inline void f_set_one(cuzk_fp *r) { *r = CUZK_FP_ONE; }

#define p_from_aff cuzk_g1_proj_from_affine
#define p_add_aff cuzk_g1_proj_add_affine
#define p_dbl cuzk_g1_proj_dbl
#define p_batch_to_aff cuzk_g1_proj_batch_to_affine
#define p_mul cuzk_g1_mul

#include "groth16/fixed_base_impl.h"
