/*
 * quantity_theta.c -- the Ehresmann connection of the constraints on
 * Q x R as quantities (quantity.h): the vertical-valued one-form Theta_
 * (003 Sec 5.2, 004 Sec 2 "Omega") and the exterior derivative d omega^nu
 * of its one-forms (004 Sec 2), from the jets of the solved constraint
 * coefficients of an nh_dyn_t (lib/nhdyn.h).
 */
#include "impl.h"

/* omega^nu_K: the coefficient of dq^K (K = n: dt) in omega^nu =
   ds^nu - a^nu_a dr^a - a^nu dt, as a jet (NULL: a constant, *c set). */
static arb_srcptr
omega_entry(int *c, const nh_dyn_t D, slong nu, slong K)
{
    slong i;
    *c = 0;
    if (K == D->n)
        return JET_MAT_ENTRY(D->a_vec, nu, 0, D->ctx);
    for (i = 0; i < D->p; i++)
        if (D->indep[i] == K)
            return JET_MAT_ENTRY(D->a_mat, nu, i, D->ctx);
    *c = D->dep[nu] == K;       /* ds^nu: 1, the other ds^mu: 0 */
    return NULL;
}

void
nh_quantity_theta(arb_ptr Theta, const nh_dyn_t D)
{
    slong n = D->n, nu, K;
    int c;
    _arb_vec_zero(Theta, n * (n + 1));
    for (nu = 0; nu < D->m; nu++)
        for (K = 0; K <= n; K++)
        {
            arb_ptr x = Theta + D->dep[nu] * (n + 1) + K;
            arb_srcptr a = omega_entry(&c, D, nu, K);
            if (a != NULL)
                arb_neg(x, jet_const(a));
            else
                arb_set_si(x, c);
        }
}

void
nh_quantity_domega(arb_ptr dw, const nh_dyn_t D, slong prec)
{
    slong n1 = D->n + 1, nu, K, L;
    int c;
    for (nu = 0; nu < D->m; nu++)
        for (K = 0; K < n1; K++)
            for (L = 0; L < n1; L++)
            {
                /* d omega_{KL} = d_K omega_L - d_L omega_K; omega_L = -a: */
                arb_ptr x = dw + (nu * n1 + K) * n1 + L;
                arb_srcptr aL = omega_entry(&c, D, nu, L), aK = omega_entry(&c, D, nu, K);
                arb_zero(x);
                if (aK != NULL)
                    arb_add(x, x, NH_DYN_DER(D, aK, L), prec);
                if (aL != NULL)
                    arb_sub(x, x, NH_DYN_DER(D, aL, K), prec);
            }
}
