/* UInt32 (bellperson): 32 Booleans, least significant first. Rotations and
 * shifts only re-index bits; xor/ch/maj work bit by bit with the Boolean
 * folding rules; addmany proves a sum through the MultiEq. */
#include "gadgets_impl.h"

cuzk_uint32 cuzk_uint32_constant(uint32_t v)
{
    cuzk_uint32 r;
    for (int i = 0; i < 32; i++)
        r.bits[i] = cuzk_boolean_constant((v >> i) & 1);
    r.value = v;
    r.has_value = true;
    return r;
}

int cuzk_uint32_alloc(cuzk_cs *cs, cuzk_uint32 *out, const uint32_t *value)
{
    out->has_value = value != NULL;
    out->value = value ? *value : 0;
    for (int i = 0; i < 32; i++) {
        bool v = (out->value >> i) & 1;
        int rc = cuzk_boolean_alloc(cs, &out->bits[i], value ? &v : NULL);
        if (rc)
            return rc;
    }
    return 0;
}

/* The value of 32 LSB-first bits, known when every bit's is. */
static void value_of_bits(cuzk_uint32 *x)
{
    x->value = 0;
    x->has_value = true;
    for (int i = 0; i < 32; i++) {
        x->has_value = x->has_value && x->bits[i].has_value;
        x->value |= (uint32_t)(x->bits[i].value ? 1 : 0) << i;
    }
    if (!x->has_value)
        x->value = 0;
}

cuzk_uint32 cuzk_uint32_from_bits_be(const cuzk_boolean bits[32])
{
    cuzk_uint32 r;
    for (int i = 0; i < 32; i++)
        r.bits[i] = bits[31 - i];
    value_of_bits(&r);
    return r;
}

void cuzk_uint32_into_bits_be(cuzk_boolean bits[32], const cuzk_uint32 *x)
{
    for (int i = 0; i < 32; i++)
        bits[i] = x->bits[31 - i];
}

cuzk_uint32 cuzk_uint32_from_bits(const cuzk_boolean bits[32])
{
    cuzk_uint32 r;
    for (int i = 0; i < 32; i++)
        r.bits[i] = bits[i];
    value_of_bits(&r);
    return r;
}

cuzk_uint32 cuzk_uint32_rotr(const cuzk_uint32 *x, unsigned by)
{
    by %= 32;
    cuzk_uint32 r;
    for (unsigned i = 0; i < 32; i++)
        r.bits[i] = x->bits[(i + by) % 32];
    r.has_value = x->has_value;
    r.value = by ? (x->value >> by) | (x->value << (32 - by)) : x->value;
    return r;
}

cuzk_uint32 cuzk_uint32_shr(const cuzk_uint32 *x, unsigned by)
{
    by %= 32; /* as bellperson: shr(32) is shr(0) */
    cuzk_uint32 r;
    for (unsigned i = 0; i < 32; i++)
        r.bits[i] = i + by < 32 ? x->bits[i + by] : cuzk_boolean_constant(false);
    r.has_value = x->has_value;
    r.value = x->value >> by;
    return r;
}

int cuzk_uint32_xor(cuzk_cs *cs, cuzk_uint32 *out, const cuzk_uint32 *a, const cuzk_uint32 *b)
{
    cuzk_uint32 r;
    for (int i = 0; i < 32; i++) {
        int rc = cuzk_boolean_xor(cs, &r.bits[i], &a->bits[i], &b->bits[i]);
        if (rc)
            return rc;
    }
    r.has_value = a->has_value && b->has_value;
    r.value = r.has_value ? a->value ^ b->value : 0;
    *out = r;
    return 0;
}

typedef int (*triop_fn)(cuzk_cs *, cuzk_boolean *, const cuzk_boolean *, const cuzk_boolean *,
                        const cuzk_boolean *);

