/* Private: small dense Fr matrices for the Poseidon preprocessing (width <= 37). */
#ifndef CUZK_GADGETS_POSEIDON_IMPL_H
#define CUZK_GADGETS_POSEIDON_IMPL_H

#include "cuzk/poseidon.h"

/* Row-major n x n matrices. */
#define POSEIDON_AT(m, n, i, j) ((m)[(size_t)(i) * (n) + (j)])

/* r = a * b (r must not alias a or b). */
void cuzk_poseidon_mat_mul(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b, uint32_t n);
/* r = v * m, v a row vector (neptune's apply_matrix); r must not alias v. */
void cuzk_poseidon_vec_mat(cuzk_fr *r, const cuzk_fr *v, const cuzk_fr *m, uint32_t n);
/* r = m^-1 by Gauss-Jordan; scratch holds n*n values. Returns false when m is singular. */
bool cuzk_poseidon_mat_inv(cuzk_fr *r, const cuzk_fr *m, cuzk_fr *scratch, uint32_t n);

#endif
