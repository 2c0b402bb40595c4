/*
 * model.h -- model files (cases/ *.nh): a simple mechanical system with
 * Rayleigh friction, as in paper 000 Sec 3 (eq (37)-(40)).
 *
 * A model has n configuration coordinates q^1..q^n (named), named
 * parameters with exact rational values, and expressions in q and the
 * parameters for
 *   - the metric G(q)            n x n symmetric (full or diagonal),
 *   - the potential V(q)         scalar (default 0),
 *   - the constraint one-forms   m x n matrix A(q), row l = a^l(q),
 *   - friction coefficients      m x m symmetric mu_bar(q) (default I),
 * so that FR_ij = A^l_i mu_bar_lk A^k_j (paper 000 eq (37)) and the
 * friction force is -(1/eps) FR(v).  The file format is documented in
 * doc/model-format.md.
 *
 * Expressions: + - * / ^ (exponent: any expression; rational constant
 * exponents use jet_pow_fmpq, others exp(b log a)), unary minus,
 * parentheses, sin cos tan exp log sqrt, rational literals (decimal
 * literals are exact: 0.2 = 1/5, 1e-3 = 1/1000), parameter and
 * coordinate names, and the constant pi.
 *
 * Evaluation is on jets (jet.h): the caller passes n jets q[0..n-1] (in
 * any jet context -- e.g. q_i = q0_i + x_i for derivatives at a point, or
 * bivariate series along a trajectory) and receives jets.  Errors during
 * evaluation name the quantity (e.g. "metric G[2][3]"), its source
 * position file:line:col, and the point (the constant terms of q), with
 * code
 *   NH_ERR_MODEL   when the point is certifiably singular (a divisor
 *                  exactly 0, log/sqrt/non-integer power of a value
 *                  certainly <= 0) or an exact exponent has more than
 *                  62 bits;
 *   NH_ERR_DOMAIN  when a ball only meets the singular set (a divisor
 *                  ball containing 0 but not exactly 0, tan near a pole):
 *                  a higher working precision may separate it, and the
 *                  command-line driver retries (nh_cli_run,
 *                  oracles/cli/run.c).
 */
#ifndef NH_MODEL_H
#define NH_MODEL_H

#include "jet_mat.h"

typedef struct nh_model_struct nh_model_struct;
typedef nh_model_struct * nh_model_ptr;

/* Parse a model file.  On success *M is a new model (free with
   nh_model_free) and NH_OK is returned; on failure *M = NULL and
   NH_ERR_PARSE (or NH_ERR_IO) is returned with a message
   "file:line:col: expected ..., found ...". */
int nh_model_load(nh_model_ptr *M, const char *path, nh_error_t err);
/* Same from a string; filename is used in messages only. */
int nh_model_parse(nh_model_ptr *M, const char *text, const char *filename, nh_error_t err);
void nh_model_free(nh_model_ptr M);

/* Accessors of a loaded model (strings owned by M, valid until
   nh_model_free): its name (the `model` line), source (citation line),
   file name; n = number of coordinates, m = number of constraints; the
   name of coordinate i (0 <= i < n) and the index of a coordinate name;
   the parameters (count, name and exact value of parameter k). */
const char *nh_model_name(const nh_model_struct *M);
const char *nh_model_source(const nh_model_struct *M);      /* citation line, may be "" */
const char *nh_model_filename(const nh_model_struct *M);
slong nh_model_n(const nh_model_struct *M);                 /* coordinates  */
slong nh_model_m(const nh_model_struct *M);                 /* constraints  */
const char *nh_model_coord_name(const nh_model_struct *M, slong i);
slong nh_model_coord_index(const nh_model_struct *M, const char *name); /* -1 if none */
slong nh_model_nparams(const nh_model_struct *M);
const char *nh_model_param_name(const nh_model_struct *M, slong k);
void nh_model_param_value(fmpq_t res, const nh_model_struct *M, slong k);
/* Override a parameter (e.g. from the command line).  Every later
   parameter whose definition uses parameters (a derived parameter,
   doc/model-format.md "Derived parameters") and that was not itself set
   by nh_model_set_param is re-evaluated exactly from its definition, in
   file order (issue 16).  Errors: NH_ERR_USAGE for an unknown name, or
   "file:line:col: parameter 'b', defined from 'a', cannot be
   re-evaluated: division by zero" (the model is then unusable: free
   it). */
int nh_model_set_param(nh_model_struct *M, const char *name, const fmpq_t value, nh_error_t err);
/* 1 if parameter k is defined from other parameters (its value follows
   theirs unless it is set directly). */
int nh_model_param_is_derived(const nh_model_struct *M, slong k);
/* What defines G, for messages: "metric G", or "kinetic energy T
   (file:line:col)" for a model written with 'kinetic:' / 'lagrangian:'. */
const char *nh_model_metric_what(const nh_model_struct *M);
/* 1 if the potential is absent or the literal 0 (then h^(k) is
   homogeneous of degree k+1 in the velocity). */
int nh_model_potential_is_zero(const nh_model_struct *M);

/* Evaluation on jets: q = n jets in ctx.  Outputs are initialised by the
   caller with the right shape (G: n x n, A: m x n, mu: m x m, V: one
   jet).
   G and mu_bar must be symmetric as functions of q (doc/model-format.md
   "Symmetric matrices"): the upper triangle defines them; a lower entry
   written differently from its upper entry is also evaluated, and
   nh_model_eval_metric / nh_model_eval_friction return NH_ERR_MODEL
   ("file:line:col: metric G is not symmetric as a function of q: ...",
   naming both entries, the derivative order or a nearby point, and q)
   when some jet coefficient up to ord, or the values at the nearby
   point q + dq (dq_i = 1/(53 + 6 i)), certainly differ; otherwise the
   result is exactly symmetric (lower entries copied from the upper). */
