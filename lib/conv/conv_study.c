/*
 * conv_study.c -- the convergence study: full friction system (paper 000
 * eqs (39)-(40)) against the order-k reduced systems (paper 000
 * (69)-(71), nh_reduced_field), errors per eps and per k, defect of the
 * full solution w.r.t. the order-k reduced field (paper 001 Def 2, eq
 * (20)), observed orders by least squares (conv_fit.c).  See conv.h and
 * doc/convergence.md.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "impl.h"

static const char *qnames[NH_CONV_NQ] = {"q(T)", "v(T)", "max q", "max v", "defect"};
static const char *qkeys[NH_CONV_NQ] = {"q_T", "v_T", "q_max", "v_max", "defect_max"};

const char *
nh_conv_quantity_name(int which)
{
    return (which >= 0 && which < NH_CONV_NQ) ? qnames[which] : "?";
}

const char *
nh_conv_quantity_key(int which)
{
    return (which >= 0 && which < NH_CONV_NQ) ? qkeys[which] : "?";
}

void
nh_conv_opts_init(nh_conv_opts_t o, slong n)
{
    memset(o, 0, sizeof(nh_conv_opts_struct));
    o->n = n;
    o->q0 = _arb_vec_init(n);
    o->v0 = _arb_vec_init(n);
    o->init = NH_CONV_INIT_DEPS;
    o->lift_order = -1;
    o->kmax = 2;
    o->neps = 0;
    o->eps = NULL;
    fmpq_init(o->T);
    fmpq_init(o->t1);
    fmpq_set_si(o->T, 2, 1);
    fmpq_set_si(o->t1, 1, 5);
    o->nt = 11;
    o->prec = 128;
    o->max_prec = 1024;
    o->tol = 1e-18;
    o->min_tol = 1e-60;
    o->ratio = 1000.0;
    o->max_steps = 0;
    o->progress = 1;
}

void
nh_conv_opts_clear(nh_conv_opts_t o)
{
    _arb_vec_clear(o->q0, o->n);
    _arb_vec_clear(o->v0, o->n);
    if (o->eps != NULL)
        _fmpq_vec_clear(o->eps, o->neps);
    o->eps = NULL;
    o->neps = 0;
    fmpq_clear(o->T);
    fmpq_clear(o->t1);
}

/* x rounded to 6 significant digits as an exact decimal rational */
static void
fmpq_set_decimal6(fmpq_t r, double x)
{
    slong d = 5 - (slong) floor(log10(x));
    fmpz_t num, den;
    fmpz_init(num);
    fmpz_init(den);
    if (d >= 0)
    {
        fmpz_set_d(num, floor(x * pow(10.0, (double) d) + 0.5));
        fmpz_ui_pow_ui(den, 10, (ulong) d);
    }
    else
    {
        fmpz_set_d(num, floor(x * pow(10.0, (double) d) + 0.5));
        fmpz_ui_pow_ui(den, 10, (ulong) (-d));
        fmpz_mul(num, num, den);
        fmpz_one(den);
    }
    fmpq_set_fmpz_frac(r, num, den);
    fmpz_clear(num);
    fmpz_clear(den);
}

void
nh_conv_opts_set_eps_geometric(nh_conv_opts_t o, double hi, double lo, slong neps)
{
    slong i;
    if (o->eps != NULL)
        _fmpq_vec_clear(o->eps, o->neps);
    o->neps = neps;
    o->eps = _fmpq_vec_init(neps);
    for (i = 0; i < neps; i++)
    {
        double a = neps == 1 ? log10(hi)
                   : log10(hi) + (log10(lo) - log10(hi)) * (double) i / (double) (neps - 1);
        fmpq_set_decimal6(o->eps + i, pow(10.0, a));
    }
}

void
nh_conv_result_clear(nh_conv_result_t r)
{
    free(r->eps);
    free(r->err);
    free(r->ierr);
    free(r->full_steps);
    free(r->full_seconds);
    free(r->red_steps);
    free(r->red_seconds);
    free(r->prec_used);
    free(r->tol_used);
    free(r->fit);
    free(r->predicted);
    free(r->exact);
    memset(r, 0, sizeof(nh_conv_result_struct));
}

