/* AVX-512 IFMA eight-lane Montgomery multiplication (see ff_ifma.h).
 *
 * Radix 2^52, operand scanning: for each limb b_i, t += a * b_i, then
 * m = t_0 * n0' mod 2^52 and t += m * p, which clears the low 52 bits of t_0;
 * its carry moves into t_1 and the limbs shift down by one. vpmadd52luq and
 * vpmadd52huq add the low and high 52 bits of a 52x52-bit product to a 64-bit
 * accumulator, so the limbs stay unnormalised inside the loop (each grows by
 * at most 4 * 2^52 a row plus a carry: < 2^58 after 8 rows) and are
 * normalised once at the end.
 *
 * The vector Montgomery radix is R' = 2^(52n) (2^260 for Fr, 2^416 for Fp),
 * not the library's R (2^256, 2^384). To return the library's a*b/R, the
 * kernel first shifts a left by s = log2(R'/R) bits (4 for Fr, 32 for Fp):
 * a*2^s still fits in the n limbs (r*2^4 < 2^259, p*2^32 < 2^413), and
 * REDC'(a*2^s * b) = a*b*2^s/R' = a*b/R. The usual bound survives:
 * (a*2^s*b + m*p)/R' < p*(2^s*p/R' + 1) < 2p, so one conditional
 * subtraction of p gives the fully reduced result, equal bit for bit to the
 * scalar kernels (tests/ff/test_ifma.c checks that). */
#include "ff/ff_ifma.h"

#include <string.h>

#include "ff/fp_impl.h"
#include "ff/fr_impl.h"

#if CUZK_FF_HAVE_IFMA
#include <immintrin.h>

#define CUZK_IFMA_TARGET __attribute__((target("avx512f,avx512ifma")))
#define M52 0xfffffffffffffULL

/* radix-2^52 limbs of r and p, and -modulus^-1 mod 2^52 */
static const uint64_t FR_P52[5] = {0xfffff00000001ULL, 0x02fffe5bfefffULL, 0x9a1d80553bda4ULL,
                                   0x7d483339d8080ULL, 0x073eda753299dULL};
static const uint64_t FR_N052 = 0xffffeffffffffULL;
static const uint64_t FP_P52[8] = {0xeffffffffaaabULL, 0xfeb153ffffb9fULL, 0x6b0f6241eabffULL,
                                   0x12bf6730d2a0fULL, 0x764774b84f385ULL, 0x1ba7b6434bacdULL,
                                   0x1ea397fe69a4bULL, 0x000000001a011ULL};
static const uint64_t FP_N052 = 0x3fffcfffcfffdULL;

bool cuzk_ff_ifma_available(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma");
}

/* r = t mod p for lane vectors t < 2p with unnormalised limbs (< 2^63):
 * carries are propagated, then p is subtracted unless that borrows (each
 * difference limb lies in (-2^53, 2^52), so its bit 63 is the borrow). */
CUZK_IFMA_TARGET
static inline void norm_csub52(__m512i *r, __m512i *t, const __m512i *p, int n)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m512i mask = _mm512_set1_epi64((long long)M52);
#pragma GCC unroll 8
    for (int j = 0; j + 1 < n; j++) {
        t[j + 1] = _mm512_add_epi64(t[j + 1], _mm512_srli_epi64(t[j], 52));
        t[j] = _mm512_and_si512(t[j], mask);
    }
    __m512i s[8], bw = zero;
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) {
        s[j] = _mm512_sub_epi64(_mm512_sub_epi64(t[j], p[j]), bw);
        bw = _mm512_srli_epi64(s[j], 63);
    }
    __mmask8 keep = _mm512_cmpneq_epi64_mask(bw, zero);
#pragma GCC unroll 8
    for (int j = 0; j < n; j++)
        r[j] = _mm512_mask_blend_epi64(keep, _mm512_and_si512(s[j], mask), t[j]);
}

/* r = a + b and r = a - b mod p over fully reduced lane vectors. */
CUZK_IFMA_TARGET
static inline void add52(__m512i *r, const __m512i *a, const __m512i *b, const uint64_t *p52, int n)
{
    __m512i p[8], t[8];
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) {
        p[j] = _mm512_set1_epi64((long long)p52[j]);
        t[j] = _mm512_add_epi64(a[j], b[j]);
    }
    norm_csub52(r, t, p, n);
}

CUZK_IFMA_TARGET
static inline void sub52(__m512i *r, const __m512i *a, const __m512i *b, const uint64_t *p52, int n)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m512i mask = _mm512_set1_epi64((long long)M52);
    __m512i d[8], bw = zero, c = zero;
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) {
        d[j] = _mm512_sub_epi64(_mm512_sub_epi64(a[j], b[j]), bw);
        bw = _mm512_srli_epi64(d[j], 63);
        d[j] = _mm512_and_si512(d[j], mask);
    }
    /* a < b: add p back (the sum's carry out of the top limb is dropped) */
    __mmask8 fix = _mm512_cmpneq_epi64_mask(bw, zero);
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) {
        __m512i e = _mm512_add_epi64(_mm512_add_epi64(d[j], _mm512_set1_epi64((long long)p52[j])), c);
        c = _mm512_srli_epi64(e, 52);
        r[j] = _mm512_mask_blend_epi64(fix, d[j], _mm512_and_si512(e, mask));
    }
}

