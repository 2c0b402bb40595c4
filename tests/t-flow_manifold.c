/*
 * t-flow_manifold.c -- the full-system integrator (nh_flow_full) keeps a
 * trajectory on the slow manifold D_eps, checked against the series
 * h^(k) of nh_series_time at the END point (an independent object: the
 * integrator never sees the series except through the initial lift).
 *
 * Setup: vertical disk (cases/vertical_disk.nh), q0 = (0.3, 0.1, -0.2,
 * 0.5), v0 = lift of vD0 = P(q0) w0, w0 = (0.8, 0.3, -0.4, 1.1), to
 * order KL = 7 (nh_flow_lift): v0 is within O(eps^8) of D_eps, and that
 * offset decays like exp(-lambda t / eps).  Integrate to T = 1/2 at eps
 * = 1/100 (50 relaxation times), 192 bits, tol 1e-28.  At the end point
 * (q, v): vD = P v, R_K = P_perp v - sum_{k<=K} eps^k h^(k)(q, vD).  If
 * the trajectory is on D_eps = graph(h_eps) (paper 000 (66)), then
 * R_K = eps^(K+1) h^(K+1) + O(eps^(K+2)).  Asserted for K = 1..4:
 *     |R_K - eps^(K+1) h^(K+1)|_inf <= 0.05 eps^(K+1) |h^(K+1)|_inf
 * (the left side is ~ eps |h^(K+2)|/|h^(K+1)| relative, ~1e-2 here;
 * the integration error estimate, printed, must be far below
 * eps^5 |h^(5)|), and the lift itself: at t = 0, R_KL = 0 within balls.
 * Also: nh_flow_full_jacobian's f agrees with nh_full_field (second
 * formula: Christoffel form vs our Lagrangian Newton field) at q0.
 */
#include <math.h>
#include <stdio.h>
#include "flow.h"
#include "tap.h"
#include "series_testutil.h"

#define PREC 192
#define KL 7
#define KMAX 4