double
nh_conv_predicted(int init, slong lift, slong k, int which, int layer)
{
    slong L = init == NH_CONV_INIT_D ? 0 : lift;
    if (layer && (which == NH_CONV_DEFECT || which == NH_CONV_V_MAX))
        return (double) (k + 1 < L + 1 ? k + 1 : L + 1);
    if (which == NH_CONV_DEFECT)
        return (double) (k + 1);
    return (double) (k + 1 < L + 2 ? k + 1 : L + 2);
}


/* max_i |x_i| of n balls (midpoint + radius, as a double) */
static double
vec_max_abs(arb_srcptr x, slong n)
{
    slong i;
    double m = 0, a;
    for (i = 0; i < n; i++)
    {
        a = fabs(arf_get_d(arb_midref(x + i), ARF_RND_UP)) + mag_get_d(arb_radref(x + i));
        if (!(a <= m))
            m = a;
    }
    return m;
}

/* max_i |x_i - y_i| (conv/impl.h) */
double
_nh_conv_vec_max_diff(arb_srcptr x, arb_srcptr y, slong n, slong prec)
{
    arb_ptr d = _arb_vec_init(n);
    double m;
    _arb_vec_sub(d, x, y, n, prec);
    m = vec_max_abs(d, n);
    _arb_vec_clear(d, n);
    return m;
}

/* Defect (paper 001 Def 2, eq (20)) of the curve x(t) = (q(t), vD(t)),
   vD = P(q) v, traced by the full solution, w.r.t. the order-k reduced
   field X_k of nh_reduced_field, at one point (q, v) of the full
   solution, for k = 0..kmax: defect[k] = max-norm of
   (qdot - qdot_k, vDdot - vDdot_k).
   The derivative of the curve comes from the full field, not from
   differences: qdot = v, and vDdot = d/dt (P(q) v) = (dP[v]) v + P vdot
   with vdot = F(q, v) - (1/eps) FR_sharp v (000 eq (40)); since
   FR_sharp = G^-1 A^T mu_bar A takes values in D_perp, P FR_sharp v = 0
   and vDdot = (dP[v]) v + P F(q, v).  That is exactly nh_reduced_field's
   vDdot evaluated with velocity v: we obtain it by calling it with k = 1,
   eps = 1, h^(1) = v - vD, h^(2) = 0 (then its v = vD + 1 * h^(1) = v
   exactly).  h^(j)(q, vD) for X_k from nh_series_time.  With a user
   field F (not NULL), defect[kmax] is taken w.r.t. F instead. */
