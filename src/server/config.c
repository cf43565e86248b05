/* cuzk-daemon configuration (config.h): defaults, the TOML keys, checks. */
#include "server/config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/toml_reader.h"

#define MiB (1024ull * 1024ull)
#define GiB (1024ull * MiB)

void cuzk_daemon_config_default(cuzk_daemon_config *c) {
    memset(c, 0, sizeof *c);
    snprintf(c->listen, sizeof c->listen, "unix:///run/curio/cuzk.sock");
    snprintf(c->spool_dir, sizeof c->spool_dir, "/var/lib/cuzk/spool");
    c->max_message_bytes = 256 * MiB;
    c->max_vanilla_proofs = 65536;
    c->max_jobs = 1024;
    c->max_calls = 512;
    c->drain_timeout_ms = 30000;
    c->result_ttl_ms = 30ull * 60 * 1000;
    c->result_max_bytes = 256 * MiB;
    c->safety_margin = 5 * GiB;
    c->eviction_min_idle_ms = 5ull * 60 * 1000;
    snprintf(c->backend, sizeof c->backend, "auto");
    snprintf(c->param_cache, sizeof c->param_cache, "/data/zk/params");
    snprintf(c->log_level, sizeof c->log_level, "info");
    snprintf(c->log_format, sizeof c->log_format, "text");
}

/* ---- sizes, durations, addresses ---------------------------------------------- */

static int mul_ok(uint64_t a, uint64_t b, uint64_t *out) {
    if (a != 0 && b > UINT64_MAX / a) return -1;
    *out = a * b;
    return 0;
}

/* digits, then an optional unit from the table; no sign, no spaces inside */
static int parse_scaled(const char *s, const char *const *units, const uint64_t *scale, size_t n_units,
                        uint64_t dflt_scale, uint64_t *out) {
    if (!s) return -1;
    while (*s == ' ') s++;
    if (!isdigit((unsigned char)*s)) return -1;
    uint64_t v = 0;
    while (isdigit((unsigned char)*s)) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
        s++;
    }
    while (*s == ' ') s++;
    size_t ulen = strlen(s);
    while (ulen && s[ulen - 1] == ' ') ulen--;
    if (ulen == 0) return mul_ok(v, dflt_scale, out);
    for (size_t i = 0; i < n_units; i++) {
        if (strlen(units[i]) == ulen && strncasecmp(s, units[i], ulen) == 0) return mul_ok(v, scale[i], out);
    }
    return -1;
}

int cuzk_parse_size(const char *s, uint64_t *out) {
    static const char *const u[] = {"B", "KiB", "MiB", "GiB", "TiB", "KB", "MB", "GB", "TB", "K", "M", "G", "T"};
    static const uint64_t k[] = {1,           1ull << 10, 1ull << 20, 1ull << 30, 1ull << 40, 1000ull, 1000000ull,
                                 1000000000ull, 1000000000000ull, 1ull << 10, 1ull << 20, 1ull << 30, 1ull << 40};
    return parse_scaled(s, u, k, sizeof k / sizeof k[0], 1, out);
}

int cuzk_parse_duration_ms(const char *s, uint64_t *out) {
    static const char *const u[] = {"ms", "s", "m", "h", "d"};
    static const uint64_t k[] = {1, 1000, 60000, 3600000, 86400000};
    return parse_scaled(s, u, k, sizeof k / sizeof k[0], 1000, out);
}

