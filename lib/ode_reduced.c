/* ode_reduced.c -- the reduced systems of order k (paper 000 (69)-(71))
   by Gragg-Bulirsch-Stoer extrapolation, and the lift to D_eps (ode.h). */
#include <math.h>
#include <stdio.h>
#include "ode_internal.h"

/* Truncated series (paper 000 eq (66)): v = vD + sum_{j=1}^K eps^j h^(j). */
int
nh_ode_lift(arb_ptr v, const nh_model_struct *M, arb_srcptr q, arb_srcptr vD,
            slong K, const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i, j;
    arb_ptr h, w;
    arb_t e;
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
    arb_init(e);
    status = nh_series_time(h, NULL, M, q, vD, K, prec, err);
    if (status == NH_OK)
    {
        arb_one(e);
        for (j = 1; j <= K; j++)
        {
            arb_mul(e, e, eps, prec);
            for (i = 0; i < n; i++)
                arb_addmul(w + i, e, h + (j - 1) * n + i, prec);
        }
        _arb_vec_swap(v, w, n);
    }
    arb_clear(e);
    _arb_vec_clear(h, K * n);
    _arb_vec_clear(w, n);
    return status;
}

typedef struct
{
    const nh_model_struct *M;
    slong n, k, prec;
    arb_t eps;
    arb_ptr h;          /* (k+1)*n */
    nh_ode_stats_struct *st;
}
red_ws;

/* dy = (qdot, vDdot) of the order-k reduced field at y = (q, vD), with
   h^(1..k+1) from nh_series_time at (q, vD) (nh_reduced_field needs
   k+1 terms). */
static int
red_f(arb_ptr dy, red_ws *w, arb_srcptr y, nh_error_t err)
{
    slong n = w->n;
    int status = nh_series_time(w->h, NULL, w->M, y, y + n, w->k + 1, w->prec, err);
    if (status == NH_OK)
        status = nh_reduced_field(dy, dy + n, NULL, w->M, y, y + n, w->h, w->k + 1,
                                  w->k, w->eps, w->prec, err);
    if (w->st != NULL)
        w->st->f_evals++;
    return status;
}

/* One GBS step of size H with J columns (step numbers n_j = 2j):
   explicit midpoint rule z_{m+1} = z_{m-1} + 2 (H/n_j) f(z_m), T_{j,1} =
   z_{n_j}, Aitken-Neville extrapolation in (H/n_j)^2 (Hairer, Norsett,
   Wanner, Solving ODE I, Sec II.9).  y1 = T_{J,J} (order 2J); *errn =
   scaled |T_{J,J} - T_{J,J-1}|.  f0 = f(y0) given. */
static int
gbs_step(arb_ptr y1, double *errn, red_ws *w, arb_srcptr y0, arb_srcptr f0,
         const arb_t H, slong J, double rtol, double atol, nh_error_t err)
{
    slong d = 2 * w->n, j, m, l, i, prec = w->prec;
    arb_ptr T = _arb_vec_init(J * d), za = _arb_vec_init(d), zb = _arb_vec_init(d),
        fz = _arb_vec_init(d);
    arb_t hs, t, r;
    int status = NH_OK;

    arb_init(hs); arb_init(t); arb_init(r);
    for (j = 0; j < J && status == NH_OK; j++)
    {
        slong nj = 2 * (j + 1);
        arb_div_si(hs, H, nj, prec);
        /* za = z_0, zb = z_1 */
        _arb_vec_set(za, y0, d);
        for (i = 0; i < d; i++)
        {
            arb_mul(t, hs, f0 + i, prec);
            arb_add(zb + i, y0 + i, t, prec);
        }
        for (m = 1; m < nj && status == NH_OK; m++)
        {
            status = red_f(fz, w, zb, err);
            for (i = 0; i < d; i++)
            {
                arb_mul(t, hs, fz + i, prec);
                arb_mul_2exp_si(t, t, 1);
                arb_add(za + i, za + i, t, prec);
            }
            _arb_vec_swap(za, zb, d);
        }
        _arb_vec_set(T + j * d, zb, d);
    }
    if (status == NH_OK)
    {
        /* Neville in place: after pass l, T[j] (j >= l) holds T_{j,l}. */
        arb_ptr prevlast = _arb_vec_init(d);
        for (l = 1; l < J; l++)
        {
            if (l == J - 1)
                _arb_vec_set(prevlast, T + (J - 1) * d, d);   /* T_{J,J-1} (1-based) */
            for (j = J - 1; j >= l; j--)
            {
                /* T_{j,l} = T_{j,l-1} + (T_{j,l-1} - T_{j-1,l-1}) / ((n_j/n_{j-l})^2 - 1) */
                arb_set_si(r, (j + 1) * (j + 1));
                arb_div_si(r, r, (j + 1 - l) * (j + 1 - l), prec);
                arb_sub_ui(r, r, 1, prec);
                for (i = 0; i < d; i++)
                {
                    arb_sub(t, T + j * d + i, T + (j - 1) * d + i, prec);
                    arb_div(t, t, r, prec);
                    arb_add(T + j * d + i, T + j * d + i, t, prec);
                }
            }
        }
        /* error estimate: T_{J,J} - T_{J,J-1} */
        *errn = _nh_ode_err_norm(T + (J - 1) * d, prevlast, d, rtol, atol, prec);
        _arb_vec_set(y1, T + (J - 1) * d, d);
        _nh_ode_recentre(y1, d);
        _arb_vec_clear(prevlast, d);
    }
    arb_clear(hs); arb_clear(t); arb_clear(r);
    _arb_vec_clear(T, J * d);
    _arb_vec_clear(za, d);
    _arb_vec_clear(zb, d);
    _arb_vec_clear(fz, d);
    return status;
}

