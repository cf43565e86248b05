/* Streaming reader of SealCommitPhase1Output JSON into cuzk_porep_c1; the
 * first key tells Curio's envelope apart, which c1_envelope.c reads and
 * unwraps into a parser of this kind. yajl drives callbacks; a stack of frames,
 * one per open object or array, says what each value must be and where it
 * goes. Every shape comes from the registered proof's config, so an array is
 * rejected at its first element too many, before anything is allocated. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "cuzk/porep.h"
#include "circuits/porep/c1_impl.h"

enum {
    K_NONE,
    /* objects */
    O_TOP, O_VP, O_PROOF, O_MP, O_PDATA, O_PBODY, O_IPATH, O_PELEM, O_RCP, O_COLP, O_COLUMN, O_LAB,
    /* arrays */
    A_PARTS, A_CHALS, A_PELEMS, A_HASHES, A_DOMAIN, A_COLPS, A_ROWS, A_LABS, A_PARENTS,
    /* scalars */
    S_PROOFNAME, S_U32, S_U64, S_INDEX, S_NULL, S_BYTE,
};
#define IS_OBJ(k) ((k) >= O_TOP && (k) <= O_LAB)
#define IS_ARR(k) ((k) >= A_PARTS && (k) <= A_PARENTS)

#define MAX_DEPTH 24

typedef struct {
    uint8_t kind;
    int8_t key;     /* objects: the key whose value is being read, -1 between */
    uint8_t aux;    /* tree (0 = D, 1 = C/R), variant, segment or "check < r" */
    uint32_t seen;  /* objects: keys read */
    uint32_t n;     /* arrays: elements started */
    uint32_t want;  /* arrays: exact length; S_INDEX: arity */
    uint32_t level; /* first path level (A_PELEMS), level (O_PELEM), partition (A_CHALS) */
    void *dst;
} frame;

enum { MODE_SNIFF, MODE_JSON, MODE_ENVELOPE };
#define SNIFF_MAX 4096 /* bytes held to read the first key */

struct cuzk_c1_parser {
    yajl_handle yh;
    int mode;
    unsigned char pre[SNIFF_MAX]; /* MODE_SNIFF: the input so far */
    size_t pre_n;
    cuzk_c1_env_lexer *envx;      /* MODE_ENVELOPE */
    int done;           /* the top-level value closed */
    int failed;         /* err holds the first error */
    cuzk_err err;
    uint64_t fed;       /* bytes given to yajl before the current chunk */
    size_t depth;
    frame st[MAX_DEPTH];
    int have_cfg;
    cuzk_porep_config cfg;
    cuzk_porep_c1 out;
    size_t cap;         /* proofs allocated */
};

/* ---- keys ------------------------------------------------------------------ */

static const char *const KEYS_TOP[] = {"registered_proof", "vanilla_proofs", "comm_r", "comm_d",
                                       "replica_id", "seed", "ticket", NULL};
static const char *const KEYS_PROOF[] = {"comm_d_proofs", "comm_r_last_proof", "replica_column_proofs",
                                         "labeling_proofs", "encoding_proof", NULL};
static const char *const KEYS_MP[] = {"data", NULL};
static const char *const KEYS_PDATA[] = {"Single", "Sub", "Top", NULL};
static const char *const KEYS_PBODY[] = {"root", "leaf", "path", "base_proof", "sub_proof", "top_proof", NULL};
static const char *const KEYS_IPATH[] = {"path", NULL};
static const char *const KEYS_PELEM[] = {"hashes", "index", NULL};
static const char *const KEYS_RCP[] = {"c_x", "drg_parents", "exp_parents", NULL};
static const char *const KEYS_COLP[] = {"column", "inclusion_proof", NULL};
static const char *const KEYS_COLUMN[] = {"index", "rows", "_h", NULL};
static const char *const KEYS_LAB[] = {"parents", "layer_index", "node", NULL};
/* Required keys of each ProofData variant, as bits of KEYS_PBODY. */
static const uint32_t PBODY_REQUIRED[3] = {0x07, 0x1b, 0x3b};