/* t = REDC'(a * b) for n-limb lane vectors, fully reduced. a must already be
 * shifted (see the top comment). Inlined with n constant, so the loops unroll
 * and every limb stays in a zmm register. */
CUZK_IFMA_TARGET
static inline void mont52(__m512i *r, const __m512i *a, const __m512i *b, const uint64_t *p52,
                          uint64_t n052, int n)
{
    const __m512i zero = _mm512_setzero_si512();
    const __m512i n0 = _mm512_set1_epi64((long long)n052);
    __m512i p[8], t[9];
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) p[j] = _mm512_set1_epi64((long long)p52[j]);
#pragma GCC unroll 9
    for (int j = 0; j <= n; j++) t[j] = zero;
#pragma GCC unroll 8
    for (int i = 0; i < n; i++) {
        __m512i bi = b[i];
#pragma GCC unroll 8
        for (int j = 0; j < n; j++) {
            t[j] = _mm512_madd52lo_epu64(t[j], a[j], bi);
            t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], a[j], bi);
        }
        __m512i m = _mm512_madd52lo_epu64(zero, t[0], n0);
#pragma GCC unroll 8
        for (int j = 0; j < n; j++) {
            t[j] = _mm512_madd52lo_epu64(t[j], m, p[j]);
            t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], m, p[j]);
        }
        t[1] = _mm512_add_epi64(t[1], _mm512_srli_epi64(t[0], 52));
#pragma GCC unroll 8
        for (int j = 0; j < n; j++) t[j] = t[j + 1];
        t[n] = zero;
    }
    norm_csub52(r, t, p, n);
}

/* Lane vectors of 52-bit limbs (times 2^sh, sh < 52) from eight elements of
 * m 64-bit limbs, element i at x + stride * i (words): transposed, then shifted. */
CUZK_IFMA_TARGET
static inline void load52(__m512i *o, const uint64_t *x, size_t stride, int m, int n, int sh)
{
    const __m512i mask = _mm512_set1_epi64((long long)M52);
    /* transpose through a small buffer: on Zen 4 this beats vpgatherqq */
    _Alignas(64) uint64_t buf[6][8];
    __m512i w[6];
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
#pragma GCC unroll 6
        for (int k = 0; k < m; k++) buf[k][i] = x[stride * (size_t)i + (size_t)k];
#pragma GCC unroll 6
    for (int k = 0; k < m; k++) w[k] = _mm512_load_si512((const void *)buf[k]);
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) {
        int bit = 52 * j - sh;
        __m512i v;
        if (bit < 0) {
            v = _mm512_slli_epi64(w[0], (unsigned)-bit);
        } else {
            int k = bit / 64, off = bit % 64;
            v = k < m ? _mm512_srli_epi64(w[k], (unsigned)off) : _mm512_setzero_si512();
            if (off > 12 && k + 1 < m)
                v = _mm512_or_si512(v, _mm512_slli_epi64(w[k + 1], (unsigned)(64 - off)));
        }
        o[j] = _mm512_and_si512(v, mask);
    }
}

/* Inverse of load52 with sh = 0: lane vectors of fully reduced 52-bit limbs
 * back to eight elements of m 64-bit limbs. */
CUZK_IFMA_TARGET
static inline void store52(uint64_t *x, const __m512i *o, int m, int n)
{
    _Alignas(64) uint64_t buf[6][8]; /* transposed through, as in load52 */
#pragma GCC unroll 6
    for (int k = 0; k < m; k++) {
        __m512i w = _mm512_setzero_si512();
#pragma GCC unroll 8
        for (int j = 0; j < n; j++) {
            int lo = 52 * j, hi = lo + 52; /* limb j covers bits [lo, hi) */
            if (hi <= 64 * k || lo >= 64 * k + 64) continue;
            int d = lo - 64 * k;
            w = _mm512_or_si512(w, d >= 0 ? _mm512_slli_epi64(o[j], (unsigned)d)
                                          : _mm512_srli_epi64(o[j], (unsigned)-d));
        }
        _mm512_store_si512((void *)buf[k], w);
    }
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
#pragma GCC unroll 6
        for (int k = 0; k < m; k++) x[m * i + k] = buf[k][i];
}

/* a * 2^sh over lane vectors of 52-bit limbs (the value stays < 2^(52n)). */
CUZK_IFMA_TARGET
static inline void shl52(__m512i *o, const __m512i *a, int n, int sh)
{
    const __m512i mask = _mm512_set1_epi64((long long)M52);
    __m512i prev = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) {
        __m512i v = _mm512_and_si512(_mm512_slli_epi64(a[j], (unsigned)sh), mask);
        o[j] = _mm512_or_si512(v, _mm512_srli_epi64(prev, (unsigned)(52 - sh)));
        prev = a[j];
    }
}

CUZK_IFMA_TARGET
static inline void vload(__m512i *v, const uint64_t (*l)[8], int n)
{
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) v[j] = _mm512_load_si512((const void *)l[j]);
}

CUZK_IFMA_TARGET
static inline void vstore(uint64_t (*l)[8], const __m512i *v, int n)
{
#pragma GCC unroll 8
    for (int j = 0; j < n; j++) _mm512_store_si512((void *)l[j], v[j]);
}

CUZK_IFMA_TARGET
void cuzk_fr_x8_load(cuzk_fr_x8 *r, const cuzk_fr a[8])
{
    __m512i v[5];
    load52(v, a[0].l, 4, 4, 5, 0);
    vstore(r->l, v, 5);
}

