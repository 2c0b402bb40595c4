/*
 * impl.h -- private to lib/taylor/: the workspace of one certified
 * integration (taylor.h).
 */
#ifndef NH_TAYLOR_IMPL_H
#define NH_TAYLOR_IMPL_H

#include "taylor.h"

/* guard bits of the Taylor sum, Lohner's update and the hull (no
   evaluation of the right-hand side): their rounding errors, added to the
   set at every step, stay below the per-step error target of one
   rounding unit at prec bits (taylor.h) */
#define NH_TAYLOR_GUARD_BITS 8
#define NH_TAYLOR_GUESS_SLACK 10
#ifndef NH_TAYLOR_GUESS_GROW
#define NH_TAYLOR_GUESS_GROW 2
#endif
#define NH_TAYLOR_GUESS_PASSES 3
/* Picard passes after the check of the series at x_hat from the last
   step's (taylor_series.c), before the one at lprec */
#define NH_TAYLOR_NEXT_PASSES 4

typedef struct
{
    slong N, p, prec;   /* dimension, order, precision                 */
    slong lprec;        /* prec + NH_TAYLOR_GUARD_BITS                 */
    nh_taylor_rhs_fn rhs;
    void *data;
    jet_ctx_t U;        /* one variable s, order p + 1                  */
    jet_ctx_t V;        /* (s | y_1..y_N), caps (p | 1), order p + 1    */
    slong *vidx;        /* (p+1)*N: index of s^k y_j in V              */
    slong *sidx;        /* p+1: index of s^k in V                       */
    arb_ptr ux, uw;     /* N jets in U; 2N jets of scratch              */
    arb_ptr uprev;      /* N jets in U: the last accepted step's series at
                           x_hat, and that step (uprev_ok: both valid)  */
    arb_t hprev;
    int uprev_ok;       /* (never for stiff fields: their guesses fail)  */
    arb_ptr uX, uxh;    /* N jets in U: the series at the hull X and at
                           x_hat (kept between step-size choice and step) */
    arb_ptr vx, vw;     /* N jets in V; 2N jets of scratch              */
    arb_ptr xh, r;      /* the set x_hat + B r (N balls each)           */
    arb_mat_t B;        /* N x N, exact entries                         */
    arb_ptr X, u, rem;  /* N balls: the hull, T(x_hat) + R, the
                           remainder coefficient (taylor_remainder.c)   */
    arb_mat_t J;        /* N x N: Jacobian of the step map over X       */
    arb_mat_struct *Phi;/* p+1 N x N: variational coefficients over X   */
    arb_mat_struct *A;  /* p N x N: coefficients of D_x f along x(s)    */
    int have_var;       /* w->Phi holds the variational coefficients    */
    slong pvar;         /* their order m <= p (taylor_variational.c):
                           the Jacobian of the Taylor map to degree m,
                           the degrees m+1..p as a ball (taylor_step.c) */
    int pvar_adapt;     /* adapt pvar to the step (not for stiff fields) */
    slong phi_ord;      /* the order of the Phi last computed            */
    double log2tol;     /* log2 of the absolute local tolerance         */
    double log2h_sug;   /* after a refused step: log2 of a step whose
                           remainder should meet the tolerance (or 0)   */
    slong guess_ok;     /* series at the hull X from a verified guess   */
    slong guess_full;   /* the same computed in full (no guess, or not
                           verified)                                    */
    slong guess_miss;   /* consecutive failed guesses, and the number of */
    slong guess_wait;   /* series to compute in full before the next try
                           (2^min(miss, 4) - 1: a field whose guesses fail,
                           e.g. the stiff full system, pays little)     */
    slong rem_ok, rem_failed; /* remainder checks passed / failed       */
    int guess_shrink;   /* test hook (tests/t-taylor_guess), 0 normally:
                           the hull's guesses lose their radii and get
                           one pass, so they fail on purpose            */
}
nh_taylor_ws_struct;

typedef nh_taylor_ws_struct nh_taylor_ws_t[1];

