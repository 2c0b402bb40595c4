/* flow_reduced.c -- the reduced systems of order k (paper 000 (69)-(71))
   on the GBS stepper of lib/ode (nh_ode_evolve, nh_ode_drive), and the
   lift to D_eps (flow.h). */
#include <math.h>
#include <stdio.h>
#include "impl.h"

/* Truncated series (paper 000 eq (66)): v = vD + sum_{j=1}^K eps^j h^(j). */
int
nh_flow_lift(arb_ptr v, const nh_model_struct *M, arb_srcptr q, arb_srcptr vD,
            slong K, const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr h, w;
    int status;
    if (K < 0)
        return nh_error_set(err, NH_ERR_USAGE, "lift order must be >= 0");
    w = _arb_vec_init(n);
    _arb_vec_set(w, vD, n);
    if (K == 0)
    {
        _arb_vec_swap(v, w, n);
        _arb_vec_clear(w, n);
        return NH_OK;
    }
    h = _arb_vec_init(K * n);
    status = nh_series_time(h, NULL, M, q, vD, K, prec, err);
    if (status == NH_OK)
    {
        _nh_flow_eps_series(w, h, K, eps, 1, n, prec);
        _arb_vec_swap(v, w, n);
    }
    _arb_vec_clear(h, K * n);
    _arb_vec_clear(w, n);
    return status;
}

/* Issue 19, proofs/020 (A2)-(A5): v = vD + v_p(q, t) + sum_{j=1}^K eps^j
   h^(j)(q, t, vD), h^(j) from nh_series_time_t at (q, t, vD), v_p from
   nh_project_D_t; linear autonomous models: nh_flow_lift (t unused). */
int
nh_flow_lift_t(arb_ptr v, const nh_model_struct *M, arb_srcptr q, const arb_t t,
               arb_srcptr vD, slong K, const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr h, w, vp;
    int status;

    if (nh_model_is_linear_autonomous(M))
        return nh_flow_lift(v, M, q, vD, K, eps, prec, err);
    if (K < 0)
        return nh_error_set(err, NH_ERR_USAGE, "lift order must be >= 0");
    w = _arb_vec_init(n);
    vp = _arb_vec_init(n);
    h = _arb_vec_init((K + 1) * n);
    status = nh_project_D_t(w, vp, M, q, t, vD, prec, err);
    if (status == NH_OK && K > 0)
        status = nh_series_time_t(h, NULL, NULL, M, q, t, vD, K, prec, err);
    if (status == NH_OK)
    {
        _arb_vec_add(w, vD, vp, n, prec);
        _nh_flow_eps_series(w, h, K, eps, 1, n, prec);
        _arb_vec_swap(v, w, n);
    }
    _arb_vec_clear(h, (K + 1) * n);
    _arb_vec_clear(vp, n);
    _arb_vec_clear(w, n);
    return status;
}

typedef struct
{
    const nh_model_struct *M;
    int timed;          /* not linear autonomous: the field of
                           nh_reduced_field_t at time t (issue 19) */
    slong n, k, prec;
    arb_t eps;
    arb_ptr h;          /* (k+1)*n */
    arb_t t0;           /* model time of the start (timed models) */
    nh_ode_stats_struct *st;
    _nh_flow_field_struct fld;   /* linear autonomous models: the field
                                    from first-order jets (flow/impl.h) */
}
red_ws;

/* dy = (qdot, vDdot) of the order-k reduced field at y = (q, vD), with
   h^(1..k) from nh_series_time at (q, vD) and the field of
   nh_reduced_field from first-order jets (_nh_flow_rfield_eval; without
   dv/dt the field needs
   only the k terms of the section; none for k = 0); autonomous, t is
   unused (an nh_ode_rhs_t).  Time-dependent or affine models (issue 19,
   proofs/020 (A2)-(A6)): the state is (q, u), u in D(q, t), h^(j) from
   nh_series_time_t at (q, t, u) and the field of nh_reduced_field_t at
   time t (qdot = u + v_p + sum eps^j h^(j), udot = (dP/dt) v + P F). */