CUZK_IFMA_TARGET
void cuzk_fr_x8_store(cuzk_fr out[8], const cuzk_fr_x8 *a)
{
    __m512i v[5];
    vload(v, a->l, 5);
    store52(out[0].l, v, 4, 5);
}

CUZK_IFMA_TARGET
void cuzk_fp_x8_load(cuzk_fp_x8 *r, const cuzk_fp a[8])
{
    __m512i v[8];
    load52(v, a[0].l, 6, 6, 8, 0);
    vstore(r->l, v, 8);
}

CUZK_IFMA_TARGET
void cuzk_fp_x8_store(cuzk_fp out[8], const cuzk_fp_x8 *a)
{
    __m512i v[8];
    vload(v, a->l, 8);
    store52(out[0].l, v, 6, 8);
}

CUZK_IFMA_TARGET
void cuzk_fr_x8_mul(cuzk_fr_x8 *r, const cuzk_fr_x8 *a, const cuzk_fr_x8 *b)
{
    __m512i va[5], vs[5], vb[5], vr[5];
    vload(va, a->l, 5);
    vload(vb, b->l, 5);
    shl52(vs, va, 5, 4);
    mont52(vr, vs, vb, FR_P52, FR_N052, 5);
    vstore(r->l, vr, 5);
}

CUZK_IFMA_TARGET
void cuzk_fp_x8_mul(cuzk_fp_x8 *r, const cuzk_fp_x8 *a, const cuzk_fp_x8 *b)
{
    __m512i va[8], vs[8], vb[8], vr[8];
    vload(va, a->l, 8);
    vload(vb, b->l, 8);
    shl52(vs, va, 8, 32);
    mont52(vr, vs, vb, FP_P52, FP_N052, 8);
    vstore(r->l, vr, 8);
}

#define CUZK_X8_ADDSUB(F, N, P52, OP)                                            \
    CUZK_IFMA_TARGET                                                              \
    void cuzk_##F##_x8_##OP(cuzk_##F##_x8 *r, const cuzk_##F##_x8 *a, const cuzk_##F##_x8 *b) \
    {                                                                             \
        __m512i va[N], vb[N], vr[N];                                              \
        vload(va, a->l, N);                                                       \
        vload(vb, b->l, N);                                                       \
        OP##52(vr, va, vb, P52, N);                                               \
        vstore(r->l, vr, N);                                                      \
    }
CUZK_X8_ADDSUB(fr, 5, FR_P52, add)
CUZK_X8_ADDSUB(fr, 5, FR_P52, sub)
CUZK_X8_ADDSUB(fp, 8, FP_P52, add)
CUZK_X8_ADDSUB(fp, 8, FP_P52, sub)

CUZK_IFMA_TARGET
static size_t fr_butterfly_many_ifma(cuzk_fr *x0, cuzk_fr *x1, const cuzk_fr *w, size_t wstride,
                                     size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512i a[5], b[5], vw[5], v[5];
        load52(b, x1[i].l, 4, 4, 5, 4);
        load52(vw, w[i * wstride].l, 4 * wstride, 4, 5, 0);
        mont52(v, b, vw, FR_P52, FR_N052, 5);
        load52(a, x0[i].l, 4, 4, 5, 0);
        sub52(b, a, v, FR_P52, 5);
        add52(a, a, v, FR_P52, 5);
        store52(x1[i].l, b, 4, 5);
        store52(x0[i].l, a, 4, 5);
    }
    return i;
}

/* load52 from eight elements given by pointers */
CUZK_IFMA_TARGET
static inline void load52p(__m512i *o, const uint64_t *const *x, int m, int n, int sh)
{
    _Alignas(64) uint64_t t[8 * 6];
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
#pragma GCC unroll 6
        for (int k = 0; k < m; k++) t[m * i + k] = x[i][k];
    load52(o, t, (size_t)m, m, n, sh);
}

/* r = a * b for unshifted lane vectors (shifts a, then REDC'). */
CUZK_IFMA_TARGET
static inline void fp_mulv(__m512i *r, const __m512i *a, const __m512i *b)
{
    __m512i s[8];
    shl52(s, a, 8, 32);
    mont52(r, s, b, FP_P52, FP_N052, 8);
}

enum { AFF_ADD = 0, AFF_DBL = 1, AFF_INF = 2 };

/* The kind of a + b for affine a, b (x then y, 6 limbs each). */
static inline uint8_t aff_kind(const uint64_t *a, const uint64_t *b)
{
    if (memcmp(a, b, 48) != 0) return AFF_ADD;
    static const uint64_t zero[6];
    if (memcmp(a + 6, b + 6, 48) == 0 && memcmp(a + 6, zero, 48) != 0) return AFF_DBL;
    return AFF_INF;
}

typedef struct { _Alignas(64) __m512i x1[8], y1[8], x2[8], y2[8], den[8], pre[8]; } aff_block;

