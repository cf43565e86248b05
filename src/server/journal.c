/* The spool journal (journal.h). */
#include "server/journal.h"
#include "server/config.h"
#include "server/bytebuf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server/log.h"

#define JOB_MAGIC "CUZKJOB1"
#define RES_MAGIC "CUZKRES1"
#define SHA_LEN 32

struct cuzk_journal {
    char dir[512];
    uint64_t ttl_ms, max_bytes, max_entry;
    pthread_mutex_t mu;
    atomic_ullong jobs_written, results_written, corrupt, pruned, result_files, result_bytes;
};


static int sha256(const void *p, size_t n, uint8_t out[SHA_LEN]) {
    unsigned int len = 0;
    return EVP_Digest(p, n, out, &len, EVP_sha256(), NULL) == 1 && len == SHA_LEN ? 0 : -1;
}

/* ---- byte buffer ------------------------------------------------------------- */
typedef cuzk_bytebuf buf;
static void put_u32(buf *b, uint32_t v) {
    uint8_t x[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    cuzk_bytebuf_put(b, x, 4);
}
static void put_u64(buf *b, uint64_t v) {
    put_u32(b, (uint32_t)v);
    put_u32(b, (uint32_t)(v >> 32));
}

typedef struct {
    const uint8_t *p;
    size_t n, off;
    bool bad;
} rd;
static const uint8_t *take(rd *r, size_t n) {
    if (r->bad || n > r->n - r->off) {
        r->bad = true;
        return NULL;
    }
    const uint8_t *q = r->p + r->off;
    r->off += n;
    return q;
}
static uint32_t get_u32(rd *r) {
    const uint8_t *q = take(r, 4);
    return q ? (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24 : 0;
}
static uint64_t get_u64(rd *r) {
    uint64_t lo = get_u32(r);
    return lo | (uint64_t)get_u32(r) << 32;
}

/* ---- files --------------------------------------------------------------------- */
static void name_of(const char *job_id, char hex[65]) {
    uint8_t h[SHA_LEN];
    if (sha256(job_id, strlen(job_id), h)) memset(h, 0, sizeof h);
    for (int i = 0; i < SHA_LEN; i++) snprintf(hex + 2 * i, 3, "%02x", h[i]);
}

static int fsync_dir(const char *dir) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0) return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

/* Writes data + its SHA-256 to dir/name through a temporary file. */
static int write_entry(const char *dir, const char *name, buf *b, char *err, size_t el) {
    uint8_t h[SHA_LEN];
    if (b->oom || sha256(b->p, b->n, h)) {
        cuzk_server_seterr(err, el, "spool: out of memory");
        return -1;
    }
    cuzk_bytebuf_put(b, h, SHA_LEN);
    if (b->oom) {
        cuzk_server_seterr(err, el, "spool: out of memory");
        return -1;
    }
    char tmp[1024], dst[1024];
    snprintf(tmp, sizeof tmp, "%s/.%s.tmp", dir, name);
    snprintf(dst, sizeof dst, "%s/%s", dir, name);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        cuzk_server_seterr(err, el, "spool: %s: %s", tmp, strerror(errno));
        return -1;
    }
    size_t off = 0;
    while (off < b->n) {
        ssize_t w = write(fd, b->p + off, b->n - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            cuzk_server_seterr(err, el, "spool: writing %s: %s", tmp, strerror(errno));
            close(fd);
            unlink(tmp);
            return -1;
        }
        off += (size_t)w;
    }
    if (fsync(fd) || close(fd)) {
        cuzk_server_seterr(err, el, "spool: fsync %s: %s", tmp, strerror(errno));
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, dst) || fsync_dir(dir)) {
        cuzk_server_seterr(err, el, "spool: rename to %s: %s", dst, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* Reads a whole entry (bounded) and checks its SHA-256; *len excludes it.
 * 1: absent; -1: unreadable, too large or damaged (reason in why). */
static int read_entry(const char *path, uint64_t max, uint8_t **out, size_t *len, char *why, size_t wl) {
    *out = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return 1;
        cuzk_server_seterr(why, wl, "%s", strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        cuzk_server_seterr(why, wl, "not a regular file");
        return -1;
    }
    if ((uint64_t)st.st_size > max || st.st_size < (off_t)(8 + SHA_LEN)) {
        close(fd);
        cuzk_server_seterr(why, wl, "size %lld outside 40..%llu bytes", (long long)st.st_size, (unsigned long long)max);
        return -1;
    }
    size_t n = (size_t)st.st_size;
    uint8_t *p = malloc(n);
    if (!p) {
        close(fd);
        cuzk_server_seterr(why, wl, "out of memory");
        return -1;
    }
    size_t off = 0;
    while (off < n) {
        ssize_t r = read(fd, p + off, n - off);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        off += (size_t)r;
    }
    close(fd);
    uint8_t h[SHA_LEN];
    if (off != n) {
        free(p);
        cuzk_server_seterr(why, wl, "short read");
        return -1;
    }
    if (sha256(p, n - SHA_LEN, h) || memcmp(h, p + n - SHA_LEN, SHA_LEN) != 0) {
        free(p);
        cuzk_server_seterr(why, wl, "checksum mismatch (truncated or damaged)");
        return -1;
    }
    *out = p;
    *len = n - SHA_LEN;
    return 0;
}

static int mkdir_0700(const char *path, char *err, size_t el) {
    if (mkdir(path, 0700) && errno != EEXIST) {
        cuzk_server_seterr(err, el, "spool: mkdir %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
        cuzk_server_seterr(err, el, "spool: %s is not a directory", path);
        return -1;
    }
    if ((st.st_mode & 077) && chmod(path, 0700)) {
        cuzk_server_seterr(err, el, "spool: chmod 0700 %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int cuzk_journal_open(cuzk_journal **out, const char *dir, uint64_t result_ttl_ms, uint64_t result_max_bytes,
                      uint64_t max_entry_bytes, char *err, size_t err_len) {
    *out = NULL;
    if (!dir || !*dir || strlen(dir) > 400) {
        cuzk_server_seterr(err, err_len, "spool: directory name empty or longer than 400 bytes");
        return -1;
    }
    cuzk_journal *j = calloc(1, sizeof *j);
    if (!j) {
        cuzk_server_seterr(err, err_len, "spool: out of memory");
        return -1;
    }
    snprintf(j->dir, sizeof j->dir, "%s", dir);
    j->ttl_ms = result_ttl_ms;
    j->max_bytes = result_max_bytes;
    j->max_entry = max_entry_bytes + 4096 + SHA_LEN;
    pthread_mutex_init(&j->mu, NULL);
    char p[1024];
    const char *subs[] = {"", "/jobs", "/results", "/corrupt"};
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s%s", dir, subs[i]);
        if (mkdir_0700(p, err, err_len)) {
            cuzk_journal_close(j);
            return -1;
        }
    }
    *out = j;
    return 0;
}

void cuzk_journal_close(cuzk_journal *j) {
    if (!j) return;
    pthread_mutex_destroy(&j->mu);
    free(j);
}

int cuzk_journal_add(cuzk_journal *j, const char *job_id, int priority, const uint8_t *req, size_t req_len,
                     bool *existed, char *err, size_t err_len) {
    char h[65], name[80], dir[1024], path[2048];
    name_of(job_id, h);
    snprintf(name, sizeof name, "%s.job", h);
    snprintf(dir, sizeof dir, "%s/jobs", j->dir);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    *existed = false;
    pthread_mutex_lock(&j->mu);
    if (access(path, F_OK) == 0) {
        *existed = true;
        pthread_mutex_unlock(&j->mu);
        return 0;
    }
    buf b = {0};
    size_t idl = strlen(job_id);
    cuzk_bytebuf_put(&b, JOB_MAGIC, 8);
    put_u32(&b, (uint32_t)idl);
    cuzk_bytebuf_put(&b, job_id, idl);
    put_u32(&b, (uint32_t)priority);
    put_u64(&b, req_len);
    cuzk_bytebuf_put(&b, req, req_len);
    int rc = write_entry(dir, name, &b, err, err_len);
    pthread_mutex_unlock(&j->mu);
    free(b.p);
    if (rc == 0) atomic_fetch_add(&j->jobs_written, 1);
    return rc;
}

void cuzk_journal_drop(cuzk_journal *j, const char *job_id) {
    char h[65], path[2048];
    name_of(job_id, h);
    snprintf(path, sizeof path, "%s/jobs/%s.job", j->dir, h);
    pthread_mutex_lock(&j->mu);
    unlink(path);
    pthread_mutex_unlock(&j->mu);
}

int cuzk_journal_finish(cuzk_journal *j, const cuzk_job_result *r, char *err, size_t err_len) {
    char h[65], name[80], dir[1024];
    name_of(r->job_id, h);
    snprintf(name, sizeof name, "%s.res", h);
    snprintf(dir, sizeof dir, "%s/results", j->dir);
    buf b = {0};
    size_t idl = strnlen(r->job_id, CUZK_JOB_ID_MAX - 1), el = strnlen(r->error, sizeof r->error - 1);
    cuzk_bytebuf_put(&b, RES_MAGIC, 8);
    put_u32(&b, (uint32_t)idl);
    cuzk_bytebuf_put(&b, r->job_id, idl);
    put_u32(&b, (uint32_t)r->state);
    put_u32(&b, (uint32_t)r->err_code);
    put_u32(&b, (uint32_t)el);
    cuzk_bytebuf_put(&b, r->error, el);
    uint64_t t[5] = {r->queue_wait_ms, r->srs_load_ms, r->synthesis_ms, r->gpu_compute_ms, r->total_ms};
    for (int i = 0; i < 5; i++) put_u64(&b, t[i]);
    put_u64(&b, r->proof ? r->proof_len : 0);
    if (r->proof) cuzk_bytebuf_put(&b, r->proof, r->proof_len);
    pthread_mutex_lock(&j->mu);
    int rc = write_entry(dir, name, &b, err, err_len);
    if (rc == 0) {
        char path[2048];
        snprintf(path, sizeof path, "%s/jobs/%s.job", j->dir, h);
        unlink(path);
        atomic_fetch_add(&j->results_written, 1);
    }
    pthread_mutex_unlock(&j->mu);
    free(b.p);
    return rc;
}

int cuzk_journal_result(cuzk_journal *j, const char *job_id, cuzk_job_result *out) {
    char h[65], path[2048], why[128];
    name_of(job_id, h);
    snprintf(path, sizeof path, "%s/results/%s.res", j->dir, h);
    memset(out, 0, sizeof *out);
    uint8_t *p;
    size_t n;
    pthread_mutex_lock(&j->mu);
    int rc = read_entry(path, j->max_entry, &p, &n, why, sizeof why);
    pthread_mutex_unlock(&j->mu);
    if (rc) {
        if (rc < 0) dlog_warn("spool: result %s for job '%s' unreadable: %s", path, job_id, why);
        return 1;
    }
    rd r = {p, n, 0, false};
    const uint8_t *m = take(&r, 8);
    uint32_t idl = get_u32(&r);
    const uint8_t *id = idl < CUZK_JOB_ID_MAX ? take(&r, idl) : NULL;
    int ok = m && memcmp(m, RES_MAGIC, 8) == 0 && id && memcmp(id, job_id, idl) == 0 && strlen(job_id) == idl;
    if (ok) {
        memcpy(out->job_id, id, idl);
        out->state = (int)get_u32(&r);
        out->err_code = (int)get_u32(&r);
        uint32_t el = get_u32(&r);
        const uint8_t *e = el < sizeof out->error ? take(&r, el) : NULL;
        if (e) memcpy(out->error, e, el);
        else ok = 0;
        uint64_t *t[5] = {&out->queue_wait_ms, &out->srs_load_ms, &out->synthesis_ms, &out->gpu_compute_ms,
                          &out->total_ms};
        for (int i = 0; i < 5; i++) *t[i] = get_u64(&r);
        uint64_t pl = get_u64(&r);
        const uint8_t *pp = pl <= n ? take(&r, (size_t)pl) : NULL;
        if (ok && pp && pl) {
            out->proof = malloc((size_t)pl);
            if (out->proof) {
                memcpy(out->proof, pp, (size_t)pl);
                out->proof_len = (size_t)pl;
            } else {
                ok = 0;
            }
        }
        if (r.bad || (pl && !pp)) ok = 0;
    }
    free(p);
    if (!ok) {
        free(out->proof);
        memset(out, 0, sizeof *out);
        dlog_warn("spool: result %s for job '%s' is malformed; ignored", path, job_id);
        return 1;
    }
    return 0;
}

static void set_aside(cuzk_journal *j, const char *sub, const char *name, const char *why) {
    char from[2048], to[2300];
    snprintf(from, sizeof from, "%s/%s/%s", j->dir, sub, name);
    snprintf(to, sizeof to, "%s/corrupt/%s.%lld", j->dir, name, (long long)time(NULL));
    if (rename(from, to)) unlink(from);
    atomic_fetch_add(&j->corrupt, 1);
    dlog_error("spool: %s/%s is damaged (%s); moved to %s", sub, name, why, to);
}

int cuzk_journal_replay(cuzk_journal *j, cuzk_journal_visit_fn fn, void *ctx, size_t *n_ok, size_t *n_corrupt) {
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/jobs", j->dir);
    *n_ok = *n_corrupt = 0;
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const char *nm = de->d_name;
        size_t nl = strlen(nm);
        if (nm[0] == '.') {
            /* a temporary file left by a crash mid-write: never acknowledged */
            if (nl > 4 && strcmp(nm + nl - 4, ".tmp") == 0) {
                char p[2048];
                snprintf(p, sizeof p, "%s/%s", dir, nm);
                unlink(p);
            }
            continue;
        }
        if (nl != 68 || strcmp(nm + 64, ".job") != 0) {
            set_aside(j, "jobs", nm, "unexpected file name");
            (*n_corrupt)++;
            continue;
        }
        char path[2048], why[160];
        snprintf(path, sizeof path, "%s/%s", dir, nm);
        uint8_t *p;
        size_t n;
        int rc = read_entry(path, j->max_entry, &p, &n, why, sizeof why);
        if (rc == 1) continue;
        if (rc < 0) {
            set_aside(j, "jobs", nm, why);
            (*n_corrupt)++;
            continue;
        }
        rd r = {p, n, 0, false};
        const uint8_t *m = take(&r, 8);
        uint32_t idl = get_u32(&r);
        const uint8_t *id = (idl > 0 && idl < CUZK_JOB_ID_MAX) ? take(&r, idl) : NULL;
        uint32_t prio = get_u32(&r);
        uint64_t rl = get_u64(&r);
        const uint8_t *req = rl <= n ? take(&r, (size_t)rl) : NULL;
        char jid[CUZK_JOB_ID_MAX] = {0};
        char h[65];
        if (id) {
            memcpy(jid, id, idl);
            name_of(jid, h);
        }
        if (!m || memcmp(m, JOB_MAGIC, 8) != 0 || !id || !req || r.bad || r.off != n || prio > 4 ||
            memchr(jid, '\0', idl) || strncmp(h, nm, 64) != 0) {
            free(p);
            set_aside(j, "jobs", nm, "malformed header");
            (*n_corrupt)++;
            continue;
        }
        fn(ctx, jid, (int)prio, req, (size_t)rl);
        free(p);
        (*n_ok)++;
    }
    closedir(d);
    return 0;
}

typedef struct {
    char name[72];
    time_t mtime;
    uint64_t size;
} res_file;

static int by_age(const void *a, const void *b) {
    const res_file *x = a, *y = b;
    return (x->mtime > y->mtime) - (x->mtime < y->mtime);
}

size_t cuzk_journal_prune(cuzk_journal *j) {
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/results", j->dir);
    DIR *d = opendir(dir);
    if (!d) return 0;
    res_file *v = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.' || strlen(de->d_name) >= sizeof v->name) continue;
        char p[2048];
        struct stat st;
        snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
        if (stat(p, &st) || !S_ISREG(st.st_mode)) continue;
        if (n == cap) {
            size_t nc = cap ? cap * 2 : 64;
            res_file *nv = realloc(v, nc * sizeof *v);
            if (!nv) break;
            v = nv;
            cap = nc;
        }
        memcpy(v[n].name, de->d_name, strlen(de->d_name) + 1); /* length checked above */
        v[n].mtime = st.st_mtime;
        v[n].size = (uint64_t)st.st_size;
        n++;
    }
    closedir(d);
    if (n > 1) qsort(v, n, sizeof *v, by_age);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) total += v[i].size;
    time_t now = time(NULL);
    size_t removed = 0, left = n;
    for (size_t i = 0; i < n; i++) {
        bool old = j->ttl_ms && (uint64_t)(now - v[i].mtime) * 1000 > j->ttl_ms;
        if (!old && total <= j->max_bytes) break;
        char p[2048];
        snprintf(p, sizeof p, "%s/%s", dir, v[i].name);
        pthread_mutex_lock(&j->mu);
        int rc = unlink(p);
        pthread_mutex_unlock(&j->mu);
        if (rc == 0) {
            total -= v[i].size;
            removed++;
            left--;
        }
    }
    free(v);
    atomic_fetch_add(&j->pruned, removed);
    atomic_store(&j->result_files, left);
    atomic_store(&j->result_bytes, total);
    return removed;
}

void cuzk_journal_get_stats(cuzk_journal *j, cuzk_journal_stats *out) {
    out->jobs_written = atomic_load(&j->jobs_written);
    out->results_written = atomic_load(&j->results_written);
    out->corrupt = atomic_load(&j->corrupt);
    out->pruned = atomic_load(&j->pruned);
    out->result_files = atomic_load(&j->result_files);
    out->result_bytes = atomic_load(&j->result_bytes);
}
