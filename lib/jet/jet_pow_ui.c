/*
 * jet_pow_ui.c -- a^e by binary powering (left-to-right), truncated at
 * total degree ord.  res may alias a.
 */
#include "impl.h"

void
jet_pow_ui(arb_ptr res, arb_srcptr a, ulong e, slong ord,
           const jet_ctx_t ctx, slong prec)
{
    arb_ptr base, r;
    slong bit;

    if (e == 0)
    {
        jet_set_si(res, 1, ctx);
        return;
    }
    if (e == 1)
    {
        jet_set(res, a, ctx);
        if (ord < ctx->order)
            _jet_vec_zero(res + jet_ctx_len(ctx, ord),
                          ctx->len - jet_ctx_len(ctx, ord));
        return;
    }
    if (e == 2)
    {
        jet_mul(res, a, a, ord, ctx, prec);
        return;
    }

    base = jet_init(ctx);
    r = jet_init(ctx);
    jet_set(base, a, ctx);
    jet_set(r, a, ctx);
    bit = FLINT_BIT_COUNT(e) - 2;
    for (; bit >= 0; bit--)
    {
        jet_mul(r, r, r, ord, ctx, prec);
        if ((e >> bit) & 1)
            jet_mul(r, r, base, ord, ctx, prec);
    }
    _arb_vec_swap(res, r, ctx->len);
    jet_clear(base, ctx);
    jet_clear(r, ctx);
}
