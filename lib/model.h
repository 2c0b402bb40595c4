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
 * evaluation (division by a ball containing 0, log/sqrt of a ball not
 * certified positive) return NH_ERR_MODEL with a message naming the
 * quantity (e.g. "metric G[2][3]"), its source position file:line:col,
 * and the point (the constant terms of q).
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
/* Override a parameter (e.g. from the command line). */
int nh_model_set_param(nh_model_struct *M, const char *name, const fmpq_t value, nh_error_t err);
/* 1 if the potential is absent or the literal 0 (then h^(k) is
   homogeneous of degree k+1 in the velocity). */
int nh_model_potential_is_zero(const nh_model_struct *M);

/* Evaluation on jets: q = n jets in ctx.  Outputs are initialised by the
   caller with the right shape (G: n x n, A: m x n, mu: m x m, V: one
   jet). */
int nh_model_eval_metric(jet_mat_t G, const nh_model_struct *M, arb_srcptr q,
                         slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
int nh_model_eval_potential(arb_ptr V, const nh_model_struct *M, arb_srcptr q,
                            slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
int nh_model_eval_constraints(jet_mat_t A, const nh_model_struct *M, arb_srcptr q,
                              slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);
int nh_model_eval_friction(jet_mat_t mu, const nh_model_struct *M, arb_srcptr q,
                           slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err);

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

#endif
