/*
 * conv_orders.c -- reading a finished convergence study (lib/conv.h):
 * the local order from the two smallest eps and the verdict on the
 * observed orders (formerly inside oracles/cmd_converge.c).
 */
#include <math.h>
#include "conv.h"

int
nh_conv_orders_ok(const nh_conv_result_t r, slong k, double tol)
{
    int w;
    if (r->exact != NULL && r->exact[k].exact)
        return 1;
    for (w = 0; w < NH_CONV_DEFECT; w++)
        if (!(fabs(r->fit[k * NH_CONV_NQ + w].slope - r->predicted[k * NH_CONV_NQ + w]) <= tol))
            return 0;
    return 1;
}

double
nh_conv_local_order(const nh_conv_result_t r, slong k, int which)
{
    slong i, a = -1, b = -1, K1 = r->kmax + 1;
    for (i = 0; i < r->neps; i++)
    {
        if (a < 0 || r->eps[i] < r->eps[a])
        {
            b = a;
            a = i;
        }
        else if (b < 0 || r->eps[i] < r->eps[b])
            b = i;
    }
    if (a < 0 || b < 0 || r->eps[a] == r->eps[b])
        return NAN;
    return log(r->err[(a * K1 + k) * NH_CONV_NQ + which] / r->err[(b * K1 + k) * NH_CONV_NQ + which])
           / log(r->eps[a] / r->eps[b]);
}
