/*
 * nh_series_acc -- "certified or retry": h^(k) to a requested accuracy,
 * raising the working precision until the balls are narrow enough.
 */
#include <math.h>
#include "impl.h"
#include "nh_prec.h"

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

/* One attempt of nh_series_acc with `guard` guard bits (nh_prec_loop). */
typedef struct
{
    arb_ptr vD, h, react, q0, v0;
    int route;
    const nh_model_struct *M;
    const fmpq *q, *v;
    slong K, acc_bits, last_wp, wk;
    double got;
}
acc_attempt_struct;

static int
acc_attempt(void *data, slong guard, nh_error_t err)
{
    acc_attempt_struct *A = data;
    slong n = nh_model_n(A->M), i, wp = A->acc_bits + guard;
    int status;

    for (i = 0; i < n; i++)
    {
        arb_set_fmpq(A->q0 + i, A->q + i, wp);
        arb_set_fmpq(A->v0 + i, A->v + i, wp);
    }
    A->last_wp = wp;
    status = nh_project_D(A->vD, A->M, A->q0, A->v0, wp, err);
    if (status == NH_OK)
    {
        if (A->route == NH_ROUTE_TIME)
            status = nh_series_time(A->h, A->react, A->M, A->q0, A->vD, A->K, wp, err);
        else
            status = nh_series_covariant(A->h, A->react, A->M, A->q0, A->vD, A->K, wp, err);
    }
    if (status != NH_OK)
        return status;
    A->got = nh_series_block_accuracy(A->h, A->K, n, &A->wk);
    if (A->react != NULL)
    {
        slong rk;
        double gr = nh_series_block_accuracy(A->react, A->K, n, &rk);
        if (gr < A->got)
            A->got = gr, A->wk = rk;
    }
    return A->got >= (double) A->acc_bits ? NH_OK : NH_PREC_WIDE;
}

int
nh_series_acc(arb_ptr vD, arb_ptr h, arb_ptr react, int route,
              const nh_model_struct *M, const fmpq *q, const fmpq *v,
              slong K, slong acc_bits, slong max_prec, slong *prec_used,
              nh_error_t err)
{
    slong n = nh_model_n(M), guard;
    /* guard bits doubled while the next working precision stays under
       the cap; a ball meeting a singular set (a denominator ball
       containing 0 at a point near a pole) is retried too: more bits
       may separate it */
    nh_prec_policy_struct P = {32 + 4 * K, max_prec - acc_bits, 0, 1, NULL};
    acc_attempt_struct A = {vD, h, react, NULL, NULL, route, M, q, v, K, acc_bits, 0, 0, 0.0};
    int status;

    if (acc_bits < 2 || acc_bits > max_prec)
        return nh_error_set(err, NH_ERR_USAGE,
                            "requested accuracy %ld bits outside 2..%ld (the precision cap)",
                            (long) acc_bits, (long) max_prec);
    if (route != NH_ROUTE_TIME && route != NH_ROUTE_COVARIANT)
        return nh_error_set(err, NH_ERR_USAGE, "unknown series route %d", route);

    A.q0 = _arb_vec_init(n);
    A.v0 = _arb_vec_init(n);
    status = nh_prec_loop(&guard, &P, acc_attempt, &A, err);
    if (status == NH_PREC_WIDE)
        status = nh_error_set(err, NH_ERR_PRECISION,
            "h^(%ld) certified to only %.0f bits at working precision %ld; "
            "%ld bits requested and the next try (%ld bits) exceeds the cap %ld "
            "(raise it with --max-prec)",
            (long) A.wk, A.got, (long) A.last_wp, (long) acc_bits,
            (long) (acc_bits + (guard > 0 ? 2 * guard : P.start)), (long) max_prec);
    if (prec_used != NULL)
        *prec_used = A.last_wp;
    _arb_vec_clear(A.q0, n);
    _arb_vec_clear(A.v0, n);
    return status;
}
