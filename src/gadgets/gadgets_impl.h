/* Private helpers shared by the bit-level gadgets. */
#ifndef CUZK_GADGETS_IMPL_H
#define CUZK_GADGETS_IMPL_H

#include "cuzk/gadgets.h"

/* Keeps the first failure of a run of fallible steps, skipping the rest. */
#define GADGET_TRY(rc, expr) do { if ((rc) == 0) (rc) = (expr); } while (0)

static inline const cuzk_fr *gadget_bool_fr(bool b) { return b ? &CUZK_FR_ONE : &CUZK_FR_ZERO; }

/* The value to hand to cuzk_cs_alloc: NULL when unknown (setup, counting). */
static inline const cuzk_fr *gadget_bit_value(bool has, bool v) { return has ? gadget_bool_fr(v) : NULL; }

/* -1 in Fr, built on the stack (no shared mutable state). */
static inline cuzk_fr gadget_minus_one(void)
{
    cuzk_fr m;
    cuzk_fr_neg(&m, &CUZK_FR_ONE);
    return m;
}

/* The AllocatedBit under an Is/Not Boolean, with the bit's own value. */
static inline cuzk_bit gadget_bit_of(const cuzk_boolean *b)
{
    cuzk_bit r = { b->var, b->kind == CUZK_BOOL_NOT ? !b->value : b->value, b->has_value };
    return r;
}

/* Enforces a*b = c, frees the three LCs and returns the cs's sticky error. */
static inline int gadget_enforce(cuzk_cs *cs, cuzk_lc *a, cuzk_lc *b, cuzk_lc *c)
{
    cuzk_cs_enforce(cs, a, b, c);
    cuzk_lc_free(a);
    cuzk_lc_free(b);
    cuzk_lc_free(c);
    return cuzk_cs_error(cs, NULL);
}

#endif
