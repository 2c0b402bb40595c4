/* nhdyn_geodesic.c -- nh_dyn_geodesic: route 4 (002), the geodesic
   acceleration of a candidate metric ghat, to be compared with the
   nonholonomic acceleration on D (ghat is a geodesic extension of the
   nonholonomic system (g, D) of 002 Def 1 / Lemma 2 iff the two agree for
   every v in D).  Geodesic equation of L = 1/2 ghat(v, v) (Euler-Lagrange,
   as route 1 with m = 0):
     ghat_ij acc^j = -(d_k ghat_ij) v^k v^j + 1/2 (d_i ghat_jk) v^j v^k
   ghat may be indefinite (pseudo-Riemannian, e.g. 002's metric of [9]);
   it must be certified invertible. */
#include "nhdyn.h"

int
nh_dyn_geodesic(arb_ptr acc, const jet_mat_t Gh, const jet_ctx_t ctx, arb_srcptr v,
                slong n, slong prec, nh_error_t err)
{
    slong i, j, k;
    arb_mat_t K, rhs, X;
    arb_t s;
    int r = NH_OK;

    arb_mat_init(K, n, n);
    arb_mat_init(rhs, n, 1);
    arb_mat_init(X, n, 1);
    arb_init(s);
    for (i = 0; i < n; i++)
    {
        arb_ptr f = arb_mat_entry(rhs, i, 0);
        for (j = 0; j < n; j++)
        {
            arb_set(arb_mat_entry(K, i, j), jet_const(JET_MAT_ENTRY(Gh, i, j, ctx)));
            for (k = 0; k < n; k++)
            {
                arb_mul(s, v + j, v + k, prec);
                arb_submul(f, JET_MAT_ENTRY(Gh, i, j, ctx) + jet_ctx_var_index(ctx, k), s, prec);
                arb_mul_2exp_si(s, s, -1);
                arb_addmul(f, JET_MAT_ENTRY(Gh, j, k, ctx) + jet_ctx_var_index(ctx, i), s, prec);
            }
        }
    }
    if (!arb_mat_solve(X, K, rhs, prec))
        r = nh_error_set(err, NH_ERR_MODEL, "route 4 (geodesic): ghat is not certified invertible at this point");
    else
        for (i = 0; i < n; i++)
            arb_set(acc + i, arb_mat_entry(X, i, 0));
    arb_mat_clear(K);
    arb_mat_clear(rhs);
    arb_mat_clear(X);
    arb_clear(s);
    return r;
}
