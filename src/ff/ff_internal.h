/* Internal to cuzk, not part of its API: what the field layer gives the
 * library's other layers (and cuzk-bench's arithmetic timings) beyond
 * include/cuzk/ff.h. The inline Fp, Fr and Fp2 arithmetic of the hot loops,
 * the Montgomery constants, the AVX-512 IFMA batch kernels, and the portable
 * kernels the tests check the x86-64 path against. The other
 * headers of src/ff are the layer's own. */
#ifndef CUZK_FF_INTERNAL_H
#define CUZK_FF_INTERNAL_H

#include "cuzk/ff.h"
#include "ff_ifma.h"
#include "fp2_impl.h"
#include "fp_impl.h"
#include "fr_impl.h"
#include "mont.h"

/* The portable (__int128) Montgomery kernels, always built, so tests can check
 * the x86-64 path against them. cuzk_fp_mul/sqr use the path chosen at build time. */
void cuzk_fp_mul_portable(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b);
void cuzk_fp_sqr_portable(cuzk_fp *r, const cuzk_fp *a);
void cuzk_fr_mul_portable(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b);

#endif
