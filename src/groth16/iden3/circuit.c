/* An iden3 r1cs replayed as a cuzk_circuit, and a direct satisfaction check
 * of a witness against it. */
#include <inttypes.h>

#include "groth16/iden3/iden3_impl.h"

static int fits(const cuzk_iden3_r1cs *r, const cuzk_iden3_wtns *w, cuzk_err *err)
{
    if (w->n != r->n_wires)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3: the witness has %" PRIu32
                            " values but the r1cs has %" PRIu32 " wires", w->n, r->n_wires);
    if (w->n == 0 || !cuzk_fr_is_one(&w->value[0]))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3: witness value 0 (the constant wire) is not 1");
    return 0;
}

static void eval_lc(const cuzk_iden3_r1cs *r, const cuzk_iden3_wtns *w, uint64_t lc, cuzk_fr *out)
{
    cuzk_fr acc = CUZK_FR_ZERO, t;
    for (uint64_t j = r->lc_start[lc]; j < r->lc_start[lc + 1]; j++) {
        cuzk_fr_mul(&t, &r->coeff[j], &w->value[r->wire[j]]);
        cuzk_fr_add(&acc, &acc, &t);
    }
    *out = acc;
}

int cuzk_iden3_check(const cuzk_iden3_r1cs *r, const cuzk_iden3_wtns *w, int64_t *first_bad, cuzk_err *err)
{
    if (!r || !w || !first_bad)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3 check: NULL argument");
    int rc = fits(r, w, err);
    if (rc)
        return rc;
    *first_bad = -1;
    for (uint32_t i = 0; i < r->n_constraints; i++) {
        cuzk_fr a, b, c;
        eval_lc(r, w, 3 * (uint64_t)i, &a);
        eval_lc(r, w, 3 * (uint64_t)i + 1, &b);
        eval_lc(r, w, 3 * (uint64_t)i + 2, &c);
        cuzk_fr_mul(&a, &a, &b);
        if (!cuzk_fr_eq(&a, &c)) {
            *first_bad = i;
            break;
        }
    }
    return 0;
}

/* Wire -> variable: the allocation order below makes this arithmetic. */
static cuzk_var wire_var(uint32_t wire, uint32_t n_public)
{
    if (wire <= n_public)
        return (cuzk_var){ wire, CUZK_VAR_INPUT };
    return (cuzk_var){ wire - 1 - n_public, CUZK_VAR_AUX };
}

static int add_terms(cuzk_lc *lc, const cuzk_iden3_r1cs *r, uint64_t which, uint32_t n_public)
{
    cuzk_lc_clear(lc);
    for (uint64_t j = r->lc_start[which]; j < r->lc_start[which + 1]; j++) {
        int rc = cuzk_lc_add(lc, wire_var(r->wire[j], n_public), &r->coeff[j]);
        if (rc)
            return rc;
    }
    return 0;
}

static int synthesize(void *vctx, cuzk_cs *cs, cuzk_err *err)
{
    const cuzk_iden3_circuit *ctx = vctx;
    const cuzk_iden3_r1cs *r = ctx->r1cs;
    const bool values = cuzk_cs_has_values(cs);
    if (values && !ctx->wtns)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3 circuit: values requested but no witness given");
    const uint32_t n_public = cuzk_iden3_r1cs_public(r);
    for (uint32_t wire = 1; wire < r->n_wires; wire++) {
        const cuzk_fr *v = values ? &ctx->wtns->value[wire] : NULL;
        cuzk_var got, want = wire_var(wire, n_public);
        int rc = wire <= n_public ? cuzk_cs_alloc_input(cs, &got, v) : cuzk_cs_alloc(cs, &got, v);
        if (rc)
            return cuzk_cs_error(cs, err); /* alloc failures are sticky in the cs */
        /* a cs that was not fresh would shift every index */
        if (got.index != want.index || got.kind != want.kind)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "iden3 circuit: wire %" PRIu32 " got variable %" PRIu32 " instead of %" PRIu32
                                " (the cs must be fresh)", wire, got.index, want.index);
    }
    cuzk_lc lc[3];
    for (int k = 0; k < 3; k++)
        cuzk_lc_init(&lc[k]);
    int rc = 0;
    for (uint32_t i = 0; i < r->n_constraints && !rc; i++) {
        for (int k = 0; k < 3 && !rc; k++)
            rc = add_terms(&lc[k], r, 3 * (uint64_t)i + (uint64_t)k, n_public);
        if (!rc)
            cuzk_cs_enforce(cs, &lc[0], &lc[1], &lc[2]);
    }
    for (int k = 0; k < 3; k++)
        cuzk_lc_free(&lc[k]);
    if (rc)
        return cuzk_err_set(err, rc, "iden3 circuit: out of memory building a constraint");
    return cuzk_cs_error(cs, err);
}

int cuzk_iden3_circuit_init(cuzk_iden3_circuit *ctx, cuzk_circuit *circuit, const cuzk_iden3_r1cs *r1cs,
                            const cuzk_iden3_wtns *wtns, cuzk_err *err)
{
    if (!ctx || !circuit || !r1cs)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3 circuit: NULL argument");
    if (wtns) {
        int rc = fits(r1cs, wtns, err);
        if (rc)
            return rc;
    }
    ctx->r1cs = r1cs;
    ctx->wtns = wtns;
    circuit->name = "iden3-r1cs";
    circuit->synthesize = synthesize;
    circuit->ctx = ctx;
    return 0;
}
