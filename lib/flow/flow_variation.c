/*
 * flow_variation.c -- the certified first variation of the flows of
 * nh_flow_certified (flow.h, nh_flow_certified_variation): the
 * trajectory x = (q, v) and the variational equation Y' = D_x f(x) Y
 * integrated together as ONE system by the validated Taylor integrator
 * (lib/taylor.h), so that the enclosure of Y(t) is certified exactly as
 * that of x(t) is (the integrator's a-priori enclosure and Lagrange
 * remainder cover the Y components too).
 *
 * The product f(x), D_x f(x) Y of the augmented right-hand side comes
 * from one evaluation of nh_flow_taylor_rhs at x + sum_c z_c Y_c in the
 * caller's context extended by d variables z (cap 1): the coefficient of
 * z_c is D_x f(x) Y_c (forward-mode differentiation on jets, no finite
 * differences).
 */
#include "impl.h"

typedef struct
{
    nh_flow_taylor_struct *S;
    slong n2, d;            /* 2n state components, d columns of Y           */
    _nh_flow_zcache zc;     /* the context extended by d variables z         */
}
_fv_data;

/* The augmented field on jets: x = (state (2n), Y (2n x d row-major)),
   f = (f(state), D_x f(state) Y). */
static int
fv_rhs(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx, void *data,
       slong prec, nh_error_t err)
{
    _fv_data *F = data;
    slong n2 = F->n2, d = F->d, i, c, nv = ctx->nvars;
    _nh_flow_zslot *sl = _nh_flow_zcache_get(&F->zc, ctx);
    jet_ctx_struct *c3 = sl->c3;
    arb_ptr xa = jet_vec_init(n2, c3), fa = jet_vec_init(n2, c3), tmp = jet_vec_init(2, c3);
    arb_ptr t1 = tmp, t2 = tmp + c3->len;
    int rc;

    for (i = 0; i < n2; i++)
    {
        arb_ptr xi = JET_ENTRY(xa, i, c3);
        jet_transfer(xi, c3, JET_ENTRY(x, i, ctx), ctx, sl->up);
        for (c = 0; c < d; c++)
        {
            jet_transfer(t1, c3, JET_ENTRY(x, n2 + i * d + c, ctx), ctx, sl->up);
            jet_mul_var(t2, t1, nv + c, c3);
            jet_add(xi, xi, t2, c3, prec);
        }
    }
    rc = nh_flow_taylor_rhs(fa, xa, t0, ord + 1, c3, F->S, prec, err);
    for (i = 0; i < n2 && rc == NH_OK; i++)
    {
        arb_srcptr fi = JET_ENTRY(fa, i, c3);
        jet_transfer(JET_ENTRY(f, i, ctx), ctx, fi, c3, sl->down);
        for (c = 0; c < d; c++)
        {
            jet_derivative(t1, fi, nv + c, c3, prec);
            jet_transfer(JET_ENTRY(f, n2 + i * d + c, ctx), ctx, t1, c3, sl->down);
        }
    }
    jet_vec_clear(xa, n2, c3);
    jet_vec_clear(fa, n2, c3);
    jet_vec_clear(tmp, 2, c3);
    return rc;
}

int
nh_flow_certified_variation(arb_ptr q_out, arb_ptr v_out, arb_ptr Y_out,
                            const nh_model_struct *M, int system, const arb_t eps,
                            arb_srcptr q0, arb_srcptr v0, arb_srcptr Y0, slong d,
                            arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                            nh_taylor_stats_t st, slong prec, nh_error_t err)
{
    nh_flow_taylor_t S;
    nh_taylor_opts_t o2;
    _fv_data F;
    slong n = nh_model_n(M), n2 = 2 * n, N = n2 + n2 * d, j;
    arb_ptr x0, xo;
    arb_t t0;
    int rc;

    if (system == NH_FLOW_REDUCED || d < 1)
        return nh_error_set(err, NH_ERR_USAGE, "nh_flow_certified_variation: systems "
                            "NH_FLOW_NH and NH_FLOW_FULL, d >= 1 columns");
    if ((rc = _nh_flow_check_start(M, system, eps, q0, v0, prec, err)) != NH_OK)
        return rc;
    nh_flow_taylor_init(S, M, system, eps);
    F.S = S;
    F.n2 = n2;
    F.d = d;
    _nh_flow_zcache_init(&F.zc, d);
    *o2 = *opts;
    o2->stiff = o2->stiff || (system == NH_FLOW_FULL);
    x0 = _arb_vec_init(N);
    xo = _arb_vec_init(N * nt);
    arb_init(t0);
    _arb_vec_set(x0, q0, n);
    _arb_vec_set(x0 + n, v0, n);
    _arb_vec_set(x0 + n2, Y0, n2 * d);
    rc = nh_taylor_integrate(xo, fv_rhs, &F, N, x0, t0, times, nt, o2, st, prec, err);
    if (rc == NH_OK)
        for (j = 0; j < nt; j++)
        {
            _arb_vec_set(q_out + j * n, xo + N * j, n);
            _arb_vec_set(v_out + j * n, xo + N * j + n, n);
            _arb_vec_set(Y_out + j * n2 * d, xo + N * j + n2, n2 * d);
        }
    _nh_flow_zcache_clear(&F.zc);
    nh_flow_taylor_clear(S);
    _arb_vec_clear(x0, N);
    _arb_vec_clear(xo, N * nt);
    arb_clear(t0);
    return rc;
}