static int
defect_at(double *defect, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
          slong kmax, const arb_t eps, const nh_conv_field_struct *F, slong prec,
          nh_error_t err)
{
    slong n = nh_model_n(M), k;
    arb_ptr vD = _arb_vec_init(n), h = _arb_vec_init((kmax + 1) * n);
    arb_ptr hf = _arb_vec_init(2 * n), qd = _arb_vec_init(n), vDd = _arb_vec_init(n);
    arb_ptr qdk = _arb_vec_init(n), vDdk = _arb_vec_init(n);
    arb_t one;
    int rc;

    arb_init(one);
    arb_one(one);
    rc = nh_project_D(vD, M, q, v, prec, err);
    if (rc == NH_OK)
        rc = nh_series_time(h, NULL, M, q, vD, kmax + 1, prec, err);
    if (rc == NH_OK)
    {
        _arb_vec_sub(hf, v, vD, n, prec);
        rc = nh_reduced_field(qd, vDd, NULL, M, q, vD, hf, 2, 1, one, prec, err);
    }
    for (k = 0; rc == NH_OK && k <= kmax; k++)
    {
        double a, b;
        if (F != NULL && k == kmax && F->start_v)
        {
            /* the field models (q, v): compare with (v, vdot) of the full
               field, 000 eq (40) (the 1/eps term included) */
            arb_ptr f = _arb_vec_init(n);
            rc = nh_flow_full_jacobian(f, NULL, NULL, M, eps, q, v, prec, err);
            if (rc == NH_OK)
                rc = nh_conv_field_eval(qdk, vDdk, F, q, v, eps, prec, err);
            if (rc == NH_OK)
            {
                double a = _nh_conv_vec_max_diff(v, qdk, n, prec), b = _nh_conv_vec_max_diff(f, vDdk, n, prec);
                defect[k] = a > b ? a : b;
            }
            _arb_vec_clear(f, n);
            break;
        }
        if (F != NULL && k == kmax)
            rc = nh_conv_field_eval(qdk, vDdk, F, q, vD, eps, prec, err);
        else
            rc = nh_reduced_field(qdk, vDdk, NULL, M, q, vD, h, kmax + 1, k, eps, prec, err);
        if (rc != NH_OK)
            break;
        a = _nh_conv_vec_max_diff(v, qdk, n, prec);
        b = _nh_conv_vec_max_diff(vDd, vDdk, n, prec);
        defect[k] = a > b ? a : b;
    }
    arb_clear(one);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(h, (kmax + 1) * n);
    _arb_vec_clear(hf, 2 * n);
    _arb_vec_clear(qd, n);
    _arb_vec_clear(vDd, n);
    _arb_vec_clear(qdk, n);
    _arb_vec_clear(vDdk, n);
    return rc;
}

/* The order-0 reduced field (the nonholonomic equations, paper 000
   (69)-(70)) does not depend on eps, nor does its initial point (q0,
   vD0 = P v0) or the output times: its run is computed once per (tol,
   prec) and shared by every eps (issue 17). */
typedef struct
{
    int valid;
    slong prec, steps;
    double tol;
    nh_ode_traj_t R;
}
conv_k0_cache;

/* Copy of the trajectory and its global error estimate (nt*n each). */
static void
k0_copy(nh_ode_traj_t dst, const nh_ode_traj_t src, slong len)
{
    _arb_vec_set(dst->q, src->q, len);
    _arb_vec_set(dst->v, src->v, len);
    _arb_vec_set(dst->gq, src->gq, len);
    _arb_vec_set(dst->gv, src->gv, len);
}

/* 1 when a difference of order k at eps index i is 0 or below ratio
   times its integration error (the message goes to why), else 0. */
static int
conv_unresolved(const nh_conv_result_t r, const nh_conv_opts_struct *o, slong i, slong k,
                char *why, size_t whylen)
{
    slong K1 = o->kmax + 1;
    const double *e = r->err + (i * K1 + k) * NH_CONV_NQ;
    const double *ie = r->ierr + (i * K1 + k) * NH_CONV_NQ;
    int j;
    for (j = 0; j < NH_CONV_NQ; j++)
        if (!(e[j] > 0) || !(e[j] >= o->ratio * ie[j]))
        {
            snprintf(why, whylen, "eps = %g, k = %ld, %s: difference %.3e but estimated "
                     "integration error %.3e (need a factor %g)", r->eps[i], (long) k,
                     qnames[j], e[j], ie[j], o->ratio);
            return 1;
        }
    return 0;
}

/* the largest of the NH_CONV_NQ differences of order k at eps index i */
static double
conv_diff_max(const nh_conv_result_t r, slong i, slong k)
{
    const double *e = r->err + (i * (r->kmax + 1) + k) * NH_CONV_NQ;
    double m = 0;
    int j;
    for (j = 0; j < NH_CONV_NQ; j++)
        if (e[j] > m)
            m = e[j];
    return m;
}

