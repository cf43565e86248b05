/* Fixed-base multiplication engine, written once for G1 and G2 (private
 * template header; see fixed_base.h for the method).
 *
 * The including file defines, before including this:
 *   FB_F, FB_AFF, FB_PROJ, FB_TABLE   field, affine, Jacobian and table types
 *   FB_FN(x)                          the public function name for suffix x
 *   FB_GROUP                          "G1" / "G2", for messages
 *   FB_MAX_W                          the widest window (bounds table memory)
 *   f_add f_sub f_dbl f_mul f_sqr f_inv f_neg f_is_zero f_eq f_set_one
 *   p_from_aff p_add_aff p_dbl p_batch_to_aff p_mul   curve helpers */
#include <stdatomic.h>
#include <string.h>

#include "groth16/fixed_base.h"

/* Scalars per task: each window of a chunk shares one field inversion. */
#define FB_CHUNK 1024
/* Table entries per build task (a run of consecutive multiples). */
#define FB_ROW_CHUNK 2048
/* How far ahead the table entries of the next points are prefetched. */
#define FB_PREFETCH 8

struct FB_TABLE {
    unsigned w, nwin;
    size_t half;    /* entries per window, 2^(w-1) */
    FB_AFF *t;      /* t[k half + j] = (j + 1) 2^(kw) base */
};

/* Windows of width w cover 256 bits, so the carry out of the top signed
 * digit is always zero for scalars below r < 2^255. */
static unsigned fb_nwin(unsigned w) { return (256 + w - 1) / w; }

/* Per-point work is one affine addition per window; each table entry costs
 * about 2.5 of those (a Jacobian addition plus its share of the conversion). */
static unsigned fb_choose_window(size_t n)
{
    unsigned best = 2;
    double best_cost = -1;
    for (unsigned w = 2; w <= FB_MAX_W; w++) {
        double nw = fb_nwin(w);
        double cost = (double)n * nw + 2.5 * nw * (double)((size_t)1 << (w - 1));
        if (best_cost < 0 || cost < best_cost) {
            best_cost = cost;
            best = w;
        }
    }
    return best;
}

typedef struct {
    struct FB_TABLE *tab;
    const FB_PROJ *q;         /* q[k] = 2^(kw) base */
    const FB_AFF *q_aff;
    size_t chunks_per_row;
    atomic_int failed;
} fb_build_ctx;

static void fb_build_task(void *vctx, size_t index)
{
    fb_build_ctx *c = vctx;
    struct FB_TABLE *tab = c->tab;
    size_t k = index / c->chunks_per_row;
    size_t j0 = (index % c->chunks_per_row) * FB_ROW_CHUNK;
    size_t len = tab->half - j0 < FB_ROW_CHUNK ? tab->half - j0 : FB_ROW_CHUNK;
    FB_PROJ *tmp = cuzk_alloc_array(len, sizeof *tmp);
    if (!tmp) {
        atomic_store(&c->failed, 1);
        return;
    }
    /* tmp[i] = (j0 + i + 1) q_k */
    if (j0 == 0) {
        tmp[0] = c->q[k];
    } else {
        cuzk_scalar s = { { j0 + 1, 0, 0, 0 } };
        p_mul(&tmp[0], &c->q[k], &s);
    }
    for (size_t i = 1; i < len; i++)
        p_add_aff(&tmp[i], &tmp[i - 1], &c->q_aff[k]);
    p_batch_to_aff(tab->t + k * tab->half + j0, tmp, len);
    cuzk_free(tmp);
}