static const char *const *keys_of(const frame *f)
{
    switch (f->kind) {
    case O_TOP: return KEYS_TOP;
    case O_PROOF: return KEYS_PROOF;
    case O_MP: return KEYS_MP;
    case O_PDATA: return KEYS_PDATA;
    case O_PBODY: return KEYS_PBODY;
    case O_IPATH: return KEYS_IPATH;
    case O_PELEM: return KEYS_PELEM;
    case O_RCP: return KEYS_RCP;
    case O_COLP: return KEYS_COLP;
    case O_COLUMN: return KEYS_COLUMN;
    case O_LAB: return KEYS_LAB;
    default: return NULL;
    }
}

static uint32_t required_of(const cuzk_c1_parser *p, const frame *f)
{
    if (f->kind == O_PBODY) return PBODY_REQUIRED[f->aux];
    if (f->kind == O_VP || f->kind == O_PDATA) return 1; /* an enum: exactly one variant */
    (void)p;
    const char *const *k = keys_of(f);
    uint32_t m = 0;
    for (int i = 0; k[i]; i++) m |= 1u << i;
    return m;
}

static const char *key_name(const cuzk_c1_parser *p, const frame *f)
{
    if (f->kind == O_VP) return cuzk_seal_proof_shape_name(p->out.seal_proof);
    if (f->kind == O_PDATA) return KEYS_PDATA[f->aux];
    return keys_of(f)[f->key];
}

/* ---- errors ------------------------------------------------------------------ */

/* The JSON path of the value being read: "vanilla_proofs.StackedDrg2KiBV1[0][1].comm_d_proofs". */
static void path_of(const cuzk_c1_parser *p, char *buf, size_t cap)
{
    size_t o = 0;
    buf[0] = 0;
    for (size_t i = 0; i < p->depth && o < cap; i++) {
        const frame *f = &p->st[i];
        int w = 0;
        if (IS_OBJ(f->kind) && f->key >= 0)
            w = snprintf(buf + o, cap - o, "%s%s", o ? "." : "", key_name(p, f));
        else if (IS_ARR(f->kind) && f->n > 0)
            w = snprintf(buf + o, cap - o, "[%u]", f->n - 1);
        if (w < 0) break;
        o += (size_t)w;
    }
    if (o >= cap) buf[cap - 1] = 0;
    if (!buf[0]) snprintf(buf, cap, "(top level)");
}

__attribute__((format(printf, 3, 4)))
static int fail(cuzk_c1_parser *p, int code, const char *fmt, ...)
{
    if (p->failed) return 0;
    char path[160], what[160];
    path_of(p, path, sizeof path);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    cuzk_err_set(&p->err, code, "c1: %s: %s", path, what);
    p->failed = 1;
    return 0; /* yajl: stop */
}

/* ---- numbers ------------------------------------------------------------------ */

/* Plain decimal digits without a leading zero, at most max. */
static int parse_uint(const char *s, size_t n, uint64_t max, uint64_t *v)
{
    if (n == 0 || n > 20 || (n > 1 && s[0] == '0')) return 0;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (d > 9) return 0;
        if (x > (UINT64_MAX - d) / 10) return 0;
        x = x * 10 + d;
    }
    if (x > max) return 0;
    *v = x;
    return 1;
}

/* ---- the proofs array ---------------------------------------------------------- */

/* Grows proofs to hold index i (doubling, so memory follows the input). */
static int reserve_proof(cuzk_c1_parser *p, size_t i)
{
    if (i < p->cap) return 1;
    size_t total = (size_t)p->out.partitions * p->out.challenges_per_partition;
    size_t cap = p->cap ? p->cap * 2 : 2;
    if (cap > total) cap = total;
    if (cap <= i) cap = i + 1;
    cuzk_porep_challenge_proof *np = cuzk_alloc_array(cap, sizeof *np);
    if (!np) return fail(p, CUZK_ERR_OUT_OF_MEMORY, "out of memory for %zu challenge proofs", cap);
    if (p->cap) memcpy(np, p->out.proofs, p->cap * sizeof *np);
    memset(np + p->cap, 0, (cap - p->cap) * sizeof *np);
    cuzk_free(p->out.proofs);
    p->out.proofs = np;
    p->cap = cap;
    return 1;
}

/* ---- what the next value must be ------------------------------------------------- */

