/*
 * dataset_tolerance.c -- the shared tolerance defaults of check and
 * validate (lib/dataset.h).
 */
#include "dataset.h"

void
nh_tolerance_defaults(double *atol, double *rtol)
{
    if (atol != NULL)
        *atol = NH_TOL_DEFAULT_ATOL;
    if (rtol != NULL)
        *rtol = NH_TOL_DEFAULT_RTOL;
}