void cuzk_server_seterr(char *err, size_t len, const char *fmt, ...) {
    if (!err || !len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

int cuzk_listen_addr_check(const char *addr, bool *is_local, char *err, size_t err_len) {
    *is_local = false;
    if (!addr || !*addr) {
        cuzk_server_seterr(err, err_len, "listen address is empty");
        return -1;
    }
    if (strncmp(addr, "unix:", 5) == 0) {
        const char *p = addr + 5;
        if (strncmp(p, "//", 2) == 0) p += 2;
        if (*p != '/' || strlen(p) < 2 || strlen(p) > 107) {
            cuzk_server_seterr(err, err_len, "listen address '%s': a unix socket needs an absolute path of at most 107 bytes",
                   addr);
            return -1;
        }
        *is_local = true;
        return 0;
    }
    const char *colon = strrchr(addr, ':');
    if (!colon || colon == addr) {
        cuzk_server_seterr(err, err_len, "listen address '%s': expected unix:///path or HOST:PORT", addr);
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long port = strtoul(colon + 1, &end, 10);
    if (colon[1] == '\0' || *end != '\0' || errno || port > 65535) {
        cuzk_server_seterr(err, err_len, "listen address '%s': bad port", addr);
        return -1;
    }
    size_t hl = (size_t)(colon - addr);
    char host[256];
    if (hl >= sizeof host) {
        cuzk_server_seterr(err, err_len, "listen address '%s': host too long", addr);
        return -1;
    }
    memcpy(host, addr, hl);
    host[hl] = '\0';
    if (host[0] == '[') {
        if (hl < 3 || host[hl - 1] != ']') {
            cuzk_server_seterr(err, err_len, "listen address '%s': unbalanced [ ] around an IPv6 host", addr);
            return -1;
        }
        *is_local = strcmp(host, "[::1]") == 0;
    } else {
        *is_local = strcmp(host, "localhost") == 0 || strncmp(host, "127.", 4) == 0;
    }
    return 0;
}

/* ---- the keys ------------------------------------------------------------------ */

typedef enum { K_STR, K_BOOL, K_U32, K_U64, K_SIZE, K_DURATION, K_DEVICES, K_COMPAT, K_DEPRECATED } key_kind;

typedef struct {
    const char *path;
    key_kind kind;
    size_t off;   /* offsetof in cuzk_daemon_config; K_STR: a char array of size len */
    size_t len;
    const char *note; /* K_COMPAT / K_DEPRECATED: why it has no effect */
} key_def;

#define F(field) offsetof(cuzk_daemon_config, field)
#define S(field) offsetof(cuzk_daemon_config, field), sizeof(((cuzk_daemon_config *)0)->field)

static const key_def KEYS[] = {
    {"daemon.listen", K_STR, S(listen), NULL},
    {"daemon.status_listen", K_STR, S(status_listen), NULL},
    {"daemon.metrics_listen", K_STR, S(metrics_listen), NULL},
    {"daemon.spool_dir", K_STR, S(spool_dir), NULL},
    {"daemon.allow_remote", K_BOOL, F(allow_remote), 0, NULL},
    {"daemon.auth_token_file", K_STR, S(auth_token_file), NULL},
    {"daemon.tls_cert_file", K_STR, S(tls_cert_file), NULL},
    {"daemon.tls_key_file", K_STR, S(tls_key_file), NULL},
    {"daemon.tls_client_ca_file", K_STR, S(tls_client_ca_file), NULL},
    {"daemon.max_message_size", K_SIZE, F(max_message_bytes), 0, NULL},
    {"daemon.max_vanilla_proofs", K_U32, F(max_vanilla_proofs), 0, NULL},
    {"daemon.max_jobs", K_U32, F(max_jobs), 0, NULL},
    {"daemon.max_calls", K_U32, F(max_calls), 0, NULL},
    {"daemon.drain_timeout", K_DURATION, F(drain_timeout_ms), 0, NULL},
    {"daemon.result_ttl", K_DURATION, F(result_ttl_ms), 0, NULL},
    {"daemon.result_max_bytes", K_SIZE, F(result_max_bytes), 0, NULL},
    {"memory.total_budget", K_SIZE, F(total_budget), 0, NULL},
    {"memory.safety_margin", K_SIZE, F(safety_margin), 0, NULL},
    {"memory.param_budget", K_SIZE, F(param_budget), 0, NULL},
    {"memory.eviction_min_idle", K_DURATION, F(eviction_min_idle_ms), 0, NULL},
    {"memory.pinned_budget", K_DEPRECATED, 0, 0, "replaced by memory.total_budget"},
    {"memory.working_memory_budget", K_DEPRECATED, 0, 0, "replaced by memory.total_budget"},
    {"gpus.devices", K_DEVICES, 0, 0, NULL},
    {"gpus.gpu_threads", K_U32, F(gpu_threads), 0, NULL},
    {"gpus.gpu_workers_per_device", K_U32, F(gpu_workers_per_device), 0, NULL},
    {"scheduler.max_batch_size", K_COMPAT, 0, 0, "cross-sector batching is not done: each job is proved alone"},
    {"scheduler.max_batch_wait_ms", K_COMPAT, 0, 0, "cross-sector batching is not done"},
    {"scheduler.sort_by_type", K_COMPAT, 0, 0, "the scheduler orders by priority class, then arrival"},
    {"synthesis.threads", K_U32, F(synthesis_threads), 0, NULL},
    {"synthesis.partition_workers", K_DEPRECATED, 0, 0, "use pipeline.max_parallel_synthesis"},
    {"pipeline.enabled", K_COMPAT, 0, 0, "the pipeline is always on"},
    {"pipeline.synthesis_lookahead", K_COMPAT, 0, 0, "use pipeline.max_gpu_queue_depth"},
    {"pipeline.synthesis_concurrency", K_COMPAT, 0, 0, "use pipeline.max_parallel_synthesis"},
    {"pipeline.max_parallel_synthesis", K_U32, F(max_parallel_synthesis), 0, NULL},
    {"pipeline.slot_size", K_COMPAT, 0, 0, "no in-proof slotting"},
    {"pipeline.max_gpu_queue_depth", K_U32, F(max_gpu_queue_depth), 0, NULL},
    {"engine.backend", K_STR, S(backend), NULL},
    {"engine.verify_proofs", K_BOOL, F(verify_proofs), 0, NULL},
    {"srs.param_cache", K_STR, S(param_cache), NULL},
    {"srs.preload", K_DEPRECATED, 0, 0, "parameters load on demand, or through PreloadSRS"},
    {"logging.level", K_STR, S(log_level), NULL},
    {"logging.format", K_STR, S(log_format), NULL},
    {"logging.file", K_STR, S(log_file), NULL},
};
static const char *const TABLES[] = {"daemon", "memory", "gpus", "scheduler", "synthesis",
                                     "pipeline", "engine", "srs", "logging"};

static const key_def *find_key(const char *path) {
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++)
        if (strcmp(KEYS[i].path, path) == 0) return &KEYS[i];
    return NULL;
}

static bool known_table(const char *path) {
    for (size_t i = 0; i < sizeof TABLES / sizeof TABLES[0]; i++)
        if (strcmp(TABLES[i], path) == 0) return true;
    return false;
}

#define AT(it) source, (it)->line, (it)->col

static int want(const cuzk_toml_item *it, int type, const char *what, const char *source, char *err, size_t el) {
    if (it->type == type) return 0;
    cuzk_server_seterr(err, el, "%s:%u:%u: %s: expected %s, found %s", AT(it), it->path, what, cuzk_toml_type_name(it->type));
    return -1;
}

static int apply_item(cuzk_daemon_config *c, const key_def *k, const cuzk_toml_doc *doc, size_t idx,
                      const char *source, char *err, size_t el, FILE *warn) {
    const cuzk_toml_item *it = cuzk_toml_get(doc, idx);
    uint8_t *base = (uint8_t *)c;
    switch (k->kind) {
    case K_STR:
        if (want(it, CUZK_TOML_STRING, "a string", source, err, el)) return -1;
        if (it->str_len >= k->len || memchr(it->str, '\0', it->str_len)) {
            cuzk_server_seterr(err, el, "%s:%u:%u: %s: longer than %zu bytes or holds a NUL", AT(it), it->path, k->len - 1);
            return -1;
        }
        memcpy(base + k->off, it->str, it->str_len + 1);
        return 0;
    case K_BOOL:
        if (want(it, CUZK_TOML_BOOL, "a boolean", source, err, el)) return -1;
        *(bool *)(base + k->off) = it->b;
        return 0;
    case K_U32:
    case K_U64:
        if (want(it, CUZK_TOML_INTEGER, "an integer", source, err, el)) return -1;
        if (it->i < 0 || (k->kind == K_U32 && it->i > (int64_t)UINT32_MAX)) {
            cuzk_server_seterr(err, el, "%s:%u:%u: %s: %" PRId64 " is out of range (0..%s)", AT(it), it->path, it->i,
                   k->kind == K_U32 ? "4294967295" : "2^63-1");
            return -1;
        }
        if (k->kind == K_U32) *(uint32_t *)(base + k->off) = (uint32_t)it->i;
        else *(uint64_t *)(base + k->off) = (uint64_t)it->i;
        return 0;
    case K_SIZE:
    case K_DURATION: {
        uint64_t v;
        if (it->type == CUZK_TOML_INTEGER) {
            if (it->i < 0) {
                cuzk_server_seterr(err, el, "%s:%u:%u: %s: negative", AT(it), it->path);
                return -1;
            }
            v = (uint64_t)it->i;
            if (k->kind == K_DURATION && mul_ok(v, 1000, &v)) {
                cuzk_server_seterr(err, el, "%s:%u:%u: %s: too large", AT(it), it->path);
                return -1;
            }
        } else if (it->type == CUZK_TOML_STRING) {
            bool is_auto = k->kind == K_SIZE && strcmp(it->str, "auto") == 0;
            if (is_auto) v = 0;
            else if ((k->kind == K_SIZE ? cuzk_parse_size(it->str, &v) : cuzk_parse_duration_ms(it->str, &v))) {
                cuzk_server_seterr(err, el, "%s:%u:%u: %s: '%.64s' is not a %s", AT(it), it->path, it->str,
                       k->kind == K_SIZE ? "size (e.g. \"5GiB\", \"512MiB\", bytes)"
                                         : "duration (e.g. \"5m\", \"30s\", \"250ms\", seconds)");
                return -1;
            }
        } else {
            cuzk_server_seterr(err, el, "%s:%u:%u: %s: expected a string or an integer, found %s", AT(it), it->path,
                   cuzk_toml_type_name(it->type));
            return -1;
        }
        *(uint64_t *)(base + k->off) = v;
        return 0;
    }
    case K_DEVICES: {
        if (want(it, CUZK_TOML_ARRAY, "an array of integers", source, err, el)) return -1;
        if (it->count > CUZK_CFG_MAX_DEVICES) {
            cuzk_server_seterr(err, el, "%s:%u:%u: %s: more than %d devices", AT(it), it->path, CUZK_CFG_MAX_DEVICES);
            return -1;
        }
        for (size_t j = 0; j < it->count; j++) {
            const cuzk_toml_item *e = cuzk_toml_get(doc, idx + 1 + j);
            if (!e || want(e, CUZK_TOML_INTEGER, "an integer", source, err, el)) return -1;
            if (e->i < 0 || e->i > 1023) {
                cuzk_server_seterr(err, el, "%s:%u:%u: %s: GPU ordinal %" PRId64 " out of range", AT(e), e->path, e->i);
                return -1;
            }
            c->devices[j] = (int)e->i;
        }
        c->n_devices = it->count;
        return 0;
    }
    case K_COMPAT:
    case K_DEPRECATED:
        if (warn)
            fprintf(warn, "%s:%u:%u: warning: %s is %s: %s\n", AT(it), it->path,
                    k->kind == K_COMPAT ? "accepted for compatibility and has no effect" : "deprecated and ignored",
                    k->note);
        return 0;
    }
    return 0;
}

int cuzk_daemon_config_apply_toml(cuzk_daemon_config *c, const char *text, size_t len, const char *source,
                                  char *err, size_t err_len, FILE *warn) {
    cuzk_toml_doc *doc;
    if (cuzk_toml_parse(text, len, source, &doc, err, err_len)) return -1;
    int rc = 0;
    size_t n = cuzk_toml_count(doc);
    for (size_t i = 0; i < n && rc == 0; i++) {
        const cuzk_toml_item *it = cuzk_toml_get(doc, i);
        if (it->path[0] == '\0') continue;  /* the root table */
        const key_def *k = find_key(it->path);
        if (k) {
            rc = apply_item(c, k, doc, i, source, err, err_len, warn);
            /* an array's elements, or a compatibility key's contents, are its own */
            if (it->type == CUZK_TOML_ARRAY || it->type == CUZK_TOML_TABLE) {
                size_t plen = strlen(it->path);
                while (i + 1 < n) {
                    const char *p = cuzk_toml_get(doc, i + 1)->path;
                    if (strncmp(p, it->path, plen) != 0 || (p[plen] != '[' && p[plen] != '.')) break;
                    i++;
                }
            }
            continue;
        }
        if (it->type == CUZK_TOML_TABLE && known_table(it->path)) continue;
        cuzk_server_seterr(err, err_len, "%s:%u:%u: unknown %s '%s'", AT(it), it->type == CUZK_TOML_TABLE ? "table" : "key",
               it->path);
        rc = -1;
    }
    cuzk_toml_free(doc);
    return rc;
}

int cuzk_daemon_config_load(cuzk_daemon_config *c, const char *path, char *err, size_t err_len, FILE *warn) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        cuzk_server_seterr(err, err_len, "%s: %s", path, strerror(errno));
        return -1;
    }
    const size_t cap = 1u << 20;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        cuzk_server_seterr(err, err_len, "%s: out of memory", path);
        return -1;
    }
    size_t n = fread(buf, 1, cap + 1, f);
    int rd_err = ferror(f);
    fclose(f);
    if (rd_err || n > cap) {
        free(buf);
        cuzk_server_seterr(err, err_len, "%s: %s", path, rd_err ? "read error" : "larger than 1 MiB");
        return -1;
    }
    int rc = cuzk_daemon_config_apply_toml(c, buf, n, path, err, err_len, warn);
    free(buf);
    return rc;
}

