/* flow_slow.c -- points of the true slow manifold D_eps by shooting with
   the full system (flow.h, nh_flow_slow_point; doc/integrator.md). */
#include <math.h>
#include <stdio.h>
#include "impl.h"

/* Lower bound of the smallest eigenvalue of FR_sharp on D_perp at q:
   FR_sharp G^{-1} A^T y = G^{-1} A^T (mu_bar S) y with S = A G^{-1} A^T
   (paper 000 (38)), so the eigenvalues are those of mu_bar S, real and
   positive (similar to S^{1/2} mu_bar S^{1/2}); the smallest is at least
   1 / trace((mu_bar S)^{-1}) = 1 / trace(S^{-1} mu_bar^{-1}). */
static int
lambda_lower(double *lam, const nh_model_struct *M, arb_srcptr q, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i, j;
    jet_ctx_t ctx;
    nh_geom_t g;
    arb_mat_t muS, inv;
    arb_t tr;
    int status;

    jet_ctx_init(ctx, n, 1);
    nh_geom_init(g, M, ctx);
    status = nh_geom_compute(g, M, q, 1, ctx, prec, err);
    if (status == NH_OK && m > 0)
    {
        arb_mat_init(muS, m, m);
        arb_mat_init(inv, m, m);
        arb_init(tr);
        for (i = 0; i < m; i++)
            for (j = 0; j < m; j++)
            {
                slong l;
                for (l = 0; l < m; l++)
                    arb_addmul(arb_mat_entry(muS, i, j), JET_MAT_ENTRY(g->mu, i, l, ctx),
                               JET_MAT_ENTRY(g->S, l, j, ctx), prec);
            }
        if (!arb_mat_approx_inv(inv, muS, prec))
            status = nh_error_set(err, NH_ERR_MODEL, "slow point: mu_bar S singular");
        else
        {
            for (i = 0; i < m; i++)
                arb_add(tr, tr, arb_mat_entry(inv, i, i), prec);
            *lam = 1.0 / arf_get_d(arb_midref(tr), ARF_RND_UP);
            if (!(*lam > 0))
                status = nh_error_set(err, NH_ERR_MODEL,
                                      "slow point: friction not positive on D_perp");
        }
        arb_mat_clear(muS);
        arb_mat_clear(inv);
        arb_clear(tr);
    }
    else if (status == NH_OK)
        status = nh_error_set(err, NH_ERR_MODEL, "slow point: the model has no constraints");
    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    return status;
}

/* lambda_lower for a time-dependent or affine model at (q, t0) (issue
   19): mu_bar S with S = A G^{-1} A^T from the values at (q, t0). */
static int
lambda_lower_t(double *lam, const nh_model_struct *M, arb_srcptr q, const arb_t t0,
               slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i;
    arb_mat_t G, A, AT, GiAT, S, mu, muS;
    arb_t tr;
    int status;

    if (m == 0)
        return nh_error_set(err, NH_ERR_MODEL, "slow point: the model has no constraints");
    arb_mat_init(G, n, n); arb_mat_init(A, m, n); arb_mat_init(AT, n, m);
    arb_mat_init(GiAT, n, m); arb_mat_init(S, m, m); arb_mat_init(mu, m, m);
    arb_mat_init(muS, m, m);
    arb_init(tr);
    status = nh_geom_check_point_time(M, q, t0, prec, err);
    if (status == NH_OK)
        status = nh_geom_values_at(G, A, NULL, mu, M, q, t0, prec, err);
    arb_mat_transpose(AT, A);
    if (status == NH_OK && !arb_mat_approx_solve(GiAT, G, AT, prec))
        status = nh_error_set(err, NH_ERR_MODEL, "slow point: G singular at t = %g",
                              arf_get_d(arb_midref(t0), ARF_RND_NEAR));
    if (status == NH_OK)
    {
        arb_mat_mul(S, A, GiAT, prec);
        arb_mat_mul(muS, mu, S, prec);
        if (!arb_mat_approx_inv(S, muS, prec))
            status = nh_error_set(err, NH_ERR_MODEL, "slow point: mu_bar S singular");
        for (i = 0; i < m && status == NH_OK; i++)
            arb_add(tr, tr, arb_mat_entry(S, i, i), prec);
        *lam = status == NH_OK ? 1.0 / arf_get_d(arb_midref(tr), ARF_RND_UP) : 0;
        if (status == NH_OK && !(*lam > 0))
            status = nh_error_set(err, NH_ERR_MODEL, "slow point: friction not positive on D_perp");
    }
    arb_mat_clear(G); arb_mat_clear(A); arb_mat_clear(AT); arb_mat_clear(GiAT);
    arb_mat_clear(S); arb_mat_clear(mu); arb_mat_clear(muS);
    arb_clear(tr);
    return status;
}

