/* bincode 1.x of storage_proofs_update::vanilla::PartitionProof<TreeR>, the
 * per-partition vanilla proof Curio hands to the SnapDeals prover
 * (bincode 1.x of storage_proofs_update::vanilla::PartitionProof, as Curio sends it): u64 LE lengths, u32 LE enum tags,
 * domains as 32 raw bytes, fields in declaration order. Every length is
 * checked against the bytes left before anything is allocated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "circuits/update/update_impl.h"

typedef struct {
    const uint8_t *p;
    size_t left;
    cuzk_err *err;
    char field[160];             /* the field being read, for messages */
} reader;

/* Smallest encodings, to bound counts by the bytes left. */
#define MIN_PATH_ELEMENT (8 + 32 + 8)               /* one hash and the index */
#define MIN_MERKLE_PROOF (4 + 32 + 32 + 8)          /* Single with an empty path */
#define MIN_CHALLENGE_PROOF (3 * MIN_MERKLE_PROOF)

static int truncated(reader *r, size_t need)
{
    return cuzk_err_set(r->err, CUZK_ERR_TRUNCATED, "update proof: %s: %zu bytes needed, %zu left", r->field, need,
                        r->left);
}

static int take(reader *r, void *out, size_t n)
{
    if (r->left < n) return truncated(r, n);
    memcpy(out, r->p, n);
    r->p += n;
    r->left -= n;
    return 0;
}

static int u64(reader *r, uint64_t *v)
{
    uint8_t b[8] = { 0 };
    int rc = take(r, b, 8);
    if (rc) return rc;
    *v = 0;
    for (int i = 7; i >= 0; i--) *v = *v << 8 | b[i];
    return 0;
}

/* A Vec length: refused when `min_each` bytes per entry exceed what is left,
 * or when it is over `max`. */
static int length(reader *r, uint64_t *n, size_t min_each, uint64_t max)
{
    int rc = u64(r, n);
    if (rc) return rc;
    if (*n > r->left / min_each)
        return cuzk_err_set(r->err, CUZK_ERR_TOO_LARGE, "update proof: %s: length %llu is larger than the %zu bytes left",
                            r->field, (unsigned long long)*n, r->left);
    if (*n > max)
        return cuzk_err_set(r->err, CUZK_ERR_TOO_LARGE, "update proof: %s: length %llu, at most %llu", r->field,
                            (unsigned long long)*n, (unsigned long long)max);
    return 0;
}

/* Appends a field name to r->field for the duration of a read; returns the old length. */
static size_t push(reader *r, const char *fmt, unsigned long long a)
{
    const size_t at = strlen(r->field);
    snprintf(r->field + at, sizeof r->field - at, fmt, a);
    return at;
}
static void pop(reader *r, size_t at) { r->field[at] = 0; }

/* InclusionPath: Vec<PathElement { hashes: Vec<Domain>, index: usize }>,
 * appended to the proof's levels (at most `max_levels` of them). */
static int inclusion_path(reader *r, cuzk_porep_merkle_proof *m, uint32_t *levels, uint32_t max_levels, uint32_t *hashes)
{
    uint64_t n;
    int rc = length(r, &n, MIN_PATH_ELEMENT, max_levels);
    for (uint64_t i = 0; i < n && rc == 0; i++) {
        const size_t at = push(r, "[%llu]", i);
        const uint32_t l = m->base_levels + m->sub_levels + m->top_levels + *levels;
        uint64_t nh, index;
        size_t at2 = push(r, ".hashes", 0);
        rc = length(r, &nh, 32, 15);
        if (rc == 0 && (nh == 0 || (nh & (nh + 1)) != 0))
            rc = cuzk_err_set(r->err, CUZK_ERR_PARSE, "update proof: %s: %llu hashes, an arity of 2, 4, 8 or 16 has 1, 3, 7 or 15",
                              r->field, (unsigned long long)nh);
        if (rc == 0 && (l >= CUZK_POREP_MAX_PATH_LEVELS || *hashes + nh > CUZK_POREP_MAX_PATH_HASHES))
            rc = cuzk_err_set(r->err, CUZK_ERR_TOO_LARGE, "update proof: %s: more than %d levels or %d hashes in the proof",
                              r->field, CUZK_POREP_MAX_PATH_LEVELS, CUZK_POREP_MAX_PATH_HASHES);
        for (uint64_t j = 0; j < nh && rc == 0; j++) rc = take(r, m->hashes[*hashes + j], 32);
        pop(r, at2);
        at2 = push(r, ".index", 0);
        if (rc == 0) rc = u64(r, &index);
        if (rc == 0 && index > nh)
            rc = cuzk_err_set(r->err, CUZK_ERR_PARSE, "update proof: %s: %llu is not below the arity %llu", r->field,
                              (unsigned long long)index, (unsigned long long)nh + 1);
        pop(r, at2);
        if (rc == 0) {
            m->arity[l] = (uint8_t)(nh + 1);
            m->index[l] = (uint8_t)index;
            *hashes += (uint32_t)nh;
            (*levels)++;
        }
        pop(r, at);
    }
    return rc;
}

