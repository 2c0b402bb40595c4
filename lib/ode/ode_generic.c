/* ode_generic.c -- adaptive Gragg-Bulirsch-Stoer integration of a
   user-supplied ODE y' = f(t, y) (declaration and docstring: nh_ode_gbs
   in lib/ode.h), and the GBS core (_nh_ode_gbs_step, _nh_ode_gbs_run,
   ode/impl.h) that nh_ode_reduced (lib/ode/ode_reduced.c) also runs on;
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

/* Declared (with its docstring) in ode/impl.h. */
int
_nh_ode_gbs_step(arb_ptr y1, double *errn, _nh_ode_gbs_struct *w, const arb_t t0, arb_srcptr y0,
         arb_srcptr f0, const arb_t H, slong J, double rtol, double atol, nh_error_t err)
{
    slong d = w->d, j, m, l, i, prec = w->prec;
    arb_ptr T = _arb_vec_init(J * d), za = _arb_vec_init(d), zb = _arb_vec_init(d),
        fz = _arb_vec_init(d), prevlast = _arb_vec_init(d);
    arb_t hs, t, r, tm;
    int status = NH_OK;

    arb_init(hs); arb_init(t); arb_init(r); arb_init(tm);
    for (j = 0; j < J && status == NH_OK; j++)
    {
        slong nj = 2 * (j + 1);
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
        _arb_vec_set(T + j * d, zb, d);
    }
    if (status == NH_OK)
    {
        for (l = 1; l < J; l++)
        {
            if (l == J - 1)
                _arb_vec_set(prevlast, T + (J - 1) * d, d);
            for (j = J - 1; j >= l; j--)
            {
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
        *errn = _nh_ode_err_norm(T + (J - 1) * d, prevlast, d, rtol, atol, prec);
        _arb_vec_set(y1, T + (J - 1) * d, d);
        _nh_ode_recentre(y1, d);
    }
    arb_clear(hs); arb_clear(t); arb_clear(r); arb_clear(tm);
    _arb_vec_clear(T, J * d);
    _arb_vec_clear(za, d);
    _arb_vec_clear(zb, d);
    _arb_vec_clear(fz, d);
    _arb_vec_clear(prevlast, d);
    return status;
}

int
_nh_ode_gbs_run(arb_ptr y_out, _nh_ode_gbs_struct *w, arb_srcptr y0, arb_srcptr times, slong nt,
        double rtol, double atol, slong J, slong max_steps, double h0, double hmax,
        int quiet, nh_error_t err)
{
    slong d = w->d, k, steps = 0, prec = w->prec;
    arb_ptr y = _arb_vec_init(d), y1 = _arb_vec_init(d), f0 = _arb_vec_init(d);
    arb_t t, hh, rem;
    double h = (h0 > 0) ? h0 : 0.05, errn, fac, last = _nh_ode_wall();
    int status, landing;

    arb_init(t); arb_init(hh); arb_init(rem);
    _arb_vec_set(y, y0, d);
    _nh_ode_recentre(y, d);
    if (max_steps <= 0)
        max_steps = NH_ODE_DEFAULT_MAX_STEPS;
    status = gen_f(f0, w, t, y, err);
    for (k = 0; k < nt && status == NH_OK; k++)
    {
        for (;;)
        {
            landing = _nh_ode_next_step(hh, rem, times + k, t, &h, hmax, prec);
            if (landing < 0)
                break;
            status = _nh_ode_gbs_step(y1, &errn, w, t, y, f0, hh, J, rtol, atol, err);
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
                status = gen_f(f0, w, t, y, err);
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
                    "%s integrator: more than %ld steps before t = %g",
                    w->label, (long) max_steps, arf_get_d(arb_midref(t), ARF_RND_NEAR));
                break;
            }
            if (h < 1e-40)
            {
                status = nh_error_set(err, NH_ERR_PRECISION,
                    "%s integrator: step size underflow at t = %g",
                    w->label, arf_get_d(arb_midref(t), ARF_RND_NEAR));
                break;
            }
            if (!quiet && _nh_ode_wall() - last > 2.0)
            {
                last = _nh_ode_wall();
                fprintf(stderr, "ode: %s t=%.6g h=%.3g steps=%ld\n", w->label,
                        arf_get_d(arb_midref(t), ARF_RND_NEAR), h, (long) steps);
            }
        }
        if (status == NH_OK)
            _arb_vec_set(y_out + k * d, y, d);
    }
    arb_clear(t); arb_clear(hh); arb_clear(rem);
    _arb_vec_clear(y, d);
    _arb_vec_clear(y1, d);
    _arb_vec_clear(f0, d);
    return status;
}

int
nh_ode_gbs(arb_ptr y_out, arb_ptr gerr, nh_ode_rhs_t f, void *param, slong d,
           arb_srcptr y0, arb_srcptr times, slong nt, const nh_ode_opts_t opts,
           nh_ode_stats_t st, nh_error_t err)
{
    slong J = opts->gbs_cols;
    _nh_ode_gbs_struct w;
    nh_ode_stats_t st0;
    nh_ode_stats_struct *sp = (st != NULL) ? st : st0;
    double t0 = _nh_ode_wall();
    int status;

    if (f == NULL || d < 1)
        return nh_error_set(err, NH_ERR_USAGE, "nh_ode_gbs: need a field and d >= 1");
    if (J < 2 || J > 16)
        return nh_error_set(err, NH_ERR_USAGE, "GBS columns must be in 2..16, got %ld", (long) J);
    if (!(opts->rtol >= 0 && opts->atol > 0))
        return nh_error_set(err, NH_ERR_USAGE, "tolerances must be rtol >= 0, atol > 0");
    status = _nh_ode_check_times(times, nt, err);
    if (status != NH_OK)
        return status;
    nh_ode_stats_init(sp);
    w.f = f; w.param = param; w.d = d; w.prec = opts->prec; w.st = sp; w.label = "GBS";
    if (gerr == NULL)
        status = _nh_ode_gbs_run(y_out, &w, y0, times, nt, opts->rtol, opts->atol, J,
                         opts->max_steps, opts->h0, opts->hmax, opts->quiet, err);
    else
    {
        arb_ptr yc = _arb_vec_init(nt * d);
        double fr = opts->gerr_factor > 0 && opts->gerr_factor < 1 ? opts->gerr_factor : 1e-3;
        /* coarse run with J-1 columns, fine run at tolerance * fr */
        status = _nh_ode_gbs_run(yc, &w, y0, times, nt, opts->rtol, opts->atol, FLINT_MAX(J - 1, 2),
                         opts->max_steps, opts->h0, opts->hmax, opts->quiet, err);
        if (status == NH_OK)
        {
            nh_ode_stats_init(sp);
            status = _nh_ode_gbs_run(y_out, &w, y0, times, nt, opts->rtol * fr, opts->atol * fr, J,
                             opts->max_steps, opts->h0, opts->hmax, opts->quiet, err);
        }
        if (status == NH_OK)
        {
            _nh_ode_gerr(gerr, NULL, sp, yc, NULL, y_out, NULL, nt * d, opts->prec);
            sp->gerr_v = 0;
        }
        _arb_vec_clear(yc, nt * d);
    }
    sp->seconds = _nh_ode_wall() - t0;
    return status;
}
