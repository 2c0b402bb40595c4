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

/* Whether the r x r jet matrix X is exactly the identity: constant terms
   exactly 1 on the diagonal, every other coefficient exactly 0 (mu_bar
   by default).  Both routes then skip the solve with it: multiplying by
   the exact identity changes no ball. */
int _nh_series_is_identity(const jet_mat_t X, const jet_ctx_t ctx);

/* The contexts of the series in (t, eps) at order s (*c2)[s - 1] and in
   (t, eps | y), order s + 1, degree <= 1 in the n variables y,
   (*cy)[s - 1], for s = 1..K: built on the first call for (n, K) and kept
   per thread (freed by flint_cleanup()); the arrays stay valid until a
   call with another n or a larger K.  Both routes read them; they hold
   no values of a point. */
void _nh_series_contexts(jet_ctx_struct **c2, jet_ctx_struct **cy, slong n, slong K);

/* Per-thread workspace slots, one per route (the time route, its order-1
   sweep for the reduced field, the covariant route): a route takes the
   workspace of its last call on this thread if that was built for the
   same (n, m, K) (NULL otherwise: it builds one; a workspace of another
   shape is freed), and gives it back when it returns (freeing the one in
   the slot).  A workspace lives on the contexts of _nh_series_contexts:
   the slots are emptied, with each workspace's clear function, before
   those contexts are rebuilt or freed (flint_cleanup()).  What a route
   reads from a kept workspace it has written in the same call (the state
   is reset at its start), so the balls are those of a fresh one; the
   gain is the allocation of its jets and of their limbs.  A workspace
   whose size estimate (bytes, the route's memory estimate) is above
   NH_SERIES_WS_KEEP_BYTES is freed at once instead of kept: a process
   must not hold a high order's hundreds of MB after the call. */
#define NH_SERIES_WS_TIME 0
#define NH_SERIES_WS_FIELD 1
#define NH_SERIES_WS_COV 2
#define NH_SERIES_WS_SLOTS 3
#define NH_SERIES_WS_KEEP_BYTES 16e6
typedef void (*_nh_series_ws_clear_fn)(void *ws);
void *_nh_series_ws_take(int slot, slong n, slong m, slong K);
void _nh_series_ws_give(int slot, void *ws, slong n, slong m, slong K, double bytes,
                        _nh_series_ws_clear_fn clear);

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
