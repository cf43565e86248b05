/* snarkjs JSON output with stdio. A file that fails half-way is removed, so
 * a partial key or proof never looks valid. */
#include "cuzk/iden3.h"
#include "snarkjs_num.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void put_fp(FILE *f, const cuzk_fp *x)
{
    char d[CUZK_SNARKJS_DEC_MAX];
    cuzk_snarkjs_dec_from_fp(d, x);
    fprintf(f, "\"%s\"", d);
}

static void put_fp2(FILE *f, const cuzk_fp2 *x)
{
    fputc('[', f);
    put_fp(f, &x->c0);
    fputs(", ", f);
    put_fp(f, &x->c1);
    fputc(']', f);
}

static void put_g1(FILE *f, const cuzk_g1_affine *p)
{
    if (cuzk_g1_affine_is_infinity(p)) {
        fputs("[\"0\", \"1\", \"0\"]", f);
        return;
    }
    fputc('[', f);
    put_fp(f, &p->x);
    fputs(", ", f);
    put_fp(f, &p->y);
    fputs(", \"1\"]", f);
}

static void put_g2(FILE *f, const cuzk_g2_affine *p)
{
    if (cuzk_g2_affine_is_infinity(p)) {
        fputs("[[\"0\", \"0\"], [\"1\", \"0\"], [\"0\", \"0\"]]", f);
        return;
    }
    fputc('[', f);
    put_fp2(f, &p->x);
    fputs(", ", f);
    put_fp2(f, &p->y);
    fputs(", [\"1\", \"0\"]]", f);
}

static void put_fp6(FILE *f, const cuzk_fp6 *x)
{
    fputc('[', f);
    put_fp2(f, &x->c0);
    fputs(", ", f);
    put_fp2(f, &x->c1);
    fputs(", ", f);
    put_fp2(f, &x->c2);
    fputc(']', f);
}

static FILE *open_out(const char *path, cuzk_err *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        cuzk_err_set(err, CUZK_ERR_IO, "%s: %s", path, strerror(errno));
    return f;
}

static int close_out(FILE *f, const char *path, cuzk_err *err)
{
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad) {
        unlink(path);
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: write failed", path);
    }
    return 0;
}

int cuzk_snarkjs_write_vk(const char *path, const cuzk_vk *vk, cuzk_err *err)
{
    if (!vk || !vk->ic || vk->ic_len == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "%s: verifying key without ic", path);
    FILE *f = open_out(path, err);
    if (!f)
        return err ? err->code : CUZK_ERR_IO;
    cuzk_gt ab;
    cuzk_pairing(&ab, &vk->alpha_g1, &vk->beta_g2);
    fprintf(f, "{\n \"protocol\": \"groth16\",\n \"curve\": \"bls12381\",\n \"nPublic\": %u,\n", vk->ic_len - 1);
    fputs(" \"vk_alpha_1\": ", f);
    put_g1(f, &vk->alpha_g1);
    fputs(",\n \"vk_beta_2\": ", f);
    put_g2(f, &vk->beta_g2);
    fputs(",\n \"vk_gamma_2\": ", f);
    put_g2(f, &vk->gamma_g2);
    fputs(",\n \"vk_delta_2\": ", f);
    put_g2(f, &vk->delta_g2);
    fputs(",\n \"vk_alphabeta_12\": [", f);
    put_fp6(f, &ab.c0);
    fputs(", ", f);
    put_fp6(f, &ab.c1);
    fputs("],\n \"IC\": [", f);
    for (uint32_t i = 0; i < vk->ic_len; i++) {
        fputs(i ? ",\n  " : "\n  ", f);
        put_g1(f, &vk->ic[i]);
    }
    fputs("\n ]\n}\n", f);
    return close_out(f, path, err);
}

int cuzk_snarkjs_write_proof(const char *path, const cuzk_proof *proof, cuzk_err *err)
{
    FILE *f = open_out(path, err);
    if (!f)
        return err ? err->code : CUZK_ERR_IO;
    fputs("{\n \"pi_a\": ", f);
    put_g1(f, &proof->a);
    fputs(",\n \"pi_b\": ", f);
    put_g2(f, &proof->b);
    fputs(",\n \"pi_c\": ", f);
    put_g1(f, &proof->c);
    fputs(",\n \"protocol\": \"groth16\",\n \"curve\": \"bls12381\"\n}\n", f);
    return close_out(f, path, err);
}

int cuzk_snarkjs_write_public(const char *path, const cuzk_fr *inputs, size_t n, cuzk_err *err)
{
    FILE *f = open_out(path, err);
    if (!f)
        return err ? err->code : CUZK_ERR_IO;
    fputc('[', f);
    for (size_t i = 0; i < n; i++) {
        char d[CUZK_SNARKJS_DEC_MAX];
        cuzk_snarkjs_dec_from_fr(d, &inputs[i]);
        fprintf(f, "%s\n \"%s\"", i ? "," : "", d);
    }
    fputs("\n]\n", f);
    return close_out(f, path, err);
}
