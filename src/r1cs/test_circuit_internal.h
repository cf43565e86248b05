/* Internal to cuzk, not part of its API: the generated test circuit that
 * tests and cuzk-bench prove (src/r1cs/test_circuit.c). */
#ifndef CUZK_R1CS_TEST_CIRCUIT_INTERNAL_H
#define CUZK_R1CS_TEST_CIRCUIT_INTERNAL_H

#include "cuzk/r1cs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A generated test circuit of about n constraints and n_inputs public inputs,
 * mixing boolean and full-field witness values the way Filecoin's circuits do
 * (about half the aux variables are bits). Deterministic in seed. The ctx is
 * owned by the caller: cuzk_test_circuit_init fills it. */
typedef struct {
    uint64_t n_constraints;
    uint32_t n_inputs;
    uint64_t seed;
} cuzk_test_circuit;
void cuzk_test_circuit_init(cuzk_test_circuit *tc, cuzk_circuit *circuit, uint64_t n_constraints,
                            uint32_t n_inputs, uint64_t seed);

#ifdef __cplusplus
}
#endif
#endif
