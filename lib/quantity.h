/*
 * quantity.h -- "a quantity at a point": the one table of the values
 * nhoracle computes at an exact point (q, v) (G, Gamma, P, P_perp,
 * FR_sharp, Q, grad V, vD, h^(k) by the time or the covariant route,
 * reaction^(k), the order-k reduced field for a given eps, the full
 * friction field, the nonholonomic accelerations, the constrained
 * Lagrangian Lc, ...), each with its
 * name, shape (a function of n, m and the order), the parameters it
 * needs (order k, eps, route, time, ghat model) and one evaluation
 * function writing balls.  Used by the claim checker (lib/proof,
 * `quantity:` of a claim block) and by reference datasets (`nhoracle
 * emit`, nh_quantity_certify); meant for every later driver of
 * quantities (a `check` command, a sweep engine).
 *
 * Precision: prec is the working precision (doc/conventions.md); the
 * results are enclosures for the exact point.  Errors: NH_ERR_MODEL
 * (degenerate model at the point), NH_ERR_PRECISION (a ball met a
 * singular set inconclusively: NH_ERR_DOMAIN of the lower layers is
 * reported as NH_ERR_PRECISION by nh_quantity_eval, so that callers
 * retry with more bits), NH_ERR_RESOURCE.
 */
#ifndef NH_QUANTITY_H
#define NH_QUANTITY_H

#include "series.h"
#include "nhdyn.h"

/* Kinds (the entries of the table, in its order): each constant is the
   `kind` of one entry, whose `name` and `doc` (shape and source equation)
   the table gives (nh_quantity_get, nh_quantity_find). */
enum
{
    NH_Q_G = 0, NH_Q_GINV, NH_Q_A, NH_Q_MU, NH_Q_S, NH_Q_P, NH_Q_PPERP, NH_Q_FRS, NH_Q_Q, /* geometry (geom.h) */
    NH_Q_GRADV, NH_Q_DV, NH_Q_GAMMA, NH_Q_VD, NH_Q_LAMBDA, NH_Q_ROUTES, /* potential, Christoffel
                                   symbols, vD, multipliers, both routes of h */
    NH_Q_LEMMA4, NH_Q_REMARK12, NH_Q_RED_VDOT, NH_Q_RED_QDOT, NH_Q_RED_VDDOT, /* 000 Lemma 4,
                                   Remark 12, the order-k reduced field */
    NH_Q_FULL_VDOT, NH_Q_DEDT, NH_Q_DV_H1, NH_Q_NABLAH_H1, /* the full field, dE/dt,
                                   derivatives of h^(1) (table docs)    */
    /* nonholonomic quantities (lib/nhdyn.h): NH_Q_NH_FIRST.. */
    NH_Q_ACC_LAGRANGE, NH_Q_ACC_VORONETS, NH_Q_ACC_CONNECTION, NH_Q_LAMBDA_CONNECTION,
    NH_Q_MULTIPLIERS, NH_Q_P_DEPENDENT, NH_Q_B_AB, NH_Q_B_A, NH_Q_B_AB_BR, NH_Q_B_A_BR,
    NH_Q_ACC_GEODESIC, NH_Q_GHAT, NH_Q_GHAT_DET, NH_Q_LC, NH_Q_THETA, NH_Q_DOMEGA, NH_Q_LEMMA2,
    /* the frame of 002 Sec 4 adapted to D + D^g (nh_dyn_frame) */
    NH_Q_FRAME_G, NH_Q_FRAME_R, NH_Q_FRAME_GAMMA, NH_Q_FRAME_GAMMA_LOW, NH_Q_EXP_DE0,
    /* the friction realization of time-dependent, affine constraints
       (issue 19, proofs/020, nh_series_time_t) at the same point */
    NH_Q_FRICTION_H, NH_Q_FRICTION_ACC0, NH_Q_FRICTION_LAMBDA,
    /* T_v exp^nh_q at a finite v in D_q and 002 Props 7, 9 (issue 21) */
    NH_Q_EXP_DV, NH_Q_EXP_GAUSS,
    /* 002 Prop 1's SODE extension at a velocity off D (issue 21) */
    NH_Q_SODE1, NH_Q_SODE1_COORD,
    /* 002 Prop 2, Lemma 1's third expression, Prop 3 at a velocity off D
       (issue 21, nh_quantity_sode2; contiguous after NH_Q_SODE1: the
       companion route vectors follow this order) */
    NH_Q_SODE2, NH_Q_SODE2_COORD, NH_Q_SPRAY_NH, NH_Q_SPRAY_NH_COORD, NH_Q_SPRAY_NH_COMPACT,
    NH_Q_SPRAY_NH_DYNCOV,
    /* the friction system and its slow manifold in frame coordinates
       (q, xi, eta) (001 Sec 6-7, Appendix A; lib/quantity/quantity_framedyn.c),
       the Lagrangian's value, the projections of TTQ (000 Prop 1) */
    NH_Q_FRAME_V, NH_Q_FRAME_FULL, NH_Q_FRAME_GEODESIC, NH_Q_FRAME_H, NH_Q_FRAME_REDUCED,
    NH_Q_FRAME_DH1, NH_Q_LAGRANGIAN, NH_Q_TTQ_PROJ,
    /* 002 Sec 5, Props 5 and 6 for a D-preserving ghat (issue 21,
       nh_quantity_prop56) */
    NH_Q_PROP5, NH_Q_PROP6,
    /* 002 Prop 8 / Prop 9's second condition: the transport of 002 Sec 6 (issue 21) */
    NH_Q_PROP8_GAUSS,
    /* indexed by k >= 1 (names h1.., react1..): not in the named table */
    NH_Q_H, NH_Q_REACT,
    NH_Q_COUNT
};
#define NH_Q_NH_FIRST NH_Q_ACC_LAGRANGE

/* Flags of an entry. */
#define NH_QUANTITY_ON_D 1      /* velocity-dependent, evaluated at (q, vD), vD = P(q) v */
#define NH_QUANTITY_EPS 2       /* needs eps (params.eps)                           */
#define NH_QUANTITY_NH 4        /* nonholonomic: at (q, qdot, t), qdot completed from
                                   the constraints (params.t, params.dep)          */
