/* neptune::circuit::poseidon_hash, the legacy Poseidon circuit that
 * rust-fil-proofs synthesizes (its trusted setups fix this exact shape).
 *
 * The state holds "elements" that are either allocated variables or linear
 * combinations (neptune's Elt::Allocated / Elt::Num). Matrix products only
 * combine linear combinations; an S-box first allocates a combination
 * (LC * 1 = v) and then costs three products. Constants are the compressed
 * ones, so S-box inputs equal the reference permutation's. */
#include "gadgets_impl.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    bool allocated;
    cuzk_var var;   /* when allocated */
    cuzk_lc lc;     /* when not: the combination, ONE included */
    cuzk_fr value;  /* when the cs has values */
} elt;

typedef struct {
    cuzk_cs *cs;
    const cuzk_poseidon_constants *c;
    bool values;
    elt *e, *next; /* width each */
} pstate;

static int enforce3(cuzk_cs *cs, cuzk_lc *a, cuzk_lc *b, cuzk_lc *c) { return gadget_enforce(cs, a, b, c); }

static int alloc_val(pstate *p, cuzk_var *v, const cuzk_fr *value)
{
    return cuzk_cs_alloc(p->cs, v, p->values ? value : NULL);
}

/* Elt::ensure_allocated with enforce = true. */
static int ensure_allocated(pstate *p, elt *x)
{
    if (x->allocated)
        return 0;
    cuzk_var v;
    int rc = alloc_val(p, &v, &x->value);
    if (rc)
        return rc;
    cuzk_lc b, c;
    cuzk_lc_init(&b), cuzk_lc_init(&c);
    GADGET_TRY(rc, cuzk_lc_add_var(&b, cuzk_var_one()));
    GADGET_TRY(rc, cuzk_lc_add_var(&c, v));
    if (rc) {
        cuzk_lc_free(&b), cuzk_lc_free(&c);
        return rc;
    }
    rc = enforce3(p->cs, &x->lc, &b, &c); /* frees x->lc */
    x->allocated = true;
    x->var = v;
    return rc;
}

/* lc = v + k ONE (k may be NULL). */
static int lc_var_plus(cuzk_lc *lc, cuzk_var v, const cuzk_fr *k)
{
    int rc = cuzk_lc_add_var(lc, v);
    if (rc == 0 && k)
        rc = cuzk_lc_add_const(lc, k);
    return rc;
}

/* y = x^2 with x * x = y, where x = v + pre ONE (pre may be NULL). */
static int square_sum(pstate *p, cuzk_var *y, cuzk_fr *y_val, cuzk_var v, const cuzk_fr *x_val,
                      const cuzk_fr *pre)
{
    if (p->values)
        cuzk_fr_sqr(y_val, x_val);
    int rc = alloc_val(p, y, y_val);
    if (rc)
        return rc;
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    GADGET_TRY(rc, lc_var_plus(&a, v, pre));
    GADGET_TRY(rc, lc_var_plus(&b, v, pre));
    GADGET_TRY(rc, cuzk_lc_add_var(&c, *y));
    if (rc) {
        cuzk_lc_free(&a), cuzk_lc_free(&b), cuzk_lc_free(&c);
        return rc;
    }
    return enforce3(p->cs, &a, &b, &c);
}

/* mul_sum: r = l4 * (l + pre) + post, constraint (l + pre) * l4 = r - post. */
static int mul_sum(pstate *p, elt *out, cuzk_var l4, const cuzk_fr *l4_val, cuzk_var l, const cuzk_fr *l_val,
                   const cuzk_fr *pre, const cuzk_fr *post)
{
    cuzk_fr r = CUZK_FR_ZERO;
    if (p->values) {
        cuzk_fr s = *l_val;
        if (pre)
            cuzk_fr_add(&s, &s, pre);
        cuzk_fr_mul(&r, &s, l4_val);
        if (post)
            cuzk_fr_add(&r, &r, post);
    }
    cuzk_var rv;
    int rc = alloc_val(p, &rv, &r);
    if (rc)
        return rc;
    cuzk_lc a, b, c;
    cuzk_lc_init(&a), cuzk_lc_init(&b), cuzk_lc_init(&c);
    GADGET_TRY(rc, lc_var_plus(&a, l, pre));
    GADGET_TRY(rc, cuzk_lc_add_var(&b, l4));
    GADGET_TRY(rc, cuzk_lc_add_var(&c, rv));
    if (post) {
        cuzk_fr neg;
        cuzk_fr_neg(&neg, post);
        GADGET_TRY(rc, cuzk_lc_add_const(&c, &neg));
    }
    if (rc) {
        cuzk_lc_free(&a), cuzk_lc_free(&b), cuzk_lc_free(&c);
        return rc;
    }
    out->allocated = true;
    out->var = rv;
    out->value = r;
    return enforce3(p->cs, &a, &b, &c);
}