/* The nt output times t1 + (T - t1) j / (nt - 1), exact rationals. */
static void
study_times(arb_ptr times, const fmpq *T_, const fmpq *t1_, slong nt, slong prec)
{
    fmpq_t tq, span;
    slong j;
    fmpq_init(tq);
    fmpq_init(span);
    fmpq_sub(span, T_, t1_);
    for (j = 0; j < nt; j++)
    {
        fmpq_mul_si(tq, span, j);
        if (nt > 1)
        {
            fmpz_t d;
            fmpz_init_set_si(d, nt - 1);
            fmpq_div_fmpz(tq, tq, d);
            fmpz_clear(d);
        }
        else
            fmpq_set(tq, span);
        fmpq_add(tq, tq, t1_);
        arb_set_fmpq(times + j, tq, prec);
    }
    fmpq_clear(tq);
    fmpq_clear(span);
}

/* The NH_CONV_NQ differences e and their integration errors ie of the
   full trajectory F and the reduced one R (n coordinates, nt times);
   gfq, gfv: the full run's error per time; defect[j * stride]: the
   defect at time j. */
static void
study_diffs(double *e, double *ie, const nh_ode_traj_t F, const nh_ode_traj_t R,
            const double *gfq, const double *gfv, const double *defect, slong stride, slong n,
            slong nt, slong prec)
{
    slong j;
    for (j = 0; j < NH_CONV_NQ; j++)
        e[j] = ie[j] = 0;
    for (j = 0; j < nt; j++)
    {
        double dq = _nh_conv_vec_max_diff(F->q + j * n, R->q + j * n, n, prec);
        double dv = _nh_conv_vec_max_diff(F->v + j * n, R->v + j * n, n, prec);
        double iq = gfq[j] + vec_max_abs(R->gq + j * n, n);
        double iv = gfv[j] + vec_max_abs(R->gv + j * n, n);
        double df = defect[j * stride];
        if (j == nt - 1)
        {
            e[NH_CONV_Q_T] = dq;
            ie[NH_CONV_Q_T] = iq;
            e[NH_CONV_V_T] = dv;
            ie[NH_CONV_V_T] = iv;
        }
        /* the max over the window moves by at most the largest
           pointwise error: take that as its integration error */
        if (dq > e[NH_CONV_Q_MAX])
            e[NH_CONV_Q_MAX] = dq;
        if (iq > ie[NH_CONV_Q_MAX])
            ie[NH_CONV_Q_MAX] = iq;
        if (dv > e[NH_CONV_V_MAX])
            e[NH_CONV_V_MAX] = dv;
        if (iv > ie[NH_CONV_V_MAX])
            ie[NH_CONV_V_MAX] = iv;
        /* defect: the fields are Lipschitz with O(1) constants in
           (q, v) (the 1/eps term drops out, see defect_at), so its
           integration error is estimated by that of the state */
        if (df > e[NH_CONV_DEFECT])
            e[NH_CONV_DEFECT] = df;
        if (gfq[j] + gfv[j] > ie[NH_CONV_DEFECT])
            ie[NH_CONV_DEFECT] = gfq[j] + gfv[j];
    }
}

/* The order-k reduced trajectory R (or the user field's, k = kmax with
   --field) from (q0, vD0) at the times; k = 0 from the cache c0 when it
   holds a run at the same (prec, tol), else stored there. */
static int
study_reduced(nh_ode_traj_t R, const nh_model_struct *M, const nh_conv_opts_struct *o, slong k,
              const arb_t eps, arb_srcptr q0, arb_srcptr vD0, arb_srcptr v0, arb_srcptr times,
              const nh_ode_opts_t oo, nh_ode_stats_t st, conv_k0_cache *c0, nh_error_t err)
{
    slong n = nh_model_n(M), nt = o->nt, j, prec = oo->prec;
    double tol = oo->rtol;
    int rc = NH_OK;
    if (o->field != NULL && k == o->kmax)
    {
        /* the user field: RK4 with step doubling, error estimate
           per output time (conv_field.c), to max(tol / 10, 1e-14): RK4 is
           not meant for tighter targets */
        double *ge = malloc(sizeof(double) * (size_t) nt);
        rc = nh_conv_field_integrate(R->q, R->v, ge, &st->steps, o->field, eps, q0,
                                     o->field->start_v ? v0 : vD0,
                                     times, nt, tol / 10 > 1e-14 ? tol / 10 : 1e-14, prec, err);
        for (j = 0; j < nt * n; j++)
        {
            arb_zero(R->gq + j);
            arb_set_d(R->gv + j, ge[j / n]);
        }
        _arb_vec_set(R->gq, R->gv, nt * n);
        free(ge);
    }
    else if (k == 0 && c0->valid && c0->prec == prec && c0->tol == tol)
    {
        k0_copy(R, c0->R, nt * n);
        st->steps = c0->steps;
    }
    else
    {
        rc = nh_flow_reduced(R->q, R->v, R->gq, R->gv, M, k, eps, q0, vD0, times, nt, oo, st, err);
        if (rc == NH_OK && k == 0)
        {
            k0_copy(c0->R, R, nt * n);
            c0->steps = st->steps;
            c0->prec = prec;
            c0->tol = tol;
            c0->valid = 1;
        }
    }
    return rc;
}

