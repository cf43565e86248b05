/* Batched binary GCD inversion (the approach of Pornin's "optimized binary
 * GCD", variable time).
 *
 * The binary GCD keeps a, b (b odd) with a = u*x and b = v*x mod m: when a is
 * odd it subtracts b (swapping first so a >= b), then halves a. Doing that on
 * full-size numbers costs a pass over the limbs per step. Instead, each outer
 * round runs 31 steps on 64-bit stand-ins for a and b (their top 33 and low
 * 31 bits), recording them as a 2x2 matrix of small signed factors, and then
 * applies the matrix to the full a, b, u, v once. The low bits are exact, so
 * the parity decisions and the exact division by 2^31 are right; only the
 * comparisons are approximate, which can make a result negative (it is then
 * negated, with its row) but does not break the invariants. The 2^-31 that
 * each round puts on u and v is removed Montgomery-style. */
#include "ff/ff_inv.h"
#include "ff/mont.h"

__extension__ typedef __int128 cuzk_i128;

#define INV_STEPS 31
#define INV_NMAX 6
#define LOW31 ((UINT64_C(1) << INV_STEPS) - 1)

static unsigned bitlen_n(const uint64_t *a, size_t n)
{
    for (size_t i = n; i-- > 0;)
        if (a[i]) return (unsigned)(64 * i + 64 - (size_t)__builtin_clzll(a[i]));
    return 0;
}

/* The 64 bits of a starting at bit s. */
static uint64_t bits_at(const uint64_t *a, size_t n, unsigned s)
{
    size_t i = s / 64;
    unsigned o = s % 64;
    uint64_t v = a[i] >> o;
    if (o && i + 1 < n) v |= a[i + 1] << (64 - o);
    return v;
}

/* w (n + 1 limbs, two's complement) = f*x + g*y (+ k*m if m) for unsigned
 * n-limb x, y, m. |f|, |g| <= 2^31 and k < 2^31 keep every column sum in 98 bits. */
static void lincomb(uint64_t *w, const uint64_t *x, int64_t f, const uint64_t *y, int64_t g,
                    const uint64_t *m, uint64_t k, size_t n)
{
    cuzk_i128 c = 0;
    for (size_t i = 0; i < n; i++) {
        c += (cuzk_i128)f * (cuzk_i128)x[i] + (cuzk_i128)g * (cuzk_i128)y[i];
        if (m) c += (cuzk_i128)k * (cuzk_i128)m[i];
        w[i] = (uint64_t)c;
        c >>= 64; /* gcc defines >> on negative values as the arithmetic shift */
    }
    w[n] = (uint64_t)c;
}

/* Arithmetic shift right by 31 of a two's complement number of len limbs. */
static void sar31(uint64_t *w, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++) w[i] = w[i] >> INV_STEPS | w[i + 1] << (64 - INV_STEPS);
    uint64_t sign = (uint64_t)0 - (w[len - 1] >> 63);
    w[len - 1] = w[len - 1] >> INV_STEPS | sign << (64 - INV_STEPS);
}

static bool is_neg(const uint64_t *w, size_t len) { return w[len - 1] >> 63; }

static void negate(uint64_t *w, size_t len)
{
    uint64_t c = 1;
    for (size_t i = 0; i < len; i++) {
        uint64_t t = ~w[i] + c;
        c = c && t == 0;
        w[i] = t;
    }
}

/* 2's-complement (n + 1)-limb w += m or -= m (m has n limbs). */
static void addsub_m(uint64_t *w, const uint64_t *m, size_t n, bool sub)
{
    uint64_t mm[INV_NMAX + 1];
    for (size_t i = 0; i < n; i++) mm[i] = m[i];
    mm[n] = 0;
    if (sub) cuzk_ff_sub_n(w, w, mm, n + 1);
    else cuzk_ff_add_n(w, w, mm, n + 1);
}

/* out = (f*u + g*v) / 2^31 mod m, in [0, m). */
static void update_mod(uint64_t *out, const uint64_t *u, int64_t f, const uint64_t *v, int64_t g,
                       const uint64_t *m, uint64_t n0, size_t n)
{
    uint64_t w[INV_NMAX + 1];
    /* k makes the sum divisible by 2^31: k = -(f u + g v) / m mod 2^31 */
    uint64_t w0 = (uint64_t)f * u[0] + (uint64_t)g * v[0];
    uint64_t k = (w0 * n0) & LOW31;
    lincomb(w, u, f, v, g, m, k, n);
    sar31(w, n + 1);
    /* now -2m < w < 3m */
    while (is_neg(w, n + 1)) addsub_m(w, m, n, false);
    while (w[n] != 0 || !cuzk_ff_lt_n(w, m, n)) addsub_m(w, m, n, true);
    for (size_t i = 0; i < n; i++) out[i] = w[i];
}

