/* Internal helpers shared by the series_*.c files (not installed). */
#ifndef NH_SERIES_INTERNAL_H
#define NH_SERIES_INTERNAL_H

#include "series.h"

/* res (n jets) = M (n x n jet matrix) * b (n jets), at order ord. */
void _nh_matvec(arb_ptr res, const jet_mat_t M, arb_srcptr b, slong n,
                slong ord, const jet_ctx_t ctx, slong prec);

/* res (M->r jets) = M (r x c jet matrix) * b (c jets), at order ord.
   res must not alias b. */
void _nh_matvec_rect(arb_ptr res, const jet_mat_t M, arb_srcptr b, slong ord,
                     const jet_ctx_t ctx, slong prec);

/* res_i = c0_i + int_0^t a_i dt (n jets in ctx, variable 0 = t; c0: n
   balls): the trajectory's q from v and u from du/dt (both routes). */
void _nh_series_integrate_t(arb_ptr res, arb_srcptr a, arb_srcptr c0, slong n,
                            const jet_ctx_t ctx, slong prec);

/* A jet matrix X (G, S = A G^{-1} A^T or mu_bar along the series, all
   symmetric and positive definite for a model that passed
   nh_geom_check_point) was not inverted by jet_mat_solve: no pivot of
   its constant term certified nonzero.  Decided as nh_geom does
   (nh_check_spd on the constant term, lib/geom/geom_check.c): if the
   balls certify that the constant term is not positive definite (exact
   entries decided in rational arithmetic, or a leading principal minor
   certainly <= 0) the model is singular at the point: NH_ERR_MODEL;
   otherwise the balls are only too wide at this working precision (the
   point itself a wide ball, or the elimination lost the bits):
   NH_ERR_DOMAIN, which the precision-doubling loops retry (nh_cli_run,
   nh_series_acc).  The message is "WHAT singular along the series" or
   "WHAT not certified invertible along the series at PREC bits ...";
   returns the code. */
int _nh_series_singular(const jet_mat_t X, const char *what, const jet_ctx_t ctx,
                        slong prec, nh_error_t err);

#endif
