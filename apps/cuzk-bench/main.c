/* cuzk-bench: benchmarks, proofs and tools over libcuzk, one subcommand each. */
#include "cuzk/util.h"
#include "bench_commands.h"
#include "porep_g16.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} command;

static const command commands[] = {
    { "arith", cuzk_bench_arith_main, "field, curve, pairing and MSM timings (--json, --runs N, --quick)" },
    { "selfcheck", cuzk_bench_selfcheck_main, "quick check of the arithmetic (pairing, MSM, encodings)" },
    { "hash", cuzk_bench_hash_main, "native hashes of a hex message, and their speed (sha256 [--trunc254] HEX | --bench)" },
    { "hashrate", cuzk_bench_hashrate_main, "Poseidon (arity 8, 11, 2) and SHA-256 node hashes per second, one core and all threads (--json, --runs N)" },
    { "setup", cuzk_bench_setup_main, "Groth16 parameters for a circom .r1cs (--r1cs --out [--seed N])" },
    { "prove", cuzk_bench_prove_main, "a Groth16 proof (--r1cs --wtns --params --out)" },
    { "verify", cuzk_bench_verify_main, "check a proof (--params|--vk --proof --wtns|--public, or --snarkjs DIR)" },
    { "export-snarkjs", cuzk_bench_export_snarkjs_main, "vk, proof and inputs as snarkjs JSON (--out DIR)" },
    { "groth16-cpu", cuzk_bench_groth16_cpu_main, "Groth16 setup/prove/verify timings, 2^10..2^20 constraints (--snarkjs: vs snarkjs at 2^16)" },
    { "info", cuzk_bench_info_main, "circuit shape from the counting back end (--circuit porep --sector-size 32GiB [--api-version 1.1] [--json])" },
    { "gpu", cuzk_bench_gpu_main, "device NTT and G1 MSM timings, 2^20..2^27, checked against the CPU at 2^20 (--json, --runs N, --max-log L)" },
    { "gpu-msm", cuzk_bench_gpu_msm_main, "device G1 MSM 2^20..2^27 (random, 0/1) and G2 MSM 2^20..2^24, checked against the CPU (--json, --runs N, --max-log L)" },
    { "gpu-ntt", cuzk_bench_gpu_ntt_main, "device NTT 2^20..2^27 (fft, ifft, coset, compute_h), checked against the CPU FFT (--json, --runs N)" },
    { "groth16-gpu", cuzk_bench_groth16_gpu_main, "Groth16 prove on the device vs the CPU, same r and s, byte check (--log 24 --runs 3)" },
    { "batch", porep_g16_batch_main, "N PoRep jobs of one C1 output through the engine: throughput, prover busy time (--c1 C1.json --params P --jobs N [--compare] [--timeline T.json] [--json])" },
    { "stress", porep_g16_stress_main, "mixed PoRep / WinningPoSt / WindowPoSt jobs from several clients through the engine: latency per kind, throughput (--param-dir DIR [--c1 C1.json] [--post-size SIZE] [--clients N] [--jobs N] [--rate R] [--json])" },
    { "status", porep_g16_status_main, "a running cuzk-daemon's status: GPUs, queues, parameters (--daemon ADDR [--token T])" },
    { "synth", cuzk_bench_synth_main, "a synthetic C1 output for any sector size, no sector data (--sector-size 32GiB --out C1.json [--seed N] [--envelope])" },
    { "check", cuzk_bench_check_main, "streaming satisfaction check of every partition circuit of a C1 output (--c1 C1.json [--partition K] [--threads N])" },
    { "seal", cuzk_bench_seal_main, "a real seal of a small sector: its C1 output as Curio's envelope (--sector-size 2KiB --out JOB.json [--miner-id N] [--sector-id N] [--seed N | --data FILE] [--bare])" },
    { "witness", cuzk_bench_witness_main, "one PoRep partition's witness and A/B/C evaluations: fast generator vs generic synthesis, wall and CPU s (--c1 C1.json [--partition K] [--threads N] [--runs N] [--no-generic] [--json])" },
};

static void usage(FILE *f)
{
    fprintf(f, "usage: cuzk-bench [--version] <command> [options]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-15s %s\n", commands[i].name, commands[i].help);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
        printf("%s\n", cuzk_build_id());
        return 0;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (!strcmp(argv[1], commands[i].name)) {
            cuzk_log("cuzk-bench %s: %s", commands[i].name, cuzk_build_id());
            return commands[i].run(argc - 1, argv + 1);
        }
    }
    fprintf(stderr, "cuzk-bench: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
