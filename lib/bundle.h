/*
 * bundle.h -- pointwise calculus of nonlinear tangent bundle maps
 * h : TQ -> TQ, (q, w) -> h(q, w) in T_qQ (paper 000 Sec 2.2.2,
 * Proposition 2, eqs (28)-(30) and their matrix forms (33)): the
 * vertical Jacobian D^V h and the horizontal covariant derivative
 * nabla^H_X h, at one base point (q0, w0).
 *
 * Representation.  h is given by n jets (stride ctx->len): its Taylor
 * expansion at (q0, w0) in a context whose variables 0..n-1 are
 * dq = q - q0 and n..2n-1 are dw = w - w0 (ctx->nvars >= 2n, further
 * variables are ignored; ctx->order >= 1).  Only the constant and the
 * first-order coefficients are read, so the jets must be exact to total
 * degree 1.  The Christoffel symbols come from an nh_geom_t computed at
 * q0 with ord >= 1 (its constant terms are used) in its own context
 * gctx (variables 0..n-1 = dq; it may be ctx itself).
 *
 * Extension dependence.  D^V h = dh/dw at (q0, w0) differentiates h in
 * every direction of T_{q0}Q, so for a map defined only on a subbundle
 * (e.g. h^(k), defined on D) it depends on how h is extended off it;
 * nabla^H_X h depends on it as well (through dh/dq at fixed w0, since
 * w0 leaves D(q) as q moves, and through D^V h [Gamma(X, w0)]).  These
 * functions use whatever extension the jets h encode.  nh_bundle_h1 (and
 * nhoracle everywhere: the covariant route of lib/series.h, `nhoracle
 * geometry`) extends h^(k) to all of TQ by its defining formula evaluated
 * at an arbitrary w in T_qQ, without projecting w onto D.  The chain rule
 * (28) holds for any h defined on all of TQ and any vector field w(q);
 * for w a section of D its left side, hence the sum of the two terms,
 * does not depend on the extension, while each term separately does
 * (nabla_v w need not lie in D).
 *
 * Precision: prec is the working precision in bits; results are balls
 * containing the exact values for every h, w0, X, Gamma in the input
 * balls.  No error returns (shapes are the caller's responsibility).
 */
#ifndef NH_BUNDLE_H
#define NH_BUNDLE_H

#include "geom.h"

/* Vertical Jacobian (paper 000 eq (29)): [D^V h]^m_l = dh^m/dw^l at
   (q0, w0).  h: n jets in ctx (variables n..2n-1 = dw); DVh: n x n. */
void nh_bundle_vertical_jacobian(arb_mat_t DVh, arb_srcptr h, slong n,
                                 const jet_ctx_t ctx);

/* Horizontal covariant derivative along X in T_{q0}Q at (q0, w0)
   (paper 000 eq (30), matrix form (33)):
     (nabla^H_X h)^m = dh^m/dq^k X^k + Gamma^m_{ki} X^k h^i
                       - dh^m/dw^l Gamma^l_{ki} w0^k X^i.
   res: n balls (must not alias h, w0, X); h: n jets in ctx; w0, X: n
   balls; g: geometry at q0 (ord >= 1) in gctx. */
void nh_bundle_cov_horizontal(arb_ptr res, arb_srcptr h, arb_srcptr w0, arb_srcptr X,
                              const nh_geom_t g, const jet_ctx_t gctx,
                              const jet_ctx_t ctx, slong prec);

/* The first-order slow-manifold term as a bundle map (paper 000 eq (67)),
     h^(1)(q, w) = Q [ (nabla_w P_perp) w - P_perp grad V ],
   with (nabla_w P_perp) from (32), extended to TQ by the formula itself
   (w anywhere in T_qQ, not projected onto D).  Output: n jets in ctx,
   variables 0..n-1 = dq and n..2n-1 = dw at the base point (q0, w0),
   exact to total degree ord.  g must be computed in the same ctx at q0
   with g->ord >= ord + 1 (Gamma, grad V and dP_perp/dq lose one
   degree).  The value h^(1)(q0, w0) for w0 in D(q0) is the h^(1) of
   lib/series.h (paper 000's normalisation h_eps = sum eps^k h^(k)). */
void nh_bundle_h1(arb_ptr h1, const nh_geom_t g, arb_srcptr w0, slong ord,
                  const jet_ctx_t ctx, slong prec);

#endif
