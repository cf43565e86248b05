/* Parameter residency: one slot per parameter set (by file name in the
 * parameter directory, or by the explicit path a library caller gave),
 * loaded once, shared by reference, evicted least-recently-used when idle
 * and the parameter budget needs the room. A set in use is never evicted.
 * Files are memory-mapped by cuzk_params_read; a slot's size is the file's. */
#include "engine_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static params_slot *find_slot(cuzk_engine *e, const char *key)
{
    for (params_slot *s = e->slots; s; s = s->next)
        if (!strcmp(s->id, key)) return s;
    return NULL;
}

static void unlink_slot(cuzk_engine *e, params_slot *s)
{
    for (params_slot **pp = &e->slots; *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            return;
        }
}

/* lock held: evicts idle sets, oldest use first, until `need` more bytes fit. */
static void make_room(cuzk_engine *e, uint64_t need)
{
    while (e->param_used + need > e->param_budget) {
        params_slot *lru = NULL;
        for (params_slot *s = e->slots; s; s = s->next)
            if (!s->refs && !s->loading && s->params && (!lru || s->last_use_ns < lru->last_use_ns)) lru = s;
        if (!lru) return; /* everything resident is in use: go over the budget rather than fail */
        cuzk_log("engine: parameters %s evicted (%llu MiB, idle)", lru->id, (unsigned long long)(lru->bytes >> 20));
        unlink_slot(e, lru);
        e->param_used -= lru->bytes;
        cuzk_params_free(lru->params);
        free(lru);
    }
}

static bool name_ok(const char *id)
{
    return *id && !strchr(id, '/') && strcmp(id, ".") && strcmp(id, "..") && strlen(id) < 192;
}

int cuzk_engine_params_acquire(cuzk_engine *e, const cuzk_circuit_entry *entry, const char *id, const char *path,
                               params_slot **out, uint64_t *load_ms, cuzk_err *err)
{
    *out = NULL;
    if (load_ms) *load_ms = 0;
    const char *key = path && *path ? path : id;
    if (!key || !*key) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "parameters: no name");
    if (!(path && *path) && !entry->load_params && !name_ok(id))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "parameters '%s': not a file name", id);
    if (strlen(key) >= sizeof((params_slot *)0)->path)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "parameters: name too long");
    pthread_mutex_lock(&e->lock);
    params_slot *s;
    while ((s = find_slot(e, key)) && s->loading) pthread_cond_wait(&e->changed, &e->lock);
    if (s) {
        s->refs++;
        s->last_use_ns = cuzk_now_ns();
        pthread_mutex_unlock(&e->lock);
        *out = s;
        return 0;
    }
    if (!(s = calloc(1, sizeof *s))) {
        pthread_mutex_unlock(&e->lock);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "parameters slot");
    }
    snprintf(s->id, sizeof s->id, "%s", key);
    s->loading = true;
    s->refs = 1;
    s->next = e->slots;
    e->slots = s;
    pthread_mutex_unlock(&e->lock);

    const uint64_t t0 = cuzk_now_ns();
    cuzk_params *p = NULL;
    int rc;
    uint64_t bytes = 0;
    if (!(path && *path) && entry->load_params) {
        rc = entry->load_params(entry->ctx, id, &p, err);
        if (!rc)
            for (int v = CUZK_PARAMS_H; v <= CUZK_PARAMS_B_G2; v++)
                bytes += cuzk_params_count(p, (cuzk_params_vector)v) * (v == CUZK_PARAMS_B_G2 ? 192 : 96);
    } else {
        if (path && *path) snprintf(s->path, sizeof s->path, "%s", path);
        else if ((size_t)snprintf(s->path, sizeof s->path, "%.*s/%s", 800, e->param_dir, id) >= sizeof s->path)
            s->path[0] = 0;
        struct stat st;
        if (stat(s->path, &st))
            rc = cuzk_err_set(err, CUZK_ERR_IO, "parameters %s: not found (cuzk-bench setup writes them)", s->path);
        else if (!(rc = cuzk_params_read(s->path, false, &p, err)))
            bytes = (uint64_t)st.st_size;
    }
    const uint64_t ms = (cuzk_now_ns() - t0) / 1000000;
    pthread_mutex_lock(&e->lock);
    if (rc) {
        unlink_slot(e, s);
        free(s);
        s = NULL;
    } else {
        make_room(e, bytes);
        s->params = p;
        s->bytes = bytes;
        s->loading = false;
        s->last_use_ns = cuzk_now_ns();
        e->param_used += bytes;
        cuzk_log("engine: parameters %s ready in %llu ms (%llu MiB)", s->id, (unsigned long long)ms,
                 (unsigned long long)(bytes >> 20));
    }
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    if (rc) return rc;
    if (load_ms) *load_ms = ms;
    *out = s;
    return 0;
}

