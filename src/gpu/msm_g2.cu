// The G2 MSM on the device: msm_impl.cuh's plan over G2 (its own
// translation unit: the Fp2 kernels are the slowest part of the build).
#include "g2.cuh"
#include "msm_impl.cuh"

// XYZZ -> Jacobian over Fp2 without an inversion (as cuzk_gpu_g1_xyzz_to_proj):
// Z = ZZ ZZZ, X = X ZZ ZZZ^2, Y = Y ZZ^3 ZZZ^2; ZZ = 0 gives Z = 0.
static void g2_xyzz_to_proj(cuzk_g2_proj *r, const void *xyzz)
{
    cuzk_fp2 x, y, zz, zzz, t, zzz2;
    memcpy(&x, (const char *)xyzz, sizeof x);
    memcpy(&y, (const char *)xyzz + 96, sizeof y);
    memcpy(&zz, (const char *)xyzz + 192, sizeof zz);
    memcpy(&zzz, (const char *)xyzz + 288, sizeof zzz);
    cuzk_fp2_sqr(&zzz2, &zzz);
    cuzk_fp2_mul(&r->z, &zz, &zzz);
    cuzk_fp2_mul(&t, &zz, &zzz2);
    cuzk_fp2_mul(&r->x, &x, &t);
    cuzk_fp2_sqr(&t, &zz);
    cuzk_fp2_mul(&t, &t, &zz);
    cuzk_fp2_mul(&t, &t, &zzz2);
    cuzk_fp2_mul(&r->y, &y, &t);
}

// The device side and the CPU group law of G2 (see g1_host in msm.cu).
struct g2_host {
    typedef cuzk_gpu_g2_curve C;
    typedef cuzk_g2_proj proj;
    static void inf(proj *r) { cuzk_g2_proj_infinity(r); }
    static void dbl(proj *r) { cuzk_g2_proj_dbl(r, r); }
    static void add(proj *r, const proj *a) { cuzk_g2_proj_add(r, r, a); }
    static void from_xyzz(proj *r, const void *p) { g2_xyzz_to_proj(r, p); }
};

extern "C" int cuzk_gpu_g2_msm(cuzk_gpu_msm *m, cuzk_g2_proj *out, const cuzk_g2_affine *d_bases,
                               const cuzk_scalar *d_scalars, size_t n, cuzk_err *err)
{
    return msm_any<g2_host>(m, out, d_bases, d_scalars, n, err);
}

static_assert(sizeof(cuzk_gpu_g2_xyzz) <= MSM_POINT_MAX, "MSM_POINT_MAX");
