/* Shared pieces of the Groth16 subcommands of cuzk-bench (setup, prove,
 * verify, export-snarkjs): loading keys, proofs and inputs. Exit statuses:
 * 0 success / verified, 1 failure / invalid, 2 usage. */
#ifndef CUZK_BENCH_G16_CLI_H
#define CUZK_BENCH_G16_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "bench_commands.h"
#include "cuzk/groth16.h"
#include "cuzk/iden3.h"

/* The Groth16 commands' names for the option parser of bench_commands.h. */
enum { G16_EXIT_OK = CLI_EXIT_OK, G16_EXIT_FAIL = CLI_EXIT_FAIL, G16_EXIT_USAGE = CLI_EXIT_USAGE };
typedef cli_opt g16_opt;
#define g16_parse cli_parse
#define g16_get cli_get
#define g16_u64 cli_u64
#define g16_fail cli_fail
#define g16_pool cli_pool

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
