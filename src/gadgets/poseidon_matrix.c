/* Dense matrix arithmetic for the Poseidon constants (setup only, not hot). */
#include "gadgets/poseidon_impl.h"

#include <string.h>

void cuzk_poseidon_mat_mul(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++) {
            cuzk_fr acc = CUZK_FR_ZERO, x;
            for (uint32_t k = 0; k < n; k++) {
                cuzk_fr_mul(&x, &POSEIDON_AT(a, n, i, k), &POSEIDON_AT(b, n, k, j));
                cuzk_fr_add(&acc, &acc, &x);
            }
            POSEIDON_AT(r, n, i, j) = acc;
        }
}

void cuzk_poseidon_vec_mat(cuzk_fr *r, const cuzk_fr *v, const cuzk_fr *m, uint32_t n)
{
    for (uint32_t j = 0; j < n; j++) {
        cuzk_fr acc = CUZK_FR_ZERO, x;
        for (uint32_t i = 0; i < n; i++) {
            cuzk_fr_mul(&x, &v[i], &POSEIDON_AT(m, n, i, j));
            cuzk_fr_add(&acc, &acc, &x);
        }
        r[j] = acc;
    }
}

bool cuzk_poseidon_mat_inv(cuzk_fr *r, const cuzk_fr *m, cuzk_fr *a, uint32_t n)
{
    memcpy(a, m, (size_t)n * n * sizeof *a);
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++)
            POSEIDON_AT(r, n, i, j) = i == j ? CUZK_FR_ONE : CUZK_FR_ZERO;
    for (uint32_t col = 0; col < n; col++) {
        uint32_t piv = col;
        while (piv < n && cuzk_fr_is_zero(&POSEIDON_AT(a, n, piv, col)))
            piv++;
        if (piv == n)
            return false;
        if (piv != col)
            for (uint32_t j = 0; j < n; j++) {
                cuzk_fr t = POSEIDON_AT(a, n, col, j);
                POSEIDON_AT(a, n, col, j) = POSEIDON_AT(a, n, piv, j);
                POSEIDON_AT(a, n, piv, j) = t;
                t = POSEIDON_AT(r, n, col, j);
                POSEIDON_AT(r, n, col, j) = POSEIDON_AT(r, n, piv, j);
                POSEIDON_AT(r, n, piv, j) = t;
            }
        cuzk_fr inv;
        cuzk_fr_inv(&inv, &POSEIDON_AT(a, n, col, col));
        for (uint32_t j = 0; j < n; j++) {
            cuzk_fr_mul(&POSEIDON_AT(a, n, col, j), &POSEIDON_AT(a, n, col, j), &inv);
            cuzk_fr_mul(&POSEIDON_AT(r, n, col, j), &POSEIDON_AT(r, n, col, j), &inv);
        }
        for (uint32_t i = 0; i < n; i++) {
            if (i == col || cuzk_fr_is_zero(&POSEIDON_AT(a, n, i, col)))
                continue;
            cuzk_fr f = POSEIDON_AT(a, n, i, col), x;
            for (uint32_t j = 0; j < n; j++) {
                cuzk_fr_mul(&x, &f, &POSEIDON_AT(a, n, col, j));
                cuzk_fr_sub(&POSEIDON_AT(a, n, i, j), &POSEIDON_AT(a, n, i, j), &x);
                cuzk_fr_mul(&x, &f, &POSEIDON_AT(r, n, col, j));
                cuzk_fr_sub(&POSEIDON_AT(r, n, i, j), &POSEIDON_AT(r, n, i, j), &x);
            }
        }
    }
    return true;
}
