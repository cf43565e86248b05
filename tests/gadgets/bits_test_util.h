/* Helpers for the bit-gadget tests: counts, satisfaction, flipped witnesses. */
#ifndef CUZK_BITS_TEST_UTIL_H
#define CUZK_BITS_TEST_UTIL_H

#include "cuzk/gadgets.h"
#include "test.h"

typedef struct {
    uint64_t aux, inputs, constraints;
} counts;

static inline counts cs_counts(const cuzk_cs *cs)
{
    cuzk_cs_stats s;
    cuzk_cs_get_stats(cs, &s);
    return (counts){ s.aux, s.inputs, s.constraints };
}

static inline counts counts_sub(counts a, counts b)
{
    return (counts){ a.aux - b.aux, a.inputs - b.inputs, a.constraints - b.constraints };
}

static inline bool cs_ok(const cuzk_cs *cs)
{
    return cuzk_cs_error(cs, NULL) == 0 && cuzk_cs_recorder_first_unsatisfied(cs) == -1;
}

/* Whether a recorded variable holds exactly 0 / 1. */
static inline int var_bit(const cuzk_cs *cs, cuzk_var v)
{
    const cuzk_fr *x = cuzk_cs_value(cs, v);
    if (!x)
        return -1;
    if (cuzk_fr_is_zero(x))
        return 0;
    if (cuzk_fr_is_one(x))
        return 1;
    return 2;
}

/* Sets v to 1 - v (or to 2 when as_two), returns whether the system then
 * fails, and restores the value. */
static inline bool flip_breaks(cuzk_cs *cs, cuzk_var v, bool as_two)
{
    cuzk_fr old = *cuzk_cs_value(cs, v), nv;
    if (as_two)
        cuzk_fr_from_u64(&nv, 2);
    else
        cuzk_fr_sub(&nv, &CUZK_FR_ONE, &old);
    cuzk_cs_set_value(cs, v, &nv);
    bool broke = cuzk_cs_recorder_first_unsatisfied(cs) >= 0;
    cuzk_cs_set_value(cs, v, &old);
    return broke && cuzk_cs_recorder_first_unsatisfied(cs) == -1;
}

/* The value a Boolean carries in the recorded witness (-1 unknown). */
static inline int boolean_witness(const cuzk_cs *cs, const cuzk_boolean *b)
{
    if (b->kind == CUZK_BOOL_CONST)
        return b->value;
    int v = var_bit(cs, b->var);
    if (v < 0 || v > 1)
        return -1;
    return b->kind == CUZK_BOOL_NOT ? !v : v;
}

/* Allocates n bits (Is) with the given values. */
static inline int alloc_bits(cuzk_cs *cs, cuzk_boolean *out, const bool *v, size_t n)
{
    bool has = cuzk_cs_has_values(cs);
    for (size_t i = 0; i < n; i++) {
        int rc = cuzk_boolean_alloc(cs, &out[i], has ? &v[i] : NULL);
        if (rc)
            return rc;
    }
    return 0;
}

#endif
