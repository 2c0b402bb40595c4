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

/* Shooting residual at x = (q_s, w_s):
     v_s = P(q_s) w_s,  (q_e, v_e) = full flow over tau from (q_s, v_s),
     r = (q_e - q,  P(q_e) v_e - vD + P_perp(q_s) w_s).
   The last term (w_s - v_s) fixes the D_perp part of w_s (which does not
   affect the flow) to 0, so the 2n x 2n Jacobian is close to I. */
static int
shoot(arb_ptr r, arb_ptr we, double *ge, const nh_model_struct *M, const arb_t eps,
      arb_srcptr x, arb_srcptr q, arb_srcptr vD, const arb_t tau,
      const nh_ode_opts_t opts, slong *steps, nh_error_t err)
{
    slong n = nh_model_n(M), i, prec = opts->prec;
    arb_ptr vs = _arb_vec_init(n), vDe = _arb_vec_init(n), qe, ve;
    nh_ode_traj_t T;
    nh_ode_stats_t st;
    int status;

    nh_ode_traj_init(T, 1, n, ge != NULL);
    qe = T->q;
    ve = T->v;
    status = nh_project_D(vs, M, x, x + n, prec, err);
    if (status == NH_OK)
        status = nh_flow_full(qe, ve, T->gq, T->gv, M, eps, x, vs, tau, 1, opts, st, err);
    if (status == NH_OK)
    {
        *steps += st->steps;
        status = nh_project_D(vDe, M, qe, ve, prec, err);
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
                arb_sub(we + i, ve + i, vDe + i, prec);
        }
        _nh_ode_recentre(r, 2 * n);
        if (ge != NULL)
            *ge = FLINT_MAX(st->gerr_v, st->gerr_q);
    }
    _arb_vec_clear(vs, n);
    _arb_vec_clear(vDe, n);
    nh_ode_traj_clear(T);
    return status;
}

int
nh_flow_slow_point(arb_ptr w, arb_ptr qs, arb_ptr vs, const nh_model_struct *M,
                  const arb_t eps, arb_srcptr q, arb_srcptr vD,
                  const nh_ode_opts_t opts, nh_flow_slow_info_t info, nh_error_t err)
{
    slong n = nh_model_n(M), d = 2 * n, i, j, it, prec = opts->prec;
    double epsd = arf_get_d(arb_midref(eps), ARF_RND_NEAR), lam = 0, vn, rn = 1e300, thr, ge = 0;
    double t0 = _nh_ode_wall();
    arb_ptr x, r, rn1, dx, y;
    arb_mat_t B, rhs, sol;
    arb_t tau, t, dd;
    int status, conv = 0;

    info->iters = 0;
    info->steps = 0;
    status = lambda_lower(&lam, M, q, prec, err);
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
        status = shoot(r, NULL, NULL, M, eps, x, q, vD, tau, o2, &info->steps, err);
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
            status = shoot(rn1, NULL, NULL, M, eps, x, q, vD, tau, o2, &info->steps, err);
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
        status = shoot(r, w, &ge, M, eps, x, q, vD, tau, opts, &info->steps, err);
        if (status == NH_OK)
        {
            info->resid = _nh_ode_vec_max(r, d);
            info->gerr = ge + info->resid + info->remnant;
            _nh_ode_recentre(w, n);
            if (qs != NULL)
                _arb_vec_set(qs, x, n);
            if (vs != NULL)
                status = nh_project_D(vs, M, x, x + n, prec, err);
        }
    }
    arb_clear(tau); arb_clear(t); arb_clear(dd);
    arb_mat_clear(B); arb_mat_clear(rhs); arb_mat_clear(sol);
    _arb_vec_clear(x, d); _arb_vec_clear(r, d); _arb_vec_clear(rn1, d);
    _arb_vec_clear(dx, d); _arb_vec_clear(y, d);
    info->seconds = _nh_ode_wall() - t0;
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
