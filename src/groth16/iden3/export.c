/* A recorded cuzk circuit written as .r1cs and .wtns, so snarkjs can set up
 * and prove the very circuit we prove (the CPU benchmark's comparison). */
#include <inttypes.h>
#include <string.h>

#include "groth16/iden3/iden3_impl.h"
#include "groth16/io/io_impl.h"

#define TERM_BYTES (4 + CUZK_IDEN3_N8)

typedef struct {
    uint64_t inputs, aux, constraints;   /* constraints exported: finish's excluded */
} export_shape;

static bool is_finish_row(const cuzk_cs *cs, uint64_t row, uint64_t input)
{
    cuzk_lc_view a, b, c;
    if (cuzk_cs_recorder_constraint(cs, row, &a, &b, &c) != 0)
        return false;
    return a.len == 1 && a.terms[0].var.kind == CUZK_VAR_INPUT && a.terms[0].var.index == input &&
           cuzk_fr_is_one(&a.terms[0].coeff) && b.len == 0 && c.len == 0;
}

static int shape_of(const cuzk_cs *cs, export_shape *s, cuzk_err *err)
{
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    if (st.inputs == 0 || st.constraints < st.inputs)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3 export: the cs is not finished");
    if (st.inputs + st.aux > UINT32_MAX || st.constraints - st.inputs > UINT32_MAX)
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "iden3 export: more than 2^32-1 wires or constraints");
    s->inputs = st.inputs;
    s->aux = st.aux;
    s->constraints = st.constraints - st.inputs;
    for (uint64_t i = 0; i < st.inputs; i++)
        if (!is_finish_row(cs, s->constraints + i, i))
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "iden3 export: constraint %" PRIu64 " is not finish's Input(%" PRIu64 ") * 0 = 0 "
                                "(not a finished recorder?)", s->constraints + i, i);
    return 0;
}

static uint32_t wire_of(const export_shape *s, cuzk_var v)
{
    return v.kind == CUZK_VAR_INPUT ? v.index : (uint32_t)(s->inputs + v.index);
}

static uint32_t nonzero_terms(const cuzk_lc_view *v)
{
    uint32_t n = 0;
    for (uint32_t j = 0; j < v->len; j++)
        n += !cuzk_fr_is_zero(&v->terms[j].coeff);
    return n;
}

static void put_section_header(cuzk_io_writer *w, uint32_t type, uint64_t size)
{
    uint8_t *p = cuzk_io_writer_reserve(w, 12);
    if (!p)
        return;
    cuzk_iden3_put_le32(p, type);
    cuzk_iden3_put_le64(p + 4, size);
}

static void put_file_header(cuzk_io_writer *w, const char *magic, uint32_t version, uint32_t sections)
{
    uint8_t *p = cuzk_io_writer_reserve(w, 12);
    if (!p)
        return;
    memcpy(p, magic, 4);
    cuzk_iden3_put_le32(p + 4, version);
    cuzk_iden3_put_le32(p + 8, sections);
}

static void put_field_header(cuzk_io_writer *w)
{
    uint8_t *p = cuzk_io_writer_reserve(w, 4 + CUZK_IDEN3_N8);
    if (!p)
        return;
    cuzk_iden3_put_le32(p, CUZK_IDEN3_N8);
    cuzk_iden3_prime_le(p + 4);
}

static void put_lc(cuzk_io_writer *w, const export_shape *s, const cuzk_lc_view *v)
{
    uint8_t *p = cuzk_io_writer_reserve(w, 4);
    if (!p)
        return;
    cuzk_iden3_put_le32(p, nonzero_terms(v));
    for (uint32_t j = 0; j < v->len; j++) {
        if (cuzk_fr_is_zero(&v->terms[j].coeff))
            continue;
        if (!(p = cuzk_io_writer_reserve(w, TERM_BYTES)))
            return;
        cuzk_iden3_put_le32(p, wire_of(s, v->terms[j].var));
        cuzk_fr_to_bytes_le(p + 4, &v->terms[j].coeff);
    }
}

