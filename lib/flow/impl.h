/* flow/impl.h -- private helpers of the flow module (not installed). */
#ifndef NH_FLOW_INTERNAL_H
#define NH_FLOW_INTERNAL_H

#include "flow.h"

/* Fast evaluator of the full field (39)-(40) in Lagrangian form (model
   evaluation on first-order jets plus one n x n solve, no nh_geom):
     G dv/dt = -(sum_j v^j d_j G) v + 1/2 (v^T d_l G v)_l - dV
               - (1/eps) A^T mu_bar A v,
   equal to paper 000 (39) because G Gamma(v,v) = (d_j G_lk - 1/2 d_l
   G_jk) v^j v^k by (5), grad V = G^{-1} dV and FR_sharp = G^{-1} A^T
   mu_bar A (38).  Midpoint results (estimates, used inside Newton). */
typedef struct
{
    const nh_model_struct *M;
    slong n, m, prec;
    jet_ctx_t ctx;
    arb_ptr qj, V, Av, muAv;
    jet_mat_t G, A, mu;
    arb_mat_t G0, rhs, sol;
    slong *var;
    /* _nh_flow_rfield_eval: G^-1 A^T, A^T, S = A G^-1 A^T, S^-1 A, P
       (first-order jets; P holds P_perp = I - P); v, F (n) */
    jet_mat_t X, At, S, Y, P;
    arb_ptr v, F;
}
_nh_flow_field_struct;

void _nh_flow_field_init(_nh_flow_field_struct *f, const nh_model_struct *M, slong prec);
/* (dv at q, v; G, V, A, mu_bar from one nh_model_eval call at order 1:
   lets shared, issue 16.  Linear autonomous models only: the others use
   _nh_flow_gfield_* below.) */
void _nh_flow_field_clear(_nh_flow_field_struct *f);
/* The order-k reduced field of a linear autonomous model (paper 000
   (69)-(71), the field of nh_reduced_field without its dv/dt) from the
   same first-order jets: qdot = v = vD + sum_{j=1}^k eps^j h^(j) (h: k*n
   balls), vDdot = (dP[v]) v + P F with the free force F = -Gamma(v,v) -
   grad V in the Lagrangian form above and P = I - G^-1 A^T S^-1 A,
   S = A G^-1 A^T, as first-order jets (dP/dq^l its degree-1
   coefficients).  Midpoint results (estimates: the GBS runs of
   nh_flow_reduced); NH_ERR_MODEL when G or S is singular at the point. */
int _nh_flow_rfield_eval(arb_ptr qdot, arb_ptr vDdot, _nh_flow_field_struct *f, arb_srcptr q,
                         arb_srcptr vD, arb_srcptr h, slong k, const arb_t eps, nh_error_t err);
int _nh_flow_field_eval(arb_ptr dv, _nh_flow_field_struct *f, arb_srcptr q, arb_srcptr v,
                       const arb_t eps, nh_error_t err);

/* x += sign sum_{j=1}^{K} eps^j h^(j) (n balls in place; sign = +1 or -1:
   arb_addmul / arb_submul; h: K*n balls, h^(j) at (j-1)*n; eps^j by
   repeated multiplication at prec): the truncated series of paper 000
   eq (66), for nh_flow_lift and nh_flow_slow_residual. */
void _nh_flow_eps_series(arb_ptr x, arb_srcptr h, slong K, const arb_t eps, int sign, slong n,
                         slong prec);

/* ---- the systems' right-hand sides on jets (flow_taylor_field.c,
        flow_taylor_reduced.c) ----------------------------------------- */

/* The model's objects at (q + z, t0 + s + z_t), as values and first
   partials d_l (l = 0..n-1: q^l, l = n: t) in the caller's context. */
typedef struct
{
    slong n, m, len;
    arb_ptr G, dG;          /* n*n; (n+1)*n*n: d_l G_jk at (l*n + j)*n + k */
    arb_ptr V, dV;          /* 1; n+1                                    */
    arb_ptr A, dA;          /* m*n; (n+1)*m*n: d_l A_ij at (l*m + i)*n + j */
    arb_ptr b, db;          /* m; (n+1)*m                                */
    arb_ptr D, dD;          /* n; (n+1)*n   (one-form Delta)             */
    arb_ptr F, C, mu;       /* n; n*n; m*m                               */
}
_nh_flow_obj;