CUZK_IFMA_TARGET
static size_t fp_affine_add_ifma(cuzk_fp *const *a, const cuzk_fp *const *b, uint8_t *out_inf, size_t n,
                                 void *scratch)
{
    if (n < 8) return 0;
    /* the last block's lanes past n add a dummy pair, into a dummy: one
     * inversion for the whole batch, no scalar tail */
    const size_t nb = (n + 7) / 8;
    cuzk_fp pad_a[2] = {CUZK_FP_ONE, CUZK_FP_ONE}, pad_b[2] = {{{0}}, CUZK_FP_ONE};
    aff_block *blk = scratch;
    __m512i one[8], prod[8];
    {
        cuzk_fp ones[8];
        for (int k = 0; k < 8; k++) ones[k] = CUZK_FP_ONE;
        load52(one, ones[0].l, 6, 6, 8, 0);
    }
    for (int j = 0; j < 8; j++) prod[j] = one[j];
    for (size_t q = 0; q < nb; q++) {
        aff_block *B = &blk[q];
        const uint64_t *pa[8], *pb[8], *pay[8], *pby[8];
        __mmask8 dbl = 0, inf = 0;
        for (int k = 0; k < 8; k++) {
            size_t i = 8 * q + (size_t)k;
            const cuzk_fp *ai = i < n ? a[i] : pad_a, *bi = i < n ? b[i] : pad_b;
            pa[k] = ai[0].l; pay[k] = ai[1].l;
            pb[k] = bi[0].l; pby[k] = bi[1].l;
            uint8_t kind = aff_kind(pa[k], pb[k]);
            dbl |= (__mmask8)((kind == AFF_DBL) << k);
            inf |= (__mmask8)((kind == AFF_INF) << k);
            if (i < n) out_inf[i] = kind == AFF_INF;
        }
        load52p(B->x1, pa, 6, 8, 0);
        load52p(B->y1, pay, 6, 8, 0);
        load52p(B->x2, pb, 6, 8, 0);
        load52p(B->y2, pby, 6, 8, 0);
        __m512i d[8];
        sub52(d, B->x2, B->x1, FP_P52, 8);
        if (dbl | inf) {
            __m512i y2x[8];
            add52(y2x, B->y1, B->y1, FP_P52, 8);
            for (int j = 0; j < 8; j++) {
                d[j] = _mm512_mask_blend_epi64(dbl, d[j], y2x[j]);
                d[j] = _mm512_mask_blend_epi64(inf, d[j], one[j]);
            }
        }
        for (int j = 0; j < 8; j++) { B->den[j] = d[j]; B->pre[j] = prod[j]; }
        fp_mulv(prod, prod, d);
    }
    /* the eight lane products, inverted with one scalar inversion */
    {
        _Alignas(64) cuzk_fp p8[8], pre8[8], inv;
        store52(p8[0].l, prod, 6, 8);
        cuzk_fp acc = CUZK_FP_ONE;
        for (int k = 0; k < 8; k++) { pre8[k] = acc; cuzk_fp_mul_i(&acc, &acc, &p8[k]); }
        cuzk_fp_inv(&inv, &acc);
        for (int k = 8; k-- > 0;) {
            cuzk_fp t;
            cuzk_fp_mul_i(&t, &inv, &pre8[k]);
            cuzk_fp_mul_i(&inv, &inv, &p8[k]);
            p8[k] = t;
        }
        load52(prod, p8[0].l, 6, 6, 8, 0);
    }
    for (size_t q = nb; q-- > 0;) {
        aff_block *B = &blk[q];
        __m512i inv[8], num[8], lam[8], x3[8], t[8];
        __mmask8 dbl = 0, inf = 0;
        for (int k = 0; k < 8; k++) {
            size_t i = 8 * q + (size_t)k;
            uint8_t kind = i >= n ? AFF_ADD : out_inf[i] ? AFF_INF : aff_kind(a[i]->l, b[i]->l);
            dbl |= (__mmask8)((kind == AFF_DBL) << k);
            inf |= (__mmask8)((kind == AFF_INF) << k);
        }
        fp_mulv(inv, prod, B->pre);
        fp_mulv(prod, prod, B->den);
        sub52(num, B->y2, B->y1, FP_P52, 8);
        if (dbl) { /* 3 x1^2 */
            __m512i sq[8], s2[8];
            fp_mulv(sq, B->x1, B->x1);
            add52(s2, sq, sq, FP_P52, 8);
            add52(s2, s2, sq, FP_P52, 8);
            for (int j = 0; j < 8; j++) num[j] = _mm512_mask_blend_epi64(dbl, num[j], s2[j]);
        }
        fp_mulv(lam, num, inv);
        fp_mulv(x3, lam, lam);
        sub52(x3, x3, B->x1, FP_P52, 8);
        sub52(x3, x3, B->x2, FP_P52, 8);
        sub52(t, B->x1, x3, FP_P52, 8);
        fp_mulv(t, lam, t);
        sub52(t, t, B->y1, FP_P52, 8);
        _Alignas(64) cuzk_fp ox[8], oy[8];
        store52(ox[0].l, x3, 6, 8);
        store52(oy[0].l, t, 6, 8);
        for (int k = 0; k < 8; k++) {
            size_t i = 8 * q + (size_t)k;
            if (inf >> k & 1 || i >= n) continue;
            a[i][0] = ox[k];
            a[i][1] = oy[k];
        }
    }
    return n;
}

/* ---- Fp2 = Fp[u]/(u^2 + 1) over lane vectors: c[0] real, c[1] imaginary */
typedef struct { __m512i c[2][8]; } v2;

