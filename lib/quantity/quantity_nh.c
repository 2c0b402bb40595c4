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
/* L = 1/2 G(v, v) + Delta(v) - V at (q, t) (003 Sec 3.2: a natural
   Lagrangian with a one-form; nh_quantity_lagrangian). */
static int
lagrangian_value(arb_t L, const nh_model_struct *M, arb_srcptr q, const arb_t t, arb_srcptr v,
                 slong p, nh_error_t err)
{
    nh_quantity_lagr_struct lg;
    int r;
    nh_quantity_lagr_init(&lg, nh_model_n(M), nh_model_m(M));
    r = nh_quantity_lagrangian(&lg, M, q, t, v, NULL, p, err);
    arb_set(L, lg.L);
    nh_quantity_lagr_clear(&lg);
    return r;
}

/* The companion values of Theta and domega (nh_quantity_nextra): the
   rows omega^nu of Theta (row dep[nu], nu = 0..m-1), or the entries
   K < L of each d omega^nu, row-major. */
static void
connection_entries(arb_ptr cp, const nh_quantity_routes_struct *R, int kind)
{
    slong n1 = R->n + 1, nu, K, L;
    for (nu = 0; nu < R->m; nu++)
        if (kind == NH_Q_THETA)
            _arb_vec_set(cp + nu * n1, R->Theta + R->dep[nu] * n1, n1);
        else
            for (K = 0; K < n1; K++)
                for (L = K + 1; L < n1; L++)
                    arb_set(cp++, R->domega + (nu * n1 + K) * n1 + L);
}

/* The companion values of the frame quantities (nh_quantity_nextra):
   g_{al be} for al <= be, X_al(g_{be ga}) for be <= ga, R^ga_{al be}
   for al < be (the others by symmetry / antisymmetry), row-major in the
   coordinate labels of nh_quantity_frame. */
static void
frame_entries(arb_ptr cp, arb_srcptr F, slong n)
{
    slong i, j, k;
    arb_srcptr Xg = F + n * n, R = Xg + n * n * n;
    for (i = 0; i < n; i++)
        for (j = i; j < n; j++)
            arb_set(cp++, F + i * n + j);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = j; k < n; k++)
                arb_set(cp++, Xg + (i * n + j) * n + k);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = j + 1; k < n; k++)
                arb_set(cp++, R + (i * n + j) * n + k);
}

/* prop5 / prop6 (nh_quantity_prop56): out, and the companions in the
   order of nh_quantity_nextra (extra may be NULL) */
static int
prop56_eval(arb_ptr out, arb_ptr extra, arb_ptr vel, int kind, const nh_model_struct *M,
            const nh_quantity_params *par, arb_srcptr qb, arb_srcptr vb, slong p,
            nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), nc = nh_quantity_prop56_ncomp(n, m);
    arb_ptr p5 = _arb_vec_init(3 * (n - m)), p6 = _arb_vec_init(FLINT_MAX(2 * m, 1));
    arb_ptr comp = _arb_vec_init(nc);
    int r = nh_quantity_prop56(p5, p6, comp, vel, M, par->ghat, qb, vb, par->dep, p, err);
    if (r == NH_OK)
    {
        if (kind == NH_Q_PROP5)
            _arb_vec_set(out, p5, 3 * (n - m));
        else
            _arb_vec_set(out, p6, 2 * m);
        if (extra != NULL)
            _arb_vec_set(extra, comp, nc);
    }
    _arb_vec_clear(p5, 3 * (n - m));
    _arb_vec_clear(p6, FLINT_MAX(2 * m, 1));
    _arb_vec_clear(comp, nc);
    return r;
}

