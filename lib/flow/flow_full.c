/* flow_full.c -- the full friction system (paper 000 eqs (39)-(40)) on
   the generic Radau IIA stepper of lib/ode (nh_ode_radau_*, run by
   nh_ode_evolve and nh_ode_drive); see flow.h and doc/integrator.md. */
#include <math.h>
#include <stdio.h>
#include "impl.h"

/* The system: the fast field in Lagrangian form for the Newton
   iterations, the Jacobians from jets at the step start. */
typedef struct
{
    const nh_model_struct *M;
    arb_ptr eps;                  /* eps (midpoint, 1 ball) */
    int timed;                    /* not linear autonomous (issue 19) */
    arb_ptr t0;                   /* model time of the start (1 ball) */
    arb_ptr tm;                   /* work: model time of an evaluation */
    _nh_flow_field_struct fld;    /* linear autonomous models */
    _nh_flow_gfield_struct gf, gj;/* the others: field, Jacobians */
}
full_sys;

/* The field at time t: paper 000 (39)-(40) for linear autonomous models
   (t unused, the original path), proofs/020 (A1) with the Lagrangian
   force otherwise (flow/impl.h). */
static int
full_f(arb_ptr dv, const arb_t t, arb_srcptr q, arb_srcptr v, void *param, slong prec,
       nh_error_t err)
{
    full_sys *S = (full_sys *) param;
    if (S->timed)
    {
        arb_add(S->tm, t, S->t0, prec);      /* model time */
        return _nh_flow_gfield_eval(dv, NULL, NULL, &S->gf, S->tm, q, v, S->eps, err);
    }
    return _nh_flow_field_eval(dv, &S->fld, q, v, S->eps, err);
}

static int
full_jac(arb_ptr f, arb_mat_t fq, arb_mat_t fv, const arb_t t, arb_srcptr q, arb_srcptr v,
         void *param, slong prec, nh_error_t err)
{
    full_sys *S = (full_sys *) param;
    if (S->timed)
    {
        arb_add(S->tm, t, S->t0, prec);      /* model time */
        return _nh_flow_gfield_eval(f, fq, fv, &S->gj, S->tm, q, v, S->eps, err);
    }
    return nh_flow_full_jacobian(f, fq, fv, S->M, S->eps, q, v, prec, err);
}

/* the system and its Radau workspace */
typedef struct
{
    full_sys sys;
    nh_ode_radau_struct rad;
    double epsd;
}
full_ws;

static void
ws_init(full_ws *w, const nh_model_struct *M, const arb_t eps, slong s, slong prec,
        nh_ode_stats_struct *st)
{
    w->sys.M = M;
    w->sys.t0 = _arb_vec_init(1);
    w->sys.tm = _arb_vec_init(1);
    w->sys.eps = _arb_vec_init(1);
    arb_set(w->sys.eps, eps);
    mag_zero(arb_radref(w->sys.eps));
    w->epsd = arf_get_d(arb_midref(w->sys.eps), ARF_RND_NEAR);
    nh_ode_radau_init(&w->rad, nh_model_n(M), s, prec, full_f, full_jac, &w->sys, st);
    w->sys.timed = !nh_model_is_linear_autonomous(M);
    if (w->sys.timed)
    {
        _nh_flow_gfield_init(&w->sys.gf, M, 0, prec);
        _nh_flow_gfield_init(&w->sys.gj, M, 1, prec);
    }
    else
        _nh_flow_field_init(&w->sys.fld, M, prec);
}

static void
ws_clear(full_ws *w)
{
    _arb_vec_clear(w->sys.eps, 1);
    _arb_vec_clear(w->sys.t0, 1);
    _arb_vec_clear(w->sys.tm, 1);
    nh_ode_radau_clear(&w->rad);
    if (w->sys.timed)
    {
        _nh_flow_gfield_clear(&w->sys.gf);
        _nh_flow_gfield_clear(&w->sys.gj);
    }
    else
        _nh_flow_field_clear(&w->sys.fld);
}

/* the messages of a run that stops (nh_ode_control_struct.fail) */
static int
full_fail(void *ctx, const void *Cv, int code, slong max_steps, slong prec, double t, double h,
          nh_error_t err)
{
    const full_ws *w = (const full_ws *) ctx;
    const nh_ode_control_struct *C = (const nh_ode_control_struct *) Cv;
    if (code == NH_ERR_RESOURCE)
        return nh_error_set(err, NH_ERR_RESOURCE,
            "integrator: more than %ld steps before t = %g (eps = %g)",
            (long) max_steps, t, w->epsd);
    return nh_error_set(err, NH_ERR_PRECISION,
        "integrator: step size underflow (h = %g) at t = %g; "
        "tolerance %g too tight for %ld bits?", h, t, C->rtol, (long) prec);
}

/* one run (nh_ode_run_t): adaptive Radau from (q0, v0) = (P->y0, P->v0),
   outputs q in q_out, v in v_out (nt*n each) */
