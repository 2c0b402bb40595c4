/*
 * Closed forms and exact properties of h^(k) and the reduced fields,
 * derived by hand (independently of the code under test).
 *
 * 1. Vertical disk (paper 000 Sec 5): G = diag(I, m, m, J), q = (theta,
 *    x, y, varphi), a^1 = dx - R cos(theta) dvarphi, a^2 = dy - R
 *    sin(theta) dvarphi, mu_bar = 1, V = 0, Gamma = 0.  Slip s = A v
 *    obeys ds/dt = (dA/dt) v - (1/eps) S s with S = A G^{-1} A^T, so on
 *    the slow manifold s = eps S^{-1} (dA/dt) vD + O(eps^2), and the
 *    G-orthogonal slip velocity is h = G^{-1} A^T S^{-1} s.  Here
 *    (dA/dt) vD = R theta' varphi' (sin, -cos)^T, which is an
 *    eigenvector of S with eigenvalue 1/m (direct computation: S11 =
 *    1/m + R^2 c^2/J, S12 = R^2 c s/J, S22 = 1/m + R^2 s^2/J).  Hence
 *    S^{-2}(dA/dt) vD = m^2 R theta' varphi' (s, -c) and
 *        h^(1) = m R theta' varphi' (0, sin theta, -cos theta, 0).
 * 2. The order-0 reduced field of the disk is the nonholonomic system:
 *    I theta'' = 0, (J + m R^2) varphi'' = 0, x' = R cos(theta) varphi',
 *    y' = R sin(theta) varphi' (Bloch, Nonholonomic Mechanics, 1.4), so
 *        d/dt vD = (0, -R sin(theta) theta' varphi', R cos(theta) theta' varphi', 0).
 * 3. Scaling: with V = 0, (q(t), v(t)) solving the friction system with
 *    eps gives (q(lambda t), lambda v(lambda t)) solving it with
 *    eps / lambda, so h_eps(lambda vD) = lambda h_{lambda eps}(vD) and
 *    h^(k)(lambda vD) = lambda^(k+1) h^(k)(vD), k = 1..6, on the disk
 *    and the sleigh.
 */
#include "tap.h"
#include "series_testutil.h"
#include "jet_testutil.h"

#define PREC 128

static void
param(arb_t x, nh_model_ptr M, const char *name)
{
    slong k;
    fmpq_t v;
    fmpq_init(v);
    for (k = 0; k < nh_model_nparams(M); k++)
        if (strcmp(nh_model_param_name(M, k), name) == 0)
            nh_model_param_value(v, M, k);
    arb_set_fmpq(x, v, PREC);
    fmpq_clear(v);
}


static void
disk_tests(flint_rand_t state)
{
    nh_model_ptr M = tu_load_case("vertical_disk.nh");
    slong n, p, it, ix, iy, iph;
    arb_t m, R, s, c, w, eps;
    nh_error_t err;

    if (M == NULL)
    {
        tap_ok(0, "disk loads");
        return;
    }
    n = nh_model_n(M);
    it = nh_model_coord_index(M, "theta"); ix = nh_model_coord_index(M, "x");
    iy = nh_model_coord_index(M, "y"); iph = nh_model_coord_index(M, "varphi");
    arb_init(m); arb_init(R); arb_init(s); arb_init(c); arb_init(w); arb_init(eps);
    param(m, M, "m");
    param(R, M, "R");
    nh_error_init(err);
    for (p = 0; p < 5; p++)
    {
        arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), vD = _arb_vec_init(n);
        arb_ptr h = _arb_vec_init(2 * n), ex = _arb_vec_init(n);
        arb_ptr qd = _arb_vec_init(n), vdd = _arb_vec_init(n);
        slong i;
        int st;
        for (i = 0; i < n; i++)
        {
            tu_rand_arb(q + i, state, -3.0, 3.0, PREC);
            tu_rand_arb(v + i, state, -2.0, 2.0, PREC);
        }
        st = nh_project_D(vD, M, q, v, PREC, err);
        if (st == NH_OK)
            st = nh_series_time(h, NULL, M, q, vD, 2, PREC, err);
        arb_sin_cos(s, c, q + it, PREC);
        /* w = m R theta' varphi' */
        arb_mul(w, m, R, PREC);
        arb_mul(w, w, vD + it, PREC);
        arb_mul(w, w, vD + iph, PREC);
        arb_mul(ex + ix, w, s, PREC);
        arb_mul(ex + iy, w, c, PREC);
        arb_neg(ex + iy, ex + iy);
        tap_ok(st == NH_OK && tu_vec_overlaps(h, ex, n),
               "disk point %ld: h^(1) = m R theta' varphi' (0, sin, -cos, 0)", (long) p);
        /* order-0 reduced field: nonholonomic disk */
        arb_set_str(eps, "0.001", PREC);
        if (st == NH_OK)
            st = nh_reduced_field(qd, vdd, NULL, M, q, vD, h, 2, 0, eps, PREC, err);
        _arb_vec_zero(ex, n);
        arb_mul(w, R, vD + it, PREC);
        arb_mul(w, w, vD + iph, PREC);
        arb_mul(ex + ix, w, s, PREC);
        arb_neg(ex + ix, ex + ix);
        arb_mul(ex + iy, w, c, PREC);
        tap_ok(st == NH_OK && tu_vec_overlaps(qd, vD, n) && tu_vec_overlaps(vdd, ex, n),
               "disk point %ld: order-0 reduced field = nonholonomic equations", (long) p);
        /* order-1: dq/dt = vD + eps h^(1) */
        if (st == NH_OK)
            st = nh_reduced_field(qd, vdd, NULL, M, q, vD, h, 2, 1, eps, PREC, err);
        for (i = 0; i < n; i++)
            arb_addmul(vD + i, eps, h + i, PREC);
        tap_ok(st == NH_OK && tu_vec_overlaps(qd, vD, n),
               "disk point %ld: order-1 reduced field dq/dt = vD + eps h^(1)", (long) p);
        if (st != NH_OK)
            tap_diag("%s", err->msg);
        _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n);
        _arb_vec_clear(h, 2 * n); _arb_vec_clear(ex, n);
        _arb_vec_clear(qd, n); _arb_vec_clear(vdd, n);
    }
    arb_clear(m); arb_clear(R); arb_clear(s); arb_clear(c); arb_clear(w); arb_clear(eps);
    nh_model_free(M);
}

