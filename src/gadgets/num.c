/* AllocatedNum operations (bellpepper-core num.rs) and the small helpers of
 * storage-proofs-core (gadgets/constraint.rs, insertion::pick), with the
 * same variables and constraints in the same order. */
#include "gadgets_impl.h"

static const cuzk_fr *num_value(const cuzk_cs *cs, const cuzk_fr *v) { return cuzk_cs_has_values(cs) ? v : NULL; }

/* Values flow only when the cs has them; a num without a value in a cs with
 * values is the caller's error, reported by the allocation. */
static bool both(const cuzk_num *a, const cuzk_num *b) { return a->has_value && b->has_value; }

int cuzk_num_alloc(cuzk_cs *cs, cuzk_num *out, const cuzk_fr *value)
{
    out->has_value = value != NULL;
    out->value = value ? *value : CUZK_FR_ZERO;
    return cuzk_cs_alloc(cs, &out->var, value);
}

int cuzk_num_alloc_input(cuzk_cs *cs, cuzk_num *out, const cuzk_fr *value)
{
    out->has_value = value != NULL;
    out->value = value ? *value : CUZK_FR_ZERO;
    return cuzk_cs_alloc_input(cs, &out->var, value);
}

/* Allocates out with value v when known, then enforces a * b = c built by the caller. */
static int alloc_result(cuzk_cs *cs, cuzk_num *out, bool known, const cuzk_fr *v)
{
    return cuzk_num_alloc(cs, out, known ? num_value(cs, v) : NULL);
}

int cuzk_num_mul(cuzk_cs *cs, cuzk_num *out, const cuzk_num *a_in, const cuzk_num *b_in)
{
    cuzk_num a0 = *a_in, b0 = *b_in; /* out may alias an input */
    const cuzk_num *a = &a0, *b = &b0;
    cuzk_fr v;
    if (both(a, b))
        cuzk_fr_mul(&v, &a->value, &b->value);
    int rc = alloc_result(cs, out, both(a, b), &v);
    if (rc)
        return rc;
    cuzk_lc la, lb, lc;
    cuzk_lc_init(&la), cuzk_lc_init(&lb), cuzk_lc_init(&lc);
    GADGET_TRY(rc, cuzk_lc_add_var(&la, a->var));
    GADGET_TRY(rc, cuzk_lc_add_var(&lb, b->var));
    GADGET_TRY(rc, cuzk_lc_add_var(&lc, out->var));
    if (rc) {
        cuzk_lc_free(&la), cuzk_lc_free(&lb), cuzk_lc_free(&lc);
        return rc;
    }
    return gadget_enforce(cs, &la, &lb, &lc);
}

int cuzk_num_square(cuzk_cs *cs, cuzk_num *out, const cuzk_num *a)
{
    return cuzk_num_mul(cs, out, a, a);
}

int cuzk_num_assert_nonzero(cuzk_cs *cs, const cuzk_num *a)
{
    cuzk_num inv;
    cuzk_fr v;
    bool known = a->has_value;
    if (known) {
        if (cuzk_fr_is_zero(&a->value) && cuzk_cs_has_values(cs))
            return cuzk_err_set(NULL, CUZK_ERR_INVALID_ARGUMENT, "assert_nonzero of zero");
        cuzk_fr_inv(&v, &a->value);
    }
    int rc = alloc_result(cs, &inv, known, &v);
    if (rc)
        return rc;
    cuzk_lc la, lb, lc;
    cuzk_lc_init(&la), cuzk_lc_init(&lb), cuzk_lc_init(&lc);
    GADGET_TRY(rc, cuzk_lc_add_var(&la, a->var));
    GADGET_TRY(rc, cuzk_lc_add_var(&lb, inv.var));
    GADGET_TRY(rc, cuzk_lc_add_var(&lc, cuzk_var_one()));
    if (rc) {
        cuzk_lc_free(&la), cuzk_lc_free(&lb), cuzk_lc_free(&lc);
        return rc;
    }
    return gadget_enforce(cs, &la, &lb, &lc);
}

