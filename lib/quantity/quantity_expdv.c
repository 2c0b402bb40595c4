/*
 * quantity_expdv.c -- the tangent map of the nonholonomic exponential
 * map at a finite velocity (002 Sec 6, issue 21): T_v exp^nh_q on D_q
 * from the certified first variation of the time-1 nonholonomic flow
 * (nh_flow_certified_variation, lib/flow.h), and the residuals of the
 * Gauss-type condition of 002 Props 7 and 9 for a candidate metric ghat.
 */
#include "impl.h"
#include "flow.h"

/* ghat (n x n balls, row-major) at the ball point q (impl.h). */
int
_nh_quantity_ghat_at(arb_ptr Gh, const nh_model_struct *ghat, arb_srcptr q, slong n,
                     slong prec, nh_error_t err)
{
    jet_ctx_t ctx;
    jet_mat_t G;
    arb_ptr qj;
    slong i;
    int r;

    jet_ctx_init(ctx, n, 1);
    qj = jet_vec_init(n, ctx);
    jet_mat_init(G, n, n, ctx);
    for (i = 0; i < n; i++)
        jet_set_var(JET_ENTRY(qj, i, ctx), q + i, i, ctx);
    r = nh_model_eval_metric(G, ghat, qj, 1, ctx, prec, err);
    if (r == NH_OK)
        _nh_quantity_mat_const(Gh, G, ctx);
    jet_mat_clear(G, ctx);
    jet_vec_clear(qj, n, ctx);
    jet_ctx_clear(ctx);
    return r;
}

/* x^T Gh y for n-vectors x, y (x with stride xs, y with stride ys) (impl.h). */
void
_nh_quantity_bilinear(arb_t res, arb_srcptr Gh, arb_srcptr x, slong xs, arb_srcptr y, slong ys,
                      slong n, slong prec)
{
    slong i, j;
    arb_t t;

    arb_init(t);
    arb_zero(res);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
        {
            arb_mul(t, Gh + i * n + j, x + i * xs, prec);
            arb_addmul(res, t, y + j * ys, prec);
        }
    arb_clear(t);
}

/* The Gauss-type residuals of 002 Prop 7 from T_v exp (dv, n x p), the
   frame X (Y0's velocity rows, stride p), v, and the end point q1. */
static int
gauss_residuals(arb_ptr gauss, const nh_model_struct *ghat, arb_srcptr dv, arb_srcptr X,
                arb_srcptr q, arb_srcptr q1, arb_srcptr v, const slong *indep, slong n,
                slong p, slong prec, nh_error_t err)
{
    arb_ptr G0 = _arb_vec_init(n * n), G1 = _arb_vec_init(n * n), Tv = _arb_vec_init(n);
    arb_t a, b;
    slong i, c;
    int r;

    arb_init(a);
    arb_init(b);
    r = _nh_quantity_ghat_at(G0, ghat, q, n, prec, err);
    if (r == NH_OK)
        r = _nh_quantity_ghat_at(G1, ghat, q1, n, prec, err);
    /* T_v exp(v) = v^a T_v exp(X_a), v^a the independent components */
    for (i = 0; i < n && r == NH_OK; i++)
        for (c = 0; c < p; c++)
            arb_addmul(Tv + i, v + indep[c], dv + i * p + c, prec);
    for (c = 0; c < p && r == NH_OK; c++)
    {
        _nh_quantity_bilinear(a, G1, Tv, 1, dv + c, p, n, prec);
        _nh_quantity_bilinear(b, G0, v, 1, X + c, p, n, prec);
        arb_sub(gauss + c, a, b, prec);
    }
    arb_clear(a);
    arb_clear(b);
    _arb_vec_clear(G0, n * n);
    _arb_vec_clear(G1, n * n);
    _arb_vec_clear(Tv, n);
    return r;
}

int
nh_quantity_exp_dv(arb_ptr dv, arb_ptr gauss, const nh_model_struct *M,
                   const nh_model_struct *ghat, arb_srcptr q, arb_srcptr v, const slong *dep,
                   slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m, i, c, nu;
    arb_ptr Y0 = _arb_vec_init(2 * n * p), Y = _arb_vec_init(2 * n * p),
        q1 = _arb_vec_init(n), v1 = _arb_vec_init(n), T = _arb_vec_init(1);
    nh_taylor_opts_t o;
    nh_dyn_t D;
    arb_t t;
    int r;

    arb_init(t);
    nh_dyn_init(D, M);
    r = nh_dyn_set_point(D, M, q, t, dep, prec, err);
    /* Y0 = (0, X_a(q)): X_a = d_{r^a} + a^nu_a d_{s^nu} (002 Sec 4, nh_dyn_frame) */
    for (c = 0; c < p && r == NH_OK; c++)
    {
        arb_one(Y0 + (n + D->indep[c]) * p + c);
        for (nu = 0; nu < m; nu++)
            arb_set(Y0 + (n + D->dep[nu]) * p + c,
                    NH_DYN_VAL(JET_MAT_ENTRY(D->a_mat, nu, c, D->ctx)));
    }
    arb_one(T);
    nh_taylor_opts_init(o);
    if (r == NH_OK)
        r = nh_flow_certified_variation(q1, v1, Y, M, NH_FLOW_NH, NULL, q, v, Y0, p, T, 1,
                                        o, NULL, prec, err);
    if (r == NH_OK)
        for (i = 0; i < n * p; i++)
            arb_set(dv + i, Y + i);
    if (r == NH_OK && gauss != NULL)
        r = gauss_residuals(gauss, ghat, Y, Y0 + n * p, q, q1, v, D->indep, n, p, prec, err);
    nh_dyn_clear(D);
    arb_clear(t);
    _arb_vec_clear(Y0, 2 * n * p);
    _arb_vec_clear(Y, 2 * n * p);
    _arb_vec_clear(q1, n);
    _arb_vec_clear(v1, n);
    _arb_vec_clear(T, 1);
    return r;
}
