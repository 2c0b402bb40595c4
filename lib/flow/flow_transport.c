/*
 * flow_transport.c -- nh_flow_certified_transport (flow.h, issue 21):
 * the nonholonomic trajectory c(t), the parallel transport W(t) of
 * vectors of D^g_q by the connection nabla-bar of 002 Sec 6, and the
 * integral I(t) = int_0^t lambda(W) ds of the multiplier one-form along
 * them, integrated as ONE system by the validated Taylor integrator
 * (lib/taylor.h), as nh_flow_certified_variation does for Y.
 *
 * Coordinate form of the transport (own derivation, doc/flow.md "The
 * transport of 002 Sec 6"): nabla-bar_X Y = Q([X, Y]) for X in D, Y in
 * D^g (002 Sec 6, the D^g part of the connection of [28] Thm 2.2: in the
 * frame nabla-bar_{X_a} X_i = R^k_ai X_k), Q = P_perp the G-orthogonal
 * projection onto D^g.  Along c with c' in D, extending c' by X = P(.) c'
 * and W by any section, nabla-bar_c' W = Q W' + Q (d_W Q) c' = Q W' +
 * (d_W Q) c' (Q (dQ) u = (dQ) u for u in D, from Q^2 = Q), and Q W' =
 * W' - (d_c' Q) W (from Q W = W), so nabla-bar_c' W = 0 is the linear ODE
 *   W' = (d_c' Q) W - (d_W Q) c',                                (T1)
 * which keeps D^g invariant; in the frame W = W^j X_j it is 002 Sec 6's
 * W'^i = -R^i_aj V^a W^j.  Since nabla-bar_c' h = lambda, h annihilates D
 * (h_c = 0, 002 Sec 6) and nabla-bar_c' W = 0, d/dt h(W) = lambda(W), so
 * h(t)(W(t)) = I(t) with
 *   I' = rho(W),  rho = G a - f = A^T mult,                      (T2)
 * rho the Lagrange-d'Alembert reaction (flow.h NH_FLOW_NH: G a = f +
 * A^T lambda): 002's lambda_i = Gamma_(L,D)(X_i^V L) - X_i^C L is the
 * Euler-Lagrange expression d/dt dL/dv - dL/dq along the motion
 * contracted with X_i, i.e. rho(X_i).
 *
 * d_c' Q W and d_W Q c' come from one evaluation of G and A at
 * q + z_0 v + sum_c z_c W_c in the integrator's context extended by
 * 1 + d variables z of cap 1: the coefficient of z_0 in Q [v | W] is
 * (d_v Q) [v | W], that of z_c is (d_{W_c} Q) [v | W] (no differences).
 */
#include <string.h>
#include "impl.h"

typedef struct
{
    nh_flow_taylor_struct *S;
    slong n, m, d;
    _nh_flow_zcache zc;     /* the context extended by 1 + d variables z */
}
_tr_data;

/* Y = Q(q~) B in c3 (n x (1 + d)), Q = G^-1 A^T S^-1 A, S = A G^-1 A^T,
   G and A at the perturbed point qz (n jets). */
static int
tr_project(jet_mat_t Y, const nh_model_struct *M, arb_srcptr qz, const jet_mat_t B, slong n,
           slong m, slong ord, const jet_ctx_t c3, slong prec, nh_error_t err)
{
    jet_mat_t G, A, At, K, S, AB;
    nh_model_values_struct mv;
    int rc;

    jet_mat_init(G, n, n, c3);
    jet_mat_init(A, m, n, c3);
    jet_mat_init(At, n, m, c3);
    jet_mat_init(K, n, m, c3);
    jet_mat_init(S, m, m, c3);
    jet_mat_init(AB, m, B->c, c3);
    memset(&mv, 0, sizeof mv);
    mv.G = G;
    mv.A = A;
    rc = nh_model_eval(&mv, M, qz, ord, c3, prec, err);
    if (rc == NH_OK)
    {
        jet_mat_transpose(At, A, c3);
        if (jet_mat_solve(K, G, At, ord, c3, prec) != 0)
            rc = nh_error_set(err, NH_ERR_DOMAIN, "metric G not certified invertible "
                              "along the step (transport of 002 Sec 6)");
    }
    if (rc == NH_OK)
    {
        jet_mat_mul(S, A, K, ord, c3, prec);
        jet_mat_mul(AB, A, B, ord, c3, prec);
        if (jet_mat_solve(AB, S, AB, ord, c3, prec) != 0)
            rc = nh_error_set(err, NH_ERR_DOMAIN, "A G^-1 A^T not certified invertible "
                              "along the step (transport of 002 Sec 6)");
    }
    if (rc == NH_OK)
        jet_mat_mul(Y, K, AB, ord, c3, prec);
    jet_mat_clear(G, c3);
    jet_mat_clear(A, c3);
    jet_mat_clear(At, c3);
    jet_mat_clear(K, c3);
    jet_mat_clear(S, c3);
    jet_mat_clear(AB, c3);
    return rc;
}

