/* Encoding of the replica (storage-proofs-core gadgets/encode.rs): the
 * replica node is key + data in Fr, with constraint::add / constraint::sub's
 * one-constraint shapes. */
#include "gadgets_impl.h"

static int alloc_num_value(cuzk_cs *cs, cuzk_num *out, bool has, const cuzk_fr *v)
{
    out->has_value = has;
    out->value = has ? *v : CUZK_FR_ZERO;
    return cuzk_cs_alloc(cs, &out->var, has ? &out->value : NULL);
}

int cuzk_encode_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *key, const cuzk_num *value)
{
    cuzk_fr sum;
    cuzk_fr_add(&sum, &key->value, &value->value);
    cuzk_num r;
    int rc = alloc_num_value(cs, &r, key->has_value && value->has_value, &sum);
    if (rc)
        return rc;
    /* (key + value) * 1 = r */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, key->var);
    cuzk_lc_add_var(&a, value->var);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_add_var(&c, r.var);
    *out = r;
    return gadget_enforce(cs, &a, &b, &c);
}

int cuzk_decode_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *key, const cuzk_num *value)
{
    cuzk_fr diff;
    cuzk_fr_sub(&diff, &value->value, &key->value);
    cuzk_num r;
    int rc = alloc_num_value(cs, &r, key->has_value && value->has_value, &diff);
    if (rc)
        return rc;
    /* (r + key) * 1 = value */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, r.var);
    cuzk_lc_add_var(&a, key->var);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_add_var(&c, value->var);
    *out = r;
    return gadget_enforce(cs, &a, &b, &c);
}
