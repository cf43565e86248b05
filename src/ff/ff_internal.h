/* Internal to cuzk, not part of its API: what the field layer gives the
 * library's other layers (and cuzk-bench's arithmetic timings) beyond
 * include/cuzk/ff.h. The inline Fp, Fr and Fp2 arithmetic of the hot loops,
 * the Montgomery constants, and the AVX-512 IFMA batch kernels. The other
 * headers of src/ff are the layer's own. */
#ifndef CUZK_FF_INTERNAL_H
#define CUZK_FF_INTERNAL_H

#include "cuzk/ff.h"
#include "ff_ifma.h"
#include "fp2_impl.h"
#include "fp_impl.h"
#include "fr_impl.h"
#include "mont.h"

#endif