/* One eps at one (tol, prec): fills the err/ierr rows of eps index i
   (conv_unresolved then judges them). */
static int
study_one_eps(nh_conv_result_t r, const nh_model_struct *M, const nh_conv_opts_struct *o,
              slong i, slong prec, double tol, conv_k0_cache *c0, nh_error_t err)
{
    slong n = nh_model_n(M), nt = o->nt, K1 = o->kmax + 1, k, j;
    arb_ptr times = _arb_vec_init(nt), q0 = _arb_vec_init(n), vD0 = _arb_vec_init(n);
    arb_ptr v0 = _arb_vec_init(n);
    nh_ode_traj_t F, R;           /* full and reduced trajectories */
    arb_ptr qf, vf, gqf, gvf;
    double *defect = malloc(sizeof(double) * (size_t) (nt * K1));
    double *gfq = malloc(sizeof(double) * (size_t) nt), *gfv = malloc(sizeof(double) * (size_t) nt);
    arb_t eps;
    const fmpq *T_, *t1_;
    nh_ode_opts_t oo;
    nh_ode_stats_t st;
    double t0;
    int rc;

    nh_ode_traj_init(F, nt, n, 1);
    nh_ode_traj_init(R, nt, n, 1);
    qf = F->q; vf = F->v; gqf = F->gq; gvf = F->gv;
    arb_init(eps);
    arb_set_fmpq(eps, o->eps + i, prec);
    /* through plain pointers: passing the fmpq_t members of the struct
       directly triggers a gcc -Wstringop-overread false positive */
    T_ = o->T;
    t1_ = o->t1;
    study_times(times, T_, t1_, nt, prec);
    rc = _nh_conv_initial(q0, vD0, v0, M, o, eps, prec, err);

    nh_ode_opts_init(oo);
    oo->prec = prec;
    oo->rtol = tol;
    oo->atol = tol;
    oo->quiet = 1;
    if (o->max_steps > 0)
        oo->max_steps = o->max_steps;

    if (rc == NH_OK)
    {
        nh_ode_stats_init(st);
        t0 = _nh_conv_now();
        rc = nh_flow_full(qf, vf, gqf, gvf, M, eps, q0, v0, times, nt, oo, st, err);
        r->full_steps[i] = st->steps;
        r->full_seconds[i] = _nh_conv_now() - t0;
        if (rc != NH_OK)
            nh_error_prefix(err, "full system, eps = %g: ", r->eps[i]);
        else if (o->progress)
            fprintf(stderr, "converge: eps = %-8.3g full system: %ld steps, %.2f s "
                    "(prec %ld, tol %.0e)\n", r->eps[i], (long) st->steps,
                    r->full_seconds[i], (long) prec, tol);
    }
    for (j = 0; rc == NH_OK && j < nt; j++)
    {
        gfq[j] = vec_max_abs(gqf + j * n, n);
        gfv[j] = vec_max_abs(gvf + j * n, n);
        if (nh_model_is_linear_autonomous(M))
            rc = defect_at(defect + j * K1, M, qf + j * n, vf + j * n, o->kmax, eps, o->field,
                           prec, err);
        else
            rc = _nh_conv_defect_t(defect + j * K1, M, times + j, qf + j * n, vf + j * n,
                                   o->kmax, eps, prec, err);
        if (rc != NH_OK)
            nh_error_prefix(err, "defect along the full solution, eps = %g: ", r->eps[i]);
    }

    for (k = 0; rc == NH_OK && k <= o->kmax; k++)
    {
        double *e = r->err + (i * K1 + k) * NH_CONV_NQ, *ie = r->ierr + (i * K1 + k) * NH_CONV_NQ;
        nh_ode_stats_init(st);
        t0 = _nh_conv_now();
        rc = study_reduced(R, M, o, k, eps, q0, vD0, v0, times, oo, st, c0, err);
        r->red_steps[i * K1 + k] = st->steps;
        r->red_seconds[i * K1 + k] = _nh_conv_now() - t0;
        if (rc != NH_OK)
        {
            nh_error_prefix(err, "%s k = %ld, eps = %g: ",
                            o->field != NULL && k == o->kmax ? "user field" : "reduced system",
                            (long) k, r->eps[i]);
            break;
        }
        study_diffs(e, ie, F, R, gfq, gfv, defect + k, K1, n, nt, prec);
        if (o->progress)
            fprintf(stderr, "converge: eps = %-8.3g k = %ld: %ld steps, %.2f s; "
                    "|dq(T)| %.3e, |dv(T)| %.3e, defect %.3e\n", r->eps[i], (long) k,
                    (long) st->steps, r->red_seconds[i * K1 + k], e[NH_CONV_Q_T], e[NH_CONV_V_T],
                    e[NH_CONV_DEFECT]);
    }

    arb_clear(eps);
    _arb_vec_clear(times, nt);
    _arb_vec_clear(q0, n);
    _arb_vec_clear(vD0, n);
    _arb_vec_clear(v0, n);
    nh_ode_traj_clear(F);
    nh_ode_traj_clear(R);
    free(defect);
    free(gfq);
    free(gfv);
    return rc;
}

