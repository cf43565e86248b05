/* The proving back end: evaluates A·z, B·z, C·z as each constraint is
 * enforced, so the matrices are never stored (bellperson's ProvingAssignment). */
#include "cs_internal.h"

#include <stdlib.h>

typedef struct {
    cuzk_cs base;
    cs_frvec a, b, c;
} prover;

static int prover_enforce(cuzk_cs *cs, const cuzk_lc *a, const cuzk_lc *b, const cuzk_lc *c)
{
    prover *p = (prover *)cs;
    cuzk_fr x;
    cs_eval(cs, cuzk_lc_terms_c(a), a->len, &x);
    if (cs_frvec_push(&p->a, &x))
        return CUZK_ERR_OUT_OF_MEMORY;
    cs_eval(cs, cuzk_lc_terms_c(b), b->len, &x);
    if (cs_frvec_push(&p->b, &x))
        return CUZK_ERR_OUT_OF_MEMORY;
    cs_eval(cs, cuzk_lc_terms_c(c), c->len, &x);
    if (cs_frvec_push(&p->c, &x))
        return CUZK_ERR_OUT_OF_MEMORY;
    return 0;
}

static void prover_destroy(cuzk_cs *cs)
{
    prover *p = (prover *)cs;
    cs_frvec_free(&p->a);
    cs_frvec_free(&p->b);
    cs_frvec_free(&p->c);
    cs_base_release(cs);
    free(p);
}

static const cs_backend prover_backend = { prover_enforce, prover_destroy };

cuzk_cs *cuzk_cs_prover_new(uint64_t constraints_hint, uint64_t aux_hint)
{
    prover *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    if (cs_base_init(&p->base, &prover_backend, true) != 0 ||
        (constraints_hint && (cs_frvec_reserve(&p->a, constraints_hint) || cs_frvec_reserve(&p->b, constraints_hint) ||
                              cs_frvec_reserve(&p->c, constraints_hint))) ||
        (aux_hint && cs_frvec_reserve(&p->base.aux, aux_hint))) {
        prover_destroy(&p->base);
        return NULL;
    }
    return &p->base;
}

int cuzk_cs_prover_witness(const cuzk_cs *cs, cuzk_witness *w)
{
    if (cs->backend != &prover_backend || !cs->finished || cs->err.code)
        return CUZK_ERR_INVALID_ARGUMENT;
    const prover *p = (const prover *)cs;
    w->input = cs->inputs.v;
    w->aux = cs->aux.v;
    w->a = p->a.v;
    w->b = p->b.v;
    w->c = p->c.v;
    w->num_inputs = cs->num_inputs;
    w->num_aux = cs->num_aux;
    w->num_constraints = cs->num_constraints;
    w->a_aux_density = cs->a_aux.words;
    w->b_input_density = cs->b_input.words;
    w->b_aux_density = cs->b_aux.words;
    return 0;
}