static void
red_ws_init(red_ws *w, const nh_model_struct *M, slong k, const arb_t eps, slong prec,
            nh_ode_stats_struct *st)
{
    w->M = M;
    w->n = nh_model_n(M);
    w->k = k;
    w->prec = prec;
    arb_init(w->eps);
    arb_set(w->eps, eps);
    w->h = _arb_vec_init((k + 1) * w->n);
    w->st = st;
}

static void
red_ws_clear(red_ws *w)
{
    arb_clear(w->eps);
    _arb_vec_clear(w->h, (w->k + 1) * w->n);
}

/* Adaptive GBS run; outputs (q, v) with v lifted to order k. */
static int
red_run(arb_ptr q_out, arb_ptr v_out, red_ws *w, arb_srcptr q0, arb_srcptr vD0,
        arb_srcptr times, slong nt, double rtol, double atol, slong J, slong max_steps,
        double h0, double hmax, int quiet, nh_error_t err)
{
    slong n = w->n, d = 2 * n, k, steps = 0, prec = w->prec;
    arb_ptr y = _arb_vec_init(d), y1 = _arb_vec_init(d), f0 = _arb_vec_init(d);
    arb_t t, hh, rem;
    double h = (h0 > 0) ? h0 : 0.05, errn, fac, last = _nh_ode_wall();
    int status = NH_OK, landing;

    arb_init(t); arb_init(hh); arb_init(rem);
    _arb_vec_set(y, q0, n);
    _arb_vec_set(y + n, vD0, n);
    _nh_ode_recentre(y, d);
    if (max_steps <= 0)
        max_steps = NH_ODE_DEFAULT_MAX_STEPS;
    status = red_f(f0, w, y, err);
    for (k = 0; k < nt && status == NH_OK; k++)
    {
        for (;;)
        {
            arb_sub(rem, times + k, t, prec);
            if (arf_sgn(arb_midref(rem)) <= 0)
                break;
            if (hmax > 0 && h > hmax)
                h = hmax;
            landing = arf_cmp_d(arb_midref(rem), h * 1.01) <= 0;
            if (landing)
                arb_set(hh, rem);
            else
                arb_set_d(hh, h);
            mag_zero(arb_radref(hh));
            status = gbs_step(y1, &errn, w, y, f0, hh, J, rtol, atol, err);
            if (status != NH_OK)
                break;
            if (!(errn < 1e300))
                errn = 1e300;
            fac = 0.9 * pow(errn > 1e-300 ? errn : 1e-300, -1.0 / (2 * J - 1));
            fac = FLINT_MIN(4.0, FLINT_MAX(0.2, fac));
            if (errn <= 1.0)
            {
                _arb_vec_swap(y, y1, d);
                if (landing)
                    arb_set(t, times + k);
                else
                    arb_add(t, t, hh, prec);
                mag_zero(arb_radref(t));
                steps++;
                if (w->st != NULL)
                    w->st->steps++;
                if (!landing || fac < 1.0)
                    h *= fac;
                status = red_f(f0, w, y, err);
                if (status != NH_OK)
                    break;
            }
            else
            {
                if (w->st != NULL)
                    w->st->rejected++;
                h = arf_get_d(arb_midref(hh), ARF_RND_NEAR) * fac;
            }
            if (steps >= max_steps)
            {
                status = nh_error_set(err, NH_ERR_RESOURCE,
                    "reduced integrator: more than %ld steps before t = %g",
                    (long) max_steps, arf_get_d(arb_midref(t), ARF_RND_NEAR));
                break;
            }
            if (h < 1e-40)
            {
                status = nh_error_set(err, NH_ERR_PRECISION,
                    "reduced integrator: step size underflow at t = %g",
                    arf_get_d(arb_midref(t), ARF_RND_NEAR));
                break;
            }
            if (!quiet && _nh_ode_wall() - last > 2.0)
            {
                last = _nh_ode_wall();
                fprintf(stderr, "ode: reduced k=%ld t=%.6g h=%.3g steps=%ld\n",
                        (long) w->k, arf_get_d(arb_midref(t), ARF_RND_NEAR), h, (long) steps);
            }
        }
        if (status == NH_OK)
        {
            _arb_vec_set(q_out + k * n, y, n);
            status = nh_ode_lift(v_out + k * n, w->M, y, y + n, w->k, w->eps, prec, err);
            _nh_ode_recentre(v_out + k * n, n);
        }
    }
    arb_clear(t); arb_clear(hh); arb_clear(rem);
    _arb_vec_clear(y, d);
    _arb_vec_clear(y1, d);
    _arb_vec_clear(f0, d);
    return status;
}

