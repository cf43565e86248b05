/* Linear combinations: O(1) appends, merging deferred to normalize. */
#include "cuzk/r1cs.h"

#include <stdlib.h>
#include <string.h>

void cuzk_lc_init(cuzk_lc *lc)
{
    lc->heap = NULL;
    lc->len = 0;
    lc->cap = CUZK_LC_INLINE;
    lc->normalized = true;
}

void cuzk_lc_free(cuzk_lc *lc)
{
    free(lc->heap);
    cuzk_lc_init(lc);
}

void cuzk_lc_clear(cuzk_lc *lc)
{
    lc->len = 0;
    lc->normalized = true;
}

static int lc_reserve(cuzk_lc *lc, uint32_t need)
{
    if (need <= lc->cap)
        return 0;
    uint32_t cap = lc->cap * 2;
    while (cap < need)
        cap *= 2;
    cuzk_lc_term *t = realloc(lc->heap, (size_t)cap * sizeof *t);
    if (!t)
        return CUZK_ERR_OUT_OF_MEMORY;
    if (!lc->heap)
        memcpy(t, lc->small, lc->len * sizeof *t);
    lc->heap = t;
    lc->cap = cap;
    return 0;
}

static inline int var_cmp(cuzk_var a, cuzk_var b)
{
    if (a.kind != b.kind)
        return a.kind < b.kind ? -1 : 1;
    return (a.index > b.index) - (a.index < b.index);
}

int cuzk_lc_add(cuzk_lc *lc, cuzk_var v, const cuzk_fr *coeff)
{
    if (lc->len == UINT32_MAX || lc_reserve(lc, lc->len + 1) != 0)
        return CUZK_ERR_OUT_OF_MEMORY;
    cuzk_lc_term *t = cuzk_lc_terms(lc);
    if (lc->len > 0 && lc->normalized && var_cmp(t[lc->len - 1].var, v) >= 0)
        lc->normalized = false;
    t[lc->len].var = v;
    t[lc->len].coeff = *coeff;
    lc->len++;
    return 0;
}

int cuzk_lc_add_var(cuzk_lc *lc, cuzk_var v) { return cuzk_lc_add(lc, v, &CUZK_FR_ONE); }

int cuzk_lc_sub_var(cuzk_lc *lc, cuzk_var v)
{
    cuzk_fr m;
    cuzk_fr_neg(&m, &CUZK_FR_ONE);
    return cuzk_lc_add(lc, v, &m);
}

int cuzk_lc_add_const(cuzk_lc *lc, const cuzk_fr *c) { return cuzk_lc_add(lc, cuzk_var_one(), c); }

int cuzk_lc_add_scaled(cuzk_lc *lc, const cuzk_lc *other, const cuzk_fr *k)
{
    const cuzk_lc_term *t = cuzk_lc_terms_c(other);
    uint32_t n = other->len;
    if ((uint64_t)lc->len + n > UINT32_MAX || lc_reserve(lc, lc->len + n) != 0)
        return CUZK_ERR_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < n; i++) {
        cuzk_fr c;
        cuzk_fr_mul(&c, &t[i].coeff, k);
        cuzk_lc_add(lc, t[i].var, &c);
    }
    return 0;
}

int cuzk_lc_copy(cuzk_lc *dst, const cuzk_lc *src)
{
    cuzk_lc_clear(dst);
    if (lc_reserve(dst, src->len) != 0)
        return CUZK_ERR_OUT_OF_MEMORY;
    memcpy(cuzk_lc_terms(dst), cuzk_lc_terms_c(src), src->len * sizeof(cuzk_lc_term));
    dst->len = src->len;
    dst->normalized = src->normalized;
    return 0;
}

static int term_cmp(const void *x, const void *y)
{
    return var_cmp(((const cuzk_lc_term *)x)->var, ((const cuzk_lc_term *)y)->var);
}

void cuzk_lc_normalize(cuzk_lc *lc)
{
    if (lc->normalized)
        return;
    cuzk_lc_term *t = cuzk_lc_terms(lc);
    uint32_t n = lc->len;
    if (n <= 16) {
        /* insertion sort: stable and fast for the short LCs gadgets build */
        for (uint32_t i = 1; i < n; i++) {
            cuzk_lc_term x = t[i];
            uint32_t j = i;
            while (j > 0 && var_cmp(t[j - 1].var, x.var) > 0) {
                t[j] = t[j - 1];
                j--;
            }
            t[j] = x;
        }
    } else {
        qsort(t, n, sizeof *t, term_cmp);
    }
    uint32_t out = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (out > 0 && var_cmp(t[out - 1].var, t[i].var) == 0)
            cuzk_fr_add(&t[out - 1].coeff, &t[out - 1].coeff, &t[i].coeff);
        else
            t[out++] = t[i];
    }
    lc->len = out;
    lc->normalized = true;
}