static bool one_of(const char *s, const char *const *names, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0) return true;
    return false;
}

int cuzk_daemon_config_check(const cuzk_daemon_config *c, char *err, size_t err_len) {
    static const char *const levels[] = {"error", "warn", "info", "debug"};
    static const char *const formats[] = {"text", "json"};
    static const char *const backends[] = {"auto", "cpu", "gpu"};
    bool local;
    if (cuzk_listen_addr_check(c->listen, &local, err, err_len)) return -1;
    if (!local && !c->allow_remote) {
        cuzk_server_seterr(err, err_len,
               "daemon.listen '%s' is not a unix socket or a loopback address: set daemon.allow_remote "
               "(--allow-remote) to serve it",
               c->listen);
        return -1;
    }
    const char *http[2] = {c->status_listen, c->metrics_listen};
    for (int i = 0; i < 2; i++) {
        if (!http[i][0]) continue;
        if (strncmp(http[i], "unix:", 5) == 0 || cuzk_listen_addr_check(http[i], &local, err, err_len)) {
            if (strncmp(http[i], "unix:", 5) == 0) cuzk_server_seterr(err, err_len, "%s: HTTP listens on HOST:PORT only", http[i]);
            return -1;
        }
        if (!local && !c->allow_remote) {
            cuzk_server_seterr(err, err_len, "HTTP listen '%s' is not a loopback address: set daemon.allow_remote", http[i]);
            return -1;
        }
    }
    if (!c->tls_cert_file[0] != !c->tls_key_file[0]) {
        cuzk_server_seterr(err, err_len, "daemon.tls_cert_file and daemon.tls_key_file go together");
        return -1;
    }
    if (c->tls_client_ca_file[0] && !c->tls_cert_file[0]) {
        cuzk_server_seterr(err, err_len, "daemon.tls_client_ca_file needs daemon.tls_cert_file and daemon.tls_key_file");
        return -1;
    }
    if (!c->spool_dir[0]) {
        cuzk_server_seterr(err, err_len, "daemon.spool_dir is empty");
        return -1;
    }
    if (c->max_message_bytes < 4 * MiB || c->max_message_bytes > 2047 * MiB) {
        cuzk_server_seterr(err, err_len, "daemon.max_message_size must be within 4 MiB .. 2047 MiB");
        return -1;
    }
    if (c->max_jobs == 0 || c->max_calls == 0) {
        cuzk_server_seterr(err, err_len, "daemon.%s must be at least 1", c->max_jobs == 0 ? "max_jobs" : "max_calls");
        return -1;
    }
    if (!one_of(c->log_level, levels, 4)) {
        cuzk_server_seterr(err, err_len, "logging.level '%s': expected error, warn, info or debug", c->log_level);
        return -1;
    }
    if (!one_of(c->log_format, formats, 2)) {
        cuzk_server_seterr(err, err_len, "logging.format '%s': expected text or json", c->log_format);
        return -1;
    }
    if (!one_of(c->backend, backends, 3)) {
        cuzk_server_seterr(err, err_len, "engine.backend '%s': expected auto, cpu or gpu", c->backend);
        return -1;
    }
    return 0;
}

