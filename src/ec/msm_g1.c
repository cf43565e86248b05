/* CPU MSM over G1: the msm_impl.h engine on Fp. */
#include "cuzk/ec.h"
#include "ff/ff_internal.h"

#define MSM_F cuzk_fp
#define MSM_AFF cuzk_g1_affine
#define MSM_PROJ cuzk_g1_proj
#define MSM_NAME cuzk_g1_msm

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

/* Batched affine additions with AVX-512 IFMA where the CPU has it (src/ff). */
#define MSM_ADD_MANY(a, b, inf, n, scratch) cuzk_fp_affine_add_many((a), (b), (inf), (n), (scratch))
#define MSM_ADD_MANY_SCRATCH(n) cuzk_fp_affine_add_scratch_bytes(n)
#define MSM_ADD_MANY_OK() cuzk_ff_ifma_available()

#include "ec/msm_impl.h"

/* Fixed bases with precomputed shifted copies (msm_table.h). */
#define MSM_TABLE cuzk_g1_msm_table
#define MSM_TABLE_BYTES cuzk_g1_msm_table_bytes
#define MSM_TABLE_CREATE cuzk_g1_msm_table_create
#define MSM_TABLE_FREE cuzk_g1_msm_table_free
#define MSM_TABLE_SIZE cuzk_g1_msm_table_size
#define MSM_TABLE_RUN cuzk_g1_msm_table_run
#define MSM_TABLE_RUN_MANY cuzk_g1_msm_table_run_many
#define MSM_TABLE_MIN_POINTS CUZK_G1_MSM_TABLE_MIN_POINTS

#include "ec/msm_table.h"