int nh_model_eval_metric(jet_mat_t G, const nh_model_struct *M, arb_srcptr q,
                         slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
int nh_model_eval_potential(arb_ptr V, const nh_model_struct *M, arb_srcptr q,
                            slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
int nh_model_eval_constraints(jet_mat_t A, const nh_model_struct *M, arb_srcptr q,
                              slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
int nh_model_eval_friction(jet_mat_t mu, const nh_model_struct *M, arb_srcptr q,
                           slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);

/* All quantities at one point in one call (issue 16, doc/model-format.md
   "let"): every let, and every subexpression shared by several
   expressions (the derivative trees of d(), the coefficients of forms
   and energies), is evaluated once per call into a jet slot and reused
   by every later expression, instead of being re-expanded at each use.
   Each non-NULL output is filled as by the single-quantity function of
   the same name below (shapes: G n x n, A m x n, b m x 1, mu m x m,
   Delta n x 1, F n x 1, C n x n, V one jet), in the order G, A, b, mu,
   Delta, F, V, C; the first error stops the call (same codes and
   messages).  let_evals: NULL, or nh_model_nlets(M) counters, each
   incremented by the number of times that let's value was computed in
   the call (1 for a let used by a requested quantity, 0 for an unused
   one, a let that is a form in the differentials, a coordinate or an
   exact constant). */
typedef struct
{
    jet_mat_struct *G, *A, *b, *mu, *Delta, *F, *C; /* NULL or initialised
                           matrices of the shapes above                 */
    arb_ptr V;          /* NULL or one jet: the potential                */
    slong *let_evals;   /* NULL or nh_model_nlets(M) counters            */
}
nh_model_values_struct;

/* Fill the non-NULL outputs of out at q (n balls) as jets of order ord
   in context ctx (the variables are the displacements from q), at
   working precision prec.  Errors: as the single-quantity functions
   (NH_ERR_DOMAIN when an expression meets its singular set, message
   naming the expression and the point). */
int nh_model_eval(const nh_model_values_struct *out, const nh_model_struct *M, arb_srcptr q,
                  slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);

/* The let definitions, in file order. */
slong nh_model_nlets(const nh_model_struct *M);
const char *nh_model_let_name(const nh_model_struct *M, slong k);

/* Parse a point "theta=0.3,x=0,y=-1/2" into vals[0..n-1] (names left out
   are 0; decimal literals exact; values are exact rationals rounded to
   balls at prec).  what ("--q", "--v") is used in messages.  Unknown
   names and malformed numbers give NH_ERR_USAGE. */
int nh_model_parse_point(arb_ptr vals, const nh_model_struct *M, const char *spec,
                         const char *what, slong prec, nh_error_t err);

/* Same, exactly: vals = n rationals (initialised by the caller).  Use
   this when the point must be re-rounded at several precisions (e.g.
   nh_series_acc). */
int nh_model_parse_point_fmpq(fmpq *vals, const nh_model_struct *M, const char *spec,
                              const char *what, nh_error_t err);

/* ---- issue 7: time, affine constraints, one-form, forces --------------
   (doc/model-format.md "Time-dependent and affine models").  A model may
   use the time `t` in any expression, an affine term `c*dt` in
   constraint forms (a^l(q,t)(qdot) + c^l(q,t) = 0, i.e. A qdot + b = 0
   with b = (c^l)), a one-form Delta(q,t) (Lagrangian
   L = 1/2 G(qdot,qdot) + Delta(qdot) - V, 003 Sec 3.2) and a generalized
   force F(q,t) (covector).  For such models every nh_model_eval_*
   function needs q = n + 1 jets, the last one the time t (passing n + 1
   jets is always allowed; the extra one is ignored by models without
   t). */

/* 1 if some expression uses the time t. */
int nh_model_has_time(const nh_model_struct *M);
/* 1 if no constraint has a (nonzero) dt term. */
int nh_model_constraints_are_linear(const nh_model_struct *M);
/* 1 if a nonzero 'oneform' / 'force' line is given. */
int nh_model_has_oneform(const nh_model_struct *M);
int nh_model_has_force(const nh_model_struct *M);
/* 1 if nonzero 'damping' lines are given (force -C(q,t) qdot). */
int nh_model_has_damping(const nh_model_struct *M);
/* 1 if the model is of the original class (paper 000): no t, linear
   constraints, no one-form, no force, no damping.  The slow-manifold code
   (nh_geom_compute) refuses other models with NH_ERR_MODEL. */
int nh_model_is_linear_autonomous(const nh_model_struct *M);
/* 1 if the file gives a 'friction' block (mu_bar); 0 when mu_bar is the
   default identity.  The friction realization of time-dependent or affine
   models (series/reduced --t, the full flow) requires the block
   (nh_geom_check_point_time; doc/model-format.md). */
int nh_model_has_friction(const nh_model_struct *M);

/* b (m x 1): the dt coefficients c^l of the constraints (zero if none). */
int nh_model_eval_constraints_dt(jet_mat_t b, const nh_model_struct *M, arb_srcptr q,
                                 slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
/* Delta (n x 1): the one-form of the Lagrangian (zero if none). */
int nh_model_eval_oneform(jet_mat_t Delta, const nh_model_struct *M, arb_srcptr q,
                          slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
/* C (n x n): the damping matrix, force F_i = -C_ij qdot^j (zero if none). */
int nh_model_eval_damping(jet_mat_t C, const nh_model_struct *M, arb_srcptr q,
                          slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
/* F (n x 1): the generalized force (zero if none). */
int nh_model_eval_force(jet_mat_t F, const nh_model_struct *M, arb_srcptr q,
                        slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);

#endif
