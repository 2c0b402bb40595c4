/*
 * quantity_routes.c -- nh_quantity_routes: every nonholonomic route at
 * one point (quantity.h; lib/nhdyn.h, doc/nonholonomic.md).
 */
#include "impl.h"

void
nh_quantity_routes_init(nh_quantity_routes_struct *R, const nh_model_struct *M)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m;
    slong m1 = FLINT_MAX(m, 1), nB2 = FLINT_MAX(m * p * p, 1), nB1 = FLINT_MAX(m * p, 1);
    R->n = n;
    R->m = m;
    R->p = p;
    R->lin_aut = nh_model_is_linear_autonomous(M);
    R->have_ghat = 0;
    R->v = _arb_vec_init(n);
    R->res = _arb_vec_init(m1);
    R->acc1 = _arb_vec_init(n);
    R->mult = _arb_vec_init(m1);
    R->acc3 = _arb_vec_init(n);
    R->Bab = _arb_vec_init(nB2);
    R->Ba = _arb_vec_init(nB1);
    R->pdep = _arb_vec_init(m1);
    R->Bbab = _arb_vec_init(nB2);
    R->Bba = _arb_vec_init(nB1);
    R->acc2 = _arb_vec_init(n);
    R->lam = _arb_vec_init(n);
    R->ghat = _arb_vec_init(n * n);
    R->accg = _arb_vec_init(n);
    R->Theta = _arb_vec_init(n * (n + 1));
    R->domega = _arb_vec_init(m1 * (n + 1) * (n + 1));
    R->lemma2 = _arb_vec_init(FLINT_MAX(p * p * (p + m + 1), 1));
    R->frame = _arb_vec_init(nh_quantity_frame_len(n));
    R->dE0 = _arb_vec_init(FLINT_MAX(n * p * p, 1));
    R->dep = flint_calloc(m1, sizeof(slong));
    R->indep = flint_calloc(FLINT_MAX(p, 1), sizeof(slong));
}

void
nh_quantity_routes_clear(nh_quantity_routes_struct *R)
{
    slong n = R->n, m = R->m, p = R->p;
    slong m1 = FLINT_MAX(m, 1), nB2 = FLINT_MAX(m * p * p, 1), nB1 = FLINT_MAX(m * p, 1);
    _arb_vec_clear(R->v, n);
    _arb_vec_clear(R->res, m1);
    _arb_vec_clear(R->acc1, n);
    _arb_vec_clear(R->mult, m1);
    _arb_vec_clear(R->acc3, n);
    _arb_vec_clear(R->Bab, nB2);
    _arb_vec_clear(R->Ba, nB1);
    _arb_vec_clear(R->pdep, m1);
    _arb_vec_clear(R->Bbab, nB2);
    _arb_vec_clear(R->Bba, nB1);
    _arb_vec_clear(R->acc2, n);
    _arb_vec_clear(R->lam, n);
    _arb_vec_clear(R->ghat, n * n);
    _arb_vec_clear(R->accg, n);
    _arb_vec_clear(R->Theta, n * (n + 1));
    _arb_vec_clear(R->domega, m1 * (n + 1) * (n + 1));
    _arb_vec_clear(R->lemma2, FLINT_MAX(p * p * (p + m + 1), 1));
    _arb_vec_clear(R->frame, nh_quantity_frame_len(n));
    _arb_vec_clear(R->dE0, FLINT_MAX(n * p * p, 1));
    flint_free(R->dep);
    flint_free(R->indep);
}

int
nh_quantity_routes(nh_quantity_routes_struct *R, const nh_model_struct *M, arb_srcptr q,
                   arb_srcptr v, const arb_t t, const slong *dep,
                   const nh_model_struct *ghat, int flags, slong prec, nh_error_t err)
{
    slong n = R->n, i;
    nh_dyn_t D;
    int r;

    _arb_vec_set(R->v, v, n);
    nh_dyn_init(D, M);
    r = nh_dyn_set_point(D, M, q, t, dep, prec, err);
    if (r == NH_OK)
    {
        for (i = 0; i < R->m; i++)
            R->dep[i] = D->dep[i];
        for (i = 0; i < R->p; i++)
            R->indep[i] = D->indep[i];
        nh_quantity_theta(R->Theta, D);
        nh_quantity_domega(R->domega, D, prec);
        nh_dyn_complete_velocity(R->v, D, prec);
        r = nh_dyn_check_constraints(R->res, D, M, R->v, prec, err);
    }
    if (r == NH_OK)
        r = nh_dyn_lagrange(R->acc1, R->mult, D, R->v, prec, err);
    if (r == NH_OK)
        r = nh_dyn_voronets(R->acc3, R->Bab, R->Ba, R->pdep, D, R->v, prec, err);
    if (r == NH_OK && (flags & NH_QUANTITY_ROUTES_BRACKETS))
        r = nh_dyn_curvature_brackets(R->Bbab, R->Bba, D, prec, err);
    if (r == NH_OK && (flags & NH_QUANTITY_ROUTES_FRAME))
        r = nh_quantity_frame(R->frame, D, prec, err);
    if (r == NH_OK && (flags & NH_QUANTITY_ROUTES_EXP_DE0))
        r = nh_quantity_exp_dE0(R->dE0, D, prec, err);
    if (r == NH_OK && R->lin_aut)
        r = nh_dyn_connection(R->acc2, R->lam, M, q, R->v, prec, err);
    if (r == NH_OK && ghat != NULL)
    {
        /* the ghat model's metric as order-1 jets in (q, t) */
        jet_mat_t Gh;
        arb_ptr qj = jet_vec_init(n + 1, D->ctx);
        for (i = 0; i < n; i++)
            jet_set_var(JET_ENTRY(qj, i, D->ctx), q + i, i, D->ctx);
        jet_set_var(JET_ENTRY(qj, n, D->ctx), t, n, D->ctx);
        jet_mat_init(Gh, n, n, D->ctx);
        r = nh_model_eval_metric(Gh, ghat, qj, 1, D->ctx, prec, err);
        if (r == NH_OK)
        {
            R->have_ghat = 1;
            _nh_quantity_mat_const(R->ghat, Gh, D->ctx);
        }
        if (r == NH_OK && (flags & NH_QUANTITY_ROUTES_GEODESIC))
            r = nh_dyn_geodesic(R->accg, Gh, D->ctx, R->v, n, prec, err);
        if (r == NH_OK && (flags & NH_QUANTITY_ROUTES_LEMMA2))
        {
            slong p = R->p;
            r = nh_dyn_lemma2(R->lemma2, R->lemma2 + p * p * p, R->lemma2 + p * p * (p + R->m),
                              D, M, Gh, prec, err);
        }
        jet_mat_clear(Gh, D->ctx);
        jet_vec_clear(qj, n + 1, D->ctx);
    }
    nh_dyn_clear(D);
    return r;
}
