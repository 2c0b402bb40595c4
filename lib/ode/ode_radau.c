/* ode_radau.c -- Radau IIA coefficients computed in Arb (ode.h). */
#include <stdlib.h>
#include "ode.h"
#include <flint/fmpz_poly.h>
#include <flint/fmpq_poly.h>
#ifdef NHORACLE_ARB_IN_FLINT
#include <flint/arb_fmpz_poly.h>
#include <flint/acb.h>
#else
#include <arb_fmpz_poly.h>
#include <acb.h>
#endif

static int
cmp_mid(const void *a, const void *b)
{
    return arf_cmp(arb_midref((arb_srcptr) a), arb_midref((arb_srcptr) b));
}

/* Radau IIA (Hairer & Wanner, Solving ODE II, Sec IV.5): the nodes c_i
   are the zeros of P_s(2c-1) - P_{s-1}(2c-1) (Legendre polynomials),
   c_s = 1, and the collocation conditions
       sum_j a_ij c_j^(k-1) = c_i^k / k,   k = 1..s,
   i.e. a_ij = int_0^{c_i} l_j(t) dt, give A (row s = weights b).
   Roots by arb_fmpz_poly_complex_roots (certified isolation and
   refinement), the Vandermonde system by arb_mat_solve. */
void
nh_ode_radau_coeffs(arb_ptr c, arb_mat_t A, slong s, slong prec)
{
    fmpq_poly_t ps, ps1, lin;
    fmpz_poly_t num;
    acb_ptr roots;
    arb_mat_t V, W, AT;
    slong i, j, k, wp = prec + 64;

    fmpq_poly_init(ps);
    fmpq_poly_init(ps1);
    fmpq_poly_init(lin);
    fmpz_poly_init(num);
    fmpq_poly_legendre_p(ps, s);
    fmpq_poly_legendre_p(ps1, s - 1);
    fmpq_poly_sub(ps, ps, ps1);
    fmpq_poly_set_coeff_si(lin, 0, -1);
    fmpq_poly_set_coeff_si(lin, 1, 2);
    fmpq_poly_compose(ps1, ps, lin);
    fmpq_poly_get_numerator(num, ps1);

    roots = _acb_vec_init(s);
    arb_fmpz_poly_complex_roots(roots, num, 0, wp);
    for (i = 0; i < s; i++)
        arb_set(c + i, acb_realref(roots + i));
    qsort(c, s, sizeof(arb_struct), cmp_mid);
    arb_one(c + s - 1);          /* exact */

    arb_mat_init(V, s, s);
    arb_mat_init(W, s, s);
    arb_mat_init(AT, s, s);
    /* V^T A^T = W^T with V_jk = c_j^(k-1), W_ik = c_i^k / k */
    for (j = 0; j < s; j++)
        for (k = 0; k < s; k++)
        {
            arb_pow_ui(arb_mat_entry(V, k, j), c + j, k, wp);           /* V^T */
            arb_pow_ui(arb_mat_entry(W, k, j), c + j, k + 1, wp);       /* W^T */
            arb_div_ui(arb_mat_entry(W, k, j), arb_mat_entry(W, k, j), k + 1, wp);
        }
    arb_mat_solve(AT, V, W, wp);
    for (i = 0; i < s; i++)
        for (j = 0; j < s; j++)
            arb_set_round(arb_mat_entry(A, i, j), arb_mat_entry(AT, j, i), prec);
    for (i = 0; i < s; i++)
        arb_set_round(c + i, c + i, prec);

    arb_mat_clear(V);
    arb_mat_clear(W);
    arb_mat_clear(AT);
    _acb_vec_clear(roots, s);
    fmpz_poly_clear(num);
    fmpq_poly_clear(ps);
    fmpq_poly_clear(ps1);
    fmpq_poly_clear(lin);
}