int
_nh_quantity_eval_nh(arb_ptr out, arb_ptr extra, arb_ptr vel, const nh_quantity_struct *Q,
                     const nh_model_struct *M, const fmpq *q, const fmpq *v,
                     const nh_quantity_params *par, slong p, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), pp = n - m, i;
    int kind = Q->kind, r, flags = 0;
    arb_ptr qb = _arb_vec_init(n), vb = _arb_vec_init(n);
    arb_t t;
    nh_quantity_routes_struct R;

    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_set_fmpq(qb + i, q + i, p);
        arb_set_fmpq(vb + i, v + i, p);
    }
    if (par->t != NULL)
        arb_set_fmpq(t, par->t, p);
    if (kind >= NH_Q_SODE_FIRST && kind <= NH_Q_SODE_LAST)
    {
        /* at the velocity as given: no completion into D (issue 21) */
        r = _nh_quantity_eval_sode(out, extra, vel, kind, M, qb, vb, par->dep, p, err);
        goto early;
    }
    if (kind == NH_Q_PROP5 || kind == NH_Q_PROP6)
    {
        /* 002 Props 5, 6 (issue 21): own evaluation, own companions */
        r = prop56_eval(out, extra, vel, kind, M, par, qb, vb, p, err);
        goto early;
    }
    if (kind == NH_Q_B_AB_BR || kind == NH_Q_B_A_BR)
        flags |= NH_QUANTITY_ROUTES_BRACKETS;
    /* the geodesic of ghat is a companion of every nonholonomic quantity
       with a ghat: model, `ghat` included (acc_geodesic_<c> names; issue
       32: it used to be left 0 for `ghat`), except `ghat_det`, whose
       candidate may be degenerate and which has no such companion */
    if (kind != NH_Q_GHAT_DET)
        flags |= NH_QUANTITY_ROUTES_GEODESIC;
    if (kind == NH_Q_LEMMA2)
        flags |= NH_QUANTITY_ROUTES_LEMMA2;
    if (kind >= NH_Q_FRAME_G && kind <= NH_Q_EXP_DE0)
        flags |= NH_QUANTITY_ROUTES_FRAME;
    if (kind == NH_Q_EXP_DE0)
        flags |= NH_QUANTITY_ROUTES_EXP_DE0;
    nh_quantity_routes_init(&R, M);
    r = nh_quantity_routes(&R, M, qb, vb, t, par->dep, par->ghat, flags, p, err);
    if (r != NH_OK)
        goto done;
    if (vel != NULL)
        _arb_vec_set(vel, R.v, n);
    switch (kind)
    {
        case NH_Q_ACC_LAGRANGE: _arb_vec_set(out, R.acc1, n); break;
        case NH_Q_ACC_VORONETS: _arb_vec_set(out, R.acc3, n); break;
        case NH_Q_ACC_CONNECTION: _arb_vec_set(out, R.acc2, n); break;
        case NH_Q_LAMBDA_CONNECTION: _arb_vec_set(out, R.lam, n); break;
        case NH_Q_ACC_GEODESIC: _arb_vec_set(out, R.accg, n); break;
        case NH_Q_MULTIPLIERS: _arb_vec_set(out, R.mult, m); break;
        case NH_Q_P_DEPENDENT: _arb_vec_set(out, R.pdep, m); break;
        case NH_Q_B_AB: _arb_vec_set(out, R.Bab, m * pp * pp); break;
        case NH_Q_B_A: _arb_vec_set(out, R.Ba, m * pp); break;
        case NH_Q_B_AB_BR: _arb_vec_set(out, R.Bbab, m * pp * pp); break;
        case NH_Q_B_A_BR: _arb_vec_set(out, R.Bba, m * pp); break;
        case NH_Q_GHAT: _arb_vec_set(out, R.ghat, n * n); break;
        case NH_Q_THETA: _arb_vec_set(out, R.Theta, n * (n + 1)); break;
        case NH_Q_LEMMA2: _arb_vec_set(out, R.lemma2, pp * pp * (pp + m + 1)); break;
        case NH_Q_DOMEGA: _arb_vec_set(out, R.domega, m * (n + 1) * (n + 1)); break;
        case NH_Q_FRAME_G: _arb_vec_set(out, R.frame, n * n); break;
        case NH_Q_FRAME_R: _arb_vec_set(out, R.frame + n * n + n * n * n, n * n * n); break;
        case NH_Q_FRAME_GAMMA: _arb_vec_set(out, R.frame + n * n + 2 * n * n * n, n * n * n); break;
        case NH_Q_FRAME_GAMMA_LOW: _arb_vec_set(out, R.frame + n * n + 3 * n * n * n, n * n * n); break;
        case NH_Q_EXP_DE0: _arb_vec_set(out, R.dE0, n * pp * pp); break;
        case NH_Q_LC:
            if ((r = lagrangian_value(out, M, qb, t, R.v, p, err)) != NH_OK)
                goto done;
            break;
        case NH_Q_EXP_DV: case NH_Q_EXP_GAUSS:
        {
            arb_ptr dv = _arb_vec_init(n * pp);
            r = nh_quantity_exp_dv(dv, kind == NH_Q_EXP_GAUSS ? out : NULL, M, par->ghat, qb,
                                   R.v, R.dep, p, err);
            if (r == NH_OK && kind == NH_Q_EXP_DV)
                _arb_vec_set(out, dv, n * pp);
            _arb_vec_clear(dv, n * pp);
            if (r != NH_OK)
                goto done;
            break;
        }
        case NH_Q_PROP8_GAUSS:
        {
            arb_t T1;
            arb_init(T1);
            arb_one(T1);
            r = nh_quantity_prop8_gauss(out, M, par->ghat, qb, R.v, T1, p, err);
            arb_clear(T1);
            if (r != NH_OK)
                goto done;
            break;
        }
        case NH_Q_LAGRANGIAN:
            if ((r = lagrangian_value(out, M, qb, t, vb, p, err)) != NH_OK)
                goto done;
            if (vel != NULL)
                _arb_vec_set(vel, vb, n);
            break;
        case NH_Q_FRAME_V: case NH_Q_FRAME_FULL: case NH_Q_FRAME_GEODESIC: case NH_Q_FRAME_H:
        case NH_Q_FRAME_REDUCED: case NH_Q_FRAME_DH1:
            if ((r = _nh_quantity_eval_framedyn(out, vel, kind, M, qb, t, vb, par, p, err)) != NH_OK)
                goto done;
            break;
        case NH_Q_FRICTION_H: case NH_Q_FRICTION_ACC0: case NH_Q_FRICTION_LAMBDA:
            if ((r = _nh_quantity_eval_friction(out, kind, M, qb, t, R.v, par, p, err)) != NH_OK)
                goto done;
            break;
        case NH_Q_GHAT_DET:
        {
            arb_mat_t X;
            arb_mat_init(X, n, n);
            for (i = 0; i < n * n; i++)
                arb_set(arb_mat_entry(X, i / n, i % n), R.ghat + i);
            arb_mat_det(out, X, p);
            arb_mat_clear(X);
            break;
        }
    }
    /* companion values, in the order of nh_quantity_nextra */
    if (extra != NULL && (kind == NH_Q_THETA || kind == NH_Q_DOMEGA))
        connection_entries(extra, &R, kind);
    else if (extra != NULL && (flags & NH_QUANTITY_ROUTES_FRAME))
    {
        if (n <= NH_QUANTITY_FRAME_NAMED)
        {
            frame_entries(extra, R.frame, n);
            _arb_vec_set(extra + n * (n + 1) / 2 + n * n * n, R.acc1, n);
        }
    }
    else if (extra != NULL)
    {
        arb_ptr cp = extra;
        _arb_vec_set(cp, R.acc1, n); cp += n;
        _arb_vec_set(cp, R.acc3, n); cp += n;
        if (R.lin_aut) { _arb_vec_set(cp, R.acc2, n); cp += n; }
        if (par->ghat != NULL && kind != NH_Q_GHAT_DET) { _arb_vec_set(cp, R.accg, n); cp += n; }
        _arb_vec_set(cp, R.mult, m); cp += m;
        _arb_vec_set(cp, R.pdep, m); cp += m;
        if (kind == NH_Q_GHAT)
            _arb_vec_set(cp, R.ghat, n * n);
    }
done:
    nh_quantity_routes_clear(&R);
early:
    if (r == NH_ERR_DOMAIN)
        r = NH_ERR_PRECISION;
    arb_clear(t);
    _arb_vec_clear(qb, n);
    _arb_vec_clear(vb, n);
    return r;
}
