/* Internal helpers shared by the series_*.c files (not installed). */
#ifndef NH_SERIES_INTERNAL_H
#define NH_SERIES_INTERNAL_H

#include "series.h"

/* res (n jets) = M (n x n jet matrix) * b (n jets), at order ord. */
void _nh_matvec(arb_ptr res, const jet_mat_t M, arb_srcptr b, slong n,
                slong ord, const jet_ctx_t ctx, slong prec);

/* Format the constant terms of n jets (or n balls when stride == 1) as
   "(a, b, c)" into buf for error messages. */
void _nh_point_str(char *buf, size_t size, arb_srcptr q, slong n, slong stride);

/* Check G, A, mu_bar at the constant terms (certified), naming the
   point in the message. */
int _nh_check_model_at(const jet_mat_t G, const jet_mat_t A, const jet_mat_t mu,
                       arb_srcptr q0, slong n, slong m, const jet_ctx_t ctx,
                       slong prec, nh_error_t err);

#endif
