/* flow_field.c -- fast evaluation of the full friction field (paper 000
   (39)-(40)) in Lagrangian form; see flow/impl.h. */
#include "impl.h"

void
_nh_flow_field_init(_nh_flow_field_struct *f, const nh_model_struct *M, slong prec)
{
    slong i;
    f->M = M;
    f->prec = prec;
    f->n = nh_model_n(M);
    f->m = nh_model_m(M);
    jet_ctx_init(f->ctx, f->n, 1);
    f->qj = jet_vec_init(f->n, f->ctx);
    f->V = jet_init(f->ctx);
    jet_mat_init(f->G, f->n, f->n, f->ctx);
    jet_mat_init(f->A, f->m, f->n, f->ctx);
    jet_mat_init(f->mu, f->m, f->m, f->ctx);
    arb_mat_init(f->G0, f->n, f->n);
    arb_mat_init(f->rhs, f->n, 1);
    arb_mat_init(f->sol, f->n, 1);
    f->Av = _arb_vec_init(f->m);
    f->muAv = _arb_vec_init(f->m);
    f->var = flint_malloc(f->n * sizeof(slong));
    for (i = 0; i < f->n; i++)
        f->var[i] = jet_ctx_var_index(f->ctx, i);
    jet_mat_init(f->X, f->n, f->m, f->ctx);
    jet_mat_init(f->At, f->n, f->m, f->ctx);
    jet_mat_init(f->S, f->m, f->m, f->ctx);
    jet_mat_init(f->Y, f->m, f->n, f->ctx);
    jet_mat_init(f->P, f->n, f->n, f->ctx);
    f->v = _arb_vec_init(f->n);
    f->F = _arb_vec_init(f->n);
}

void
_nh_flow_field_clear(_nh_flow_field_struct *f)
{
    jet_vec_clear(f->qj, f->n, f->ctx);
    jet_clear(f->V, f->ctx);
    jet_mat_clear(f->G, f->ctx);
    jet_mat_clear(f->A, f->ctx);
    jet_mat_clear(f->mu, f->ctx);
    arb_mat_clear(f->G0);
    arb_mat_clear(f->rhs);
    arb_mat_clear(f->sol);
    _arb_vec_clear(f->Av, f->m);
    _arb_vec_clear(f->muAv, f->m);
    flint_free(f->var);
    jet_mat_clear(f->X, f->ctx);
    jet_mat_clear(f->At, f->ctx);
    jet_mat_clear(f->S, f->ctx);
    jet_mat_clear(f->Y, f->ctx);
    jet_mat_clear(f->P, f->ctx);
    _arb_vec_clear(f->v, f->n);
    _arb_vec_clear(f->F, f->n);
    jet_ctx_clear(f->ctx);
}

#define JE(Mat, i, j, f) JET_MAT_ENTRY(Mat, i, j, (f)->ctx)

/* G, A (order 0 used), V and, when wanted, mu_bar at q as first-order
   jets: one nh_model_eval call (lets and shared subexpressions once per
   point, issue 16). */
static int
field_model(_nh_flow_field_struct *f, arb_srcptr q, int with_mu, nh_error_t err)
{
    slong i;
    nh_model_values_struct mv = {f->G, f->A, NULL, with_mu ? f->mu : NULL, NULL, NULL, NULL,
                                 f->V, NULL};
    for (i = 0; i < f->n; i++)
        jet_set_var(JET_ENTRY(f->qj, i, f->ctx), q + i, i, f->ctx);
    return nh_model_eval(&mv, f->M, f->qj, 1, f->ctx, f->prec, err);
}

/* out = G^-1 rhs with rhs_i = sum_jk v^j v^k (1/2 d_i G_jk - d_j G_ik)
   - d_i V - fr_i (fr: n balls or NULL), i.e. -Gamma(v,v) - grad V -
   G^-1 fr (midpoints). */
