/*
 * nh_series_acc -- "certified or retry": h^(k) to a requested accuracy,
 * raising the working precision until the balls are narrow enough.
 */
#include <math.h>
#include "impl.h"

double
nh_series_block_accuracy(arb_srcptr x, slong K, slong n, slong *worst_k)
{
    slong k, i;
    double best = HUGE_VAL;
    if (worst_k != NULL)
        *worst_k = 0;
    for (k = 0; k < K; k++)
    {
        double scale = 0.0, rad = 0.0, bits;
        for (i = 0; i < n; i++)
        {
            arb_srcptr y = x + k * n + i;
            double a = fabs(arf_get_d(arb_midref(y), ARF_RND_DOWN));
            double r = mag_get_d(arb_radref(y));
            if (a > scale)
                scale = a;
            if (r > rad)
                rad = r;
        }
        if (rad == 0.0)
            continue;
        if (!isfinite(rad))
            bits = -HUGE_VAL;
        else if (scale > rad)
            bits = log2(scale / rad);
        else
            /* every ball of the block is consistent with 0 (a quantity
               that vanishes identically, e.g. h^(k) of a model whose free
               motion preserves D): absolute accuracy, as for exact 0 */
            bits = -log2(rad);
        if (bits < best)
        {
            best = bits;
            if (worst_k != NULL)
                *worst_k = k + 1;
        }
    }
    return best;
}

int
nh_series_acc(arb_ptr vD, arb_ptr h, arb_ptr react, int route,
              const nh_model_struct *M, const fmpq *q, const fmpq *v,
              slong K, slong acc_bits, slong max_prec, slong *prec_used,
              nh_error_t err)
{
    slong n = nh_model_n(M), i, guard, wp, wk = 0, last_wp = 0;
    arb_ptr q0, v0;
    int status = NH_OK;
    double got = 0.0;

    if (acc_bits < 2 || acc_bits > max_prec)
        return nh_error_set(err, NH_ERR_USAGE,
                            "requested accuracy %ld bits outside 2..%ld (the precision cap)",
                            (long) acc_bits, (long) max_prec);
    if (route != NH_ROUTE_TIME && route != NH_ROUTE_COVARIANT)
        return nh_error_set(err, NH_ERR_USAGE, "unknown series route %d", route);

    q0 = _arb_vec_init(n);
    v0 = _arb_vec_init(n);
    guard = 32 + 4 * K;
    for (;;)
    {
        wp = acc_bits + guard;
        if (wp > max_prec)
        {
            status = nh_error_set(err, NH_ERR_PRECISION,
                "h^(%ld) certified to only %.0f bits at working precision %ld; "
                "%ld bits requested and the next try (%ld bits) exceeds the cap %ld "
                "(raise it with --max-prec)",
                (long) wk, got, (long) last_wp, (long) acc_bits,
                (long) wp, (long) max_prec);
            break;
        }
        for (i = 0; i < n; i++)
        {
            arb_set_fmpq(q0 + i, q + i, wp);
            arb_set_fmpq(v0 + i, v + i, wp);
        }
        last_wp = wp;
        status = nh_project_D(vD, M, q0, v0, wp, err);
        if (status == NH_OK)
        {
            if (route == NH_ROUTE_TIME)
                status = nh_series_time(h, react, M, q0, vD, K, wp, err);
            else
                status = nh_series_covariant(h, react, M, q0, vD, K, wp, err);
        }
        if (status == NH_ERR_DOMAIN && acc_bits + 2 * guard <= max_prec)
        {
            /* a ball met a singular set (e.g. a denominator ball
               containing 0 at a point near a pole): more bits may
               separate it */
            nh_error_init(err);
            guard *= 2;
            continue;
        }
        if (status != NH_OK)
            break;
        got = nh_series_block_accuracy(h, K, n, &wk);
        if (react != NULL)
        {
            slong rk;
            double gr = nh_series_block_accuracy(react, K, n, &rk);
            if (gr < got)
                got = gr, wk = rk;
        }
        if (got >= (double) acc_bits)
            break;
        guard *= 2;
    }
    if (prec_used != NULL)
        *prec_used = last_wp;
    _arb_vec_clear(q0, n);
    _arb_vec_clear(v0, n);
    return status;
}
