/* Private: the state every back end shares and the back-end vtable. */
#ifndef CUZK_R1CS_CS_INTERNAL_H
#define CUZK_R1CS_CS_INTERNAL_H

#include "cuzk/r1cs.h"

/* A growable bitmap with a running popcount. */
typedef struct {
    uint64_t *words;
    uint64_t cap_words;
    uint64_t count;
} cs_bitmap;

/* A growable vector of field elements. */
typedef struct {
    cuzk_fr *v;
    uint64_t len, cap;
} cs_frvec;

typedef struct {
    /* Called after the base has checked and normalized the LCs and updated the
     * counts and densities. Returns 0 or an error code (the base makes it sticky). */
    int (*enforce)(cuzk_cs *cs, const cuzk_lc *a, const cuzk_lc *b, const cuzk_lc *c);
    void (*destroy)(cuzk_cs *cs);
} cs_backend;

struct cuzk_cs {
    const cs_backend *backend;
    bool has_values;
    bool finished;
    cuzk_err err;                 /* sticky: err.code != 0 after the first failure */
    uint64_t num_inputs, num_aux, num_constraints;
    uint64_t nnz_a, nnz_b, nnz_c;
    cs_frvec inputs, aux;         /* values, when has_values */
    cs_bitmap a_aux, b_input, b_aux;
};

int cs_base_init(cuzk_cs *cs, const cs_backend *backend, bool has_values);
void cs_base_release(cuzk_cs *cs);
int cs_frvec_push(cs_frvec *v, const cuzk_fr *x);
int cs_frvec_reserve(cs_frvec *v, uint64_t cap);
void cs_frvec_free(cs_frvec *v);
/* <lc, z> over the stored values. */
void cs_eval(const cuzk_cs *cs, const cuzk_lc_term *terms, uint32_t len, cuzk_fr *out);

#endif
