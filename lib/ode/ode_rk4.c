/* ode_rk4.c -- the classical Runge-Kutta 4 stepper (ode.h,
   nh_ode_rk4_*): no local error estimate of its own; run by
   nh_ode_fixed / nh_ode_fixed_doubling (Richardson's estimate by step
   doubling). */
#include "impl.h"

void
nh_ode_rk4_init(nh_ode_rk4_struct *w, nh_ode_rhs_t f, void *param, slong d, slong prec,
                nh_ode_stats_struct *st)
{
    w->f = f;
    w->param = param;
    w->d = d;
    w->prec = prec;
    w->k = _arb_vec_init(4 * d);
    w->z = _arb_vec_init(d);
    w->st = st;
}

void
nh_ode_rk4_clear(nh_ode_rk4_struct *w)
{
    _arb_vec_clear(w->k, 4 * w->d);
    _arb_vec_clear(w->z, w->d);
}

/* y1 = y + h/6 (k1 + 2 k2 + 2 k3 + k4), stages at t, t + h/2, t + h/2,
   t + h; re-centred (the values are estimates, their error estimated by
   step doubling: dropping the rounding radii keeps them from growing). */
int
nh_ode_rk4_attempt(void *ctx, arb_ptr y1, double *errn, double *fac, const arb_t t,
                   arb_srcptr y, const arb_t h, double rtol, double atol, nh_error_t err)
{
    nh_ode_rk4_struct *w = (nh_ode_rk4_struct *) ctx;
    slong d = w->d, s, i, prec = w->prec;
    arb_ptr k = w->k, z = w->z;
    int r = NH_OK;
    arb_t c, ts;
    (void) rtol;
    (void) atol;
    arb_init(c);
    arb_init(ts);
    /* k + s*d: stage s */
    for (s = 0; s < 4 && r == NH_OK; s++)
    {
        if (s == 0)
        {
            _arb_vec_set(z, y, d);
            arb_set(ts, t);
        }
        else
        {
            arb_set(c, h);
            if (s < 3)
                arb_mul_2exp_si(c, c, -1);
            for (i = 0; i < d; i++)
            {
                arb_set(z + i, y + i);
                arb_addmul(z + i, c, k + (s - 1) * d + i, prec);
            }
            arb_add(ts, t, c, prec);
        }
        if (w->st != NULL)
            w->st->f_evals++;
        r = w->f(k + s * d, ts, z, w->param, prec, err);
    }
    if (r == NH_OK)
    {
        arb_t u;
        arb_init(u);
        arb_div_ui(c, h, 6, prec);
        _arb_vec_set(y1, y, d);
        for (i = 0; i < d; i++)
        {
            arb_add(u, k + i, k + 3 * d + i, prec);
            arb_addmul_ui(u, k + d + i, 2, prec);
            arb_addmul_ui(u, k + 2 * d + i, 2, prec);
            arb_addmul(y1 + i, c, u, prec);
        }
        arb_clear(u);
        _nh_ode_recentre(y1, d);
    }
    *errn = 0.0;
    *fac = 1.0;
    arb_clear(c);
    arb_clear(ts);
    return r;
}

void
nh_ode_rk4_stepper(nh_ode_stepper_struct *S, nh_ode_rk4_struct *w)
{
    S->d = w->d;
    S->prec = w->prec;
    S->ctx = w;
    S->start = NULL;
    S->attempt = nh_ode_rk4_attempt;
}