static void set_domain(frame *c, uint8_t *dst, int check_fr)
{
    c->kind = A_DOMAIN;
    c->want = 32;
    c->aux = (uint8_t)check_fr;
    c->dst = dst;
}

static uint32_t hash_offset(const cuzk_porep_merkle_proof *mp, uint32_t level)
{
    uint32_t o = 0;
    for (uint32_t i = 0; i < level; i++) o += mp->arity[i] - 1u;
    return o;
}

/* Fills c with the frame the next value opens (or the scalar it must be). */
static int expect(cuzk_c1_parser *p, frame *c)
{
    memset(c, 0, sizeof *c);
    c->key = -1;
    if (p->depth == 0) {
        c->kind = O_TOP;
        return 1;
    }
    frame *f = &p->st[p->depth - 1];
    cuzk_porep_c1 *o = &p->out;
    if (IS_ARR(f->kind)) {
        f->n++;
        if (f->n > f->want) {
            if (f->kind == A_DOMAIN) return fail(p, CUZK_ERR_TOO_LARGE, "expected 32-byte array");
            return fail(p, CUZK_ERR_TOO_LARGE, "more than the %u elements expected", f->want);
        }
    }
    uint32_t i = f->n - 1;
    switch (f->kind) {
    case O_TOP:
        switch (f->key) {
        case 0: c->kind = S_PROOFNAME; break;
        case 1:
            if (!p->have_cfg) return fail(p, CUZK_ERR_PARSE, "registered_proof must come before vanilla_proofs");
            c->kind = O_VP;
            break;
        case 2: set_domain(c, o->comm_r, 1); break;
        case 3: set_domain(c, o->comm_d, 1); break;
        case 4: set_domain(c, o->replica_id, 1); break;
        case 5: set_domain(c, o->seed, 0); break;
        default: set_domain(c, o->ticket, 0); break;
        }
        break;
    case O_VP:
        c->kind = A_PARTS;
        c->want = o->partitions;
        break;
    case A_PARTS:
        c->kind = A_CHALS;
        c->want = o->challenges_per_partition;
        c->level = i;
        break;
    case A_CHALS: {
        size_t idx = (size_t)f->level * o->challenges_per_partition + i;
        if (!reserve_proof(p, idx)) return 0;
        c->kind = O_PROOF;
        c->dst = &o->proofs[idx];
        break;
    }
    case O_PROOF: {
        cuzk_porep_challenge_proof *cp = f->dst;
        switch (f->key) {
        case 0: c->kind = O_MP; c->aux = 0; c->dst = &cp->comm_d_proof; break;
        case 1: c->kind = O_MP; c->aux = 1; c->dst = &cp->comm_r_last_proof; break;
        case 2: c->kind = O_RCP; c->dst = cp; break;
        case 3: c->kind = A_LABS; c->want = p->cfg.layers; c->dst = cp; break;
        default: c->kind = O_LAB; c->dst = &cp->encoding; break;
        }
        break;
    }
    case O_MP:
        c->kind = O_PDATA;
        c->aux = f->aux;
        c->dst = f->dst;
        break;
    case O_PDATA:
        c->kind = O_PBODY;
        c->aux = f->aux; /* the variant */
        c->dst = f->dst;
        break;
    case O_PBODY: {
        cuzk_porep_merkle_proof *mp = f->dst;
        if (f->key <= 1) {
            set_domain(c, f->key == 0 ? mp->root : mp->leaf, 1);
        } else {
            c->kind = O_IPATH;
            c->aux = (uint8_t)(f->key <= 3 ? 0 : f->key - 3); /* segment: base, sub, top */
            c->dst = mp;
        }
        break;
    }
    case O_IPATH: {
        cuzk_porep_merkle_proof *mp = f->dst;
        c->kind = A_PELEMS;
        c->dst = mp;
        c->want = f->aux == 0 ? mp->base_levels : f->aux == 1 ? mp->sub_levels : mp->top_levels;
        c->level = f->aux == 0 ? 0 : f->aux == 1 ? mp->base_levels : mp->base_levels + mp->sub_levels;
        break;
    }
    case A_PELEMS:
        c->kind = O_PELEM;
        c->dst = f->dst;
        c->level = f->level + i;
        break;
    case O_PELEM: {
        cuzk_porep_merkle_proof *mp = f->dst;
        if (f->key == 0) {
            c->kind = A_HASHES;
            c->want = mp->arity[f->level] - 1u;
            c->dst = mp->hashes[hash_offset(mp, f->level)];
        } else {
            c->kind = S_INDEX;
            c->want = mp->arity[f->level];
            c->dst = &mp->index[f->level];
        }
        break;
    }
    case A_HASHES:
        set_domain(c, (uint8_t *)f->dst + 32 * (size_t)i, 1);
        break;
    case O_RCP: {
        cuzk_porep_challenge_proof *cp = f->dst;
        if (f->key == 0) {
            c->kind = O_COLP;
            c->dst = &cp->c_x;
        } else {
            c->kind = A_COLPS;
            c->want = f->key == 1 ? CUZK_POREP_DRG_PARENTS : CUZK_POREP_EXP_PARENTS;
            c->dst = f->key == 1 ? cp->drg_parents : cp->exp_parents;
        }
        break;
    }
    case A_COLPS:
        c->kind = O_COLP;
        c->dst = (cuzk_porep_column_proof *)f->dst + i;
        break;
    case O_COLP: {
        cuzk_porep_column_proof *cp = f->dst;
        if (f->key == 0) {
            c->kind = O_COLUMN;
            c->dst = &cp->column;
        } else {
            c->kind = O_MP;
            c->aux = 1;
            c->dst = &cp->inclusion;
        }
        break;
    }
    case O_COLUMN: {
        cuzk_porep_column *col = f->dst;
        if (f->key == 0) {
            c->kind = S_U32;
            c->dst = &col->index;
        } else if (f->key == 1) {
            c->kind = A_ROWS;
            c->want = p->cfg.layers;
            c->dst = col;
        } else {
            c->kind = S_NULL;
        }
        break;
    }
    case A_ROWS:
        set_domain(c, ((cuzk_porep_column *)f->dst)->rows[i], 1);
        break;
    case A_LABS:
        c->kind = O_LAB;
        c->dst = &((cuzk_porep_challenge_proof *)f->dst)->labeling[i];
        break;
    case O_LAB: {
        cuzk_porep_labeling_proof *lp = f->dst;
        if (f->key == 0) {
            c->kind = A_PARENTS;
            c->want = CUZK_POREP_LABEL_PARENTS;
            c->dst = lp->parents;
        } else if (f->key == 1) {
            c->kind = S_U32;
            c->dst = &lp->layer_index;
        } else {
            c->kind = S_U64;
            c->dst = &lp->node;
        }
        break;
    }
    case A_PARENTS:
        set_domain(c, ((uint8_t(*)[32])f->dst)[i], 1);
        break;
    case A_DOMAIN:
        c->kind = S_BYTE;
        c->dst = (uint8_t *)f->dst + i;
        break;
    default:
        return fail(p, CUZK_ERR_PARSE, "internal: no value expected here");
    }
    return 1;
}

