/*
 * quantity_sode.c -- the SODE extension Gamma^1 = p(Gamma_L) of 002
 * Prop 1 evaluated at a velocity v that is NOT completed into D (issue
 * 21), by two independent routes (quantity.h, nh_quantity_sode1).
 */
#include "impl.h"

/* a_L = a_g - G^-1 dV: the Lagrangian field's acceleration of
   L = 1/2 G(v, v) - V (nh_dyn_geodesic gives a_g = -Gamma(v, v)). */
int
_nh_quantity_sode_aL(arb_ptr aL, const nh_dyn_t D, arb_srcptr v, slong prec, nh_error_t err)
{
    slong n = D->n, l;
    arb_mat_t G0, dV, x;
    int r;

    r = nh_dyn_geodesic(aL, D->G, D->ctx, v, n, prec, err);
    if (r != NH_OK)
        return r;
    arb_mat_init(G0, n, n);
    arb_mat_init(dV, n, 1);
    arb_mat_init(x, n, 1);
    jet_mat_get_const(G0, D->G, D->ctx);
    for (l = 0; l < n; l++)
        arb_set(arb_mat_entry(dV, l, 0), NH_DYN_DER(D, D->V, l));
    if (!arb_mat_solve(x, G0, dV, prec))
        r = nh_error_set(err, NH_ERR_DOMAIN, "sode1: G not certified invertible");
    for (l = 0; l < n && r == NH_OK; l++)
        arb_sub(aL + l, aL + l, arb_mat_entry(x, l, 0), prec);
    arb_mat_clear(G0);
    arb_mat_clear(dV);
    arb_mat_clear(x);
    return r;
}

/* sum_l v^l d_l J (value) for an order-1 jet J in D->ctx. */
void
_nh_quantity_der_along(arb_t res, const nh_dyn_t D, arb_srcptr J, arb_srcptr v, slong prec)
{
    slong l;

    arb_zero(res);
    for (l = 0; l < D->n; l++)
        arb_addmul(res, v + l, NH_DYN_DER(D, J, l), prec);
}

/* va = F0inv v (the quasi-velocities v^al) and w = v^al X_al'[v] (the
   derivative of the frame's coordinate components along v). */
void
_nh_quantity_frame_velocity(arb_ptr va, arb_ptr w, const nh_dyn_frame_t W, const nh_dyn_t D,
                            arb_srcptr v, slong prec)
{
    slong n = D->n, al, mu;
    arb_t d;

    arb_init(d);
    _arb_vec_zero(va, n);
    _arb_vec_zero(w, n);
    for (al = 0; al < n; al++)
        for (mu = 0; mu < n; mu++)
            arb_addmul(va + al, arb_mat_entry(W->F0inv, al, mu), v + mu, prec);
    for (mu = 0; mu < n; mu++)
        for (al = 0; al < n; al++)
        {
            _nh_quantity_der_along(d, D, JET_MAT_ENTRY(W->F, mu, al, D->ctx), v, prec);
            arb_addmul(w + mu, va + al, d, prec);
        }
    arb_clear(d);
}

/* Route F, 002 Prop 1 in the adapted frame (K^a_i = 0: the frame X_i of
   D^g is the g-orthogonal complement the Hessian of L defines):
   Gamma^1 = v^al X_al^C + F^a X_a^V, so qddot = F^a X_a + w with
   w = v^al X_al'[v] and F^al = theta^al(a_L - w). */
static int
sode1_frame(arb_ptr acc, const nh_dyn_t D, arb_srcptr aL, arb_srcptr v, slong prec,
            nh_error_t err)
{
    slong n = D->n, p = D->p, al, mu;
    nh_dyn_frame_t W;
    arb_ptr va = _arb_vec_init(n), w = _arb_vec_init(n);
    int r;

    nh_dyn_frame_init(W, D);
    r = nh_dyn_frame(W, D, prec, err);
    if (r == NH_OK)
    {
        arb_mat_t X, y;
        arb_mat_init(X, n, 1);
        arb_mat_init(y, n, 1);
        _nh_quantity_frame_velocity(va, w, W, D, v, prec);
        for (mu = 0; mu < n; mu++)
            arb_sub(arb_mat_entry(X, mu, 0), aL + mu, w + mu, prec);
        arb_mat_mul(y, W->F0inv, X, prec);             /* F^al */
        _arb_vec_set(acc, w, n);
        for (mu = 0; mu < n; mu++)
            for (al = 0; al < p; al++)
                arb_addmul(acc + mu, arb_mat_entry(y, al, 0),
                           NH_DYN_VAL(JET_MAT_ENTRY(W->F, mu, al, D->ctx)), prec);
        arb_mat_clear(X);
        arb_mat_clear(y);
    }
    nh_dyn_frame_clear(W, D);
    _arb_vec_clear(va, n);
    _arb_vec_clear(w, n);
    return r;
}

