/* nhdyn_connection.c -- nh_dyn_connection: route 2, the nonholonomic
   affine connection (000 eqs (12)-(15)), with the geometry of lib/geom:
     nabla_v v = lambda - gradV                              000 eq (12)
     lambda = -(nabla_v P_perp)(v) + P_perp gradV            000 eq (15)
   In coordinates, with P_perp v = 0 for v in D:
     (nabla_v P_perp)(v)^i = v^k (d_k P_perp^i_j) v^j - P_perp^i_l Gamma^l(v,v)
     acc^i = -Gamma^i_jk v^j v^k + lambda^i - gradV^i.
   Only for linear time-independent constraints, L = 1/2 G - V, no force
   (nh_model_is_linear_autonomous; nh_geom_compute refuses others). */
#include "nhdyn.h"
#include "geom.h"

int
nh_dyn_connection(arb_ptr acc, arb_ptr lambda, const nh_model_struct *M, arb_srcptr q,
                  arb_srcptr v, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i, j, k;
    jet_ctx_t ctx;
    nh_geom_t g;
    arb_ptr Gvv;
    arb_t s;
    int r;

    if (!nh_model_is_linear_autonomous(M))
        return nh_error_set(err, NH_ERR_MODEL,
                            "route 2 (affine connection) needs linear time-independent constraints and L = 1/2 G - V");
    jet_ctx_init(ctx, n, 1);
    nh_geom_init(g, M, ctx);
    Gvv = _arb_vec_init(n);
    arb_init(s);
    r = nh_geom_compute(g, M, q, 1, ctx, prec, err);
    if (r == NH_OK)
    {
        /* Gamma(v, v) */
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                for (k = 0; k < n; k++)
                {
                    arb_mul(s, v + j, v + k, prec);
                    arb_addmul(Gvv + i, jet_const(NH_GAMMA(g, i, j, k, ctx)), s, prec);
                }
        for (i = 0; i < n; i++)
        {
            /* lambda^i = -v^k d_k P_perp^i_j v^j + P_perp^i_l Gamma^l(v,v) + (P_perp gradV)^i */
            arb_zero(lambda + i);
            for (j = 0; j < n; j++)
            {
                arb_srcptr P = JET_MAT_ENTRY(g->Pperp, i, j, ctx);
                for (k = 0; k < n; k++)
                {
                    arb_mul(s, v + j, v + k, prec);
                    arb_submul(lambda + i, P + jet_ctx_var_index(ctx, k), s, prec);
                }
                arb_addmul(lambda + i, jet_const(P), Gvv + j, prec);
                arb_addmul(lambda + i, jet_const(P), jet_const(JET_MAT_ENTRY(g->gradV, j, 0, ctx)), prec);
            }
        }
        for (i = 0; i < n; i++)
        {
            arb_sub(acc + i, lambda + i, Gvv + i, prec);
            arb_sub(acc + i, acc + i, jet_const(JET_MAT_ENTRY(g->gradV, i, 0, ctx)), prec);
        }
    }
    arb_clear(s);
    _arb_vec_clear(Gvv, n);
    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    return r;
}
