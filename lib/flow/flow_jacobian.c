/* flow_jacobian.c -- the full friction field and its exact Jacobians
   from jets (flow.h). */
#include "impl.h"

/* Paper 000 eqs (39)-(40): f = -Gamma(v,v) - grad V - (1/eps) FR_sharp v.
   With the geometry as jets in dq at order ord = 2 (so that Gamma and
   grad V, which carry one derivative of G and V, are exact to degree 1,
   geom.h), the degree-1 coefficients of a jet X(q0 + dq) are exactly
   dX/dq^k (q0), hence
     df^i/dq^k = -dGamma^i_{jl}/dq^k v^j v^l - d(grad V)^i/dq^k
                 - (1/eps) dFR_sharp^i_j/dq^k v^j,
     df^i/dv^j = -2 Gamma^i_{jl} v^l - (1/eps) FR_sharp^i_j
   (Gamma^i_{jl} symmetric in j, l, eq (5)).  When only f is wanted the
   geometry is computed at order 1. */
int
nh_flow_full_jacobian(arb_ptr f, arb_mat_t fq, arb_mat_t fv,
                     const nh_model_struct *M, const arb_t eps,
                     arb_srcptr q, arb_srcptr v, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i, j, l, k, ord = (fq != NULL) ? 2 : 1;
    jet_ctx_t ctx;
    nh_geom_t g;
    arb_t t, ieps;
    slong *vi;
    int status;

    jet_ctx_init(ctx, n, ord);
    nh_geom_init(g, M, ctx);
    status = nh_geom_compute(g, M, q, ord, ctx, prec, err);
    if (status != NH_OK)
        goto done;
    arb_init(t);
    arb_init(ieps);
    arb_inv(ieps, eps, prec);
    vi = flint_malloc(sizeof(slong) * n);
    for (k = 0; k < n; k++)
        vi[k] = jet_ctx_var_index(ctx, k);

    for (i = 0; i < n; i++)
    {
        /* f */
        arb_neg(f + i, JET_ENTRY(g->gradV->entries, i, ctx));
        for (j = 0; j < n; j++)
        {
            arb_ptr gij = NULL;
            for (l = 0; l < n; l++)
            {
                gij = NH_GAMMA(g, i, j, l, ctx);
                arb_mul(t, gij, v + j, prec);
                arb_submul(f + i, t, v + l, prec);
            }
            arb_mul(t, JET_MAT_ENTRY(g->FRs, i, j, ctx), v + j, prec);
            arb_mul(t, t, ieps, prec);
            arb_sub(f + i, f + i, t, prec);
        }
        /* fv */
        if (fv != NULL)
            for (j = 0; j < n; j++)
            {
                arb_ptr e = arb_mat_entry(fv, i, j);
                arb_mul(e, JET_MAT_ENTRY(g->FRs, i, j, ctx), ieps, prec);
                arb_neg(e, e);
                for (l = 0; l < n; l++)
                {
                    arb_mul(t, NH_GAMMA(g, i, j, l, ctx), v + l, prec);
                    arb_submul_si(e, t, 2, prec);
                }
            }
        /* fq */
        if (fq != NULL)
            for (k = 0; k < n; k++)
            {
                arb_ptr e = arb_mat_entry(fq, i, k);
                arb_neg(e, JET_ENTRY(g->gradV->entries, i, ctx) + vi[k]);
                for (j = 0; j < n; j++)
                {
                    for (l = 0; l < n; l++)
                    {
                        arb_mul(t, NH_GAMMA(g, i, j, l, ctx) + vi[k], v + j, prec);
                        arb_submul(e, t, v + l, prec);
                    }
                    arb_mul(t, JET_MAT_ENTRY(g->FRs, i, j, ctx) + vi[k], v + j, prec);
                    arb_mul(t, t, ieps, prec);
                    arb_sub(e, e, t, prec);
                }
            }
    }
    flint_free(vi);
    arb_clear(t);
    arb_clear(ieps);
done:
    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    return status;
}
