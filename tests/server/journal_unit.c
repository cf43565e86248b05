/* The spool journal (src/server/journal.c) and the request wire checks
 * (cuzk_server_scan_submit): round trips, damaged entries set aside,
 * pruning by age and size, owner-only folders, bounds. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "server/journal.h"
#include "server/server.h"
#include "test.h"

static char g_dir[512];

static size_t count_files(const char *sub) {
    char p[700];
    snprintf(p, sizeof p, "%s/%s", g_dir, sub);
    DIR *d = opendir(p);
    size_t n = 0;
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL)
        if (de->d_name[0] != '.') n++;
    if (d) closedir(d);
    return n;
}

typedef struct {
    int n;
    char ids[8][CUZK_JOB_ID_MAX];
    int prio[8];
    size_t len[8];
    uint8_t first[8];
} visit;

static void on_job(void *ctx, const char *id, int priority, const uint8_t *req, size_t len) {
    visit *v = ctx;
    if (v->n < 8) {
        snprintf(v->ids[v->n], CUZK_JOB_ID_MAX, "%s", id);
        v->prio[v->n] = priority;
        v->len[v->n] = len;
        v->first[v->n] = len ? req[0] : 0;
    }
    v->n++;
}

static void check_journal(void) {
    snprintf(g_dir, sizeof g_dir, "%s/journal_unit_%d", CUZK_TEST_DIR, (int)getpid());
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    CHECK(system(cmd) == 0);
    cuzk_journal *j = NULL;
    char err[256];
    CHECK(cuzk_journal_open(&j, g_dir, 3600000, 1000, 1 << 20, err, sizeof err) == 0);
    if (!j) return;
    struct stat st;
    CHECK(stat(g_dir, &st) == 0 && (st.st_mode & 0777) == 0700);

    /* two jobs, one with an id that is no file name */
    uint8_t req1[100], req2[3] = {7, 8, 9};
    memset(req1, 0x42, sizeof req1);
    bool existed = true;
    CHECK(cuzk_journal_add(j, "porep-1000-7", 2, req1, sizeof req1, &existed, err, sizeof err) == 0 && !existed);
    CHECK(cuzk_journal_add(j, "../../etc/passwd [1 2 3]", 4, req2, sizeof req2, &existed, err, sizeof err) == 0);
    CHECK(cuzk_journal_add(j, "porep-1000-7", 2, req1, sizeof req1, &existed, err, sizeof err) == 0 && existed);
    CHECK(count_files("jobs") == 2);
    visit v = {0};
    size_t ok = 0, bad = 0;
    CHECK(cuzk_journal_replay(j, on_job, &v, &ok, &bad) == 0 && ok == 2 && bad == 0 && v.n == 2);
    int a = strcmp(v.ids[0], "porep-1000-7") == 0 ? 0 : 1, b = 1 - a;
    CHECK(strcmp(v.ids[a], "porep-1000-7") == 0 && v.prio[a] == 2 && v.len[a] == 100 && v.first[a] == 0x42);
    CHECK(strcmp(v.ids[b], "../../etc/passwd [1 2 3]") == 0 && v.prio[b] == 4 && v.len[b] == 3 && v.first[b] == 7);

    /* a finished job: its result comes back, its job entry is gone */
    cuzk_job_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.job_id, sizeof r.job_id, "porep-1000-7");
    r.state = CUZK_JOB_COMPLETED;
    uint8_t proof[192];
    for (int i = 0; i < 192; i++) proof[i] = (uint8_t)i;
    r.proof = proof;
    r.proof_len = sizeof proof;
    r.total_ms = 12345;
    r.synthesis_ms = 77;
    CHECK(cuzk_journal_finish(j, &r, err, sizeof err) == 0);
    CHECK(count_files("jobs") == 1 && count_files("results") == 1);
    cuzk_job_result back;
    CHECK(cuzk_journal_result(j, "porep-1000-7", &back) == 0);
    CHECK(back.state == CUZK_JOB_COMPLETED && back.proof_len == 192 && back.proof &&
          memcmp(back.proof, proof, 192) == 0 && back.total_ms == 12345 && back.synthesis_ms == 77);
    free(back.proof);
    CHECK(cuzk_journal_result(j, "porep-1000-8", &back) == 1);
    /* a failed one keeps its reason */
    memset(&r, 0, sizeof r);
    snprintf(r.job_id, sizeof r.job_id, "../../etc/passwd [1 2 3]");
    r.state = CUZK_JOB_FAILED;
    snprintf(r.error, sizeof r.error, "partition 0: witness: bad");
    CHECK(cuzk_journal_finish(j, &r, err, sizeof err) == 0);
    CHECK(cuzk_journal_result(j, "../../etc/passwd [1 2 3]", &back) == 0 && back.state == CUZK_JOB_FAILED &&
          strcmp(back.error, "partition 0: witness: bad") == 0 && back.proof == NULL);

    /* damaged entries: truncated, a flipped byte, a foreign file; all set aside */
    CHECK(cuzk_journal_add(j, "a", 1, req1, sizeof req1, &existed, err, sizeof err) == 0);
    CHECK(cuzk_journal_add(j, "b", 1, req1, sizeof req1, &existed, err, sizeof err) == 0);
    CHECK(cuzk_journal_add(j, "c", 1, req1, sizeof req1, &existed, err, sizeof err) == 0);
    char p[800];
    DIR *d = NULL;
    snprintf(p, sizeof p, "%s/jobs", g_dir);
    d = opendir(p);
    struct dirent *de;
    int k = 0;
    while (d && (de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.') continue;
        char f[1100];
        snprintf(f, sizeof f, "%s/%s", p, de->d_name);
        if (k == 0) CHECK(truncate(f, 50) == 0);
        if (k == 1) {
            FILE *fp = fopen(f, "r+b");
            if (fp) {
                fseek(fp, 30, SEEK_SET);
                fputc(0xff, fp);
                fclose(fp);
            }
        }
        k++;
    }
    if (d) closedir(d);
    snprintf(p, sizeof p, "%s/jobs/notes.txt", g_dir);
    FILE *fp = fopen(p, "w");
    if (fp) {
        fputs("hello", fp);
        fclose(fp);
    }
    memset(&v, 0, sizeof v);
    CHECK(cuzk_journal_replay(j, on_job, &v, &ok, &bad) == 0 && ok == 1 && bad == 3 && v.n == 1);
    CHECK(count_files("corrupt") == 3 && count_files("jobs") == 1);
    cuzk_journal_stats js;
    cuzk_journal_get_stats(j, &js);
    CHECK(js.corrupt == 3);

    /* pruning: over the byte bound the oldest go first */
    CHECK(count_files("results") == 2);
    snprintf(p, sizeof p, "%s/results", g_dir);
    d = opendir(p);
    while (d && (de = readdir(d)) != NULL) { /* make the 192-byte proof's result the older */
        if (de->d_name[0] == '.') continue;
        char f[1100];
        snprintf(f, sizeof f, "%s/%s", p, de->d_name);
        struct stat fs;
        if (stat(f, &fs) == 0 && fs.st_size > 250) {
            struct timeval tv[2] = {{fs.st_mtime - 100, 0}, {fs.st_mtime - 100, 0}};
            CHECK(utimes(f, tv) == 0);
        }
    }
    if (d) closedir(d);
    CHECK(cuzk_journal_prune(j) == 0);            /* 2 results, within 1000 bytes */
    cuzk_journal_close(j);
    CHECK(cuzk_journal_open(&j, g_dir, 3600000, 200, 1 << 20, err, sizeof err) == 0);
    if (!j) return;
    CHECK(cuzk_journal_prune(j) == 1);            /* over 200 bytes: the older one goes */
    CHECK(cuzk_journal_result(j, "porep-1000-7", &back) == 1);
    CHECK(cuzk_journal_result(j, "../../etc/passwd [1 2 3]", &back) == 0);
    cuzk_journal_close(j);
    CHECK(cuzk_journal_open(&j, g_dir, 1, 1 << 20, 1 << 20, err, sizeof err) == 0);
    if (!j) return;
    sleep(1);
    CHECK(cuzk_journal_prune(j) == 1);            /* older than the 1 ms TTL */
    CHECK(count_files("results") == 0);
    /* an entry larger than the bound is not read into memory */
    uint8_t *big = calloc(1, 3 << 20);
    if (big) {
        CHECK(cuzk_journal_add(j, "big", 1, big, 3 << 20, &existed, err, sizeof err) == 0);
        memset(&v, 0, sizeof v);
        CHECK(cuzk_journal_replay(j, on_job, &v, &ok, &bad) == 0 && bad == 1);
        free(big);
    }
    cuzk_journal_close(j);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    CHECK(system(cmd) == 0);
}