static int write_r1cs(const cuzk_cs *cs, const export_shape *s, const char *path, cuzk_err *err)
{
    uint64_t body = 0;
    for (uint64_t i = 0; i < s->constraints; i++) {
        cuzk_lc_view v[3];
        cuzk_cs_recorder_constraint(cs, i, &v[0], &v[1], &v[2]);
        for (int k = 0; k < 3; k++)
            body += 4 + (uint64_t)nonzero_terms(&v[k]) * TERM_BYTES;
    }
    const uint32_t n_wires = (uint32_t)(s->inputs + s->aux);
    cuzk_io_writer w;
    int rc = cuzk_io_writer_open(&w, path, err);
    if (rc)
        return cuzk_io_writer_close(&w);
    put_file_header(&w, "r1cs", 1, 3);
    put_section_header(&w, 1, 4 + CUZK_IDEN3_N8 + 4 * 4 + 8 + 4);
    put_field_header(&w);
    uint8_t *p = cuzk_io_writer_reserve(&w, 4 * 4 + 8 + 4);
    if (p) {
        cuzk_iden3_put_le32(p, n_wires);
        cuzk_iden3_put_le32(p + 4, 0);                             /* public outputs */
        cuzk_iden3_put_le32(p + 8, (uint32_t)(s->inputs - 1));    /* public inputs */
        cuzk_iden3_put_le32(p + 12, 0);                            /* private inputs */
        cuzk_iden3_put_le64(p + 16, n_wires);                      /* labels: one per wire */
        cuzk_iden3_put_le32(p + 24, (uint32_t)s->constraints);
    }
    put_section_header(&w, 2, body);
    for (uint64_t i = 0; i < s->constraints && !w.rc; i++) {
        cuzk_lc_view v[3];
        cuzk_cs_recorder_constraint(cs, i, &v[0], &v[1], &v[2]);
        for (int k = 0; k < 3; k++)
            put_lc(&w, s, &v[k]);
    }
    put_section_header(&w, 3, (uint64_t)n_wires * 8);
    for (uint32_t i = 0; i < n_wires && !w.rc; i++)
        if ((p = cuzk_io_writer_reserve(&w, 8)))
            cuzk_iden3_put_le64(p, i);
    return cuzk_io_writer_close(&w);
}

static int write_wtns(const cuzk_cs *cs, const export_shape *s, const char *path, cuzk_err *err)
{
    const uint64_t n = s->inputs + s->aux;
    cuzk_io_writer w;
    int rc = cuzk_io_writer_open(&w, path, err);
    if (rc)
        return cuzk_io_writer_close(&w);
    put_file_header(&w, "wtns", 2, 2);
    put_section_header(&w, 1, 4 + CUZK_IDEN3_N8 + 4);
    put_field_header(&w);
    uint8_t *p = cuzk_io_writer_reserve(&w, 4);
    if (p)
        cuzk_iden3_put_le32(p, (uint32_t)n);
    put_section_header(&w, 2, n * CUZK_IDEN3_N8);
    for (uint64_t i = 0; i < n && !w.rc; i++) {
        cuzk_var v = i < s->inputs ? (cuzk_var){ (uint32_t)i, CUZK_VAR_INPUT }
                                   : (cuzk_var){ (uint32_t)(i - s->inputs), CUZK_VAR_AUX };
        const cuzk_fr *x = cuzk_cs_value(cs, v);
        if (!x) {
            cuzk_io_writer_fail(&w, CUZK_ERR_INVALID_ARGUMENT, "the cs holds no value for a variable");
            break;
        }
        if ((p = cuzk_io_writer_reserve(&w, CUZK_IDEN3_N8)))
            cuzk_fr_to_bytes_le(p, x);
    }
    return cuzk_io_writer_close(&w);
}

int cuzk_iden3_export(const cuzk_cs *recorder, const char *r1cs_path, const char *wtns_path, cuzk_err *err)
{
    if (!recorder || !r1cs_path)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3 export: NULL argument");
    cuzk_lc_view a, b, c;
    if (cuzk_cs_recorder_constraint(recorder, 0, &a, &b, &c) != 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3 export: not a recorder with constraints");
    if (wtns_path && !cuzk_cs_has_values(recorder))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "iden3 export: a witness needs a recorder with values");
    export_shape s = { 0, 0, 0 };
    int rc = shape_of(recorder, &s, err);
    if (rc)
        return rc;
    if ((rc = write_r1cs(recorder, &s, r1cs_path, err)))
        return rc;
    return wtns_path ? write_wtns(recorder, &s, wtns_path, err) : 0;
}
