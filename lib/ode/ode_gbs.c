/* ode_gbs.c -- the Gragg-Bulirsch-Stoer stepper (_nh_ode_gbs_step, its
   adaptive run _nh_ode_gbs_run on nh_ode_evolve) and the adaptive
   integration of a user-supplied ODE y' = f(t, y) (nh_ode_gbs; all in
   lib/ode.h); nh_flow_reduced (lib/flow/flow_reduced.c) also runs on it;
   the field is a callback and may depend on t.  Reference: Hairer, Norsett, Wanner, Solving
   ODE I, Sec II.9. */
#include <math.h>
#include <stdio.h>
#include "impl.h"

static int
gen_f(arb_ptr dy, _nh_ode_gbs_struct *w, const arb_t t, arb_srcptr y, nh_error_t err)
{
    if (w->st != NULL)
        w->st->f_evals++;
    return w->f(dy, t, y, w->param, w->prec, err);
}

/* Midpoint (Gragg) sequence with nj = 2(j+1) substeps of H from (t0, y0):
   zb receives the final value (za, fz: workspace). */
static int
gbs_midpoint(arb_ptr zb, arb_ptr za, arb_ptr fz, _nh_ode_gbs_struct *w, const arb_t t0,
             arb_srcptr y0, arb_srcptr f0, const arb_t H, slong j, nh_error_t err)
{
    slong d = w->d, m, i, prec = w->prec, nj = 2 * (j + 1);
    arb_t hs, t, tm;
    int status = NH_OK;

    arb_init(hs); arb_init(t); arb_init(tm);
    arb_div_si(hs, H, nj, prec);
    _arb_vec_set(za, y0, d);
    for (i = 0; i < d; i++)
    {
        arb_mul(t, hs, f0 + i, prec);
        arb_add(zb + i, y0 + i, t, prec);
    }
    for (m = 1; m < nj && status == NH_OK; m++)
    {
        arb_mul_si(tm, hs, m, prec);
        arb_add(tm, tm, t0, prec);
        status = gen_f(fz, w, tm, zb, err);
        for (i = 0; i < d; i++)
        {
            arb_mul(t, hs, fz + i, prec);
            arb_mul_2exp_si(t, t, 1);
            arb_add(za + i, za + i, t, prec);
        }
        _arb_vec_swap(za, zb, d);
    }
    arb_clear(hs); arb_clear(t); arb_clear(tm);
    return status;
}

/* The GBS step with at most J and at least jmin columns: row j of the
   Aitken-Neville tableau, T_{j,l} = T_{j,l-1} + (T_{j,l-1} - T_{j-1,l-1})
   / ((n_j / n_{j-l})^2 - 1), is formed as soon as its midpoint value is
   known, and the step stops at the first row j + 1 >= jmin whose error
   estimate |T_{j,j} - T_{j,j-1}| (scaled) is <= 1 (order control of
   Hairer, Norsett, Wanner, Sec II.9, in its simplest form: fewer columns
   where they suffice).  jmin = J: always J columns. *jused: the columns
   used. */
static int
gbs_step_cols(arb_ptr y1, double *errn, slong *jused, _nh_ode_gbs_struct *w, const arb_t t0,
              arb_srcptr y0, arb_srcptr f0, const arb_t H, slong J, slong jmin,
              double rtol, double atol, nh_error_t err)
{
    slong d = w->d, j, l, i, prec = w->prec;
    arb_ptr prev = _arb_vec_init(J * d), cur = _arb_vec_init(J * d),
        za = _arb_vec_init(d), fz = _arb_vec_init(d), tmp;
    arb_t r, t;
    int status = NH_OK;

    arb_init(r); arb_init(t);
    *errn = 1e300;
    for (j = 0; j < J && status == NH_OK; j++)
    {
        status = gbs_midpoint(cur, za, fz, w, t0, y0, f0, H, j, err);
        for (l = 1; l <= j && status == NH_OK; l++)
        {
            arb_set_si(r, (j + 1) * (j + 1));
            arb_div_si(r, r, (j + 1 - l) * (j + 1 - l), prec);
            arb_sub_ui(r, r, 1, prec);
            for (i = 0; i < d; i++)
            {
                arb_sub(t, cur + (l - 1) * d + i, prev + (l - 1) * d + i, prec);
                arb_div(t, t, r, prec);
                arb_add(cur + l * d + i, cur + (l - 1) * d + i, t, prec);
            }
        }
        if (status != NH_OK)
            break;
        *jused = j + 1;
        if (j >= 1)
            *errn = _nh_ode_err_norm(cur + j * d, cur + (j - 1) * d, d, rtol, atol, prec);
        if (j + 1 == J || (j + 1 >= jmin && *errn <= 1.0))
        {
            _arb_vec_set(y1, cur + j * d, d);
            _nh_ode_recentre(y1, d);
            break;
        }
        tmp = prev; prev = cur; cur = tmp;
    }
    arb_clear(r); arb_clear(t);
    _arb_vec_clear(prev, J * d);
    _arb_vec_clear(cur, J * d);
    _arb_vec_clear(za, d);
    _arb_vec_clear(fz, d);
    return status;
}

/* Declared (with its docstring) in ode.h. */
int
_nh_ode_gbs_step(arb_ptr y1, double *errn, _nh_ode_gbs_struct *w, const arb_t t0, arb_srcptr y0,
         arb_srcptr f0, const arb_t H, slong J, double rtol, double atol, nh_error_t err)
{
    slong jused;
    return gbs_step_cols(y1, errn, &jused, w, t0, y0, f0, H, J, J, rtol, atol, err);
}

