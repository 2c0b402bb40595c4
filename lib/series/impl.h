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

#endif
