/*
 * quantity_transport.c -- 002 Prop 8 (and the second condition of
 * Prop 9) at a finite v in D_q (issue 21): the quantity prop8_gauss,
 *   Phi_nu(T) = ghat_{c(T)}(c'(T), W_nu(T)) + h(T)(W_nu(T)) - ghat_q(v, w_nu),
 * w_nu = G^-1 A^T e_nu (q) the basis of D^g_q, W_nu its parallel
 * transport by nabla-bar of 002 Sec 6 and h(T)(W_nu(T)) = int_0^T
 * lambda(W_nu) ds, all from nh_flow_certified_transport (lib/flow.h;
 * w_nu = its W at time 0 with W0 = NULL).
 */
#include "impl.h"
#include "flow.h"

int
nh_quantity_prop8_gauss(arb_ptr phi, const nh_model_struct *M, const nh_model_struct *ghat,
                        arb_srcptr q, arb_srcptr v, const arb_t T, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), nu;
    arb_ptr W = _arb_vec_init(2 * n * m), I = _arb_vec_init(2 * m), qo = _arb_vec_init(2 * n),
        vo = _arb_vec_init(2 * n), G0 = _arb_vec_init(n * n), G1 = _arb_vec_init(n * n),
        times = _arb_vec_init(2), W0 = W, W1 = W + n * m, I1 = I + m, q1 = qo + n, v1 = vo + n;
    nh_taylor_opts_t o;
    arb_t a, b;
    int r;

    arb_init(a);
    arb_init(b);
    nh_taylor_opts_init(o);
    arb_set(times + 1, T);                      /* times 0 (the basis w_nu) and T */
    r = nh_flow_certified_transport(qo, vo, W, I, M, q, v, NULL, m, times, 2, o, NULL, prec,
                                    err);
    if (r == NH_OK)
        r = _nh_quantity_ghat_at(G0, ghat, q, n, prec, err);
    if (r == NH_OK)
        r = _nh_quantity_ghat_at(G1, ghat, q1, n, prec, err);
    for (nu = 0; nu < m && r == NH_OK; nu++)
    {
        _nh_quantity_bilinear(a, G1, v1, 1, W1 + nu, m, n, prec);
        _nh_quantity_bilinear(b, G0, v, 1, W0 + nu, m, n, prec);
        arb_add(phi + nu, a, I1 + nu, prec);
        arb_sub(phi + nu, phi + nu, b, prec);
    }
    arb_clear(a);
    arb_clear(b);
    _arb_vec_clear(W, 2 * n * m);
    _arb_vec_clear(I, 2 * m);
    _arb_vec_clear(qo, 2 * n);
    _arb_vec_clear(vo, 2 * n);
    _arb_vec_clear(G0, n * n);
    _arb_vec_clear(G1, n * n);
    _arb_vec_clear(times, 2);
    return r;
}
