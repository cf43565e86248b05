/* Private: the domain size rule and the QAP evaluation behind setup (the
 * prover shares the domain size rule). */
#ifndef CUZK_GROTH16_SETUP_IMPL_H
#define CUZK_GROTH16_SETUP_IMPL_H

#include "cuzk/r1cs.h"

/* The size-m domain bellperson uses for n constraints: m is the smallest power
 * of two >= n, omega a primitive m-th root of unity. Fails for log2(m) >= 32. */
int cuzk_groth16_domain_size(uint64_t n, uint64_t *m, cuzk_fr *omega, cuzk_err *err);

/* Evaluates the QAP of a finished recorder cs at tau: for variable i
 * (inputs first, then aux) u[i], v[i], w[i] = sum over constraints j of the
 * A, B, C coefficient of i in j times L_j(tau), the Lagrange basis of the
 * domain. u, v, w hold num_inputs + num_aux zeroed entries on entry. t gets
 * t(tau) = tau^m - 1, which must be nonzero (tau outside the domain). */
int cuzk_groth16_qap_eval(const cuzk_cs *cs, const cuzk_fr *tau, cuzk_pool *pool, cuzk_fr *u,
                          cuzk_fr *v, cuzk_fr *w, uint64_t *m, cuzk_fr *t, cuzk_err *err);

#endif
