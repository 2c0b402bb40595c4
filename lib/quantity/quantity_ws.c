/*
 * quantity_ws.c -- the reusable workspace of nh_quantity_eval_ws
 * (quantity.h): allocated once per run, not once per point.
 */
#include "impl.h"

nh_quantity_ws_struct *
nh_quantity_ws_new(const nh_model_struct *M)
{
    nh_quantity_ws_struct *W = flint_malloc(sizeof *W);
    W->M = M;
    _nh_qpoint_init(W->pt, M, 0);
    W->comps = NULL;
    W->ncomps = 0;
    return W;
}

void
nh_quantity_ws_free(nh_quantity_ws_struct *W)
{
    if (W == NULL)
        return;
    _nh_qpoint_clear(W->pt);
    if (W->ncomps > 0)
        _arb_vec_clear(W->comps, W->ncomps);
    flint_free(W);
}

arb_ptr
_nh_quantity_ws_comps(nh_quantity_ws_struct *W, slong len)
{
    if (len <= 0)
        return NULL;
    if (len > W->ncomps)
    {
        if (W->ncomps > 0)
            _arb_vec_clear(W->comps, W->ncomps);
        W->comps = _arb_vec_init(len);
        W->ncomps = len;
    }
    return W->comps;
}
