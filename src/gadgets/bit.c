/* AllocatedBit: a variable constrained to {0, 1}, and the four two-input
 * operations that allocate their result (bellpepper-core shapes). */
#include "gadgets_impl.h"

int cuzk_bit_alloc(cuzk_cs *cs, cuzk_bit *out, const bool *value)
{
    out->has_value = value != NULL;
    out->value = value ? *value : false;
    int rc = cuzk_cs_alloc(cs, &out->var, gadget_bit_value(out->has_value, out->value));
    if (rc)
        return rc;
    /* (1 - b) * b = 0 */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, cuzk_var_one());
    cuzk_lc_sub_var(&a, out->var);
    cuzk_lc_add_var(&b, out->var);
    return gadget_enforce(cs, &a, &b, &c);
}

int cuzk_bit_alloc_conditionally(cuzk_cs *cs, cuzk_bit *out, const bool *value, const cuzk_bit *must_be_false)
{
    out->has_value = value != NULL;
    out->value = value ? *value : false;
    int rc = cuzk_cs_alloc(cs, &out->var, gadget_bit_value(out->has_value, out->value));
    if (rc)
        return rc;
    /* (1 - f - b) * b = 0: b is free when f = 0 and forced to 0 when f = 1 */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, cuzk_var_one());
    cuzk_lc_sub_var(&a, must_be_false->var);
    cuzk_lc_sub_var(&a, out->var);
    cuzk_lc_add_var(&b, out->var);
    return gadget_enforce(cs, &a, &b, &c);
}

/* Allocates the result of a two-input operation; the value is known only when
 * both inputs' values are. */
static int alloc_result(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *x, const cuzk_bit *y, bool v)
{
    out->has_value = x->has_value && y->has_value;
    out->value = out->has_value && v;
    return cuzk_cs_alloc(cs, &out->var, gadget_bit_value(out->has_value, out->value));
}

int cuzk_bit_xor(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *x, const cuzk_bit *y)
{
    cuzk_bit r;
    int rc = alloc_result(cs, &r, x, y, x->value != y->value);
    if (rc)
        return rc;
    /* (2x) * y = x + y - r */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, x->var);
    cuzk_lc_add_var(&a, x->var);
    cuzk_lc_add_var(&b, y->var);
    cuzk_lc_add_var(&c, x->var);
    cuzk_lc_add_var(&c, y->var);
    cuzk_lc_sub_var(&c, r.var);
    *out = r;
    return gadget_enforce(cs, &a, &b, &c);
}

int cuzk_bit_and(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *x, const cuzk_bit *y)
{
    cuzk_bit r;
    int rc = alloc_result(cs, &r, x, y, x->value && y->value);
    if (rc)
        return rc;
    /* x * y = r */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, x->var);
    cuzk_lc_add_var(&b, y->var);
    cuzk_lc_add_var(&c, r.var);
    *out = r;
    return gadget_enforce(cs, &a, &b, &c);
}

int cuzk_bit_and_not(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *x, const cuzk_bit *y)
{
    cuzk_bit r;
    int rc = alloc_result(cs, &r, x, y, x->value && !y->value);
    if (rc)
        return rc;
    /* x * (1 - y) = r */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, x->var);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_sub_var(&b, y->var);
    cuzk_lc_add_var(&c, r.var);
    *out = r;
    return gadget_enforce(cs, &a, &b, &c);
}

int cuzk_bit_nor(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *x, const cuzk_bit *y)
{
    cuzk_bit r;
    int rc = alloc_result(cs, &r, x, y, !x->value && !y->value);
    if (rc)
        return rc;
    /* (1 - x) * (1 - y) = r */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, cuzk_var_one());
    cuzk_lc_sub_var(&a, x->var);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_sub_var(&b, y->var);
    cuzk_lc_add_var(&c, r.var);
    *out = r;
    return gadget_enforce(cs, &a, &b, &c);
}
