/*
 * quantity_point.c -- a point with its geometry and series, and the
 * quantities read from it (geometry, vD, h<k>, react<k>, reduced fields).
 */
#include "impl.h"

void
_nh_quantity_mat_const(arb_ptr out, const jet_mat_t X, const jet_ctx_t ctx)
{
    slong i;
    for (i = 0; i < X->r * X->c; i++)
        arb_set(out + i, X->entries + i * ctx->len);
}

void
_nh_quantity_eps(arb_t eps, const nh_quantity_params *par, slong prec)
{
    if (par->eps != NULL)
        arb_set(eps, par->eps);
    else if (par->eps_q != NULL)
        arb_set_fmpq(eps, par->eps_q, prec);
    else
        arb_zero(eps);
}

void
_nh_qpoint_init(_nh_qpoint_struct *pt, const nh_model_struct *M, slong K)
{
    slong n = nh_model_n(M);
    pt->M = M;
    pt->n = n;
    pt->m = nh_model_m(M);
    pt->K = K;
    pt->qb = _arb_vec_init(n);
    pt->vb = _arb_vec_init(n);
    pt->vD = _arb_vec_init(n);
    pt->h = K > 0 ? _arb_vec_init(K * n) : NULL;
    pt->react = K > 0 ? _arb_vec_init(K * n) : NULL;
    jet_ctx_init(pt->gctx, n, 1);
    nh_geom_init(pt->g, M, pt->gctx);
}

void
_nh_qpoint_clear(_nh_qpoint_struct *pt)
{
    slong n = pt->n;
    if (pt->h != NULL)
        _arb_vec_clear(pt->h, pt->K * n);
    if (pt->react != NULL)
        _arb_vec_clear(pt->react, pt->K * n);
    nh_geom_clear(pt->g, pt->gctx);
    jet_ctx_clear(pt->gctx);
    _arb_vec_clear(pt->qb, n);
    _arb_vec_clear(pt->vb, n);
    _arb_vec_clear(pt->vD, n);
}

void
_nh_qpoint_set(_nh_qpoint_struct *pt, const fmpq *q, const fmpq *v, slong prec)
{
    slong i;
    for (i = 0; i < pt->n; i++)
    {
        arb_set_fmpq(pt->qb + i, q + i, prec);
        arb_set_fmpq(pt->vb + i, v + i, prec);
    }
}

int
_nh_qpoint_geom(_nh_qpoint_struct *pt, const fmpq *q, const fmpq *v, slong prec, nh_error_t err)
{
    _nh_qpoint_set(pt, q, v, prec);
    return nh_geom_compute(pt->g, pt->M, pt->qb, 1, pt->gctx, prec, err);
}

int
_nh_quantity_eval_point(arb_ptr out, arb_ptr extra, const nh_quantity_struct *Q,
                        const _nh_qpoint_struct *pt, const nh_quantity_params *par,
                        slong prec, nh_error_t err)
{
    slong n = pt->n, i;
    const nh_geom_struct *g = pt->g;
    switch (Q->kind)
    {
        case NH_Q_G: _nh_quantity_mat_const(out, g->G, pt->gctx); break;
        case NH_Q_GINV: _nh_quantity_mat_const(out, g->Ginv, pt->gctx); break;
        case NH_Q_A: _nh_quantity_mat_const(out, g->A, pt->gctx); break;
        case NH_Q_MU: _nh_quantity_mat_const(out, g->mu, pt->gctx); break;
        case NH_Q_S: _nh_quantity_mat_const(out, g->S, pt->gctx); break;
        case NH_Q_P: _nh_quantity_mat_const(out, g->P, pt->gctx); break;
        case NH_Q_PPERP: _nh_quantity_mat_const(out, g->Pperp, pt->gctx); break;
        case NH_Q_FRS: _nh_quantity_mat_const(out, g->FRs, pt->gctx); break;
        case NH_Q_Q: _nh_quantity_mat_const(out, g->Q, pt->gctx); break;
        case NH_Q_GRADV: _nh_quantity_mat_const(out, g->gradV, pt->gctx); break;
        case NH_Q_DV: _nh_quantity_mat_const(out, g->dV, pt->gctx); break;
        case NH_Q_GAMMA:
            for (i = 0; i < n * n * n; i++)
                arb_set(out + i, g->Gamma + i * pt->gctx->len);
            break;
        case NH_Q_VD: _arb_vec_set(out, pt->vD, n); break;
        case NH_Q_H: _arb_vec_set(out, pt->h + (par->k - 1) * n, n); break;
        case NH_Q_REACT: _arb_vec_set(out, pt->react + (par->k - 1) * n, n); break;
        case NH_Q_RED_VDOT: case NH_Q_RED_QDOT: case NH_Q_RED_VDDOT:
        {
            arb_ptr c = extra != NULL ? extra : _arb_vec_init(3 * n);
            arb_ptr qd = c, vDd = c + n, vd = c + 2 * n;
            arb_t eps;
            int r;
            arb_init(eps);
            _nh_quantity_eps(eps, par, prec);
            r = nh_reduced_field(qd, vDd, vd, pt->M, pt->qb, pt->vD, pt->h, pt->K, par->order,
                                 eps, prec, err);
            arb_clear(eps);
            if (r == NH_OK)
                _arb_vec_set(out, Q->kind == NH_Q_RED_VDOT ? vd : Q->kind == NH_Q_RED_QDOT ? qd : vDd, n);
            if (extra == NULL)
                _arb_vec_clear(c, 3 * n);
            return r;
        }
        default:
            return nh_error_set(err, NH_ERR_USAGE, "quantity %s: not evaluable from a point's "
                                "geometry and series", Q->name);
    }
    return NH_OK;
}
