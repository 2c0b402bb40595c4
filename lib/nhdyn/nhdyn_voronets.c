/* nhdyn_voronets.c -- nh_dyn_voronets: route 3, the Voronets (Voronec)
   equations for affine time-dependent constraints
       sdot^nu = a^nu_a(q,t) rdot^a + a^nu(q,t)       004 eq (1), 003 (5.1)
   (r: independent, s: dependent coordinates; doc/nonholonomic.md).
   With the constrained Lagrangian Lc(q, rdot, t) = L(q, rdot, sdot(q,rdot,t), t)
   (004 eq (3), 003 eq (5.3)) and X_a = d_{r^a} + a^mu_a d_{s^mu}:
     d/dt dLc/drdot^a - dLc/dr^a - a^mu_a dLc/ds^mu
        = F_a + a^nu_a F_nu + p_nu (B^nu_ab rdot^b + B^nu_a)
   where p_nu = dL/dsdot^nu on the constraint and (derived in
   doc/nonholonomic.md; compare 004 eq (2),(4), 003 eq (5.2),(5.4))
     B^nu_ab = X_b a^nu_a - X_a a^nu_b,
     B^nu_a  = d_t a^nu_a + a^mu d_{s^mu} a^nu_a - X_a a^nu.
   d/dt dLc/drdot^a = K_ab rddot^b + (d_k pi_a) xdot^k, pi_a = dLc/drdot^a
   as a function of (q,t) at fixed rdot, xdot = (qdot, 1); K = E^T G E.
   Dependent accelerations from the time derivative of the constraint:
     sddot^nu = a^nu_a rddot^a + (d_k a^nu_a xdot^k) rdot^a + d_k a^nu xdot^k. */
#include "nhdyn.h"

/* X_a f = d_{r^a} f + a^mu_a d_{s^mu} f at the point. */
static void
Xder(arb_t res, const nh_dyn_t D, arb_srcptr f, slong a, slong prec)
{
    slong mu;
    arb_set(res, NH_DYN_DER(D, f, D->indep[a]));
    for (mu = 0; mu < D->m; mu++)
        arb_addmul(res, jet_const(JET_MAT_ENTRY(D->a_mat, mu, a, D->ctx)),
                   NH_DYN_DER(D, f, D->dep[mu]), prec);
}

/* B by formula (arb): B_ab (m*p*p), B_a (m*p). */
static void
curvature_formula(arb_ptr B_ab, arb_ptr B_a, const nh_dyn_t D, slong prec)
{
    slong m = D->m, p = D->p, nu, a, b, mu;
    arb_t s, u;
    arb_init(s);
    arb_init(u);
    for (nu = 0; nu < m; nu++)
        for (a = 0; a < p; a++)
        {
            arb_srcptr ana = JET_MAT_ENTRY(D->a_mat, nu, a, D->ctx);
            for (b = 0; b < p; b++)
            {
                Xder(s, D, ana, b, prec);
                Xder(u, D, JET_MAT_ENTRY(D->a_mat, nu, b, D->ctx), a, prec);
                arb_sub(B_ab + (nu * p + a) * p + b, s, u, prec);
            }
            arb_set(s, NH_DYN_DER(D, ana, D->n));
            for (mu = 0; mu < m; mu++)
                arb_addmul(s, jet_const(JET_MAT_ENTRY(D->a_vec, mu, 0, D->ctx)),
                           NH_DYN_DER(D, ana, D->dep[mu]), prec);
            Xder(u, D, JET_MAT_ENTRY(D->a_vec, nu, 0, D->ctx), a, prec);
            arb_sub(B_a + nu * p + a, s, u, prec);
        }
    arb_clear(s);
    arb_clear(u);
}

/* K = E^T G E (constants, p x p): the kinetic matrix on D in the
   independent velocities, E the n x p matrix with E e_a = e_{r^a} +
   a^nu_a e_{s^nu}. */