static int
field_lagrange(arb_ptr out, _nh_flow_field_struct *f, arb_srcptr v, arb_srcptr fr,
               nh_error_t err)
{
    slong n = f->n, i, j, k, prec = f->prec;
    arb_t t;
    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_ptr r = arb_mat_entry(f->rhs, i, 0);
        arb_zero(r);
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
            {
                arb_mul(t, v + j, v + k, prec);
                arb_submul(r, t, JE(f->G, i, k, f) + f->var[j], prec);
                arb_mul_2exp_si(t, t, -1);
                arb_addmul(r, t, JE(f->G, j, k, f) + f->var[i], prec);
            }
        arb_sub(r, r, f->V + f->var[i], prec);
        if (fr != NULL)
            arb_sub(r, r, fr + i, prec);
        for (j = 0; j < n; j++)
            arb_set(arb_mat_entry(f->G0, i, j), JE(f->G, i, j, f));
    }
    arb_clear(t);
    if (!arb_mat_approx_solve(f->sol, f->G0, f->rhs, prec))
        return nh_error_set(err, NH_ERR_MODEL, "full field: metric G is singular at the point");
    for (i = 0; i < n; i++)
        arb_get_mid_arb(out + i, arb_mat_entry(f->sol, i, 0));
    return NH_OK;
}

int
_nh_flow_field_eval(arb_ptr dv, _nh_flow_field_struct *f, arb_srcptr q, arb_srcptr v,
                   const arb_t eps, nh_error_t err)
{
    slong n = f->n, m = f->m, i, j, k, l, prec = f->prec;
    arb_ptr fr;
    int st;

    if ((st = field_model(f, q, 1, err)) != NH_OK)
        return st;
    for (l = 0; l < m; l++)
    {
        arb_zero(f->Av + l);
        for (j = 0; j < n; j++)
            arb_addmul(f->Av + l, JE(f->A, l, j, f), v + j, prec);
    }
    for (l = 0; l < m; l++)
    {
        arb_zero(f->muAv + l);
        for (k = 0; k < m; k++)
            arb_addmul(f->muAv + l, JE(f->mu, l, k, f), f->Av + k, prec);
        arb_div(f->muAv + l, f->muAv + l, eps, prec);
    }
    fr = _arb_vec_init(n);                   /* A^T mu_bar A v / eps */
    for (i = 0; i < n; i++)
        for (l = 0; l < m; l++)
            arb_addmul(fr + i, JE(f->A, l, i, f), f->muAv + l, prec);
    st = field_lagrange(dv, f, v, fr, err);
    _arb_vec_clear(fr, n);
    return st;
}

int
_nh_flow_rfield_eval(arb_ptr qdot, arb_ptr vDdot, _nh_flow_field_struct *f, arb_srcptr q,
                     arb_srcptr vD, arb_srcptr h, slong k, const arb_t eps, nh_error_t err)
{
    slong n = f->n, m = f->m, i, j, l, prec = f->prec;
    arb_t t, c;
    int st;

    if ((st = field_model(f, q, 0, err)) != NH_OK)
        return st;
    arb_init(t);
    arb_init(c);
    _arb_vec_set(f->v, vD, n);               /* v = vD + sum eps^j h^(j) */
    _nh_flow_eps_series(f->v, h, k, eps, 1, n, prec);
    st = field_lagrange(f->F, f, f->v, NULL, err);          /* F */
    if (st == NH_OK && m > 0)
    {
        jet_mat_transpose(f->At, f->A, f->ctx);
        st = jet_mat_solve(f->X, f->G, f->At, 1, f->ctx, prec);       /* G^-1 A^T */
        if (st == NH_OK)
        {
            jet_mat_mul(f->S, f->A, f->X, 1, f->ctx, prec);            /* S */
            st = jet_mat_solve(f->Y, f->S, f->A, 1, f->ctx, prec);     /* S^-1 A */
        }
        if (st == NH_OK)
            jet_mat_mul(f->P, f->X, f->Y, 1, f->ctx, prec);            /* P_perp */
        else
            st = nh_error_set(err, NH_ERR_MODEL,
                              "reduced field: G or S = A G^-1 A^T singular at the point");
    }
    for (i = 0; i < n && st == NH_OK; i++)
    {
        /* (P F)_i + (dP[v] v)_i with P = I - P_perp */
        arb_set(c, f->F + i);
        for (j = 0; j < n && m > 0; j++)
        {
            arb_submul(c, JE(f->P, i, j, f), f->F + j, prec);
            for (l = 0; l < n; l++)
            {
                arb_mul(t, JE(f->P, i, j, f) + f->var[l], f->v + l, prec);
                arb_submul(c, t, f->v + j, prec);
            }
        }
        arb_get_mid_arb(vDdot + i, c);
    }
    if (st == NH_OK)
        _arb_vec_set(qdot, f->v, n);
    arb_clear(t);
    arb_clear(c);
    return st;
}
