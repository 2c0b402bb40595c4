/*
 * flow_adapted.c -- the full friction system (paper 000 (39)-(40); for
 * time-dependent and affine models proofs/020 (A1)) in the adapted
 * coordinates
 *
 *     z = (q, s, w),   s = v_S (n - m velocity components),
 *     w = A(q, t) v + b(q, t)   (b = 0 for linear constraints),
 *
 * (issue 33 item 2; doc/flow.md, "Stiff flows through the slow
 * manifold").  w measures the violation of the constraints; with A_F
 * invertible (F the m other components), v_F = A_F^{-1} (w - b - A_S s).
 * The field:
 *     q' = v,   s' = (v')_S,
 *     w' = dA[v] v + (d_t A) v + A v' + db[v] + d_t b,
 *          dA[v]_ij = sum_k d_k A_ij v^k,  db[v]_i = sum_k d_k b_i v^k,
 *     G v' = f(q, v, t) - (1/eps) A^T mu_bar w   (w itself, not A v + b),
 * so the friction enters only through w: w' = -(1/eps) A G^{-1} A^T
 * mu_bar w + O(1) and s' = -(1/eps) (G^{-1} A^T mu_bar w)_S + O(1).  Every
 * entry of the Jacobian is O(1) except the fast block d w'/d w ~ -K/eps
 * (K = A G^{-1} A^T mu_bar, eigenvalues mu > 0) and d s'/d w ~ 1/eps,
 * whose product with d w'/d (q, s) = O(1) over K/eps is O(1): the
 * comparison system of the stiff stepper has a slow rate O(1) uniformly
 * in eps.  In (q, v) coordinates, or in coordinates split by a frozen
 * D(q_0), the q-dependence of D puts terms |q - q_0|/eps into the slow
 * block instead.  The time enters through the model's objects at
 * t0 + s (nh_flow_taylor_rhs), as in the (q, v) coordinates.
 */
#include <math.h>
#include <string.h>
#include "impl.h"

void
nh_flow_taylor_init_adapted(nh_flow_taylor_t S, const nh_model_struct *M, const arb_t eps,
                            const slong *perm)
{
    slong n = nh_model_n(M);

    nh_flow_taylor_init(S, M, NH_FLOW_FULL_ADAPTED, eps);
    S->perm = flint_malloc(n * sizeof(slong));
    memcpy(S->perm, perm, n * sizeof(slong));
}

/* A (m x n balls, row-major) and, when b != NULL, b (m balls; zero for
   linear constraints) at the point (q, t); t == NULL: t = 0 */
static int
constraints_at(arb_ptr A, arb_ptr b, const nh_model_struct *M, arb_srcptr q, const arb_struct *t,
               slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i;
    jet_ctx_t c;
    jet_mat_t Aj, bj;
    arb_ptr qt;
    int rc;

    jet_ctx_init(c, 1, 0);
    jet_mat_init(Aj, m, n, c);
    jet_mat_init(bj, m, 1, c);
    qt = jet_vec_init(n + 1, c);
    for (i = 0; i < n; i++)
        arb_set(JET_ENTRY(qt, i, c), q + i);
    if (t != NULL)
        arb_set(JET_ENTRY(qt, n, c), t);
    {
        nh_model_values_struct o = {NULL, Aj, (b != NULL) ? bj : NULL, NULL, NULL, NULL, NULL,
                                    NULL, NULL};
        rc = nh_model_eval(&o, M, qt, 0, c, prec, err);
    }
    for (i = 0; i < m * n && rc == NH_OK; i++)
        arb_set(A + i, Aj->entries + i * c->len);
    for (i = 0; i < m && rc == NH_OK && b != NULL; i++)
        arb_set(b + i, bj->entries + i * c->len);
    jet_vec_clear(qt, n + 1, c);
    jet_mat_clear(Aj, c);
    jet_mat_clear(bj, c);
    jet_ctx_clear(c);
    return rc;
}

