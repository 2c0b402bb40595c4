/* nhdyn_complete.c -- completion of a candidate geodesic extension per
   002 Prop 4 (proof of item 2).  See nh_dyn_complete_ghat in nhdyn.h. */
#include "nhdyn.h"
#include "jet_mat.h"

/* 002 Prop 4, proof of 2: in the frame F = [X_a | X_i] (X_a spanning D,
   X_i spanning D^g), ghat = [[A, B], [B^T, alpha I_k]] with A = (g_ab),
   B = (ghat_ai).  The proof needs alpha != 0, alpha not an eigenvalue of
   C = B^T A^-1 B (non-degeneracy), alpha > -tau_min and alpha >
   mu_max / tau_min (positivity; tau_min = smallest eigenvalue of A,
   mu_max = largest of B^T B).  Since A is certified positive definite
   (Cholesky, arb_mat_spd_inv), 1/tau_min <= tr(A^-1) and mu_max <=
   tr(B^T B), and every eigenvalue of C is <= mu_max / tau_min; so
   alpha = floor(u) + 1 with u an upper bound of tr(B^T B) tr(A^-1)
   satisfies all four conditions (values at the base point; alpha is
   then held constant). */
int
nh_dyn_complete_ghat(jet_mat_t Gh, arb_t alpha, const jet_mat_t F, const jet_mat_t A,
                     const jet_mat_t B, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    slong n = F->r, p = A->r, k = n - p, i, j, ord = ctx->order;
    arb_mat_t A0, Ai;
    arb_t tb, ta, x;
    arf_t u;
    jet_mat_t W, Finv, FinvT, T;
    int status = NH_OK;

    if (F->c != n || A->c != p || B->r != p || B->c != k || k < 0 || Gh->r != n || Gh->c != n)
        return nh_error_set(err, NH_ERR_USAGE, "nh_dyn_complete_ghat: inconsistent shapes "
                            "(F %ld x %ld, A %ld x %ld, B %ld x %ld)", (long) F->r, (long) F->c,
                            (long) A->r, (long) A->c, (long) B->r, (long) B->c);
    arb_mat_init(A0, p, p); arb_mat_init(Ai, p, p);
    arb_init(tb); arb_init(ta); arb_init(x); arf_init(u);
    jet_mat_get_const(A0, A, ctx);
    if (!arb_mat_spd_inv(Ai, A0, prec))
    {
        status = nh_error_set(err, NH_ERR_MODEL, "002 Prop 4: (g_ab) on D not certified "
                              "positive definite at the point");
        goto done;
    }
    arb_mat_trace(ta, Ai, prec);
    for (i = 0; i < p; i++)
        for (j = 0; j < k; j++)
            arb_addmul(tb, jet_const(JET_MAT_ENTRY(B, i, j, ctx)),
                       jet_const(JET_MAT_ENTRY(B, i, j, ctx)), prec);
    arb_mul(x, tb, ta, prec);
    if (!arb_is_finite(x))
    {
        status = nh_error_set(err, NH_ERR_PRECISION, "002 Prop 4: tr(B^T B) tr(A^-1) not finite");
        goto done;
    }
    arb_get_ubound_arf(u, x, prec);
    arf_floor(u, u);
    arf_add_ui(u, u, 1, prec, ARF_RND_UP);
    arb_set_arf(alpha, u);

    jet_mat_init(W, n, n, ctx); jet_mat_init(Finv, n, n, ctx);
    jet_mat_init(FinvT, n, n, ctx); jet_mat_init(T, n, n, ctx);
    for (i = 0; i < p; i++)
    {
        for (j = 0; j < p; j++)
            jet_set(JET_MAT_ENTRY(W, i, j, ctx), JET_MAT_ENTRY(A, i, j, ctx), ctx);
        for (j = 0; j < k; j++)
        {
            jet_set(JET_MAT_ENTRY(W, i, p + j, ctx), JET_MAT_ENTRY(B, i, j, ctx), ctx);
            jet_set(JET_MAT_ENTRY(W, p + j, i, ctx), JET_MAT_ENTRY(B, i, j, ctx), ctx);
        }
    }
    for (j = 0; j < k; j++)
        jet_set_arb(JET_MAT_ENTRY(W, p + j, p + j, ctx), alpha, ctx);
    /* natural coordinates: qdot = F w, so ghat_nat = F^-T W F^-1 */
    if (jet_mat_inv(Finv, F, ord, ctx, prec) != NH_OK)
        status = nh_error_set(err, NH_ERR_MODEL, "002 Prop 4: frame [X_a | X_i] not "
                              "certified invertible at the point");
    else
    {
        jet_mat_transpose(FinvT, Finv, ctx);
        jet_mat_mul(T, W, Finv, ord, ctx, prec);
        jet_mat_mul(Gh, FinvT, T, ord, ctx, prec);
    }
    jet_mat_clear(W, ctx); jet_mat_clear(Finv, ctx);
    jet_mat_clear(FinvT, ctx); jet_mat_clear(T, ctx);
done:
    arb_mat_clear(A0); arb_mat_clear(Ai);
    arb_clear(tb); arb_clear(ta); arb_clear(x); arf_clear(u);
    return status;
}