CUZK_IFMA_TARGET
static inline void fp2_addv(v2 *r, const v2 *a, const v2 *b)
{
    add52(r->c[0], a->c[0], b->c[0], FP_P52, 8);
    add52(r->c[1], a->c[1], b->c[1], FP_P52, 8);
}

CUZK_IFMA_TARGET
static inline void fp2_subv(v2 *r, const v2 *a, const v2 *b)
{
    sub52(r->c[0], a->c[0], b->c[0], FP_P52, 8);
    sub52(r->c[1], a->c[1], b->c[1], FP_P52, 8);
}

/* Karatsuba: three products. r may alias a or b. */
CUZK_IFMA_TARGET
static inline void fp2_mulv(v2 *r, const v2 *a, const v2 *b)
{
    __m512i t0[8], t1[8], sa[8], sb[8], t2[8];
    fp_mulv(t0, a->c[0], b->c[0]);
    fp_mulv(t1, a->c[1], b->c[1]);
    add52(sa, a->c[0], a->c[1], FP_P52, 8);
    add52(sb, b->c[0], b->c[1], FP_P52, 8);
    fp_mulv(t2, sa, sb);
    sub52(r->c[0], t0, t1, FP_P52, 8);
    sub52(t2, t2, t0, FP_P52, 8);
    sub52(r->c[1], t2, t1, FP_P52, 8);
}

/* (a0 + a1 u)^2 = (a0 + a1)(a0 - a1) + 2 a0 a1 u: two products. */
CUZK_IFMA_TARGET
static inline void fp2_sqrv(v2 *r, const v2 *a)
{
    __m512i s[8], d[8], m[8];
    add52(s, a->c[0], a->c[1], FP_P52, 8);
    sub52(d, a->c[0], a->c[1], FP_P52, 8);
    fp_mulv(m, a->c[0], a->c[1]);
    fp_mulv(r->c[0], s, d);
    add52(r->c[1], m, m, FP_P52, 8);
}

/* An Fp2 element (two cuzk_fp) of eight elements given by pointers. */
CUZK_IFMA_TARGET
static inline void fp2_loadp(v2 *o, const cuzk_fp *const *x)
{
    const uint64_t *p0[8], *p1[8];
    for (int k = 0; k < 8; k++) { p0[k] = x[k][0].l; p1[k] = x[k][1].l; }
    load52p(o->c[0], p0, 6, 8, 0);
    load52p(o->c[1], p1, 6, 8, 0);
}

static inline uint8_t aff2_kind(const cuzk_fp *a, const cuzk_fp *b)
{
    if (memcmp(a, b, 96) != 0) return AFF_ADD;
    static const uint64_t zero[12];
    if (memcmp(a + 2, b + 2, 96) == 0 && memcmp(a + 2, zero, 96) != 0) return AFF_DBL;
    return AFF_INF;
}

typedef struct { _Alignas(64) v2 x1, y1, x2, y2, den, pre; } aff2_block;

