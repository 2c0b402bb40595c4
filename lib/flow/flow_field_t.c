/* flow_field_t.c -- the full friction field of a time-dependent, affine
   model (issue 19, proofs/020 eq (A1) and the equations of motion after
   it) and its Jacobians, from jets; see flow/impl.h. */
#include "impl.h"

#define JJ(v, k, f) ((v) + (k) * (f)->ctx->len)

void
_nh_flow_gfield_init(_nh_flow_gfield_struct *f, const nh_model_struct *M, int jac, slong prec)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    _nh_flow_obj *o = &f->o;

    f->M = M;
    f->n = n;
    f->m = m;
    f->prec = prec;
    f->jac = jac;
    /* variables z_q (n), z_t (1), and z_v (n) for the Jacobians */
    jet_ctx_init(f->ctx, jac ? 2 * n + 1 : n + 1, jac ? 2 : 1);
    f->qt = jet_vec_init(n + 1, f->ctx);
    f->vj = jet_vec_init(n, f->ctx);
    f->r = jet_vec_init(m, f->ctx);
    f->force = jet_vec_init(n, f->ctx);
    f->V = jet_init(f->ctx);
    jet_mat_init(f->G, n, n, f->ctx);
    jet_mat_init(f->A, m, n, f->ctx);
    jet_mat_init(f->b, m, 1, f->ctx);
    jet_mat_init(f->mu, m, m, f->ctx);
    jet_mat_init(f->D, n, 1, f->ctx);
    jet_mat_init(f->F, n, 1, f->ctx);
    jet_mat_init(f->C, n, n, f->ctx);
    jet_mat_init(f->rhs, n, 1, f->ctx);
    o->n = n;
    o->m = m;
    o->len = f->ctx->len;
    o->dG = jet_vec_init((n + 1) * n * n, f->ctx);
    o->dV = jet_vec_init(n + 1, f->ctx);
    o->dD = jet_vec_init((n + 1) * n, f->ctx);
}

void
_nh_flow_gfield_clear(_nh_flow_gfield_struct *f)
{
    slong n = f->n, m = f->m;
    jet_vec_clear(f->qt, n + 1, f->ctx);
    jet_vec_clear(f->vj, n, f->ctx);
    jet_vec_clear(f->r, m, f->ctx);
    jet_vec_clear(f->force, n, f->ctx);
    jet_clear(f->V, f->ctx);
    jet_mat_clear(f->G, f->ctx);
    jet_mat_clear(f->A, f->ctx);
    jet_mat_clear(f->b, f->ctx);
    jet_mat_clear(f->mu, f->ctx);
    jet_mat_clear(f->D, f->ctx);
    jet_mat_clear(f->F, f->ctx);
    jet_mat_clear(f->C, f->ctx);
    jet_mat_clear(f->rhs, f->ctx);
    jet_vec_clear(f->o.dG, (n + 1) * n * n, f->ctx);
    jet_vec_clear(f->o.dV, n + 1, f->ctx);
    jet_vec_clear(f->o.dD, (n + 1) * n, f->ctx);
    jet_ctx_clear(f->ctx);
}

/* The model's objects at (q + z_q, t + z_t), one nh_model_eval call (lets
   shared, issue 16), and their first partials d_l (l < n: q^l, l = n: t)
   by jet_derivative (exact to degree order - 1 of the context). */
