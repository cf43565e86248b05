/* The daemon's config reader: every key, types, positions, unknown keys,
 * sizes and durations, listen addresses, print -> load round trip. */
#include <stdio.h>
#include <string.h>

#include "server/config.h"
#include "server/toml_reader.h"
#include "test.h"

static int apply(cuzk_daemon_config *c, const char *doc, char *err, size_t el) {
    return cuzk_daemon_config_apply_toml(c, doc, strlen(doc), "t.toml", err, el, NULL);
}

static void check_all_keys(void) {
    const char *doc =
        "[daemon]\n"
        "listen = \"127.0.0.1:9820\"\n"
        "status_listen = \"127.0.0.1:9821\"\n"
        "metrics_listen = \"[::1]:9822\"\n"
        "spool_dir = \"/var/spool/cz\"\n"
        "allow_remote = true\n"
        "auth_token_file = \"/etc/cuzk/token\"\n"
        "tls_cert_file = \"/etc/cuzk/cert.pem\"\n"
        "tls_key_file = \"/etc/cuzk/key.pem\"\n"
        "tls_client_ca_file = \"/etc/cuzk/ca.pem\"\n"
        "max_message_size = \"128MiB\"\n"
        "max_vanilla_proofs = 100\n"
        "max_jobs = 7\n"
        "max_calls = 9\n"
        "drain_timeout = \"2m\"\n"
        "result_ttl = 90\n"
        "result_max_bytes = \"1GB\"\n"
        "[memory]\n"
        "total_budget = \"256GiB\"\n"
        "safety_margin = \"5GiB\"\n"
        "param_budget = 1048576\n"
        "eviction_min_idle = \"250ms\"\n"
        "[gpus]\n"
        "devices = [0, 2, 3]\n"
        "gpu_threads = 32\n"
        "gpu_workers_per_device = 2\n"
        "[synthesis]\nthreads = 12\n"
        "[pipeline]\nmax_parallel_synthesis = 18\nmax_gpu_queue_depth = 8\n"
        "[engine]\nbackend = \"cpu\"\nverify_proofs = true\n"
        "[srs]\nparam_cache = \"/data/zk/params\"\n"
        "[logging]\nlevel = \"debug\"\nformat = \"json\"\nfile = \"/var/log/cuzk.log\"\n";
    cuzk_daemon_config c;
    cuzk_daemon_config_default(&c);
    char err[512] = "";
    CHECK_MSG(apply(&c, doc, err, sizeof err) == 0, "%s", err);
    CHECK(strcmp(c.listen, "127.0.0.1:9820") == 0);
    CHECK(strcmp(c.metrics_listen, "[::1]:9822") == 0);
    CHECK(c.allow_remote);
    CHECK(strcmp(c.tls_cert_file, "/etc/cuzk/cert.pem") == 0 && strcmp(c.tls_key_file, "/etc/cuzk/key.pem") == 0 &&
          strcmp(c.tls_client_ca_file, "/etc/cuzk/ca.pem") == 0);
    CHECK(c.max_message_bytes == 128ull << 20);
    CHECK(c.max_vanilla_proofs == 100 && c.max_jobs == 7 && c.max_calls == 9);
    CHECK(c.drain_timeout_ms == 120000);
    CHECK(c.result_ttl_ms == 90000);
    CHECK(c.result_max_bytes == 1000000000ull);
    CHECK(c.total_budget == 256ull << 30);
    CHECK(c.safety_margin == 5ull << 30);
    CHECK(c.param_budget == 1048576);
    CHECK(c.eviction_min_idle_ms == 250);
    CHECK(c.n_devices == 3 && c.devices[0] == 0 && c.devices[1] == 2 && c.devices[2] == 3);
    CHECK(c.gpu_threads == 32 && c.gpu_workers_per_device == 2);
    CHECK(c.synthesis_threads == 12 && c.max_parallel_synthesis == 18 && c.max_gpu_queue_depth == 8);
    CHECK(strcmp(c.backend, "cpu") == 0 && c.verify_proofs);
    CHECK(strcmp(c.param_cache, "/data/zk/params") == 0);
    CHECK(strcmp(c.log_level, "debug") == 0 && strcmp(c.log_format, "json") == 0);
    CHECK(cuzk_daemon_config_check(&c, err, sizeof err) == 0);

    /* print -> apply gives the same config */
    char *text = NULL;
    size_t tl = 0;
    FILE *f = open_memstream(&text, &tl);
    cuzk_daemon_config_print(&c, f);
    fclose(f);
    cuzk_daemon_config d;
    cuzk_daemon_config_default(&d);
    CHECK_MSG(cuzk_daemon_config_apply_toml(&d, text, tl, "printed", err, sizeof err, NULL) == 0, "%s", err);
    CHECK(memcmp(&c, &d, sizeof c) == 0);
    free(text);
}