#define NH_QUANTITY_INDEXED 8   /* h<k>, react<k>: params.k >= 1                     */
#define NH_QUANTITY_GHAT 16     /* needs params.ghat                                */
#define NH_QUANTITY_LINAUT 32   /* needs a linear time-independent model (route 2)  */

typedef struct
{
    const char *name;           /* "G", "FR_sharp", ...; "h", "react" for the indexed */
    int kind;                   /* NH_Q_*                                           */
    int flags;                  /* NH_QUANTITY_*                                    */
    const char *doc;            /* shape and source equation                        */
}
nh_quantity_struct;

/* Parameters of an evaluation (unused fields are ignored; set them all
   with nh_quantity_params_init). */
typedef struct
{
    slong k;                    /* h<k>, react<k>: the index k >= 1                  */
    slong order;                /* h, react: series computed to max(k, order) terms;
                                   routes: k = 1..order (0: 3); reduced fields: the
                                   reduction order k (series to order + 1)           */
    int route;                  /* h, react, remark12, reduced: NH_ROUTE_TIME (default)
                                   or NH_ROUTE_COVARIANT                             */
    arb_srcptr eps;             /* NH_QUANTITY_EPS: the eps ball, or NULL and:       */
    const fmpq *eps_q;          /* the exact eps, as a ball at the working precision */
    const fmpq *t;              /* NH_QUANTITY_NH: the time (NULL: 0)                */
    const slong *dep;           /* NH_QUANTITY_NH: m dependent coordinates or NULL
                                   (nh_dyn_set_point's default)                     */
    const nh_model_struct *ghat; /* NH_QUANTITY_GHAT (and the acc_geodesic extra): the
                                   ghat model (same coordinates; its metric) or NULL */
}
nh_quantity_params;

/* The defaults: every member 0 / NULL (order, eps, dependent split and
   ghat model unset) except route = NH_ROUTE_TIME. */
void nh_quantity_params_init(nh_quantity_params *par);

/* The table: entries 0 .. nh_quantity_count() - 1 (the named quantities,
   in the order of the NH_Q_* kinds; h and react last). */
slong nh_quantity_count(void);
const nh_quantity_struct *nh_quantity_get(slong i);
const nh_quantity_struct *nh_quantity_by_kind(int kind);

/* Look a name up: a named entry, or "h<k>" / "react<k>" with 1 <= k <
   NH_SERIES_MAX_ORDER (then *k = k, else *k = 0; k may be NULL).
   NULL if unknown. */
const nh_quantity_struct *nh_quantity_find(const char *name, slong *k);

/* The named entries as "G, Ginv, ..." (for messages), truncated to size. */
void nh_quantity_names(char *buf, size_t size);

/* Shape for a model with n coordinates and m constraints: returns ndims
   (0..3) and writes shape[0..3) (at least 3 entries; unused ones 0). *len (if not NULL): the number of balls (1 for a scalar). */
int nh_quantity_shape(slong *shape, slong *len, const nh_quantity_struct *Q, slong n, slong m,
                      const nh_quantity_params *par);

/* Terms of the series h^(1..K) the evaluation needs (0: none). */
slong nh_quantity_series_terms(const nh_quantity_struct *Q, const nh_quantity_params *par);

/* Companion values written to `extra` by nh_quantity_eval (0 if none),
   in this order:
     reduced_*          qdot, vDdot, vdot (3 n);
     full_vdot          vdot (n);   dEdt: dE/dt (1);
     DV_h1, nablaH_h1   D^V h^(1) (n x n), nabla^H h^(1) (n x n), h^(1)
                        of the series (time route), h^(1) of 000 eq (67)
                        (nh_bundle_h1) (2 n^2 + 2 n);
     nonholonomic       acc_lagrange, acc_voronets, acc_connection (if
                        the model is linear autonomous), acc_geodesic (if
                        params.ghat), multipliers (m), p_dependent (m),
                        for ghat then ghat itself (n x n, named entries);
                        but for Theta: its rows omega^nu (row dep[nu],
                        m (n + 1)), and for domega: the entries K < L
                        of each d omega^nu (m (n + 1) n / 2), row-major
                        (named entries for claims); for the frame
                        quantities: see NH_QUANTITY_FRAME_NAMED; for the
                        SODE quantities (sode1 .. spray_nh_dyncov, at v
                        off D): see NH_QUANTITY_SODE_NAMED;
     other vectors      the vector itself (except routes);
     others             none. */
slong nh_quantity_nextra(const nh_quantity_struct *Q, const nh_model_struct *M,
                         const nh_quantity_params *par);

/* Evaluate Q at the exact point (q, v) (n rationals each; for
   NH_QUANTITY_NH quantities v is the velocity qdot whose dependent
   entries are replaced by the constraint solution), at working
   precision prec: the geometry as order-1 jets at q, the series (if
   needed) by nh_series_acc at accuracy prec with cap max(4 prec, 4096).
   out: the shape's len balls (row-major); extra: nh_quantity_nextra
   balls or NULL; vel: n balls or NULL, the velocity the v-dependent
   quantities are evaluated at (vD = P v for NH_QUANTITY_ON_D, the
   completed qdot for NH_QUANTITY_NH, else v).  Returns NH_OK,
   NH_ERR_PRECISION (inconclusive: retry with more bits) or an error. */
int nh_quantity_eval(arb_ptr out, arb_ptr extra, arb_ptr vel, const nh_quantity_struct *Q,
                     const nh_model_struct *M, const fmpq *q, const fmpq *v,
                     const nh_quantity_params *par, slong prec, nh_error_t err);

/* A reusable workspace for nh_quantity_eval_ws: the geometry jets, the
   series blocks and the companion buffer of a point, allocated once per
   run (a driver evaluating one quantity at many points, e.g. `nhoracle
   check`) instead of once per call.  Not shared between threads. */
typedef struct nh_quantity_ws_s nh_quantity_ws_struct;
/* A new workspace for model M (flint_malloc: aborts when out of memory)
   / free it. */