CUZK_IFMA_TARGET
static size_t fp2_affine_add_ifma(cuzk_fp2 *const *a, const cuzk_fp2 *const *b, uint8_t *out_inf, size_t n,
                                  void *scratch)
{
    if (n < 8) return 0;
    const size_t nb = (n + 7) / 8; /* padded as in fp_affine_add_ifma */
    cuzk_fp2 pad_a[2] = {{CUZK_FP_ONE, CUZK_FP_ONE}, {CUZK_FP_ONE, CUZK_FP_ONE}};
    cuzk_fp2 pad_b[2] = {{{{0}}, CUZK_FP_ONE}, {CUZK_FP_ONE, CUZK_FP_ONE}};
    aff2_block *blk = scratch;
    v2 one, prod;
    {
        cuzk_fp ones[8];
        for (int k = 0; k < 8; k++) ones[k] = CUZK_FP_ONE;
        load52(one.c[0], ones[0].l, 6, 6, 8, 0);
        for (int j = 0; j < 8; j++) one.c[1][j] = _mm512_setzero_si512();
    }
    prod = one;
    for (size_t q = 0; q < nb; q++) {
        aff2_block *B = &blk[q];
        const cuzk_fp *pa[8], *pb[8], *pay[8], *pby[8];
        __mmask8 dbl = 0, inf = 0;
        for (int k = 0; k < 8; k++) {
            size_t i = 8 * q + (size_t)k;
            const cuzk_fp2 *ai = i < n ? a[i] : pad_a, *bi = i < n ? b[i] : pad_b;
            pa[k] = &ai[0].c0; pay[k] = &ai[1].c0;
            pb[k] = &bi[0].c0; pby[k] = &bi[1].c0;
            uint8_t kind = aff2_kind(pa[k], pb[k]);
            dbl |= (__mmask8)((kind == AFF_DBL) << k);
            inf |= (__mmask8)((kind == AFF_INF) << k);
            if (i < n) out_inf[i] = kind == AFF_INF;
        }
        fp2_loadp(&B->x1, pa);
        fp2_loadp(&B->y1, pay);
        fp2_loadp(&B->x2, pb);
        fp2_loadp(&B->y2, pby);
        v2 d;
        fp2_subv(&d, &B->x2, &B->x1);
        if (dbl | inf) {
            v2 y2x;
            fp2_addv(&y2x, &B->y1, &B->y1);
            for (int c = 0; c < 2; c++)
                for (int j = 0; j < 8; j++) {
                    d.c[c][j] = _mm512_mask_blend_epi64(dbl, d.c[c][j], y2x.c[c][j]);
                    d.c[c][j] = _mm512_mask_blend_epi64(inf, d.c[c][j], one.c[c][j]);
                }
        }
        B->den = d;
        B->pre = prod;
        fp2_mulv(&prod, &prod, &d);
    }
    {
        _Alignas(64) cuzk_fp re[8], im[8];
        cuzk_fp2 p8[8], pre8[8], inv, acc;
        store52(re[0].l, prod.c[0], 6, 8);
        store52(im[0].l, prod.c[1], 6, 8);
        cuzk_fp2_one(&acc);
        for (int k = 0; k < 8; k++) {
            p8[k].c0 = re[k]; p8[k].c1 = im[k];
            pre8[k] = acc;
            cuzk_fp2_mul(&acc, &acc, &p8[k]);
        }
        cuzk_fp2_inv(&inv, &acc);
        for (int k = 8; k-- > 0;) {
            cuzk_fp2 t;
            cuzk_fp2_mul(&t, &inv, &pre8[k]);
            cuzk_fp2_mul(&inv, &inv, &p8[k]);
            re[k] = t.c0; im[k] = t.c1;
        }
        load52(prod.c[0], re[0].l, 6, 6, 8, 0);
        load52(prod.c[1], im[0].l, 6, 6, 8, 0);
    }
    for (size_t q = nb; q-- > 0;) {
        aff2_block *B = &blk[q];
        v2 inv, num, lam, x3, t;
        __mmask8 dbl = 0, inf = 0;
        for (int k = 0; k < 8; k++) {
            size_t i = 8 * q + (size_t)k;
            uint8_t kind = i >= n ? AFF_ADD : out_inf[i] ? AFF_INF : aff2_kind(&a[i][0].c0, &b[i][0].c0);
            dbl |= (__mmask8)((kind == AFF_DBL) << k);
            inf |= (__mmask8)((kind == AFF_INF) << k);
        }
        fp2_mulv(&inv, &prod, &B->pre);
        fp2_mulv(&prod, &prod, &B->den);
        fp2_subv(&num, &B->y2, &B->y1);
        if (dbl) { /* 3 x1^2 */
            v2 sq, s2;
            fp2_sqrv(&sq, &B->x1);
            fp2_addv(&s2, &sq, &sq);
            fp2_addv(&s2, &s2, &sq);
            for (int c = 0; c < 2; c++)
                for (int j = 0; j < 8; j++) num.c[c][j] = _mm512_mask_blend_epi64(dbl, num.c[c][j], s2.c[c][j]);
        }
        fp2_mulv(&lam, &num, &inv);
        fp2_sqrv(&x3, &lam);
        fp2_subv(&x3, &x3, &B->x1);
        fp2_subv(&x3, &x3, &B->x2);
        fp2_subv(&t, &B->x1, &x3);
        fp2_mulv(&t, &lam, &t);
        fp2_subv(&t, &t, &B->y1);
        _Alignas(64) cuzk_fp o[4][8];
        store52(o[0][0].l, x3.c[0], 6, 8);
        store52(o[1][0].l, x3.c[1], 6, 8);
        store52(o[2][0].l, t.c[0], 6, 8);
        store52(o[3][0].l, t.c[1], 6, 8);
        for (int k = 0; k < 8; k++) {
            size_t i = 8 * q + (size_t)k;
            if (inf >> k & 1 || i >= n) continue;
            a[i][0].c0 = o[0][k]; a[i][0].c1 = o[1][k];
            a[i][1].c0 = o[2][k]; a[i][1].c1 = o[3][k];
        }
    }
    return n;
}

/* load52 / store52 with a signed element stride (words) */
CUZK_IFMA_TARGET
static inline void load52s(__m512i *o, const uint64_t *x, ptrdiff_t stride, int m, int n, int sh)
{
    _Alignas(64) uint64_t t[8 * 6];
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
#pragma GCC unroll 6
        for (int k = 0; k < m; k++) t[m * i + k] = x[stride * i + k];
    load52(o, t, (size_t)m, m, n, sh);
}

CUZK_IFMA_TARGET
static inline void store52s(uint64_t *x, ptrdiff_t stride, const __m512i *o, int m, int n)
{
    _Alignas(64) uint64_t t[8 * 6];
    store52(t, o, m, n);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
#pragma GCC unroll 6
        for (int k = 0; k < m; k++) x[stride * i + k] = t[m * i + k];
}

/* r[k] = a[k] * p0 * t^k, lanes k = 8q + i: P holds p0 t^(8q + i), stepped
 * by t^8 (pre-shifted once); a is shifted on load. Returns the elements done
 * and leaves p0 t^done in *pnext. */
