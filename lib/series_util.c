/* Small helpers for the series module. */
#include <stdio.h>
#include <string.h>
#include "series_internal.h"

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
_nh_point_str(char *buf, size_t size, arb_srcptr q, slong n, slong stride)
{
    slong i;
    size_t used = 0;
    buf[0] = '\0';
    used += snprintf(buf + used, size - used, "(");
    for (i = 0; i < n && used < size; i++)
    {
        char *s = arb_get_str(q + i * stride, 10, ARB_STR_NO_RADIUS);
        used += snprintf(buf + used, used < size ? size - used : 0, "%s%s",
                         s, i + 1 < n ? ", " : ")");
        flint_free(s);
    }
    if (n == 0 && used < size)
        snprintf(buf + used, size - used, ")");
}

int
_nh_check_model_at(const jet_mat_t G, const jet_mat_t A, const jet_mat_t mu,
                   arb_srcptr q0, slong n, slong m, const jet_ctx_t ctx,
                   slong prec, nh_error_t err)
{
    arb_mat_t c;
    char pt[512];
    int status;

    _nh_point_str(pt, sizeof pt, q0, n, 1);

    arb_mat_init(c, n, n);
    jet_mat_get_const(c, G, ctx);
    status = nh_check_spd(c, "metric G", err, prec);
    arb_mat_clear(c);
    if (status != NH_OK)
        return nh_error_prefix(err, "at q = %s: ", pt), status;

    arb_mat_init(c, m, n);
    jet_mat_get_const(c, A, ctx);
    status = nh_check_full_row_rank(c, "constraint matrix A", err, prec);
    arb_mat_clear(c);
    if (status != NH_OK)
        return nh_error_prefix(err, "at q = %s: ", pt), status;

    arb_mat_init(c, m, m);
    jet_mat_get_const(c, mu, ctx);
    status = nh_check_spd(c, "friction mu_bar", err, prec);
    arb_mat_clear(c);
    if (status != NH_OK)
        return nh_error_prefix(err, "at q = %s: ", pt), status;

    return NH_OK;
}