/* fW (n*d jets in ctx, W's layout) = (T1): (d_v Q) W_c - (d_{W_c} Q) v. */
static int
tr_transport(arb_ptr fW, arb_srcptr x, slong ord, const jet_ctx_t ctx, _tr_data *T,
             slong prec, nh_error_t err)
{
    slong n = T->n, d = T->d, len = ctx->len, nv = ctx->nvars, i, c;
    _nh_flow_zslot *sl = _nh_flow_zcache_get(&T->zc, ctx);
    jet_ctx_struct *c3 = sl->c3;
    arb_ptr qz = jet_vec_init(n, c3), t1 = jet_init(c3), t2 = jet_init(c3);
    jet_mat_t B, Y;
    int rc;

    jet_mat_init(B, n, 1 + d, c3);
    jet_mat_init(Y, n, 1 + d, c3);
    for (i = 0; i < n; i++)
    {
        arb_ptr qi = JET_ENTRY(qz, i, c3);
        jet_transfer(qi, c3, x + i * len, ctx, sl->up);
        for (c = 0; c <= d; c++)
        {
            arb_srcptr dir = c == 0 ? x + (n + i) * len : x + (2 * n + i * d + c - 1) * len;
            arb_ptr Bic = JET_MAT_ENTRY(B, i, c, c3);
            jet_transfer(Bic, c3, dir, ctx, sl->up);
            jet_mul_var(t1, Bic, nv + c, c3);
            jet_add(qi, qi, t1, c3, prec);
        }
    }
    rc = tr_project(Y, T->S->M, qz, B, n, T->m, ord + 1, c3, prec, err);
    for (i = 0; i < n && rc == NH_OK; i++)
        for (c = 0; c < d; c++)
        {
            jet_derivative(t1, JET_MAT_ENTRY(Y, i, 1 + c, c3), nv, c3, prec);
            jet_derivative(t2, JET_MAT_ENTRY(Y, i, 0, c3), nv + 1 + c, c3, prec);
            jet_sub(t1, t1, t2, c3, prec);
            jet_transfer(fW + (i * d + c) * len, ctx, t1, c3, sl->down);
        }
    jet_mat_clear(B, c3);
    jet_mat_clear(Y, c3);
    jet_vec_clear(qz, n, c3);
    jet_clear(t1, c3);
    jet_clear(t2, c3);
    return rc;
}

/* fI (d jets) = (T2): rho(W_c), rho = G a - f (a: the n jets of the
   acceleration already computed by nh_flow_taylor_rhs). */
static int
tr_reaction(arb_ptr fI, arb_srcptr x, arb_srcptr a, const arb_t t0, slong ord,
            const jet_ctx_t ctx, _tr_data *T, slong prec, nh_error_t err)
{
    slong n = T->n, d = T->d, len = ctx->len, l, c;
    arb_ptr force, rho, w;
    _nh_flow_obj *o;
    int rc = _nh_flow_obj_eval(&o, T->S, x, t0, ord, ctx, prec, err);

    if (rc != NH_OK)
        return rc;
    force = jet_vec_init(n, ctx);
    rho = jet_vec_init(n, ctx);
    w = jet_init(ctx);
    _nh_flow_lagrange_force(force, o, x + n * len, ord, ctx, prec);
    for (l = 0; l < n; l++)
    {
        jet_dot(w, o->G + l * n * len, len, a, len, n, ord, ctx, prec);
        jet_sub(rho + l * len, w, force + l * len, ctx, prec);
    }
    for (c = 0; c < d; c++)
        jet_dot(fI + c * len, rho, len, x + (2 * n + c) * len, d * len, n, ord, ctx, prec);
    jet_vec_clear(force, n, ctx);
    jet_vec_clear(rho, n, ctx);
    jet_clear(w, ctx);
    return NH_OK;
}

