/* cuzk-daemon configuration: defaults, the TOML file (keys compatible with
 * the upstream daemon's cuzk.toml where they mean the same thing), and the
 * engine configuration it implies. Every key and its default: docs/daemon.md. */
#ifndef CUZK_SERVER_CONFIG_H
#define CUZK_SERVER_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cuzk/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CUZK_CFG_STR 512
#define CUZK_CFG_MAX_DEVICES 64

typedef struct {
    /* [daemon] */
    char listen[CUZK_CFG_STR];          /* "unix:///run/curio/cuzk.sock" | "HOST:PORT" */
    char status_listen[CUZK_CFG_STR];   /* HTTP /status and /metrics; "" = off */
    char metrics_listen[CUZK_CFG_STR];  /* HTTP /metrics and /status; "" = off */
    char spool_dir[CUZK_CFG_STR];       /* journal of accepted jobs and finished results */
    bool allow_remote;                  /* listen on addresses other than loopback / unix */
    char auth_token_file[CUZK_CFG_STR]; /* bearer token (first line of the file); "" = none */
    char tls_cert_file[CUZK_CFG_STR];   /* PEM server certificate chain; "" = plaintext */
    char tls_key_file[CUZK_CFG_STR];    /* its PEM private key */
    char tls_client_ca_file[CUZK_CFG_STR]; /* PEM CA: clients must present a certificate it signed */
    uint64_t max_message_bytes;         /* gRPC messages each way; default 256 MiB */
    uint32_t max_vanilla_proofs;        /* vanilla_proofs entries a request may carry */
    uint32_t max_jobs;                  /* jobs journaled and not finished, at most */
    uint32_t max_calls;                 /* RPCs in flight at once */
    uint64_t drain_timeout_ms;          /* SIGTERM: how long in-flight RPCs may finish */
    uint64_t result_ttl_ms;             /* finished results kept for AwaitProof */
    uint64_t result_max_bytes;          /* and within this many bytes */
    /* [memory] */
    uint64_t total_budget;              /* 0 = auto (MemTotal - safety_margin) */
    uint64_t safety_margin;
    uint64_t param_budget;              /* 0 = engine default (1/2 of memory) */
    uint64_t eviction_min_idle_ms;      /* read for compatibility */
    /* [gpus] */
    int devices[CUZK_CFG_MAX_DEVICES];
    size_t n_devices;                   /* 0 = every visible GPU */
    uint32_t gpu_threads;               /* threads of the CPU prover's pool; 0 = one per core */
    uint32_t gpu_workers_per_device;    /* 0 = engine default */
    /* [synthesis] */
    uint32_t synthesis_threads;         /* 0 = one per core */
    /* [pipeline] */
    uint32_t max_parallel_synthesis;    /* concurrent witness generations; 0 = engine default */
    uint32_t max_gpu_queue_depth;       /* witnesses made ahead of the provers; 0 = engine default */
    /* [engine] (ours) */
    char backend[16];                   /* "auto" | "cpu" | "gpu" */
    bool verify_proofs;
    /* [srs] */
    char param_cache[CUZK_CFG_STR];     /* parameter directory */
    /* [logging] */
    char log_level[16];                 /* error | warn | info | debug */
    char log_format[16];                /* text | json */
    char log_file[CUZK_CFG_STR];        /* "" = stderr; reopened on SIGHUP */
} cuzk_daemon_config;

void cuzk_daemon_config_default(cuzk_daemon_config *c);

/* Applies a TOML document to c. source names the file in messages. Errors
 * ("source:line:col: reason", naming the key) go to err; warnings (keys
 * accepted for compatibility but without effect) are written to warn (may
 * be NULL). Returns 0 or -1. Unknown keys and tables are errors. */
int cuzk_daemon_config_apply_toml(cuzk_daemon_config *c, const char *text, size_t len, const char *source,
                                  char *err, size_t err_len, FILE *warn);
/* Reads a file (at most 1 MiB) and applies it. */
int cuzk_daemon_config_load(cuzk_daemon_config *c, const char *path, char *err, size_t err_len, FILE *warn);
/* Checks values that depend on each other (listen address and allow_remote,
 * log level names, ...). */
int cuzk_daemon_config_check(const cuzk_daemon_config *c, char *err, size_t err_len);
/* The effective config as TOML that cuzk_daemon_config_load reads back. */
void cuzk_daemon_config_print(const cuzk_daemon_config *c, FILE *f);
/* The engine configuration these settings imply. */
int cuzk_daemon_config_engine(const cuzk_daemon_config *c, cuzk_engine_config *ec, char *err, size_t err_len);

/* "5GiB", "512MiB", "64GB", "100MB", "1024KiB", "12345" (bytes); integers too. */
int cuzk_parse_size(const char *s, uint64_t *out);
/* "5m", "30s", "1h", "250ms", "10" (seconds). */
int cuzk_parse_duration_ms(const char *s, uint64_t *out);

/* Listen addresses: "unix:///path" or "HOST:PORT" (HOST a name, IPv4, or
 * [IPv6]). *is_local: a unix socket or a loopback host. */
int cuzk_listen_addr_check(const char *addr, bool *is_local, char *err, size_t err_len);

/* The daemon's error strings: fmt into err[len] (nothing when err is NULL). */
void cuzk_server_seterr(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif
#endif
