/* C1 output JSON: a hand-built 2 KiB C1 (1 partition x 2 challenges) written
 * and read back, the envelope, every rejection with its message, truncation
 * and chunked feeding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuzk/porep.h"
#include "test.h"
#include "circuits/c1_build.h"

/* Replaces the first occurrence of from with to; returns a malloc'd copy or NULL. */
static char *replace(const char *s, const char *from, const char *to)
{
    const char *at = strstr(s, from);
    if (!at) return NULL;
    size_t a = (size_t)(at - s), lf = strlen(from), lt = strlen(to), ls = strlen(s);
    char *o = malloc(ls - lf + lt + 1);
    memcpy(o, s, a);
    memcpy(o + a, to, lt);
    memcpy(o + a + lt, at + lf, ls - a - lf + 1);
    return o;
}

/* Parses text, expects failure with code and a message containing want. */
static void expect_fail(const char *text, int code, const char *want)
{
    cuzk_porep_c1 out;
    cuzk_err err = {0};
    CHECK_MSG(text != NULL, "mutation for \"%s\" not applied", want);
    if (!text) return;
    int rc = cuzk_c1_parse(text, strlen(text), &out, NULL, &err);
    CHECK_MSG(rc == code && err.code == code, "rc %d (want %d): %s", rc, code, err.msg);
    CHECK_MSG(strstr(err.msg, want) != NULL, "message \"%s\" lacks \"%s\"", err.msg, want);
    CHECK(out.proofs == NULL);
}

static void expect_fail_free(char *text, int code, const char *want)
{
    expect_fail(text, code, want);
    free(text);
}