/* MerkleProof { data: ProofData::Single | Sub | Top }. */
static int merkle_proof(reader *r, cuzk_porep_merkle_proof *m)
{
    memset(m, 0, sizeof *m);
    uint8_t tag_b[4] = { 0 };
    size_t at = push(r, ".data", 0);
    int rc = take(r, tag_b, 4);
    const uint32_t tag = (uint32_t)tag_b[0] | (uint32_t)tag_b[1] << 8 | (uint32_t)tag_b[2] << 16 | (uint32_t)tag_b[3] << 24;
    if (rc == 0 && tag > 2)
        rc = cuzk_err_set(r->err, CUZK_ERR_PARSE, "update proof: %s: enum tag %u (0 Single, 1 Sub, 2 Top)", r->field,
                          tag);
    pop(r, at);
    if (rc) return rc;
    static const char *const names[3] = { ".Single", ".Sub", ".Top" };
    at = push(r, names[tag], 0);
    uint32_t hashes = 0, lv = 0;
    size_t at2;
    if (tag == 0) {
        at2 = push(r, ".root", 0);
        rc = take(r, m->root, 32);
        pop(r, at2);
        at2 = push(r, ".leaf", 0);
        if (rc == 0) rc = take(r, m->leaf, 32);
        pop(r, at2);
        at2 = push(r, ".path", 0);
        if (rc == 0) rc = inclusion_path(r, m, &lv, CUZK_POREP_MAX_PATH_LEVELS, &hashes);
        m->base_levels = lv;
        pop(r, at2);
    } else {
        at2 = push(r, ".base_proof", 0);
        rc = inclusion_path(r, m, &lv, CUZK_POREP_MAX_PATH_LEVELS, &hashes);
        m->base_levels = lv;
        pop(r, at2);
        static const char *const extra[2] = { ".sub_proof", ".top_proof" };
        for (uint32_t e = 0; e < tag && rc == 0; e++) {
            at2 = push(r, extra[e], 0);
            lv = 0;
            rc = inclusion_path(r, m, &lv, 1, &hashes);
            if (rc == 0 && lv != 1)
                rc = cuzk_err_set(r->err, CUZK_ERR_PARSE, "update proof: %s: %u levels, a sub or top tree has one",
                                  r->field, lv);
            if (e == 0) m->sub_levels = lv;
            else m->top_levels = lv;
            pop(r, at2);
        }
        at2 = push(r, ".root", 0);
        if (rc == 0) rc = take(r, m->root, 32);
        pop(r, at2);
        at2 = push(r, ".leaf", 0);
        if (rc == 0) rc = take(r, m->leaf, 32);
        pop(r, at2);
    }
    pop(r, at);
    return rc;
}

int cuzk_update_proof_read(cuzk_update_partition_proof *out, const void *data, size_t len,
                           const cuzk_update_config *cfg, cuzk_err *err)
{
    if (!out || (!data && len))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update proof: NULL argument");
    memset(out, 0, sizeof *out);
    reader r = { data, len, err, "comm_c" };
    out->poseidon = cfg && cfg->poseidon;
    int rc = take(&r, out->comm_c, 32);
    uint64_t n = 0;
    strcpy(r.field, "apex_leafs");
    if (rc == 0 && !out->poseidon) rc = length(&r, &n, 32, CUZK_UPDATE_MAX_APEX_LEAFS);
    for (uint64_t i = 0; i < n && rc == 0; i++) rc = take(&r, out->apex_leafs[i], 32);
    out->n_apex_leafs = (uint32_t)n;
    strcpy(r.field, "challenge_proofs");
    if (rc == 0) rc = length(&r, &n, MIN_CHALLENGE_PROOF, CUZK_UPDATE_MAX_CHALLENGES);
    if (rc == 0 && n) {
        out->challenges = cuzk_alloc_array((size_t)n, sizeof *out->challenges);
        if (!out->challenges) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update proof: out of memory");
        else out->n_challenges = (uint32_t)n;
    }
    for (uint64_t i = 0; i < n && rc == 0; i++) {
        cuzk_update_challenge_proof *cp = &out->challenges[i];
        snprintf(r.field, sizeof r.field, "challenge_proofs[%llu].proof_r_old", (unsigned long long)i);
        rc = merkle_proof(&r, &cp->r_old);
        snprintf(r.field, sizeof r.field, "challenge_proofs[%llu].proof_d_new", (unsigned long long)i);
        if (rc == 0) rc = merkle_proof(&r, &cp->d_new);
        snprintf(r.field, sizeof r.field, "challenge_proofs[%llu].proof_r_new", (unsigned long long)i);
        if (rc == 0) rc = merkle_proof(&r, &cp->r_new);
    }
    if (rc == 0 && r.left)
        rc = cuzk_err_set(err, CUZK_ERR_PARSE, "update proof: %zu bytes after challenge_proofs", r.left);
    if (rc == 0 && cfg) rc = cuzk_update_partition_proof_check(out, cfg, err);
    if (rc) {
        cuzk_update_partition_proof_free(out);
        memset(out, 0, sizeof *out);
    }
    return rc;
}