int
main(void)
{
    nh_model_ptr M = tu_load_case("vertical_disk.nh");
    nh_error_t err;
    slong n, K, i, k;
    arb_ptr q0, w0, vD0, v0, q, v, vD, h, times, gq, gv, f1, f2;
    arb_t eps, e, t;
    nh_ode_opts_t o;
    nh_ode_stats_t st;
    static const double q0d[4] = { 0.3, 0.1, -0.2, 0.5 }, w0d[4] = { 0.8, 0.3, -0.4, 1.1 };

    tap_plan(KMAX + 2);
    nh_error_init(err);
    if (M == NULL)
        tap_bail("cannot load the disk");
    n = nh_model_n(M);
    q0 = _arb_vec_init(n); w0 = _arb_vec_init(n); vD0 = _arb_vec_init(n);
    v0 = _arb_vec_init(n); q = _arb_vec_init(n); v = _arb_vec_init(n);
    vD = _arb_vec_init(n); h = _arb_vec_init((KMAX + 1) * n); times = _arb_vec_init(1);
    gq = _arb_vec_init(n); gv = _arb_vec_init(n); f1 = _arb_vec_init(n); f2 = _arb_vec_init(n);
    arb_init(eps); arb_init(e); arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_set_d(q0 + i, q0d[i]);
        arb_set_d(w0 + i, w0d[i]);
    }
    arb_set_ui(eps, 1);
    arb_div_ui(eps, eps, 100, PREC);
    if (nh_project_D(vD0, M, q0, w0, PREC, err) != NH_OK
        || nh_flow_lift(v0, M, q0, vD0, KL, eps, PREC, err) != NH_OK)
        tap_bail("lift: %s", err->msg);

    /* f from jets vs nh_full_field */
    if (nh_flow_full_jacobian(f1, NULL, NULL, M, eps, q0, v0, PREC, err) != NH_OK
        || nh_full_field(f2, M, q0, v0, eps, PREC, err) != NH_OK)
        tap_bail("field: %s", err->msg);
    {
        int ok = 1;
        for (i = 0; i < n; i++)
            ok = ok && arb_overlaps(f1 + i, f2 + i);
        tap_ok(ok, "nh_flow_full_jacobian f overlaps nh_full_field");
    }

    /* the lift is exactly the truncated series: P_perp v0 - sum = 0 */
    {
        arb_ptr hh = _arb_vec_init(KL * n);
        int ok = 1;
        if (nh_series_time(hh, NULL, M, q0, vD0, KL, PREC, err) != NH_OK)
            tap_bail("series: %s", err->msg);
        for (i = 0; i < n; i++)
        {
            arb_sub(t, v0 + i, vD0 + i, PREC);
            arb_one(e);
            for (k = 1; k <= KL; k++)
            {
                arb_mul(e, e, eps, PREC);
                arb_submul(t, e, hh + (k - 1) * n + i, PREC);
            }
            ok = ok && arb_contains_zero(t);
        }
        _arb_vec_clear(hh, KL * n);
        tap_ok(ok, "lift of order %d equals vD0 + sum eps^k h^(k) (balls contain 0)", KL);
    }

    nh_ode_opts_init(o);
    o->prec = PREC;
    o->rtol = o->atol = 1e-28;
    arb_set_d(times, 0.5);
    if (nh_flow_full(q, v, gq, gv, M, eps, q0, v0, times, 1, o, st, err) != NH_OK)
        tap_bail("nh_flow_full: %s", err->msg);
    tap_diag("full system eps = 1/100, T = 1/2: steps %ld rejected %ld newton %ld, %.2f s; "
             "global error estimate q %.2e v %.2e", (long) st->steps, (long) st->rejected,
             (long) st->newton_iters, st->seconds, st->gerr_q, st->gerr_v);

    if (nh_project_D(vD, M, q, v, PREC, err) != NH_OK
        || nh_series_time(h, NULL, M, q, vD, KMAX + 1, PREC, err) != NH_OK)
        tap_bail("series at end point: %s", err->msg);
    for (K = 1; K <= KMAX; K++)
    {
        double dev = 0, ref = 0;
        arb_ptr R = _arb_vec_init(n);
        arb_t ek;
        arb_init(ek);
        for (i = 0; i < n; i++)
        {
            arb_sub(R + i, v + i, vD + i, PREC);
            arb_one(e);
            for (k = 1; k <= K + 1; k++)
            {
                arb_mul(e, e, eps, PREC);
                arb_submul(R + i, e, h + (k - 1) * n + i, PREC);   /* includes k = K+1 */
            }
            arb_set(ek, e);
            arb_mul(t, ek, h + K * n + i, PREC);
            if (fabs(arf_get_d(arb_midref(t), ARF_RND_NEAR)) > ref)
                ref = fabs(arf_get_d(arb_midref(t), ARF_RND_NEAR));
            if (fabs(arf_get_d(arb_midref(R + i), ARF_RND_NEAR)) > dev)
                dev = fabs(arf_get_d(arb_midref(R + i), ARF_RND_NEAR));
        }
        tap_ok(dev <= 0.05 * ref && ref > 0,
               "K = %ld: |R_K - eps^%ld h^(%ld)| / |eps^%ld h^(%ld)| = %.3e <= 0.05",
               (long) K, (long) (K + 1), (long) (K + 1), (long) (K + 1), (long) (K + 1), dev / ref);
        arb_clear(ek);
        _arb_vec_clear(R, n);
    }

    arb_clear(eps); arb_clear(e); arb_clear(t);
    _arb_vec_clear(q0, n); _arb_vec_clear(w0, n); _arb_vec_clear(vD0, n);
    _arb_vec_clear(v0, n); _arb_vec_clear(q, n); _arb_vec_clear(v, n);
    _arb_vec_clear(vD, n); _arb_vec_clear(h, (KMAX + 1) * n); _arb_vec_clear(times, 1);
    _arb_vec_clear(gq, n); _arb_vec_clear(gv, n); _arb_vec_clear(f1, n); _arb_vec_clear(f2, n);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
