/* The snarkjs JSON readers and writers of cuzk/iden3.h under the names the
 * Groth16 subcommands use. */
#ifndef CUZK_BENCH_SNARKJS_JSON_H
#define CUZK_BENCH_SNARKJS_JSON_H

#include "cuzk/iden3.h"

#define snarkjs_write_vk cuzk_snarkjs_write_vk
#define snarkjs_write_proof cuzk_snarkjs_write_proof
#define snarkjs_write_public cuzk_snarkjs_write_public
#define snarkjs_read_vk cuzk_snarkjs_read_vk
#define snarkjs_read_proof cuzk_snarkjs_read_proof
#define snarkjs_read_public cuzk_snarkjs_read_public

#endif
