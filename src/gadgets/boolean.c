/* Boolean: Is(bit) / Not(bit) / Constant(b), with bellpepper-core 0.2's
 * constant folding. The folding decides which variables and constraints exist,
 * so the pattern order of every operation below follows bellpepper's match arms
 * exactly (first matching arm wins). */
#include "gadgets_impl.h"

int cuzk_boolean_alloc(cuzk_cs *cs, cuzk_boolean *out, const bool *value)
{
    cuzk_bit b;
    int rc = cuzk_bit_alloc(cs, &b, value);
    if (rc)
        return rc;
    *out = cuzk_boolean_from_bit(&b);
    return 0;
}

int cuzk_boolean_lc_add(cuzk_lc *lc, const cuzk_boolean *b, const cuzk_fr *coeff)
{
    switch (b->kind) {
    case CUZK_BOOL_CONST:
        return b->value ? cuzk_lc_add(lc, cuzk_var_one(), coeff) : 0;
    case CUZK_BOOL_IS:
        return cuzk_lc_add(lc, b->var, coeff);
    default: {
        cuzk_fr neg;
        cuzk_fr_neg(&neg, coeff);
        int rc = cuzk_lc_add(lc, cuzk_var_one(), coeff);
        return rc ? rc : cuzk_lc_add(lc, b->var, &neg);
    }
    }
}

static inline bool is_const(const cuzk_boolean *b, bool v) { return b->kind == CUZK_BOOL_CONST && b->value == v; }

static int from_bit_op(int rc, cuzk_boolean *out, const cuzk_bit *r)
{
    if (rc == 0)
        *out = cuzk_boolean_from_bit(r);
    return rc;
}

int cuzk_boolean_xor(cuzk_cs *cs, cuzk_boolean *out, const cuzk_boolean *a, const cuzk_boolean *b)
{
    if (is_const(a, false)) { *out = *b; return 0; }
    if (is_const(b, false)) { *out = *a; return 0; }
    if (is_const(a, true)) { *out = cuzk_boolean_not(*b); return 0; }
    if (is_const(b, true)) { *out = cuzk_boolean_not(*a); return 0; }
    /* both allocated: x ^ !y = !(x ^ y), with the Is operand first */
    cuzk_bit x = gadget_bit_of(a), y = gadget_bit_of(b), r;
    bool negate = false;
    if (a->kind != b->kind) {
        if (a->kind == CUZK_BOOL_NOT) {
            cuzk_bit t = x;
            x = y;
            y = t;
        }
        negate = true;
    }
    int rc = from_bit_op(cuzk_bit_xor(cs, &r, &x, &y), out, &r);
    if (rc == 0 && negate)
        *out = cuzk_boolean_not(*out);
    return rc;
}

int cuzk_boolean_and(cuzk_cs *cs, cuzk_boolean *out, const cuzk_boolean *a, const cuzk_boolean *b)
{
    if (is_const(a, false) || is_const(b, false)) { *out = cuzk_boolean_constant(false); return 0; }
    if (is_const(a, true)) { *out = *b; return 0; }
    if (is_const(b, true)) { *out = *a; return 0; }
    cuzk_bit x = gadget_bit_of(a), y = gadget_bit_of(b), r;
    if (a->kind == CUZK_BOOL_IS && b->kind == CUZK_BOOL_NOT)
        return from_bit_op(cuzk_bit_and_not(cs, &r, &x, &y), out, &r);
    if (a->kind == CUZK_BOOL_NOT && b->kind == CUZK_BOOL_IS)
        return from_bit_op(cuzk_bit_and_not(cs, &r, &y, &x), out, &r);
    if (a->kind == CUZK_BOOL_NOT)
        return from_bit_op(cuzk_bit_nor(cs, &r, &x, &y), out, &r);
    return from_bit_op(cuzk_bit_and(cs, &r, &x, &y), out, &r);
}

/* The value of a folded result, known when all three inputs' values are. */
static bool all_values(const cuzk_boolean *a, const cuzk_boolean *b, const cuzk_boolean *c)
{
    return a->has_value && b->has_value && c->has_value;
}