/* The full friction field of any model (issue 19; time-dependent,
   affine constraints, one-form Delta, force F, damping C), proofs/020
   (A1) and the equations of motion after it, with the Lagrangian force
   of 003 Sec 3.2 (_nh_flow_lagrange_force, flow.h NH_FLOW_NH):
     G dv/dt = f(q, v, t) - (1/eps) A^T mu_bar (A v + b),
   from one nh_model_eval call on jets in (z_q, z_t) (jac = 0: order 1,
   the value; jac = 1: variables (z_q, z_t, z_v), order 2, the value and
   the Jacobians fq = df/dq, fv = df/dv exactly, from the degree-1
   coefficients).  dv: n balls (midpoints, estimates for Newton); fq, fv
   (n x n) may be NULL.  NH_ERR_MODEL (G singular, message names t) or the
   model's errors. */
typedef struct
{
    const nh_model_struct *M;
    slong n, m, prec;
    int jac;
    jet_ctx_t ctx;
    arb_ptr qt, vj, r, force, V;
    jet_mat_t G, A, b, mu, D, F, C, rhs;
    _nh_flow_obj o;
}
_nh_flow_gfield_struct;

void _nh_flow_gfield_init(_nh_flow_gfield_struct *f, const nh_model_struct *M, int jac,
                          slong prec);
void _nh_flow_gfield_clear(_nh_flow_gfield_struct *f);
int _nh_flow_gfield_eval(arb_ptr dv, arb_mat_t fq, arb_mat_t fv, _nh_flow_gfield_struct *f,
                         const arb_t t, arb_srcptr q, arb_srcptr v, const arb_t eps,
                         nh_error_t err);

/* The objects at the q of x (its first n jets) in ctx, cached in S (one
   evaluation of the model in ctx extended by n + 1 variables of cap 1).
   NH_FLOW_NH: b, db (no mu); NH_FLOW_FULL: mu (no dA, b); NH_FLOW_REDUCED:
   mu and dA, and for models that are not linear autonomous also b, db.  *po points into S's
   cache, valid until the next call with another context. */
int _nh_flow_obj_eval(_nh_flow_obj **po, nh_flow_taylor_struct *S, arb_srcptr x,
                      const arb_t t0, slong ord, const jet_ctx_t ctx, slong prec,
                      nh_error_t err);

/* _nh_flow_obj_eval with the model time t0 + s + tau, tau = the variable
   tv of ctx (tv < 0: t0 + s; s = variable 0): the time route of the
   reduced field of time-dependent models (flow_taylor_reduced.c). */
int _nh_flow_obj_eval_tv(_nh_flow_obj **po, nh_flow_taylor_struct *S, arb_srcptr x,
                         const arb_t t0, slong tv, slong ord, const jet_ctx_t ctx, slong prec,
                         nh_error_t err);

/* f (n jets) = the Lagrangian force side f_l of flow.h at velocity v. */
void _nh_flow_lagrange_force(arb_ptr f, const _nh_flow_obj *o, arb_srcptr v, slong ord,
                             const jet_ctx_t ctx, slong prec);

/* Full system: a = G^{-1} (f - (1/eps) A^T mu_bar (A v + b)) (n jets; b
   only when affine), paper 000 (39)-(40) in Lagrangian form; w (m jets,
   may be NULL): A v + b given (the adapted coordinates' w: in ball
   arithmetic over a box of q, A v with v rebuilt from w is not w, and
   the difference over eps would swamp the slow block); nonzero when G is
   not certified invertible. */
int _nh_flow_accel_full(arb_ptr a, const _nh_flow_obj *o, arb_srcptr f, arb_srcptr v,
                        arb_srcptr w, const arb_t eps, int affine, slong ord,
                        const jet_ctx_t ctx, slong prec);