static void check_errors(void) {
    struct {
        const char *doc, *want;
    } cases[] = {
        {"[daemon]\nlisten = 5\n", "t.toml:2:10: daemon.listen: expected a string, found integer"},
        {"[daemon]\nlistn = \"x\"\n", "unknown key 'daemon.listn'"},
        {"[deamon]\nlisten = \"x\"\n", "unknown table 'deamon'"},
        {"[gpus]\ndevices = [0, \"1\"]\n", "gpus.devices[1]: expected an integer, found string"},
        {"[gpus]\ndevices = [-1]\n", "GPU ordinal -1 out of range"},
        {"[gpus]\ngpu_threads = -3\n", "gpus.gpu_threads: -3 is out of range"},
        {"[gpus]\ngpu_threads = 4294967296\n", "out of range"},
        {"[memory]\ntotal_budget = \"12 parsecs\"\n", "memory.total_budget: '12 parsecs' is not a size"},
        {"[memory]\neviction_min_idle = \"5 fortnights\"\n", "is not a duration"},
        {"[memory]\ntotal_budget = true\n", "expected a string or an integer, found boolean"},
        {"[daemon]\nallow_remote = \"yes\"\n", "daemon.allow_remote: expected a boolean, found string"},
        {"[daemon]\nlisten = \"x\n", "t.toml:2:"},
        {"[daemon]\nlisten = \"a\"\nlisten = \"b\"\n", "t.toml:3:"},
        {"top = 1\n", "unknown key 'top'"},
        {"[daemon.sub]\nx = 1\n", "unknown table 'daemon.sub'"},
        {"[\"da.emon\"]\n", "unknown table '\"da.emon\"'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cuzk_daemon_config c;
        cuzk_daemon_config_default(&c);
        char err[512] = "";
        int rc = apply(&c, cases[i].doc, err, sizeof err);
        CHECK_MSG(rc != 0 && strstr(err, cases[i].want), "case %zu: rc %d, '%s' lacks '%s'", i, rc, err,
                  cases[i].want);
    }
    /* compatibility keys: accepted, with a warning naming them */
    cuzk_daemon_config c;
    cuzk_daemon_config_default(&c);
    char err[512] = "", *w = NULL;
    size_t wl = 0;
    FILE *wf = open_memstream(&w, &wl);
    const char *doc = "[scheduler]\nmax_batch_size = 1\nsort_by_type = true\n[srs]\npreload = [\"porep-32g\"]\n";
    CHECK(cuzk_daemon_config_apply_toml(&c, doc, strlen(doc), "t.toml", err, sizeof err, wf) == 0);
    fclose(wf);
    CHECK(w && strstr(w, "scheduler.max_batch_size") && strstr(w, "srs.preload") && strstr(w, "deprecated"));
    free(w);
}

static void check_parsers(void) {
    uint64_t v;
    CHECK(cuzk_parse_size("5GiB", &v) == 0 && v == 5ull << 30);
    CHECK(cuzk_parse_size("64GB", &v) == 0 && v == 64000000000ull);
    CHECK(cuzk_parse_size("512 MiB", &v) == 0 && v == 512ull << 20);
    CHECK(cuzk_parse_size("12345", &v) == 0 && v == 12345);
    CHECK(cuzk_parse_size("-1", &v) != 0);
    CHECK(cuzk_parse_size("GiB", &v) != 0);
    CHECK(cuzk_parse_size("99999999999TiB", &v) != 0); /* overflow */
    CHECK(cuzk_parse_size("18446744073709551616", &v) != 0);
    CHECK(cuzk_parse_duration_ms("5m", &v) == 0 && v == 300000);
    CHECK(cuzk_parse_duration_ms("30s", &v) == 0 && v == 30000);
    CHECK(cuzk_parse_duration_ms("250ms", &v) == 0 && v == 250);
    CHECK(cuzk_parse_duration_ms("10", &v) == 0 && v == 10000);
    CHECK(cuzk_parse_duration_ms("1h", &v) == 0 && v == 3600000);
    CHECK(cuzk_parse_duration_ms("5x", &v) != 0);

    bool local;
    char err[256];
    CHECK(cuzk_listen_addr_check("unix:///run/curio/cuzk.sock", &local, err, sizeof err) == 0 && local);
    CHECK(cuzk_listen_addr_check("127.0.0.1:9820", &local, err, sizeof err) == 0 && local);
    CHECK(cuzk_listen_addr_check("localhost:9820", &local, err, sizeof err) == 0 && local);
    CHECK(cuzk_listen_addr_check("[::1]:9820", &local, err, sizeof err) == 0 && local);
    CHECK(cuzk_listen_addr_check("0.0.0.0:9820", &local, err, sizeof err) == 0 && !local);
    CHECK(cuzk_listen_addr_check("10.1.2.3:9820", &local, err, sizeof err) == 0 && !local);
    CHECK(cuzk_listen_addr_check("127.0.0.1:99999", &local, err, sizeof err) != 0);
    CHECK(cuzk_listen_addr_check("unix:relative.sock", &local, err, sizeof err) != 0);
    CHECK(cuzk_listen_addr_check("nohostport", &local, err, sizeof err) != 0);

    cuzk_daemon_config c;
    cuzk_daemon_config_default(&c);
    CHECK(cuzk_daemon_config_check(&c, err, sizeof err) == 0); /* the default is a unix socket */
    snprintf(c.listen, sizeof c.listen, "0.0.0.0:9820");
    CHECK(cuzk_daemon_config_check(&c, err, sizeof err) != 0 && strstr(err, "allow_remote"));
    c.allow_remote = true;
    CHECK(cuzk_daemon_config_check(&c, err, sizeof err) == 0);
    snprintf(c.tls_cert_file, sizeof c.tls_cert_file, "/c.pem");
    CHECK(cuzk_daemon_config_check(&c, err, sizeof err) != 0 && strstr(err, "go together"));
    snprintf(c.tls_key_file, sizeof c.tls_key_file, "/k.pem");
    CHECK(cuzk_daemon_config_check(&c, err, sizeof err) == 0);
    c.tls_cert_file[0] = c.tls_key_file[0] = '\0';
    snprintf(c.tls_client_ca_file, sizeof c.tls_client_ca_file, "/ca.pem");
    CHECK(cuzk_daemon_config_check(&c, err, sizeof err) != 0 && strstr(err, "tls_client_ca_file needs"));
    c.tls_client_ca_file[0] = '\0';
    snprintf(c.log_level, sizeof c.log_level, "loud");
    CHECK(cuzk_daemon_config_check(&c, err, sizeof err) != 0 && strstr(err, "logging.level"));
}

static void check_reader_limits(void) {
    /* deep nesting is refused with a position, never a crash */
    char doc[2048];
    size_t n = 0;
    n += (size_t)snprintf(doc + n, sizeof doc - n, "a = ");
    for (int i = 0; i < 300; i++) doc[n++] = '[';
    for (int i = 0; i < 300; i++) doc[n++] = ']';
    doc[n] = '\0';
    cuzk_toml_doc *d = NULL;
    char err[256] = "";
    CHECK(cuzk_toml_parse(doc, n, "deep", &d, err, sizeof err) != 0 && strncmp(err, "deep:", 5) == 0);
    cuzk_toml_free(d);
    /* an embedded NUL is an error, not a truncation */
    const char nul[] = "a = 1\0b = 2\n";
    CHECK(cuzk_toml_parse(nul, sizeof nul - 1, "nul", &d, err, sizeof err) != 0);
}

int main(void) {
    check_all_keys();
    check_errors();
    check_parsers();
    check_reader_limits();
    return test_finish("config_unit");
}