/* the start (time ts) and end (time te) projections of the shooting:
   vD = P(q, t) v and vp = v_p(q, t) (zero for linear autonomous models,
   t = NULL) */
static int
proj(arb_ptr vD, arb_ptr vp, const nh_model_struct *M, arb_srcptr q, const arb_struct *t,
     arb_srcptr v, slong prec, nh_error_t err)
{
    if (t == NULL)
    {
        _arb_vec_zero(vp, nh_model_n(M));
        return nh_project_D(vD, M, q, v, prec, err);
    }
    return nh_project_D_t(vD, vp, M, q, t, v, prec, err);
}

/* Shooting residual at x = (q_s, w_s):
     v_s = P(q_s) w_s,  (q_e, v_e) = full flow over tau from (q_s, v_s),
     r = (q_e - q,  P(q_e) v_e - vD + P_perp(q_s) w_s).
   The last term (w_s - v_s) fixes the D_perp part of w_s (which does not
   affect the flow) to 0, so the 2n x 2n Jacobian is close to I. */
/* Time-dependent or affine models (t0 != NULL; issue 19): the slow
   manifold is a time-dependent graph, so the shooting runs from model
   time ts = t0 - tau (start v_s = P(q_s, ts) w_s + v_p(q_s, ts), on the
   constraint set) to t0, the end split as v_e = P(q_e, t0) v_e +
   v_p(q_e, t0) + H_e, and we = H_e (the part h_eps(q, t0, vD) beyond
   v_p); the gauge term is w_s - P(q_s, ts) w_s as before. */
static int
shoot(arb_ptr r, arb_ptr we, double *ge, const nh_model_struct *M, const arb_t eps,
      arb_srcptr x, arb_srcptr q, const arb_struct *t0, arb_srcptr vD, const arb_t tau,
      const nh_ode_opts_t opts, slong *steps, nh_error_t err)
{
    slong n = nh_model_n(M), i, prec = opts->prec;
    arb_ptr vs = _arb_vec_init(4 * n), vDe = vs + n, vps = vs + 2 * n, vpe = vs + 3 * n, qe, ve;
    nh_ode_traj_t T;
    nh_ode_stats_t st;
    arb_t ts;
    int status;

    arb_init(ts);
    if (t0 != NULL)
        arb_sub(ts, t0, tau, prec);
    nh_ode_traj_init(T, 1, n, ge != NULL);
    qe = T->q;
    ve = T->v;
    status = proj(vs, vps, M, x, t0 != NULL ? ts : NULL, x + n, prec, err);
    if (status == NH_OK)
    {
        _arb_vec_add(vDe, vs, vps, n, prec);          /* the start velocity */
        status = nh_flow_full_from(qe, ve, T->gq, T->gv, M, eps, t0 != NULL ? ts : NULL, x,
                                   vDe, tau, 1, opts, st, err);
    }
    if (status == NH_OK)
    {
        *steps += st->steps;
        status = proj(vDe, vpe, M, qe, t0, ve, prec, err);
    }
    if (status == NH_OK)
    {
        for (i = 0; i < n; i++)
        {
            arb_sub(r + i, qe + i, q + i, prec);
            arb_sub(r + n + i, vDe + i, vD + i, prec);
            arb_add(r + n + i, r + n + i, x + n + i, prec);
            arb_sub(r + n + i, r + n + i, vs + i, prec);
            if (we != NULL)
            {
                arb_sub(we + i, ve + i, vDe + i, prec);
                arb_sub(we + i, we + i, vpe + i, prec);
            }
        }
        _nh_ode_recentre(r, 2 * n);
        if (ge != NULL)
            *ge = FLINT_MAX(st->gerr_v, st->gerr_q);
    }
    _arb_vec_clear(vs, 4 * n);
    arb_clear(ts);
    nh_ode_traj_clear(T);
    return status;
}