int
nh_ode_reduced(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
               const nh_model_struct *M, slong k, const arb_t eps,
               arb_srcptr q0, arb_srcptr vD0, arb_srcptr times, slong nt,
               const nh_ode_opts_t opts, nh_ode_stats_t st, nh_error_t err)
{
    slong n = nh_model_n(M), J = opts->gbs_cols;
    red_ws w;
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
    if (!(opts->rtol >= 0 && opts->atol > 0))
        return nh_error_set(err, NH_ERR_USAGE, "tolerances must be rtol >= 0, atol > 0");
    status = _nh_ode_check_times(times, nt, err);
    if (status != NH_OK)
        return status;
    nh_ode_stats_init(sp);
    red_ws_init(&w, M, k, eps, opts->prec, sp);
    if (gerr_q == NULL && gerr_v == NULL)
        status = red_run(q_out, v_out, &w, q0, vD0, times, nt, opts->rtol, opts->atol, J,
                         opts->max_steps, opts->h0, opts->hmax, opts->quiet, err);
    else
    {
        arb_ptr qc = _arb_vec_init(nt * n), vc = _arb_vec_init(nt * n);
        double f = opts->gerr_factor > 0 && opts->gerr_factor < 1 ? opts->gerr_factor : 1e-3;
        /* coarse run with J-1 columns (a different method, so that the
           two runs never coincide step for step) */
        status = red_run(qc, vc, &w, q0, vD0, times, nt, opts->rtol, opts->atol,
                         FLINT_MAX(J - 1, 2), opts->max_steps, opts->h0, opts->hmax,
                         opts->quiet, err);
        if (status == NH_OK)
        {
            nh_ode_stats_init(sp);
            status = red_run(q_out, v_out, &w, q0, vD0, times, nt, opts->rtol * f,
                             opts->atol * f, J, opts->max_steps, opts->h0, opts->hmax,
                             opts->quiet, err);
        }
        if (status == NH_OK)
        {
            if (gerr_q != NULL)
            {
                _nh_ode_absdiff(gerr_q, qc, q_out, nt * n, opts->prec);
                sp->gerr_q = _nh_ode_vec_max(gerr_q, nt * n);
            }
            if (gerr_v != NULL)
            {
                _nh_ode_absdiff(gerr_v, vc, v_out, nt * n, opts->prec);
                sp->gerr_v = _nh_ode_vec_max(gerr_v, nt * n);
            }
        }
        _arb_vec_clear(qc, nt * n);
        _arb_vec_clear(vc, nt * n);
    }
    red_ws_clear(&w);
    sp->seconds = _nh_ode_wall() - t0;
    return status;
}

int
nh_ode_reduced_fixed(arb_ptr q, arb_ptr vD, const nh_model_struct *M,
                     slong k, const arb_t eps, const arb_t T, slong nsteps,
                     slong J, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), d = 2 * n, i;
    red_ws w;
    arb_ptr y = _arb_vec_init(d), y1 = _arb_vec_init(d), f0 = _arb_vec_init(d);
    arb_t H;
    double errn;
    int status = NH_OK;

    if (nsteps < 1 || J < 1 || J > 16 || k < 0)
        return nh_error_set(err, NH_ERR_USAGE, "fixed GBS: need nsteps >= 1, 1 <= J <= 16, k >= 0");
    red_ws_init(&w, M, k, eps, prec, NULL);
    arb_init(H);
    arb_div_si(H, T, nsteps, prec);
    mag_zero(arb_radref(H));
    _arb_vec_set(y, q, n);
    _arb_vec_set(y + n, vD, n);
    _nh_ode_recentre(y, d);
    for (i = 0; i < nsteps && status == NH_OK; i++)
    {
        status = red_f(f0, &w, y, err);
        if (status == NH_OK)
            status = gbs_step(y1, &errn, &w, y, f0, H, J, 1.0, 1.0, err);
        if (status == NH_OK)
            _arb_vec_swap(y, y1, d);
    }
    if (status == NH_OK)
    {
        _arb_vec_set(q, y, n);
        _arb_vec_set(vD, y + n, n);
    }
    arb_clear(H);
    _arb_vec_clear(y, d);
    _arb_vec_clear(y1, d);
    _arb_vec_clear(f0, d);
    red_ws_clear(&w);
    return status;
}