static char *write_c1(const cuzk_porep_c1 *c1)
{
    char *j = NULL;
    size_t n = 0;
    cuzk_err err;
    int rc = cuzk_c1_write(c1, &j, &n, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    return rc ? NULL : j;
}

static void test_roundtrip(const cuzk_porep_c1 *c1, const char *json, size_t len)
{
    cuzk_porep_c1 back;
    cuzk_c1_envelope env;
    cuzk_err err;
    CHECK(len > 1000 && json[0] == '{' && strlen(json) == len);
    CHECK(strncmp(json, "{\"registered_proof\":\"StackedDrg2KiBV1_1\",\"vanilla_proofs\":{\"StackedDrg2KiBV1\":[[{"
                        "\"comm_d_proofs\":{\"data\":{\"Single\":{\"root\":[", 118) == 0);
    CHECK(strstr(json, "\"_h\":null},\"inclusion_proof\":{\"data\":{\"Single\":{\"root\":[") != NULL);
    CHECK(strstr(json, "\"ticket\":[") != NULL && json[len - 1] == '}' && json[len - 2] == ']');
    int rc = cuzk_c1_parse(json, len, &back, &env, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (rc) return;
    CHECK(!env.present);
    CHECK(c1_equal(c1, &back));
    char *again = write_c1(&back);
    CHECK(again && strcmp(again, json) == 0);
    free(again);
    cuzk_porep_c1_free(&back);

    /* one byte at a time: every position is a chunk boundary */
    cuzk_c1_parser *p = cuzk_c1_parser_new();
    rc = 0;
    for (size_t i = 0; i < len && !rc; i++) rc = cuzk_c1_parser_feed(p, json + i, 1, &err);
    if (!rc) rc = cuzk_c1_parser_finish(p, &back, NULL, &err);
    cuzk_c1_parser_free(p);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (!rc) {
        CHECK(c1_equal(c1, &back));
        cuzk_porep_c1_free(&back);
    }
    /* two chunks, split points spread over the whole text */
    int bad = 0;
    for (size_t cut = 0; cut <= len; cut += 1 + cut / 16) {
        p = cuzk_c1_parser_new();
        rc = cuzk_c1_parser_feed(p, json, cut, &err);
        if (!rc) rc = cuzk_c1_parser_feed(p, json + cut, len - cut, &err);
        if (!rc) rc = cuzk_c1_parser_finish(p, &back, NULL, &err);
        cuzk_c1_parser_free(p);
        if (rc || !c1_equal(c1, &back)) bad++;
        if (!rc) cuzk_porep_c1_free(&back);
    }
    CHECK(bad == 0);
    /* truncation: never a crash, always an error, never a result */
    bad = 0;
    for (size_t cut = 0; cut < len; cut += 1 + cut / 16) {
        cuzk_err e = {0};
        rc = cuzk_c1_parse(json, cut, &back, NULL, &e);
        if (rc == 0 || back.proofs != NULL || (rc != CUZK_ERR_TRUNCATED && rc != CUZK_ERR_PARSE)) bad++;
        if (rc == CUZK_ERR_TRUNCATED && !strstr(e.msg, "input ended after")) bad++;
    }
    CHECK(bad == 0);
    rc = cuzk_c1_parse(json, len - 1, &back, NULL, &err);
    CHECK(rc == CUZK_ERR_TRUNCATED && strstr(err.msg, "(top level): input ended after") != NULL);
}

static void test_envelope(const cuzk_porep_c1 *c1)
{
    char *j = NULL;
    size_t n = 0;
    cuzk_err err;
    cuzk_porep_c1 back;
    cuzk_c1_envelope env;
    CHECK(cuzk_c1_write_envelope(c1, 4242, &j, &n, &err) == 0);
    CHECK(strncmp(j, "{\"SectorNum\":4242,\"Phase1Out\":\"eyJyZWdpc3RlcmVkX3Byb29mIjoi", 58) == 0);
    CHECK(n > 20 && strcmp(j + n - 20, "\",\"SectorSize\":2048}") == 0);
    int rc = cuzk_c1_parse(j, n, &back, &env, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (!rc) {
        CHECK(env.present && env.sector_num == 4242 && env.sector_size == 2048);
        CHECK(c1_equal(c1, &back));
        char *k = NULL;
        size_t m = 0;
        CHECK(cuzk_c1_write_envelope(&back, env.sector_num, &k, &m, &err) == 0 && m == n && !memcmp(j, k, n));
        free(k);
        cuzk_porep_c1_free(&back);
    }
    /* one byte at a time, and cut short anywhere */
    cuzk_c1_parser *p = cuzk_c1_parser_new();
    rc = 0;
    for (size_t i = 0; i < n && !rc; i++) rc = cuzk_c1_parser_feed(p, j + i, 1, &err);
    if (!rc) rc = cuzk_c1_parser_finish(p, &back, &env, &err);
    cuzk_c1_parser_free(p);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (!rc) {
        CHECK(env.present && env.sector_num == 4242 && c1_equal(c1, &back));
        cuzk_porep_c1_free(&back);
    }
    int bad = 0;
    for (size_t cut = 0; cut < n; cut += 1 + cut / 8) {
        cuzk_err e = {0};
        rc = cuzk_c1_parse(j, cut, &back, NULL, &e);
        if (rc == 0 || back.proofs != NULL || (rc != CUZK_ERR_TRUNCATED && rc != CUZK_ERR_PARSE)) bad++;
        if (rc == CUZK_ERR_TRUNCATED && !strstr(e.msg, "input ended after")) bad++;
    }
    CHECK(bad == 0);
    /* any field order */
    const char *b64 = strstr(j, "\"Phase1Out\":");
    size_t b64n = (size_t)(strstr(j, "\",\"SectorSize\"") - b64) + 1;
    char *re = malloc(n + 64);
    snprintf(re, n + 64, "{\"SectorSize\":2048,%.*s,\"SectorNum\":7}", (int)b64n, b64);
    rc = cuzk_c1_parse(re, strlen(re), &back, &env, &err);
    CHECK_MSG(rc == 0 && env.sector_num == 7, "%s", err.msg);
    if (!rc) cuzk_porep_c1_free(&back);
    snprintf(re, n + 64, "{\"SectorSize\":4096,%.*s,\"SectorNum\":7}", (int)b64n, b64);
    expect_fail(re, CUZK_ERR_PARSE, "c1: (top level): SectorSize 4096 does not match StackedDrg2KiBV1_1 (2048)");
    snprintf(re, n + 64, "{%.*s,\"SectorNum\":7}", (int)b64n, b64);
    expect_fail(re, CUZK_ERR_PARSE, "c1: (top level): missing field \"SectorSize\"");
    snprintf(re, n + 64, "{\"SectorNum\":-7,%.*s,\"SectorSize\":2048}", (int)b64n, b64);
    expect_fail(re, CUZK_ERR_PARSE, "c1: SectorNum: expected a sector number");
    snprintf(re, n + 64, "{%.*s,%.*s,\"SectorSize\":2048}", (int)b64n, b64, (int)b64n, b64);
    expect_fail(re, CUZK_ERR_PARSE, "c1: Phase1Out: duplicate field");
    /* base64: a bad character, missing padding, non-zero pad bits */
    expect_fail_free(replace(j, "Phase1Out\":\"ey", "Phase1Out\":\"e*"), CUZK_ERR_PARSE,
                     "c1: Phase1Out: not canonical base64");
    expect_fail("{\"SectorNum\":1,\"Phase1Out\":\"e30\",\"SectorSize\":2048}", CUZK_ERR_PARSE,
                "not canonical base64");
    expect_fail("{\"SectorNum\":1,\"Phase1Out\":\"e31=\",\"SectorSize\":2048}", CUZK_ERR_PARSE,
                "not canonical base64");
    /* "{}" and "[]" inside: the inner error is named under Phase1Out */
    expect_fail("{\"SectorNum\":1,\"Phase1Out\":\"e30=\",\"SectorSize\":2048}", CUZK_ERR_PARSE,
                "c1: Phase1Out: (top level): missing field \"registered_proof\"");
    expect_fail("{\"SectorNum\":1,\"Phase1Out\":\"W10=\",\"SectorSize\":2048}", CUZK_ERR_PARSE,
                "c1: Phase1Out: (top level): expected an object, got an array");
    expect_fail("{\"SectorNum\":1,\"Phase1Out\":\"e30=e30=\",\"SectorSize\":2048}", CUZK_ERR_PARSE,
                "c1: Phase1Out: not canonical base64");
    expect_fail("{\"SectorNum\":1,\"Foo\":2}", CUZK_ERR_PARSE, "c1: (top level): unknown field \"Foo\"");
    expect_fail("{\"SectorNum\":1.5}", CUZK_ERR_PARSE, "c1: SectorNum: expected a sector number");
    {
        char *x = malloc(n + 3), want[96];
        snprintf(x, n + 3, "%s x", j);
        snprintf(want, sizeof want, "c1: (top level): malformed JSON at byte %zu: trailing garbage", n + 1);
        expect_fail(x, CUZK_ERR_PARSE, want);
        size_t cut = (size_t)(strstr(j, "\",\"SectorSize\"") - j) + 1; /* the base64 and its quote */
        x[cut] = 0;
        memcpy(x, j, cut);
        snprintf(want, sizeof want, "c1: (top level): input ended after %zu bytes", cut);
        expect_fail(x, CUZK_ERR_TRUNCATED, want);
        free(x);
    }
    /* whitespace anywhere JSON allows it */
    snprintf(re, n + 64, " {\n \"SectorSize\" : 2048 ,\t%.*s ,\"SectorNum\":7 }\n", (int)b64n, b64);
    rc = cuzk_c1_parse(re, strlen(re), &back, &env, &err);
    CHECK_MSG(rc == 0 && env.sector_num == 7 && env.sector_size == 2048, "%s", err.msg);
    if (!rc) cuzk_porep_c1_free(&back);
    /* no envelope inside the envelope: base64 of {"SectorNum":1} */
    expect_fail("{\"SectorNum\":1,\"Phase1Out\":\"eyJTZWN0b3JOdW0iOjF9\",\"SectorSize\":2048}", CUZK_ERR_PARSE,
                "c1: Phase1Out: (top level): unknown field \"SectorNum\"");
    free(re);
    free(j);
}

/* Writes a modified copy of c1 and expects the parse to fail. */
typedef void (*mutator)(cuzk_porep_c1 *);
static void m_partitions(cuzk_porep_c1 *c) { c->partitions = 2; }
static void m_challenges(cuzk_porep_c1 *c) { c->challenges_per_partition = 1; }
static void m_d_short(cuzk_porep_c1 *c) { c->proofs[1].comm_d_proof.base_levels = 5; }
static void m_d_long(cuzk_porep_c1 *c)
{
    cuzk_porep_merkle_proof *mp = &c->proofs[0].comm_d_proof;
    mp->arity[6] = 2;
    mp->base_levels = 7;
}
static void m_r_arity(cuzk_porep_c1 *c)
{
    c->proofs[0].comm_r_last_proof.arity[1] = 4;
    c->proofs[0].comm_r_last_proof.index[1] = 3;
}
static void m_c_sub(cuzk_porep_c1 *c)
{
    cuzk_porep_merkle_proof *mp = &c->proofs[1].exp_parents[3].inclusion;
    mp->sub_levels = 1;
    mp->arity[mp->base_levels] = 8;
}
static void m_rows(cuzk_porep_c1 *c) { c->proofs[0].drg_parents[2].column.n_rows = 3; }
static void m_labels(cuzk_porep_c1 *c) { c->proofs[0].n_labeling = 1; }
static void m_fr(cuzk_porep_c1 *c)
{
    /* r itself, little-endian */
    static const uint8_t r[32] = {0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xfe, 0x5b, 0xfe,
                                  0xff, 0x02, 0xa4, 0xbd, 0x53, 0x05, 0xd8, 0xa1, 0x09, 0x08, 0xd8,
                                  0x39, 0x33, 0x48, 0x7d, 0x9d, 0x29, 0x53, 0xa7, 0xed, 0x73};
    memcpy(c->proofs[1].c_x.inclusion.hashes[9], r, 32);
}
static void m_fr_top(cuzk_porep_c1 *c) { memset(c->replica_id, 0xff, 32); }

static void expect_mutation(const cuzk_porep_c1 *c1, mutator m, int code, const char *want)
{
    cuzk_porep_c1 c = *c1;
    size_t n = (size_t)c1->partitions * c1->challenges_per_partition;
    c.proofs = cuzk_alloc_array(2 * n, sizeof *c.proofs); /* room for a partition more */
    memcpy(c.proofs, c1->proofs, n * sizeof *c.proofs);
    memcpy(c.proofs + n, c1->proofs, n * sizeof *c.proofs);
    m(&c);
    char *j = write_c1(&c);
    expect_fail(j, code, want);
    free(j);
    cuzk_free(c.proofs);
}

static void test_errors(const cuzk_porep_c1 *c1, const char *json)
{
    const char *V = "c1: vanilla_proofs.StackedDrg2KiBV1";
    char want[256];
    /* malformed */
    expect_fail_free(replace(json, "]],", "]];"), CUZK_ERR_PARSE, "malformed JSON at byte");
    expect_fail("", CUZK_ERR_TRUNCATED, "input ended after 0 bytes");
    expect_fail("[]", CUZK_ERR_PARSE, "c1: (top level): expected an object, got an array");
    {
        char *x = malloc(strlen(json) + 3);
        sprintf(x, "%s x", json);
        expect_fail(x, CUZK_ERR_PARSE, "malformed JSON");
        free(x);
    }
    /* registered proof */
    expect_fail_free(replace(json, "StackedDrg2KiBV1_1", "StackedDrg4KiBV1_1"), CUZK_ERR_UNSUPPORTED,
                     "c1: registered_proof: unknown registered proof \"StackedDrg4KiBV1_1\"");
    expect_fail_free(replace(json, "\"registered_proof\":\"StackedDrg2KiBV1_1\"", "\"registered_proof\":5"),
                     CUZK_ERR_PARSE, "c1: registered_proof: expected a registered proof name, got a number");
    /* another size: its vanilla proof variant and shapes differ */
    expect_fail_free(replace(json, "StackedDrg2KiBV1_1", "StackedDrg8MiBV1_1"), CUZK_ERR_PARSE,
                     "c1: vanilla_proofs: vanilla proof variant \"StackedDrg2KiBV1\" does not match "
                     "StackedDrg8MiBV1_1 (expected \"StackedDrg8MiBV1\")");
    {
        /* registered_proof after vanilla_proofs */
        const char *vp = strstr(json, "\"vanilla_proofs\"");
        size_t hl = (size_t)(vp - json);
        char *t = malloc(strlen(json) + 1);
        memcpy(t, "{", 1);
        strcpy(t + 1, vp);
        char *e = strrchr(t, '}');
        snprintf(e, hl + 1, ",%.*s", (int)(hl - 2), json + 1);
        strcat(t, "}");
        expect_fail(t, CUZK_ERR_PARSE, "c1: vanilla_proofs: registered_proof must come before vanilla_proofs");
        free(t);
    }
    /* counts */
    snprintf(want, sizeof want, "%s[1]: more than the 1 elements expected", V);
    expect_mutation(c1, m_partitions, CUZK_ERR_TOO_LARGE, want);
    snprintf(want, sizeof want, "%s[0]: expected 2 elements, got 1", V);
    expect_mutation(c1, m_challenges, CUZK_ERR_BAD_LENGTH, want);
    /* Merkle path shapes */
    snprintf(want, sizeof want, "%s[0][1].comm_d_proofs.data.Single.path.path: expected 6 elements, got 5", V);
    expect_mutation(c1, m_d_short, CUZK_ERR_BAD_LENGTH, want);
    snprintf(want, sizeof want, "%s[0][0].comm_d_proofs.data.Single.path.path[6]: more than the 6 elements", V);
    expect_mutation(c1, m_d_long, CUZK_ERR_TOO_LARGE, want);
    snprintf(want, sizeof want,
             "%s[0][0].comm_r_last_proof.data.Single.path.path[1].hashes: expected 7 elements, got 3", V);
    expect_mutation(c1, m_r_arity, CUZK_ERR_BAD_LENGTH, want);
    snprintf(want, sizeof want,
             "%s[0][1].replica_column_proofs.exp_parents[3].inclusion_proof.data: expected ProofData Single for "
             "this tree shape", V);
    expect_mutation(c1, m_c_sub, CUZK_ERR_PARSE, want);
    snprintf(want, sizeof want, "%s[0][0].replica_column_proofs.drg_parents[2].column.rows[2]: more than the 2", V);
    expect_mutation(c1, m_rows, CUZK_ERR_TOO_LARGE, want);
    snprintf(want, sizeof want, "%s[0][0].labeling_proofs: expected 2 elements, got 1", V);
    expect_mutation(c1, m_labels, CUZK_ERR_BAD_LENGTH, want);
    /* field elements */
    snprintf(want, sizeof want,
             "%s[0][1].replica_column_proofs.c_x.inclusion_proof.data.Single.path.path[1].hashes[2]: field element "
             ">= r", V);
    expect_mutation(c1, m_fr, CUZK_ERR_NOT_CANONICAL, want);
    expect_mutation(c1, m_fr_top, CUZK_ERR_NOT_CANONICAL, "c1: replica_id: field element >= r");
    /* bytes */
    const char *cr = strstr(json, "\"comm_r\":[");
    CHECK(cr != NULL);
    char *t = strdup(json);
    char *v = t + (cr - json) + 10; /* first byte of comm_r */
    size_t dl = strcspn(v, ",");
    char *u = malloc(strlen(json) + 8);
    snprintf(u, strlen(json) + 8, "%.*s256%s", (int)(v - t), t, v + dl);
    expect_fail(u, CUZK_ERR_PARSE, "c1: comm_r[0]: byte value 256 is not an integer 0..255");
    snprintf(u, strlen(json) + 8, "%.*s-1%s", (int)(v - t), t, v + dl);
    expect_fail(u, CUZK_ERR_PARSE, "c1: comm_r[0]: byte value -1 is not");
    snprintf(u, strlen(json) + 8, "%.*s1.0%s", (int)(v - t), t, v + dl);
    expect_fail(u, CUZK_ERR_PARSE, "c1: comm_r[0]: byte value 1.0 is not");
    snprintf(u, strlen(json) + 8, "%.*s\"1\"%s", (int)(v - t), t, v + dl);
    expect_fail(u, CUZK_ERR_PARSE, "c1: comm_r[0]: expected an integer 0..255, got a string");
    snprintf(u, strlen(json) + 8, "%.*s1,%s", (int)(v - t), t, v);
    expect_fail(u, CUZK_ERR_TOO_LARGE, "c1: comm_r[32]: expected 32-byte array");
    snprintf(u, strlen(json) + 8, "%.*s%s", (int)(v - t), t, v + dl + 1);
    expect_fail(u, CUZK_ERR_BAD_LENGTH, "c1: comm_r: expected 32-byte array, got 31 bytes");
    free(u);
    free(t);
    /* fields: missing, duplicated, unknown, wrong type */
    {
        const char *tk = strstr(json, ",\"ticket\":");
        char *x = strndup(json, (size_t)(tk - json));
        char *y = malloc(strlen(json) + 200);
        sprintf(y, "%s}", x);
        expect_fail(y, CUZK_ERR_PARSE, "c1: (top level): missing field \"ticket\"");
        const char *sd = strstr(json, ",\"seed\":");
        sprintf(y, "%s%.*s%s", x, (int)(tk - sd), sd, tk);
        expect_fail(y, CUZK_ERR_PARSE, "c1: seed: duplicate field");
        sprintf(y, "%s,\"extra\":1%s", x, tk);
        expect_fail(y, CUZK_ERR_PARSE, "c1: (top level): unknown field \"extra\"");
        free(x);
        free(y);
    }
    snprintf(want, sizeof want, "%s[0][0].replica_column_proofs.c_x.column: missing field \"_h\"", V);
    expect_fail_free(replace(json, ",\"_h\":null", ""), CUZK_ERR_PARSE, want);
    snprintf(want, sizeof want, "%s[0][0].replica_column_proofs.c_x.column._h: expected null, got a number", V);
    expect_fail_free(replace(json, "\"_h\":null", "\"_h\":0"), CUZK_ERR_PARSE, want);
    snprintf(want, sizeof want, "%s[0][0].comm_d_proofs.data.Single: unknown field \"base_proof\"", V);
    expect_fail_free(replace(json, "\"path\":{\"path\"", "\"base_proof\":{\"path\""), CUZK_ERR_PARSE, want);
    snprintf(want, sizeof want, "%s[0][0].comm_d_proofs.data: unknown ProofData variant \"Bottom\"", V);
    expect_fail_free(replace(json, "\"Single\"", "\"Bottom\""), CUZK_ERR_PARSE, want);
    snprintf(want, sizeof want, "%s[0][0].comm_d_proofs.data.Single.path.path[0].index: expected an index 0..1", V);
    expect_fail_free(replace(json, "],\"index\":", "],\"index\":2"), CUZK_ERR_PARSE, want);
    expect_fail_free(replace(json, "],\"index\":", "],\"index\":0"), CUZK_ERR_PARSE, "malformed JSON"); /* 0N */
    snprintf(want, sizeof want, "%s[0][0].labeling_proofs[0].layer_index: expected a u32", V);
    expect_fail_free(replace(json, "\"layer_index\":1", "\"layer_index\":4294967296"), CUZK_ERR_PARSE, want);
    snprintf(want, sizeof want, "%s[0][0].labeling_proofs[0].node: expected a u64", V);
    expect_fail_free(replace(json, "\"node\":", "\"node\":18446744073709551616,\"x\":"), CUZK_ERR_PARSE, want);
    snprintf(want, sizeof want, "%s[0][0].labeling_proofs[0].parents: expected 37 elements, got 36", V);
    {
        /* 36 and 38 parents */
        const char *pp = strstr(json, "\"parents\":[[") + 11;
        size_t dl = strcspn(pp, "]") + 2; /* one domain and its comma */
        char *x = malloc(strlen(json) + dl + 1);
        sprintf(x, "%.*s%s", (int)(pp - json), json, pp + dl);
        expect_fail(x, CUZK_ERR_BAD_LENGTH, want);
        sprintf(x, "%.*s%.*s%s", (int)(pp - json), json, (int)dl, pp, pp);
        snprintf(want, sizeof want, "%s[0][0].labeling_proofs[0].parents[37]: more than the 37", V);
        expect_fail(x, CUZK_ERR_TOO_LARGE, want);
        free(x);
    }
    /* the writer refuses a struct it cannot describe */
    cuzk_porep_c1 c = *c1;
    char *j = NULL;
    size_t n;
    cuzk_err err;
    c.seal_proof = 99;
    CHECK(cuzk_c1_write(&c, &j, &n, &err) == CUZK_ERR_INVALID_ARGUMENT && j == NULL);
    CHECK(cuzk_c1_write(NULL, &j, &n, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_c1_parse_file("/nonexistent/c1.json", &c, NULL, &err) == CUZK_ERR_IO && c.proofs == NULL);
}

/* Curio's Go mirror (Commit1OutRaw) marshals the fields alphabetically:
 * comm_d, comm_r, registered_proof, replica_id, seed, ticket, vanilla_proofs;
 * and a Go Sub/Top proof could list root and leaf first. Both read the same. */
static void test_go_order(const cuzk_porep_c1 *c1, const char *json)
{
    static const char *const NAMES[7] = {"\"registered_proof\":", "\"vanilla_proofs\":", "\"comm_r\":",
                                         "\"comm_d\":", "\"replica_id\":", "\"seed\":", "\"ticket\":"};
    static const int GO[7] = {3, 2, 0, 4, 5, 6, 1};
    const char *at[8];
    for (int i = 0; i < 7; i++) at[i] = strstr(json, NAMES[i]);
    at[7] = json + strlen(json) - 1; /* the closing brace */
    for (int i = 0; i < 7; i++) CHECK(at[i] != NULL && (i == 0 || at[i] > at[i - 1]));
    char *go = malloc(strlen(json) + 8);
    size_t o = 0;
    go[o++] = '{';
    for (int k = 0; k < 7; k++) {
        int i = GO[k];
        size_t n = (size_t)(at[i + 1] - at[i]) - (i < 6 ? 1 : 0); /* without the trailing comma */
        if (k) go[o++] = ',';
        memcpy(go + o, at[i], n);
        o += n;
    }
    go[o++] = '}';
    go[o] = 0;
    CHECK(o == strlen(json) && strcmp(go, json) != 0);
    cuzk_porep_c1 back;
    cuzk_err err;
    int rc = cuzk_c1_parse(go, o, &back, NULL, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (!rc) {
        CHECK(c1_equal(c1, &back));
        char *again = NULL;
        size_t n = 0;
        CHECK(cuzk_c1_write(&back, &again, &n, &err) == 0 && n == strlen(json) && strcmp(again, json) == 0);
        free(again);
        cuzk_porep_c1_free(&back);
    }
    free(go);
}

/* The split trees (32 GiB: ProofData Sub, 64 GiB: Top) through one challenge
 * proof: written alone, it must read up to the challenge count, which is the
 * first thing it lacks; a wrong sub or top level is named by its path. */
static void test_split_trees(void)
{
    static const struct {
        cuzk_seal_proof sp;
        const char *head, *count, *bad;
        int bad_code;
    } K[2] = {
        {CUZK_SEAL_32GIB_V1_1, "{\"data\":{\"Sub\":{\"base_proof\":{\"path\":[{\"hashes\":[[",
         "c1: vanilla_proofs.StackedDrg32GiBV1[0]: expected 18 elements, got 1",
         "c1: vanilla_proofs.StackedDrg32GiBV1[0][0].comm_r_last_proof.data.Sub.sub_proof.path[0].hashes: "
         "expected 7 elements, got 3", CUZK_ERR_BAD_LENGTH},
        {CUZK_SEAL_64GIB_V1_1, "{\"data\":{\"Top\":{\"base_proof\":{\"path\":[{\"hashes\":[[",
         "c1: vanilla_proofs.StackedDrg64GiBV1[0]: expected 18 elements, got 1",
         "c1: vanilla_proofs.StackedDrg64GiBV1[0][0].comm_r_last_proof.data.Top.top_proof.path[0].hashes[1]: "
         "more than the 1 elements expected", CUZK_ERR_TOO_LARGE},
    };
    for (int k = 0; k < 2; k++) {
        cuzk_porep_config g;
        CHECK(cuzk_porep_config_init(&g, K[k].sp, NULL) == 0);
        cuzk_porep_c1 c1;
        memset(&c1, 0, sizeof c1);
        c1.seal_proof = (int32_t)K[k].sp;
        c1.partitions = c1.challenges_per_partition = 1;
        c1.proofs = cuzk_alloc(sizeof *c1.proofs);
        memset(c1.proofs, 0, sizeof *c1.proofs);
        cuzk_rng r;
        cuzk_rng_seed(&r, 5);
        cuzk_porep_challenge_proof *cp = c1.proofs;
        build_merkle(&r, &cp->comm_d_proof, &g, 1);
        build_merkle(&r, &cp->comm_r_last_proof, &g, 0);
        build_column(&r, &cp->c_x, &g);
        for (int i = 0; i < CUZK_POREP_DRG_PARENTS; i++) build_column(&r, &cp->drg_parents[i], &g);
        for (int i = 0; i < CUZK_POREP_EXP_PARENTS; i++) build_column(&r, &cp->exp_parents[i], &g);
        cp->n_labeling = g.layers;
        for (uint32_t l = 0; l < g.layers; l++) build_label(&r, &cp->labeling[l], l + 1, 3);
        cp->encoding = cp->labeling[g.layers - 1];
        char *j = write_c1(&c1);
        CHECK(j && strstr(j, K[k].head) != NULL);
        CHECK(j && strstr(j, "]},\"sub_proof\":{\"path\":[{\"hashes\":[[") != NULL);
        expect_fail(j, CUZK_ERR_BAD_LENGTH, K[k].count);
        free(j);
        cuzk_porep_merkle_proof *mp = &cp->comm_r_last_proof;
        uint32_t lv = g.base_levels + (k == 0 ? 0 : 1); /* the sub level, or the top level */
        mp->arity[lv] = k == 0 ? 4 : 3; /* 64 GiB: 63 + 7 + 2 hashes still fit the struct */
        mp->index[lv] = 2;
        j = write_c1(&c1);
        expect_fail(j, K[k].bad_code, K[k].bad);
        free(j);
        cuzk_porep_c1_free(&c1);
    }
}

static void test_file(const cuzk_porep_c1 *c1, const char *json, size_t len)
{
    char path[] = "/tmp/cuzk_test_c1_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) return;
    FILE *f = fdopen(fd, "wb");
    CHECK(fwrite(json, 1, len, f) == len);
    fclose(f);
    cuzk_porep_c1 back;
    cuzk_err err;
    int rc = cuzk_c1_parse_file(path, &back, NULL, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    if (!rc) {
        CHECK(c1_equal(c1, &back));
        cuzk_porep_c1_free(&back);
    }
    remove(path);
}

int main(void)
{
    cuzk_porep_c1 c1;
    CHECK(build_c1(&c1, CUZK_SEAL_2KIB_V1_1, 1) == 0);
    CHECK(c1.partitions == 1 && c1.challenges_per_partition == 2);
    char *json = write_c1(&c1);
    if (json) {
        size_t len = strlen(json);
        test_roundtrip(&c1, json, len);
        test_envelope(&c1);
        test_errors(&c1, json);
        test_go_order(&c1, json);
        test_file(&c1, json, len);
        free(json);
    }
    cuzk_porep_c1_free(&c1);
    test_split_trees();
    /* every registered kind of the small sizes writes and reads back */
    for (int sp = 0; sp < CUZK_SEAL__COUNT; sp++) {
        if (sp % 5 == 3 || sp % 5 == 4) continue; /* 32/64 GiB: the slow test */
        cuzk_porep_c1 a, b;
        CHECK(build_c1(&a, (cuzk_seal_proof)sp, 100 + (uint64_t)sp) == 0);
        char *j = write_c1(&a);
        cuzk_err err;
        int rc = j ? cuzk_c1_parse(j, strlen(j), &b, NULL, &err) : -1;
        CHECK_MSG(rc == 0, "%s: %s", cuzk_seal_proof_name(sp), err.msg);
        if (!rc) {
            CHECK(c1_equal(&a, &b));
            cuzk_porep_c1_free(&b);
        }
        free(j);
        cuzk_porep_c1_free(&a);
    }
    return test_finish("test_c1");
}