void _nh_taylor_ws_init(nh_taylor_ws_t w, slong N, slong p, nh_taylor_rhs_fn rhs,
                        void *data, slong prec);
void _nh_taylor_ws_clear(nh_taylor_ws_t w);

/* w->X = x_hat + B r. */
void _nh_taylor_hull(nh_taylor_ws_t w);

/* Univariate Taylor coefficients c_0..c_{p+1} of the solution through
   the balls x at time t (ball) into w->ux (coefficient k of component i
   at w->ux + i*len + k). */
int _nh_taylor_point_series(nh_taylor_ws_t w, arb_srcptr x, const arb_t t, nh_error_t err);
/* The series at x_hat from the last step's, Taylor-shifted by its step,
   widened and verified by one Picard pass (as the hull's, Method 7), then
   passes more passes at prec and one at lprec; returns 1 (w->ux), 0 (no
   last series, or not verified: compute it in full) or -code. */
int _nh_taylor_point_series_next(nh_taylor_ws_t w, const arb_t t, slong passes,
                                 nh_error_t err);
/* The same, then one Picard pass at w->lprec (taylor_series.c,
   picard_pass_again): the series at prec encloses the exact series to
   its cap, which is the pass's fixed point, so the pass's result encloses
   it too (inclusion monotonicity), with the low coefficients -- those
   that carry the step, c_k h^k -- rounded at lprec.  One pass gives
   nearly all of the gain (a second narrows the radii by another 5%). */
int _nh_taylor_point_series_sharp(nh_taylor_ws_t w, arb_srcptr x, const arb_t t,
                                  nh_error_t err);


/* The remainder of the step over [t, t + hu] from w->X by the Picard check
   on poly + R tau^{p+1} (taylor_remainder.c; computes the series at the
   hull, w->uX): on success returns 1 and stores in w->rem a box holding
   (x(t + tau) - sum_{k<=p} c_k(x0) tau^k) / tau^{p+1} for every x0 in X and
   tau in (0, hu]; returns 0 if the check failed (caller shortens the
   step), or -code on a hard error of rhs (NH_ERR_DOMAIN counts as
   failed). */
int _nh_taylor_remainder(nh_taylor_ws_t w, const arb_t t, const arf_t hu, nh_error_t err);

/* D = D_x f over (Z, T) (N x N): one evaluation of f at Z + y in V, exact
   to total degree 1; Z = the constant coefficients of y (N jets in U). */
int _nh_taylor_jacobian_over(arb_mat_t D, nh_taylor_ws_t w, arb_srcptr y, const arb_t T,
                             nh_error_t err);

/* The guess g (N jets in U) for the series through the set S (N balls)
   at the time of the base series c (N jets in U, the series through the
   point ref, N balls; g may be c): coefficient 0 is S, coefficient k >= 1
   is c_k widened by twice its radius, twice sum_j |(Phi_k)_ij| |S_j -
   ref_j| and 2^(10 - prec + 2k) max(1, |c_k|) (taylor_series.c).  Needs
   w->have_var. */
void _nh_taylor_series_guess(arb_ptr g, nh_taylor_ws_t w, arb_srcptr S, arb_srcptr c,
                             arb_srcptr ref);

/* Whether the hull series' guess is to be tried now, and the record of
   its outcome (tried, ok) in the counters. */
int _nh_taylor_guess_due(nh_taylor_ws_t w);
void _nh_taylor_guess_record(nh_taylor_ws_t w, int tried, int ok);

/* Verify the guess g (N jets in U, coefficient 0 = the set S) for the
   series through S at the time t (a ball: every time in it): one Picard
   pass P at prec; if P(g) lies in g coefficient-wise, P(g) encloses the
   series of every solution from S at every time in t (coefficient k of P
   depends on the coefficients below k only, and the exact series is P's
   fixed point: induction on k).  Else g is widened (union with P(g),
   radius doubled), passes passes in all.  Returns 1 (w->ux = P(g)), 0 (not
   verified; NH_ERR_DOMAIN counts as not verified) or -code. */
