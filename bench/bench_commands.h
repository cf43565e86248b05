/* Entry points of cuzk-bench's subcommands (argv[0] is the subcommand name). */
#ifndef CUZK_BENCH_COMMANDS_H
#define CUZK_BENCH_COMMANDS_H

int cuzk_bench_arith_main(int argc, char **argv);
int cuzk_bench_selfcheck_main(int argc, char **argv);
int cuzk_bench_hash_main(int argc, char **argv); /* apps/cuzk-bench/cmd_hash.c */
int cuzk_bench_hashrate_main(int argc, char **argv); /* bench/hashrate.c */
/* Groth16 on circom circuits and snarkjs interop (apps/cuzk-bench/cmd_*.c) */
int cuzk_bench_setup_main(int argc, char **argv);
int cuzk_bench_prove_main(int argc, char **argv);
int cuzk_bench_verify_main(int argc, char **argv);
int cuzk_bench_export_snarkjs_main(int argc, char **argv);
int cuzk_bench_groth16_cpu_main(int argc, char **argv); /* bench/groth16_cpu.c */
int cuzk_bench_info_main(int argc, char **argv); /* apps/cuzk-bench/cmd_info.c */
int cuzk_bench_gpu_main(int argc, char **argv); /* bench/gpu.c: device NTT and MSM */
int cuzk_bench_gpu_msm_main(int argc, char **argv); /* bench/gpu_msm.c: device G1 and G2 MSM */
int cuzk_bench_gpu_ntt_main(int argc, char **argv); /* bench/gpu_ntt.c: device NTT */
int cuzk_bench_groth16_gpu_main(int argc, char **argv); /* bench/groth16_gpu.c */
int cuzk_bench_synth_main(int argc, char **argv); /* apps/cuzk-bench/cmd_synth.c */
int cuzk_bench_check_main(int argc, char **argv); /* apps/cuzk-bench/cmd_synth.c */
int cuzk_bench_seal_main(int argc, char **argv); /* apps/cuzk-bench/cmd_seal.c */
int cuzk_bench_witness_main(int argc, char **argv); /* bench/witness.c: fast vs generic PoRep witness */

#endif
