/* Small helpers for the series module. */
#include "impl.h"

void
_nh_matvec(arb_ptr res, const jet_mat_t M, arb_srcptr b, slong n,
           slong ord, const jet_ctx_t ctx, slong prec)
{
    slong i;
    for (i = 0; i < n; i++)
        jet_dot(JET_ENTRY(res, i, ctx), JET_MAT_ENTRY(M, i, 0, ctx), ctx->len,
                b, ctx->len, n, ord, ctx, prec);
}

void
_nh_matvec_rect(arb_ptr res, const jet_mat_t M, arb_srcptr b, slong ord,
                const jet_ctx_t ctx, slong prec)
{
    slong i;
    for (i = 0; i < M->r; i++)
        jet_dot(JET_ENTRY(res, i, ctx), JET_MAT_ENTRY(M, i, 0, ctx), ctx->len,
                b, ctx->len, M->c, ord, ctx, prec);
}

int
_nh_series_is_identity(const jet_mat_t X, const jet_ctx_t ctx)
{
    slong i, j, len = ctx->len;
    for (i = 0; i < X->r; i++)
        for (j = 0; j < X->c; j++)
        {
            arb_srcptr x = JET_MAT_ENTRY(X, i, j, ctx);
            if (!(i == j ? arb_is_one(x) : arb_is_zero(x)) || !_arb_vec_is_zero(x + 1, len - 1))
                return 0;
        }
    return 1;
}

void
_nh_series_integrate_t(arb_ptr res, arb_srcptr a, arb_srcptr c0, slong n,
                       const jet_ctx_t ctx, slong prec)
{
    slong i;
    for (i = 0; i < n; i++)
    {
        jet_integral(JET_ENTRY(res, i, ctx), JET_ENTRY(a, i, ctx), 0, ctx, prec);
        arb_add(JET_ENTRY(res, i, ctx), JET_ENTRY(res, i, ctx), c0 + i, prec);
    }
}