/* quintic_s_box: x -> x^5 + post (post may be NULL); 3 products after allocation. */
static int sbox_post(pstate *p, elt *x, const cuzk_fr *post)
{
    int rc = ensure_allocated(p, x);
    if (rc)
        return rc;
    cuzk_var l = x->var, l2, l4;
    cuzk_fr v = x->value, v2, v4;
    rc = square_sum(p, &l2, &v2, l, &v, NULL);
    if (rc == 0)
        rc = square_sum(p, &l4, &v4, l2, &v2, NULL);
    return rc ? rc : mul_sum(p, x, l4, &v4, l, &v, NULL, post);
}

/* quintic_s_box_pre_add (first round, allocated inputs): x -> (x + pre)^5 + post. */
static int sbox_pre_post(pstate *p, elt *x, const cuzk_fr *pre, const cuzk_fr *post)
{
    int rc = ensure_allocated(p, x); /* no-op: the preimage is allocated */
    if (rc)
        return rc;
    cuzk_var l = x->var, s, l4;
    cuzk_fr v = x->value, sum, vs, v4;
    if (p->values)
        cuzk_fr_add(&sum, &v, pre);
    rc = square_sum(p, &s, &vs, l, &sum, pre);
    if (rc == 0)
        rc = square_sum(p, &l4, &v4, s, &vs, NULL);
    return rc ? rc : mul_sum(p, x, l4, &v4, l, &v, pre, post);
}

/* out += k * x (x's LC, or its variable), value included. */
static int lc_add_elt(pstate *p, cuzk_lc *out, cuzk_fr *val, const elt *x, const cuzk_fr *k)
{
    if (p->values) {
        cuzk_fr t;
        cuzk_fr_mul(&t, &x->value, k);
        cuzk_fr_add(val, val, &t);
    }
    return x->allocated ? cuzk_lc_add(out, x->var, k) : cuzk_lc_add_scaled(out, &x->lc, k);
}

static void elt_set_num(elt *x) { x->allocated = false; }

/* new_j = sum_i m[i][j] * e_i (scalar_product over column j). */
static int mix_dense(pstate *p, const cuzk_fr *m)
{
    const uint32_t t = p->c->width;
    int rc = 0;
    for (uint32_t j = 0; j < t && rc == 0; j++) {
        elt *n = &p->next[j];
        cuzk_lc_clear(&n->lc);
        n->value = CUZK_FR_ZERO;
        elt_set_num(n);
        for (uint32_t i = 0; i < t && rc == 0; i++)
            rc = lc_add_elt(p, &n->lc, &n->value, &p->e[i], &m[(size_t)i * t + j]);
        cuzk_lc_normalize(&n->lc);
    }
    elt *tmp = p->e;
    p->e = p->next;
    p->next = tmp;
    return rc;
}

/* Sparse M'': new_0 = sum w_hat[i] e_i; new_j = e_j + v_rest[j-1] e_0 (e_j is a Num). */
static int mix_sparse(pstate *p, const cuzk_fr *w_hat, const cuzk_fr *v_rest)
{
    const uint32_t t = p->c->width;
    elt *n0 = &p->next[0];
    cuzk_lc_clear(&n0->lc);
    n0->value = CUZK_FR_ZERO;
    elt_set_num(n0);
    int rc = 0;
    for (uint32_t i = 0; i < t && rc == 0; i++)
        rc = lc_add_elt(p, &n0->lc, &n0->value, &p->e[i], &w_hat[i]);
    cuzk_lc_normalize(&n0->lc);
    for (uint32_t j = 1; j < t && rc == 0; j++) {
        if (p->e[j].allocated)
            return CUZK_ERR_INVALID_ARGUMENT; /* neptune: "only two numbers may be added" */
        rc = lc_add_elt(p, &p->e[j].lc, &p->e[j].value, &p->e[0], &v_rest[j - 1]);
        cuzk_lc_normalize(&p->e[j].lc);
    }
    /* swap element 0 only: e[0] becomes next[0] */
    elt tmp = p->e[0];
    p->e[0] = *n0;
    *n0 = tmp;
    return rc;
}

