/*
 * conv_defect_t.c -- the defect of the reduced fields along the full
 * solution for time-dependent or affine models (issue 19): see impl.h.
 */
#include "impl.h"

static double
max_diff(arb_srcptr x, arb_srcptr y, slong n, slong prec)
{
    arb_ptr d = _arb_vec_init(n);
    double m;
    _arb_vec_sub(d, x, y, n, prec);
    m = _nh_ode_vec_max(d, n);
    _arb_vec_clear(d, n);
    return m;
}

int
_nh_conv_defect_t(double *defect, const nh_model_struct *M, const arb_t t, arb_srcptr q,
                  arb_srcptr v, slong kmax, const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), k;
    arb_ptr vD = _arb_vec_init(n), vp = _arb_vec_init(n), h = _arb_vec_init((kmax + 1) * n);
    arb_ptr hf = _arb_vec_init(2 * n), qd = _arb_vec_init(n), vDd = _arb_vec_init(n);
    arb_ptr qdk = _arb_vec_init(n), vDdk = _arb_vec_init(n);
    arb_t one;
    int rc;

    arb_init(one);
    arb_one(one);
    rc = nh_project_D_t(vD, vp, M, q, t, v, prec, err);
    if (rc == NH_OK)
        rc = nh_series_time_t(h, NULL, NULL, M, q, t, vD, kmax + 1, prec, err);
    if (rc == NH_OK)
    {
        /* the field's velocity vD + v_p + 1 * h^(1) equals v exactly */
        _arb_vec_sub(hf, v, vD, n, prec);
        _arb_vec_sub(hf, hf, vp, n, prec);
        rc = nh_reduced_field_t(qd, vDd, NULL, M, q, t, vD, hf, NULL, 2, 1, one, prec, err);
    }
    for (k = 0; rc == NH_OK && k <= kmax; k++)
    {
        double a, b;
        rc = nh_reduced_field_t(qdk, vDdk, NULL, M, q, t, vD, h, NULL, kmax + 1, k, eps, prec,
                                err);
        if (rc != NH_OK)
            break;
        a = max_diff(v, qdk, n, prec);
        b = max_diff(vDd, vDdk, n, prec);
        defect[k] = a > b ? a : b;
    }
    arb_clear(one);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(vp, n);
    _arb_vec_clear(h, (kmax + 1) * n);
    _arb_vec_clear(hf, 2 * n);
    _arb_vec_clear(qd, n);
    _arb_vec_clear(vDd, n);
    _arb_vec_clear(qdk, n);
    _arb_vec_clear(vDdk, n);
    return rc;
}
