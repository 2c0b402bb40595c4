/* ode_evolve.c -- the evolve and driver layers (ode.h): the one adaptive
   loop every stepper runs on (nh_ode_evolve), the fixed-step loops
   (nh_ode_fixed, nh_ode_fixed_doubling) and the two-run global error
   estimate (nh_ode_drive). */
#include <math.h>
#include <stdio.h>
#include "impl.h"

static int
evolve_fail(const nh_ode_control_struct *C, int code, slong max_steps, slong prec, double t,
            double h, nh_error_t err)
{
    if (C->fail != NULL)
        return C->fail(C->fail_ctx, C, code, max_steps, prec, t, h, err);
    if (code == NH_ERR_RESOURCE)
        return nh_error_set(err, NH_ERR_RESOURCE, "%s integrator: more than %ld steps before t = %g",
                            C->label, (long) max_steps, t);
    return nh_error_set(err, NH_ERR_PRECISION, "%s integrator: step size underflow at t = %g",
                        C->label, t);
}

int
nh_ode_evolve(arb_ptr y_out, const nh_ode_stepper_struct *S, const nh_ode_control_struct *C,
              arb_srcptr y0, arb_srcptr times, slong nt, nh_ode_stats_struct *st,
              nh_error_t err)
{
    slong d = S->d, k, steps = 0, prec = S->prec, max_steps = C->max_steps;
    arb_ptr y = _arb_vec_init(d), y1 = _arb_vec_init(d);
    arb_t t, hh, rem;
    double h = C->h0, errn, fac, last = _nh_ode_wall();
    int status = NH_OK, landing;

    arb_init(t); arb_init(hh); arb_init(rem);
    _arb_vec_set(y, y0, d);
    _nh_ode_recentre(y, d);
    if (max_steps <= 0)
        max_steps = NH_ODE_DEFAULT_MAX_STEPS;
    if (S->start != NULL)
        status = S->start(S->ctx, t, y, 0, err);
    for (k = 0; k < nt && status == NH_OK; k++)
    {
        for (;;)
        {
            landing = _nh_ode_next_step(hh, rem, times + k, t, &h, C->hmax, prec);
            if (landing < 0)
                break;
            status = S->attempt(S->ctx, y1, &errn, &fac, t, y, hh, C->rtol, C->atol, err);
            if (status != NH_OK)
                break;
            if (errn <= 1.0)
            {
                _arb_vec_swap(y, y1, d);
                if (landing)
                    arb_set(t, times + k);
                else
                    arb_add(t, t, hh, prec);
                mag_zero(arb_radref(t));
                steps++;
                if (st != NULL)
                    st->steps++;
                if (!landing || fac < 1.0)
                    h *= fac;
                if (S->start != NULL)
                    status = S->start(S->ctx, t, y, 1, err);
                if (status != NH_OK)
                    break;
            }
            else
            {
                if (st != NULL)
                    st->rejected++;
                h = arf_get_d(arb_midref(hh), ARF_RND_NEAR) * fac;
            }
            if (steps >= max_steps)
            {
                status = evolve_fail(C, NH_ERR_RESOURCE, max_steps, prec,
                                     arf_get_d(arb_midref(t), ARF_RND_NEAR), h, err);
                break;
            }
            if (h < C->hmin)
            {
                status = evolve_fail(C, NH_ERR_PRECISION, max_steps, prec,
                                     arf_get_d(arb_midref(t), ARF_RND_NEAR), h, err);
                break;
            }
            if (!C->quiet && _nh_ode_wall() - last > 2.0)
            {
                last = _nh_ode_wall();
                fprintf(stderr, "ode: %s t=%.6g h=%.3g steps=%ld\n", C->label,
                        arf_get_d(arb_midref(t), ARF_RND_NEAR), h, (long) steps);
            }
        }
        if (status == NH_OK)
            _arb_vec_set(y_out + k * d, y, d);
    }
    arb_clear(t); arb_clear(hh); arb_clear(rem);
    _arb_vec_clear(y, d);
    _arb_vec_clear(y1, d);
    return status;
}

int
nh_ode_evolve_qv(arb_ptr q_out, arb_ptr v_out, const nh_ode_stepper_struct *S,
                 const nh_ode_control_struct *C, arb_srcptr q0, arb_srcptr v0,
                 arb_srcptr times, slong nt, nh_ode_stats_struct *st, nh_error_t err)
{
    slong d = S->d, n = d / 2, k;
    arb_ptr y0 = _arb_vec_init(d), y = _arb_vec_init(nt * d);
    int status;

    _arb_vec_set(y0, q0, n);
    _arb_vec_set(y0 + n, v0, n);
    status = nh_ode_evolve(y, S, C, y0, times, nt, st, err);
    for (k = 0; k < nt && status == NH_OK; k++)
    {
        _arb_vec_set(q_out + k * n, y + k * d, n);
        _arb_vec_set(v_out + k * n, y + k * d + n, n);
    }
    _arb_vec_clear(y0, d);
    _arb_vec_clear(y, nt * d);
    return status;
}

