/* The fast PoRep witness for cuzk-bench prove --circuit porep: one
 * generator (tape) per run and one set of partition buffers, reused for every
 * partition (porep_wgen.c). */
#ifndef CUZK_BENCH_POREP_WGEN_H
#define CUZK_BENCH_POREP_WGEN_H

#include "cuzk/porep_witness.h"

typedef struct {
    cuzk_porep_wgen *gen;
    cuzk_porep_wgen_buffers buf;
    cuzk_fr *mem;
} porep_wgen;

/* Records the tape for cfg and allocates the buffers of one partition. */
int porep_wgen_init(porep_wgen *w, const cuzk_porep_config *cfg, cuzk_pool *pool, cuzk_err *err);
/* Fills partition k and returns its witness view; *ms receives the wall time. */
int porep_wgen_fill(porep_wgen *w, const cuzk_porep_c1 *c1, uint32_t k, cuzk_pool *pool, cuzk_witness *out,
                    double *ms, cuzk_err *err);
void porep_wgen_free(porep_wgen *w);

#endif