static int
red_f(arb_ptr dy, const arb_t t, arb_srcptr y, void *param, slong prec, nh_error_t err)
{
    red_ws *w = (red_ws *) param;
    slong n = w->n;
    int status;
    if (w->timed)
    {
        arb_t tm;               /* the model time t0 + t */
        arb_init(tm);
        arb_add(tm, t, w->t0, prec);
        status = w->k > 0 ? nh_series_time_t(w->h, NULL, NULL, w->M, y, tm, y + n, w->k, prec,
                                             err) : NH_OK;
        if (status == NH_OK)
            status = nh_reduced_field_t(dy, dy + n, NULL, w->M, y, tm, y + n, w->h, NULL, w->k,
                                        w->k, w->eps, prec, err);
        arb_clear(tm);
        return status;
    }
    status = w->k > 0 ? nh_series_time(w->h, NULL, w->M, y, y + n, w->k, prec, err) : NH_OK;
    if (status == NH_OK)
        status = _nh_flow_rfield_eval(dy, dy + n, &w->fld, y, y + n, w->h, w->k, w->eps, err);
    return status;
}

/* The GBS core on the reduced field (label for messages in lbuf). */
static void
red_gbs(_nh_ode_gbs_struct *g, red_ws *w, char *lbuf, size_t lsize)
{
    snprintf(lbuf, lsize, "reduced k=%ld", (long) w->k);
    g->f = red_f;
    g->param = w;
    g->d = 2 * w->n;
    g->prec = w->prec;
    g->st = w->st;
    g->label = lbuf;
}

static void
red_ws_init(red_ws *w, const nh_model_struct *M, slong k, const arb_t eps, slong prec,
            nh_ode_stats_struct *st)
{
    w->M = M;
    w->timed = !nh_model_is_linear_autonomous(M);
    w->n = nh_model_n(M);
    w->k = k;
    w->prec = prec;
    arb_init(w->eps);
    arb_set(w->eps, eps);
    arb_init(w->t0);
    w->h = _arb_vec_init((k + 1) * w->n);
    w->st = st;
    if (!w->timed)
        _nh_flow_field_init(&w->fld, M, prec);
}

static void
red_ws_clear(red_ws *w)
{
    arb_clear(w->eps);
    arb_clear(w->t0);
    _arb_vec_clear(w->h, (w->k + 1) * w->n);
    if (!w->timed)
        _nh_flow_field_clear(&w->fld);
}

/* One run (nh_ode_run_t): adaptive GBS from (q0, vD0) = (P->y0, P->v0),
   outputs q in q_out and v lifted to order k in v_out (nt*n each); the
   coarse run of the estimate uses J-1 columns (a different method, so
   that the two runs never coincide step for step). */
static int
red_run(arb_ptr q_out, arb_ptr v_out, void *ctx, const nh_ode_problem_struct *P, double rtol,
        double atol, int coarse, nh_error_t err)
{
    red_ws *w = (red_ws *) ctx;
    slong n = w->n, k, J = P->o->gbs_cols;
    nh_ode_stepper_struct S;
    nh_ode_control_struct C;
    _nh_ode_gbs_struct g;
    char label[48];
    int status;

    red_gbs(&g, w, label, sizeof label);
    _nh_ode_gbs_stepper(&S, &C, &g, rtol, atol, coarse ? FLINT_MAX(J - 1, 2) : J,
                        P->o->max_steps, P->o->h0, P->o->hmax, P->o->quiet);
    /* (q, vD) into (q_out, v_out), then v_out lifted in place */
    status = nh_ode_evolve_qv(q_out, v_out, &S, &C, P->y0, P->v0, P->times, P->nt, g.st, err);
    _nh_ode_gbs_stepper_clear(&g);
    for (k = 0; k < P->nt && status == NH_OK; k++)
    {
        arb_t tm;               /* the model time t0 + times[k] */
        arb_init(tm);
        arb_add(tm, P->times + k, w->t0, w->prec);
        status = nh_flow_lift_t(v_out + k * n, w->M, q_out + k * n, tm,
                                v_out + k * n, w->k, w->eps, w->prec, err);
        arb_clear(tm);
        _nh_ode_recentre(v_out + k * n, n);
    }
    return status;
}

