/*
 * taylor_testutil.h -- right-hand sides shared by the lib/taylor tests
 * (t-taylor_linear, t-taylor_variational, t-taylor_guess): y' = L y,
 * y' = y^2 and y' = t y on jets.
 */
#ifndef NH_TAYLOR_TESTUTIL_H
#define NH_TAYLOR_TESTUTIL_H

#include "taylor.h"

typedef struct { arb_mat_struct *L; } lin_data;

static int
rhs_linear(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx,
           void *data, slong prec, nh_error_t err)
{
    arb_mat_struct *L = ((lin_data *) data)->L;
    slong n = arb_mat_nrows(L), i, j;
    (void) t0; (void) ord; (void) err;
    for (i = 0; i < n; i++)
    {
        jet_zero(JET_ENTRY(f, i, ctx), ctx);
        for (j = 0; j < n; j++)
            jet_addmul_scalar(JET_ENTRY(f, i, ctx), JET_ENTRY(x, j, ctx),
                              arb_mat_entry(L, i, j), ctx, prec);
    }
    return NH_OK;
}

/* The stiff, non-normal L (3 x 3, initialised) with eigenvalues -1000,
   -10, -1, and y0 = (2, -1, 1). */
static void
stiff_example(arb_mat_t L, arb_ptr y0)
{
    arb_mat_zero(L);
    arb_set_si(arb_mat_entry(L, 0, 0), -1000);
    arb_set_si(arb_mat_entry(L, 0, 1), 30);
    arb_set_si(arb_mat_entry(L, 0, 2), 1);
    arb_set_si(arb_mat_entry(L, 1, 1), -10);
    arb_set_si(arb_mat_entry(L, 1, 2), 5);
    arb_set_si(arb_mat_entry(L, 2, 2), -1);
    arb_set_si(y0 + 0, 2); arb_set_si(y0 + 1, -1); arb_set_si(y0 + 2, 1);
}

/* y' = y^2 */
static int
rhs_sq(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx,
       void *data, slong prec, nh_error_t err)
{
    (void) data; (void) err; (void) t0;
    jet_mul(f, x, x, ord, ctx, prec);
    return NH_OK;
}

/* y' = (t0 + s) y */
static int
rhs_ty(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx,
       void *data, slong prec, nh_error_t err)
{
    arb_ptr t = jet_init(ctx);
    (void) data; (void) err;
    jet_set_var(t, t0, 0, ctx);
    jet_mul(f, t, x, ord, ctx, prec);
    jet_clear(t, ctx);
    return NH_OK;
}

#endif
