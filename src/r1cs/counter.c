/* The counting back end: shape only, nothing stored per constraint. */
#include "cs_internal.h"

#include <stdlib.h>

static int counter_enforce(cuzk_cs *cs, const cuzk_lc *a, const cuzk_lc *b, const cuzk_lc *c)
{
    (void)cs;
    (void)a;
    (void)b;
    (void)c;
    return 0; /* counts and densities are kept by the base */
}

static void counter_destroy(cuzk_cs *cs)
{
    cs_base_release(cs);
    free(cs);
}

static const cs_backend counter_backend = { counter_enforce, counter_destroy };

cuzk_cs *cuzk_cs_counter_new(void)
{
    cuzk_cs *cs = malloc(sizeof *cs);
    if (!cs)
        return NULL;
    if (cs_base_init(cs, &counter_backend, false) != 0) {
        counter_destroy(cs);
        return NULL;
    }
    return cs;
}