/* GiAt = G^-1 A^T (n x m) and Ms = S^-1 A (m x n), S = A G^-1 A^T, as
   order-1 jets (jet_mat_solve) for the metric G (n x n order-1 jets in
   D->ctx: the case's D->G or a ghat) and D's constraints; nonzero if G or
   S is not certified invertible (no message). */
int
_nh_quantity_proj_jets(jet_mat_t GiAt, jet_mat_t Ms, const jet_mat_t G, const nh_dyn_t D,
                       slong prec)
{
    slong n = D->n, m = D->m;
    jet_mat_t At, S;
    int r;

    jet_mat_init(At, n, m, D->ctx);
    jet_mat_init(S, m, m, D->ctx);
    jet_mat_transpose(At, D->A, D->ctx);
    r = jet_mat_solve(GiAt, G, At, 1, D->ctx, prec);
    if (r == NH_OK)
    {
        jet_mat_mul(S, D->A, GiAt, 1, D->ctx, prec);
        r = jet_mat_solve(Ms, S, D->A, 1, D->ctx, prec);
    }
    jet_mat_clear(At, D->ctx);
    jet_mat_clear(S, D->ctx);
    return r;
}

/* The same for the case's metric D->G; NH_ERR_DOMAIN if G or S is not
   certified invertible. */
int
_nh_quantity_sode_proj(jet_mat_t GiAt, jet_mat_t Ms, const nh_dyn_t D, slong prec,
                       nh_error_t err)
{
    int r = _nh_quantity_proj_jets(GiAt, Ms, D->G, D, prec);
    if (r != NH_OK)
        r = nh_error_set(err, NH_ERR_DOMAIN, "SODE extension: G or S = A G^-1 A^T not "
                         "certified invertible");
    return r;
}

/* NH_ERR_MODEL unless M is L = 1/2 G(v, v) - V with linear
   time-independent constraints (no one-form, force, damping). */
int
_nh_quantity_sode_model(const nh_model_struct *M, const char *what, nh_error_t err)
{
    if (!nh_model_is_linear_autonomous(M) || nh_model_has_oneform(M) || nh_model_has_force(M)
        || nh_model_has_damping(M))
        return nh_error_set(err, NH_ERR_MODEL, "%s: L = 1/2 G(v, v) - V with linear "
                            "time-independent constraints only (no one-form, force, damping)",
                            what);
    return NH_OK;
}

/* Route C, coordinates (own derivation): the SODE keeping the
   quasi-velocities v^i = (S^-1 A v)_i constant whose difference from
   Gamma_L lies in D^g = G^-1 A^T R^m:
     a = a_L - G^-1 A^T mu,  mu = S^-1 A a_L + (d(S^-1 A)[v]) v,
   S = A G^-1 A^T; S^-1 A on order-1 jets (jet_mat_solve). */
static int
sode1_coord(arb_ptr acc, const nh_dyn_t D, arb_srcptr aL, arb_srcptr v, slong prec,
            nh_error_t err)
{
    slong n = D->n, m = D->m, i, j;
    jet_mat_t GiAt, Ms;
    arb_ptr mu = _arb_vec_init(m);
    arb_t d;
    int r;

    arb_init(d);
    jet_mat_init(GiAt, n, m, D->ctx);
    jet_mat_init(Ms, m, n, D->ctx);
    r = _nh_quantity_sode_proj(GiAt, Ms, D, prec, err);
    for (i = 0; i < m && r == NH_OK; i++)
        for (j = 0; j < n; j++)
        {
            arb_srcptr J = JET_MAT_ENTRY(Ms, i, j, D->ctx);
            arb_addmul(mu + i, NH_DYN_VAL(J), aL + j, prec);
            _nh_quantity_der_along(d, D, J, v, prec);
            arb_addmul(mu + i, d, v + j, prec);
        }
    for (j = 0; j < n && r == NH_OK; j++)
    {
        arb_set(acc + j, aL + j);
        for (i = 0; i < m; i++)
            arb_submul(acc + j, NH_DYN_VAL(JET_MAT_ENTRY(GiAt, j, i, D->ctx)), mu + i, prec);
    }
    jet_mat_clear(GiAt, D->ctx);
    jet_mat_clear(Ms, D->ctx);
    _arb_vec_clear(mu, m);
    arb_clear(d);
    return r;
}

int
nh_quantity_sode1(arb_ptr acc, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                  int route, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr aL;
    nh_dyn_t D;
    arb_t t;
    int r;

    if ((r = _nh_quantity_sode_model(M, "sode1", err)) != NH_OK)
        return r;
    aL = _arb_vec_init(n);
    arb_init(t);
    nh_dyn_init(D, M);
    r = nh_dyn_set_point(D, M, q, t, NULL, prec, err);
    if (r == NH_OK)
        r = _nh_quantity_sode_aL(aL, D, v, prec, err);
    if (r == NH_OK)
        r = route ? sode1_coord(acc, D, aL, v, prec, err)
                  : sode1_frame(acc, D, aL, v, prec, err);
    nh_dyn_clear(D);
    arb_clear(t);
    _arb_vec_clear(aL, n);
    return r;
}