int _nh_taylor_series_verify(nh_taylor_ws_t w, arb_ptr g, const arb_t t, slong passes,
                             nh_error_t err);

/* passes more Picard passes on the verified series w->ux at the time t:
   P(P(g)) lies in P(g) and still encloses the exact series (its fixed
   point), with smaller radii. */
int _nh_taylor_series_sharpen(nh_taylor_ws_t w, slong passes, const arb_t t, nh_error_t err);

/* The series at the hull w->X into w->uX (and w->ux): first from a
   guess verified by one Picard pass (taylor_series.c), else in full. */
int _nh_taylor_hull_series_verified(nh_taylor_ws_t w, const arb_t t, nh_error_t err);
int _nh_taylor_hull_series(nh_taylor_ws_t w, const arb_t t, nh_error_t err);

/* Variational coefficients w->Phi[0..p] along the solution series xu (N
   jets in U, exact to degree p - 1; taylor_variational.c); sets
   w->have_var. */
int _nh_taylor_variational(nh_taylor_ws_t w, arb_srcptr xu, const arb_t t0, nh_error_t err);

/* Jacobian J = d/dx of the degree-p Taylor map at step h, over w->X,
   from the series w->uX at the hull. */
int _nh_taylor_jacobian(nh_taylor_ws_t w, const arb_t t, const arb_t h, nh_error_t err);

/* Lohner's QR update of (x_hat, B, r) from u = T(x_hat) + R and J. */
void _nh_taylor_lohner(nh_taylor_ws_t w);

/* Step-size control and one step (taylor_step.c). */
double _nh_taylor_log2_step(nh_taylor_ws_t w, double log2tol);
int _nh_taylor_step(nh_taylor_ws_t w, const arb_t t, const arb_t h, nh_error_t err);

/* max_i rad(X_i) and max(1, max_i |X_i|) as doubles. */
void _nh_taylor_width(double *width, double *scale, arb_srcptr X, slong N);

/* ---- the stiff stepper (taylor_stiff*.c; doc/flow.md "Stiff flows
   through the slow manifold") ---- */
#define NH_STIFF_APRIORI_TRIES 4
#define NH_STIFF_PASSES 40
/* steps along the manifold need its series to contract by this per pass
   ((P + 1) |C|, nh_taylor_stiff_rate) */
#define NH_STIFF_CONTRACTION 0.25
/* in the layer without an estimate of its end: layer steps between two
   checks of the distance to the manifold */
#define NH_STIFF_LAYER_STEPS 8
/* the layer by the Taylor method while the distance to the manifold
   exceeds this times max(1, |z|) (_nh_taylor_stiff_taylor_chunk), to this end with a
   margin on the estimated decay */
#define NH_STIFF_TAYLOR_DIST 0.125
#define NH_STIFF_TAYLOR_MARGIN 1.25
#ifndef NH_STIFF_PIECES
#define NH_STIFF_PIECES 8
#endif
typedef struct
{
    nh_taylor_ws_struct *w;
    slong N, Nf, Ns, P;
    arb_mat_t C, W;                 /* Nf x Nf */
    arb_mat_t T, Tinv, Tabs;        /* N x N: the frame e = T e~ */
    arb_mat_t D;                    /* N x N */
    arb_ptr y, ysh, F;              /* N jets in U */
    arb_ptr delta;                  /* N balls: |defect| bounds */
    double l2corr;                  /* log2 of the last accepted step over
                                       its guess, + 0.1, at most 0 */
}
nh_taylor_stiff_ws_struct;


/* r += an upper bound of |a| (an exact ball) */
void _nh_taylor_add_abs(arb_t r, const arb_t a, slong prec);
/* From s->D = D_x f at the midpoint: C, W and the frame T, T^{-1}, |T|;
   0 when the fast block is not invertible */
