/* Writes the seed corpus of the format fuzzers into DIR/params, DIR/vk and
 * DIR/proof: small valid files built from known multiples of the generators,
 * and a few broken ones (huge count, trailing byte, infinity, bad flag). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cuzk/groth16.h"
#include "groth16/params_impl.h"

static uint64_t next = 1;

static cuzk_g1_affine g1_next(void)
{
    cuzk_g1_affine g, r;
    cuzk_g1_proj p;
    cuzk_scalar k = { { 0x9e3779b97f4a7c15ull * next++, 0, 0, 0 } };
    cuzk_g1_generator(&g);
    cuzk_g1_mul_affine(&p, &g, &k);
    cuzk_g1_proj_to_affine(&r, &p);
    return r;
}

static cuzk_g2_affine g2_next(void)
{
    cuzk_g2_affine g, r;
    cuzk_g2_proj p;
    cuzk_scalar k = { { 0x9e3779b97f4a7c15ull * next++, 0, 0, 0 } };
    cuzk_g2_generator(&g);
    cuzk_g2_mul_affine(&p, &g, &k);
    cuzk_g2_proj_to_affine(&r, &p);
    return r;
}

static cuzk_params *params_make(uint32_t ic, const uint32_t n[5])
{
    cuzk_vk vk = { g1_next(), g1_next(), g2_next(), g2_next(), g1_next(), g2_next(), NULL, ic };
    vk.ic = cuzk_alloc_array(ic, sizeof *vk.ic);
    for (uint32_t i = 0; i < ic; i++)
        vk.ic[i] = g1_next();
    cuzk_g1_affine *v[4];
    for (int k = 0; k < 4; k++) {
        v[k] = cuzk_alloc_array(n[k] ? n[k] : 1, sizeof *v[k]);
        for (uint32_t i = 0; i < n[k]; i++)
            v[k][i] = g1_next();
    }
    cuzk_g2_affine *b2 = cuzk_alloc_array(n[4] ? n[4] : 1, sizeof *b2);
    for (uint32_t i = 0; i < n[4]; i++)
        b2[i] = g2_next();
    return cuzk_params_new_in_memory(&vk, v[0], n[0], v[1], n[1], v[2], n[2], v[3], n[3], b2, n[4]);
}

static int mkdirs(const char *path)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *s = tmp + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            if (mkdir(tmp, 0755) && errno != EEXIST)
                return -1;
            *s = '/';
        }
    return mkdir(tmp, 0755) && errno != EEXIST ? -1 : 0;
}

static int put(const char *dir, const char *sub, const char *name, const uint8_t *b, size_t n)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b, 1, n, f) != n) {
        fprintf(stderr, "fuzz_seeds: cannot write %s\n", path);
        if (f)
            fclose(f);
        return 1;
    }
    return fclose(f) != 0;
}

/* The params as bytes, through cuzk_params_write and a temporary file. */
static uint8_t *params_bytes(cuzk_params *p, const char *dir, size_t *len)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/tmp.params", dir);
    cuzk_err err;
    if (cuzk_params_write(p, path, &err)) {
        fprintf(stderr, "fuzz_seeds: %s\n", err.msg);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    static uint8_t buf[1 << 16];
    *len = f ? fread(buf, 1, sizeof buf, f) : 0;
    if (f)
        fclose(f);
    remove(path);
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_seeds DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    char sub[1100];
    int bad = 0;
    for (int i = 0; i < 3; i++) {
        static const char *names[] = { "params", "vk", "proof" };
        snprintf(sub, sizeof sub, "%s/%s", dir, names[i]);
        bad |= mkdirs(sub);
    }
    if (bad) {
        fprintf(stderr, "fuzz_seeds: cannot create %s\n", dir);
        return 1;
    }

    static const uint32_t shapes[][6] = { { 2, 3, 2, 2, 1, 1 }, { 1, 0, 0, 0, 0, 0 }, { 1, 1, 1, 1, 1, 2 } };
    for (int s = 0; s < 3; s++) {
        cuzk_params *p = params_make(shapes[s][0], shapes[s] + 1);
        size_t len = 0;
        uint8_t *b = p ? params_bytes(p, dir, &len) : NULL;
        if (!b) {
            cuzk_params_free(p);
            return 1;
        }
        char name[32];
        snprintf(name, sizeof name, "valid%d.params", s);
        bad |= put(dir, "params", name, b, len);
        size_t vlen = cuzk_vk_size(cuzk_params_vk(p));
        snprintf(name, sizeof name, "valid%d.vk", s);
        bad |= put(dir, "vk", name, b, vlen);
        if (s == 0) {
            /* broken variants of the first one */
            b[vlen + 3] = 0xff, b[vlen + 2] = 0xff, b[vlen + 1] = 0xff, b[vlen] = 0xff;
            bad |= put(dir, "params", "huge_h_len.params", b, len);
            b[vlen] = b[vlen + 1] = b[vlen + 2] = 0, b[vlen + 3] = 3;
            b[len] = 0;
            bad |= put(dir, "params", "trailing.params", b, len + 1);
            bad |= put(dir, "vk", "trailing.vk", b, vlen + 1);
            memset(b + vlen + 4, 0, 96);
            b[vlen + 4] = 0x40;   /* h[0] at infinity */
            bad |= put(dir, "params", "h0_infinity.params", b, len);
            b[867] = 0xff;        /* ic_len 255 */
            bad |= put(dir, "vk", "big_ic_len.vk", b, vlen);
        }
        cuzk_params_free(p);
    }

    for (int i = 0; i < 3; i++) {
        cuzk_proof pr = { g1_next(), g2_next(), g1_next() };
        uint8_t b[CUZK_PROOF_BYTES];
        cuzk_proof_serialize(b, &pr);
        char name[32];
        snprintf(name, sizeof name, "valid%d.proof", i);
        bad |= put(dir, "proof", name, b, sizeof b);
        if (i == 0) {
            memset(b + 144, 0, 48);
            b[144] = 0xc0;   /* C at infinity */
            bad |= put(dir, "proof", "c_infinity.proof", b, sizeof b);
            b[0] &= 0x7f;    /* A without its compression flag */
            bad |= put(dir, "proof", "a_flag.proof", b, sizeof b);
        }
    }
    if (!bad)
        printf("fuzz_seeds: corpus written to %s\n", dir);
    return bad;
}