static void
voronets_K(arb_mat_t K, const nh_dyn_t D, slong prec)
{
    slong n = D->n, m = D->m, p = D->p, a, nu;
    const jet_ctx_struct *ctx = D->ctx;
    arb_mat_t E, G0, T;
    arb_mat_init(E, n, p);
    arb_mat_init(G0, n, n);
    arb_mat_init(T, n, p);
    for (a = 0; a < p; a++)
    {
        arb_one(arb_mat_entry(E, D->indep[a], a));
        for (nu = 0; nu < m; nu++)
            arb_set(arb_mat_entry(E, D->dep[nu], a), jet_const(JET_MAT_ENTRY(D->a_mat, nu, a, ctx)));
    }
    jet_mat_get_const(G0, D->G, ctx);
    arb_mat_mul(T, G0, E, prec);
    {
        arb_mat_t Et;
        arb_mat_init(Et, p, n);
        arb_mat_transpose(Et, E);
        arb_mat_mul(K, Et, T, prec);
        arb_mat_clear(Et);
    }
    arb_mat_clear(E);
    arb_mat_clear(G0);
    arb_mat_clear(T);
}

/* The dependent accelerations sddot^nu = a^nu_a rddot^a + (d/dt a^nu_a)
   rdot^a + d/dt a^nu_0 (the time derivative of the constraint along
   xdot = (qdot, 1)), from the independent ones X (p x 1). */
static void
voronets_dependent(arb_ptr acc, const nh_dyn_t D, const arb_mat_t X, arb_srcptr rd,
                   arb_srcptr xdot, slong prec)
{
    slong n = D->n, m = D->m, p = D->p, a, k, nu;
    const jet_ctx_struct *ctx = D->ctx;
    arb_t s;
    arb_init(s);
    for (nu = 0; nu < m; nu++)
    {
        arb_ptr sn = acc + D->dep[nu];
        arb_zero(sn);
        for (a = 0; a < p; a++)
        {
            arb_srcptr ana = JET_MAT_ENTRY(D->a_mat, nu, a, ctx);
            arb_addmul(sn, jet_const(ana), arb_mat_entry(X, a, 0), prec);
            arb_zero(s);
            for (k = 0; k <= n; k++)
                arb_addmul(s, NH_DYN_DER(D, ana, k), xdot + k, prec);
            arb_addmul(sn, s, rd + a, prec);
        }
        for (k = 0; k <= n; k++)
            arb_addmul(sn, NH_DYN_DER(D, JET_MAT_ENTRY(D->a_vec, nu, 0, ctx), k), xdot + k, prec);
    }
    arb_clear(s);
}