/* Allocates a bit with the given (maybe unknown) value, without its booleanity
 * constraint: ch and maj are boolean by construction of their one constraint. */
static int alloc_unconstrained(cuzk_cs *cs, cuzk_boolean *out, bool has, bool v)
{
    out->kind = CUZK_BOOL_IS;
    out->has_value = has;
    out->value = has && v;
    return cuzk_cs_alloc(cs, &out->var, gadget_bit_value(has, out->value));
}

int cuzk_boolean_sha256_ch(cuzk_cs *cs, cuzk_boolean *out, const cuzk_boolean *a, const cuzk_boolean *b,
                           const cuzk_boolean *c)
{
    bool has = all_values(a, b, c);
    bool v = (a->value && b->value) != (!a->value && c->value);
    if (cuzk_boolean_is_constant(a) && cuzk_boolean_is_constant(b) && cuzk_boolean_is_constant(c)) {
        *out = cuzk_boolean_constant(v);
        return 0;
    }
    if (is_const(a, false)) { *out = *c; return 0; }
    if (is_const(b, false)) {
        cuzk_boolean na = cuzk_boolean_not(*a);
        return cuzk_boolean_and(cs, out, &na, c);
    }
    if (is_const(c, false))
        return cuzk_boolean_and(cs, out, a, b);
    if (is_const(c, true)) {
        cuzk_boolean nb = cuzk_boolean_not(*b);
        int rc = cuzk_boolean_and(cs, out, a, &nb);
        if (rc == 0)
            *out = cuzk_boolean_not(*out);
        return rc;
    }
    if (is_const(b, true)) {
        cuzk_boolean na = cuzk_boolean_not(*a), nc = cuzk_boolean_not(*c);
        int rc = cuzk_boolean_and(cs, out, &na, &nc);
        if (rc == 0)
            *out = cuzk_boolean_not(*out);
        return rc;
    }
    /* a may still be Constant(true): bellpepper falls through and allocates */
    cuzk_boolean ch;
    int rc = alloc_unconstrained(cs, &ch, has, v);
    if (rc)
        return rc;
    /* (b - c) * a = ch - c */
    cuzk_fr one = CUZK_FR_ONE, m1 = gadget_minus_one();
    cuzk_lc la, lb, lc;
    cuzk_lc_init(&la), cuzk_lc_init(&lb), cuzk_lc_init(&lc);
    GADGET_TRY(rc, cuzk_boolean_lc_add(&la, b, &one));
    GADGET_TRY(rc, cuzk_boolean_lc_add(&la, c, &m1));
    GADGET_TRY(rc, cuzk_boolean_lc_add(&lb, a, &one));
    GADGET_TRY(rc, cuzk_lc_add_var(&lc, ch.var));
    GADGET_TRY(rc, cuzk_boolean_lc_add(&lc, c, &m1));
    if (rc) {
        cuzk_lc_free(&la), cuzk_lc_free(&lb), cuzk_lc_free(&lc);
        return rc;
    }
    *out = ch;
    return gadget_enforce(cs, &la, &lb, &lc);
}

