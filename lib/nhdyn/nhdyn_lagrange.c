/* nhdyn_lagrange.c -- nh_dyn_lagrange: route 1, Lagrange-d'Alembert
   with multipliers (001 eq (4); 003 eq (2.6) for affine time-dependent
   constraints).
   Euler-Lagrange equations of L = 1/2 G(v,v) + Delta(v) - V with the
   force F - C v + A^T mult (F below stands for F - C v):
     G_ij acc^j = F_i - (d_k G_ij) v^k v^j + 1/2 (d_i G_jk) v^j v^k
                  - (d_t G_ij) v^j - (d_k Delta_i - d_i Delta_k) v^k
                  - d_t Delta_i - d_i V + A^l_i mult_l
   and the time derivative of the constraint A v + b = 0 along the
   motion:
     A^l_j acc^j + ((d_k A^l_j) v^k + d_t A^l_j) v^j + (d_k b^l) v^k
                 + d_t b^l = 0.
   One (n+m) x (n+m) linear system, solved by arb_mat_solve. */
#include "nhdyn.h"

int
nh_dyn_lagrange(arb_ptr acc, arb_ptr mult, const nh_dyn_t D, arb_srcptr v,
                slong prec, nh_error_t err)
{
    slong n = D->n, m = D->m, i, j, k, l;
    arb_mat_t K, rhs, X;
    arb_t s;
    arb_ptr Fv = _arb_vec_init(n);
    int r = NH_OK;

    nh_dyn_force(Fv, D, v, prec);

    arb_mat_init(K, n + m, n + m);
    arb_mat_init(rhs, n + m, 1);
    arb_mat_init(X, n + m, 1);
    arb_init(s);

    for (i = 0; i < n; i++)
    {
        arb_ptr f = arb_mat_entry(rhs, i, 0);
        for (j = 0; j < n; j++)
            arb_set(arb_mat_entry(K, i, j), NH_DYN_VAL(NH_DYN_G(D, i, j)));
        for (l = 0; l < m; l++)
            arb_neg(arb_mat_entry(K, i, n + l), NH_DYN_VAL(NH_DYN_A(D, l, i)));
        arb_set(f, Fv + i);
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
            {
                /* -(d_k G_ij) v^k v^j + 1/2 (d_i G_jk) v^j v^k */
                arb_mul(s, v + j, v + k, prec);
                arb_submul(f, NH_DYN_DER(D, NH_DYN_G(D, i, j), k), s, prec);
                arb_mul_2exp_si(s, s, -1);
                arb_addmul(f, NH_DYN_DER(D, NH_DYN_G(D, j, k), i), s, prec);
            }
        for (j = 0; j < n; j++)
        {
            arb_submul(f, NH_DYN_DER(D, NH_DYN_G(D, i, j), n), v + j, prec);
            arb_sub(s, NH_DYN_DER(D, NH_DYN_COL(D, Delta, i), j),
                    NH_DYN_DER(D, NH_DYN_COL(D, Delta, j), i), prec);
            arb_submul(f, s, v + j, prec);
        }
        arb_sub(f, f, NH_DYN_DER(D, NH_DYN_COL(D, Delta, i), n), prec);
        arb_sub(f, f, NH_DYN_DER(D, D->V, i), prec);
    }
    for (l = 0; l < m; l++)
    {
        arb_ptr c = arb_mat_entry(rhs, n + l, 0);
        for (j = 0; j < n; j++)
            arb_set(arb_mat_entry(K, n + l, j), NH_DYN_VAL(NH_DYN_A(D, l, j)));
        /* c = -(time derivative terms) */
        arb_zero(c);
        for (j = 0; j < n; j++)
        {
            arb_zero(s);
            for (k = 0; k < n; k++)
                arb_addmul(s, NH_DYN_DER(D, NH_DYN_A(D, l, j), k), v + k, prec);
            arb_add(s, s, NH_DYN_DER(D, NH_DYN_A(D, l, j), n), prec);
            arb_submul(c, s, v + j, prec);
            arb_submul(c, NH_DYN_DER(D, NH_DYN_COL(D, b, l), j), v + j, prec);
        }
        arb_sub(c, c, NH_DYN_DER(D, NH_DYN_COL(D, b, l), n), prec);
    }
    if (!arb_mat_solve(X, K, rhs, prec))
        r = nh_error_set(err, NH_ERR_MODEL,
                         "route 1 (Lagrange-d'Alembert): the matrix [[G, -A^T], [A, 0]] is not certified invertible at this point");
    else
    {
        for (i = 0; i < n; i++)
            arb_set(acc + i, arb_mat_entry(X, i, 0));
        for (l = 0; l < m; l++)
            arb_set(mult + l, arb_mat_entry(X, n + l, 0));
    }
    arb_mat_clear(K);
    arb_mat_clear(rhs);
    arb_mat_clear(X);
    arb_clear(s);
    _arb_vec_clear(Fv, n);
    return r;
}