static const char *kind_words(int k)
{
    if (IS_OBJ(k)) return "an object";
    if (k == A_DOMAIN) return "a 32-byte array";
    if (IS_ARR(k)) return "an array";
    switch (k) {
    case S_PROOFNAME: return "a registered proof name";
    case S_NULL: return "null";
    case S_BYTE: return "an integer 0..255";
    default: return "an unsigned integer";
    }
}

/* A scalar position: the parent object's key is done. */
static void scalar_done(cuzk_c1_parser *p)
{
    if (p->depth && IS_OBJ(p->st[p->depth - 1].kind)) p->st[p->depth - 1].key = -1;
}

/* ---- yajl callbacks ------------------------------------------------------------------ */

static int on_number(void *ctx, const char *s, size_t n)
{
    cuzk_c1_parser *p = ctx;
    frame c;
    if (!expect(p, &c)) return 0;
    uint64_t v;
    switch (c.kind) {
    case S_BYTE:
        if (!parse_uint(s, n, 255, &v))
            return fail(p, CUZK_ERR_PARSE, "byte value %.*s is not an integer 0..255", (int)(n > 24 ? 24 : n), s);
        *(uint8_t *)c.dst = (uint8_t)v;
        return 1;
    case S_U32:
        if (!parse_uint(s, n, UINT32_MAX, &v)) return fail(p, CUZK_ERR_PARSE, "expected a u32");
        *(uint32_t *)c.dst = (uint32_t)v;
        break;
    case S_U64:
        if (!parse_uint(s, n, UINT64_MAX, &v)) return fail(p, CUZK_ERR_PARSE, "expected a u64");
        *(uint64_t *)c.dst = v;
        break;
    case S_INDEX:
        if (!parse_uint(s, n, c.want - 1u, &v))
            return fail(p, CUZK_ERR_PARSE, "expected an index 0..%u", c.want - 1u);
        *(uint8_t *)c.dst = (uint8_t)v;
        break;
    default:
        return fail(p, CUZK_ERR_PARSE, "expected %s, got a number", kind_words(c.kind));
    }
    scalar_done(p);
    return 1;
}

