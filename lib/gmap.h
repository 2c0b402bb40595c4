/*
 * gmap.h -- time-dependent point maps g_t: M -> Q between the
 * configuration spaces of two models (paper 003 Sec 3, "moving frames";
 * issue 21).  q = g_t(x): one expression per coordinate of Q in the
 * coordinates x of M, the time t and M's parameters (the expression
 * language of doc/model-format.md), e.g. for a frame rotating by
 * al(t) = W t:
 *
 *     map: X = cos(W*t)*x - sin(W*t)*y, Y = sin(W*t)*x + cos(W*t)*y, Phi = phi + W*t
 *
 * nh_gmap_eval forms, from the jets of order 2 of g in the n + 1
 * variables (x, t) at the point (lib/jet.h; no finite differences):
 *   q      = g_t(x)                                   (nq)
 *   dg     = dg_t = [d g^a / d x^i]                   (nq x n, row-major)
 *   omega  = omega_t(q) = d/ds g_(t+s)(g_t^-1(q))|_0 = d g / d t at x
 *                                                     (nq; 003 eq (3.1))
 *   Omega  = Omega_t(x) = dg_t^-1 omega_t             (n; 003 eq (3.1) and
 *            Prop 3.1 (i); only when nq = n, by arb_mat_solve)
 *   qdot   = dg_t xdot + omega_t                      (nq; 003 Prop 3.1 (ii),
 *            the tangent of the point map (x, xdot) -> (q, qdot))
 *   qddot  = dg_t xddot + d^2 g[y, y], y = (xdot, 1)  (nq; the second-order
 *            map: the acceleration of t -> g_t(x(t)), chain rule with the
 *            second derivatives d^2 g / dx^i dx^j, d^2 g / dx^i dt,
 *            d^2 g / dt^2 of the jets)
 *
 * Precision: prec is the working precision in bits; every output is an
 * enclosure of the exact value at the (ball) point.  Errors:
 * NH_ERR_PARSE "file:line:col: map: ..." (nh_gmap_parse), NH_ERR_DOMAIN
 * (an expression met its singular set inconclusively: retry with more
 * bits), NH_ERR_MODEL (dg_t certainly singular at the point: Omega
 * undefined).
 */
#ifndef NH_GMAP_H
#define NH_GMAP_H

#include "model.h"
#include "expr.h"

typedef struct
{
    slong n, nq;                /* coordinates of M (x) and of Q (q)      */
    expr_arena_t A;             /* the expressions, names: x, t, M's params */
    int *roots;                 /* nq roots, in Q's coordinate order      */
    fmpq *params;               /* M's parameter values                   */
    slong np;                   /* number of M's parameters */
    slong need;                 /* jet temporaries                        */
    char *file;                 /* document, for messages                 */
    int line, col;              /* position of the map: value             */
}
nh_gmap_struct;

typedef nh_gmap_struct nh_gmap_t[1];

/* Parse v ("QCOORD = expression, ..." with one component per coordinate
   of Mq, in any order, separated by commas at bracket depth 0) with the
   names of Mm: its coordinates, `t` and its parameters.  file names the
   document for messages.  Errors, all NH_ERR_PARSE "file:line:col: map:
   ..." at the offending component: a component without '=', a name
   that is not a coordinate of Mq, a repeated component, a missing one
   (the message names it and counts the components against Mq's
   coordinates), a velocity (`v_x`, `dx`, `xdot` for a coordinate x of
   M: a point map depends on x and t only), and the expression parser's
   errors.  On error g is cleared. */
int nh_gmap_parse(nh_gmap_t g, const expr_src *v, const nh_model_struct *Mm,
                  const nh_model_struct *Mq, const char *file, nh_error_t err);
void nh_gmap_clear(nh_gmap_t g);

/* The results of nh_gmap_eval (allocate with nh_gmap_values_init). */
typedef struct
{
    slong n, nq;        /* dimensions of M (x) and of Q (q)              */
    arb_ptr q, dg, omega, Omega, qdot, qddot; /* the outputs of
                           nh_gmap_eval, shapes and definitions in the
                           table at the top of this header (003 Sec 3) */
    arb_ptr d2g;                /* nq x (n+1) x (n+1): d^2 g^a / dy^I dy^J, y = (x, t) */
}
nh_gmap_values_struct;

/* Allocate (balls set to 0) / free the arrays of V for the map g. */
void nh_gmap_values_init(nh_gmap_values_struct *V, const nh_gmap_t g);
void nh_gmap_values_clear(nh_gmap_values_struct *V);

/* Evaluate at the point x (n balls), time t, velocity xdot (n balls or
   NULL: qdot not formed) and acceleration xddot (n balls or NULL: qddot
   not formed), at working precision prec.  Omega is formed when nq = n:
   NH_ERR_MODEL "map: dg_t is singular at x = (...), t = ... (det dg_t =
   ...)" when the determinant is certainly 0, NH_ERR_DOMAIN when
   arb_mat_solve cannot certify invertibility at this precision.
   Returns NH_OK, NH_ERR_DOMAIN (retry with more bits) or NH_ERR_MODEL. */
int nh_gmap_eval(nh_gmap_values_struct *V, const nh_gmap_t g, arb_srcptr x, const arb_t t,
                 arb_srcptr xdot, arb_srcptr xddot, slong prec, nh_error_t err);

#endif
