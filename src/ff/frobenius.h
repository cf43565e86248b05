/* Frobenius coefficients of the tower (private header).
 *
 * With xi = 1 + u, v^3 = xi and w^2 = v (so w^6 = xi), raising to p^k maps
 * v -> xi^((p^k-1)/3) v, v^2 -> xi^(2(p^k-1)/3) v^2 and w -> xi^((p^k-1)/6) w.
 * Index k = 0..5; for Fp12 powers 6..11 the w coefficient is minus the one of
 * k - 6 (w^(p^6) = -w). Montgomery form; test_tower recomputes every entry. */
#ifndef CUZK_FF_FROBENIUS_H
#define CUZK_FF_FROBENIUS_H

#include "cuzk/ff.h"

extern const cuzk_fp2 CUZK_FF_FROB_V[6];
extern const cuzk_fp2 CUZK_FF_FROB_V2[6];
extern const cuzk_fp2 CUZK_FF_FROB_W[6];

#endif