nh_quantity_ws_struct *nh_quantity_ws_new(const nh_model_struct *M);
void nh_quantity_ws_free(nh_quantity_ws_struct *W);

/* nh_quantity_eval with the workspace W (created for the same model M):
   same arguments, results and errors. */
int nh_quantity_eval_ws(arb_ptr out, arb_ptr extra, arb_ptr vel, const nh_quantity_struct *Q,
                        nh_quantity_ws_struct *W, const fmpq *q, const fmpq *v,
                        const nh_quantity_params *par, slong prec, nh_error_t err);

/* The scale a block x[0], x[stride], ..., x[(len-1) stride] is certified
   and printed relative to: max_i |mid x_i|, or 0 when the block is
   consistent with 0 (max |mid| <= max rad: a quantity that vanishes
   identically, its midpoints rounding noise; the rule of
   nh_series_block_accuracy).  scale must be initialised. */
void nh_quantity_block_scale(arf_t scale, arb_srcptr x, slong len, slong stride);

/* Several quantities at one exact point, certified to acc bits each
   (doc/datasets.md): every group of req[i] (the whole value, or each
   row of length group[i] when group[i] > 0) has every radius <= 2^-acc
   times its scale (nh_quantity_block_scale; 2^-acc when that is 0).  Loop over a =
   acc + 16, doubling: the series h^(1..K) by the time route at
   accuracy a (nh_series_acc, cap max_prec; K the largest
   nh_quantity_series_terms, at least 1), the geometry at p = (its precision) + 32,
   each quantity at p; stops when every group is accurate.  out[i]: the
   balls of req[i] (its shape's len).  *prec_used: the final p.
   Only geometry, vD, h<k>, react<k> and the reduced fields (time route)
   are supported here (NH_ERR_USAGE otherwise).  Errors: NH_ERR_PRECISION
   "WHO: cannot certify ACC bits (--digits plus 64 guard bits) below the
   precision cap --max-prec MAX" when a + 64 > max_prec (WHO: the string who, if not NULL), and the errors
   of nh_series_acc, nh_geom_compute, nh_reduced_field. */
int nh_quantity_certify(arb_ptr *out, const nh_quantity_struct *const *req,
                        const nh_quantity_params *par, const slong *group, slong nreq,
                        const nh_model_struct *M, const fmpq *q, const fmpq *v, slong acc,
                        slong max_prec, slong *prec_used, const char *who, nh_error_t err);

/* All the nonholonomic routes at one point (lib/nhdyn.h,
   doc/nonholonomic.md): what `nhoracle nh` prints and what the
   NH_QUANTITY_NH entries of the table read.  p = n - m. */
typedef struct
{
    slong n, m, p;              /* coordinates, constraints, p = n - m  */
    int lin_aut;                /* the model is linear autonomous: route 2 computed */
    int have_ghat;              /* ghat given: ghat (and accg) computed             */
    arb_ptr v;                  /* n: the velocity, dependent entries completed
                                   from the constraints (004 eq (1))              */
    arb_ptr res;                /* m: constraint residuals at v                    */
    arb_ptr acc1, mult;         /* route 1 (001 eq (4), 003 eq (2.6)): n, m        */
    arb_ptr acc3, Bab, Ba, pdep; /* route 3 (004 eqs (2)-(4)): n, m p p, m p, m    */
    arb_ptr Bbab, Bba;          /* curvature by brackets: m p p, m p               */
    arb_ptr acc2, lam;          /* route 2 (000 eqs (12)-(15)): n, n               */
    arb_ptr ghat, accg;         /* the ghat metric at (q, t) (n x n), its geodesic
                                   acceleration at v (002 Def 1) (n)               */
    arb_ptr Theta, domega;      /* nh_quantity_theta (n x (n + 1)), nh_quantity_domega
                                   (m x (n + 1) x (n + 1)) at (q, t)               */
    arb_ptr lemma2;             /* 002 Lemma 2 residuals of the ghat metric (flag
                                   LEMMA2, nh_dyn_lemma2): (A) p^3, (B) m p^2, the
                                   D-preservation ghat_ab - g_ab p^2, in this order */
    arb_ptr frame;              /* the adapted frame (flag FRAME, nh_quantity_frame):
                                   g (n^2), X_al(g_be ga) (n^3), R (n^3), Gamma (n^3),
                                   Gamma_low (n^3), in this order                  */
    arb_ptr dE0;                /* flag EXP_DE0: nh_quantity_exp_dE0 (n p p)        */
    slong *dep, *indep;         /* m dependent, p independent coordinates          */
}
nh_quantity_routes_struct;

#define NH_QUANTITY_ROUTES_BRACKETS 1   /* compute Bbab, Bba                    */
#define NH_QUANTITY_ROUTES_GEODESIC 2   /* compute accg (with a ghat model)     */
#define NH_QUANTITY_ROUTES_LEMMA2 4     /* compute lemma2 (ghat model, linear
                                           autonomous M)                        */
#define NH_QUANTITY_ROUTES_FRAME 8      /* compute frame (linear autonomous M)   */
#define NH_QUANTITY_ROUTES_EXP_DE0 16   /* compute dE0 (linear autonomous M)     */

/* Allocate every array of R for model M / free them. */
void nh_quantity_routes_init(nh_quantity_routes_struct *R, const nh_model_struct *M);
void nh_quantity_routes_clear(nh_quantity_routes_struct *R);
/* At the point q (n balls), velocity v (n balls; its dependent entries
   are replaced), time t, split dep (m indices or NULL: automatic), the
   metric of the model ghat (same coordinates, or NULL), at precision
   prec: in this order nh_dyn_set_point, the velocity completion,
   nh_dyn_check_constraints, nh_dyn_lagrange, nh_dyn_voronets,
   nh_dyn_curvature_brackets (flag BRACKETS), nh_dyn_connection (linear
   autonomous models), the ghat metric and nh_dyn_geodesic (flag
   GEODESIC), nh_dyn_lemma2 (flag LEMMA2), nh_quantity_frame (flag FRAME), nh_quantity_exp_dE0 (flag EXP_DE0).  Errors: those of these functions, unchanged (NH_ERR_DOMAIN
   included). */
