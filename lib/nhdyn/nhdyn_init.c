/* nhdyn_init.c -- nh_dyn_init/clear/set_point/complete_velocity/
   check_constraints (nhdyn.h): the model at a point (q, t) as order-1
   jets in (q, t), and the split into dependent and independent
   velocities sdot = a_mat rdot + a_vec (004 eq (1), 003 eq (5.1)). */
#include <string.h>
#include <math.h>
#include "nhdyn.h"

void
nh_dyn_init(nh_dyn_t D, const nh_model_struct *M)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    D->n = n;
    D->m = m;
    D->p = n - m;
    jet_ctx_init(D->ctx, n + 1, 1);
    D->qt = _arb_vec_init(n + 1);
    jet_mat_init(D->G, n, n, D->ctx);
    jet_mat_init(D->A, m, n, D->ctx);
    jet_mat_init(D->b, m, 1, D->ctx);
    jet_mat_init(D->Delta, n, 1, D->ctx);
    jet_mat_init(D->F, n, 1, D->ctx);
    D->V = jet_init(D->ctx);
    D->dep = flint_malloc(m * sizeof(slong));
    D->indep = flint_malloc((n - m) * sizeof(slong));
    jet_mat_init(D->a_mat, m, n - m, D->ctx);
    jet_mat_init(D->a_vec, m, 1, D->ctx);
    jet_mat_init(D->C, n, n, D->ctx);
}

void
nh_dyn_clear(nh_dyn_t D)
{
    jet_mat_clear(D->G, D->ctx);
    jet_mat_clear(D->A, D->ctx);
    jet_mat_clear(D->b, D->ctx);
    jet_mat_clear(D->Delta, D->ctx);
    jet_mat_clear(D->F, D->ctx);
    jet_clear(D->V, D->ctx);
    jet_mat_clear(D->a_mat, D->ctx);
    jet_mat_clear(D->a_vec, D->ctx);
    jet_mat_clear(D->C, D->ctx);
    flint_free(D->dep);
    flint_free(D->indep);
    _arb_vec_clear(D->qt, D->n + 1);
    jet_ctx_clear(D->ctx);
}

/* |det| of the midpoints of the columns cols of A0 (m x n). */
static double
col_det(const arb_mat_t A0, const slong *cols, slong m)
{
    arb_mat_t S;
    arb_t d;
    slong i, j;
    double r;
    arb_mat_init(S, m, m);
    arb_init(d);
    for (i = 0; i < m; i++)
        for (j = 0; j < m; j++)
            arf_set(arb_midref(arb_mat_entry(S, i, j)), arb_midref(arb_mat_entry(A0, i, cols[j])));
    arb_mat_det(d, S, 53);
    r = fabs(arf_get_d(arb_midref(d), ARF_RND_NEAR));
    arb_mat_clear(S);
    arb_clear(d);
    return r;
}

/* Choose dep maximizing |det A_s|; combinations enumerated so that the
   last columns come first. */
static void
choose_dep(slong *dep, const arb_mat_t A0, slong n, slong m)
{
    slong *c = flint_malloc(m * sizeof(slong)), i;
    double best = -1;
    /* c is a decreasing sequence n-1 >= c[0] > c[1] > ... >= 0 */
    for (i = 0; i < m; i++)
        c[i] = n - 1 - i;
    for (;;)
    {
        double d = col_det(A0, c, m);
        if (d > best * (1 + 1e-9))
        {
            best = d;
            for (i = 0; i < m; i++)
                dep[i] = c[m - 1 - i];      /* increasing order */
        }
        /* next combination */
        for (i = m - 1; i >= 0; i--)
            if (c[i] > m - 1 - i)
                break;
        if (i < 0)
            break;
        c[i]--;
        for (i = i + 1; i < m; i++)
            c[i] = c[i - 1] - 1;
    }
    flint_free(c);
}