static int on_null(void *ctx)
{
    cuzk_c1_parser *p = ctx;
    frame c;
    if (!expect(p, &c)) return 0;
    if (c.kind != S_NULL) return fail(p, CUZK_ERR_PARSE, "expected %s, got null", kind_words(c.kind));
    scalar_done(p);
    return 1;
}

static int on_bool(void *ctx, int b)
{
    cuzk_c1_parser *p = ctx;
    frame c;
    (void)b;
    if (!expect(p, &c)) return 0;
    return fail(p, CUZK_ERR_PARSE, "expected %s, got a boolean", kind_words(c.kind));
}

static int on_string(void *ctx, const unsigned char *s, size_t n)
{
    cuzk_c1_parser *p = ctx;
    frame c;
    if (!expect(p, &c)) return 0;
    if (c.kind == S_PROOFNAME) {
        char name[64];
        int id = -1;
        if (n < sizeof name) {
            memcpy(name, s, n);
            name[n] = 0;
            id = strlen(name) == n ? cuzk_seal_proof_from_name(name) : -1;
        }
        if (id < 0)
            return fail(p, CUZK_ERR_UNSUPPORTED, "unknown registered proof \"%.*s\"", (int)(n > 60 ? 60 : n),
                        (const char *)s);
        cuzk_err e;
        if (cuzk_porep_config_init(&p->cfg, (cuzk_seal_proof)id, &e)) return fail(p, e.code, "%s", e.msg);
        p->have_cfg = 1;
        p->out.seal_proof = id;
        p->out.partitions = p->cfg.partitions;
        p->out.challenges_per_partition = p->cfg.challenges_per_partition;
    } else {
        return fail(p, CUZK_ERR_PARSE, "expected %s, got a string", kind_words(c.kind));
    }
    scalar_done(p);
    return 1;
}

static int push(cuzk_c1_parser *p, const frame *c)
{
    if (p->depth == MAX_DEPTH) return fail(p, CUZK_ERR_PARSE, "nested too deeply");
    p->st[p->depth++] = *c;
    return 1;
}

static int on_start_map(void *ctx)
{
    cuzk_c1_parser *p = ctx;
    frame c;
    if (!expect(p, &c)) return 0;
    if (!IS_OBJ(c.kind)) return fail(p, CUZK_ERR_PARSE, "expected %s, got an object", kind_words(c.kind));
    return push(p, &c);
}

static int on_start_array(void *ctx)
{
    cuzk_c1_parser *p = ctx;
    frame c;
    if (!expect(p, &c)) return 0;
    if (!IS_ARR(c.kind)) return fail(p, CUZK_ERR_PARSE, "expected %s, got an array", kind_words(c.kind));
    return push(p, &c);
}

static int lookup(const char *const *keys, const unsigned char *s, size_t n)
{
    for (int i = 0; keys[i]; i++)
        if (strlen(keys[i]) == n && memcmp(keys[i], s, n) == 0) return i;
    return -1;
}

