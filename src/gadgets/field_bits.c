/* Bit decomposition of an allocated field element (AllocatedNum::to_bits_le
 * and to_bits_le_strict) and AllocatedNum::inputize, with bellpepper-core's
 * variable and constraint order. */
#include "gadgets_impl.h"

#define FR_BITS 255 /* Fr::NUM_BITS */

static bool raw_bit(const uint64_t raw[4], unsigned i) { return (raw[i >> 6] >> (i & 63)) & 1; }

/* lc = sum 2^i bits[i] - x, the "unpacking" C of both decompositions. */
static int unpacking_lc(cuzk_lc *lc, const cuzk_boolean *bits, const cuzk_num *x)
{
    cuzk_fr coeff = CUZK_FR_ONE;
    int rc = 0;
    for (unsigned i = 0; i < FR_BITS && rc == 0; i++) {
        rc = cuzk_lc_add(lc, bits[i].var, &coeff);
        cuzk_fr_dbl(&coeff, &coeff);
    }
    GADGET_TRY(rc, cuzk_lc_sub_var(lc, x->var));
    return rc;
}

/* 0 * 0 = sum 2^i b_i - x: bellpepper puts the whole equation in C. */
static int enforce_unpacking(cuzk_cs *cs, const cuzk_boolean *bits, const cuzk_num *x)
{
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    int rc = unpacking_lc(&c, bits, x);
    if (rc) {
        cuzk_lc_free(&c);
        return rc;
    }
    return gadget_enforce(cs, &a, &b, &c);
}

int cuzk_num_to_bits_le(cuzk_cs *cs, cuzk_boolean out[255], const cuzk_num *x)
{
    uint64_t raw[4] = { 0, 0, 0, 0 };
    if (x->has_value)
        cuzk_fr_to_raw(raw, &x->value);
    for (unsigned i = 0; i < FR_BITS; i++) {
        bool v = raw_bit(raw, i);
        int rc = cuzk_boolean_alloc(cs, &out[i], x->has_value ? &v : NULL);
        if (rc)
            return rc;
    }
    return enforce_unpacking(cs, out, x);
}

/* AND of a run of bits, left to right; a single bit is returned as is. */
static int kary_and(cuzk_cs *cs, cuzk_bit *out, const cuzk_bit *v, size_t n)
{
    cuzk_bit cur = v[0];
    for (size_t i = 1; i < n; i++) {
        cuzk_bit next;
        int rc = cuzk_bit_and(cs, &next, &cur, &v[i]);
        if (rc)
            return rc;
        cur = next;
    }
    *out = cur;
    return 0;
}

/* Walks r - 1 from its top bit: inside a run of ones a bit is free; at each
 * zero, if every bit of the previous runs matched the ones of r - 1 (last_run),
 * the bit must be 0, which keeps the value <= r - 1. */
int cuzk_num_to_bits_le_strict(cuzk_cs *cs, cuzk_boolean out[255], const cuzk_num *x)
{
    uint64_t raw[4] = { 0, 0, 0, 0 }, rm1[4];
    if (x->has_value)
        cuzk_fr_to_raw(raw, &x->value);
    for (int i = 0; i < 4; i++)
        rm1[i] = CUZK_FR_MODULUS[i];
    rm1[0] -= 1; /* r is odd: no borrow */

    cuzk_bit run[FR_BITS + 1], last_run;
    size_t run_len = 0;
    bool have_last = false;
    for (int i = FR_BITS - 1; i >= 0; i--) {
        bool v = raw_bit(raw, (unsigned)i);
        const bool *value = x->has_value ? &v : NULL;
        cuzk_bit bit;
        int rc;
        if (raw_bit(rm1, (unsigned)i)) {
            rc = cuzk_bit_alloc(cs, &bit, value);
            if (rc)
                return rc;
            run[run_len++] = bit;
        } else {
            if (run_len > 0) {
                if (have_last)
                    run[run_len++] = last_run;
                rc = kary_and(cs, &last_run, run, run_len);
                if (rc)
                    return rc;
                have_last = true;
                run_len = 0;
            }
            /* r - 1 starts with a one, so last_run exists here */
            rc = cuzk_bit_alloc_conditionally(cs, &bit, value, &last_run);
            if (rc)
                return rc;
        }
        out[i] = cuzk_boolean_from_bit(&bit);
    }
    return enforce_unpacking(cs, out, x);
}

int cuzk_num_inputize(cuzk_cs *cs, cuzk_num *out, const cuzk_num *x)
{
    out->has_value = x->has_value;
    out->value = x->has_value ? x->value : CUZK_FR_ZERO;
    int rc = cuzk_cs_alloc_input(cs, &out->var, x->has_value ? &x->value : NULL);
    if (rc)
        return rc;
    /* u * 1 = x */
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, out->var);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_add_var(&c, x->var);
    return gadget_enforce(cs, &a, &b, &c);
}
