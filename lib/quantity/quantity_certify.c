/*
 * quantity_certify.c -- nh_quantity_certify: several quantities at one
 * exact point, certified to a relative accuracy (quantity.h; used by
 * `nhoracle emit`, doc/datasets.md).
 */
#include "impl.h"
#include "nh_prec.h"

void
nh_quantity_block_scale(arf_t scale, arb_srcptr x, slong len, slong stride)
{
    arf_t b, r;
    slong i;
    arf_init(b);
    arf_init(r);
    arf_zero(scale);
    for (i = 0; i < len; i++)
    {
        arf_abs(b, arb_midref(x + i * stride));
        if (arf_cmp(b, scale) > 0)
            arf_set(scale, b);
        arf_set_mag(b, arb_radref(x + i * stride));
        if (arf_cmp(b, r) > 0)
            arf_set(r, b);
    }
    if (arf_cmp(scale, r) <= 0)
        arf_zero(scale);
    arf_clear(b);
    arf_clear(r);
}

/* every entry of x[0..len) has radius <= 2^-acc times the block's scale
   (nh_quantity_block_scale), or 2^-acc when the block is consistent
   with 0 */
int
_nh_quantity_group_ok(arb_srcptr x, slong len, slong acc)
{
    arf_t m, b;
    slong i;
    int ok = 1;
    arf_init(m);
    arf_init(b);
    nh_quantity_block_scale(m, x, len, 1);
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
_nh_quantity_req_ok(arb_srcptr x, const nh_quantity_struct *Q, const nh_quantity_params *par,
                    slong group, slong n, slong m, slong acc)
{
    slong j, len, shape[4];
    int ok = 1;
    nh_quantity_shape(shape, &len, Q, n, m, par);
    if (group > 0)
        for (j = 0; j + group <= len; j += group)
            ok = ok && _nh_quantity_group_ok(x + j, group, acc);
    else
        ok = _nh_quantity_group_ok(x, len, acc);
    return ok;
}

/* One attempt of nh_quantity_certify with the series certified to a bits
   (nh_prec_loop). */
typedef struct
{
    arb_ptr *out;
    const nh_quantity_struct *const *req;
    const nh_quantity_params *par;
    const slong *group;
    slong nreq;
    const nh_model_struct *M;
    const fmpq *q, *v;
    slong acc, max_prec;
    _nh_qpoint_struct *pt;
    slong p;                    /* working precision of the last attempt */
}
cert_attempt_struct;

static int
cert_attempt(void *data, slong a, nh_error_t err)
{
    cert_attempt_struct *A = data;
    slong n = nh_model_n(A->M), m = nh_model_m(A->M), i, pu;
    int r, ok = 1;

    r = nh_series_acc(A->pt->vD, A->pt->h, A->pt->react, NH_ROUTE_TIME, A->M, A->q, A->v,
                      A->pt->K, a, A->max_prec, &pu, err);
    if (r != NH_OK)
        return r;
    A->p = pu + 32;
    if ((r = _nh_qpoint_geom(A->pt, A->q, A->v, A->p, err)) != NH_OK)
        return r;
    for (i = 0; i < A->nreq && r == NH_OK; i++)
    {
        r = _nh_quantity_eval_point(A->out[i], NULL, A->req[i], A->pt, A->par + i, A->p, err);
        ok = ok && _nh_quantity_req_ok(A->out[i], A->req[i], A->par + i, A->group[i], n, m,
                                       A->acc);
    }
    if (r != NH_OK)
        return r;
    return ok ? NH_OK : NH_PREC_WIDE;
}

int
_nh_quantity_certify_terms(slong *K, const nh_quantity_struct *const *req,
                           const nh_quantity_params *par, slong nreq, const char *who,
                           nh_error_t err)
{
    slong i;
    *K = 1;                     /* vD comes with the series */
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
                return nh_error_set(err, NH_ERR_USAGE, "%s: quantity %s not supported", who,
                                    req[i]->name);
        }
        *K = FLINT_MAX(*K, nh_quantity_series_terms(req[i], par + i));
    }
    return NH_OK;
}

int
_nh_quantity_certify_loop(slong *x_used, _nh_qpoint_struct *pt, const nh_model_struct *M,
                          const nh_quantity_struct *const *req, const nh_quantity_params *par,
                          slong nreq, const nh_prec_policy_struct *P, nh_prec_attempt_t fn,
                          void *data, const char *who, slong acc, slong max_prec,
                          nh_error_t err)
{
    slong K;
    int r = _nh_quantity_certify_terms(&K, req, par, nreq, "nh_quantity_certify", err);
    if (r != NH_OK)
        return r;
    _nh_qpoint_init(pt, M, K);
    r = nh_prec_loop(x_used, P, fn, data, err);
    if (r == NH_PREC_WIDE)
        r = nh_error_set(err, NH_ERR_PRECISION, "%s%scannot certify %ld bits (--digits plus 64 "
                         "guard bits) below the precision cap --max-prec %ld",
                         who != NULL ? who : "", who != NULL ? ": " : "", (long) acc,
                         (long) max_prec);
    _nh_qpoint_clear(pt);
    return r;
}

int
nh_quantity_certify(arb_ptr *out, const nh_quantity_struct *const *req,
                    const nh_quantity_params *par, const slong *group, slong nreq,
                    const nh_model_struct *M, const fmpq *q, const fmpq *v, slong acc,
                    slong max_prec, slong *prec_used, const char *who, nh_error_t err)
{
    slong a;
    _nh_qpoint_struct pt[1];
    /* the accuracy target a of the series (acc + 16 bits, doubled) and
       its 64 guard bits stay under the precision cap */
    nh_prec_policy_struct P = {acc + 16, max_prec - 64, 0, 0, NULL};
    cert_attempt_struct A = {out, req, par, group, nreq, M, q, v, acc, max_prec, pt, 0};
    int r;

    r = _nh_quantity_certify_loop(&a, pt, M, req, par, nreq, &P, cert_attempt, &A, who, acc,
                                  max_prec, err);
    if (r == NH_OK)
        *prec_used = A.p;
    return r;
}