/* Sets the merkle proof's level layout from the tree and the ProofData variant. */
static int set_merkle_shape(cuzk_c1_parser *p, cuzk_porep_merkle_proof *mp, int tree, int variant)
{
    const cuzk_porep_config *g = &p->cfg;
    int want = tree == 0 ? 0 : g->top_arity ? 2 : g->sub_arity ? 1 : 0;
    if (variant != want)
        return fail(p, CUZK_ERR_PARSE, "expected ProofData %s for this tree shape", KEYS_PDATA[want]);
    if (tree == 0) {
        mp->base_levels = g->tree_d_levels;
        mp->sub_levels = mp->top_levels = 0;
        for (uint32_t i = 0; i < mp->base_levels; i++) mp->arity[i] = 2;
        return 1;
    }
    mp->base_levels = g->base_levels;
    mp->sub_levels = g->sub_arity ? 1 : 0;
    mp->top_levels = g->top_arity ? 1 : 0;
    for (uint32_t i = 0; i < mp->base_levels; i++) mp->arity[i] = (uint8_t)g->base_arity;
    if (g->sub_arity) mp->arity[mp->base_levels] = (uint8_t)g->sub_arity;
    if (g->top_arity) mp->arity[mp->base_levels + 1] = (uint8_t)g->top_arity;
    return 1;
}

static int on_map_key(void *ctx, const unsigned char *s, size_t n)
{
    cuzk_c1_parser *p = ctx;
    frame *f = &p->st[p->depth - 1];
    int k;
    if (f->kind == O_VP) {
        const char *shape = cuzk_seal_proof_shape_name(p->out.seal_proof);
        if (f->seen) return fail(p, CUZK_ERR_PARSE, "an enum holds exactly one variant");
        if (strlen(shape) != n || memcmp(shape, s, n) != 0)
            return fail(p, CUZK_ERR_PARSE, "vanilla proof variant \"%.*s\" does not match %s (expected \"%s\")",
                        (int)(n > 48 ? 48 : n), (const char *)s, cuzk_seal_proof_name(p->out.seal_proof), shape);
        f->seen = 1;
        f->key = 0;
        return 1;
    }
    k = lookup(keys_of(f), s, n);
    if (f->kind == O_PDATA) {
        if (f->seen) return fail(p, CUZK_ERR_PARSE, "an enum holds exactly one variant");
        if (k < 0)
            return fail(p, CUZK_ERR_PARSE, "unknown ProofData variant \"%.*s\"", (int)(n > 48 ? 48 : n),
                        (const char *)s);
        if (!set_merkle_shape(p, f->dst, f->aux, k)) return 0;
        f->seen = 1;
        f->key = 0;
        f->aux = (uint8_t)k; /* from here on, the variant */
        return 1;
    }
    if (k < 0 || (f->kind == O_PBODY && !(PBODY_REQUIRED[f->aux] >> k & 1)))
        return fail(p, CUZK_ERR_PARSE, "unknown field \"%.*s\"", (int)(n > 48 ? 48 : n), (const char *)s);
    if (f->seen >> k & 1) {
        f->key = (int8_t)k;
        return fail(p, CUZK_ERR_PARSE, "duplicate field");
    }
    f->seen |= 1u << k;
    f->key = (int8_t)k;
    return 1;
}

/* Closes the top frame; the parent's key or index still names it for errors. */
static int on_end_map(void *ctx)
{
    cuzk_c1_parser *p = ctx;
    frame f = p->st[--p->depth];
    uint32_t req = required_of(p, &f);
    if ((f.seen & req) != req) {
        if (f.kind == O_VP || f.kind == O_PDATA) return fail(p, CUZK_ERR_PARSE, "empty enum object");
        const char *const *k = keys_of(&f);
        int i = 0;
        while (!(req >> i & 1) || (f.seen >> i & 1)) i++;
        return fail(p, CUZK_ERR_PARSE, "missing field \"%s\"", k[i]);
    }
    if (p->depth == 0) p->done = 1;
    else scalar_done(p);
    return 1;
}

static int on_end_array(void *ctx)
{
    cuzk_c1_parser *p = ctx;
    frame f = p->st[--p->depth];
    if (f.n != f.want) {
        if (f.kind == A_DOMAIN) return fail(p, CUZK_ERR_BAD_LENGTH, "expected 32-byte array, got %u bytes", f.n);
        return fail(p, CUZK_ERR_BAD_LENGTH, "expected %u elements, got %u", f.want, f.n);
    }
    if (f.kind == A_DOMAIN && f.aux && !cuzk_c1_fr_bytes_ok(f.dst))
        return fail(p, CUZK_ERR_NOT_CANONICAL, "field element >= r");
    if (f.kind == A_ROWS) ((cuzk_porep_column *)f.dst)->n_rows = f.n;
    if (f.kind == A_LABS) ((cuzk_porep_challenge_proof *)f.dst)->n_labeling = f.n;
    scalar_done(p);
    return 1;
}