static int
full_run(arb_ptr q_out, arb_ptr v_out, void *ctx, const nh_ode_problem_struct *P, double rtol,
         double atol, int coarse, nh_error_t err)
{
    full_ws *w = (full_ws *) ctx;
    const nh_ode_opts_struct *o = P->o;
    nh_ode_stepper_struct S;
    nh_ode_control_struct C;
    char label[48];

    (void) coarse;
    nh_ode_radau_stepper(&S, &w->rad);
    snprintf(label, sizeof label, "full eps=%g", w->epsd);
    C.rtol = rtol;
    C.atol = atol;
    C.h0 = (o->h0 > 0) ? o->h0 : 1e-2 * FLINT_MIN(w->epsd, 1.0);
    C.hmax = o->hmax;
    C.hmin = 1e-40 * FLINT_MAX(1.0, w->epsd);
    C.max_steps = o->max_steps;
    C.quiet = o->quiet;
    C.label = label;
    C.fail = full_fail;
    C.fail_ctx = w;
    return nh_ode_evolve_qv(q_out, v_out, &S, &C, P->y0, P->v0, P->times, P->nt, w->rad.st, err);
}

static int
check_common(const nh_model_struct *M, const arb_t eps, arb_srcptr times, slong nt,
             const nh_ode_opts_t o, nh_error_t err)
{
    if (!arb_is_finite(eps) || arf_sgn(arb_midref(eps)) <= 0)
        return nh_error_set(err, NH_ERR_USAGE, "eps must be positive");
    if (o->stages < 1 || o->stages > 9)
        return nh_error_set(err, NH_ERR_USAGE, "Radau stages must be in 1..9, got %ld",
                            (long) o->stages);
    if (!(o->rtol >= 0 && o->atol > 0))
        return nh_error_set(err, NH_ERR_USAGE, "tolerances must be rtol >= 0, atol > 0");
    if (o->prec < 32)
        return nh_error_set(err, NH_ERR_USAGE, "precision must be at least 32 bits");
    (void) M;
    return _nh_ode_check_times(times, nt, err);
}

int
nh_flow_full(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
            const nh_model_struct *M, const arb_t eps,
            arb_srcptr q0, arb_srcptr v0, arb_srcptr times, slong nt,
            const nh_ode_opts_t opts, nh_ode_stats_t st, nh_error_t err)
{
    return nh_flow_full_from(q_out, v_out, gerr_q, gerr_v, M, eps, NULL, q0, v0, times, nt,
                             opts, st, err);
}

int
nh_flow_full_from(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
                  const nh_model_struct *M, const arb_t eps, const arb_struct *tstart,
                  arb_srcptr q0, arb_srcptr v0, arb_srcptr times, slong nt,
                  const nh_ode_opts_t opts, nh_ode_stats_t st, nh_error_t err)
{
    slong n = nh_model_n(M);
    full_ws w;
    nh_ode_problem_struct P;
    nh_ode_stats_t st0;
    double t0 = _nh_ode_wall();
    int status;
    nh_ode_stats_struct *sp = (st != NULL) ? st : st0;

    status = check_common(M, eps, times, nt, opts, err);
    if (status != NH_OK)
        return status;
    nh_ode_stats_init(sp);
    ws_init(&w, M, eps, opts->stages, opts->prec, sp);
    if (tstart != NULL)
        arb_set(w.sys.t0, tstart);
    P.y0 = q0; P.v0 = v0; P.times = times; P.nt = nt; P.o = opts;
    status = nh_ode_drive(q_out, v_out, gerr_q, gerr_v, nt * n, full_run, &w, &P, sp, err);
    ws_clear(&w);
    sp->seconds = _nh_ode_wall() - t0;
    return status;
}

int
nh_flow_full_fixed(arb_ptr q, arb_ptr v, const nh_model_struct *M,
                  const arb_t eps, const arb_t T, slong nsteps, slong s,
                  slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), k, a;
    full_ws w;
    arb_t h, tk;
    arb_ptr q1, v1;
    double *sc;
    int status = NH_OK, r, ms = NH_OK;

    if (nsteps < 1 || s < 1 || s > 9)
        return nh_error_set(err, NH_ERR_USAGE, "fixed step: need nsteps >= 1, 1 <= s <= 9");
    ws_init(&w, M, eps, s, prec, NULL);
    arb_init(h);
    arb_init(tk);
    arb_div_si(h, T, nsteps, prec);
    mag_zero(arb_radref(h));
    q1 = _arb_vec_init(n);
    v1 = _arb_vec_init(n);
    sc = flint_malloc(sizeof(double) * n);
    _nh_ode_recentre(q, n);
    _nh_ode_recentre(v, n);
    for (k = 0; k < nsteps && status == NH_OK; k++)
    {
        for (a = 0; a < n; a++)
            sc[a] = ldexp(1.0 + fabs(arf_get_d(arb_midref(v + a), ARF_RND_NEAR)), -(int) prec + 8);
        arb_mul_si(tk, h, k, prec);          /* step k starts at t = k h */
        status = nh_ode_radau_jacobian(&w.rad, tk, q, v, err);
        if (status != NH_OK)
            break;
        r = nh_ode_radau_step(&w.rad, q1, v1, tk, q, v, h, NULL, sc, 1.0, 100, &ms, err);
        if (r < 0)
            status = ms;
        else if (r == 0)
            status = nh_error_set(err, NH_ERR_PRECISION,
                                  "fixed step: Newton did not converge at step %ld", (long) k);
        else
        {
            _arb_vec_swap(q, q1, n);
            _arb_vec_swap(v, v1, n);
        }
    }
    flint_free(sc);
    _arb_vec_clear(q1, n);
    _arb_vec_clear(v1, n);
    arb_clear(h);
    arb_clear(tk);
    ws_clear(&w);
    return status;
}
