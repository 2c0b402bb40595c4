/*
 * t-flow_slow.c -- nh_flow_slow_point (a point of the TRUE slow manifold
 * D_eps over a fixed point (q, vD) of D, by shooting with the full
 * system, no series involved) against the series of nh_series_time at
 * the same point: h_eps(q, vD) = sum_k eps^k h^(k)(q, vD) (paper 000
 * eq (66); D_eps = graph(h_eps)).  Sleigh (cases/chaplygin_sleigh.nh),
 * eps = 1/100, 128 bits, tol 1e-20.  The series is asymptotic, its
 * terms at eps = 1/100 decrease geometrically here, so
 *     |w - sum_{k<=K} eps^k h^(k)| ~ eps^(K+1) |h^(K+1)|.
 * Asserted: for K = 1..4 the remainder is within 10% of eps^(K+1)
 * |h^(K+1)| componentwise in max norm (i.e. the next term explains it),
 * and the shooting landed: residual below 1e-17, P v_end = vD.
 * The estimated error of w (info->gerr) is printed and must be below
 * eps^6 |h^(6)| for the K = 4 assertion to be meaningful (asserted).
 */
#include <math.h>
#include <stdio.h>
#include "flow.h"
#include "tap.h"
#include "series_testutil.h"

#define PREC 128
#define KT 7

int
main(void)
{
    nh_model_ptr M = tu_load_case("chaplygin_sleigh.nh");
    nh_error_t err;
    slong n, i, k, K;
    arb_ptr q, v, vD, w, h, S;
    arb_t eps, e;
    nh_ode_opts_t o;
    nh_flow_slow_info_t info;
    static const double qd[3] = { 0.1, -0.2, 0.4 }, vd[3] = { 0.9, 0.2, 0.7 };

    tap_plan(4 + 2);
    nh_error_init(err);
    if (M == NULL)
        tap_bail("cannot load the sleigh");
    n = nh_model_n(M);
    q = _arb_vec_init(n); v = _arb_vec_init(n); vD = _arb_vec_init(n);
    w = _arb_vec_init(n); h = _arb_vec_init(KT * n); S = _arb_vec_init(n);
    arb_init(eps); arb_init(e);
    for (i = 0; i < n; i++)
    {
        arb_set_d(q + i, qd[i]);
        arb_set_d(v + i, vd[i]);
    }
    arb_set_ui(eps, 1);
    arb_div_ui(eps, eps, 100, PREC);
    if (nh_project_D(vD, M, q, v, PREC, err) != NH_OK
        || nh_series_time(h, NULL, M, q, vD, KT, PREC, err) != NH_OK)
        tap_bail("series: %s", err->msg);
    nh_ode_opts_init(o);
    o->prec = PREC;
    o->rtol = o->atol = 1e-20;
    if (nh_flow_slow_point(w, NULL, NULL, M, eps, q, vD, o, info, err) != NH_OK)
        tap_bail("slow point: %s", err->msg);
    tap_diag("tau %.4f (lambda >= %.4f), Broyden iterations %ld, residual %.2e, "
             "estimated error %.2e, steps %ld, %.2f s", info->tau, info->lambda_lb,
             (long) info->iters, info->resid, info->gerr, (long) info->steps, info->seconds);
    tap_ok(info->resid < 1e-17, "shooting residual %.2e < 1e-17", info->resid);
    {
        double t6;
        arb_pow_ui(e, eps, 6, PREC);
        t6 = tu_max_abs(h + 5 * n, n) * arf_get_d(arb_midref(e), ARF_RND_NEAR);
        tap_ok(info->gerr < 1e-2 * t6, "estimated error %.2e < 1e-2 eps^6 |h^(6)| = %.2e",
               info->gerr, 1e-2 * t6);
    }
    _arb_vec_set(S, w, n);
    arb_one(e);
    for (K = 1; K <= 4; K++)
    {
        double rem, nxt;
        arb_mul(e, e, eps, PREC);
        for (i = 0; i < n; i++)
            arb_submul(S + i, e, h + (K - 1) * n + i, PREC);
        rem = tu_max_abs(S, n);
        {
            arb_t e1;
            arb_init(e1);
            arb_mul(e1, e, eps, PREC);
            nxt = tu_max_abs(h + K * n, n) * arf_get_d(arb_midref(e1), ARF_RND_NEAR);
            arb_clear(e1);
        }
        tap_ok(fabs(rem / nxt - 1) < 0.1, "K = %ld: |w - S_K| / (eps^%ld |h^(%ld)|) = %.4f",
               (long) K, (long) (K + 1), (long) (K + 1), rem / nxt);
    }
    (void) k;
    arb_clear(eps); arb_clear(e);
    _arb_vec_clear(q, n); _arb_vec_clear(v, n); _arb_vec_clear(vD, n);
    _arb_vec_clear(w, n); _arb_vec_clear(h, KT * n); _arb_vec_clear(S, n);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
