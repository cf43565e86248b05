/* cuzk-bench verify --record-out and verify --regression over seal-regression
 * records (porep_check.c). */
#ifndef CUZK_BENCH_POREP_CHECK_H
#define CUZK_BENCH_POREP_CHECK_H

#include <stdbool.h>
#include "g16_cli.h"
#include "cuzk/porep.h"

/* Options of --c1 (prove and verify), and of verify --regression. */
#define POREP_C1_OPTS { "--miner-id", false, NULL }, { "--sector-id", false, NULL }, { "--no-check", true, NULL },
#define POREP_C1_USAGE "\n       [--miner-id N] [--sector-id N] [--no-check] [--record-out R.json]"
#define POREP_REGRESSION_OPTS                                                                                      \
    { "--regression", false, NULL }, { "--param-dir", false, NULL }, { "--max", false, NULL },                      \
        { "--record-out", false, NULL },
#define POREP_REGRESSION_USAGE "--regression RECORDS.json (--vk P.vk | --params P.params | --param-dir DIR) [--max N]"

/* verify --c1 ... --record-out R.json: the verified proof as a one-record
 * seal-regression file (the format of tests/data/seal_regression_2kib.json), miner and sector as
 * porep_c1_check took them: the test path of verify --regression. */
int porep_record_write(const g16_opt *o, size_t no, const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg,
                       const uint8_t *proof, size_t proof_len, cuzk_err *err);
/* verify --regression: every record's public inputs and proof, verified with
 * the key (--vk / --params) or the official one for its size in --param-dir. */
int porep_regression_main(const g16_opt *o, size_t no);

#endif