void cuzk_engine_params_release(cuzk_engine *e, params_slot *s)
{
    (void)e;
    if (!s) return;
    if (s->refs) s->refs--;
    s->last_use_ns = cuzk_now_ns();
}

void cuzk_engine_params_free_all(cuzk_engine *e)
{
    params_slot *s = e->slots;
    e->slots = NULL;
    while (s) {
        params_slot *n = s->next;
        cuzk_params_free(s->params);
        free(s);
        s = n;
    }
    e->param_used = 0;
}

/* A circuit id ("porep-2k") through the entries, else the id is a file name. */
static const cuzk_circuit_entry *resolve(cuzk_engine *e, const char *id, char params_id[192])
{
    for (int k = 0; k < CUZK_KIND_MAX; k++) {
        if (!e->has_entry[k] || !e->entries[k].params_of) continue;
        if (!e->entries[k].params_of(e->entries[k].ctx, id, params_id)) return &e->entries[k];
    }
    snprintf(params_id, 192, "%s", id);
    return NULL;
}

int cuzk_engine_preload(cuzk_engine *e, const char *id, bool *already_loaded, uint64_t *load_ms, cuzk_err *err)
{
    if (already_loaded) *already_loaded = false;
    if (load_ms) *load_ms = 0;
    if (!e || !id) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "preload: NULL argument");
    char pid[192];
    pthread_mutex_lock(&e->lock);
    const cuzk_circuit_entry *c = resolve(e, id, pid);
    params_slot *have = find_slot(e, pid);
    bool ready = have && !have->loading;
    pthread_mutex_unlock(&e->lock);
    cuzk_circuit_entry fileonly;
    memset(&fileonly, 0, sizeof fileonly);
    if (!c) c = &fileonly;
    const uint64_t t0 = cuzk_now_ns();
    params_slot *s = NULL;
    int rc = cuzk_engine_params_acquire(e, c, pid, NULL, &s, NULL, err);
    if (rc) return rc;
    /* decode every vector now, so that the first proof does not */
    const cuzk_g1_affine *g1;
    const cuzk_g2_affine *g2;
    for (int v = CUZK_PARAMS_H; !rc && v <= CUZK_PARAMS_B_G1; v++)
        if (cuzk_params_count(s->params, (cuzk_params_vector)v)) rc = cuzk_params_g1(s->params, (cuzk_params_vector)v, &g1, err);
    if (!rc && cuzk_params_count(s->params, CUZK_PARAMS_B_G2)) rc = cuzk_params_g2(s->params, &g2, err);
    pthread_mutex_lock(&e->lock);
    cuzk_engine_params_release(e, s);
    pthread_mutex_unlock(&e->lock);
    if (already_loaded) *already_loaded = ready;
    if (load_ms) *load_ms = ready ? 0 : (cuzk_now_ns() - t0) / 1000000;
    return rc;
}

int cuzk_engine_evict(cuzk_engine *e, const char *id, bool *was_loaded, uint64_t *freed_bytes, cuzk_err *err)
{
    if (was_loaded) *was_loaded = false;
    if (freed_bytes) *freed_bytes = 0;
    if (!e || !id) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "evict: NULL argument");
    char pid[192];
    pthread_mutex_lock(&e->lock);
    resolve(e, id, pid);
    params_slot *s = find_slot(e, pid);
    if (s && !s->loading) {
        if (was_loaded) *was_loaded = true;
        if (!s->refs) {
            if (freed_bytes) *freed_bytes = s->bytes;
            unlink_slot(e, s);
            e->param_used -= s->bytes;
            cuzk_params_free(s->params);
            free(s);
            cuzk_log("engine: parameters %s evicted on request", pid);
        }
    }
    pthread_mutex_unlock(&e->lock);
    return 0;
}