int
nh_dyn_set_point(nh_dyn_t D, const nh_model_struct *M, arb_srcptr q, const arb_t t,
                 const slong *dep, slong prec, nh_error_t err)
{
    slong n = D->n, m = D->m, p = D->p, i, j, k, len = D->ctx->len;
    arb_ptr qj;
    int r;
    jet_mat_t As, rhs, X;
    arb_mat_t A0;

    qj = jet_vec_init(n + 1, D->ctx);
    for (i = 0; i < n; i++)
    {
        arb_set(D->qt + i, q + i);
        jet_set_var(JET_ENTRY(qj, i, D->ctx), q + i, i, D->ctx);
    }
    arb_set(D->qt + n, t);
    jet_set_var(JET_ENTRY(qj, n, D->ctx), t, n, D->ctx);

    {
        /* one call: lets and shared subexpressions evaluated once */
        nh_model_values_struct o = {D->G, D->A, D->b, NULL, D->Delta, D->F, D->C, D->V, NULL};
        r = nh_model_eval(&o, M, qj, 1, D->ctx, prec, err);
    }
    jet_vec_clear(qj, n + 1, D->ctx);
    if (r != NH_OK)
        return r;

    /* dependent / independent split */
    arb_mat_init(A0, m, n);
    jet_mat_get_const(A0, D->A, D->ctx);
    if (dep != NULL)
        memcpy(D->dep, dep, m * sizeof(slong));
    else
        choose_dep(D->dep, A0, n, m);
    arb_mat_clear(A0);
    for (i = 0, k = 0; i < n; i++)
    {
        for (j = 0; j < m; j++)
            if (D->dep[j] == i)
                break;
        if (j == m)
        {
            if (k >= p)
                return nh_error_set(err, NH_ERR_USAGE, "dependent coordinates: repeated index");
            D->indep[k++] = i;
        }
    }

    /* a_mat, a_vec = -A_s^{-1} [A_r | b]   (jets of order 1) */
    jet_mat_init(As, m, m, D->ctx);
    jet_mat_init(rhs, m, p + 1, D->ctx);
    jet_mat_init(X, m, p + 1, D->ctx);
    for (i = 0; i < m; i++)
    {
        for (j = 0; j < m; j++)
            _arb_vec_set(JET_MAT_ENTRY(As, i, j, D->ctx), JET_MAT_ENTRY(D->A, i, D->dep[j], D->ctx), len);
        for (j = 0; j < p; j++)
            _arb_vec_neg(JET_MAT_ENTRY(rhs, i, j, D->ctx), JET_MAT_ENTRY(D->A, i, D->indep[j], D->ctx), len);
        _arb_vec_neg(JET_MAT_ENTRY(rhs, i, p, D->ctx), JET_MAT_ENTRY(D->b, i, 0, D->ctx), len);
    }
    if (jet_mat_solve(X, As, rhs, 1, D->ctx, prec) != NH_OK)
        r = nh_error_set(err, NH_ERR_MODEL,
                         "%s: the constraint matrix restricted to the dependent velocities is not certified invertible",
                         nh_model_filename(M));
    else
        for (i = 0; i < m; i++)
        {
            for (j = 0; j < p; j++)
                _arb_vec_set(JET_MAT_ENTRY(D->a_mat, i, j, D->ctx), JET_MAT_ENTRY(X, i, j, D->ctx), len);
            _arb_vec_set(JET_MAT_ENTRY(D->a_vec, i, 0, D->ctx), JET_MAT_ENTRY(X, i, p, D->ctx), len);
        }
    jet_mat_clear(As, D->ctx);
    jet_mat_clear(rhs, D->ctx);
    jet_mat_clear(X, D->ctx);
    return r;
}

void
nh_dyn_complete_velocity(arb_ptr v, const nh_dyn_t D, slong prec)
{
    slong nu, al;
    for (nu = 0; nu < D->m; nu++)
    {
        arb_ptr s = v + D->dep[nu];
        arb_set(s, jet_const(JET_MAT_ENTRY(D->a_vec, nu, 0, D->ctx)));
        for (al = 0; al < D->p; al++)
            arb_addmul(s, jet_const(JET_MAT_ENTRY(D->a_mat, nu, al, D->ctx)), v + D->indep[al], prec);
    }
}

int
nh_dyn_check_constraints(arb_ptr res, const nh_dyn_t D, const nh_model_struct *M,
                         arb_srcptr v, slong prec, nh_error_t err)
{
    slong l, j;
    for (l = 0; l < D->m; l++)
    {
        arb_set(res + l, jet_const(JET_MAT_ENTRY(D->b, l, 0, D->ctx)));
        for (j = 0; j < D->n; j++)
            arb_addmul(res + l, jet_const(JET_MAT_ENTRY(D->A, l, j, D->ctx)), v + j, prec);
    }
    for (l = 0; l < D->m; l++)
        if (!arb_contains_zero(res + l))
        {
            char *s = arb_get_str(res + l, 10, 0);
            int r = nh_error_set(err, NH_ERR_DOMAIN,
                                 "%s: the velocity violates constraint %ld: a^%ld(v) + b^%ld = %s",
                                 nh_model_filename(M), (long) l + 1, (long) l + 1, (long) l + 1, s);
            flint_free(s);
            return r;
        }
    return NH_OK;
}

void
nh_dyn_force(arb_ptr Fv, const nh_dyn_t D, arb_srcptr v, slong prec)
{
    slong i, j;
    for (i = 0; i < D->n; i++)
    {
        arb_set(Fv + i, jet_const(JET_MAT_ENTRY(D->F, i, 0, D->ctx)));
        for (j = 0; j < D->n; j++)
            arb_submul(Fv + i, jet_const(JET_MAT_ENTRY(D->C, i, j, D->ctx)), v + j, prec);
    }
}