int FB_FN(new)(struct FB_TABLE **out, const FB_AFF *base, size_t n_hint, cuzk_pool *pool, cuzk_err *err)
{
    *out = NULL;
    if (f_is_zero(&base->x) && f_is_zero(&base->y))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "fixed base %s: base is infinity", FB_GROUP);
    struct FB_TABLE *tab = cuzk_alloc(sizeof *tab);
    if (!tab)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "fixed base %s: out of memory", FB_GROUP);
    tab->w = fb_choose_window(n_hint);
    tab->nwin = fb_nwin(tab->w);
    tab->half = (size_t)1 << (tab->w - 1);
    tab->t = cuzk_alloc_array((size_t)tab->nwin * tab->half, sizeof(FB_AFF));
    FB_PROJ *q = cuzk_alloc_array(tab->nwin, sizeof *q);
    FB_AFF *q_aff = cuzk_alloc_array(tab->nwin, sizeof *q_aff);
    if (!tab->t || !q || !q_aff) {
        cuzk_free(q);
        cuzk_free(q_aff);
        FB_FN(free)(tab);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "fixed base %s: out of memory for a %u-bit table",
                            FB_GROUP, 0u + tab->w);
    }
    p_from_aff(&q[0], base);
    for (unsigned k = 1; k < tab->nwin; k++) {
        q[k] = q[k - 1];
        for (unsigned b = 0; b < tab->w; b++)
            p_dbl(&q[k], &q[k]);
    }
    p_batch_to_aff(q_aff, q, tab->nwin);

    fb_build_ctx c = { tab, q, q_aff, (tab->half + FB_ROW_CHUNK - 1) / FB_ROW_CHUNK, 0 };
    cuzk_pool_run(pool, c.chunks_per_row * tab->nwin, fb_build_task, &c);
    cuzk_free(q);
    cuzk_free(q_aff);
    if (atomic_load(&c.failed)) {
        FB_FN(free)(tab);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "fixed base %s: out of memory", FB_GROUP);
    }
    *out = tab;
    return 0;
}

void FB_FN(free)(struct FB_TABLE *t)
{
    if (!t)
        return;
    cuzk_free(t->t);
    cuzk_free(t);
}

unsigned FB_FN(window)(const struct FB_TABLE *t) { return t->w; }

/* ---- multiplication ---------------------------------------------------------- */

typedef struct {
    const struct FB_TABLE *tab;
    FB_AFF *out;
    const cuzk_fr *scalars;
    size_t n;
    atomic_int failed;
} fb_mul_ctx;

/* Bits [lo, lo + w) of a 256-bit scalar. */
static inline uint64_t fb_bits(const cuzk_scalar *s, unsigned lo, unsigned w)
{
    unsigned limb = lo >> 6, sh = lo & 63;
    if (limb >= 4)
        return 0;
    uint64_t v = s->l[limb] >> sh;
    if (sh + w > 64 && limb + 1 < 4)
        v |= s->l[limb + 1] << (64 - sh);
    return v & (((uint64_t)1 << w) - 1);
}

typedef struct {
    cuzk_scalar *sc;
    uint8_t *carry, *inf;
    int32_t *digit;      /* current window's signed digit per point */
    uint32_t *idx;       /* points that need an inversion this window */
    FB_F *den, *num, *pre;
} fb_scratch;

