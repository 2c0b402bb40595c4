/*
 * quantity_lagrangian.c -- the Lagrangian of a model and what 003 Sec
 * 3 builds from it at a point (q, t, v) given as balls: L, its fibre
 * derivative FL = dL/dqdot (003 eq (3.2)), the energy E_L = FL(v) - L
 * (003 Sec 3.2), the Euler-Lagrange expression d/dt dL/dqdot - dL/dq
 * along a curve with acceleration acc (the variational derivative of
 * 003 Prop 3.2 is -EL(eta)), and the constraint residual A v + b
 * (lib/quantity.h, nh_quantity_lagrangian).
 */
#include "impl.h"

void
nh_quantity_lagr_init(nh_quantity_lagr_struct *out, slong n, slong m)
{
    out->n = n;
    out->m = m;
    arb_init(out->L);
    arb_init(out->E);
    out->FL = _arb_vec_init(n);
    out->EL = _arb_vec_init(n);
    out->res = _arb_vec_init(FLINT_MAX(m, 1));
}

void
nh_quantity_lagr_clear(nh_quantity_lagr_struct *out)
{
    arb_clear(out->L);
    arb_clear(out->E);
    _arb_vec_clear(out->FL, out->n);
    _arb_vec_clear(out->EL, out->n);
    _arb_vec_clear(out->res, FLINT_MAX(out->m, 1));
}

/* d_K of a jet (K < n + 1): its degree-1 coefficient. */
#define DK(x, K) ((x) + jet_ctx_var_index(ctx, (K)))

/* EL_i = G_ij a^j + (d_k G_ij v^k + d_t G_ij) v^j + d_k Delta_i v^k
   + d_t Delta_i - 1/2 d_i G_jk v^j v^k - d_i Delta_j v^j + d_i V. */
static void
euler_lagrange(arb_ptr EL, const jet_mat_t G, const jet_mat_t D, arb_srcptr V, arb_srcptr v,
               arb_srcptr a, slong n, const jet_ctx_t ctx, slong p)
{
    slong i, j, k;
    arb_t s, w;
    arb_init(s);
    arb_init(w);
    for (i = 0; i < n; i++)
    {
        arb_ptr e = EL + i;
        arb_set(e, DK(V, i));
        arb_add(e, e, DK(JET_MAT_ENTRY(D, i, 0, ctx), n), p);
        for (j = 0; j < n; j++)
        {
            arb_srcptr Gij = JET_MAT_ENTRY(G, i, j, ctx);
            arb_addmul(e, Gij, a + j, p);
            arb_set(w, DK(Gij, n));
            for (k = 0; k < n; k++)
                arb_addmul(w, DK(Gij, k), v + k, p);
            arb_addmul(e, w, v + j, p);
            arb_addmul(e, DK(JET_MAT_ENTRY(D, i, 0, ctx), j), v + j, p);
            arb_submul(e, DK(JET_MAT_ENTRY(D, j, 0, ctx), i), v + j, p);
            for (k = 0; k < n; k++)
            {
                arb_mul(s, DK(JET_MAT_ENTRY(G, j, k, ctx), i), v + j, p);
                arb_mul(s, s, v + k, p);
                arb_mul_2exp_si(s, s, -1);
                arb_sub(e, e, s, p);
            }
        }
    }
    arb_clear(s);
    arb_clear(w);
}

/* L, FL, E from the values of G, Delta, V. */
static void
energies(nh_quantity_lagr_struct *out, const jet_mat_t G, const jet_mat_t D, arb_srcptr V,
         arb_srcptr v, slong n, const jet_ctx_t ctx, slong p)
{
    slong i, j;
    arb_t K;
    arb_init(K);
    for (i = 0; i < n; i++)
    {
        arb_set(out->FL + i, JET_MAT_ENTRY(D, i, 0, ctx));
        for (j = 0; j < n; j++)
            arb_addmul(out->FL + i, JET_MAT_ENTRY(G, i, j, ctx), v + j, p);
    }
    /* K = G(v, v) = (FL - Delta)(v) */
    arb_zero(K);
    arb_zero(out->E);
    for (i = 0; i < n; i++)
    {
        arb_addmul(out->E, out->FL + i, v + i, p);
        arb_submul(K, JET_MAT_ENTRY(D, i, 0, ctx), v + i, p);
    }
    arb_add(K, K, out->E, p);
    arb_mul_2exp_si(K, K, -1);
    /* L = 1/2 G(v, v) + Delta(v) - V, E_L = FL(v) - L = 1/2 G(v, v) + V */
    arb_sub(out->L, out->E, K, p);
    arb_sub(out->L, out->L, V, p);
    arb_add(out->E, K, V, p);
    arb_clear(K);
}

int
nh_quantity_lagrangian(nh_quantity_lagr_struct *out, const nh_model_struct *M, arb_srcptr q,
                       const arb_t t, arb_srcptr v, arb_srcptr acc, slong p, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i, j, ord = acc != NULL ? 1 : 0;
    jet_ctx_t ctx;
    jet_mat_t G, D, A, b;
    arb_ptr qj, V;
    int r;
    jet_ctx_init(ctx, n + 1, ord);
    qj = jet_vec_init(n + 1, ctx);
    V = jet_init(ctx);
    jet_mat_init(G, n, n, ctx);
    jet_mat_init(D, n, 1, ctx);
    jet_mat_init(A, m, n, ctx);
    jet_mat_init(b, m, 1, ctx);
    for (i = 0; i <= n; i++)
    {
        if (ord > 0)
            jet_set_var(JET_ENTRY(qj, i, ctx), i < n ? q + i : t, i, ctx);
        else
            arb_set(JET_ENTRY(qj, i, ctx), i < n ? q + i : t);
    }
    r = nh_model_eval_metric(G, M, qj, ord, ctx, p, err);
    if (r == NH_OK)
        r = nh_model_eval_oneform(D, M, qj, ord, ctx, p, err);
    if (r == NH_OK)
        r = nh_model_eval_potential(V, M, qj, ord, ctx, p, err);
    if (r == NH_OK && m > 0)
        r = nh_model_eval_constraints(A, M, qj, 0, ctx, p, err);
    if (r == NH_OK && m > 0)
        r = nh_model_eval_constraints_dt(b, M, qj, 0, ctx, p, err);
    if (r == NH_OK)
    {
        energies(out, G, D, V, v, n, ctx, p);
        if (acc != NULL)
            euler_lagrange(out->EL, G, D, V, v, acc, n, ctx, p);
        for (i = 0; i < m; i++)
        {
            arb_set(out->res + i, JET_MAT_ENTRY(b, i, 0, ctx));
            for (j = 0; j < n; j++)
                arb_addmul(out->res + i, JET_MAT_ENTRY(A, i, j, ctx), v + j, p);
        }
    }
    jet_mat_clear(G, ctx);
    jet_mat_clear(D, ctx);
    jet_mat_clear(A, ctx);
    jet_mat_clear(b, ctx);
    jet_clear(V, ctx);
    jet_vec_clear(qj, n + 1, ctx);
    jet_ctx_clear(ctx);
    return r;
}