int
nh_flow_adapted_perm(slong *perm, const nh_model_struct *M, arb_srcptr q, const arb_struct *t,
                     slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i, j, k, r, best;
    arb_ptr A = _arb_vec_init(m * n);
    double *a = flint_malloc(m * n * sizeof(double)), piv, tmp;
    int *used = flint_calloc(n, sizeof(int)), rc;
    slong nf = 0;

    rc = constraints_at(A, NULL, M, q, t, prec, err);
    for (i = 0; i < m * n && rc == NH_OK; i++)
        a[i] = arf_get_d(arb_midref(A + i), ARF_RND_NEAR);
    /* Gaussian elimination with complete pivoting on mid A: the pivot
       columns are F */
    for (r = 0; r < m && rc == NH_OK; r++)
    {
        piv = 0; best = -1; k = -1;
        for (i = r; i < m; i++)
            for (j = 0; j < n; j++)
                if (!used[j] && fabs(a[i * n + j]) > piv)
                    piv = fabs(a[i * n + j]), best = j, k = i;
        if (best < 0 || !(piv > 0))
        {
            rc = nh_error_set(err, NH_ERR_MODEL, "adapted coordinates: the constraints "
                              "do not have rank %ld at q", (long) m);
            break;
        }
        used[best] = 1;
        perm[n - m + nf++] = best;
        for (j = 0; j < n; j++)      /* swap rows r and k */
            tmp = a[r * n + j], a[r * n + j] = a[k * n + j], a[k * n + j] = tmp;
        for (i = r + 1; i < m; i++)
        {
            tmp = a[i * n + best] / a[r * n + best];
            for (j = 0; j < n; j++)
                a[i * n + j] -= tmp * a[r * n + j];
        }
    }
    for (j = 0, k = 0; j < n && rc == NH_OK; j++)
        if (!used[j])
            perm[k++] = j;
    _arb_vec_clear(A, m * n);
    flint_free(a);
    flint_free(used);
    return rc;
}

/* v (n jets) from (s, w) (the n jets after q in z), A (m x n jets) and
   b (m jets, NULL: zero): v_S = s, A_F v_F = w - b - A_S s. */
static int
velocity(arb_ptr v, const slong *perm, arb_srcptr A, arb_srcptr b, arb_srcptr sw, slong n,
         slong m, slong ord, const jet_ctx_t ctx, slong prec)
{
    slong len = ctx->len, i, j;
    jet_mat_t AF, rhs;
    int rc;

    jet_mat_init(AF, m, m, ctx);
    jet_mat_init(rhs, m, 1, ctx);
    for (j = 0; j < n - m; j++)
        jet_set(v + perm[j] * len, sw + j * len, ctx);
    for (i = 0; i < m; i++)
    {
        arb_ptr ri = JET_MAT_ENTRY(rhs, i, 0, ctx);
        jet_set(ri, sw + (n - m + i) * len, ctx);
        if (b != NULL)
            jet_sub(ri, ri, b + i * len, ctx, prec);
        for (j = 0; j < n - m; j++)
            jet_submul(ri, A + (i * n + perm[j]) * len, sw + j * len, ord, ctx, prec);
        for (j = 0; j < m; j++)
            jet_set(JET_MAT_ENTRY(AF, i, j, ctx), A + (i * n + perm[n - m + j]) * len, ctx);
    }
    rc = jet_mat_solve(rhs, AF, rhs, ord, ctx, prec);
    for (j = 0; j < m; j++)
        jet_set(v + perm[n - m + j] * len, JET_MAT_ENTRY(rhs, j, 0, ctx), ctx);
    jet_mat_clear(AF, ctx);
    jet_mat_clear(rhs, ctx);
    return rc;
}

int
nh_flow_adapted_from_qv(arb_ptr z, nh_flow_taylor_struct *S, arb_srcptr q, arb_srcptr v,
                        const arb_struct *t, slong prec, nh_error_t err)
{
    slong n = S->n, m = S->m, i;
    int affine = !nh_model_constraints_are_linear(S->M);
    arb_ptr A = _arb_vec_init(m * n), b = _arb_vec_init(m);
    int rc = constraints_at(A, affine ? b : NULL, S->M, q, t, prec, err);

    if (rc == NH_OK)
    {
        _arb_vec_set(z, q, n);
        for (i = 0; i < n - m; i++)
            arb_set(z + n + i, v + S->perm[i]);
        for (i = 0; i < m; i++)
            arb_dot(z + 2 * n - m + i, affine ? b + i : NULL, 0, A + i * n, 1, v, 1, n, prec);
    }
    _arb_vec_clear(A, m * n);
    _arb_vec_clear(b, m);
    return rc;
}