int nh_quantity_routes(nh_quantity_routes_struct *R, const nh_model_struct *M, arb_srcptr q,
                       arb_srcptr v, const arb_t t, const slong *dep,
                       const nh_model_struct *ghat, int flags, slong prec, nh_error_t err);

/* The Ehresmann connection of the constraints on Q x R (003 Sec 5.2,
   004 Sec 2), at the point of D (nh_dyn_set_point: the split q = (r, s),
   s the m dependent coordinates, and the solved coefficients
   sdot = a_mat rdot + a_vec as order-1 jets in (q, t)).  Columns
   K = 0..n-1 are dq^K, K = n is dt.

   nh_quantity_theta: the vertical-valued one-form
     Theta_ = sum_nu omega^nu d/ds^nu,  omega^nu = ds^nu - a^nu_a dr^a - a^nu dt
   (003 Sec 5.2, printed with the index slip dq^(n+nu) for dq^(m+nu);
   004 Sec 2 "Omega"), as the n x (n + 1) matrix Theta[i][K] = the
   d/dq^i component of Theta_(d/dq^K) (row-major; rows of the independent
   coordinates are 0).  It is the projection onto W = span d/ds with
   kernel the extended distribution {(X, X_t): A X + b X_t = 0}, since
   a_mat, a_vec = -A_s^{-1} [A_r | b] (nh_dyn_set_point, by arb_mat_solve
   on jets).  Values only (the constant terms of the jets): no rounding
   beyond D's.

   nh_quantity_domega: the exterior derivative of the one-forms omega^nu,
   dw[(nu (n + 1) + K) (n + 1) + L] = d omega^nu(d/dq^K, d/dq^L)
     = d_K omega^nu_L - d_L omega^nu_K
   (convention: d theta(X, Y) = X theta(Y) - Y theta(X) - theta([X, Y]),
   no factor 1/2; (dq^a ^ dq^b)(X, Y) = X^a Y^b - X^b Y^a), m x (n + 1) x
   (n + 1), antisymmetric in (K, L); the first derivatives are the
   order-1 coefficients of the jets of a_mat, a_vec (no finite
   differences).  004 Sec 2 prints it as -d_b a^nu_a dq^b ^ dq^a -
   d_mu a^nu_a dq^mu ^ dq^a (a, b over the independent coordinates and
   t, mu over the dependent ones).  Precision prec (bits) for the
   subtractions; enclosures of the exact values for the exact point. */
void nh_quantity_theta(arb_ptr Theta, const nh_dyn_t D);

/* The anholonomic frame {X_alpha} of 002 Sec 4 adapted to TQ = D + D^g
   (nh_dyn_frame, lib/nhdyn.h) at the point of D, every frame index
   labelled by the coordinate its field is attached to: X_(r^a) = X_a =
   d_{r^a} + a^nu_a d_{s^nu}, X_(s^nu) = X_{p+nu} = G^-1 A^T e_nu; the
   arrays below are indexed by these coordinate labels (0..n-1, the
   model's coordinate order), row-major.  out (nh_quantity_frame_len(n)
   balls), in this order:
     g         n x n       g_{al be} = G(X_al, X_be);
     Xg        n x n x n   [al][be][ga] = X_al(g_{be ga});
     R         n x n x n   [ga][al][be] = R^ga_{al be}, [X_al, X_be] = R^ga_{al be} X_ga;
     Gamma     n x n x n   [ga][al][be] = Gamma^ga_{al be} of the
                           Levi-Civita connection of G, nabla_{X_al} X_be
                           = Gamma^ga_{al be} X_ga (from the coordinate
                           Christoffel symbols, not from Koszul);
     Gamma_low n x n x n   [ga][al][be] = g_{ga de} Gamma^de_{al be}
                           = G(nabla_{X_al} X_be, X_ga).
   Enclosures at working precision prec; errors of nh_dyn_frame
   (NH_ERR_MODEL). */
slong nh_quantity_frame_len(slong n);

/* 002 Lemma 3's dE^be_a/dv^b(0): the derivatives at v = 0 of the matrix
   E(v) of the tangent map of the nonholonomic exponential map exp^nh_q
   in the frame of nh_quantity_frame (002 Sec 6: T_v exp^nh_q(u) =
   u^a E^be_a(v) X_be(exp^nh_q(v)), v = v^a X_a(q), a in D).  With
   eps(v) = exp^nh_q(v^a X_a), E_a(v) = F(eps(v))^-1 d_a eps(v) (F the
   frame matrix), so at 0 (d_a eps(0) = X_a):
     dE_a/dv^b(0) = F^-1 (d_a d_b eps(0) - X_b(X_a)),
   X_b(X_a) the derivative of the coordinate components of X_a along
   X_b (jets), and since exp^nh_q(t v) = c_v(t) (the nonholonomic
   trajectory, 002 Sec 6, purely kinetic systems) the Hessian d_a d_b
   eps(0) is the polarization of the nonholonomic acceleration:
   1/4 (acc(X_a + X_b) - acc(X_a - X_b)), acc by route 1
   (nh_dyn_lagrange; the part of acc constant in the velocity, from a
   potential or a velocity-independent force, cancels, so for such models
   the result is that of the purely kinetic system (G, D); a part linear
   in the velocity (a one-form Delta, damping) does not cancel, and Lemma
   3, stated for purely kinetic systems, does not apply to such models).  No integration and no Gamma of the frame are involved.
   out: n x p x p balls, [be][a][b], be the coordinate label of
   nh_quantity_frame, a, b = 0..p-1 in the order of D->indep.  Errors:
   those of nh_dyn_frame and nh_dyn_lagrange. */