static int
gfield_objects(_nh_flow_gfield_struct *f, const arb_t t, arb_srcptr q, nh_error_t err)
{
    slong n = f->n, i, l, prec = f->prec;
    _nh_flow_obj *o = &f->o;
    nh_model_values_struct mv = {f->G, f->A, f->b, f->mu, f->D, f->F, f->C, f->V, NULL};
    int rc;

    for (i = 0; i < n; i++)
        jet_set_var(JJ(f->qt, i, f), q + i, i, f->ctx);
    jet_set_var(JJ(f->qt, n, f), t, n, f->ctx);
    rc = nh_model_eval(&mv, f->M, f->qt, f->ctx->order, f->ctx, prec, err);
    if (rc != NH_OK)
        return rc;
    o->G = f->G->entries;
    o->A = f->A->entries;
    o->b = f->b->entries;
    o->mu = f->mu->entries;
    o->D = f->D->entries;
    o->F = f->F->entries;
    o->C = f->C->entries;
    o->V = f->V;
    for (l = 0; l <= n; l++)
    {
        for (i = 0; i < n * n; i++)
            jet_derivative(JJ(o->dG, l * n * n + i, f), JJ(o->G, i, f), l, f->ctx, prec);
        for (i = 0; i < n; i++)
            jet_derivative(JJ(o->dD, l * n + i, f), JJ(o->D, i, f), l, f->ctx, prec);
        jet_derivative(JJ(o->dV, l, f), o->V, l, f->ctx, prec);
    }
    return NH_OK;
}

int
_nh_flow_gfield_eval(arb_ptr dv, arb_mat_t fq, arb_mat_t fv, _nh_flow_gfield_struct *f,
                     const arb_t t, arb_srcptr q, arb_srcptr v, const arb_t eps,
                     nh_error_t err)
{
    slong n = f->n, m = f->m, i, k, prec = f->prec, ord = f->jac ? 1 : 0;
    _nh_flow_obj *o = &f->o;
    arb_ptr x;
    arb_t ie;
    int rc;

    rc = gfield_objects(f, t, q, err);
    if (rc != NH_OK)
        return rc;
    for (i = 0; i < n; i++)
    {
        if (f->jac)
            jet_set_var(JJ(f->vj, i, f), v + i, n + 1 + i, f->ctx);
        else
            jet_set_arb(JJ(f->vj, i, f), v + i, f->ctx);
    }
    _nh_flow_lagrange_force(f->force, o, f->vj, ord, f->ctx, prec);
    /* r = mu_bar (A v + b) / eps;  rhs = f - A^T r */
    arb_init(ie);
    arb_inv(ie, eps, prec);
    x = jet_init(f->ctx);
    for (i = 0; i < m; i++)
    {
        jet_dot(x, JJ(o->A, i * n, f), f->ctx->len, f->vj, f->ctx->len, n, ord, f->ctx, prec);
        jet_add(JJ(f->r, i, f), x, JJ(o->b, i, f), f->ctx, prec);
    }
    for (i = 0; i < m; i++)
    {
        jet_dot(x, JJ(o->mu, i * m, f), f->ctx->len, f->r, f->ctx->len, m, ord, f->ctx, prec);
        jet_scalar_mul(x, x, ie, f->ctx, prec);
        for (k = 0; k < n; k++)
            jet_submul(JJ(f->force, k, f), JJ(o->A, i * n + k, f), x, ord, f->ctx, prec);
    }
    jet_clear(x, f->ctx);
    arb_clear(ie);
    for (i = 0; i < n; i++)
        jet_set(JET_MAT_ENTRY(f->rhs, i, 0, f->ctx), JJ(f->force, i, f), f->ctx);
    if (jet_mat_solve(f->rhs, f->G, f->rhs, ord, f->ctx, prec) != NH_OK)
        return nh_error_set(err, NH_ERR_MODEL, "full field: metric G is singular at t = %g",
                            arf_get_d(arb_midref(t), ARF_RND_NEAR));
    for (i = 0; i < n; i++)
    {
        arb_srcptr a = JET_MAT_ENTRY(f->rhs, i, 0, f->ctx);
        arb_get_mid_arb(dv + i, a);
        for (k = 0; k < n && fq != NULL; k++)
            arb_set(arb_mat_entry(fq, i, k), a + jet_ctx_var_index(f->ctx, k));
        for (k = 0; k < n && fv != NULL; k++)
            arb_set(arb_mat_entry(fv, i, k), a + jet_ctx_var_index(f->ctx, n + 1 + k));
    }
    return NH_OK;
}
