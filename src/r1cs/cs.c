/* The back-end-neutral part of the constraint system: allocation, checks,
 * counts, densities, the input constraints, and the sticky error. */
#include "cs_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small containers ---------------------------------------------------------- */
int cs_frvec_reserve(cs_frvec *v, uint64_t cap)
{
    if (cap <= v->cap)
        return 0;
    if (cap > SIZE_MAX / sizeof(cuzk_fr))
        return CUZK_ERR_OUT_OF_MEMORY;
    cuzk_fr *p = realloc(v->v, (size_t)cap * sizeof *p);
    if (!p)
        return CUZK_ERR_OUT_OF_MEMORY;
    v->v = p;
    v->cap = cap;
    return 0;
}

int cs_frvec_push(cs_frvec *v, const cuzk_fr *x)
{
    if (v->len == v->cap && cs_frvec_reserve(v, v->cap ? v->cap * 2 : 64) != 0)
        return CUZK_ERR_OUT_OF_MEMORY;
    v->v[v->len++] = *x;
    return 0;
}

void cs_frvec_free(cs_frvec *v)
{
    free(v->v);
    memset(v, 0, sizeof *v);
}

static int bitmap_fit(cs_bitmap *b, uint64_t nbits)
{
    uint64_t words = (nbits + 63) / 64;
    if (words <= b->cap_words)
        return 0;
    uint64_t cap = b->cap_words ? b->cap_words : 16;
    while (cap < words)
        cap *= 2;
    uint64_t *p = realloc(b->words, cap * sizeof *p);
    if (!p)
        return CUZK_ERR_OUT_OF_MEMORY;
    memset(p + b->cap_words, 0, (cap - b->cap_words) * sizeof *p);
    b->words = p;
    b->cap_words = cap;
    return 0;
}

static inline void bitmap_set(cs_bitmap *b, uint64_t i)
{
    uint64_t m = 1ull << (i & 63);
    if (!(b->words[i >> 6] & m)) {
        b->words[i >> 6] |= m;
        b->count++;
    }
}