int nh_quantity_exp_dE0(arb_ptr out, const nh_dyn_t D, slong prec, nh_error_t err);
/* The frame quantities have companion values (nh_quantity_nextra: g_ab
   for a <= b, X_a(g_bc) for b <= c, R^c_ab for a < b, then the route-1
   acceleration acc_lagrange (n), n(n + 1)/2 + n^3 + n balls, named
   frame_g_*, frame_Xg_*, frame_R_*, acc_lagrange_* in claims) only for
   n <= NH_QUANTITY_FRAME_NAMED, so that they fit the 64 names of a claim;
   none for larger n. */
#define NH_QUANTITY_FRAME_NAMED 3

/* The tangent map of the nonholonomic exponential map exp^nh_q(v) =
   tau(phi^nh_1(v)) (002 Sec 6) at a finite v in D_q, restricted to D_q:
   dv (n x p balls, row-major, [mu][a]) = d exp^nh_q(v)^mu / dv^a along
   the frame X_a(q) = d_{r^a} + a^nu_a d_{s^nu} of D_q (002 Sec 4,
   nh_dyn_frame; a in the order of the independent coordinates of the
   split dep, m indices or NULL: automatic), i.e. the columns
   T_v exp^nh_q(X_a(q)) in coordinates at exp^nh_q(v).  Computed as the q
   rows of the certified first variation of the time-1 nonholonomic flow
   from (q, v) in the directions (0, X_a(q)) (nh_flow_certified_variation,
   lib/flow.h: trajectory and variational equation integrated as one
   certified system; no finite differences).  gauss (p balls, may be NULL;
   then ghat unused): the residuals of the Gauss-type condition of 002
   Props 7 and 9,
     gauss_a = ghat_{exp(v)}(T_v exp(v), T_v exp(X_a)) - ghat_q(v, X_a),
   with T_v exp(v) = v^a T_v exp(X_a) (v^a the independent components of
   v), ghat the metric of the model ghat at q and at the enclosed end
   point.  q, v: n balls, v in D_q (checked by the integrator:
   NH_ERR_DOMAIN if certainly not).  Enclosures at working precision
   prec (the integrator's default options: NH_ERR_PRECISION when its
   enclosure grows wider than 1e-10 relative: retry with more bits).
   The Gauss-type condition is stated for purely kinetic systems (V = 0,
   no force): the function does not check this.  Errors: those of
   nh_dyn_set_point, nh_flow_certified_variation, nh_model_eval_metric. */
/* 002 Prop 1: the SODE extension Gamma^1 = p(Gamma_L) of the
   nonholonomic field, its acceleration qddot (n balls) at (q, v) for ANY
   velocity v (n balls, not completed into D), L = 1/2 G(v, v) - V.
   route 0 (quantity sode1): the paper's form in the adapted frame of
   002 Sec 4 (nh_dyn_frame; K^a_i = 0 there, since the frame X_i spans
   D^g, the g-orthogonal complement the Hessian of L defines):
     Gamma^1 = v^al X_al^C + F^a X_a^V, F^al the frame components of
     Gamma_L, i.e. qddot = F^a X_a + w, w = v^al (X_al)'[v],
     F^al = theta^al(a_L - w) (theta the dual coframe);
   route 1 (quantity sode1_coord, own derivation): the unique SODE keeping
   the quasi-velocities v^i = (S^-1 A v)_i constant (tangent to the
   constraints' level sets) whose difference from Gamma_L lies in D^g:
     qddot = a_L - G^-1 A^T (S^-1 A a_L + (d(S^-1 A)[v]) v),
     S = A G^-1 A^T, the derivative from order-1 jets (jet_mat_solve).
   a_L = -Gamma(v, v) - G^-1 dV (nh_dyn_geodesic).  On D both equal the
   nonholonomic acceleration (Prop 1's claim).  Enclosures at working
   precision prec.  Errors: NH_ERR_MODEL (a model with time, affine
   constraints, a one-form, force or damping; degenerate frame),
   NH_ERR_DOMAIN (G or S not certified invertible at prec). */
int nh_quantity_sode1(arb_ptr acc, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                      int route, slong prec, nh_error_t err);

/* 002 Sec 3: Prop 2's SODE extension Gamma^2 = Gamma_L - [nabla(Q(T))]^V,
   the spray of the nonholonomic connection nabla^nh_X Y = P(nabla_X Y) +
   nabla_X(Q Y) (Lemma 1's third expression) and Prop 3's forms of it,
   each as qddot (n balls) at (q, v) for ANY velocity v (n balls, NOT
   completed into D), L = 1/2 G(v, v) - V, Q the G-orthogonal projection
   onto D^g (nhoracle's P_perp), P = I - Q, nabla the dynamical covariant
   derivative of Gamma_L (for a field X along tau: nabla X = Gamma_L(X^k)
   d_k + Gamma^k_ij v^i X^j d_k; the potential does not change the
   nonlinear connection).  acc: 6 n balls, the routes in the order of the
   kinds NH_Q_SODE2 .. NH_Q_SPRAY_NH_DYNCOV:
     0 sode2 (002 Prop 2's proof, adapted frame of nh_dyn_frame, K = 0,
       X~_i = X_i): Gamma^2 = v^al X_al^C + F^a X_a^V - v^i (nabla X_i)^V,
       nabla X_i = v^al Gam^be_(al i) X_be (F^al = theta^al(a_L - w) the
       frame components of Gamma_L), i.e. qddot = w + F^a X_a - v^i v^al
       Gam^be_(al i) X_be, w = v^al X_al'[v];
     1 sode2_coord (own derivation, doc/nonholonomic.md): nabla(Q v) =
       (d_v Q) v + Q a_L + Gamma(v, Q v), so qddot = P a_L - (d_v Q) v -
       Gamma(v, Q v) (d_v Q from order-1 jets of Q = G^-1 A^T S^-1 A);
     2 spray_nh (002 Lemma 1's third expression, as printed): qddot = w +
       c^ga X_ga with c^c = -(Gam^c_ab v^a v^b + 2 Gam^c_aj v^a v^j +
       Gam^c_ib v^i v^b + 2 Gam^c_ij v^i v^j), c^k = -(Gam^k_aj v^a v^j +
       Gam^k_ij v^i v^j);
     3 spray_nh_coord (own derivation): nabla^nh_c' c' = 0 gives qddot =
       -P Gamma(v, v) - (d_v Q) v - Gamma(v, Q v);
     4 spray_nh_compact (002 Prop 3's proof, compact form, with the
       PRINTED Gamma^be_i = Gam^be_(i al) v^al, Gamma^be_a = Gam^be_(a al)
       v^al): qddot = a_g - Gamma^c_j v^j X_c + Gamma^k_a v^a X_k;
     5 spray_nh_dyncov: the same with Gamma^be_i = Gam^be_(al i) v^al (the
       coefficients of nabla X_i = v^al nabla_(X_al) X_i), equal to the
       proof's first form Gamma_g - Gam^c_(al j) v^al v^j X_c^V +
       Gam^k_(al a) v^al v^a X_k^V.
   a_g = -Gamma(v, v), a_L = a_g - G^-1 dV (nh_dyn_geodesic).  Routes 2-5
   are the purely kinetic objects of Lemma 1 and Prop 3: they use G and D
   only (V is ignored; Prop 3 says routes 0 = 2 when V = 0).  Gam^ga_(al
   be): nabla_(X_al) X_be = Gam^ga_(al be) X_ga (direction index first);
   indices a, b, c < p span D, i, j, k >= p span D^g.  dep: the m
   dependent coordinates of the frame's split (NULL: automatic).
   Enclosures at working precision prec.  Errors: as nh_quantity_sode1. */
