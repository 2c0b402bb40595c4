/*
 * conv_defect_t.c -- the defect of the reduced fields along the full
 * solution for time-dependent or affine models (issue 19): see impl.h.
 */
#include "impl.h"

int
_nh_conv_defect_t(double *defect, const nh_model_struct *M, const arb_t t, arb_srcptr q,
                  arb_srcptr v, slong kmax, const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), k, len = (kmax + 9) * n;
    /* one workspace: vD, vp, hf (2n), qd, vDd, qdk, vDdk, h ((kmax+1) n) */
    arb_ptr ws = _arb_vec_init(len);
    arb_ptr vD = ws, vp = ws + n, hf = ws + 2 * n, qd = ws + 4 * n, vDd = ws + 5 * n;
    arb_ptr qdk = ws + 6 * n, vDdk = ws + 7 * n, h = ws + 8 * n;
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
        rc = nh_reduced_field_t(qdk, vDdk, NULL, M, q, t, vD, h, NULL, kmax + 1, k, eps, prec,
                                err);
        if (rc == NH_OK)
            defect[k] = FLINT_MAX(_nh_conv_vec_max_diff(v, qdk, n, prec),
                                  _nh_conv_vec_max_diff(vDd, vDdk, n, prec));
    }
    arb_clear(one);
    _arb_vec_clear(ws, len);
    return rc;
}
