/*
 * quantity_certify.c -- nh_quantity_certify: several quantities at one
 * exact point, certified to a relative accuracy (quantity.h; used by
 * `nhoracle emit`, doc/datasets.md).
 */
#include "impl.h"

/* every entry of x[0..len) has radius <= 2^-acc max_i |x_i| (absolute
   2^-acc if all midpoints are 0) */
static int
group_ok(arb_srcptr x, slong len, slong acc)
{
    arf_t m, b;
    slong i;
    int ok = 1;
    arf_init(m);
    arf_init(b);
    for (i = 0; i < len; i++)
    {
        arf_abs(b, arb_midref(x + i));
        if (arf_cmp(b, m) > 0)
            arf_set(m, b);
    }
    if (arf_is_zero(m))
        arf_one(m);
    arf_mul_2exp_si(m, m, -acc);
    for (i = 0; i < len && ok; i++)
    {
        if (!arb_is_finite(x + i))
            ok = 0;
        else
        {
            arf_set_mag(b, arb_radref(x + i));
            ok = arf_cmp(b, m) <= 0;
        }
    }
    arf_clear(m);
    arf_clear(b);
    return ok;
}

int
nh_quantity_certify(arb_ptr *out, const nh_quantity_struct *const *req,
                    const nh_quantity_params *par, const slong *group, slong nreq,
                    const nh_model_struct *M, const fmpq *q, const fmpq *v, slong acc,
                    slong max_prec, slong *prec_used, const char *who, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), K = 0, i, j, a, p = 0, pu, len, shape[4];
    _nh_qpoint_struct pt[1];
    int r = NH_OK, ok;

    for (i = 0; i < nreq; i++)
    {
        switch (req[i]->kind)
        {
            case NH_Q_G: case NH_Q_GINV: case NH_Q_A: case NH_Q_MU: case NH_Q_S: case NH_Q_P:
            case NH_Q_PPERP: case NH_Q_FRS: case NH_Q_Q: case NH_Q_GRADV: case NH_Q_DV:
            case NH_Q_GAMMA: case NH_Q_VD: case NH_Q_H: case NH_Q_REACT:
                break;
            case NH_Q_RED_VDOT: case NH_Q_RED_QDOT: case NH_Q_RED_VDDOT:
                if (par[i].route == NH_ROUTE_TIME)
                    break;
                /* fall through */
            default:
                return nh_error_set(err, NH_ERR_USAGE, "nh_quantity_certify: quantity %s "
                                    "not supported", req[i]->name);
        }
        K = FLINT_MAX(K, nh_quantity_series_terms(req[i], par + i));
    }
    K = FLINT_MAX(K, 1);        /* vD comes with the series */
    _nh_qpoint_init(pt, M, K);
    for (a = acc + 16; ; a *= 2)
    {
        if (a + 64 > max_prec)
        {
            r = nh_error_set(err, NH_ERR_PRECISION, "%s%scannot certify %ld bits (--digits plus 64 "
                             "guard bits) below the precision cap --max-prec %ld",
                             who != NULL ? who : "", who != NULL ? ": " : "", (long) acc,
                             (long) max_prec);
            break;
        }
        r = nh_series_acc(pt->vD, pt->h, pt->react, NH_ROUTE_TIME, M, q, v, K, a, max_prec, &pu, err);
        if (r != NH_OK)
            break;
        p = pu + 32;
        if ((r = _nh_qpoint_geom(pt, q, v, p, err)) != NH_OK)
            break;
        ok = 1;
        for (i = 0; i < nreq && r == NH_OK; i++)
        {
            r = _nh_quantity_eval_point(out[i], NULL, req[i], pt, par + i, p, err);
            nh_quantity_shape(shape, &len, req[i], n, m, par + i);
            if (group[i] > 0)
                for (j = 0; j + group[i] <= len; j += group[i])
                    ok = ok && group_ok(out[i] + j, group[i], acc);
            else
                ok = ok && group_ok(out[i], len, acc);
        }
        if (r != NH_OK || ok)
            break;
    }
    if (r == NH_OK)
        *prec_used = p;
    _nh_qpoint_clear(pt);
    return r;
}
