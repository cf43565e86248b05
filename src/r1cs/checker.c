/* The checking back end: stores the assignment (the constraints need it) but
 * not the matrices nor the evaluations; each constraint's A·z, B·z, C·z are
 * evaluated as it is enforced and A·B = C is checked at once. Failures are
 * counted and the first one is kept (index and the three values); synthesis
 * goes on, so one run gives the full count. */
#include "cs_internal.h"

#include <stdlib.h>

typedef struct {
    cuzk_cs base;
    uint64_t failed;
    int64_t first_failed;
    cuzk_fr first_abc[3];
} checker;

static int checker_enforce(cuzk_cs *cs, const cuzk_lc *a, const cuzk_lc *b, const cuzk_lc *c)
{
    checker *k = (checker *)cs;
    cuzk_fr x, y, z, xy;
    cs_eval(cs, cuzk_lc_terms_c(a), a->len, &x);
    cs_eval(cs, cuzk_lc_terms_c(b), b->len, &y);
    cs_eval(cs, cuzk_lc_terms_c(c), c->len, &z);
    cuzk_fr_mul(&xy, &x, &y);
    if (!cuzk_fr_eq(&xy, &z)) {
        if (k->failed++ == 0) {
            k->first_failed = (int64_t)cs->num_constraints;
            k->first_abc[0] = x;
            k->first_abc[1] = y;
            k->first_abc[2] = z;
        }
    }
    return 0;
}

static void checker_destroy(cuzk_cs *cs)
{
    cs_base_release(cs);
    free(cs);
}

static const cs_backend checker_backend = { checker_enforce, checker_destroy };

cuzk_cs *cuzk_cs_checker_new(uint64_t aux_hint)
{
    checker *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->first_failed = -1;
    if (cs_base_init(&k->base, &checker_backend, true) != 0 ||
        (aux_hint && cs_frvec_reserve(&k->base.aux, aux_hint))) {
        checker_destroy(&k->base);
        return NULL;
    }
    return &k->base;
}

int cuzk_cs_checker_result(const cuzk_cs *cs, cuzk_cs_check *out)
{
    if (!cs || !out || cs->backend != &checker_backend)
        return CUZK_ERR_INVALID_ARGUMENT;
    const checker *k = (const checker *)cs;
    out->checked = cs->num_constraints;
    out->failed = k->failed;
    out->first_failed = k->first_failed;
    for (int i = 0; i < 3; i++)
        out->first_abc[i] = k->first_abc[i];
    return 0;
}
