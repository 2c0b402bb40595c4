/* nhdyn_curvature.c -- nh_dyn_curvature_brackets: the curvature of the
   Ehresmann connection of the constraints from Lie brackets of the
   horizontal vector fields on extended configuration space (q, t)
   (004 Sec 2 dtheta(X, Y); 003 Sec 5 theta_t):
     xi_a = d_{r^a} + a^nu_a d_{s^nu},   xi_t = d_t + a^nu d_{s^nu},
     theta^nu = ds^nu - a^nu_a dr^a - a^nu dt,
     B^nu_ab = -theta^nu([xi_a, xi_b]),  B^nu_a = -theta^nu([xi_a, xi_t])
   ( = dtheta^nu(xi_a, xi_b) since theta(xi) = 0).  The brackets are
   computed componentwise, [X,Y]^k = X^j d_j Y^k - Y^j d_j X^k over all
   n + 1 variables (derivatives from the jets), and theta is applied as
   A_s^{-1} (A dq + b dt) at the point (arb_mat_solve), independently of
   the formula in nhdyn_voronets.c. */
#include "nhdyn.h"

/* Component k (0..n) of xi_a (a < p) or xi_t (a == p) as a jet; returns
   NULL for a constant component, with *c its value (0 or 1). */
static arb_srcptr
xi_comp(int *c, const nh_dyn_t D, slong a, slong k)
{
    slong nu;
    *c = 0;
    if (k == D->n)
    {
        *c = (a == D->p);
        return NULL;
    }
    for (nu = 0; nu < D->m; nu++)
        if (D->dep[nu] == k)
            return a < D->p ? JET_MAT_ENTRY(D->a_mat, nu, a, D->ctx)
                            : JET_MAT_ENTRY(D->a_vec, nu, 0, D->ctx);
    *c = (a < D->p && D->indep[a] == k);
    return NULL;
}

/* Value of component k of xi_a at the point. */
static void
xi_val(arb_t res, const nh_dyn_t D, slong a, slong k)
{
    int c;
    arb_srcptr x = xi_comp(&c, D, a, k);
    if (x != NULL)
        arb_set(res, jet_const(x));
    else
        arb_set_si(res, c);
}

/* [xi_a, xi_b] (n + 1 components) */
static void
bracket(arb_ptr res, const nh_dyn_t D, slong a, slong b, slong prec)
{
    slong k, j, N = D->n + 1;
    arb_t x;
    int c;
    arb_init(x);
    for (k = 0; k < N; k++)
    {
        arb_srcptr Yk = xi_comp(&c, D, b, k), Xk = xi_comp(&c, D, a, k);
        arb_zero(res + k);
        for (j = 0; j < N; j++)
        {
            if (Yk != NULL)
            {
                xi_val(x, D, a, j);
                arb_addmul(res + k, x, NH_DYN_DER(D, Yk, j), prec);
            }
            if (Xk != NULL)
            {
                xi_val(x, D, b, j);
                arb_submul(res + k, x, NH_DYN_DER(D, Xk, j), prec);
            }
        }
    }
    arb_clear(x);
}

int
nh_dyn_curvature_brackets(arb_ptr B_ab, arb_ptr B_a, const nh_dyn_t D,
                          slong prec, nh_error_t err)
{
    slong n = D->n, m = D->m, p = D->p, a, b, j, l, nu;
    arb_mat_t As, Ab, Th;
    arb_ptr br;
    int r = NH_OK;

    arb_mat_init(As, m, m);
    arb_mat_init(Ab, m, n + 1);
    arb_mat_init(Th, m, n + 1);
    br = _arb_vec_init(n + 1);
    for (l = 0; l < m; l++)
    {
        for (j = 0; j < m; j++)
            arb_set(arb_mat_entry(As, l, j), jet_const(NH_DYN_A(D, l, D->dep[j])));
        for (j = 0; j < n; j++)
            arb_set(arb_mat_entry(Ab, l, j), jet_const(NH_DYN_A(D, l, j)));
        arb_set(arb_mat_entry(Ab, l, n), jet_const(NH_DYN_COL(D, b, l)));
    }
    if (!arb_mat_solve(Th, As, Ab, prec))
    {
        r = nh_error_set(err, NH_ERR_MODEL, "curvature: A_s not certified invertible");
        goto cleanup;
    }
    for (a = 0; a < p; a++)
        for (b = 0; b <= p; b++)
        {
            if (b == a)
            {
                for (nu = 0; nu < m; nu++)
                    arb_zero(B_ab + (nu * p + a) * p + b);
                continue;
            }
            bracket(br, D, a, b, prec);
            for (nu = 0; nu < m; nu++)
            {
                arb_ptr dst = b < p ? B_ab + (nu * p + a) * p + b : B_a + nu * p + a;
                arb_dot(dst, NULL, 1, arb_mat_entry(Th, nu, 0), 1, br, 1, n + 1, prec);
            }
        }

cleanup:
    arb_mat_clear(As);
    arb_mat_clear(Ab);
    arb_mat_clear(Th);
    _arb_vec_clear(br, n + 1);
    return r;
}

int
nh_dyn_compare(arb_t maxdiff, arb_srcptr x, arb_srcptr y, slong len, slong prec)
{
    slong i;
    int res = 1;
    arb_t d, tol;
    arb_init(d);
    arb_init(tol);
    if (maxdiff != NULL)
        arb_zero(maxdiff);
    for (i = 0; i < len; i++)
    {
        arb_sub(d, x + i, y + i, prec);
        if (maxdiff != NULL)
        {
            arb_t ad;
            arb_init(ad);
            arb_abs(ad, d);
            arb_max(maxdiff, maxdiff, ad, prec);
            arb_clear(ad);
        }
        if (!arb_contains_zero(d))
            res = -1;
        else if (res == 1)
        {
            arb_abs(tol, x + i);
            arb_add_ui(tol, tol, 1, prec);
            arb_mul_2exp_si(tol, tol, -prec / 2);
            if (arf_cmpabs_mag(arb_midref(tol), arb_radref(d)) < 0)
                res = 0;
        }
    }
    arb_clear(d);
    arb_clear(tol);
    return res;
}

int
nh_dyn_curvature_vanishes(int *zero, const nh_model_struct *M, arb_srcptr q, const arb_t t,
                          slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m, i;
    arb_ptr Bab, Ba;
    nh_dyn_t D;
    int r;

    *zero = 0;
    if (m == 0 || p <= 0)
        return NH_OK;
    Bab = _arb_vec_init(m * p * p);
    Ba = _arb_vec_init(m * p);
    nh_dyn_init(D, M);
    r = nh_dyn_set_point(D, M, q, t, NULL, prec, err);
    if (r == NH_OK)
        r = nh_dyn_curvature_brackets(Bab, Ba, D, prec, err);
    if (r == NH_OK)
    {
        *zero = 1;
        for (i = 0; i < m * p * p && *zero; i++)
            *zero = arb_contains_zero(Bab + i);
        for (i = 0; i < m * p && *zero; i++)
            *zero = arb_contains_zero(Ba + i);
    }
    nh_dyn_clear(D);
    _arb_vec_clear(Bab, m * p * p);
    _arb_vec_clear(Ba, m * p);
    return r;
}