/* out = |f*a + g*b| / 2^31 (exact); flips the signs of f, g if it negated.
 * Returns false if the result does not fit n limbs (never expected). */
static bool update_int(uint64_t *out, const uint64_t *a, int64_t *f, const uint64_t *b, int64_t *g,
                       size_t n)
{
    uint64_t w[INV_NMAX + 1];
    lincomb(w, a, *f, b, *g, NULL, 0, n);
    sar31(w, n + 1);
    if (is_neg(w, n + 1)) {
        negate(w, n + 1);
        *f = -*f;
        *g = -*g;
    }
    if (w[n] != 0) return false;
    for (size_t i = 0; i < n; i++) out[i] = w[i];
    return true;
}

bool cuzk_ff_inv_bingcd(uint64_t *r, const uint64_t *x, const uint64_t *m, uint64_t n0, size_t n)
{
    if (n == 0 || n > INV_NMAX || cuzk_ff_is_zero_n(x, n)) return false;
    uint64_t a[INV_NMAX], b[INV_NMAX], u[INV_NMAX] = {1}, v[INV_NMAX] = {0};
    for (size_t i = 0; i < n; i++) { a[i] = x[i]; b[i] = m[i]; }

    /* each round removes about 31 bits from len(a) + len(b) <= 128 n; the
     * budget is generous and only guards against a bug looping forever */
    const int max_rounds = (int)(128 * n / INV_STEPS) + 40;
    for (int round = 0; round < max_rounds; round++) {
        if (cuzk_ff_is_zero_n(a, n)) break;
        unsigned len = bitlen_n(a, n), lb = bitlen_n(b, n);
        if (lb > len) len = lb;
        uint64_t xa, xb;
        if (len <= 64) {
            xa = a[0];
            xb = b[0];
        } else {
            unsigned s = len - 33;
            xa = (bits_at(a, n, s) & ((UINT64_C(1) << 33) - 1)) << INV_STEPS | (a[0] & LOW31);
            xb = (bits_at(b, n, s) & ((UINT64_C(1) << 33) - 1)) << INV_STEPS | (b[0] & LOW31);
        }
        /* (f0 g0; f1 g1) in two's complement: a_now = (f0 a + g0 b) / 2^i */
        uint64_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
        for (int i = 0; i < INV_STEPS; i++) {
            uint64_t odd = (uint64_t)0 - (xa & 1);
            uint64_t sw = odd & ((uint64_t)0 - (uint64_t)(xa < xb));
            uint64_t t = (xa ^ xb) & sw;
            xa ^= t; xb ^= t;
            t = (f0 ^ f1) & sw; f0 ^= t; f1 ^= t;
            t = (g0 ^ g1) & sw; g0 ^= t; g1 ^= t;
            xa -= xb & odd;
            f0 -= f1 & odd;
            g0 -= g1 & odd;
            xa >>= 1;
            f1 <<= 1;
            g1 <<= 1;
        }
        int64_t F0 = (int64_t)f0, G0 = (int64_t)g0, F1 = (int64_t)f1, G1 = (int64_t)g1;
        uint64_t na[INV_NMAX], nb[INV_NMAX];
        if (!update_int(na, a, &F0, b, &G0, n) || !update_int(nb, a, &F1, b, &G1, n)) return false;
        uint64_t nu[INV_NMAX], nv[INV_NMAX];
        update_mod(nu, u, F0, v, G0, m, n0, n);
        update_mod(nv, u, F1, v, G1, m, n0, n);
        for (size_t i = 0; i < n; i++) { a[i] = na[i]; b[i] = nb[i]; u[i] = nu[i]; v[i] = nv[i]; }
    }
    /* done when a = 0; then b = gcd(x, m) must be 1 and v = x^-1 */
    if (!cuzk_ff_is_zero_n(a, n)) return false;
    uint64_t one[INV_NMAX] = {1};
    if (!cuzk_ff_eq_n(b, one, n)) return false;
    for (size_t i = 0; i < n; i++) r[i] = v[i];
    return true;
}
