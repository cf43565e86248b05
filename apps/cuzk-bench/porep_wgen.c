/* See porep_wgen.h. */
#include "porep_wgen.h"

#include <stdlib.h>
#include <string.h>

int porep_wgen_init(porep_wgen *w, const cuzk_porep_config *cfg, cuzk_pool *pool, cuzk_err *err)
{
    memset(w, 0, sizeof *w);
    const uint64_t t0 = cuzk_now_ns();
    int rc = cuzk_porep_wgen_new(&w->gen, cfg, pool, err);
    if (rc) return rc;
    cuzk_porep_wgen_shape s;
    cuzk_porep_wgen_get_shape(w->gen, &s);
    const uint64_t n = s.inputs + s.aux + 3 * s.constraints;
    w->mem = cuzk_alloc_array(n, sizeof *w->mem);
    if (!w->mem) {
        porep_wgen_free(w);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "fast witness: out of memory (%llu MiB of buffers)",
                            (unsigned long long)(n * sizeof(cuzk_fr) >> 20));
    }
    w->buf.input = w->mem;
    w->buf.aux = w->buf.input + s.inputs;
    w->buf.a = w->buf.aux + s.aux;
    w->buf.b = w->buf.a + s.constraints;
    w->buf.c = w->buf.b + s.constraints;
    cuzk_log("prove: fast witness generator ready in %.0f ms (tape of %llu terms; %llu constraints per partition)",
             (double)(cuzk_now_ns() - t0) * 1e-6, (unsigned long long)s.tape_terms, (unsigned long long)s.constraints);
    return 0;
}

int porep_wgen_fill(porep_wgen *w, const cuzk_porep_c1 *c1, uint32_t k, cuzk_pool *pool, cuzk_witness *out,
                    double *ms, cuzk_err *err)
{
    const uint64_t t0 = cuzk_now_ns();
    int rc = cuzk_porep_wgen_fill(w->gen, c1, k, &w->buf, pool, err);
    if (!rc) cuzk_porep_wgen_witness(w->gen, &w->buf, out);
    *ms = (double)(cuzk_now_ns() - t0) * 1e-6;
    return rc;
}

void porep_wgen_free(porep_wgen *w)
{
    cuzk_porep_wgen_free(w->gen);
    cuzk_free(w->mem);
    memset(w, 0, sizeof *w);
}