CUZK_IFMA_TARGET
static size_t fr_mul_powers_ifma(cuzk_fr *r, ptrdiff_t rs, const cuzk_fr *a, ptrdiff_t as, size_t n,
                                 const cuzk_fr *p0, const cuzk_fr *t, cuzk_fr *pnext)
{
    size_t nb = n / 8;
    if (nb == 0) return 0;
    _Alignas(64) cuzk_fr pw[8], t8[8];
    cuzk_fr t2, t4;
    pw[0] = *p0;
    for (int i = 1; i < 8; i++) cuzk_fr_mul_i(&pw[i], &pw[i - 1], t);
    cuzk_fr_mul_i(&t2, t, t);
    cuzk_fr_mul_i(&t4, &t2, &t2);
    cuzk_fr_mul_i(&t8[0], &t4, &t4);
    for (int i = 1; i < 8; i++) t8[i] = t8[0];
    __m512i P[5], T8[5], va[5], vr[5];
    load52(P, pw[0].l, 4, 4, 5, 0);
    load52(T8, t8[0].l, 4, 4, 5, 4);
    for (size_t q = 0; q < nb; q++) {
        load52s(va, a[(ptrdiff_t)(8 * q) * as].l, 4 * as, 4, 5, 4);
        mont52(vr, va, P, FR_P52, FR_N052, 5);
        store52s(r[(ptrdiff_t)(8 * q) * rs].l, 4 * rs, vr, 4, 5);
        mont52(P, T8, P, FR_P52, FR_N052, 5);
    }
    store52(pw[0].l, P, 4, 5);
    *pnext = pw[0];
    return 8 * nb;
}

CUZK_IFMA_TARGET
static size_t fr_mul_many_ifma(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512i va[5], vb[5], vr[5];
        load52(va, a[i].l, 4, 4, 5, 4);
        load52(vb, b[i].l, 4, 4, 5, 0);
        mont52(vr, va, vb, FR_P52, FR_N052, 5);
        store52(r[i].l, vr, 4, 5);
    }
    return i;
}

CUZK_IFMA_TARGET
static size_t fp_mul_many_ifma(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512i va[8], vb[8], vr[8];
        load52(va, a[i].l, 6, 6, 8, 32);
        load52(vb, b[i].l, 6, 6, 8, 0);
        mont52(vr, va, vb, FP_P52, FP_N052, 8);
        store52(r[i].l, vr, 6, 8);
    }
    return i;
}

void cuzk_fr_mul_many(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b, size_t n)
{
    size_t i = cuzk_ff_ifma_available() ? fr_mul_many_ifma(r, a, b, n) : 0;
    for (; i < n; i++) cuzk_fr_mul_i(&r[i], &a[i], &b[i]);
}

void cuzk_fp_mul_many(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b, size_t n)
{
    size_t i = cuzk_ff_ifma_available() ? fp_mul_many_ifma(r, a, b, n) : 0;
    for (; i < n; i++) cuzk_fp_mul_i(&r[i], &a[i], &b[i]);
}

void cuzk_fr_butterfly_many(cuzk_fr *x0, cuzk_fr *x1, const cuzk_fr *w, size_t wstride, size_t n)
{
    size_t i = cuzk_ff_ifma_available() ? fr_butterfly_many_ifma(x0, x1, w, wstride, n) : 0;
    for (; i < n; i++) {
        cuzk_fr v;
        cuzk_fr_mul_i(&v, &x1[i], &w[i * wstride]);
        cuzk_fr_sub_i(&x1[i], &x0[i], &v);
        cuzk_fr_add_i(&x0[i], &x0[i], &v);
    }
}

#else /* no IFMA code on this target: the scalar kernels only */

bool cuzk_ff_ifma_available(void) { return false; }

void cuzk_fr_mul_many(cuzk_fr *r, const cuzk_fr *a, const cuzk_fr *b, size_t n)
{
    for (size_t i = 0; i < n; i++) cuzk_fr_mul_i(&r[i], &a[i], &b[i]);
}

void cuzk_fp_mul_many(cuzk_fp *r, const cuzk_fp *a, const cuzk_fp *b, size_t n)
{
    for (size_t i = 0; i < n; i++) cuzk_fp_mul_i(&r[i], &a[i], &b[i]);
}

void cuzk_fr_butterfly_many(cuzk_fr *x0, cuzk_fr *x1, const cuzk_fr *w, size_t wstride, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cuzk_fr v;
        cuzk_fr_mul_i(&v, &x1[i], &w[i * wstride]);
        cuzk_fr_sub_i(&x1[i], &x0[i], &v);
        cuzk_fr_add_i(&x0[i], &x0[i], &v);
    }
}

#endif

/* The portable Montgomery-trick affine additions (the fallback, the tail of
 * the IFMA path, and cuzk_fp{,2}_affine_add_many_scalar), written once over
 * a field T whose operations are named PRE##_one, _eq, _is_zero, _add,
 * _sub, _mul, _sqr and _inv. pre[] (n elements) holds the prefix products. */
