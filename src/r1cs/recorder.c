/* The recording back end: the three matrices as row-compressed term lists. */
#include "cs_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    cuzk_lc_term *terms;
    uint64_t len, cap;
    uint64_t *row_start;   /* row i spans [row_start[i], row_start[i+1]) */
} matrix;

typedef struct {
    cuzk_cs base;          /* first: the public handle points here */
    matrix m[3];
    uint64_t rows_cap;
} recorder;

static int matrix_append(matrix *m, uint64_t row, const cuzk_lc *lc)
{
    uint64_t need = m->len + lc->len;
    if (need > m->cap) {
        uint64_t cap = m->cap ? m->cap * 2 : 1024;
        while (cap < need)
            cap *= 2;
        cuzk_lc_term *t = realloc(m->terms, cap * sizeof *t);
        if (!t)
            return CUZK_ERR_OUT_OF_MEMORY;
        m->terms = t;
        m->cap = cap;
    }
    if (lc->len) /* an empty matrix has no storage yet, and memcpy(NULL, ..., 0) is undefined */
        memcpy(m->terms + m->len, cuzk_lc_terms_c(lc), lc->len * sizeof(cuzk_lc_term));
    m->len = need;
    m->row_start[row + 1] = need;
    return 0;
}

static int recorder_enforce(cuzk_cs *cs, const cuzk_lc *a, const cuzk_lc *b, const cuzk_lc *c)
{
    recorder *r = (recorder *)cs;
    uint64_t row = cs->num_constraints;
    if (row + 2 > r->rows_cap) {
        uint64_t cap = r->rows_cap * 2;
        for (int k = 0; k < 3; k++) {
            uint64_t *p = realloc(r->m[k].row_start, cap * sizeof *p);
            if (!p)
                return CUZK_ERR_OUT_OF_MEMORY;
            r->m[k].row_start = p;
        }
        r->rows_cap = cap;
    }
    const cuzk_lc *lcs[3] = { a, b, c };
    for (int k = 0; k < 3; k++)
        if (matrix_append(&r->m[k], row, lcs[k]) != 0)
            return CUZK_ERR_OUT_OF_MEMORY;
    return 0;
}

static void recorder_destroy(cuzk_cs *cs)
{
    recorder *r = (recorder *)cs;
    for (int k = 0; k < 3; k++) {
        free(r->m[k].terms);
        free(r->m[k].row_start);
    }
    cs_base_release(cs);
    free(r);
}

static const cs_backend recorder_backend = { recorder_enforce, recorder_destroy };

cuzk_cs *cuzk_cs_recorder_new(bool with_values)
{
    recorder *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->rows_cap = 1024;
    for (int k = 0; k < 3; k++) {
        r->m[k].row_start = calloc(r->rows_cap, sizeof(uint64_t));
        if (!r->m[k].row_start) {
            recorder_destroy(&r->base);
            return NULL;
        }
    }
    if (cs_base_init(&r->base, &recorder_backend, with_values) != 0) {
        recorder_destroy(&r->base);
        return NULL;
    }
    return &r->base;
}

static bool is_recorder(const cuzk_cs *cs) { return cs->backend == &recorder_backend; }

int cuzk_cs_recorder_constraint(const cuzk_cs *cs, uint64_t i, cuzk_lc_view *a, cuzk_lc_view *b,
                                cuzk_lc_view *c)
{
    if (!is_recorder(cs) || i >= cs->num_constraints)
        return CUZK_ERR_INVALID_ARGUMENT;
    const recorder *r = (const recorder *)cs;
    cuzk_lc_view *views[3] = { a, b, c };
    for (int k = 0; k < 3; k++) {
        uint64_t s = r->m[k].row_start[i], e = r->m[k].row_start[i + 1];
        views[k]->terms = r->m[k].terms + s;
        views[k]->len = (uint32_t)(e - s);
    }
    return 0;
}

int64_t cuzk_cs_recorder_first_unsatisfied(const cuzk_cs *cs)
{
    if (!is_recorder(cs) || !cs->has_values)
        return -2;
    for (uint64_t i = 0; i < cs->num_constraints; i++) {
        cuzk_lc_view v[3];
        cuzk_cs_recorder_constraint(cs, i, &v[0], &v[1], &v[2]);
        cuzk_fr x[3], ab;
        for (int k = 0; k < 3; k++)
            cs_eval(cs, v[k].terms, v[k].len, &x[k]);
        cuzk_fr_mul(&ab, &x[0], &x[1]);
        if (!cuzk_fr_eq(&ab, &x[2]))
            return (int64_t)i;
    }
    return -1;
}