int _nh_taylor_stiff_frame(nh_taylor_stiff_ws_struct *s, slong prec);
/* M (2 x 2) of T^{-1} s->D T: log-norms of the blocks, norms of the couplings */
void _nh_taylor_stiff_matrix(arb_mat_t M, nh_taylor_stiff_ws_struct *s, slong prec);
/* u (2 exact balls) >= the max-norms of the slow and fast parts of T^{-1} v */
void _nh_taylor_stiff_norms(arb_ptr u, nh_taylor_stiff_ws_struct *s, arb_srcptr v, slong prec);
/* rad (N balls) = |T| rho (rho: 2 balls, slow and fast) */
void _nh_taylor_stiff_radius(arb_ptr rad, nh_taylor_stiff_ws_struct *s, arb_srcptr rho,
                             slong prec);
/* s->D at the midpoint of Z (s->y: the midpoint as constant jets) and
   the frame there; NH_ERR_PRECISION when the fast block is singular */
int _nh_taylor_stiff_frame_at(nh_taylor_stiff_ws_struct *s, arb_srcptr Z, const arb_t t,
                              nh_error_t err, slong prec);
/* (a) in the initial layer: s->y = the Taylor series (degree P) of the
   solution through the midpoint of Z, its coefficients' midpoints, and
   the frame there (the series on the manifold: nh_taylor_slow_series) */
int _nh_taylor_stiff_point_series(nh_taylor_stiff_ws_struct *s, arb_srcptr Z, const arb_t t,
                                  nh_error_t err, slong prec);
/* (b) s->delta >= |y' - f(y)| over [0, h]; NH_ERR_DOMAIN from rhs */
int _nh_taylor_stiff_defect(nh_taylor_stiff_ws_struct *s, const arb_t t, const arb_t h,
                            nh_error_t err, slong prec);
/* (c), (d) the box Z1 at t + h: 1, or 0 (the bound did not close, or the
   error the step adds exceeds 2^log2tol: then *l2fac < 0 is log2 of the
   factor for h), or -code */
int _nh_taylor_stiff_bound(arb_ptr Z1, double *l2fac, nh_taylor_stiff_ws_struct *s,
                           arb_srcptr Z, const arb_t t, const arb_t h, double log2tol,
                           nh_error_t err, slong prec);
/* taylor_stiff_layer.c: max(1, max_i |mid x_i|) */
double _nh_taylor_stiff_zmax(arb_srcptr x, slong N);
/* (P + 1) |C|_inf at the frame's point (an estimate) */
double _nh_taylor_stiff_contraction(nh_taylor_stiff_ws_struct *s, slong prec);
/* whether Z is near the slow manifold (s->y: the series on it); else
   log2 of the excess, the fast rate and the distance (estimates) */
int _nh_taylor_stiff_near(double *l2x, double *rate, double *dist, nh_taylor_stiff_ws_struct *s,
                          arb_srcptr Z, const nh_taylor_opts_t opts, slong prec);
/* the distance and the rate without the manifold's series (estimates) */
int _nh_taylor_stiff_layer_estimate(double *dist, double *rate, nh_taylor_stiff_ws_struct *s,
                                    const arb_t t, slong prec, nh_error_t err);
/* X at the exact mid(T) widened to every time in the ball T */
int _nh_taylor_stiff_time_ball(arb_ptr X, nh_taylor_stiff_ws_struct *s, const arb_t T,
                               slong prec, nh_error_t err);
/* the Taylor method from (Z, t) to tT through the output times before it */
int _nh_taylor_stiff_taylor_chunk(arb_ptr x_out, slong *j, arb_ptr Z, arb_t t, const arb_t tT,
                                  arb_srcptr times, slong nt, nh_taylor_rhs_fn rhs, void *data,
                                  slong N, const nh_taylor_opts_t ol, slong *steps, slong prec,
                                  nh_error_t err);
/* log2 of the step from the series' last two coefficients and log2 tol */
double _nh_taylor_stiff_guess(nh_taylor_stiff_ws_struct *s, double log2tol);

#endif