int
nh_flow_reduced(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
               const nh_model_struct *M, slong k, const arb_t eps,
               arb_srcptr q0, arb_srcptr vD0, arb_srcptr times, slong nt,
               const nh_ode_opts_t opts, nh_ode_stats_t st, nh_error_t err)
{
    return nh_flow_reduced_from(q_out, v_out, gerr_q, gerr_v, M, k, eps, NULL, q0, vD0, times,
                                nt, opts, st, err);
}

int
nh_flow_reduced_from(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
                     const nh_model_struct *M, slong k, const arb_t eps,
                     const arb_struct *tstart, arb_srcptr q0, arb_srcptr vD0,
                     arb_srcptr times, slong nt, const nh_ode_opts_t opts,
                     nh_ode_stats_t st, nh_error_t err)
{
    slong n = nh_model_n(M), J = opts->gbs_cols;
    red_ws w;
    nh_ode_problem_struct P;
    nh_ode_stats_t st0;
    nh_ode_stats_struct *sp = (st != NULL) ? st : st0;
    double t0 = _nh_ode_wall();
    int status;

    if (k < 0 || k + 1 > NH_SERIES_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "reduced order k = %ld out of range", (long) k);
    if (J < 2 || J > 16)
        return nh_error_set(err, NH_ERR_USAGE, "GBS columns must be in 2..16, got %ld", (long) J);
    if (!arb_is_finite(eps) || arf_sgn(arb_midref(eps)) <= 0)
        return nh_error_set(err, NH_ERR_USAGE, "eps must be positive");
    status = _nh_ode_check_tol_times(opts, times, nt, err);
    if (status != NH_OK)
        return status;
    nh_ode_stats_init(sp);
    red_ws_init(&w, M, k, eps, opts->prec, sp);
    if (tstart != NULL)
        arb_set(w.t0, tstart);
    P.y0 = q0; P.v0 = vD0; P.times = times; P.nt = nt; P.o = opts;
    status = nh_ode_drive(q_out, v_out, gerr_q, gerr_v, nt * n, red_run, &w, &P, sp, err);
    red_ws_clear(&w);
    sp->seconds = _nh_ode_wall() - t0;
    return status;
}

int
nh_flow_reduced_fixed(arb_ptr q, arb_ptr vD, const nh_model_struct *M,
                     slong k, const arb_t eps, const arb_t T, slong nsteps,
                     slong J, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), d = 2 * n, i;
    red_ws w;
    _nh_ode_gbs_struct g;
    char label[48];
    arb_ptr y = _arb_vec_init(d), y1 = _arb_vec_init(d), f0 = _arb_vec_init(d);
    arb_t H, t0;
    double errn;
    int status = NH_OK;

    if (nsteps < 1 || J < 1 || J > 16 || k < 0)
        return nh_error_set(err, NH_ERR_USAGE, "fixed GBS: need nsteps >= 1, 1 <= J <= 16, k >= 0");
    red_ws_init(&w, M, k, eps, prec, NULL);
    red_gbs(&g, &w, label, sizeof label);
    arb_init(H);
    arb_init(t0);   /* steps from t = 0 (time-dependent models: t0 = i H) */
    arb_div_si(H, T, nsteps, prec);
    mag_zero(arb_radref(H));
    _arb_vec_set(y, q, n);
    _arb_vec_set(y + n, vD, n);
    _nh_ode_recentre(y, d);
    for (i = 0; i < nsteps && status == NH_OK; i++)
    {
        arb_mul_si(t0, H, i, prec);
        status = red_f(f0, t0, y, &w, prec, err);
        if (status == NH_OK)
            status = _nh_ode_gbs_step(y1, &errn, &g, t0, y, f0, H, J, 1.0, 1.0, err);
        if (status == NH_OK)
            _arb_vec_swap(y, y1, d);
    }
    if (status == NH_OK)
    {
        _arb_vec_set(q, y, n);
        _arb_vec_set(vD, y + n, n);
    }
    arb_clear(H);
    arb_clear(t0);
    _arb_vec_clear(y, d);
    _arb_vec_clear(y1, d);
    _arb_vec_clear(f0, d);
    red_ws_clear(&w);
    return status;
}