static int triop(cuzk_cs *cs, cuzk_uint32 *out, const cuzk_uint32 *a, const cuzk_uint32 *b, const cuzk_uint32 *c,
                 triop_fn fn, uint32_t value)
{
    cuzk_uint32 r;
    for (int i = 0; i < 32; i++) {
        int rc = fn(cs, &r.bits[i], &a->bits[i], &b->bits[i], &c->bits[i]);
        if (rc)
            return rc;
    }
    r.has_value = a->has_value && b->has_value && c->has_value;
    r.value = r.has_value ? value : 0;
    *out = r;
    return 0;
}

int cuzk_uint32_sha256_ch(cuzk_cs *cs, cuzk_uint32 *out, const cuzk_uint32 *a, const cuzk_uint32 *b,
                          const cuzk_uint32 *c)
{
    return triop(cs, out, a, b, c, cuzk_boolean_sha256_ch, (a->value & b->value) ^ (~a->value & c->value));
}

int cuzk_uint32_sha256_maj(cuzk_cs *cs, cuzk_uint32 *out, const cuzk_uint32 *a, const cuzk_uint32 *b,
                           const cuzk_uint32 *c)
{
    return triop(cs, out, a, b, c, cuzk_boolean_sha256_maj,
                 (a->value & b->value) ^ (a->value & c->value) ^ (b->value & c->value));
}

int cuzk_uint32_addmany(cuzk_multieq *m, cuzk_uint32 *out, const cuzk_uint32 *ops, size_t n)
{
    if (n < 2 || n > 10)
        return CUZK_ERR_INVALID_ARGUMENT; /* bellperson asserts 2 <= n <= 10 */
    cuzk_cs *cs = m->cs;
    uint64_t sum = 0;
    bool has = true, all_constant = true;
    for (size_t k = 0; k < n; k++) {
        has = has && ops[k].has_value;
        sum += ops[k].value;
        for (int i = 0; i < 32; i++)
            all_constant = all_constant && ops[k].bits[i].kind == CUZK_BOOL_CONST;
    }
    if (all_constant && has) {
        *out = cuzk_uint32_constant((uint32_t)sum);
        return 0;
    }
    /* the result needs bitlength(n * (2^32 - 1)) bits: carries included */
    uint32_t nbits = 0;
    for (uint64_t max = (uint64_t)n * UINT32_MAX; max; max >>= 1)
        nbits++;

    /* Both sides are built pre-shifted into the MultiEq's next slot, which
     * saves rescaling every term when they are accumulated. */
    uint32_t shift = cuzk_multieq_next_shift(m, nbits);
    cuzk_fr base = CUZK_FR_ONE;
    for (uint32_t i = 0; i < shift; i++)
        cuzk_fr_dbl(&base, &base);
    cuzk_lc lhs, rhs;
    cuzk_lc_init(&lhs), cuzk_lc_init(&rhs);
    int rc = 0;
    for (size_t k = 0; k < n && rc == 0; k++) {
        cuzk_fr coeff = base;
        for (int i = 0; i < 32 && rc == 0; i++) {
            rc = cuzk_boolean_lc_add(&lhs, &ops[k].bits[i], &coeff);
            cuzk_fr_dbl(&coeff, &coeff);
        }
    }
    cuzk_uint32 r;
    cuzk_fr coeff = base;
    for (uint32_t i = 0; i < nbits && rc == 0; i++) {
        bool v = (sum >> i) & 1;
        cuzk_boolean bit;
        rc = cuzk_boolean_alloc(cs, &bit, has ? &v : NULL);
        GADGET_TRY(rc, cuzk_lc_add(&rhs, bit.var, &coeff));
        cuzk_fr_dbl(&coeff, &coeff);
        if (i < 32)
            r.bits[i] = bit; /* the carry bits stay allocated but unused */
    }
    GADGET_TRY(rc, cuzk_multieq_enforce_equal_shifted(m, nbits, &lhs, &rhs));
    cuzk_lc_free(&lhs);
    cuzk_lc_free(&rhs);
    if (rc)
        return rc;
    r.has_value = has;
    r.value = has ? (uint32_t)sum : 0;
    *out = r;
    return 0;
}