/* The options nh_conv_study refuses (NH_ERR_USAGE, NH_ERR_MODEL). */
static int
study_check_opts(const nh_model_struct *M, const nh_conv_opts_struct *o, nh_error_t err)
{
    slong i, ne = o->neps;
    const fmpq *T_ = o->T, *t1_ = o->t1;    /* plain pointers: see study_one_eps */
    if (o->n != nh_model_n(M))
        return nh_error_set(err, NH_ERR_USAGE, "converge: point has %ld coordinates, model %ld",
                            (long) o->n, (long) nh_model_n(M));
    if (ne < 2)
        return nh_error_set(err, NH_ERR_USAGE, "converge: need at least 2 eps values, have %ld",
                            (long) ne);
    if (o->kmax < 0 || o->kmax + 3 > NH_SERIES_MAX_ORDER)
        return nh_error_set(err, NH_ERR_USAGE, "converge: kmax %ld out of range (0..%d)",
                            (long) o->kmax, NH_SERIES_MAX_ORDER - 3);
    if (fmpq_sgn(T_) <= 0 || fmpq_sgn(t1_) < 0 || fmpq_cmp(T_, t1_) < 0)
        return nh_error_set(err, NH_ERR_USAGE, "converge: need T > 0 and 0 <= t1 <= T");
    if (o->nt < 1)
        return nh_error_set(err, NH_ERR_USAGE, "converge: need at least 1 output time");
    if (!(o->tol > 0) || !(o->min_tol > 0) || o->min_tol > o->tol || !(o->ratio >= 1))
        return nh_error_set(err, NH_ERR_USAGE,
                            "converge: need 0 < min_tol <= tol and ratio >= 1 (tol %g, min_tol %g, ratio %g)",
                            o->tol, o->min_tol, o->ratio);
    for (i = 0; i < ne; i++)
        if (fmpq_sgn(o->eps + i) <= 0)
            return nh_error_set(err, NH_ERR_USAGE, "converge: eps must be positive");
    if (o->field != NULL && !nh_model_is_linear_autonomous(M))
        return nh_error_set(err, NH_ERR_MODEL, "converge: a user field (--field) is compared "
                            "only for models of the original class (no time, linear "
                            "constraints, no one-form, force or damping)");
    return NH_OK;
}

