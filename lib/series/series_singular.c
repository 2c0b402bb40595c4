/* series_singular.c -- _nh_series_singular (impl.h): a matrix along the
   series that jet_mat_solve could not invert, classified as a certain
   singularity of the model (NH_ERR_MODEL, exit 3) or a ball too wide at
   the working precision (NH_ERR_DOMAIN, retried at more bits). */
#include "impl.h"

int
_nh_series_singular(const jet_mat_t X, const char *what, const jet_ctx_t ctx,
                    slong prec, nh_error_t err)
{
    arb_mat_t c;
    int r;

    arb_mat_init(c, X->r, X->c);
    jet_mat_get_const(c, X, ctx);
    r = nh_check_spd(c, what, NULL, prec);
    arb_mat_clear(c);
    if (r == NH_ERR_MODEL)
        return nh_error_set(err, NH_ERR_MODEL, "%s singular along the series "
                            "(its value at the point is certainly not positive definite)", what);
    return nh_error_set(err, NH_ERR_DOMAIN, "%s not certified invertible along the series "
                        "at %ld bits (its balls meet singular matrices; more bits may "
                        "separate them)", what, (long) prec);
}