/* The GBS stepper of nh_ode_evolve (ctx: _nh_ode_gbs_struct with J and
   f0 = f at the step start). */
static int
gbs_start(void *ctx, const arb_t t, arb_srcptr y, int accepted, nh_error_t err)
{
    _nh_ode_gbs_struct *w = (_nh_ode_gbs_struct *) ctx;
    (void) accepted;
    return gen_f(w->f0, w, t, y, err);
}

static int
gbs_attempt(void *ctx, arb_ptr y1, double *errn, double *fac, const arb_t t, arb_srcptr y,
            const arb_t hh, double rtol, double atol, nh_error_t err)
{
    _nh_ode_gbs_struct *w = (_nh_ode_gbs_struct *) ctx;
    slong jused = w->J;
    int status = gbs_step_cols(y1, errn, &jused, w, t, y, w->f0, hh, w->J,
                               FLINT_MIN(w->J, NH_ODE_GBS_MIN_COLS), rtol, atol, err);
    if (status != NH_OK)
        return status;
    if (!(*errn < 1e300))
        *errn = 1e300;
    *fac = 0.9 * pow(*errn > 1e-300 ? *errn : 1e-300, -1.0 / (2 * jused - 1));
    /* converged before the last column: the columns left can absorb a
       longer step (the next one uses as many as it needs, up to J) */
    if (jused < w->J)
        *fac = 4.0;
    *fac = FLINT_MIN(4.0, FLINT_MAX(0.2, *fac));
    return NH_OK;
}

void
_nh_ode_gbs_stepper(nh_ode_stepper_struct *S, nh_ode_control_struct *C, _nh_ode_gbs_struct *w,
                    double rtol, double atol, slong J, slong max_steps, double h0, double hmax,
                    int quiet)
{
    w->J = J;
    w->f0 = _arb_vec_init(w->d);
    S->d = w->d;
    S->prec = w->prec;
    S->ctx = w;
    S->start = gbs_start;
    S->attempt = gbs_attempt;
    C->rtol = rtol;
    C->atol = atol;
    C->h0 = (h0 > 0) ? h0 : 0.05;
    C->hmax = hmax;
    C->hmin = 1e-40;
    C->max_steps = max_steps;
    C->quiet = quiet;
    C->label = w->label;
    C->fail = NULL;
    C->fail_ctx = NULL;
}

void
_nh_ode_gbs_stepper_clear(_nh_ode_gbs_struct *w)
{
    _arb_vec_clear(w->f0, w->d);
    w->f0 = NULL;
}

int
_nh_ode_gbs_run(arb_ptr y_out, _nh_ode_gbs_struct *w, arb_srcptr y0, arb_srcptr times, slong nt,
        double rtol, double atol, slong J, slong max_steps, double h0, double hmax,
        int quiet, nh_error_t err)
{
    nh_ode_stepper_struct S;
    nh_ode_control_struct C;
    int status;

    _nh_ode_gbs_stepper(&S, &C, w, rtol, atol, J, max_steps, h0, hmax, quiet);
    status = nh_ode_evolve(y_out, &S, &C, y0, times, nt, w->st, err);
    _nh_ode_gbs_stepper_clear(w);
    return status;
}

/* one run of nh_ode_gbs (nh_ode_run_t): the coarse run uses J-1 columns */
static int
gbs_run(arb_ptr a, arb_ptr b, void *ctx, const nh_ode_problem_struct *P, double rtol,
        double atol, int coarse, nh_error_t err)
{
    const nh_ode_opts_struct *o = P->o;
    slong J = o->gbs_cols;
    (void) b;
    return _nh_ode_gbs_run(a, (_nh_ode_gbs_struct *) ctx, P->y0, P->times, P->nt, rtol, atol,
                           coarse ? FLINT_MAX(J - 1, 2) : J, o->max_steps, o->h0, o->hmax,
                           o->quiet, err);
}

int
nh_ode_gbs(arb_ptr y_out, arb_ptr gerr, nh_ode_rhs_t f, void *param, slong d,
           arb_srcptr y0, arb_srcptr times, slong nt, const nh_ode_opts_t opts,
           nh_ode_stats_t st, nh_error_t err)
{
    slong J = opts->gbs_cols;
    _nh_ode_gbs_struct w;
    nh_ode_problem_struct P;
    nh_ode_stats_t st0;
    nh_ode_stats_struct *sp = (st != NULL) ? st : st0;
    double t0 = _nh_ode_wall();
    int status;

    if (f == NULL || d < 1)
        return nh_error_set(err, NH_ERR_USAGE, "nh_ode_gbs: need a field and d >= 1");
    if (J < 2 || J > 16)
        return nh_error_set(err, NH_ERR_USAGE, "GBS columns must be in 2..16, got %ld", (long) J);
    status = _nh_ode_check_tol_times(opts, times, nt, err);
    if (status != NH_OK)
        return status;
    nh_ode_stats_init(sp);
    w.f = f; w.param = param; w.d = d; w.prec = opts->prec; w.st = sp; w.label = "GBS";
    P.y0 = y0; P.v0 = NULL; P.times = times; P.nt = nt; P.o = opts;
    status = nh_ode_drive(y_out, NULL, gerr, NULL, nt * d, gbs_run, &w, &P, sp, err);
    if (status == NH_OK && gerr != NULL)
        sp->gerr_v = 0;
    sp->seconds = _nh_ode_wall() - t0;
    return status;
}
