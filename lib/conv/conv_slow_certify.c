/*
 * conv_slow_certify.c -- the certified invariance residual of the
 * truncated series at every eps of the slow-manifold study (issue 14;
 * conv.h, nh_conv_slow_certify): R_K (nh_conv_slow_invariance_residual,
 * paper 000 eq (60) with the series (66) truncated), its max norm and the
 * exact exponent between successive eps, all balls.
 */
#include <stdio.h>
#include "impl.h"

/* |x|_inf as a ball (n balls) */
static void
vec_norm_inf(arb_t r, arb_srcptr x, slong n, slong prec)
{
    slong i;
    arb_t a;
    arb_init(a);
    arb_zero(r);
    for (i = 0; i < n; i++)
    {
        arb_abs(a, x + i);
        arb_max(r, r, a, prec);
    }
    arb_clear(a);
}

/* slope = log(a / b) / log(ea / eb); 0 when a or b may be 0 */
static int
exponent(arb_t slope, const arb_t a, const arb_t b, const arb_t ea, const arb_t eb, slong prec)
{
    arb_t x, y;
    int ok = arb_is_positive(a) && arb_is_positive(b);
    if (!ok)
        return 0;
    arb_init(x);
    arb_init(y);
    arb_div(x, a, b, prec);
    arb_log(x, x, prec);
    arb_div(y, ea, eb, prec);
    arb_log(y, y, prec);
    arb_div(slope, x, y, prec);
    arb_clear(x);
    arb_clear(y);
    return arb_is_finite(slope);
}

static int
unavailable(nh_conv_slow_struct *S, const char *msg)
{
    S->Kc = -1;
    snprintf(S->why, sizeof S->why, "%s", msg);
    return NH_OK;
}

int
nh_conv_slow_certify(nh_conv_slow_struct *S, const nh_model_struct *M, arb_srcptr q,
                     const fmpq *eps, slong prec, nh_error_t err)
{
    slong n = S->n, N = S->neps, Kc = S->Kc, j, k;
    arb_ptr epsb;
    int rc = NH_OK;

    if (!nh_model_is_linear_autonomous(M))
        return unavailable(S, "not available: the model is not of the original class of "
                           "paper 000 (time, affine constraints, one-form, force or damping)");
    if (Kc < 0)
        return unavailable(S, "not available: no order");
    epsb = _arb_vec_init(N);
    for (j = 0; j < N; j++)
        arb_set_fmpq(epsb + j, eps + j, prec);
    for (j = 0; rc == NH_OK && j < N; j++)
        for (k = 0; rc == NH_OK && k <= Kc; k++)
        {
            slong r = j * (Kc + 1) + k;
            rc = nh_conv_slow_invariance_residual(S->cres + r * n, M, q, S->vD, k, epsb + j,
                                                  prec, err);
            if (rc == NH_OK)
                vec_norm_inf(S->cnorm + r, S->cres + r * n, n, prec);
            else
            {
                char *es = fmpq_get_str(NULL, 10, eps + j);
                nh_error_prefix(err, "certified residual R_%ld at eps = %s: ", (long) k, es);
                flint_free(es);
            }
        }
    for (j = 0; rc == NH_OK && j + 1 < N; j++)
        for (k = 0; k <= Kc; k++)
        {
            slong r = j * (Kc + 1) + k;
            S->cslope_ok[r] = exponent(S->cslope + r, S->cnorm + r, S->cnorm + r + Kc + 1,
                                       epsb + j, epsb + j + 1, prec);
        }
    _arb_vec_clear(epsb, N);
    return rc;
}