static const yajl_callbacks CALLBACKS = {
    .yajl_null = on_null,
    .yajl_boolean = on_bool,
    .yajl_number = on_number,
    .yajl_string = on_string,
    .yajl_start_map = on_start_map,
    .yajl_map_key = on_map_key,
    .yajl_end_map = on_end_map,
    .yajl_start_array = on_start_array,
    .yajl_end_array = on_end_array,
};

/* ---- public API --------------------------------------------------------------------- */

static cuzk_c1_parser *parser_new(int sniff)
{
    cuzk_c1_parser *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->yh = yajl_alloc(&CALLBACKS, NULL, p);
    if (!p->yh) {
        free(p);
        return NULL;
    }
    p->mode = sniff ? MODE_SNIFF : MODE_JSON;
    p->out.seal_proof = -1;
    return p;
}

cuzk_c1_parser *cuzk_c1_parser_new(void) { return parser_new(1); }
cuzk_c1_parser *cuzk_c1_parser_new_plain(void) { return parser_new(0); }

void cuzk_c1_parser_free(cuzk_c1_parser *p)
{
    if (!p) return;
    yajl_free(p->yh);
    cuzk_c1_env_free(p->envx);
    cuzk_porep_c1_free(&p->out);
    free(p);
}

static int yajl_failure(cuzk_c1_parser *p, const unsigned char *buf, size_t len)
{
    if (p->failed) return p->err.code;
    unsigned char *m = yajl_get_error(p->yh, 0, buf, len);
    char msg[96];
    snprintf(msg, sizeof msg, "%s", m ? (const char *)m : "parse error");
    if (m) yajl_free_error(p->yh, m);
    for (char *q = msg; *q; q++)
        if (*q == '\n') *q = ' ';
    size_t l = strlen(msg);
    while (l && msg[l - 1] == ' ') msg[--l] = 0;
    uint64_t at = p->fed + yajl_get_bytes_consumed(p->yh);
    fail(p, CUZK_ERR_PARSE, "malformed JSON at byte %llu: %s", (unsigned long long)at, msg);
    return p->err.code;
}

static int is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* From the input's start: 1 when its first key is one of the envelope's, 0
 * when it is anything else, -1 when more input is needed to tell. */
static int sniff_envelope(const unsigned char *s, size_t n)
{
    static const char *const ENV_KEYS[3] = {"SectorNum", "Phase1Out", "SectorSize"};
    size_t i = 0;
    while (i < n && is_ws(s[i])) i++;
    if (i == n) return -1;
    if (s[i++] != '{') return 0;
    while (i < n && is_ws(s[i])) i++;
    if (i == n) return -1;
    if (s[i++] != '"') return 0;
    size_t k = i;
    while (i < n && s[i] != '"' && s[i] != '\\') i++;
    if (i == n) return -1;
    for (int e = 0; e < 3 && s[i] == '"'; e++)
        if (strlen(ENV_KEYS[e]) == i - k && memcmp(ENV_KEYS[e], s + k, i - k) == 0) return 1;
    return 0;
}

static int feed_json(cuzk_c1_parser *p, const unsigned char *data, size_t len)
{
    if (!p->failed && len) {
        if (yajl_parse(p->yh, data, len) != yajl_status_ok) yajl_failure(p, data, len);
        p->fed += len;
    }
    return p->failed ? p->err.code : 0;
}

/* Leaves MODE_SNIFF: the held prefix goes to the reader chosen. */
static int choose_mode(cuzk_c1_parser *p, int envelope)
{
    if (envelope) {
        p->envx = cuzk_c1_env_new();
        if (!p->envx) {
            cuzk_err_set(&p->err, CUZK_ERR_OUT_OF_MEMORY, "c1: out of memory");
            p->failed = 1;
            return p->err.code;
        }
        p->mode = MODE_ENVELOPE;
        return cuzk_c1_env_feed(p->envx, p->pre, p->pre_n, NULL);
    }
    p->mode = MODE_JSON;
    return feed_json(p, p->pre, p->pre_n);
}

