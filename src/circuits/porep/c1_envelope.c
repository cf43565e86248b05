/* Curio's envelope {"SectorNum": n, "Phase1Out": "<base64 of the C1 JSON>",
 * "SectorSize": n}, read by a small lexer of its own: Phase1Out (tens of MB)
 * is decoded as it arrives and streamed into a C1 parser, never held whole.
 * (yajl hands a string over only once complete, and re-lexes a string split
 * across chunks from its start: quadratic on a 50 MB string fed in 64 KiB
 * pieces.) Keys in any order; Go writes them without escapes, so escapes in
 * keys or in the base64 are rejected. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuzk/porep.h"
#include "circuits/porep/c1_impl.h"

enum { E_START, E_KEY_OR_END, E_KEY_START, E_KEY, E_COLON, E_VALUE, E_NUMBER, E_B64, E_AFTER, E_DONE };
enum { K_SECTOR_NUM, K_PHASE1OUT, K_SECTOR_SIZE };
static const char *const KEYS[3] = {"SectorNum", "Phase1Out", "SectorSize"};

#define OUT_CHUNK (48 * 1024)

struct cuzk_c1_env_lexer {
    int state, key, failed;
    unsigned seen;
    char tok[24];          /* the key or number being read */
    size_t tok_n;
    uint64_t pos;          /* bytes read */
    uint64_t b64_n;        /* base64 characters read */
    uint8_t quad[4];       /* the base64 group being read */
    int quad_n, pad;       /* pad: '=' read in the current group; -1 once a padded group closed */
    cuzk_c1_parser *inner;
    uint8_t *out;          /* decoded bytes not yet given to inner */
    size_t out_n;
    cuzk_c1_envelope env;
    cuzk_err err;
};

__attribute__((format(printf, 3, 4)))
static int fail(cuzk_c1_env_lexer *x, const char *where, const char *fmt, ...)
{
    if (x->failed) return x->err.code;
    char what[224];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    cuzk_err_set(&x->err, CUZK_ERR_PARSE, "c1: %s: %s", where, what);
    x->failed = 1;
    return x->err.code;
}

/* An error of the C1 inside, named under Phase1Out. */
static int fail_inner(cuzk_c1_env_lexer *x, const cuzk_err *e)
{
    if (x->failed) return x->err.code;
    cuzk_err_set(&x->err, e->code, "c1: Phase1Out: %s", strncmp(e->msg, "c1: ", 4) ? e->msg : e->msg + 4);
    x->failed = 1;
    return x->err.code;
}

cuzk_c1_env_lexer *cuzk_c1_env_new(void)
{
    cuzk_c1_env_lexer *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->out = malloc(OUT_CHUNK);
    x->inner = cuzk_c1_parser_new_plain();
    if (!x->out || !x->inner) {
        cuzk_c1_env_free(x);
        return NULL;
    }
    x->env.present = true;
    return x;
}

void cuzk_c1_env_free(cuzk_c1_env_lexer *x)
{
    if (!x) return;
    cuzk_c1_parser_free(x->inner);
    free(x->out);
    free(x);
}

static int flush(cuzk_c1_env_lexer *x)
{
    cuzk_err e;
    if (x->out_n && cuzk_c1_parser_feed(x->inner, x->out, x->out_n, &e)) return fail_inner(x, &e);
    x->out_n = 0;
    return 0;
}

/* One character of the base64 text (not the closing quote). */
static int b64_char(cuzk_c1_env_lexer *x, unsigned char c)
{
    int v = c == '=' ? 0 : cuzk_c1_base64_value(c);
    if (v < 0 || x->pad < 0 || (c == '=' && x->quad_n < 2) || (x->pad && c != '='))
        return fail(x, "Phase1Out", "not canonical base64");
    if (c == '=') x->pad++;
    x->quad[x->quad_n++] = (uint8_t)v;
    x->b64_n++;
    if (x->quad_n < 4) return 0;
    uint32_t w = (uint32_t)x->quad[0] << 18 | (uint32_t)x->quad[1] << 12 | (uint32_t)x->quad[2] << 6 | x->quad[3];
    if ((x->pad == 1 && (w & 0xff)) || (x->pad == 2 && (w & 0xffff)))
        return fail(x, "Phase1Out", "not canonical base64");
    if (x->out_n + 3 > OUT_CHUNK && flush(x)) return x->err.code;
    x->out[x->out_n++] = (uint8_t)(w >> 16);
    if (x->pad < 2) x->out[x->out_n++] = (uint8_t)(w >> 8);
    if (x->pad < 1) x->out[x->out_n++] = (uint8_t)w;
    x->quad_n = 0;
    if (x->pad) x->pad = -1; /* only the closing quote may follow */
    return 0;
}

static int is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int end_number(cuzk_c1_env_lexer *x)
{
    uint64_t v = 0;
    int ok = x->tok_n > 0 && x->tok_n <= 20 && !(x->tok_n > 1 && x->tok[0] == '0');
    for (size_t i = 0; ok && i < x->tok_n; i++) {
        unsigned d = (unsigned)(x->tok[i] - '0');
        if (d > 9 || v > (UINT64_MAX - d) / 10) ok = 0;
        else v = v * 10 + d;
    }
    if (x->key == K_SECTOR_NUM) {
        if (!ok || v > INT64_MAX) return fail(x, "SectorNum", "expected a sector number");
        x->env.sector_num = v;
    } else {
        if (!ok) return fail(x, "SectorSize", "expected a sector size");
        x->env.sector_size = v;
    }
    x->state = E_AFTER;
    return 0;
}