int
nh_flow_adapted_to_qv(arb_ptr q, arb_ptr v, nh_flow_taylor_struct *S, arb_srcptr z,
                      const arb_struct *t, slong prec, nh_error_t err)
{
    slong n = S->n, m = S->m;
    int affine = !nh_model_constraints_are_linear(S->M);
    arb_ptr A = _arb_vec_init(m * n), b = _arb_vec_init(m);
    jet_ctx_t c;
    int rc = constraints_at(A, affine ? b : NULL, S->M, z, t, prec, err);

    jet_ctx_init(c, 1, 0);
    if (rc == NH_OK && velocity(v, S->perm, A, affine ? b : NULL, z + n, n, m, 0, c, prec)
                       != NH_OK)
        rc = nh_error_set(err, NH_ERR_DOMAIN, "adapted coordinates: A_F not certified "
                          "invertible at q");
    if (rc == NH_OK)
        _arb_vec_set(q, z, n);
    jet_ctx_clear(c);
    _arb_vec_clear(A, m * n);
    _arb_vec_clear(b, m);
    return rc;
}

int
_nh_flow_adapted_rhs(arb_ptr f, arb_srcptr x, const arb_t t0, slong ord, const jet_ctx_t ctx,
                     nh_flow_taylor_struct *S, slong prec, nh_error_t err)
{
    slong n = S->n, m = S->m, len = ctx->len, i, j;
    int affine = !nh_model_constraints_are_linear(S->M), timed = nh_model_has_time(S->M);
    arb_ptr v, force, a, dAv;
    _nh_flow_obj *o;
    int rc = _nh_flow_obj_eval(&o, S, x, t0, ord, ctx, prec, err);

    if (rc != NH_OK)
        return rc;
    v = jet_vec_init(n, ctx);
    force = jet_vec_init(n, ctx);
    a = jet_vec_init(n, ctx);
    dAv = jet_init(ctx);
    if (velocity(v, S->perm, o->A, affine ? o->b : NULL, x + n * len, n, m, ord, ctx, prec)
        != NH_OK)
        rc = nh_error_set(err, NH_ERR_DOMAIN, "adapted coordinates: A_F not certified "
                          "invertible along the step");
    if (rc == NH_OK)
    {
        _nh_flow_lagrange_force(force, o, v, ord, ctx, prec);
        /* the friction from w itself, not from A v (impl.h) */
        if (_nh_flow_accel_full(a, o, force, v, x + (2 * n - m) * len, S->eps, 0, ord, ctx,
                                prec) != NH_OK)
            rc = nh_error_set(err, NH_ERR_DOMAIN, "metric G not certified invertible "
                              "along the step");
    }
    if (rc == NH_OK)
    {
        for (i = 0; i < n; i++)
            jet_set(f + i * len, v + i * len, ctx);
        for (i = 0; i < n - m; i++)
            jet_set(f + (n + i) * len, a + S->perm[i] * len, ctx);
        for (i = 0; i < m; i++)
        {
            arb_ptr wi = f + (2 * n - m + i) * len;
            jet_dot(wi, o->A + i * n * len, len, a, len, n, ord, ctx, prec);
            for (j = 0; j < n; j++)
            {
                /* (dA[v])_ij = sum_k d_k A_ij v^k: one jet_dot (d_k A_ij
                   at stride m n) */
                jet_dot(dAv, o->dA + (i * n + j) * len, m * n * len, v, len, n, ord, ctx, prec);
                if (timed)      /* + d_t A_ij */
                    jet_add(dAv, dAv, o->dA + ((n * m + i) * n + j) * len, ctx, prec);
                jet_addmul(wi, dAv, v + j * len, ord, ctx, prec);
            }
            if (affine)         /* + db[v]_i + d_t b_i */
            {
                jet_dot(dAv, o->db + i * len, m * len, v, len, n, ord, ctx, prec);
                jet_add(dAv, dAv, o->db + (n * m + i) * len, ctx, prec);
                jet_add(wi, wi, dAv, ctx, prec);
            }
        }
    }
    jet_vec_clear(v, n, ctx);
    jet_vec_clear(force, n, ctx);
    jet_vec_clear(a, n, ctx);
    jet_clear(dAv, ctx);
    return rc;
}
