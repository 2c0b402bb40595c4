/*
 * quantity_transport.c -- 002 Prop 8 (and the second condition of
 * Prop 9) at a finite v in D_q (issue 21): the quantity prop8_gauss,
 *   Phi_nu(T) = ghat_{c(T)}(c'(T), W_nu(T)) + h(T)(W_nu(T)) - ghat_q(v, w_nu),
 * w_nu = G^-1 A^T e_nu (q) the basis of D^g_q, W_nu its parallel
 * transport by nabla-bar of 002 Sec 6 and h(T)(W_nu(T)) = int_0^T
 * lambda(W_nu) ds, all from nh_flow_certified_transport (lib/flow.h).
 */
#include "impl.h"
#include "flow.h"

/* W0 (n x m, row-major) = G^-1 A^T at q: column nu = G^-1 A^T e_nu. */
static int
dg_basis(arb_ptr W0, const nh_model_struct *M, arb_srcptr q, slong n, slong m, slong prec,
         nh_error_t err)
{
    arb_mat_t G, A, At;
    slong i;
    int r;

    arb_mat_init(G, n, n);
    arb_mat_init(A, m, n);
    arb_mat_init(At, n, m);
    r = nh_geom_values_at(G, A, NULL, NULL, M, q, NULL, prec, err);
    if (r == NH_OK)
    {
        arb_mat_transpose(At, A);
        if (!arb_mat_solve(At, G, At, prec))
            r = nh_error_set(err, NH_ERR_DOMAIN, "prop8_gauss: metric G not certified "
                             "invertible at q");
    }
    for (i = 0; i < n * m && r == NH_OK; i++)
        arb_set(W0 + i, arb_mat_entry(At, i / m, i % m));
    arb_mat_clear(G);
    arb_mat_clear(A);
    arb_mat_clear(At);
    return r;
}

int
nh_quantity_prop8_gauss(arb_ptr phi, const nh_model_struct *M, const nh_model_struct *ghat,
                        arb_srcptr q, arb_srcptr v, const arb_t T, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), nu;
    arb_ptr W0 = _arb_vec_init(n * m), W1 = _arb_vec_init(n * m), I1 = _arb_vec_init(m),
        q1 = _arb_vec_init(n), v1 = _arb_vec_init(n), G0 = _arb_vec_init(n * n),
        G1 = _arb_vec_init(n * n);
    nh_taylor_opts_t o;
    arb_t a, b;
    int r;

    arb_init(a);
    arb_init(b);
    nh_taylor_opts_init(o);
    r = dg_basis(W0, M, q, n, m, prec, err);
    if (r == NH_OK)
        r = nh_flow_certified_transport(q1, v1, W1, I1, M, q, v, W0, m, T, 1, o, NULL, prec,
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
    _arb_vec_clear(W0, n * m);
    _arb_vec_clear(W1, n * m);
    _arb_vec_clear(I1, m);
    _arb_vec_clear(q1, n);
    _arb_vec_clear(v1, n);
    _arb_vec_clear(G0, n * n);
    _arb_vec_clear(G1, n * n);
    return r;
}