static void fb_mul_chunk(const struct FB_TABLE *tab, FB_AFF *acc, const cuzk_fr *scalars, size_t len,
                         fb_scratch *s)
{
    const uint64_t half = tab->half, full = (uint64_t)1 << tab->w;
    for (size_t i = 0; i < len; i++) {
        cuzk_fr_to_scalar(&s->sc[i], &scalars[i]);
        s->carry[i] = 0;
        s->inf[i] = 1;
    }
    for (unsigned k = 0; k < tab->nwin; k++) {
        const FB_AFF *row = tab->t + (size_t)k * half;
        /* signed digits in [-(2^(w-1) - 1), 2^(w-1)] */
        for (size_t i = 0; i < len; i++) {
            uint64_t e = fb_bits(&s->sc[i], k * tab->w, tab->w) + s->carry[i];
            if (e > half) {
                s->digit[i] = (int32_t)((int64_t)e - (int64_t)full);
                s->carry[i] = 1;
            } else {
                s->digit[i] = (int32_t)e;
                s->carry[i] = 0;
            }
        }
        /* Pass 1: the denominators. acc + T needs 1/(x_T - x); acc = T (a
         * doubling) needs 1/(2y); acc = -T gives infinity. */
        size_t cnt = 0;
        for (size_t i = 0; i < len; i++) {
            if (i + FB_PREFETCH < len && s->digit[i + FB_PREFETCH])
                __builtin_prefetch(&row[(s->digit[i + FB_PREFETCH] < 0 ? -s->digit[i + FB_PREFETCH]
                                                                         : s->digit[i + FB_PREFETCH]) - 1]);
            int32_t d = s->digit[i];
            if (!d)
                continue;
            const FB_AFF *t = &row[(d < 0 ? -d : d) - 1];
            FB_F ty = t->y;
            if (d < 0)
                f_neg(&ty, &ty);
            if (s->inf[i]) {
                acc[i].x = t->x;
                acc[i].y = ty;
                s->inf[i] = 0;
                continue;
            }
            if (f_eq(&acc[i].x, &t->x)) {
                if (!f_eq(&acc[i].y, &ty)) {
                    s->inf[i] = 1;
                    continue;
                }
                FB_F x2, three;
                f_sqr(&x2, &acc[i].x);
                f_dbl(&three, &x2);
                f_add(&s->num[cnt], &three, &x2);
                f_dbl(&s->den[cnt], &acc[i].y);
            } else {
                f_sub(&s->den[cnt], &t->x, &acc[i].x);
                f_sub(&s->num[cnt], &ty, &acc[i].y);
            }
            s->idx[cnt++] = (uint32_t)i;
        }
        if (!cnt)
            continue;
        /* Montgomery's trick: pre[c] = den[0] ... den[c-1]. */
        FB_F prod;
        f_set_one(&prod);
        for (size_t c = 0; c < cnt; c++) {
            s->pre[c] = prod;
            f_mul(&prod, &prod, &s->den[c]);
        }
        f_inv(&prod, &prod);
        /* Pass 2, backwards: lambda = num / den, then the affine sum. */
        for (size_t c = cnt; c-- > 0;) {
            FB_F inv, lambda, x3, t;
            f_mul(&inv, &prod, &s->pre[c]);
            f_mul(&prod, &prod, &s->den[c]);
            f_mul(&lambda, &s->num[c], &inv);
            uint32_t i = s->idx[c];
            int32_t d = s->digit[i];
            const FB_F *x2 = &row[(d < 0 ? -d : d) - 1].x; /* equals acc x for a doubling */
            f_sqr(&x3, &lambda);
            f_sub(&x3, &x3, &acc[i].x);
            f_sub(&x3, &x3, x2);
            f_sub(&t, &acc[i].x, &x3);
            f_mul(&t, &lambda, &t);
            f_sub(&acc[i].y, &t, &acc[i].y);
            acc[i].x = x3;
        }
    }
    for (size_t i = 0; i < len; i++)
        if (s->inf[i])
            memset(&acc[i], 0, sizeof acc[i]);
}

static void fb_mul_task(void *vctx, size_t index)
{
    fb_mul_ctx *c = vctx;
    size_t start = index * FB_CHUNK;
    size_t len = c->n - start < FB_CHUNK ? c->n - start : FB_CHUNK;
    fb_scratch s;
    /* one block for all the per-point scratch arrays */
    size_t bytes = len * (sizeof(cuzk_scalar) + 3 * sizeof(FB_F) + sizeof(int32_t) + sizeof(uint32_t) + 2);
    uint8_t *mem = cuzk_alloc(bytes);
    if (!mem) {
        atomic_store(&c->failed, 1);
        return;
    }
    uint8_t *p = mem;
    s.sc = (cuzk_scalar *)p;  p += len * sizeof(cuzk_scalar);
    s.den = (FB_F *)p;        p += len * sizeof(FB_F);
    s.num = (FB_F *)p;        p += len * sizeof(FB_F);
    s.pre = (FB_F *)p;        p += len * sizeof(FB_F);
    s.digit = (int32_t *)p;   p += len * sizeof(int32_t);
    s.idx = (uint32_t *)p;    p += len * sizeof(uint32_t);
    s.carry = p;              p += len;
    s.inf = p;
    fb_mul_chunk(c->tab, c->out + start, c->scalars + start, len, &s);
    cuzk_free(mem);
}

int FB_FN(mul)(const struct FB_TABLE *t, FB_AFF *out, const cuzk_fr *scalars, size_t n, cuzk_pool *pool,
               cuzk_err *err)
{
    if (!n)
        return 0;
    fb_mul_ctx c = { t, out, scalars, n, 0 };
    cuzk_pool_run(pool, (n + FB_CHUNK - 1) / FB_CHUNK, fb_mul_task, &c);
    if (atomic_load(&c.failed))
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "fixed base %s: out of memory", FB_GROUP);
    return 0;
}