int cuzk_boolean_sha256_maj(cuzk_cs *cs, cuzk_boolean *out, const cuzk_boolean *a, const cuzk_boolean *b,
                            const cuzk_boolean *c)
{
    bool has = all_values(a, b, c);
    bool v = ((a->value && b->value) != (a->value && c->value)) != (b->value && c->value);
    if (cuzk_boolean_is_constant(a) && cuzk_boolean_is_constant(b) && cuzk_boolean_is_constant(c)) {
        *out = cuzk_boolean_constant(v);
        return 0;
    }
    if (is_const(a, false))
        return cuzk_boolean_and(cs, out, b, c);
    if (is_const(b, false))
        return cuzk_boolean_and(cs, out, a, c);
    if (is_const(c, false))
        return cuzk_boolean_and(cs, out, a, b);
    /* maj(x, y, 1) = x | y = !(!x & !y) */
    const cuzk_boolean *x = NULL, *y = NULL;
    if (is_const(c, true))
        x = a, y = b;
    else if (is_const(b, true))
        x = a, y = c;
    else if (is_const(a, true))
        x = b, y = c;
    if (x) {
        cuzk_boolean nx = cuzk_boolean_not(*x), ny = cuzk_boolean_not(*y);
        int rc = cuzk_boolean_and(cs, out, &nx, &ny);
        if (rc == 0)
            *out = cuzk_boolean_not(*out);
        return rc;
    }
    /* general case: maj is allocated before b & c */
    cuzk_boolean maj, bc;
    int rc = alloc_unconstrained(cs, &maj, has, v);
    GADGET_TRY(rc, cuzk_boolean_and(cs, &bc, b, c));
    if (rc)
        return rc;
    /* (2bc - b - c) * a = bc - maj */
    cuzk_fr one = CUZK_FR_ONE, two, m1 = gadget_minus_one();
    cuzk_fr_dbl(&two, &one);
    cuzk_lc la, lb, lc;
    cuzk_lc_init(&la), cuzk_lc_init(&lb), cuzk_lc_init(&lc);
    GADGET_TRY(rc, cuzk_boolean_lc_add(&la, &bc, &two));
    GADGET_TRY(rc, cuzk_boolean_lc_add(&la, b, &m1));
    GADGET_TRY(rc, cuzk_boolean_lc_add(&la, c, &m1));
    GADGET_TRY(rc, cuzk_boolean_lc_add(&lb, a, &one));
    GADGET_TRY(rc, cuzk_boolean_lc_add(&lc, &bc, &one));
    GADGET_TRY(rc, cuzk_lc_sub_var(&lc, maj.var));
    if (rc) {
        cuzk_lc_free(&la), cuzk_lc_free(&lb), cuzk_lc_free(&lc);
        return rc;
    }
    *out = maj;
    return gadget_enforce(cs, &la, &lb, &lc);
}

int cuzk_boolean_enforce_equal(cuzk_cs *cs, const cuzk_boolean *a, const cuzk_boolean *b)
{
    cuzk_fr one = CUZK_FR_ONE, m1 = gadget_minus_one();
    int rc = 0;
    cuzk_lc la, lb, lc;
    cuzk_lc_init(&la), cuzk_lc_init(&lb), cuzk_lc_init(&lc);
    if (cuzk_boolean_is_constant(a) && cuzk_boolean_is_constant(b))
        return a->value == b->value ? 0 : CUZK_ERR_INVALID_ARGUMENT; /* bellpepper: Unsatisfiable */
    /* every shape is 0 * 0 = (something); only C differs */
    if (is_const(a, true) || is_const(b, true)) {
        const cuzk_boolean *x = is_const(a, true) ? b : a;
        GADGET_TRY(rc, cuzk_lc_add_var(&lc, cuzk_var_one()));
        GADGET_TRY(rc, cuzk_boolean_lc_add(&lc, x, &m1));
    } else if (is_const(a, false) || is_const(b, false)) {
        const cuzk_boolean *x = is_const(a, false) ? b : a;
        GADGET_TRY(rc, cuzk_boolean_lc_add(&lc, x, &one));
    } else {
        GADGET_TRY(rc, cuzk_boolean_lc_add(&lc, a, &one));
        GADGET_TRY(rc, cuzk_boolean_lc_add(&lc, b, &m1));
    }
    if (rc) {
        cuzk_lc_free(&lc);
        return rc;
    }
    return gadget_enforce(cs, &la, &lb, &lc);
}

size_t cuzk_boolean_reverse_bit_numbering(cuzk_boolean *out, const cuzk_boolean *in, size_t n)
{
    size_t padded = (n + 7) & ~(size_t)7;
    for (size_t i = 0; i < padded; i++) {
        size_t src = (i & ~(size_t)7) | (7 - (i & 7));
        out[i] = src < n ? in[src] : cuzk_boolean_constant(false);
    }
    return padded;
}