int nh_quantity_sode2(arb_ptr acc, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
                      const slong *dep, slong prec, nh_error_t err);
/* The SODE quantities sode1 .. spray_nh_dyncov (kinds NH_Q_SODE_FIRST ..
   NH_Q_SODE_LAST, contiguous) have as companion values every route
   vector, in kind order (named <quantity>_<c> in claims), for n <=
   NH_QUANTITY_SODE_NAMED (64 names of a claim); none for larger n. */
#define NH_Q_SODE_FIRST NH_Q_SODE1
#define NH_Q_SODE_LAST NH_Q_SPRAY_NH_DYNCOV
#define NH_QUANTITY_SODE_NROUTES (NH_Q_SODE_LAST - NH_Q_SODE_FIRST + 1)
#define NH_QUANTITY_SODE_NAMED 4

/* T_v exp^nh_q on D_q at a finite velocity v in D_q (002 Sec 6; issue
   21): dv (n x p balls, row-major, column a = T_v exp^nh_q(X_a), the q
   part of the certified first variation of the time-1 nonholonomic flow
   from (q, v) in the directions (0, X_a(q)), nh_flow_certified_variation)
   and, if gauss is not NULL, the residuals of the Gauss-type condition
   of 002 Props 7 and 9 for the metric of the model ghat (p balls,
   ghat_(exp v)(T_v exp(v), T_v exp(X_a)) - ghat_q(v, X_a)); dep the
   split (NULL: automatic).  Enclosures at working precision prec.
   Errors: those of nh_dyn_set_point, nh_flow_certified_variation
   (doc/nonholonomic.md, "Sec 6"). */
int nh_quantity_exp_dv(arb_ptr dv, arb_ptr gauss, const nh_model_struct *M,
                       const nh_model_struct *ghat, arb_srcptr q, arb_srcptr v, const slong *dep,
                       slong prec, nh_error_t err);
/* 002 Prop 8 and the second condition of Prop 9 at a finite v in D_q
   (issue 21, lib/quantity/quantity_transport.c): phi (m balls),
     phi_nu = ghat_{c(T)}(c'(T), W_nu(T)) + h(T)(W_nu(T)) - ghat_q(v, w_nu),
   c the nonholonomic trajectory from (q, v), w_nu = G^-1 A^T e_nu (q)
   (the basis X_{p+nu} of D^g_q of nh_dyn_frame), W_nu its parallel
   transport by nabla-bar of 002 Sec 6 and h the one-form there
   (nabla-bar_c' h = lambda, h(0) = 0), h(W_nu) = int_0^T lambda(W_nu),
   all from nh_flow_certified_transport (lib/flow.h).  Prop 8: ghat (a
   D-preserving modification of g) satisfies (B) iff phi = 0 for all T,
   q, v; d phi / dT = -(Lemma 2 (B) residual of nh_dyn_lemma2 at (c(T),
   c'(T))) (v, v) (W(T)) (checked at T = 0 in tests/t-flow_transport).
   q, v: n balls, v in D_q (NH_ERR_DOMAIN if certainly not); T one ball
   >= 0 (the quantity prop8_gauss: T = 1); ghat the metric of the model
   ghat.  Enclosures at working precision prec (integrator defaults:
   NH_ERR_PRECISION when its enclosure grows wider than 1e-10 relative).
   Stated for purely kinetic systems (not checked).  Errors: those of
   nh_geom_values_at, nh_flow_certified_transport (linear autonomous
   models only), nh_model_eval_metric. */
int nh_quantity_prop8_gauss(arb_ptr phi, const nh_model_struct *M, const nh_model_struct *ghat,
                            arb_srcptr q, arb_srcptr v, const arb_t T, slong prec,
                            nh_error_t err);
/* Frame coordinates (issue 21; paper 001 Sec 6, Appendix A): the frame
   W of nh_dyn_frame at the point set in D, labelled by coordinates as
   nh_quantity_frame (xi: the labels of D->indep, eta: of D->dep).
   nh_quantity_frame_coords: c = lambda(q) x = F(q)^-1 x (n balls; c and
   x may not alias), the (xi, eta) of 001 (26)-(28).
   nh_quantity_frame_rate: res = d/dt (F^-1 x) along a curve with
   q' = qdot, x' = xdot (n balls each): F^-1 (xdot - (dF[qdot]) F^-1 x),
   dF[qdot] from the order-1 jets of the frame matrix (no differences).
   Enclosures at working precision prec; no errors. */
void nh_quantity_frame_coords(arb_ptr c, const nh_dyn_frame_t W, const nh_dyn_t D, arb_srcptr x,
                              slong prec);