/* The result's arrays, the eps as doubles and the predicted orders. */
static void
study_alloc(nh_conv_result_t r, const nh_conv_opts_struct *o)
{
    slong i, k, w, K1 = o->kmax + 1, ne = o->neps;
    r->neps = ne;
    r->kmax = o->kmax;
    r->nt = o->nt;
    r->eps = calloc((size_t) ne, sizeof(double));
    r->err = calloc((size_t) (ne * K1 * NH_CONV_NQ), sizeof(double));
    r->ierr = calloc((size_t) (ne * K1 * NH_CONV_NQ), sizeof(double));
    r->full_steps = calloc((size_t) ne, sizeof(slong));
    r->full_seconds = calloc((size_t) ne, sizeof(double));
    r->red_steps = calloc((size_t) (ne * K1), sizeof(slong));
    r->red_seconds = calloc((size_t) (ne * K1), sizeof(double));
    r->prec_used = calloc((size_t) ne, sizeof(slong));
    r->tol_used = calloc((size_t) ne, sizeof(double));
    r->fit = calloc((size_t) (K1 * NH_CONV_NQ), sizeof(nh_conv_fit_struct));
    r->predicted = calloc((size_t) (K1 * NH_CONV_NQ), sizeof(double));
    r->exact = calloc((size_t) K1, sizeof(nh_conv_exact_struct));
    if (r->eps == NULL || r->err == NULL || r->ierr == NULL || r->full_steps == NULL
        || r->full_seconds == NULL || r->red_steps == NULL || r->red_seconds == NULL
        || r->prec_used == NULL || r->tol_used == NULL || r->fit == NULL
        || r->predicted == NULL || r->exact == NULL)
        abort();
    for (i = 0; i < ne; i++)
        r->eps[i] = fmpq_get_d(o->eps + i);
    for (k = 0; k <= o->kmax; k++)
        for (w = 0; w < NH_CONV_NQ; w++)
            r->predicted[k * NH_CONV_NQ + w] =
                nh_conv_predicted(o->init, o->lift_order >= 0 ? o->lift_order : o->kmax + 3, k, w,
                                  fmpq_is_zero(o->t1));
}

/* Marks the orders of eps index i that are exact within the integration
   error (unresolved at pend_tol with largest difference pend[k], fallen
   by NH_CONV_EXACT_FALL at tol); updates pend[k] (NAN: resolved).
   Returns 1 when an order is still unresolved (message in why: the
   lowest such order's). */
static int
study_judge(nh_conv_result_t r, const nh_conv_opts_struct *o, slong i, double *pend,
            double pend_tol, double tol, char *why, size_t whylen)
{
    int unresolved = 0;
    slong k;
    for (k = o->kmax; k >= 0; k--)
    {
        char w2[512];
        nh_conv_exact_struct *x = r->exact + k;
        if (x->exact || !conv_unresolved(r, o, i, k, w2, sizeof w2))
        {
            pend[k] = NAN;
            continue;
        }
        if (conv_diff_max(r, i, k) * NH_CONV_EXACT_FALL <= pend[k])
        {
            x->exact = 1;
            x->eps_index = i;
            x->tol_loose = pend_tol;
            x->tol_tight = tol;
            x->diff_loose = pend[k];
            x->diff_tight = conv_diff_max(r, i, k);
            if (o->progress)
                fprintf(stderr, "converge: k = %ld is exact within the integration "
                        "error (eps = %g: its largest difference fell from %.3e to "
                        "%.3e with the tolerance, %.0e to %.0e)\n", (long) k,
                        r->eps[i], x->diff_loose, x->diff_tight, pend_tol, tol);
            continue;
        }
        pend[k] = conv_diff_max(r, i, k);
        unresolved = 1;
        snprintf(why, whylen, "%s", w2);
    }
    return unresolved;
}