/* NH_FLOW_FULL_ADAPTED: the full field in z = (q, s, w) (flow_adapted.c). */
int _nh_flow_adapted_rhs(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord,
                         const jet_ctx_t ctx, nh_flow_taylor_struct *S, slong prec,
                         nh_error_t err);

/* a (n jets) from [G, -A^T; A, 0] (a, lambda) = (f, g) (f: n jets, g: m
   jets, the value of A a); nonzero when the matrix is not certified
   invertible. */
int _nh_flow_saddle(arb_ptr a, const _nh_flow_obj *o, arb_srcptr f, arb_srcptr g, slong ord,
                    const jet_ctx_t ctx, slong prec);

/* NH_FLOW_REDUCED: the order-S->order reduced field (flow_taylor_reduced.c)
   and the release of its private cache S->rcache. */
int _nh_flow_reduced_rhs(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord,
                         const jet_ctx_t ctx, nh_flow_taylor_struct *S, slong prec,
                         nh_error_t err);
void _nh_flow_reduced_cache_clear(nh_flow_taylor_struct *S);

/* The checks of nh_flow_certified before integrating (flow_taylor.c):
   the model class and eps for NH_FLOW_FULL, A v0 + b not certainly
   nonzero for NH_FLOW_NH. */
int _nh_flow_check_start(const nh_model_struct *M, int system, const arb_t eps, arb_srcptr q0,
                         arb_srcptr v0, slong prec, nh_error_t err);

/* Integrate x = (q0, v0) from the model time tstart (NULL: 0; times are
   model times >= tstart) with the right-hand side S (initialised) and
   split the result into q_out, v_out (nt*n balls each). */
/* The full system at small eps through its slow manifold (flow_stiff.c):
   nh_taylor_stiff_integrate in the adapted coordinates from the start
   (the initial layer, then steps along the manifold), the Taylor method
   where a step does not close.  Returns NH_FLOW_STIFF_SKIP (nothing
   written, err clear) when the route does not apply (opts->slow_manifold
   off, not a linear autonomous model, or not stiff
   enough: the fast block's series would not contract, (P + 1) |C| >= 1),
   else NH_OK or an error as nh_flow_certified. */
#define NH_FLOW_STIFF_SKIP (-1)
int _nh_flow_certified_stiff(arb_ptr q_out, arb_ptr v_out, const nh_model_struct *M,
                             const arb_t eps, const arb_struct *tstart, arb_srcptr q0,
                             arb_srcptr v0, arb_srcptr times, slong nt,
                             const nh_taylor_opts_t opts, nh_taylor_stats_t st, slong prec,
                             nh_error_t err);

int _nh_flow_certified_run(arb_ptr q_out, arb_ptr v_out, nh_flow_taylor_struct *S,
                           const arb_struct *tstart, arb_srcptr q0, arb_srcptr v0,
                           arb_srcptr times, slong nt, const nh_taylor_opts_t opts,
                           nh_taylor_stats_t st, slong prec, nh_error_t err);

/* The caller's context ctx extended by d variables z of cap 1 (a group
   of its own, total order ctx->order + 1; ctx's groups kept), for
   forward-mode directional derivatives on jets, cached for the last
   NH_FLOW_ZSLOTS contexts (key: the context and its length): c3, up
   (ctx var -> c3 var), down (c3 var -> ctx var, -1 for the z)
   (flow_zctx.c; flow_variation.c, flow_transport.c).  A slot stays
   valid until NH_FLOW_ZSLOTS other contexts have been asked for. */
#define NH_FLOW_ZSLOTS 2
typedef struct
{
    const jet_ctx_struct *key;
    slong keylen;
    jet_ctx_t c3;
    slong *up, *down;
}
_nh_flow_zslot;

typedef struct
{
    _nh_flow_zslot slot[NH_FLOW_ZSLOTS];
    slong next, d;
}
_nh_flow_zcache;

void _nh_flow_zcache_init(_nh_flow_zcache *C, slong d);
_nh_flow_zslot *_nh_flow_zcache_get(_nh_flow_zcache *C, const jet_ctx_t ctx);
void _nh_flow_zcache_clear(_nh_flow_zcache *C);

#endif