void nh_quantity_frame_rate(arb_ptr res, const nh_dyn_frame_t W, const nh_dyn_t D, arb_srcptr qdot,
                            arb_srcptr x, arb_srcptr xdot, slong prec);

/* 000 eqs (26)-(27), Prop 1: the projections of TTQ applied to the
   tangent X_*(U) of the section X(q') = P(q') v (v fixed in
   coordinates) with U = v: out (2 x n) = [P_H; P_V] = [U; dP[U] v +
   Gamma^i_{jk} X^j U^k].  g: the geometry at q (order >= 1 jets in
   ctx); v: n balls.  Prop 1 states P_H = (pi_TQ)_* (row 0 = U) and
   P_V(X_*) = nabla_U X (row 1).  No errors. */
void nh_quantity_ttq_proj(arb_ptr out, const nh_geom_t g, const jet_ctx_t ctx, arb_srcptr v,
                          slong prec);
int nh_quantity_frame(arb_ptr out, const nh_dyn_t D, slong prec, nh_error_t err);
void nh_quantity_domega(arb_ptr dw, const nh_dyn_t D, slong prec);

/* The Lagrangian L = 1/2 G(v, v) + Delta(v) - V of the model M (003 Sec
   3.2, a natural Lagrangian with a one-form) at the point q (n balls),
   time t, velocity v (n balls, used as given: no completion), and what
   003 Sec 3 builds from it (issue 21, moving frames; lib/gmap.h):
     L    the Lagrangian;
     FL   dL/dqdot = G v + Delta (n; the fibre derivative, 003 eq (3.2));
     E    E_L = FL(v) - L = 1/2 G(v, v) + V (003 Sec 3.2);
     EL   (acc not NULL) the Euler-Lagrange expression
          d/dt dL/dqdot^i - dL/dq^i along a curve through (q, v) with
          acceleration acc: G_ij a^j + (d_k G_ij v^k + d_t G_ij) v^j
          + d_k Delta_i v^k + d_t Delta_i - 1/2 d_i G_jk v^j v^k
          - d_i Delta_j v^j + d_i V (n; the first derivatives from jets
          of order 1 in (q, t), no finite differences; 003 Prop 3.2's
          variational derivative is delta L(eta) = -EL(eta));
     res  A(q, t) v + b(q, t) (m; 0 iff v satisfies the affine
          constraints, 003 eq (2.1)).
   Forces (`force:`, damping) are not part of L and are ignored.
   Enclosures at working precision prec.  Errors: those of the model
   evaluation (NH_ERR_MODEL, NH_ERR_DOMAIN: retry with more bits). */
typedef struct
{
    slong n, m;                 /* coordinates, constraints             */
    arb_t L, E;                 /* the Lagrangian, the energy (above)   */
    arb_ptr FL, EL, res;        /* n, n, m balls (above)                */
}
nh_quantity_lagr_struct;

/* Allocate for n coordinates and m constraints / free; nh_quantity_lagrangian
   computes the members above. */
void nh_quantity_lagr_init(nh_quantity_lagr_struct *out, slong n, slong m);
void nh_quantity_lagr_clear(nh_quantity_lagr_struct *out);
int nh_quantity_lagrangian(nh_quantity_lagr_struct *out, const nh_model_struct *M, arb_srcptr q,
                           const arb_t t, arb_srcptr v, arb_srcptr acc, slong prec,
                           nh_error_t err);
/* nh_quantity_certify at the exact point (q, t, v) of any model of the
   friction realization of time-dependent, affine constraints (issue 19,
   proofs/020; linear autonomous models too, t then unused): the
   geometry G, Ginv, A, mu_bar, S, P, P_perp, FR_sharp, Q, grad V, dV,
   Gamma at FIXED model time t (nh_geom_compute_t: the objects of
   G(., t), ker A(., t); Gamma the Christoffel symbols of G(., t)); vD =
   u = P(q, t) v; h<k>, react<k> = -FR_sharp h^(k) by the time route of
   the affine case (nh_series_time_t at (q, t, u), proofs/020 (A1)-(A5));
   the order-k reduced fields (par.order, par.eps / eps_q) of
   nh_reduced_field_t at (q, t, u) (qdot = u + v_p + sum eps^j h^(j),
   vDdot = d/dt (P v) = udot, vdot).  vp (n balls, or NULL): v_p(q, t) =
   -G^-1 A^T (A G^-1 A^T)^-1 b (proofs/020 (A2)-(A3)), certified to acc
   bits as one group as well.  Loop over the working precision p = acc +
   64, doubling up to max_prec (NH_ERR_DOMAIN retried), until every
   group has radius <= 2^-acc times its scale (the rule of
   nh_quantity_certify).  Errors: NH_ERR_USAGE (another quantity),
   NH_ERR_MODEL (no friction block, a oneform / force / damping, G,
   mu_bar or A degenerate at (q, t): the message names the point and t),
   NH_ERR_PRECISION "WHO: cannot certify ..." at the cap, NH_ERR_DOMAIN,
   and those of the series. */
int nh_quantity_certify_t(arb_ptr *out, arb_ptr vp, const nh_quantity_struct *const *req,
                          const nh_quantity_params *par, const slong *group, slong nreq,
                          const nh_model_struct *M, const fmpq *q, const fmpq *t,
                          const fmpq *v, slong acc, slong max_prec, slong *prec_used,
                          const char *who, nh_error_t err);

