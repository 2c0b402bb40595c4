/* Shared helper of the C tests of lib/nhdyn (header-only, test code
   only): the three nonholonomic routes at one point. */
#ifndef NH_NHDYN_TESTUTIL_H
#define NH_NHDYN_TESTUTIL_H

#include "nhdyn.h"
#include "tap.h"

/* D (initialised for M) set at (q, t = 0); v (n) completed into D; then
   route 1 (acc1, mult: n, m), route 2 (acc2: n; only for models with
   nh_model_is_linear_autonomous) and route 3 (acc3: n).  Bails out of the
   TAP plan on any error. */
static inline void
tu_routes123(arb_ptr acc1, arb_ptr mult, arb_ptr acc2, arb_ptr acc3, nh_dyn_t D,
             const nh_model_struct *M, arb_srcptr q, arb_ptr v, slong prec)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    arb_ptr Bab = _arb_vec_init(n * n * n), Ba = _arb_vec_init(n * n), pd = _arb_vec_init(m),
            lam = _arb_vec_init(n);
    nh_error_t err;
    arb_t t;
    arb_init(t);
    nh_error_init(err);
    if (nh_dyn_set_point(D, M, q, t, NULL, prec, err) != NH_OK)
        tap_bail("%s", err->msg);
    nh_dyn_complete_velocity(v, D, prec);
    if (nh_dyn_lagrange(acc1, mult, D, v, prec, err) != NH_OK
        || nh_dyn_voronets(acc3, Bab, Ba, pd, D, v, prec, err) != NH_OK
        || nh_dyn_connection(acc2, lam, M, q, v, prec, err) != NH_OK)
        tap_bail("%s", err->msg);
    _arb_vec_clear(Bab, n * n * n); _arb_vec_clear(Ba, n * n);
    _arb_vec_clear(pd, m); _arb_vec_clear(lam, n);
    arb_clear(t);
}

#endif
