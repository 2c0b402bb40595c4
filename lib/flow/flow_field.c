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
    jet_ctx_clear(f->ctx);
}

#define JE(Mat, i, j, f) JET_MAT_ENTRY(Mat, i, j, (f)->ctx)

int
_nh_flow_field_eval(arb_ptr dv, _nh_flow_field_struct *f, arb_srcptr q, arb_srcptr v,
                   const arb_t eps, nh_error_t err)
{
    slong n = f->n, m = f->m, i, j, k, l, prec = f->prec;
    int st;
    arb_t t;

    for (i = 0; i < n; i++)
        jet_set_var(JET_ENTRY(f->qj, i, f->ctx), q + i, i, f->ctx);
    {
        /* one call (lets and shared subexpressions once per point, issue
           16): G and V at order 1, A and mu_bar read at order 0 */
        nh_model_values_struct mv = {f->G, f->A, NULL, f->mu, NULL, NULL, NULL, f->V, NULL};
        if ((st = nh_model_eval(&mv, f->M, f->qj, 1, f->ctx, prec, err)) != NH_OK)
            return st;
    }

    arb_init(t);
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
        for (l = 0; l < m; l++)
            arb_submul(r, JE(f->A, l, i, f), f->muAv + l, prec);
        for (j = 0; j < n; j++)
            arb_set(arb_mat_entry(f->G0, i, j), JE(f->G, i, j, f));
    }
    arb_clear(t);
    if (!arb_mat_approx_solve(f->sol, f->G0, f->rhs, prec))
        return nh_error_set(err, NH_ERR_MODEL, "full field: metric G is singular at the point");
    for (i = 0; i < n; i++)
        arb_get_mid_arb(dv + i, arb_mat_entry(f->sol, i, 0));
    return NH_OK;
}