/* 002 Sec 5, Props 5 and 6 (issue 21; lib/quantity/quantity_prop56.c,
   proofs/002-belrhazi-mestdag.md "Sec 5"): for the purely kinetic
   system (g = the metric of M, D = ker A) and a metric ghat (the model
   ghat's metric, same coordinates; D-preserving: ghat_ab = g_ab on D,
   002 Def 5, Props 5 and 6's hypothesis, checked), at q (n balls) and v
   (n balls; its dependent entries are replaced so that v is in D, i.e.
   on C), split dep (m indices or NULL: automatic), in the frame X_a of
   D (a = 0..p-1 in the order of the independent coordinates) and X_i =
   G^-1 A^T e_i of D^g (i = 0..m-1 in the order of dep) of nh_dyn_frame:
     p5 (3 x p): row 0 g_cd delta^d(Gamma^1_ghat), row 1 g_cd
        delta^d(Gamma^2_ghat), delta^d the D-frame defect of the SODE
        on C against the nonholonomic field f of g (002 Sec 5: Gamma^1_ghat
        = v^al X_al^C + (F^a + g^ab ghat_bi F^i) X_a^V, Gamma^2_ghat =
        Gamma_ghat - (nabla^(Q^(T)))^V); row 2 (iv)_c = Gamma_(L,D)(X_c^V
        (Lhat)) - X_c^C(Lhat) (Prop 5 (iv)).  Identity (own derivation
        from 002 Lemma 2's Koszul identities): rows 0, 1 = A_c, row 2 =
        -A_c, A_c = ghat_bk R^k_ac v^a v^b (condition (A)'s form); so each
        of Prop 5 (ii)-(iv) holds iff (A) does.
     p6 (2 x m): row 0 ghat(nabla^(Q^(T))|_C, X^_i) (coordinates), row 1
        M_ik F^k, M_ik = ghat(X^_i, X^_k) (frame); identity: both =
        B_i - ghat_di g^dc A_c, B_i condition (B)'s residual
        (ghat_di Gamma^d_ab - g_ki Gamma^k_ab - X_a(ghat_bi) + ghat_bk
        R^k_ai) v^a v^b; with M invertible, Prop 6 (ii) <=> (ii').
     comp (nh_quantity_prop56_ncomp(n, m) = p + 2 m + 5 n balls, in this
        order): A_c (p), B_i (m), corrA_i = ghat_di g^dc A_c (m); the
        coordinate accelerations (n each) of Gamma^1_ghat|_C (frame form
        above), of the nonholonomic field of (ghat, D) (route 1 with
        ghat's metric), nabla^(Q^(T))|_C = (dQ^[v]) v + Q^ ahat (jets of
        Q^ = ghat^-1 A^T (A ghat^-1 A^T)^-1 A), the nonholonomic field of
        g (route 1) and the geodesic acceleration ahat of ghat.
     vel (n balls or NULL): the completed velocity.
   The routes of the two sides of each identity share no code path (see
   the file).  Enclosures at working precision prec.  Errors:
   NH_ERR_MODEL (M not purely kinetic with linear time-independent
   constraints; degenerate frame; ghat certainly not D-preserving: some
   ghat(X_a, X_b) - g(X_a, X_b) excludes 0, the message names a, b and
   q), NH_ERR_USAGE (no ghat, other n),
   NH_ERR_DOMAIN (ghat, g_ab or A ghat^-1 A^T not certified invertible:
   retry with more bits), those of nh_dyn_set_point and the model
   evaluation. */
slong nh_quantity_prop56_ncomp(slong n, slong m);
int nh_quantity_prop56(arb_ptr p5, arb_ptr p6, arb_ptr comp, arb_ptr vel, const nh_model_struct *M,
                       const nh_model_struct *ghat, arb_srcptr q, arb_srcptr v, const slong *dep,
                       slong prec, nh_error_t err);

/* ---- the meaning of a point's velocity (issue 29, doc/conventions.md
   "The velocity of a point") ----

   A point (q, v, t) given by a user may have a v that does not satisfy
   the constraints A(q, t) v + b(q, t) = 0.  Every command states which of
   three meanings it gives v (`--v-mode`):
     NH_POINT_V_PROJECT   the G-orthogonal projection onto the constraint
                          set: w = P(q, t) v + v_p (P(q) v for linear
                          autonomous models; paper 000 eq (9), proofs/020
                          (A2)-(A3)); every component may change;
     NH_POINT_V_COMPLETE  the independent components kept, the m
                          dependent ones (dep, or the automatic choice of
                          nh_dyn_set_point) replaced by the constraint
                          solution sdot = a_mat rdot + a_vec (004 eq (1));
     NH_POINT_V_REQUIRE   v itself, which must satisfy the constraints. */
typedef enum
{
    NH_POINT_V_PROJECT = 0,     /* w = P(q, t) v + v_p (see above)       */
    NH_POINT_V_COMPLETE = 1,    /* dependent components from constraints */
    NH_POINT_V_REQUIRE = 2      /* v must satisfy the constraints        */
}
nh_point_velocity_mode;

/* "project", "complete", "require" */
const char *nh_point_velocity_mode_name(nh_point_velocity_mode mode);
/* the words of a changed component: "projected onto the constraints",
   "completed from the constraints" */
const char *nh_point_velocity_mode_words(nh_point_velocity_mode mode);
/* *mode from its name; NH_ERR_USAGE ("--v-mode: expected project,
   complete or require, found 'X'") otherwise */
int nh_point_velocity_mode_parse(nh_point_velocity_mode *mode, const char *name,
                                 nh_error_t err);

/* w (n balls) = the velocity of mode for the given v (n balls) at
   (q, t) (t: NULL means t = 0), on the constraint set up to the balls'
   radii; w may not alias v.  changed (n ints, or NULL): changed[i] = 1
   when w_i certainly differs from v_i (the ball w_i excludes every value
   of v_i), else 0; an input already on the constraint set changes
   nothing in any mode.  dep: m dependent coordinate indices for
   COMPLETE, NULL = automatic.  Precision: balls at prec bits, their
   radii propagated.  Errors: those of nh_project_D(_t) (PROJECT) and
   nh_dyn_set_point (COMPLETE, REQUIRE: NH_ERR_DOMAIN when A_s is not
   certified invertible); REQUIRE: NH_ERR_USAGE when some A v + b
   certainly excludes 0 ("the velocity violates constraint L:
   a^L(v) + b^L = X (--v-mode require)"); a residual ball containing 0
   is accepted. */
int nh_point_velocity(arb_ptr w, int *changed, const nh_model_struct *M, arb_srcptr q,
                      const arb_t t, arb_srcptr v, nh_point_velocity_mode mode,
                      const slong *dep, slong prec, nh_error_t err);

#endif