static void
homogeneity(const char *name, flint_rand_t state)
{
    const slong K = 6;
    nh_model_ptr M = tu_load_case(name);
    slong n, i, k, p;
    nh_error_t err;
    arb_t lam, lamk;

    if (M == NULL)
    {
        tap_ok(0, "%s loads", name);
        tap_ok(0, "%s loads", name);
        return;
    }
    n = nh_model_n(M);
    nh_error_init(err);
    arb_init(lam); arb_init(lamk);
    arb_set_si(lam, 3);
    arb_div_si(lam, lam, 2, PREC);
    for (p = 0; p < 2; p++)
    {
        arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n), vD = _arb_vec_init(n);
        arb_ptr vL = _arb_vec_init(n), h = _arb_vec_init(K * n), hL = _arb_vec_init(K * n);
        int st, ok = 1;
        for (i = 0; i < n; i++)
        {
            tu_rand_arb(q + i, state, 0.5, 1.5, PREC);
            tu_rand_arb(v + i, state, -1.0, 1.0, PREC);
        }
        st = nh_project_D(vD, M, q, v, PREC, err);
        _arb_vec_scalar_mul(vL, vD, n, lam, PREC);
        if (st == NH_OK)
            st = nh_series_time(h, NULL, M, q, vD, K, PREC, err);
        if (st == NH_OK)
            st = nh_series_time(hL, NULL, M, q, vL, K, PREC, err);
        arb_set(lamk, lam);
        for (k = 1; k <= K && st == NH_OK; k++)
        {
            arb_mul(lamk, lamk, lam, PREC);     /* lambda^(k+1) */
            for (i = 0; i < n; i++)
            {
                arb_t t;
                arb_init(t);
                arb_mul(t, lamk, h + (k - 1) * n + i, PREC);
                if (!arb_overlaps(t, hL + (k - 1) * n + i))
                    ok = 0;
                arb_clear(t);
            }
        }
        /* not vacuous: h^(k) must not all be zero balls */
        if (tu_max_abs(h + (K - 1) * n, n) == 0.0)
            ok = 0;
        tap_ok(st == NH_OK && ok,
               "%s point %ld: h^(k)(lambda vD) = lambda^(k+1) h^(k)(vD), k = 1..%ld",
               name, (long) p, (long) K);
        _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n);
        _arb_vec_clear(vL, n); _arb_vec_clear(h, K * n); _arb_vec_clear(hL, K * n);
    }
    arb_clear(lam); arb_clear(lamk);
    nh_model_free(M);
}

int
main(void)
{
    flint_rand_t state;
    tap_plan(5 * 3 + 2 * 2);
    flint_rand_init(state);
    tap_diag("seed: flint_rand_init default state");
    disk_tests(state);
    homogeneity("vertical_disk.nh", state);
    homogeneity("chaplygin_sleigh.nh", state);
    flint_rand_clear(state);
    flint_cleanup();
    return tap_done();
}
