/* ode_util.c -- small helpers of the ode module and the trajectory
   workspace (ode.h). */
#include <time.h>
#include <math.h>
#include "impl.h"

double
_nh_ode_wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void
_nh_ode_recentre(arb_ptr x, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        mag_zero(arb_radref(x + i));
}

double
_nh_ode_err_norm(arb_srcptr a, arb_srcptr b, slong n, double rtol, double atol,
                 slong prec)
{
    slong i;
    double m = 0.0, d, s;
    arb_t t;
    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arf_sub(arb_midref(t), arb_midref(a + i), arb_midref(b + i), prec, ARF_RND_NEAR);
        d = fabs(arf_get_d(arb_midref(t), ARF_RND_UP));
        s = fabs(arf_get_d(arb_midref(a + i), ARF_RND_NEAR));
        if (fabs(arf_get_d(arb_midref(b + i), ARF_RND_NEAR)) > s)
            s = fabs(arf_get_d(arb_midref(b + i), ARF_RND_NEAR));
        d = d / (atol + rtol * s);
        if (!(d <= m))      /* also propagates NaN */
            m = d;
    }
    arb_clear(t);
    return m;
}

void
_nh_ode_absdiff(arb_ptr res, arb_srcptr a, arb_srcptr b, slong n, slong prec)
{
    slong i;
    for (i = 0; i < n; i++)
    {
        arf_sub(arb_midref(res + i), arb_midref(a + i), arb_midref(b + i), prec, ARF_RND_UP);
        arf_abs(arb_midref(res + i), arb_midref(res + i));
        mag_zero(arb_radref(res + i));
    }
}

double
_nh_ode_vec_max(arb_srcptr x, slong n)
{
    slong i;
    double m = 0.0, d;
    for (i = 0; i < n; i++)
    {
        d = fabs(arf_get_d(arb_midref(x + i), ARF_RND_UP));
        if (!(d <= m))
            m = d;
    }
    return m;
}

int
_nh_ode_check_times(arb_srcptr times, slong nt, nh_error_t err)
{
    slong i;
    if (nt < 0)
        return nh_error_set(err, NH_ERR_USAGE, "negative number of output times");
    for (i = 0; i < nt; i++)
    {
        if (!arb_is_finite(times + i) || arf_sgn(arb_midref(times + i)) < 0)
            return nh_error_set(err, NH_ERR_USAGE,
                                "output time %ld is negative or not finite", (long) i);
        if (i > 0 && arf_cmp(arb_midref(times + i), arb_midref(times + i - 1)) < 0)
            return nh_error_set(err, NH_ERR_USAGE,
                                "output times must be nondecreasing (time %ld)", (long) i);
    }
    return NH_OK;
}

int
_nh_ode_check_tol_times(const nh_ode_opts_struct *o, arb_srcptr times, slong nt, nh_error_t err)
{
    if (!(o->rtol >= 0 && o->atol > 0))
        return nh_error_set(err, NH_ERR_USAGE, "tolerances must be rtol >= 0, atol > 0");
    return _nh_ode_check_times(times, nt, err);
}

int
_nh_ode_next_step(arb_t hh, arb_t rem, const arb_t tk, const arb_t t, double *h,
                  double hmax, slong prec)
{
    int landing;
    arb_sub(rem, tk, t, prec);
    if (arf_sgn(arb_midref(rem)) <= 0)
        return -1;
    if (hmax > 0 && *h > hmax)
        *h = hmax;
    landing = arf_cmp_d(arb_midref(rem), *h * 1.01) <= 0;
    if (landing)
        arb_set(hh, rem);
    else
        arb_set_d(hh, *h);
    mag_zero(arb_radref(hh));
    return landing;
}

void
_nh_ode_gerr(arb_ptr gerr_q, arb_ptr gerr_v, nh_ode_stats_t sp, arb_srcptr qc,
             arb_srcptr vc, arb_srcptr q, arb_srcptr v, slong len, slong prec)
{
    if (gerr_q != NULL)
    {
        _nh_ode_absdiff(gerr_q, qc, q, len, prec);
        sp->gerr_q = _nh_ode_vec_max(gerr_q, len);
    }
    if (gerr_v != NULL)
    {
        _nh_ode_absdiff(gerr_v, vc, v, len, prec);
        sp->gerr_v = _nh_ode_vec_max(gerr_v, len);
    }
}

void
nh_ode_traj_init(nh_ode_traj_t T, slong nt, slong n, int with_gerr)
{
    T->nt = nt;
    T->n = n;
    T->q = _arb_vec_init(nt * n);
    T->v = _arb_vec_init(nt * n);
    T->gq = with_gerr ? _arb_vec_init(nt * n) : NULL;
    T->gv = with_gerr ? _arb_vec_init(nt * n) : NULL;
}

void
nh_ode_traj_clear(nh_ode_traj_t T)
{
    _arb_vec_clear(T->q, T->nt * T->n);
    _arb_vec_clear(T->v, T->nt * T->n);
    if (T->gq != NULL)
        _arb_vec_clear(T->gq, T->nt * T->n);
    if (T->gv != NULL)
        _arb_vec_clear(T->gv, T->nt * T->n);
}