/* (x - y) * cond = x - r with r = cond ? y : x: the shape shared by
 * conditionally_reverse (both halves) and pick (x = b, y = a). */
static int cond_select(cuzk_cs *cs, cuzk_num *r, const cuzk_boolean *cond, const cuzk_num *x, const cuzk_num *y)
{
    bool known = cond->has_value && both(x, y);
    int rc = alloc_result(cs, r, known, cond->value ? &y->value : &x->value);
    if (rc)
        return rc;
    cuzk_lc la, lb, lc;
    cuzk_lc_init(&la), cuzk_lc_init(&lb), cuzk_lc_init(&lc);
    GADGET_TRY(rc, cuzk_lc_add_var(&la, x->var));
    GADGET_TRY(rc, cuzk_lc_sub_var(&la, y->var));
    GADGET_TRY(rc, cuzk_boolean_lc_add(&lb, cond, &CUZK_FR_ONE));
    GADGET_TRY(rc, cuzk_lc_add_var(&lc, x->var));
    GADGET_TRY(rc, cuzk_lc_sub_var(&lc, r->var));
    if (rc) {
        cuzk_lc_free(&la), cuzk_lc_free(&lb), cuzk_lc_free(&lc);
        return rc;
    }
    return gadget_enforce(cs, &la, &lb, &lc);
}

int cuzk_num_conditionally_reverse(cuzk_cs *cs, cuzk_num *c, cuzk_num *d, const cuzk_num *a, const cuzk_num *b,
                                   const cuzk_boolean *cond)
{
    cuzk_num a0 = *a, b0 = *b; /* outputs may alias inputs */
    int rc = cond_select(cs, c, cond, &a0, &b0);
    if (rc)
        return rc;
    return cond_select(cs, d, cond, &b0, &a0);
}

int cuzk_num_pick(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *cond, const cuzk_num *a, const cuzk_num *b)
{
    cuzk_num a0 = *a, b0 = *b;
    return cond_select(cs, out, cond, &b0, &a0);
}

/* lhs * 1 = rhs, with lhs the sum of up to two vars. */
static int enforce_sum_one(cuzk_cs *cs, const cuzk_num *x, const cuzk_num *y, const cuzk_num *r)
{
    int rc = 0;
    cuzk_lc la, lb, lc;
    cuzk_lc_init(&la), cuzk_lc_init(&lb), cuzk_lc_init(&lc);
    GADGET_TRY(rc, cuzk_lc_add_var(&la, x->var));
    if (y)
        GADGET_TRY(rc, cuzk_lc_add_var(&la, y->var));
    GADGET_TRY(rc, cuzk_lc_add_var(&lb, cuzk_var_one()));
    GADGET_TRY(rc, cuzk_lc_add_var(&lc, r->var));
    if (rc) {
        cuzk_lc_free(&la), cuzk_lc_free(&lb), cuzk_lc_free(&lc);
        return rc;
    }
    return gadget_enforce(cs, &la, &lb, &lc);
}

int cuzk_num_enforce_equal(cuzk_cs *cs, const cuzk_num *a, const cuzk_num *b)
{
    return enforce_sum_one(cs, a, NULL, b);
}

int cuzk_num_add(cuzk_cs *cs, cuzk_num *out, const cuzk_num *a, const cuzk_num *b)
{
    cuzk_num a0 = *a, b0 = *b;
    cuzk_fr v;
    if (both(a, b))
        cuzk_fr_add(&v, &a->value, &b->value);
    int rc = alloc_result(cs, out, both(a, b), &v);
    return rc ? rc : enforce_sum_one(cs, &a0, &b0, out);
}

int cuzk_num_sub(cuzk_cs *cs, cuzk_num *out, const cuzk_num *a, const cuzk_num *b)
{
    cuzk_num a0 = *a, b0 = *b;
    cuzk_fr v;
    if (both(a, b))
        cuzk_fr_sub(&v, &a->value, &b->value);
    int rc = alloc_result(cs, out, both(a, b), &v);
    /* difference: (r + b) * 1 = a */
    return rc ? rc : enforce_sum_one(cs, out, &b0, &a0);
}