/* The augmented field: x = (q, v, W (n x d row-major), I (d)). */
static int
tr_rhs(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx, void *data,
       slong prec, nh_error_t err)
{
    _tr_data *T = data;
    slong n = T->n, len = ctx->len;
    int rc = nh_flow_taylor_rhs(f, x, t0, ord, ctx, T->S, prec, err);

    if (rc == NH_OK)
        rc = tr_reaction(f + (2 * n + n * T->d) * len, x, f + n * len, t0, ord, ctx, T, prec,
                         err);
    if (rc == NH_OK)
        rc = tr_transport(f + 2 * n * len, x, ord, ctx, T, prec, err);
    return rc;
}

/* The start of W: W0 (n x d), each column checked to lie in D^g(q0)
   (P W0 = W0 - G^-1 A^T S^-1 A W0 must contain 0), or for W0 = NULL the
   columns G^-1 A^T e_nu (d = m); G or S not certified invertible at q0:
   NH_ERR_DOMAIN. */
static int
tr_start(arb_ptr Ws, const nh_model_struct *M, arb_srcptr q0, arb_srcptr W0, slong d,
         slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i;
    arb_mat_t G, A, At, S, W, AW, Y;
    int rc, ok;

    arb_mat_init(G, n, n); arb_mat_init(A, m, n); arb_mat_init(At, n, m);
    arb_mat_init(S, m, m); arb_mat_init(W, n, d); arb_mat_init(AW, m, d);
    arb_mat_init(Y, n, d);
    rc = nh_geom_values_at(G, A, NULL, NULL, M, q0, NULL, prec, err);
    if (rc == NH_OK)
    {
        arb_mat_transpose(At, A);
        ok = arb_mat_solve(At, G, At, prec);    /* G^-1 A^T */
        for (i = 0; i < n * d && W0 != NULL; i++)
            arb_set(arb_mat_entry(W, i / d, i % d), W0 + i);
        arb_mat_mul(S, A, At, prec);
        arb_mat_mul(AW, A, W, prec);
        ok = ok && arb_mat_solve(AW, S, AW, prec);
        if (!ok)
            rc = nh_error_set(err, NH_ERR_DOMAIN, "nh_flow_certified_transport: G or A G^-1 "
                              "A^T not certified invertible at q0");
    }
    if (rc == NH_OK && W0 == NULL)
        for (i = 0; i < n * d; i++)
            arb_set(Ws + i, arb_mat_entry(At, i / d, i % d));
    else if (rc == NH_OK)
    {
        arb_mat_mul(Y, At, AW, prec);           /* Q W0 */
        arb_mat_sub(Y, W, Y, prec);             /* P W0 */
        _arb_vec_set(Ws, W0, n * d);
        for (i = 0; i < n * d && rc == NH_OK; i++)
            if (!arb_contains_zero(arb_mat_entry(Y, i / d, i % d)))
                rc = nh_error_set(err, NH_ERR_DOMAIN, "nh_flow_certified_transport: column "
                                  "%ld of W0 is not in D^g(q0) (P W0 excludes 0)",
                                  (long) (i % d));
    }
    arb_mat_clear(G); arb_mat_clear(A); arb_mat_clear(At); arb_mat_clear(S);
    arb_mat_clear(W); arb_mat_clear(AW); arb_mat_clear(Y);
    return rc;
}

/* The field's data for M and d columns (NH_ERR_USAGE unless M is linear
   autonomous and d >= 1), and the start x = (q, v, W, 0) (N jets in ctx
   or N balls for ctx = NULL). */
static int
tr_data_init(_tr_data *T, nh_flow_taylor_struct *S, const nh_model_struct *M, slong d,
             const char *who, nh_error_t err)
{
    if (d < 1 || !nh_model_is_linear_autonomous(M))
        return nh_error_set(err, NH_ERR_USAGE, "%s: linear autonomous models (002 Sec 6), "
                            "d >= 1 columns", who);
    nh_flow_taylor_init(S, M, NH_FLOW_NH, NULL);
    T->S = S;
    T->n = nh_model_n(M);
    T->m = nh_model_m(M);
    T->d = d;
    _nh_flow_zcache_init(&T->zc, 1 + d);
    return NH_OK;
}

