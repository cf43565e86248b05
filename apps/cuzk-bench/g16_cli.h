/* Shared pieces of the Groth16 subcommands of cuzk-bench (setup, prove,
 * verify, export-snarkjs): option parsing, loading keys, proofs and inputs.
 * Exit statuses: 0 success / verified, 1 failure / invalid, 2 usage. */
#ifndef CUZK_BENCH_G16_CLI_H
#define CUZK_BENCH_G16_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "cuzk/groth16.h"
#include "cuzk/iden3.h"

enum { G16_EXIT_OK = 0, G16_EXIT_FAIL = 1, G16_EXIT_USAGE = 2 };

typedef struct {
    const char *name;     /* "--r1cs" */
    bool flag;            /* takes no value */
    const char *value;    /* set by the parser: the value, or "1" for a flag */
} g16_opt;

/* Fills opts[i].value from argv (argv[0] is the subcommand). Prints the
 * problem and usage to stderr and returns 2 on an unknown or valueless option. */
int g16_parse(int argc, char **argv, g16_opt *opts, size_t n, const char *usage);
const char *g16_get(const g16_opt *opts, size_t n, const char *name);
/* Parses an unsigned decimal option; false (with a message) when malformed. */
bool g16_u64(const char *cmd, const char *name, const char *text, uint64_t *out);

/* Prints "cuzk-bench <cmd>: <msg>" to stderr. */
void g16_fail(const char *cmd, const cuzk_err *err);

/* A pool of n threads (0 = one per core), from --threads. */
cuzk_pool *g16_pool(const char *threads_opt);

/* The verifying key from a .params (its head) or a .vk file. */
int g16_load_vk(const char *params_path, const char *vk_path, cuzk_vk *vk, cuzk_err *err);
/* A 192-byte proof file, decoded with the subgroup checks. */
int g16_load_proof(const char *path, cuzk_proof *proof, cuzk_err *err);
int g16_write_proof(const char *path, const cuzk_proof *proof, cuzk_err *err);
/* The public inputs: wires 1..n_public of a .wtns (n_public = ic_len - 1 of
 * the key), or a snarkjs public.json. *inputs is freed with cuzk_free. */
int g16_load_inputs(const char *wtns_path, const char *public_path, uint32_t n_public, cuzk_fr **inputs,
                    size_t *n, cuzk_err *err);

#endif