static int run(pstate *p, cuzk_num *out, const cuzk_num *pre)
{
    const cuzk_poseidon_constants *c = p->c;
    const uint32_t t = c->width, h = c->full_rounds / 2, rp = c->partial_rounds;
    const cuzk_fr *k = c->compressed_constants;
    int rc = 0;

    /* round 0: the tag's S-box is a constant; the inputs take pre and post keys */
    cuzk_fr tag = c->merkle_tag;
    cuzk_fr_add(&tag, &tag, &k[0]);
    {
        cuzk_fr sq;
        cuzk_fr_sqr(&sq, &tag);
        cuzk_fr_sqr(&sq, &sq);
        cuzk_fr_mul(&tag, &tag, &sq);
    }
    cuzk_fr_add(&tag, &tag, &k[t]);
    elt_set_num(&p->e[0]);
    rc = cuzk_lc_add_const(&p->e[0].lc, &tag);
    p->e[0].value = tag;
    for (uint32_t i = 1; i < t && rc == 0; i++) {
        p->e[i].allocated = true;
        p->e[i].var = pre[i - 1].var;
        p->e[i].value = pre[i - 1].value;
        rc = sbox_pre_post(p, &p->e[i], &k[i], &k[t + i]);
    }
    k += 2 * t;
    if (rc == 0)
        rc = mix_dense(p, c->mds);
    /* rounds 1 .. h-1; the last of them mixes with pre_sparse */
    for (uint32_t r = 1; r < h && rc == 0; r++, k += t) {
        for (uint32_t i = 0; i < t && rc == 0; i++)
            rc = sbox_post(p, &p->e[i], &k[i]);
        if (rc == 0)
            rc = mix_dense(p, r + 1 == h ? c->pre_sparse : c->mds);
    }
    for (uint32_t q = 0; q < rp && rc == 0; q++, k++) {
        rc = sbox_post(p, &p->e[0], k);
        if (rc == 0)
            rc = mix_sparse(p, c->sparse_w_hat + (size_t)q * t, c->sparse_v_rest + (size_t)q * (t - 1));
    }
    for (uint32_t r = 1; r < h && rc == 0; r++, k += t) {
        for (uint32_t i = 0; i < t && rc == 0; i++)
            rc = sbox_post(p, &p->e[i], &k[i]);
        if (rc == 0)
            rc = mix_dense(p, c->mds);
    }
    for (uint32_t i = 0; i < t && rc == 0; i++)
        rc = sbox_post(p, &p->e[i], NULL);
    if (rc == 0)
        rc = mix_dense(p, c->mds);
    if (rc == 0)
        rc = ensure_allocated(p, &p->e[1]);
    if (rc == 0) {
        out->var = p->e[1].var;
        out->value = p->e[1].value;
        out->has_value = p->values;
    }
    return rc;
}

int cuzk_poseidon_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *preimage, const cuzk_poseidon_constants *c)
{
    const uint32_t t = c->width;
    elt *mem = calloc(2 * (size_t)t, sizeof *mem);
    if (!mem)
        return CUZK_ERR_OUT_OF_MEMORY;
    for (uint32_t i = 0; i < 2 * t; i++)
        cuzk_lc_init(&mem[i].lc);
    pstate p = { cs, c, cuzk_cs_has_values(cs), mem, mem + t };
    if (p.values)
        for (uint32_t i = 0; i < c->arity; i++)
            if (!preimage[i].has_value) {
                p.values = false; /* the first allocation then reports the missing value */
                break;
            }
    int rc = run(&p, out, preimage);
    for (uint32_t i = 0; i < 2 * t; i++)
        cuzk_lc_free(&mem[i].lc);
    free(mem);
    return rc ? rc : cuzk_cs_error(cs, NULL);
}

int cuzk_poseidon_gadget_md(cuzk_cs *cs, cuzk_num *out, const cuzk_num *in, size_t n,
                            const cuzk_poseidon_constants *c36)
{
    if (n < 2 || c36->arity < 2)
        return CUZK_ERR_INVALID_ARGUMENT;
    const size_t arity = c36->arity, chunk = arity - 1;
    cuzk_num *row = calloc(arity, sizeof *row);
    if (!row)
        return CUZK_ERR_OUT_OF_MEMORY;
    cuzk_num acc = in[0];
    int rc = 0;
    for (size_t i = 1; i < n && rc == 0; i += chunk) {
        size_t m = n - i < chunk ? n - i : chunk;
        row[0] = acc;
        memcpy(row + 1, in + i, m * sizeof *row);
        /* terminal padding: fresh zero-valued aux variables, no constraint */
        for (size_t j = 1 + m; j < arity && rc == 0; j++)
            rc = cuzk_num_alloc(cs, &row[j], cuzk_cs_has_values(cs) ? &CUZK_FR_ZERO : NULL);
        if (rc == 0)
            rc = cuzk_poseidon_gadget(cs, &acc, row, c36);
    }
    free(row);
    if (rc == 0)
        *out = acc;
    return rc;
}
