/*
 * jet_mat.h -- dense matrices whose entries are jets (see jet.h).
 *
 * Storage: one contiguous arb vector; entry (i, j) of an r x c matrix is
 * the jet at JET_MAT_ENTRY(M, i, j, ctx) = M->entries + (i*c + j)*ctx->len.
 * A vector of length r is an r x 1 matrix.  All operations truncate at
 * total degree ord (see jet.h) and take a working precision prec.
 * Used for G, G^{-1}, A, mu_bar, P, P_perp, FR_sharp, Q as functions of q
 * (or along a trajectory) -- nhoracle's own linear algebra over the jet
 * ring, since Arb's arb_mat works over R only.  Constant terms are
 * exported to arb_mat for the scalar geometry (arb_mat_solve etc.).
 */
#ifndef NH_JET_MAT_H
#define NH_JET_MAT_H

#include "jet.h"

/* An r x c matrix of jets of one context (JET_MAT_ENTRY(M, i, j, ctx)
   is entry (i, j)). */
typedef struct
{
    slong r, c;         /* rows, columns                                 */
    arb_ptr entries;    /* r c jets of ctx->len balls, row-major         */
}
jet_mat_struct;

typedef jet_mat_struct jet_mat_t[1];

#define JET_MAT_ENTRY(M, i, j, ctx) ((M)->entries + ((i) * (M)->c + (j)) * (ctx)->len)

/* Allocate an r x c matrix of zero jets / free it / set it to zero, to
   the identity, to A, to A^T; entrywise R = A + B, A - B, -A; R = s A
   for a jet s, truncated at total degree ord.  Shapes must agree. */
void jet_mat_init(jet_mat_t M, slong r, slong c, const jet_ctx_t ctx);  /* zero */
void jet_mat_clear(jet_mat_t M, const jet_ctx_t ctx);
void jet_mat_zero(jet_mat_t M, const jet_ctx_t ctx);
void jet_mat_one(jet_mat_t M, const jet_ctx_t ctx);                     /* identity (square) */
void jet_mat_set(jet_mat_t R, const jet_mat_t A, const jet_ctx_t ctx);
void jet_mat_transpose(jet_mat_t R, const jet_mat_t A, const jet_ctx_t ctx);  /* R != A */
void jet_mat_add(jet_mat_t R, const jet_mat_t A, const jet_mat_t B, const jet_ctx_t ctx, slong prec);
void jet_mat_sub(jet_mat_t R, const jet_mat_t A, const jet_mat_t B, const jet_ctx_t ctx, slong prec);
void jet_mat_neg(jet_mat_t R, const jet_mat_t A, const jet_ctx_t ctx);
void jet_mat_scalar_mul_jet(jet_mat_t R, const jet_mat_t A, arb_srcptr s, slong ord, const jet_ctx_t ctx, slong prec);
/* R = A B (R may alias neither A nor B). */
void jet_mat_mul(jet_mat_t R, const jet_mat_t A, const jet_mat_t B, slong ord, const jet_ctx_t ctx, slong prec);
/* X = A^{-1} B by Gaussian elimination with partial pivoting on the
   constant terms (pivot = entry whose constant-term ball has the largest
   lower bound of |.|).  Returns NH_OK, or NH_ERR_DOMAIN if no pivot's
   constant term is certified nonzero (A(0) singular or too wide). X may
   alias B, not A.  Cost n^3/3 + n^2 m jet products and n jet_inv.
   Not replaced by the graded recursion with one constant inverse
   (X_c = A_0^{-1} (B_c - sum_{a != 0} A_a X_b), n^2 m product-equivalents):
   its radii obey the recurrence with the entrywise absolute matrices
   |A_0^{-1}| |A_a| (the wrapping effect; also with M_a = A_0^{-1} A_a
   formed first), whose growth can exceed the series' own, while the
   elimination's recurrences are triangular: measured 8-12x wider on a 3x3
   integer matrix at order 20, 1e3-5e4x on the 2x2 (t, eps) series at
   orders 14-20, 1e9x on the rolling disc's 5x5 matrices of jets in 5
   variables at order 5 (its h^(5) 4.6e15x: t-series_covariant fails);
   doc/bench.md, issue 33. */
int jet_mat_solve(jet_mat_t X, const jet_mat_t A, const jet_mat_t B, slong ord, const jet_ctx_t ctx, slong prec);
int jet_mat_inv(jet_mat_t X, const jet_mat_t A, slong ord, const jet_ctx_t ctx, slong prec);
/* Constant terms into an arb_mat (which must be r x c). */
void jet_mat_get_const(arb_mat_t R, const jet_mat_t A, const jet_ctx_t ctx);
/* R = dA/dx_i entrywise. */
void jet_mat_derivative(jet_mat_t R, const jet_mat_t A, slong i, const jet_ctx_t ctx, slong prec);

#endif