static void print_str(FILE *f, const char *key, const char *v) {
    fprintf(f, "%s = \"", key);
    for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
        if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f) fprintf(f, "\\u%04x", *p);
        else fputc(*p, f);
    }
    fprintf(f, "\"\n");
}

void cuzk_daemon_config_print(const cuzk_daemon_config *c, FILE *f) {
    fprintf(f, "[daemon]\n");
    print_str(f, "listen", c->listen);
    print_str(f, "status_listen", c->status_listen);
    print_str(f, "metrics_listen", c->metrics_listen);
    print_str(f, "spool_dir", c->spool_dir);
    fprintf(f, "allow_remote = %s\n", c->allow_remote ? "true" : "false");
    print_str(f, "auth_token_file", c->auth_token_file);
    print_str(f, "tls_cert_file", c->tls_cert_file);
    print_str(f, "tls_key_file", c->tls_key_file);
    print_str(f, "tls_client_ca_file", c->tls_client_ca_file);
    fprintf(f, "max_message_size = %" PRIu64 "\n", c->max_message_bytes);
    fprintf(f, "max_vanilla_proofs = %u\n", c->max_vanilla_proofs);
    fprintf(f, "max_jobs = %u\nmax_calls = %u\n", c->max_jobs, c->max_calls);
    fprintf(f, "drain_timeout = \"%" PRIu64 "ms\"\n", c->drain_timeout_ms);
    fprintf(f, "result_ttl = \"%" PRIu64 "ms\"\n", c->result_ttl_ms);
    fprintf(f, "result_max_bytes = %" PRIu64 "\n", c->result_max_bytes);
    fprintf(f, "\n[memory]\n");
    if (c->total_budget) fprintf(f, "total_budget = %" PRIu64 "\n", c->total_budget);
    else fprintf(f, "total_budget = \"auto\"\n");
    fprintf(f, "safety_margin = %" PRIu64 "\n", c->safety_margin);
    fprintf(f, "param_budget = %" PRIu64 "\n", c->param_budget);
    fprintf(f, "eviction_min_idle = \"%" PRIu64 "ms\"\n", c->eviction_min_idle_ms);
    fprintf(f, "\n[gpus]\ndevices = [");
    for (size_t i = 0; i < c->n_devices; i++) fprintf(f, "%s%d", i ? ", " : "", c->devices[i]);
    fprintf(f, "]\ngpu_threads = %u\ngpu_workers_per_device = %u\n", c->gpu_threads, c->gpu_workers_per_device);
    fprintf(f, "\n[synthesis]\nthreads = %u\n", c->synthesis_threads);
    fprintf(f, "\n[pipeline]\nmax_parallel_synthesis = %u\nmax_gpu_queue_depth = %u\n", c->max_parallel_synthesis,
            c->max_gpu_queue_depth);
    fprintf(f, "\n[engine]\n");
    print_str(f, "backend", c->backend);
    fprintf(f, "verify_proofs = %s\n", c->verify_proofs ? "true" : "false");
    fprintf(f, "\n[srs]\n");
    print_str(f, "param_cache", c->param_cache);
    fprintf(f, "\n[logging]\n");
    print_str(f, "level", c->log_level);
    print_str(f, "format", c->log_format);
    print_str(f, "file", c->log_file);
}
