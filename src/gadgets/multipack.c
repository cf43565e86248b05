/* multipack: Booleans packed little-endian into field elements of at most
 * 254 bits (Fr::CAPACITY), as public inputs or as one aux number; and the
 * verifier-side packing of plain bits. */
#include "gadgets_impl.h"

/* num = sum 2^j bits[j] as an LC, with its value when every bit's is known. */
static int pack_lc(cuzk_lc *lc, cuzk_fr *value, bool *has, const cuzk_boolean *bits, size_t n)
{
    cuzk_fr coeff = CUZK_FR_ONE;
    *value = CUZK_FR_ZERO;
    *has = true;
    for (size_t j = 0; j < n; j++) {
        int rc = cuzk_boolean_lc_add(lc, &bits[j], &coeff);
        if (rc)
            return rc;
        *has = *has && bits[j].has_value;
        if (bits[j].has_value && bits[j].value)
            cuzk_fr_add(value, value, &coeff);
        cuzk_fr_dbl(&coeff, &coeff);
    }
    return 0;
}

/* num * 1 = target */
static int enforce_packing(cuzk_cs *cs, cuzk_lc *num, cuzk_var target)
{
    cuzk_lc b, c;
    cuzk_lc_init(&b), cuzk_lc_init(&c);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_add_var(&c, target);
    return gadget_enforce(cs, num, &b, &c);
}

int cuzk_multipack_pack_into_inputs(cuzk_cs *cs, const cuzk_boolean *bits, size_t n)
{
    for (size_t at = 0; at < n; at += CUZK_MULTIPACK_CAPACITY) {
        size_t len = n - at < CUZK_MULTIPACK_CAPACITY ? n - at : CUZK_MULTIPACK_CAPACITY;
        cuzk_lc num;
        cuzk_lc_init(&num);
        cuzk_fr value;
        bool has;
        cuzk_var input;
        int rc = pack_lc(&num, &value, &has, bits + at, len);
        GADGET_TRY(rc, cuzk_cs_alloc_input(cs, &input, has ? &value : NULL));
        if (rc) {
            cuzk_lc_free(&num);
            return rc;
        }
        rc = enforce_packing(cs, &num, input);
        if (rc)
            return rc;
    }
    return 0;
}

int cuzk_multipack_pack_bits(cuzk_cs *cs, cuzk_num *out, const cuzk_boolean *bits, size_t n)
{
    if (n > CUZK_MULTIPACK_CAPACITY)
        n = CUZK_MULTIPACK_CAPACITY; /* bellperson takes the first CAPACITY bits */
    cuzk_lc num;
    cuzk_lc_init(&num);
    int rc = pack_lc(&num, &out->value, &out->has_value, bits, n);
    if (!out->has_value)
        out->value = CUZK_FR_ZERO;
    GADGET_TRY(rc, cuzk_cs_alloc(cs, &out->var, out->has_value ? &out->value : NULL));
    if (rc) {
        cuzk_lc_free(&num);
        return rc;
    }
    return enforce_packing(cs, &num, out->var);
}

void cuzk_multipack_compute(cuzk_fr *out, const bool *bits, size_t n)
{
    for (size_t at = 0, k = 0; at < n; at += CUZK_MULTIPACK_CAPACITY, k++) {
        cuzk_fr coeff = CUZK_FR_ONE, cur = CUZK_FR_ZERO;
        for (size_t j = at; j < n && j < at + CUZK_MULTIPACK_CAPACITY; j++) {
            if (bits[j])
                cuzk_fr_add(&cur, &cur, &coeff);
            cuzk_fr_dbl(&coeff, &coeff);
        }
        out[k] = cur;
    }
}

void cuzk_multipack_bytes_to_bits(bool *out, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < 8; j++)
            out[8 * i + (size_t)j] = (bytes[i] >> (7 - j)) & 1;
}

void cuzk_multipack_bytes_to_bits_le(bool *out, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < 8; j++)
            out[8 * i + (size_t)j] = (bytes[i] >> j) & 1;
}