int
nh_ode_fixed(arb_ptr y_out, const nh_ode_stepper_struct *S, arb_srcptr y0,
             arb_srcptr times, slong nt, slong m, nh_error_t err)
{
    slong d = S->d, j, s, prec = S->prec;
    arb_ptr y = _arb_vec_init(d), y1 = _arb_vec_init(d);
    arb_t h, tprev, t;
    double errn, fac;
    int r = NH_OK;
    arb_init(h);
    arb_init(tprev);
    arb_init(t);
    _arb_vec_set(y, y0, d);
    arb_zero(tprev);
    for (j = 0; j < nt && r == NH_OK; j++)
    {
        arb_sub(h, times + j, tprev, prec);
        arb_div_si(h, h, m, prec);
        if (!arb_is_zero(h))
            for (s = 0; s < m && r == NH_OK; s++)
            {
                /* t = tprev + s h (the field may depend on t) */
                arb_mul_si(t, h, s, prec);
                arb_add(t, t, tprev, prec);
                r = S->attempt(S->ctx, y1, &errn, &fac, t, y, h, 0.0, 1.0, err);
                if (r == NH_OK)
                    _arb_vec_swap(y, y1, d);
            }
        _arb_vec_set(y_out + j * d, y, d);
        arb_set(tprev, times + j);
    }
    arb_clear(h);
    arb_clear(tprev);
    arb_clear(t);
    _arb_vec_clear(y, d);
    _arb_vec_clear(y1, d);
    return r;
}

int
nh_ode_fixed_doubling(arb_ptr y_out, double *gerr, slong *steps,
                      const nh_ode_stepper_struct *S, arb_srcptr y0, arb_srcptr times,
                      slong nt, slong m0, slong mmax, slong order, double tol,
                      nh_error_t err)
{
    slong d = S->d, m = m0, j, prec = S->prec;
    arb_ptr a = _arb_vec_init(nt * d), b = _arb_vec_init(nt * d);
    double div = ldexp(1.0, (int) order) - 1;
    int r;

    r = nh_ode_fixed(a, S, y0, times, nt, m, err);
    *steps += m * nt;
    for (;;)
    {
        double e = 0;
        if (r != NH_OK)
            break;
        r = nh_ode_fixed(b, S, y0, times, nt, 2 * m, err);
        *steps += 2 * m * nt;
        if (r != NH_OK)
            break;
        for (j = 0; j < nt * d; j++)
        {
            arb_t t;
            double x;
            arb_init(t);
            arb_sub(t, b + j, a + j, prec);
            x = fabs(arf_get_d(arb_midref(t), ARF_RND_NEAR)) / div;
            arb_clear(t);
            if (x > e)
                e = x;
        }
        m *= 2;
        _arb_vec_swap(a, b, nt * d);
        if (e < tol || m >= mmax)
        {
            *gerr = e;
            break;
        }
    }
    _arb_vec_swap(y_out, a, nt * d);
    _arb_vec_clear(a, nt * d);
    _arb_vec_clear(b, nt * d);
    return r;
}

int
nh_ode_drive(arb_ptr a, arb_ptr b, arb_ptr gerr_a, arb_ptr gerr_b, slong len,
             nh_ode_run_t run, void *ctx, const nh_ode_problem_struct *P,
             nh_ode_stats_struct *sp, nh_error_t err)
{
    const nh_ode_opts_struct *o = P->o;
    nh_ode_traj_t c;
    double f;
    int status;

    if (gerr_a == NULL && gerr_b == NULL)
        return run(a, b, ctx, P, o->rtol, o->atol, 0, err);
    /* coarse run at (rtol, atol), fine run at (rtol, atol) * gerr_factor;
       return the fine one and |coarse - fine| */
    nh_ode_traj_init(c, len, 1, 0);
    f = o->gerr_factor > 0 && o->gerr_factor < 1 ? o->gerr_factor : 1e-3;
    status = run(c->q, b != NULL ? c->v : NULL, ctx, P, o->rtol, o->atol, 1, err);
    if (status == NH_OK)
    {
        nh_ode_stats_init(sp);
        status = run(a, b, ctx, P, o->rtol * f, o->atol * f, 0, err);
    }
    if (status == NH_OK)
        _nh_ode_gerr(gerr_a, b != NULL ? gerr_b : NULL, sp, c->q, c->v, a, b, len, o->prec);
    nh_ode_traj_clear(c);
    return status;
}