int
nh_flow_slow_point(arb_ptr w, arb_ptr qs, arb_ptr vs, const nh_model_struct *M,
                  const arb_t eps, arb_srcptr q, arb_srcptr vD,
                  const nh_ode_opts_t opts, nh_flow_slow_info_t info, nh_error_t err)
{
    return nh_flow_slow_point_t(w, qs, vs, M, eps, q, NULL, vD, opts, info, err);
}

int
nh_flow_slow_point_t(arb_ptr w, arb_ptr qs, arb_ptr vs, const nh_model_struct *M,
                     const arb_t eps, arb_srcptr q, const arb_struct *t0, arb_srcptr vD,
                     const nh_ode_opts_t opts, nh_flow_slow_info_t info, nh_error_t err)
{
    slong n = nh_model_n(M), d = 2 * n, i, j, it, prec = opts->prec;
    double epsd = arf_get_d(arb_midref(eps), ARF_RND_NEAR), lam = 0, vn, rn = 1e300, thr, ge = 0;
    double wall0 = _nh_ode_wall();
    arb_ptr x, r, rn1, dx, y;
    arb_mat_t B, rhs, sol;
    arb_t tau, t, dd;
    int status, conv = 0;

    info->iters = 0;
    info->steps = 0;
    if (t0 != NULL && nh_model_is_linear_autonomous(M))
        t0 = NULL;                          /* the autonomous shooting */
    status = t0 != NULL ? lambda_lower_t(&lam, M, q, t0, prec, err)
                        : lambda_lower(&lam, M, q, prec, err);
    if (status != NH_OK)
        return status;
    vn = _nh_ode_vec_max(vD, n);
    info->lambda_lb = lam;
    info->tau = epsd / (0.8 * lam) * (log(1.0 / opts->atol) + log(1.0 + vn * vn));
    info->remnant = exp(-0.8 * lam * info->tau / epsd) * epsd * (1.0 + vn * vn);

    x = _arb_vec_init(d); r = _arb_vec_init(d); rn1 = _arb_vec_init(d);
    dx = _arb_vec_init(d); y = _arb_vec_init(d);
    arb_mat_init(B, d, d); arb_mat_init(rhs, d, 1); arb_mat_init(sol, d, 1);
    arb_init(tau); arb_init(t); arb_init(dd);
    arb_set_d(tau, info->tau);
    arb_mat_one(B);
    _arb_vec_set(x, q, n);
    _arb_vec_set(x + n, vD, n);
    _nh_ode_recentre(x, d);
    thr = 10.0 * (opts->atol + opts->rtol * (1.0 + _nh_ode_vec_max(x, d)));

    {
        nh_ode_opts_t o2;
        *o2 = *opts;
        o2->atol = FLINT_MAX(opts->atol, 1e-8);
        o2->rtol = FLINT_MAX(opts->rtol, 1e-8);
        status = shoot(r, NULL, NULL, M, eps, x, q, t0, vD, tau, o2, &info->steps, err);
    }
    for (it = 0; it < 40 && status == NH_OK; it++)
    {
        rn = _nh_ode_vec_max(r, d);
        if (!opts->quiet)
            fprintf(stderr, "slowmanifold: eps=%g shooting iteration %ld residual %.3e\n",
                    epsd, (long) it, rn);
        if (rn <= thr)
        {
            conv = 1;
            break;
        }
        /* Broyden ("good"): B dx = -r, x += dx, B += (y - B dx) dx^T / dx^T dx */
        for (i = 0; i < d; i++)
            arb_neg(arb_mat_entry(rhs, i, 0), r + i);
        if (!arb_mat_approx_solve(sol, B, rhs, prec))
        {
            status = nh_error_set(err, NH_ERR_PRECISION, "slow point: Broyden matrix singular");
            break;
        }
        for (i = 0; i < d; i++)
        {
            arb_set(dx + i, arb_mat_entry(sol, i, 0));
            arb_add(x + i, x + i, dx + i, prec);
        }
        _nh_ode_recentre(x, d);
        /* tolerance continuation: far from the solution the residual
           need not be accurate; ask for ~ 1e-3 |r|^2 (Broyden converges
           superlinearly), never looser than 1e-8 nor tighter than atol */
        {
            double tl = FLINT_MIN(1e-8, 1e-3 * rn * rn);
            nh_ode_opts_t o2;
            *o2 = *opts;
            if (tl > opts->atol)
            {
                o2->atol = tl;
                o2->rtol = FLINT_MAX(opts->rtol, tl);
            }
            status = shoot(rn1, NULL, NULL, M, eps, x, q, t0, vD, tau, o2, &info->steps, err);
        }
        if (status != NH_OK)
            break;
        arb_zero(dd);
        for (i = 0; i < d; i++)
            arb_addmul(dd, dx + i, dx + i, prec);
        for (i = 0; i < d; i++)
        {
            /* y_i - (B dx)_i = rn1_i - r_i - (B dx)_i = rn1_i (since B dx = -r) */
            arb_div(t, rn1 + i, dd, prec);
            for (j = 0; j < d; j++)
                arb_addmul(arb_mat_entry(B, i, j), t, dx + j, prec);
        }
        _arb_vec_swap(r, rn1, d);
        info->iters = it + 1;
    }
    if (status == NH_OK && !conv)
        status = nh_error_set(err, NH_ERR_PRECISION,
            "slow point: shooting did not converge at eps = %g (residual %.3e > %.3e "
            "after %ld iterations); loosen --tol or raise --prec", epsd, rn, thr, (long) it);
    if (status == NH_OK)
    {
        /* final run with the global error estimate */
        status = shoot(r, w, &ge, M, eps, x, q, t0, vD, tau, opts, &info->steps, err);
        if (status == NH_OK)
        {
            info->resid = _nh_ode_vec_max(r, d);
            info->gerr = ge + info->resid + info->remnant;
            _nh_ode_recentre(w, n);
            if (qs != NULL)
                _arb_vec_set(qs, x, n);
            if (vs != NULL)
            {
                arb_ptr vp = _arb_vec_init(n);
                arb_sub(t, t0 != NULL ? t0 : tau, tau, prec);   /* ts (t0 given) */
                status = proj(vs, vp, M, x, t0 != NULL ? t : NULL, x + n, prec, err);
                _arb_vec_add(vs, vs, vp, n, prec);
                _arb_vec_clear(vp, n);
            }
        }
    }
    arb_clear(tau); arb_clear(t); arb_clear(dd);
    arb_mat_clear(B); arb_mat_clear(rhs); arb_mat_clear(sol);
    _arb_vec_clear(x, d); _arb_vec_clear(r, d); _arb_vec_clear(rn1, d);
    _arb_vec_clear(dx, d); _arb_vec_clear(y, d);
    info->seconds = _nh_ode_wall() - wall0;
    return status;
}