#define DEFINE_AFFINE_ADD_SCALAR(NAME, T, PRE)                                           \
    void NAME(T *const *a, const T *const *b, uint8_t *out_inf, size_t n, T *pre)        \
    {                                                                                    \
        T prod, den, inv, lam, x3, t;                                                    \
        PRE##_one(&prod);                                                                \
        for (size_t i = 0; i < n; i++) {                                                 \
            const T *p = a[i], *q = b[i];                                                \
            out_inf[i] = 0;                                                              \
            pre[i] = prod;                                                               \
            if (!PRE##_eq(&p[0], &q[0])) {                                               \
                PRE##_sub(&den, &q[0], &p[0]);                                           \
            } else if (PRE##_eq(&p[1], &q[1]) && !PRE##_is_zero(&p[1])) {                \
                PRE##_add(&den, &p[1], &p[1]);                                           \
            } else {                                                                     \
                out_inf[i] = 1;                                                          \
                continue;                                                                \
            }                                                                            \
            PRE##_mul(&prod, &prod, &den);                                               \
        }                                                                                \
        PRE##_inv(&prod, &prod);                                                         \
        for (size_t i = n; i-- > 0;) {                                                   \
            if (out_inf[i]) continue;                                                    \
            T *p = a[i];                                                                 \
            const T *q = b[i];                                                           \
            bool add = !PRE##_eq(&p[0], &q[0]);                                          \
            PRE##_mul(&inv, &prod, &pre[i]);                                             \
            if (add) {                                                                   \
                PRE##_sub(&den, &q[0], &p[0]);                                           \
                PRE##_sub(&lam, &q[1], &p[1]);                                           \
            } else { /* tangent: lambda = 3 x^2 / 2 y */                                 \
                PRE##_add(&den, &p[1], &p[1]);                                           \
                PRE##_sqr(&lam, &p[0]);                                                  \
                PRE##_add(&t, &lam, &lam);                                               \
                PRE##_add(&lam, &lam, &t);                                               \
            }                                                                            \
            PRE##_mul(&prod, &prod, &den);                                               \
            PRE##_mul(&lam, &lam, &inv);                                                 \
            PRE##_sqr(&x3, &lam);                                                        \
            PRE##_sub(&x3, &x3, &p[0]);                                                  \
            PRE##_sub(&x3, &x3, &q[0]);                                                  \
            PRE##_sub(&t, &p[0], &x3);                                                   \
            PRE##_mul(&t, &lam, &t);                                                     \
            PRE##_sub(&p[1], &t, &p[1]);                                                 \
            p[0] = x3;                                                                   \
        }                                                                                \
    }

/* Fp under the names the template wants (the inline kernels of fp_impl.h). */
static inline void sfp_one(cuzk_fp *r) { *r = CUZK_FP_ONE; }
static inline bool sfp_eq(const cuzk_fp *a, const cuzk_fp *b) { return cuzk_ff_eq_n(a->l, b->l, 6); }
static inline bool sfp_is_zero(const cuzk_fp *a) { return cuzk_fp_is_zero(a); }
#define sfp_add cuzk_fp_add_i
#define sfp_sub cuzk_fp_sub_i
#define sfp_mul cuzk_fp_mul_i
#define sfp_sqr cuzk_fp_sqr_i
#define sfp_inv cuzk_fp_inv

DEFINE_AFFINE_ADD_SCALAR(cuzk_fp_affine_add_many_scalar, cuzk_fp, sfp)
DEFINE_AFFINE_ADD_SCALAR(cuzk_fp2_affine_add_many_scalar, cuzk_fp2, cuzk_fp2)

size_t cuzk_fp_affine_add_scratch_bytes(size_t n)
{
#if CUZK_FF_HAVE_IFMA
    return (n + 7) / 8 * sizeof(aff_block) + n * sizeof(cuzk_fp) + 64;
#else
    return n * sizeof(cuzk_fp) + 64;
#endif
}

void cuzk_fp_affine_add_many(cuzk_fp *const *a, const cuzk_fp *const *b, uint8_t *out_inf, size_t n,
                             void *scratch)
{
    unsigned char *mem = (unsigned char *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    size_t done = 0;
#if CUZK_FF_HAVE_IFMA
    if (cuzk_ff_ifma_available()) {
        done = fp_affine_add_ifma(a, b, out_inf, n, mem);
        mem += (n + 7) / 8 * sizeof(aff_block);
    }
#endif
    if (done < n) cuzk_fp_affine_add_many_scalar(a + done, b + done, out_inf + done, n - done, (cuzk_fp *)mem);
}

size_t cuzk_fp2_affine_add_scratch_bytes(size_t n)
{
#if CUZK_FF_HAVE_IFMA
    return (n + 7) / 8 * sizeof(aff2_block) + n * sizeof(cuzk_fp2) + 64;
#else
    return n * sizeof(cuzk_fp2) + 64;
#endif
}

void cuzk_fp2_affine_add_many(cuzk_fp2 *const *a, const cuzk_fp2 *const *b, uint8_t *out_inf, size_t n,
                              void *scratch)
{
    unsigned char *mem = (unsigned char *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    size_t done = 0;
#if CUZK_FF_HAVE_IFMA
    if (cuzk_ff_ifma_available()) {
        done = fp2_affine_add_ifma(a, b, out_inf, n, mem);
        mem += (n + 7) / 8 * sizeof(aff2_block);
    }
#endif
    if (done < n) cuzk_fp2_affine_add_many_scalar(a + done, b + done, out_inf + done, n - done, (cuzk_fp2 *)mem);
}

void cuzk_fr_mul_powers(cuzk_fr *r, ptrdiff_t rstride, const cuzk_fr *a, ptrdiff_t astride, size_t n,
                        const cuzk_fr *p0, const cuzk_fr *t)
{
    cuzk_fr p = *p0, tt = *t;
    size_t done = 0;
#if CUZK_FF_HAVE_IFMA
    if (cuzk_ff_ifma_available()) done = fr_mul_powers_ifma(r, rstride, a, astride, n, &p, &tt, &p);
#endif
    for (size_t k = done; k < n; k++) {
        cuzk_fr_mul_i(&r[(ptrdiff_t)k * rstride], &a[(ptrdiff_t)k * astride], &p);
        cuzk_fr_mul_i(&p, &p, &tt);
    }
}