static int malformed(cuzk_c1_env_lexer *x, const char *what)
{
    return fail(x, "(top level)", "malformed JSON at byte %llu: %s", (unsigned long long)x->pos, what);
}

int cuzk_c1_env_feed(cuzk_c1_env_lexer *x, const void *data, size_t len, cuzk_err *err)
{
    const unsigned char *s = data;
    size_t i = 0;
    while (i < len && !x->failed) {
        if (x->state == E_B64) {
            /* the hot loop: a run of base64 characters */
            size_t j = i;
            while (j < len && s[j] != '"' && !b64_char(x, s[j])) j++;
            x->pos += j - i;
            i = j;
            if (x->failed || i == len) break;
            if (x->quad_n) fail(x, "Phase1Out", "not canonical base64"); /* closing quote mid-group */
            else if (!flush(x)) x->state = E_AFTER;
            i++;
            x->pos++;
            continue;
        }
        unsigned char c = s[i];
        int consume = 1;
        switch (x->state) {
        case E_START:
            if (is_ws(c)) break;
            if (c != '{') malformed(x, "expected an object");
            else x->state = E_KEY_OR_END;
            break;
        case E_KEY_OR_END:
        case E_KEY_START:
            if (is_ws(c)) break;
            if (c == '}' && x->state == E_KEY_OR_END) {
                x->state = E_DONE;
            } else if (c != '"') {
                malformed(x, "expected a key");
            } else {
                x->tok_n = 0;
                x->state = E_KEY;
            }
            break;
        case E_KEY:
            if (c == '"') {
                x->key = -1;
                for (int k = 0; k < 3; k++)
                    if (strlen(KEYS[k]) == x->tok_n && memcmp(KEYS[k], x->tok, x->tok_n) == 0) x->key = k;
                if (x->key < 0) {
                    fail(x, "(top level)", "unknown field \"%.*s\"", (int)x->tok_n, x->tok);
                } else if (x->seen >> x->key & 1) {
                    fail(x, KEYS[x->key], "duplicate field");
                } else {
                    x->seen |= 1u << x->key;
                    x->state = E_COLON;
                }
            } else if (c == '\\' || x->tok_n == sizeof x->tok) {
                fail(x, "(top level)", "unknown field \"%.*s...\"", (int)x->tok_n, x->tok);
            } else {
                x->tok[x->tok_n++] = (char)c;
            }
            break;
        case E_COLON:
            if (is_ws(c)) break;
            if (c != ':') malformed(x, "expected ':'");
            else x->state = E_VALUE;
            break;
        case E_VALUE:
            if (is_ws(c)) break;
            if (x->key == K_PHASE1OUT) {
                if (c != '"') fail(x, "Phase1Out", "expected a base64 string");
                else x->state = E_B64;
            } else {
                x->tok_n = 0;
                x->state = E_NUMBER;
                consume = 0; /* the first character of the number */
            }
            break;
        case E_NUMBER:
            if (is_ws(c) || c == ',' || c == '}') {
                if (!end_number(x)) consume = 0; /* the delimiter belongs to E_AFTER */
            } else if (x->tok_n == sizeof x->tok) {
                fail(x, KEYS[x->key], "expected a sector %s", x->key == K_SECTOR_NUM ? "number" : "size");
            } else {
                x->tok[x->tok_n++] = (char)c;
            }
            break;
        case E_AFTER:
            if (is_ws(c)) break;
            if (c == ',') x->state = E_KEY_START;
            else if (c == '}') x->state = E_DONE;
            else malformed(x, "expected ',' or '}'");
            break;
        default: /* E_DONE */
            if (!is_ws(c)) malformed(x, "trailing garbage");
            break;
        }
        if (consume) {
            i++;
            x->pos++;
        }
    }
    if (x->failed) {
        if (err) *err = x->err;
        return x->err.code;
    }
    return 0;
}

int cuzk_c1_env_finish(cuzk_c1_env_lexer *x, cuzk_porep_c1 *out, cuzk_c1_envelope *env, cuzk_err *err)
{
    if (!x->failed && x->state != E_DONE) {
        cuzk_err_set(&x->err, CUZK_ERR_TRUNCATED, "c1: (top level): input ended after %llu bytes, before the JSON was complete",
                     (unsigned long long)x->pos);
        x->failed = 1;
    }
    if (!x->failed && x->seen != 7) {
        int k = 0;
        while (x->seen >> k & 1) k++;
        fail(x, "(top level)", "missing field \"%s\"", KEYS[k]);
    }
    cuzk_err e;
    if (!x->failed && cuzk_c1_parser_finish(x->inner, out, NULL, &e)) fail_inner(x, &e);
    if (!x->failed) {
        cuzk_porep_config cfg;
        if (cuzk_porep_config_init(&cfg, (cuzk_seal_proof)out->seal_proof, &e) ||
            cfg.sector_size != x->env.sector_size) {
            fail(x, "(top level)", "SectorSize %llu does not match %s (%llu)",
                 (unsigned long long)x->env.sector_size, cuzk_seal_proof_name(out->seal_proof),
                 (unsigned long long)cfg.sector_size);
            cuzk_porep_c1_free(out);
        }
    }
    if (x->failed) {
        if (err) *err = x->err;
        return x->err.code;
    }
    if (env) *env = x->env;
    return 0;
}