void
_nh_flow_eps_series(arb_ptr x, arb_srcptr h, slong K, const arb_t eps, int sign, slong n,
                    slong prec)
{
    slong j, i;
    arb_t e;
    arb_init(e);
    arb_one(e);
    for (j = 1; j <= K; j++)
    {
        arb_mul(e, e, eps, prec);
        for (i = 0; i < n; i++)
            if (sign < 0)
                arb_submul(x + i, e, h + (j - 1) * n + i, prec);
            else
                arb_addmul(x + i, e, h + (j - 1) * n + i, prec);
    }
    arb_clear(e);
}

void
nh_flow_slow_residual(arb_ptr S, arb_srcptr w, arb_srcptr h, slong K, const arb_t eps,
                     slong n, slong prec)
{
    _arb_vec_set(S, w, n);
    _nh_flow_eps_series(S, h, K, eps, -1, n, prec);
}

int
nh_flow_slow_taylor(arb_ptr c, arb_srcptr eps, arb_srcptr w, slong N, slong n, slong prec)
{
    arb_mat_t V, Y, X;
    slong j, k, i;
    int ok;
    arb_mat_init(V, N, N);
    arb_mat_init(Y, N, n);
    arb_mat_init(X, N, n);
    for (j = 0; j < N; j++)
    {
        for (k = 0; k < N; k++)
            arb_pow_ui(arb_mat_entry(V, j, k), eps + j, k + 1, prec);
        for (i = 0; i < n; i++)
            arb_set(arb_mat_entry(Y, j, i), w + j * n + i);
    }
    ok = arb_mat_approx_solve(X, V, Y, prec);
    for (k = 0; k < N; k++)
        for (i = 0; i < n; i++)
            arb_set(c + k * n + i, arb_mat_entry(X, k, i));
    arb_mat_clear(V);
    arb_mat_clear(Y);
    arb_mat_clear(X);
    return ok;
}
