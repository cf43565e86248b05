/* MultiEq (bellperson): equalities between small (k-bit) quantities are
 * shifted into disjoint bit ranges of one field element and checked together,
 * one constraint per 253 bits instead of one per equality. */
#include "gadgets_impl.h"

void cuzk_multieq_init(cuzk_multieq *m, cuzk_cs *cs)
{
    m->cs = cs;
    m->bits_used = 0;
    cuzk_lc_init(&m->lhs);
    cuzk_lc_init(&m->rhs);
}

/* lhs * 1 = rhs, then start over */
static int flush(cuzk_multieq *m)
{
    cuzk_lc b;
    cuzk_lc_init(&b);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_cs_enforce(m->cs, &m->lhs, &b, &m->rhs);
    cuzk_lc_free(&b);
    cuzk_lc_clear(&m->lhs);
    cuzk_lc_clear(&m->rhs);
    m->bits_used = 0;
    return cuzk_cs_error(m->cs, NULL);
}

int cuzk_multieq_enforce_equal(cuzk_multieq *m, uint32_t num_bits, const cuzk_lc *lhs, const cuzk_lc *rhs)
{
    if (num_bits >= CUZK_MULTIPACK_CAPACITY)
        return CUZK_ERR_INVALID_ARGUMENT; /* bellperson asserts it fits in one constraint */
    int rc = 0;
    /* the flush comes first when the new term would not fit below CAPACITY */
    if (m->bits_used + num_bits >= CUZK_MULTIPACK_CAPACITY)
        rc = flush(m);
    if (rc)
        return rc;
    cuzk_fr coeff = CUZK_FR_ONE;
    for (uint32_t i = 0; i < m->bits_used; i++)
        cuzk_fr_dbl(&coeff, &coeff);
    GADGET_TRY(rc, cuzk_lc_add_scaled(&m->lhs, lhs, &coeff));
    GADGET_TRY(rc, cuzk_lc_add_scaled(&m->rhs, rhs, &coeff));
    m->bits_used += num_bits;
    return rc;
}

int cuzk_multieq_finish(cuzk_multieq *m)
{
    int rc = m->bits_used > 0 ? flush(m) : 0;
    cuzk_lc_free(&m->lhs);
    cuzk_lc_free(&m->rhs);
    return rc ? rc : cuzk_cs_error(m->cs, NULL);
}

uint32_t cuzk_multieq_next_shift(const cuzk_multieq *m, uint32_t num_bits)
{
    return m->bits_used + num_bits >= CUZK_MULTIPACK_CAPACITY ? 0 : m->bits_used;
}

int cuzk_multieq_enforce_equal_shifted(cuzk_multieq *m, uint32_t num_bits, const cuzk_lc *lhs, const cuzk_lc *rhs)
{
    if (num_bits >= CUZK_MULTIPACK_CAPACITY)
        return CUZK_ERR_INVALID_ARGUMENT;
    int rc = 0;
    if (m->bits_used + num_bits >= CUZK_MULTIPACK_CAPACITY)
        rc = flush(m);
    const cuzk_lc_term *t = cuzk_lc_terms_c(lhs);
    for (uint32_t i = 0; i < lhs->len && rc == 0; i++)
        rc = cuzk_lc_add(&m->lhs, t[i].var, &t[i].coeff);
    t = cuzk_lc_terms_c(rhs);
    for (uint32_t i = 0; i < rhs->len && rc == 0; i++)
        rc = cuzk_lc_add(&m->rhs, t[i].var, &t[i].coeff);
    m->bits_used += num_bits;
    return rc;
}
