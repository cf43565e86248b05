/* CPU MSM over G2: the msm_impl.h engine on Fp2. */
#include "cuzk/ec.h"
#include "ff/ff_internal.h"

#define MSM_F cuzk_fp2
#define MSM_AFF cuzk_g2_affine
#define MSM_PROJ cuzk_g2_proj
#define MSM_NAME cuzk_g2_msm

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

/* Batched affine additions with AVX-512 IFMA where the CPU has it (src/ff). */
#define MSM_ADD_MANY(a, b, inf, n, scratch) cuzk_fp2_affine_add_many((a), (b), (inf), (n), (scratch))
#define MSM_ADD_MANY_SCRATCH(n) cuzk_fp2_affine_add_scratch_bytes(n)
#define MSM_ADD_MANY_OK() cuzk_ff_ifma_available()

#include "ec/msm_impl.h"
