/*
 * taylor_opts.c -- defaults of the certified Taylor integrator and the
 * workspace (taylor.h, impl.h).
 */
#include "impl.h"

void
nh_taylor_opts_init(nh_taylor_opts_t opts)
{
    opts->order = 0;
    opts->stiff = 0;
    opts->max_width = 1e-10;
    opts->max_steps = 1000000;
    opts->tol = 0.0;
    opts->slow_manifold = 1;
}

slong
nh_taylor_order(const nh_taylor_opts_t opts, slong prec)
{
    if (opts->order > 0)
        return opts->order;
    if (opts->stiff)
        return FLINT_MIN(28 + prec / 4, 100);
    /* 4 + prec/6 (25 at 128 bits): with the remainder check
       (taylor_remainder.c) the steps grow with p enough to pay for the
       ~p^3 cost of a step up to high precision (doc/bench.md, issue 33;
       the cap of 36-40 before it cost 12x on the disk at 512 bits) */
    return FLINT_MIN(4 + prec / 6, 100);
}

void
_nh_taylor_ws_init(nh_taylor_ws_t w, slong N, slong p, nh_taylor_rhs_fn rhs,
                   void *data, slong prec)
{
    slong sizes[2], caps[2], k, j, *e;

    w->N = N;
    w->p = p;
    w->prec = prec;
    w->lprec = prec;
    w->prec = prec;
    w->rhs = rhs;
    w->data = data;
    jet_ctx_init(w->U, 1, p + 1);
    sizes[0] = 1; sizes[1] = N;
    caps[0] = p; caps[1] = 1;
    jet_ctx_init_groups(w->V, 2, sizes, caps, p + 1);
    w->vidx = flint_malloc((p + 1) * N * sizeof(slong));
    w->sidx = flint_malloc((p + 1) * sizeof(slong));
    e = flint_calloc(N + 1, sizeof(slong));
    for (k = 0; k <= p; k++)
    {
        e[0] = k;
        w->sidx[k] = jet_ctx_index(w->V, e);
    }
    for (k = 0; k <= p; k++)
        for (j = 0; j < N; j++)
        {
            e[0] = k;
            e[1 + j] = 1;
            w->vidx[k * N + j] = jet_ctx_index(w->V, e);
            e[1 + j] = 0;
        }
    flint_free(e);
    w->ux = jet_vec_init(N, w->U);
    w->uw = jet_vec_init(2 * N, w->U);
    w->uX = jet_vec_init(N, w->U);
    w->uprev = jet_vec_init(N, w->U);
    arb_init(w->hprev);
    w->uprev_ok = 0;
    w->uxh = jet_vec_init(N, w->U);
    w->Phi = flint_malloc((p + 1) * sizeof(arb_mat_struct));
    w->A = flint_malloc((p + 1) * sizeof(arb_mat_struct));
    for (k = 0; k <= p; k++)
    {
        arb_mat_init(w->Phi + k, N, N);
        arb_mat_init(w->A + k, N, N);
    }
    w->vx = jet_vec_init(N, w->V);
    w->vw = jet_vec_init(2 * N, w->V);
    w->xh = _arb_vec_init(N);
    w->r = _arb_vec_init(N);
    w->X = _arb_vec_init(N);
    w->u = _arb_vec_init(N);
    w->rem = _arb_vec_init(N);
    arb_mat_init(w->B, N, N);
    arb_mat_one(w->B);
    arb_mat_init(w->J, N, N);
    w->have_var = 0;
    w->pvar = p;
    w->pvar_adapt = 0;
    w->phi_ord = p;
    w->log2tol = 0.0;
    w->log2h_sug = 0.0;
    w->guess_ok = w->guess_full = w->guess_miss = w->guess_wait = 0;
    w->rem_ok = w->rem_failed = 0;
    w->guess_shrink = 0;
}

void
_nh_taylor_ws_clear(nh_taylor_ws_t w)
{
    slong N = w->N, k;

    jet_vec_clear(w->ux, N, w->U);
    jet_vec_clear(w->uw, 2 * N, w->U);
    jet_vec_clear(w->uX, N, w->U);
    jet_vec_clear(w->uprev, N, w->U);
    arb_clear(w->hprev);
    jet_vec_clear(w->uxh, N, w->U);
    for (k = 0; k <= w->p; k++)
    {
        arb_mat_clear(w->Phi + k);
        arb_mat_clear(w->A + k);
    }
    flint_free(w->Phi);
    flint_free(w->A);
    flint_free(w->sidx);
    jet_vec_clear(w->vx, N, w->V);
    jet_vec_clear(w->vw, 2 * N, w->V);
    flint_free(w->vidx);
    jet_ctx_clear(w->U);
    jet_ctx_clear(w->V);
    _arb_vec_clear(w->xh, N);
    _arb_vec_clear(w->r, N);
    _arb_vec_clear(w->X, N);
    _arb_vec_clear(w->u, N);
    _arb_vec_clear(w->rem, N);
    arb_mat_clear(w->B);
    arb_mat_clear(w->J);
}

void
_nh_taylor_width(double *width, double *scale, arb_srcptr X, slong N)
{
    slong i;
    double wd = 0.0, sc = 1.0, a;
    mag_t m;

    mag_init(m);
    for (i = 0; i < N; i++)
    {
        a = mag_get_d(arb_radref(X + i));
        if (a > wd || a != a)
            wd = a;
        arb_get_mag(m, X + i);
        a = mag_get_d(m);
        if (a > sc)
            sc = a;
    }
    mag_clear(m);
    *width = wd;
    *scale = sc;
}
