/* Groth16 on the PoRep partition circuit for cuzk-bench setup / prove /
 * verify, chosen by --circuit porep (porep_g16.c). Test setups only: the
 * toxic waste comes from a seed. */
#ifndef CUZK_BENCH_POREP_G16_H
#define CUZK_BENCH_POREP_G16_H

#include <stdbool.h>

/* true when argv names --circuit: the porep path handles the command. */
bool porep_g16_wanted(int argc, char **argv);
int porep_g16_setup_main(int argc, char **argv);
int porep_g16_prove_main(int argc, char **argv);
int porep_g16_verify_main(int argc, char **argv);
/* batch: N jobs of one C1 output through the engine; throughput, and with
 * --compare the same jobs one after another first. */
int porep_g16_batch_main(int argc, char **argv);
/* status --daemon ADDR: a running cuzk-daemon's GetStatus. */
int porep_g16_status_main(int argc, char **argv);
/* stress: PoRep and PoSt jobs mixed, from several client threads, through the
 * engine: latency per kind and throughput. */
int porep_g16_stress_main(int argc, char **argv);

#endif