int cuzk_c1_parser_feed(cuzk_c1_parser *p, const void *data, size_t len, cuzk_err *err)
{
    if (!p || (!data && len)) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1: NULL argument");
    const unsigned char *s = data;
    int rc = p->failed ? p->err.code : 0;
    if (!rc && p->mode == MODE_SNIFF) {
        size_t take = len < SNIFF_MAX - p->pre_n ? len : SNIFF_MAX - p->pre_n;
        memcpy(p->pre + p->pre_n, s, take);
        p->pre_n += take;
        s += take;
        len -= take;
        int d = sniff_envelope(p->pre, p->pre_n);
        if (d >= 0 || p->pre_n == SNIFF_MAX) rc = choose_mode(p, d == 1);
    }
    if (!rc && p->mode == MODE_JSON) rc = feed_json(p, s, len);
    else if (!rc && p->mode == MODE_ENVELOPE) rc = cuzk_c1_env_feed(p->envx, s, len, NULL);
    if (rc) {
        if (p->mode == MODE_ENVELOPE && !p->failed) {
            cuzk_c1_env_feed(p->envx, NULL, 0, &p->err); /* fetch its error */
            p->failed = 1;
        }
        if (err) *err = p->err;
    }
    return rc;
}

int cuzk_c1_parser_finish(cuzk_c1_parser *p, cuzk_porep_c1 *out, cuzk_c1_envelope *env, cuzk_err *err)
{
    if (!p || !out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1: NULL argument");
    memset(out, 0, sizeof *out);
    out->seal_proof = -1;
    if (env) memset(env, 0, sizeof *env);
    if (!p->failed && p->mode == MODE_SNIFF) choose_mode(p, 0);
    if (!p->failed && p->mode == MODE_ENVELOPE) {
        int rc = cuzk_c1_env_finish(p->envx, out, env, &p->err);
        if (rc) {
            p->failed = 1;
            if (err) *err = p->err;
        }
        return rc;
    }
    if (!p->failed && (yajl_complete_parse(p->yh) != yajl_status_ok || !p->done))
        fail(p, CUZK_ERR_TRUNCATED, "input ended after %llu bytes, before the JSON was complete",
             (unsigned long long)p->fed);
    if (p->failed) {
        if (err) *err = p->err;
        return p->err.code;
    }
    *out = p->out;
    memset(&p->out, 0, sizeof p->out);
    p->cap = 0;
    return 0;
}

int cuzk_c1_parse(const void *data, size_t len, cuzk_porep_c1 *out, cuzk_c1_envelope *env, cuzk_err *err)
{
    if (!out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1: NULL argument");
    memset(out, 0, sizeof *out);
    cuzk_c1_parser *p = cuzk_c1_parser_new();
    if (!p) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "c1: out of memory");
    int rc = cuzk_c1_parser_feed(p, data, len, err);
    if (!rc) rc = cuzk_c1_parser_finish(p, out, env, err);
    cuzk_c1_parser_free(p);
    return rc;
}

int cuzk_c1_parse_file(const char *path, cuzk_porep_c1 *out, cuzk_c1_envelope *env, cuzk_err *err)
{
    if (!path || !out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "c1: NULL argument");
    memset(out, 0, sizeof *out);
    FILE *fp = fopen(path, "rb");
    if (!fp) return cuzk_err_set(err, CUZK_ERR_IO, "c1: cannot open %s", path);
    cuzk_c1_parser *p = cuzk_c1_parser_new();
    if (!p) {
        fclose(fp);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "c1: out of memory");
    }
    static const size_t CHUNK = 1 << 16;
    unsigned char *buf = malloc(CHUNK);
    int rc = buf ? 0 : cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "c1: out of memory");
    while (!rc) {
        size_t n = fread(buf, 1, CHUNK, fp);
        if (n) rc = cuzk_c1_parser_feed(p, buf, n, err);
        if (n < CHUNK) {
            if (ferror(fp)) rc = cuzk_err_set(err, CUZK_ERR_IO, "c1: read error on %s", path);
            break;
        }
    }
    if (!rc) rc = cuzk_c1_parser_finish(p, out, env, err);
    free(buf);
    fclose(fp);
    cuzk_c1_parser_free(p);
    return rc;
}