/* eps index i: study_one_eps, then, while an order is unresolved, the
   tolerance divided by 1000 (the precision raised with it) and again;
   NH_ERR_PRECISION at --min-tol / --max-prec. */
static int
study_eps_retry(nh_conv_result_t r, const nh_model_struct *M, const nh_conv_opts_struct *o,
                slong i, conv_k0_cache *c0, nh_error_t err)
{
    slong prec = o->prec, k, K1 = o->kmax + 1;
    double tol = o->tol, pend_tol = 0;
    double *pend = malloc(sizeof(double) * (size_t) K1);  /* NAN: resolved */
    char why[512];
    int rc;
    if (pend == NULL)
        abort();
    for (k = 0; k < K1; k++)
        pend[k] = NAN;
    for (;;)
    {
        rc = study_one_eps(r, M, o, i, prec, tol, c0, err);
        if (rc != NH_OK || !study_judge(r, o, i, pend, pend_tol, tol, why, sizeof why))
            break;
        pend_tol = tol;
        /* tighten the tolerance, keep enough bits for it */
        tol *= 1e-3;
        {
            slong need = (slong) ceil(-log2(tol)) + 64;
            if (need > prec)
                prec = need;
        }
        if (tol < o->min_tol || prec > o->max_prec)
        {
            rc = nh_error_set(err, NH_ERR_PRECISION,
                              "converge: refusing to report an observed order: %s; the "
                              "tolerance cannot be tightened further (next %.0e, cap %.0e) "
                              "or the precision raised (next %ld bits, cap %ld)",
                              why, tol, o->min_tol, (long) prec, (long) o->max_prec);
            break;
        }
        if (o->progress)
            fprintf(stderr, "converge: %s; retrying with tolerance %.0e at %ld bits\n",
                    why, tol, (long) prec);
    }
    r->prec_used[i] = prec;
    r->tol_used[i] = tol;
    free(pend);
    return rc;
}

/* The slopes of every order not marked exact (level 0.95). */
static int
study_fit(nh_conv_result_t r, nh_error_t err)
{
    slong i, k, K1 = r->kmax + 1, ne = r->neps;
    int w, rc = NH_OK;
    double *y = malloc(sizeof(double) * (size_t) ne);
    if (y == NULL)
        abort();
    for (k = 0; rc == NH_OK && k < K1; k++)
        for (w = 0; w < NH_CONV_NQ && rc == NH_OK; w++)
        {
            nh_conv_fit_struct *f = r->fit + k * NH_CONV_NQ + w;
            if (r->exact[k].exact)
            {
                f->slope = f->intercept = f->ci_lo = f->ci_hi = f->se = f->tq = f->rms = NAN;
                f->level = 0.95;
                f->npts = 0;
                continue;
            }
            for (i = 0; i < ne; i++)
                y[i] = r->err[(i * K1 + k) * NH_CONV_NQ + w];
            rc = nh_conv_fit(f, r->eps, y, ne, 0.95, err);
        }
    free(y);
    return rc;
}

int
nh_conv_study(nh_conv_result_t r, const nh_model_struct *M, const nh_conv_opts_t o,
              nh_error_t err)
{
    slong i;
    conv_k0_cache c0;
    double t0 = _nh_conv_now();
    int rc;

    memset(r, 0, sizeof(nh_conv_result_struct));
    rc = study_check_opts(M, o, err);
    if (rc != NH_OK)
        return rc;
    study_alloc(r, o);
    c0.valid = 0;
    nh_ode_traj_init(c0.R, o->nt, nh_model_n(M), 1);
    for (i = 0; i < o->neps && rc == NH_OK; i++)
        rc = study_eps_retry(r, M, o, i, &c0, err);
    nh_ode_traj_clear(c0.R);
    if (rc == NH_OK)
        rc = study_fit(r, err);
    r->total_seconds = _nh_conv_now() - t0;
    if (rc != NH_OK)
        nh_conv_result_clear(r);
    return rc;
}