/* ---- base ---------------------------------------------------------------------- */
static void cs_fail(cuzk_cs *cs, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void cs_fail(cuzk_cs *cs, int code, const char *fmt, ...)
{
    if (cs->err.code != 0)
        return; /* keep the first error: it names the cause */
    va_list ap;
    va_start(ap, fmt);
    cs->err.code = code;
    vsnprintf(cs->err.msg, sizeof cs->err.msg, fmt, ap);
    va_end(ap);
}

int cs_base_init(cuzk_cs *cs, const cs_backend *backend, bool has_values)
{
    memset(cs, 0, sizeof *cs);
    cs->backend = backend;
    cs->has_values = has_values;
    if (bitmap_fit(&cs->a_aux, 1024) || bitmap_fit(&cs->b_aux, 1024) || bitmap_fit(&cs->b_input, 64))
        return CUZK_ERR_OUT_OF_MEMORY;
    cuzk_var one;
    return cuzk_cs_alloc_input(cs, &one, &CUZK_FR_ONE);
}

void cs_base_release(cuzk_cs *cs)
{
    cs_frvec_free(&cs->inputs);
    cs_frvec_free(&cs->aux);
    free(cs->a_aux.words);
    free(cs->b_input.words);
    free(cs->b_aux.words);
}

void cuzk_cs_free(cuzk_cs *cs)
{
    if (!cs)
        return;
    cs->backend->destroy(cs);
}

static int cs_alloc_kind(cuzk_cs *cs, cuzk_var *out, const cuzk_fr *value, bool input)
{
    if (cs->err.code)
        return cs->err.code;
    if (cs->finished) {
        cs_fail(cs, CUZK_ERR_INVALID_ARGUMENT, "allocation after the constraint system was finished");
        return cs->err.code;
    }
    uint64_t *count = input ? &cs->num_inputs : &cs->num_aux;
    if (*count >= UINT32_MAX) {
        cs_fail(cs, CUZK_ERR_INVALID_ARGUMENT, "more than 2^32-1 %s variables", input ? "input" : "aux");
        return cs->err.code;
    }
    if (cs->has_values) {
        if (!value) {
            cs_fail(cs, CUZK_ERR_INVALID_ARGUMENT, "%s variable %llu allocated without a value while proving",
                    input ? "input" : "aux", (unsigned long long)*count);
            return cs->err.code;
        }
        if (cs_frvec_push(input ? &cs->inputs : &cs->aux, value) != 0) {
            cs_fail(cs, CUZK_ERR_OUT_OF_MEMORY, "out of memory storing variable values");
            return cs->err.code;
        }
    }
    if (bitmap_fit(input ? &cs->b_input : &cs->b_aux, *count + 1) != 0 ||
        (!input && bitmap_fit(&cs->a_aux, *count + 1) != 0)) {
        cs_fail(cs, CUZK_ERR_OUT_OF_MEMORY, "out of memory growing density bitmaps");
        return cs->err.code;
    }
    out->index = (uint32_t)*count;
    out->kind = input ? CUZK_VAR_INPUT : CUZK_VAR_AUX;
    (*count)++;
    return 0;
}

int cuzk_cs_alloc(cuzk_cs *cs, cuzk_var *out, const cuzk_fr *value)
{
    return cs_alloc_kind(cs, out, value, false);
}

int cuzk_cs_alloc_input(cuzk_cs *cs, cuzk_var *out, const cuzk_fr *value)
{
    return cs_alloc_kind(cs, out, value, true);
}

bool cuzk_cs_has_values(const cuzk_cs *cs) { return cs->has_values; }

const cuzk_fr *cuzk_cs_value(const cuzk_cs *cs, cuzk_var v)
{
    if (!cs->has_values)
        return NULL;
    if (v.kind == CUZK_VAR_INPUT)
        return v.index < cs->inputs.len ? &cs->inputs.v[v.index] : NULL;
    return v.index < cs->aux.len ? &cs->aux.v[v.index] : NULL;
}

void cs_eval(const cuzk_cs *cs, const cuzk_lc_term *t, uint32_t len, cuzk_fr *out)
{
    cuzk_fr acc = CUZK_FR_ZERO, x;
    for (uint32_t i = 0; i < len; i++) {
        const cuzk_fr *val = t[i].var.kind == CUZK_VAR_INPUT ? &cs->inputs.v[t[i].var.index]
                                                             : &cs->aux.v[t[i].var.index];
        /* witnesses are mostly bits and coefficients mostly one: skip the multiplication */
        if (cuzk_fr_is_zero(val)) {
            continue;
        } else if (cuzk_fr_is_one(&t[i].coeff)) {
            cuzk_fr_add(&acc, &acc, val);
        } else if (cuzk_fr_is_one(val)) {
            cuzk_fr_add(&acc, &acc, &t[i].coeff);
        } else {
            cuzk_fr_mul(&x, &t[i].coeff, val);
            cuzk_fr_add(&acc, &acc, &x);
        }
    }
    *out = acc;
}

void cuzk_cs_eval_lc(const cuzk_cs *cs, const cuzk_lc *lc, cuzk_fr *out)
{
    cs_eval(cs, cuzk_lc_terms_c(lc), lc->len, out);
}

/* Checks that every variable exists and counts the non-zero terms; updates
 * the density bitmaps. Returns false (with the sticky error set) on a bad variable. */
static bool scan_lc(cuzk_cs *cs, const cuzk_lc *lc, char which, uint64_t *nnz)
{
    const cuzk_lc_term *t = cuzk_lc_terms_c(lc);
    for (uint32_t i = 0; i < lc->len; i++) {
        cuzk_var v = t[i].var;
        uint64_t limit = v.kind == CUZK_VAR_INPUT ? cs->num_inputs : cs->num_aux;
        if (v.kind > CUZK_VAR_AUX || v.index >= limit) {
            cs_fail(cs, CUZK_ERR_INVALID_ARGUMENT,
                    "constraint %llu: %c uses %s variable %u, which was never allocated",
                    (unsigned long long)cs->num_constraints, which,
                    v.kind == CUZK_VAR_INPUT ? "input" : "aux", v.index);
            return false;
        }
        if (cuzk_fr_is_zero(&t[i].coeff))
            continue;
        (*nnz)++;
        if (which == 'A' && v.kind == CUZK_VAR_AUX)
            bitmap_set(&cs->a_aux, v.index);
        else if (which == 'B')
            bitmap_set(v.kind == CUZK_VAR_AUX ? &cs->b_aux : &cs->b_input, v.index);
    }
    return true;
}

void cuzk_cs_enforce(cuzk_cs *cs, cuzk_lc *a, cuzk_lc *b, cuzk_lc *c)
{
    if (cs->err.code)
        return;
    if (cs->finished) {
        cs_fail(cs, CUZK_ERR_INVALID_ARGUMENT, "enforce after the constraint system was finished");
        return;
    }
    cuzk_lc_normalize(a);
    cuzk_lc_normalize(b);
    cuzk_lc_normalize(c);
    if (!scan_lc(cs, a, 'A', &cs->nnz_a) || !scan_lc(cs, b, 'B', &cs->nnz_b) ||
        !scan_lc(cs, c, 'C', &cs->nnz_c))
        return;
    int rc = cs->backend->enforce(cs, a, b, c);
    if (rc != 0) {
        cs_fail(cs, rc, "constraint %llu: back end failed (%s)", (unsigned long long)cs->num_constraints,
                cuzk_err_name(rc));
        return;
    }
    cs->num_constraints++;
}

int cuzk_cs_finish(cuzk_cs *cs, cuzk_err *err)
{
    if (!cs->err.code && !cs->finished) {
        cuzk_lc a, zero_b, zero_c;
        cuzk_lc_init(&a);
        cuzk_lc_init(&zero_b);
        cuzk_lc_init(&zero_c);
        uint64_t n = cs->num_inputs;
        for (uint64_t i = 0; i < n && !cs->err.code; i++) {
            cuzk_lc_clear(&a);
            cuzk_lc_add_var(&a, (cuzk_var){ (uint32_t)i, CUZK_VAR_INPUT });
            cuzk_cs_enforce(cs, &a, &zero_b, &zero_c);
        }
        cuzk_lc_free(&a);
        cs->finished = true;
    }
    return cuzk_cs_error(cs, err);
}

int cuzk_cs_error(const cuzk_cs *cs, cuzk_err *err)
{
    if (cs->err.code && err)
        *err = cs->err;
    return cs->err.code;
}

void cuzk_cs_get_stats(const cuzk_cs *cs, cuzk_cs_stats *s)
{
    s->constraints = cs->num_constraints;
    s->inputs = cs->num_inputs;
    s->aux = cs->num_aux;
    s->nnz_a = cs->nnz_a;
    s->nnz_b = cs->nnz_b;
    s->nnz_c = cs->nnz_c;
    s->a_aux_density = cs->a_aux.count;
    s->b_input_density = cs->b_input.count;
    s->b_aux_density = cs->b_aux.count;
}

const uint64_t *cuzk_cs_a_aux_density(const cuzk_cs *cs) { return cs->a_aux.words; }
const uint64_t *cuzk_cs_b_input_density(const cuzk_cs *cs) { return cs->b_input.words; }
const uint64_t *cuzk_cs_b_aux_density(const cuzk_cs *cs) { return cs->b_aux.words; }

int cuzk_cs_set_value(cuzk_cs *cs, cuzk_var v, const cuzk_fr *value)
{
    if (!cs->has_values)
        return CUZK_ERR_INVALID_ARGUMENT;
    cs_frvec *vec = v.kind == CUZK_VAR_INPUT ? &cs->inputs : &cs->aux;
    if (v.index >= vec->len)
        return CUZK_ERR_INVALID_ARGUMENT;
    vec->v[v.index] = *value;
    return 0;
}

int cuzk_circuit_synthesize(const cuzk_circuit *circuit, cuzk_cs *cs, cuzk_err *err)
{
    int rc = circuit->synthesize(circuit->ctx, cs, err);
    if (rc != 0)
        return rc;
    return cuzk_cs_finish(cs, err);
}