static void
tr_data_clear(_tr_data *T)
{
    _nh_flow_zcache_clear(&T->zc);
    nh_flow_taylor_clear(T->S);
}

static void
tr_state(arb_ptr x, slong stride, arb_srcptr q, arb_srcptr v, arb_srcptr W, slong n, slong d)
{
    slong i;

    for (i = 0; i < n; i++)
    {
        arb_set(x + i * stride, q + i);
        arb_set(x + (n + i) * stride, v + i);
    }
    for (i = 0; i < n * d; i++)
        arb_set(x + (2 * n + i) * stride, W + i);
}

int
nh_flow_transport_field(arb_ptr dW, arb_ptr dI, const nh_model_struct *M, arb_srcptr q,
                        arb_srcptr v, arb_srcptr W, slong d, slong prec, nh_error_t err)
{
    nh_flow_taylor_t S;
    _tr_data T;
    slong n = nh_model_n(M), N = 2 * n + n * d + d;
    jet_ctx_t ctx;
    arb_ptr x, f;
    arb_t t0;
    int rc = tr_data_init(&T, S, M, d, "nh_flow_transport_field", err);

    if (rc != NH_OK)
        return rc;
    jet_ctx_init(ctx, 1, 0);            /* the time offset s, degree 0: values */
    x = jet_vec_init(N, ctx);
    f = jet_vec_init(N, ctx);
    arb_init(t0);
    tr_state(x, ctx->len, q, v, W, n, d);
    rc = tr_rhs(f, x, t0, 0, ctx, &T, prec, err);
    if (rc == NH_OK)
    {
        _arb_vec_set(dW, f + 2 * n, n * d);
        _arb_vec_set(dI, f + 2 * n + n * d, d);
    }
    jet_vec_clear(x, N, ctx);
    jet_vec_clear(f, N, ctx);
    jet_ctx_clear(ctx);
    arb_clear(t0);
    tr_data_clear(&T);
    return rc;
}

int
nh_flow_certified_transport(arb_ptr q_out, arb_ptr v_out, arb_ptr W_out, arb_ptr I_out,
                            const nh_model_struct *M, arb_srcptr q0, arb_srcptr v0,
                            arb_srcptr W0, slong d, arb_srcptr times, slong nt,
                            const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                            nh_error_t err)
{
    nh_flow_taylor_t S;
    _tr_data T;
    slong n = nh_model_n(M), n2 = 2 * n, N = n2 + n * d + d, j;
    arb_ptr x0, xo;
    arb_t t0;
    int rc = tr_data_init(&T, S, M, d, "nh_flow_certified_transport", err);

    if (rc != NH_OK)
        return rc;
    if (W0 == NULL && d != T.m)
        rc = nh_error_set(err, NH_ERR_USAGE, "nh_flow_certified_transport: W0 = NULL needs "
                          "d = m = %ld", (long) T.m);
    x0 = _arb_vec_init(N);
    xo = _arb_vec_init(N * nt);
    arb_init(t0);
    if (rc == NH_OK)
        rc = _nh_flow_check_start(M, NH_FLOW_NH, NULL, q0, v0, prec, err);
    if (rc == NH_OK)
        rc = tr_start(x0 + n2, M, q0, W0, d, prec, err);
    if (rc == NH_OK)
    {
        tr_state(x0, 1, q0, v0, x0 + n2, n, d);
        rc = nh_taylor_integrate(xo, tr_rhs, &T, N, x0, t0, times, nt, opts, st, prec, err);
    }
    for (j = 0; j < nt && rc == NH_OK; j++)
    {
        _arb_vec_set(q_out + j * n, xo + N * j, n);
        _arb_vec_set(v_out + j * n, xo + N * j + n, n);
        _arb_vec_set(W_out + j * n * d, xo + N * j + n2, n * d);
        _arb_vec_set(I_out + j * d, xo + N * j + n2 + n * d, d);
    }
    tr_data_clear(&T);
    _arb_vec_clear(x0, N);
    _arb_vec_clear(xo, N * nt);
    arb_clear(t0);
    return rc;
}