static void check_scan(void) {
    char why[256];
    /* a valid request: kind 1, vanilla_proof, two vanilla_proofs, randomness of 32 */
    uint8_t ok[64] = {0x10, 0x01, 0x52, 0x02, 'a', 'b', 0x5a, 0x01, 'x', 0x5a, 0x00, 0xb2, 0x01, 0x20};
    size_t n = 14 + 32;
    CHECK(cuzk_server_scan_submit(ok, n, 10, why, sizeof why) == 0);
    CHECK(cuzk_server_scan_submit(ok, n, 1, why, sizeof why) != 0 && strstr(why, "vanilla_proofs: more than 1"));
    CHECK(cuzk_server_scan_submit(ok, n - 1, 10, why, sizeof why) != 0 && strstr(why, "runs past the end"));
    uint8_t kind_bytes[] = {0x12, 0x01, 0x00};
    CHECK(cuzk_server_scan_submit(kind_bytes, 3, 10, why, sizeof why) != 0 && strstr(why, "proof_kind: wire type 2"));
    uint8_t group[] = {0x0b};
    CHECK(cuzk_server_scan_submit(group, 1, 10, why, sizeof why) != 0 && strstr(why, "wire type 3"));
    uint8_t rnd33[40] = {0xb2, 0x01, 33};
    CHECK(cuzk_server_scan_submit(rnd33, 3 + 33, 10, why, sizeof why) != 0 && strstr(why, "randomness: 33 bytes"));
    uint8_t longid[140] = {0x0a, 0x80, 0x01};
    CHECK(cuzk_server_scan_submit(longid, 3 + 128, 10, why, sizeof why) != 0 && strstr(why, "request_id: 128 bytes"));
    uint8_t varint11[] = {0x18, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    CHECK(cuzk_server_scan_submit(varint11, sizeof varint11, 10, why, sizeof why) != 0);
    uint8_t huge_len[] = {0x52, 0xff, 0xff, 0xff, 0xff, 0x0f};
    CHECK(cuzk_server_scan_submit(huge_len, sizeof huge_len, 10, why, sizeof why) != 0);
    CHECK(cuzk_server_scan_submit(NULL, 0, 10, why, sizeof why) == 0); /* the empty message */
}

int main(void) {
    check_journal();
    check_scan();
    return test_finish("journal_unit");
}