int
nh_dyn_voronets(arb_ptr acc, arb_ptr B_ab, arb_ptr B_a, arb_ptr p_dep,
                const nh_dyn_t D, arb_srcptr v, slong prec, nh_error_t err)
{
    slong n = D->n, m = D->m, p = D->p, i, j, k, a, b, nu, mu;
    const jet_ctx_struct *ctx = D->ctx;
    arb_ptr rd, w, pj, pi, Lc, tmp, xdot, Fv;
    arb_mat_t K, rhs, X;
    arb_t s;
    int r = NH_OK;

    Fv = _arb_vec_init(n);
    nh_dyn_force(Fv, D, v, prec);
    rd = _arb_vec_init(p);
    xdot = _arb_vec_init(n + 1);
    w = jet_vec_init(n, ctx);
    pj = jet_vec_init(n, ctx);
    pi = jet_vec_init(p, ctx);
    Lc = jet_init(ctx);
    tmp = jet_init(ctx);
    arb_mat_init(K, p, p);
    arb_mat_init(rhs, p, 1);
    arb_mat_init(X, p, 1);
    arb_init(s);

    curvature_formula(B_ab, B_a, D, prec);

    /* w = E rdot + e as jets in (q, t) at fixed rdot */
    for (a = 0; a < p; a++)
    {
        arb_set(rd + a, v + D->indep[a]);
        jet_set_arb(JET_ENTRY(w, D->indep[a], ctx), rd + a, ctx);
    }
    for (nu = 0; nu < m; nu++)
    {
        arb_ptr wn = JET_ENTRY(w, D->dep[nu], ctx);
        jet_set(wn, JET_MAT_ENTRY(D->a_vec, nu, 0, ctx), ctx);
        for (a = 0; a < p; a++)
            jet_addmul_scalar(wn, JET_MAT_ENTRY(D->a_mat, nu, a, ctx), rd + a, ctx, prec);
    }
    for (i = 0; i < n; i++)
        arb_set(xdot + i, jet_const(JET_ENTRY(w, i, ctx)));
    arb_one(xdot + n);

    /* pj = G w + Delta;  Lc = 1/2 w.(pj + Delta) - V */
    jet_neg(Lc, D->V, ctx);
    for (i = 0; i < n; i++)
    {
        arb_ptr pi_ = JET_ENTRY(pj, i, ctx);
        jet_set(pi_, NH_DYN_COL(D, Delta, i), ctx);
        for (j = 0; j < n; j++)
            jet_addmul(pi_, NH_DYN_G(D, i, j), JET_ENTRY(w, j, ctx), 1, ctx, prec);
        jet_add(tmp, pi_, NH_DYN_COL(D, Delta, i), ctx, prec);
        jet_scalar_div_si(tmp, tmp, 2, ctx, prec);
        jet_addmul(Lc, tmp, JET_ENTRY(w, i, ctx), 1, ctx, prec);
    }
    for (nu = 0; nu < m; nu++)
        arb_set(p_dep + nu, jet_const(JET_ENTRY(pj, D->dep[nu], ctx)));
    /* pi_a = pj_{r^a} + a^nu_a pj_{s^nu} */
    for (a = 0; a < p; a++)
    {
        arb_ptr pa = JET_ENTRY(pi, a, ctx);
        jet_set(pa, JET_ENTRY(pj, D->indep[a], ctx), ctx);
        for (nu = 0; nu < m; nu++)
            jet_addmul(pa, JET_MAT_ENTRY(D->a_mat, nu, a, ctx), JET_ENTRY(pj, D->dep[nu], ctx), 1, ctx, prec);
    }
    voronets_K(K, D, prec);
    /* right-hand side */
    for (a = 0; a < p; a++)
    {
        arb_ptr f = arb_mat_entry(rhs, a, 0);
        arb_zero(f);
        for (k = 0; k <= n; k++)
            arb_submul(f, NH_DYN_DER(D, JET_ENTRY(pi, a, ctx), k), xdot + k, prec);
        arb_add(f, f, NH_DYN_DER(D, Lc, D->indep[a]), prec);
        arb_add(f, f, Fv + D->indep[a], prec);
        for (mu = 0; mu < m; mu++)
        {
            arb_srcptr amu = jet_const(JET_MAT_ENTRY(D->a_mat, mu, a, ctx));
            arb_addmul(f, amu, NH_DYN_DER(D, Lc, D->dep[mu]), prec);
            arb_addmul(f, amu, Fv + D->dep[mu], prec);
        }
        for (nu = 0; nu < m; nu++)
        {
            arb_set(s, B_a + nu * p + a);
            for (b = 0; b < p; b++)
                arb_addmul(s, B_ab + (nu * p + a) * p + b, rd + b, prec);
            arb_addmul(f, p_dep + nu, s, prec);
        }
    }
    if (!arb_mat_solve(X, K, rhs, prec))
    {
        r = nh_error_set(err, NH_ERR_MODEL,
                         "route 3 (Voronets): the constrained kinetic matrix E^T G E is not certified invertible at this point");
        goto cleanup;
    }
    for (a = 0; a < p; a++)
        arb_set(acc + D->indep[a], arb_mat_entry(X, a, 0));
    voronets_dependent(acc, D, X, rd, xdot, prec);

cleanup:
    _arb_vec_clear(Fv, n);
    _arb_vec_clear(rd, p);
    _arb_vec_clear(xdot, n + 1);
    jet_vec_clear(w, n, ctx);
    jet_vec_clear(pj, n, ctx);
    jet_vec_clear(pi, p, ctx);
    jet_clear(Lc, ctx);
    jet_clear(tmp, ctx);
    arb_mat_clear(K);
    arb_mat_clear(rhs);
    arb_mat_clear(X);
    arb_clear(s);
    return r;
}
