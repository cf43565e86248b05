/* cuzk-daemon: the proving engine behind Curio's cuzk.v1.ProvingEngine gRPC
 * API. See docs/daemon.md. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-daemon.h>

#include "cuzk/engine.h"
#include "cuzk/util.h"
#include "server/config.h"
#include "server/http.h"
#include "server/journal.h"
#include "server/log.h"
#include "server/server.h"
#include "server/test_circuit.h"

static volatile sig_atomic_t g_stop, g_hup;
static void on_stop(int sig) {
    (void)sig;
    g_stop = 1;
}
static void on_hup(int sig) {
    (void)sig;
    g_hup = 1;
}

static void usage(FILE *f) {
    fprintf(f,
            "usage: cuzk-daemon --listen ADDR --param-dir DIR --spool DIR [--config F] [--metrics-listen HOST:PORT]\n"
            "                   [options]\n"
            "  --listen ADDR            gRPC: unix:///path or HOST:PORT (default unix:///run/curio/cuzk.sock)\n"
            "  --param-dir DIR          parameter files (.params, .vk) by their official names\n"
            "  --spool DIR              journal of accepted jobs and results (made 0700)\n"
            "  --config F               TOML config (docs/daemon.md); flags override it\n"
            "  -c F, -l ADDR            the upstream daemon's short forms of --config and --listen\n"
            "  --metrics-listen H:P     HTTP /metrics, /status, /healthz\n"
            "  --status-listen H:P      the same (upstream's daemon.status_listen)\n"
            "  --allow-remote           allow listening on addresses other than loopback / unix sockets\n"
            "  --auth-token-file F      require 'authorization: Bearer <first line of F>'\n"
            "  --tls-cert F --tls-key F TLS with this PEM certificate chain and key\n"
            "  --tls-client-ca F        and require client certificates signed by this PEM CA\n"
            "  --backend cpu|gpu|auto   prover back end (default auto)\n"
            "  --log-level L            error | warn | info | debug\n"
            "  --log-file F             log here instead of stderr (reopened on SIGHUP)\n"
            "  --test-circuits          FOR TESTS ONLY: also accept the tiny test proof kinds 100 and 101\n"
            "  --print-config           print the effective config and exit\n"
            "  --check-config           check the config and exit (0: valid)\n"
            "  --version                print the build id and exit\n");
}

typedef struct {
    uint64_t watchdog_usec, last_ping_ns;
} tick_state;

static void tick(void *ctx) {
    tick_state *t = ctx;
    if (g_hup) {
        g_hup = 0;
        if (cuzk_dlog_reopen()) dlog_error("SIGHUP: could not reopen the log file");
        else dlog_info("SIGHUP: log reopened");
    }
    if (t->watchdog_usec) {
        uint64_t now = cuzk_now_ns();
        if ((now - t->last_ping_ns) / 1000u >= t->watchdog_usec / 2) {
            sd_notify(0, "WATCHDOG=1");
            t->last_ping_ns = now;
        }
    }
}

static char *read_token(const char *path, char *err, size_t el) {
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, el, "%s: %s", path, strerror(errno));
        return NULL;
    }
    char line[512];
    char *tok = NULL;
    if (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strlen(line) >= 16) tok = strdup(line);
    }
    fclose(f);
    if (!tok) snprintf(err, el, "%s: the token (its first line) must be at least 16 characters", path);
    return tok;
}

static int set_str(char *dst, size_t cap, const char *flag, const char *v) {
    if (!v) {
        fprintf(stderr, "cuzk-daemon: %s needs a value\n", flag);
        return -1;
    }
    if (strlen(v) >= cap) {
        fprintf(stderr, "cuzk-daemon: %s: value longer than %zu bytes\n", flag, cap - 1);
        return -1;
    }
    snprintf(dst, cap, "%s", v);
    return 0;
}

int main(int argc, char **argv) {
    cuzk_daemon_config cfg;
    cuzk_daemon_config_default(&cfg);
    const char *config_path = NULL;
    bool print_config = false, check_config = false, test_circuits = false;
    /* the config file first, so that flags override it wherever they stand */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--config") == 0 || strcmp(argv[i], "-c") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "cuzk-daemon: --config needs a value\n");
                return 2;
            }
            config_path = argv[++i];
        } else if (strcmp(argv[i], "--version") == 0) {
            printf("%s\n", cuzk_build_id());
            return 0;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
    }
    char err[1024];
    if (config_path && cuzk_daemon_config_load(&cfg, config_path, err, sizeof err, stderr)) {
        fprintf(stderr, "cuzk-daemon: %s\n", err);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int rc = 0;
        bool takes = true;
        if (strcmp(a, "--config") == 0 || strcmp(a, "-c") == 0) rc = 0;
        else if (strcmp(a, "--listen") == 0 || strcmp(a, "-l") == 0) rc = set_str(cfg.listen, sizeof cfg.listen, a, v);
        else if (strcmp(a, "--param-dir") == 0) rc = set_str(cfg.param_cache, sizeof cfg.param_cache, a, v);
        else if (strcmp(a, "--spool") == 0) rc = set_str(cfg.spool_dir, sizeof cfg.spool_dir, a, v);
        else if (strcmp(a, "--metrics-listen") == 0) rc = set_str(cfg.metrics_listen, sizeof cfg.metrics_listen, a, v);
        else if (strcmp(a, "--status-listen") == 0) rc = set_str(cfg.status_listen, sizeof cfg.status_listen, a, v);
        else if (strcmp(a, "--auth-token-file") == 0) rc = set_str(cfg.auth_token_file, sizeof cfg.auth_token_file, a, v);
        else if (strcmp(a, "--tls-cert") == 0) rc = set_str(cfg.tls_cert_file, sizeof cfg.tls_cert_file, a, v);
        else if (strcmp(a, "--tls-key") == 0) rc = set_str(cfg.tls_key_file, sizeof cfg.tls_key_file, a, v);
        else if (strcmp(a, "--tls-client-ca") == 0) rc = set_str(cfg.tls_client_ca_file, sizeof cfg.tls_client_ca_file, a, v);
        else if (strcmp(a, "--backend") == 0) rc = set_str(cfg.backend, sizeof cfg.backend, a, v);
        else if (strcmp(a, "--log-level") == 0) rc = set_str(cfg.log_level, sizeof cfg.log_level, a, v);
        else if (strcmp(a, "--log-file") == 0) rc = set_str(cfg.log_file, sizeof cfg.log_file, a, v);
        else {
            takes = false;
            if (strcmp(a, "--allow-remote") == 0) cfg.allow_remote = true;
            else if (strcmp(a, "--test-circuits") == 0) test_circuits = true;
            else if (strcmp(a, "--print-config") == 0) print_config = true;
            else if (strcmp(a, "--check-config") == 0) check_config = true;
            else {
                fprintf(stderr, "cuzk-daemon: unknown argument '%s'\n", a);
                usage(stderr);
                return 2;
            }
        }
        if (rc) return 2;
        if (takes) i++;
    }
    if (cuzk_daemon_config_check(&cfg, err, sizeof err)) {
        fprintf(stderr, "cuzk-daemon: %s\n", err);
        return 2;
    }
    if (print_config) {
        cuzk_daemon_config_print(&cfg, stdout);
        return 0;
    }
    if (check_config) {
        printf("config ok%s%s\n", config_path ? ": " : "", config_path ? config_path : "");
        return 0;
    }

    if (cuzk_dlog_setup(cfg.log_level, strcmp(cfg.log_format, "json") == 0, cfg.log_file)) {
        fprintf(stderr, "cuzk-daemon: cannot open the log file %s\n", cfg.log_file);
        return 1;
    }
    dlog_info("starting %s", cuzk_build_id());
    bool local;
    cuzk_listen_addr_check(cfg.listen, &local, err, sizeof err);
    if (!local)
        dlog_warn("listening on %s, which is not a unix socket or loopback: anyone who reaches it can submit work%s%s",
                  cfg.listen, cfg.auth_token_file[0] ? "" : " (no auth token set)",
                  cfg.tls_client_ca_file[0] ? "" : cfg.tls_cert_file[0] ? " (TLS without client certificates)" : " (no TLS)");

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = on_hup;
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    char *token = NULL;
    if (cfg.auth_token_file[0] && !(token = read_token(cfg.auth_token_file, err, sizeof err))) {
        dlog_error("%s", err);
        return 1;
    }
    cuzk_journal *journal = NULL;
    if (cuzk_journal_open(&journal, cfg.spool_dir, cfg.result_ttl_ms, cfg.result_max_bytes, cfg.max_message_bytes,
                          err, sizeof err)) {
        dlog_error("%s", err);
        free(token);
        return 1;
    }
    cuzk_engine_config ec;
    cuzk_engine *engine = NULL;
    cuzk_err e = {0};
    if (cuzk_daemon_config_engine(&cfg, &ec, err, sizeof err)) {
        dlog_error("%s", err);
        return 1;
    }
    if (cuzk_engine_create(&engine, &ec, &e)) {
        dlog_error("engine: %s", e.msg);
        return 1;
    }
    if (test_circuits) {
        if (cuzk_server_register_test_circuits(engine, &e)) {
            dlog_error("test circuits: %s", e.msg);
            return 1;
        }
        dlog_warn("--test-circuits: test proof kinds 100 and 101 are accepted (not for production)");
    }
    cuzk_server_opts so = {&cfg, engine, journal, token, test_circuits};
    cuzk_server *srv = NULL;
    if (cuzk_server_start(&srv, &so, err, sizeof err)) {
        dlog_error("%s", err);
        cuzk_engine_destroy(engine);
        cuzk_journal_close(journal);
        free(token);
        return 1;
    }
    cuzk_http *http[2] = {NULL, NULL};
    const char *http_addr[2] = {cfg.metrics_listen, cfg.status_listen};
    for (int i = 0; i < 2; i++) {
        if (!http_addr[i][0] || (i == 1 && strcmp(http_addr[0], http_addr[1]) == 0)) continue;
        if (cuzk_http_start(&http[i], http_addr[i], srv, engine, err, sizeof err)) {
            dlog_error("%s", err);
            g_stop = 1;
        } else {
            dlog_info("http listening on %s (/metrics, /status, /healthz)", http_addr[i]);
        }
    }
    dlog_info("listening on %s build_id=\"%s\" param_dir=%s spool=%s", cfg.listen, cuzk_build_id(), cfg.param_cache,
              cfg.spool_dir);
    tick_state ts = {0, cuzk_now_ns()};
    if (sd_watchdog_enabled(0, &ts.watchdog_usec) <= 0) ts.watchdog_usec = 0;
    sd_notifyf(0, "READY=1\nSTATUS=serving on %s", cfg.listen);

    cuzk_server_run(srv, &g_stop, tick, &ts);

    sd_notify(0, "STOPPING=1");
    for (int i = 0; i < 2; i++) cuzk_http_stop(http[i]);
    cuzk_server_free(srv);
    cuzk_engine_destroy(engine);
    cuzk_journal_close(journal);
    free(token);
    dlog_info("stopped");
    return 0;
}
