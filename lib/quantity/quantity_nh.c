/*
 * quantity_nh.c -- the nonholonomic quantities of the table (lib/nhdyn.h,
 * doc/nonholonomic.md): accelerations by the routes, multipliers,
 * curvature, the ghat: metric and its geodesic acceleration.
 */
#include "impl.h"

/* Nonholonomic quantities (lib/nhdyn.h, doc/nonholonomic.md) at the
   exact point (q, v, t = par->t): the dependent velocities of v are
   replaced by the constraint solution (nh_dyn_complete_velocity, 004 eq
   (1)), so vel holds velocities satisfying the affine constraints.
   Routes 1 (001 eq (4), 003 eq (2.6)), 3 (004 eqs (2)-(4), 003 eqs
   (5.2)-(5.4)), 2 (000 eqs (12)-(15), linear autonomous models), the
   curvature by formula and by brackets, and the geodesic acceleration
   of the `ghat:` metric (002 Def 1).  extra: the companion values
   (nh_quantity_nextra) or NULL. */
int
_nh_quantity_eval_nh(arb_ptr out, arb_ptr extra, arb_ptr vel, const nh_quantity_struct *Q,
                     const nh_model_struct *M, const fmpq *q, const fmpq *v,
                     const nh_quantity_params *par, slong p, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), pp = n - m, i;
    int kind = Q->kind, lin_aut = nh_model_is_linear_autonomous(M);
    arb_ptr qb = _arb_vec_init(n), vb = _arb_vec_init(n), res = _arb_vec_init(FLINT_MAX(m, 1));
    arb_ptr acc1 = _arb_vec_init(n), acc2 = _arb_vec_init(n), acc3 = _arb_vec_init(n);
    arb_ptr accg = _arb_vec_init(n), lam = _arb_vec_init(n);
    arb_ptr mult = _arb_vec_init(FLINT_MAX(m, 1)), pdep = _arb_vec_init(FLINT_MAX(m, 1));
    slong nB2 = FLINT_MAX(m * pp * pp, 1), nB1 = FLINT_MAX(m * pp, 1);
    arb_ptr Bab = _arb_vec_init(nB2), Ba = _arb_vec_init(nB1);
    arb_ptr Bbab = _arb_vec_init(nB2), Bba = _arb_vec_init(nB1);
    arb_t t;
    nh_dyn_t D;
    jet_mat_t Gh;
    int r, have_gh = 0;

    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_set_fmpq(qb + i, q + i, p);
        arb_set_fmpq(vb + i, v + i, p);
    }
    if (par->t != NULL)
        arb_set_fmpq(t, par->t, p);
    nh_dyn_init(D, M);
    r = nh_dyn_set_point(D, M, qb, t, par->dep, p, err);
    if (r == NH_OK)
    {
        nh_dyn_complete_velocity(vb, D, p);
        r = nh_dyn_check_constraints(res, D, M, vb, p, err);
    }
    if (r == NH_OK)
        r = nh_dyn_lagrange(acc1, mult, D, vb, p, err);
    if (r == NH_OK)
        r = nh_dyn_voronets(acc3, Bab, Ba, pdep, D, vb, p, err);
    if (r == NH_OK && (kind == NH_Q_B_AB_BR || kind == NH_Q_B_A_BR))
        r = nh_dyn_curvature_brackets(Bbab, Bba, D, p, err);
    if (r == NH_OK && lin_aut)
        r = nh_dyn_connection(acc2, lam, M, qb, vb, p, err);
    if (r == NH_OK && par->ghat != NULL)
    {
        /* the ghat: model's metric as order-1 jets in (q, t) */
        arb_ptr qj = jet_vec_init(n + 1, D->ctx);
        for (i = 0; i < n; i++)
            jet_set_var(JET_ENTRY(qj, i, D->ctx), qb + i, i, D->ctx);
        jet_set_var(JET_ENTRY(qj, n, D->ctx), t, n, D->ctx);
        jet_mat_init(Gh, n, n, D->ctx);
        have_gh = 1;
        r = nh_model_eval_metric(Gh, par->ghat, qj, 1, D->ctx, p, err);
        if (r == NH_OK && kind != NH_Q_GHAT && kind != NH_Q_GHAT_DET)
            r = nh_dyn_geodesic(accg, Gh, D->ctx, vb, n, p, err);
        jet_vec_clear(qj, n + 1, D->ctx);
    }
    if (r != NH_OK)
        goto done;
    if (vel != NULL)
        _arb_vec_set(vel, vb, n);
    switch (kind)
    {
        case NH_Q_ACC_LAGRANGE: _arb_vec_set(out, acc1, n); break;
        case NH_Q_ACC_VORONETS: _arb_vec_set(out, acc3, n); break;
        case NH_Q_ACC_CONNECTION: _arb_vec_set(out, acc2, n); break;
        case NH_Q_LAMBDA_CONNECTION: _arb_vec_set(out, lam, n); break;
        case NH_Q_ACC_GEODESIC: _arb_vec_set(out, accg, n); break;
        case NH_Q_MULTIPLIERS: _arb_vec_set(out, mult, m); break;
        case NH_Q_P_DEPENDENT: _arb_vec_set(out, pdep, m); break;
        case NH_Q_B_AB: _arb_vec_set(out, Bab, m * pp * pp); break;
        case NH_Q_B_A: _arb_vec_set(out, Ba, m * pp); break;
        case NH_Q_B_AB_BR: _arb_vec_set(out, Bbab, m * pp * pp); break;
        case NH_Q_B_A_BR: _arb_vec_set(out, Bba, m * pp); break;
        case NH_Q_GHAT: _nh_quantity_mat_const(out, Gh, D->ctx); break;
        case NH_Q_GHAT_DET:
        {
            arb_mat_t X;
            arb_mat_init(X, n, n);
            jet_mat_get_const(X, Gh, D->ctx);
            arb_mat_det(out, X, p);
            arb_mat_clear(X);
            break;
        }
    }
    /* companion values, in the order of nh_quantity_nextra */
    if (extra != NULL)
    {
        arb_ptr cp = extra;
        _arb_vec_set(cp, acc1, n); cp += n;
        _arb_vec_set(cp, acc3, n); cp += n;
        if (lin_aut) { _arb_vec_set(cp, acc2, n); cp += n; }
        if (par->ghat != NULL) { _arb_vec_set(cp, accg, n); cp += n; }
        _arb_vec_set(cp, mult, m); cp += m;
        _arb_vec_set(cp, pdep, m);
    }
done:
    if (r == NH_ERR_DOMAIN)
        r = NH_ERR_PRECISION;
    if (have_gh)
        jet_mat_clear(Gh, D->ctx);
    nh_dyn_clear(D);
    arb_clear(t);
    _arb_vec_clear(qb, n); _arb_vec_clear(vb, n); _arb_vec_clear(res, FLINT_MAX(m, 1));
    _arb_vec_clear(acc1, n); _arb_vec_clear(acc2, n); _arb_vec_clear(acc3, n);
    _arb_vec_clear(accg, n); _arb_vec_clear(lam, n);
    _arb_vec_clear(mult, FLINT_MAX(m, 1)); _arb_vec_clear(pdep, FLINT_MAX(m, 1));
    _arb_vec_clear(Bab, nB2); _arb_vec_clear(Ba, nB1);
    _arb_vec_clear(Bbab, nB2); _arb_vec_clear(Bba, nB1);
    return r;
}