/* ---- writer ------------------------------------------------------------------ */

static uint8_t *put64(uint8_t *w, uint64_t v)
{
    for (int i = 0; i < 8; i++) w[i] = (uint8_t)(v >> (8 * i));
    return w + 8;
}

static uint8_t *put_path(uint8_t *w, const cuzk_porep_merkle_proof *m, uint32_t first, uint32_t levels, uint32_t *h)
{
    if (w) w = put64(w, levels);
    for (uint32_t l = first; l < first + levels; l++) {
        const uint32_t nh = m->arity[l] - 1u;
        if (w) w = put64(w, nh);
        for (uint32_t j = 0; j < nh && w; j++, w += 32) memcpy(w, m->hashes[*h + j], 32);
        *h += nh;
        if (w) w = put64(w, m->index[l]);
    }
    return w;
}

/* Writes m at w (or only sizes it when w is NULL); returns the size. */
static size_t put_merkle(uint8_t *w, const cuzk_porep_merkle_proof *m)
{
    const uint32_t tag = m->top_levels ? 2 : m->sub_levels ? 1 : 0;
    size_t size = 4 + 64 + 8 * (1 + (size_t)tag);
    const uint32_t levels = m->base_levels + m->sub_levels + m->top_levels;
    for (uint32_t l = 0; l < levels; l++) size += 16 + 32 * (size_t)(m->arity[l] - 1u);
    if (!w) return size;
    for (int i = 0; i < 4; i++) w[i] = (uint8_t)(tag >> (8 * i));
    w += 4;
    uint32_t h = 0;
    if (tag == 0) {
        memcpy(w, m->root, 32);
        memcpy(w + 32, m->leaf, 32);
        put_path(w + 64, m, 0, m->base_levels, &h);
    } else {
        w = put_path(w, m, 0, m->base_levels, &h);
        w = put_path(w, m, m->base_levels, 1, &h);
        if (tag == 2) w = put_path(w, m, m->base_levels + 1, 1, &h);
        memcpy(w, m->root, 32);
        memcpy(w + 32, m->leaf, 32);
    }
    return size;
}

static bool merkle_writable(const cuzk_porep_merkle_proof *m)
{
    const uint32_t levels = m->base_levels + m->sub_levels + m->top_levels;
    uint32_t h = 0;
    if (levels > CUZK_POREP_MAX_PATH_LEVELS || m->sub_levels > 1 || m->top_levels > m->sub_levels) return false;
    for (uint32_t l = 0; l < levels; l++) {
        if (m->arity[l] < 2) return false;
        h += m->arity[l] - 1u;
    }
    return h <= CUZK_POREP_MAX_PATH_HASHES;
}

int cuzk_update_proof_write(const cuzk_update_partition_proof *p, uint8_t **out, size_t *len, cuzk_err *err)
{
    if (!p || !out || !len || (p->n_challenges && !p->challenges) || p->n_apex_leafs > CUZK_UPDATE_MAX_APEX_LEAFS ||
        (p->poseidon && p->n_apex_leafs))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update proof write: NULL argument or bad counts");
    size_t size = 32 + (p->poseidon ? 0 : 8 + 32 * (size_t)p->n_apex_leafs) + 8;
    for (uint32_t i = 0; i < p->n_challenges; i++) {
        const cuzk_update_challenge_proof *cp = &p->challenges[i];
        if (!merkle_writable(&cp->r_old) || !merkle_writable(&cp->d_new) || !merkle_writable(&cp->r_new))
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "update proof write: challenge_proofs[%u]: bad path shape",
                                i);
        size += put_merkle(NULL, &cp->r_old) + put_merkle(NULL, &cp->d_new) + put_merkle(NULL, &cp->r_new);
    }
    uint8_t *buf = malloc(size), *w = buf;
    if (!buf) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "update proof write: out of memory");
    memcpy(w, p->comm_c, 32);
    w += 32;
    if (!p->poseidon) w = put64(w, p->n_apex_leafs);
    for (uint32_t i = 0; i < p->n_apex_leafs; i++, w += 32) memcpy(w, p->apex_leafs[i], 32);
    w = put64(w, p->n_challenges);
    for (uint32_t i = 0; i < p->n_challenges; i++) {
        const cuzk_update_challenge_proof *cp = &p->challenges[i];
        w += put_merkle(w, &cp->r_old);
        w += put_merkle(w, &cp->d_new);
        w += put_merkle(w, &cp->r_new);
    }
    *out = buf;
    *len = size;
    return 0;
}
