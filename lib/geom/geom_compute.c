/* geom_compute.c -- the geometry of a model as jets at a base point
   (paper 000 Sec 2-4; see geom.h for shapes and equations). */
#include <stdio.h>
#include <string.h>
#include "geom.h"

/* Append " at q = (name=value, ...)" to err->msg. */
static int
geom_at_point_t(nh_error_t err, const nh_model_struct *M, arb_srcptr q0, arb_srcptr t0)
{
    char buf[NH_ERROR_MSG_LEN];
    size_t len;
    slong i, n = nh_model_n(M);

    if (err == NULL)
        return NH_ERR_MODEL;
    len = (size_t) snprintf(buf, sizeof buf, "%s at q = (", err->msg);
    for (i = 0; i < n && len < sizeof buf; i++)
        len += (size_t) snprintf(buf + len, sizeof buf - len, "%s%s=%.10g",
                                 i ? ", " : "", nh_model_coord_name(M, i),
                                 arf_get_d(arb_midref(q0 + i), ARF_RND_NEAR));
    if (t0 != NULL && len < sizeof buf)
        len += (size_t) snprintf(buf + len, sizeof buf - len, ", t=%.10g",
                                 arf_get_d(arb_midref(t0), ARF_RND_NEAR));
    if (len < sizeof buf)
        snprintf(buf + len, sizeof buf - len, ")");
    memcpy(err->msg, buf, sizeof buf);
    err->msg[NH_ERROR_MSG_LEN - 1] = '\0';
    return err->code;
}

/* Christoffel symbols of the second kind (000 eq (5)) from G, Ginv:
   Gamma^i_{jk} = sum_l Ginv_{il} C_{l,jk},
   C_{l,jk} = 1/2 (d_j G_{lk} + d_k G_{lj} - d_l G_{jk}),
   truncated at degree ord - 1 (>= 0). */
static void
geom_christoffel(nh_geom_t g, slong ord, const jet_ctx_t ctx, slong prec)
{
    slong n = g->n, len = ctx->len;
    slong i, j, k, l;
    arb_ptr dG, C;

    /* dG[(k*n + a)*n + b] = d_k G_{ab} */
    dG = jet_vec_init(n * n * n, ctx);
    for (k = 0; k < n; k++)
        for (i = 0; i < n * n; i++)
            jet_derivative(JET_ENTRY(dG, k * n * n + i, ctx),
                           g->G->entries + i * len, k, ctx, prec);

    /* C stored with l fastest: C[((j*n + k)*n) + l], so that for fixed
       (j, k) the n jets C_{l,jk} have stride len (for jet_dot). */
    C = jet_vec_init(n * n * n, ctx);
    for (j = 0; j < n; j++)
        for (k = j; k < n; k++)
            for (l = 0; l < n; l++)
            {
                arb_ptr c = JET_ENTRY(C, (j * n + k) * n + l, ctx);
                jet_add(c, JET_ENTRY(dG, (j * n + l) * n + k, ctx),
                           JET_ENTRY(dG, (k * n + l) * n + j, ctx), ctx, prec);
                jet_sub(c, c, JET_ENTRY(dG, (l * n + j) * n + k, ctx), ctx, prec);
                jet_scalar_div_si(c, c, 2, ctx, prec);
            }

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = j; k < n; k++)
            {
                jet_dot(NH_GAMMA(g, i, j, k, ctx),
                        JET_MAT_ENTRY(g->Ginv, i, 0, ctx), len,
                        JET_ENTRY(C, (j * n + k) * n, ctx), len,
                        n, ord - 1, ctx, prec);
                if (k != j)
                    jet_set(NH_GAMMA(g, i, k, j, ctx), NH_GAMMA(g, i, j, k, ctx), ctx);
            }

    jet_vec_clear(C, n * n * n, ctx);
    jet_vec_clear(dG, n * n * n, ctx);
}

static void
geom_set_indeterminate(arb_ptr v, slong count)
{
    slong i;
    for (i = 0; i < count; i++)
        arb_indeterminate(v + i);
}

/* The model predicate of the slow-manifold geometry (paper 000). */
static int
geom_unsupported(const nh_model_struct *M, nh_error_t err)
{
    return nh_error_set(err, NH_ERR_MODEL,
                        "%s: model %s has time dependence, affine constraints, a oneform or a force; "
                        "the slow-manifold geometry (paper 000) needs linear time-independent constraints and "
                        "L = 1/2 G(v,v) - V(q) (use 'nhoracle nh' for its equations of motion)",
                        nh_model_filename(M), nh_model_name(M));
}

/* Certified checks on the constant terms of G, A, mu_bar (jets in ctx):
   G SPD, A of full rank m, mu_bar SPD; NH_ERR_MODEL (certainly
   degenerate) or NH_ERR_DOMAIN (not certified: retry with more bits)
   names the quantity and the point q0. */
static int
geom_check_const(const arb_mat_t G, const arb_mat_t A, const arb_mat_t mu,
                 const nh_model_struct *M, arb_srcptr q0, arb_srcptr t0, slong prec,
                 nh_error_t err)
{
    slong m = arb_mat_nrows(A);
    int r;

    r = nh_check_spd(G, nh_model_metric_what(M), err, prec);
    if (r == NH_OK && m > 0)
        r = nh_check_full_row_rank(A, "constraints A", err, prec);
    if (r == NH_OK && m > 0)
    {
        /* mu_bar SPD  <=>  FR = A^T mu_bar A positive definite on D_perp
           (given rank A = m, A maps D_perp onto R^m). */
        r = nh_check_spd(mu, "friction mu_bar", err, prec);
        if (r != NH_OK && err != NULL)
        {
            size_t l = strlen(err->msg);
            snprintf(err->msg + l, NH_ERROR_MSG_LEN - l,
                     " (friction FR not positive on D_perp)");
        }
    }
    if (r != NH_OK)
    {
        geom_at_point_t(err, M, q0, t0);
        return r;       /* NH_ERR_MODEL, or NH_ERR_DOMAIN: undecided */
    }
    return NH_OK;
}

/* The checks of nh_geom_check_point at (q0, t0); t0 == NULL: the model
   has no time (q gets n values). */
static int
geom_check_point_at(const nh_model_struct *M, arb_srcptr q0, arb_srcptr t0, slong prec,
                    nh_error_t err)
{
    slong n = nh_model_n(M), m = nh_model_m(M);
    arb_mat_t G, A, mu;
    int r;

    arb_mat_init(G, n, n);
    arb_mat_init(A, m, n);
    arb_mat_init(mu, m, m);
    r = nh_geom_values_at(G, A, NULL, mu, M, q0, t0, prec, err);
    if (r == NH_OK)
        r = geom_check_const(G, A, mu, M, q0, t0, prec, err);
    arb_mat_clear(G);
    arb_mat_clear(A);
    arb_mat_clear(mu);
    return r;
}

int
nh_geom_check_point(const nh_model_struct *M, arb_srcptr q0, slong prec, nh_error_t err)
{
    if (!nh_model_is_linear_autonomous(M))
        return geom_unsupported(M, err);
    return geom_check_point_at(M, q0, NULL, prec, err);
}

int
nh_geom_check_point_time(const nh_model_struct *M, arb_srcptr q0, const arb_t t0,
                         slong prec, nh_error_t err)
{
    if (nh_model_has_oneform(M) || nh_model_has_force(M) || nh_model_has_damping(M))
        return nh_error_set(err, NH_ERR_MODEL,
                            "%s: model %s has a oneform, a force or damping; the slow-manifold "
                            "series of time-dependent, affine models (proofs/020) needs "
                            "L = 1/2 G(q,t)(v,v) - V(q,t) (use 'nhoracle nh' for its equations of motion)",
                            nh_model_filename(M), nh_model_name(M));
    if (!nh_model_is_linear_autonomous(M) && !nh_model_has_friction(M))
        return nh_error_set(err, NH_ERR_MODEL,
                            "%s: model %s has time dependence or affine constraints but no "
                            "'friction' block: the friction realization of its constraints "
                            "(proofs/020) needs mu_bar(q,t) given explicitly, e.g. "
                            "'friction diagonal: 1%s' (doc/model-format.md)",
                            nh_model_filename(M), nh_model_name(M),
                            nh_model_m(M) > 1 ? ", ..., 1" : "");
    return geom_check_point_at(M, q0, nh_model_has_time(M) ? t0 : NULL, prec, err);
}

/* nh_geom_compute at the model time t0 (NULL: a model without time;
   else the time is the constant jet t0, the (n+1)-th argument of the
   model's expressions). */
static int
geom_compute_at(nh_geom_t g, const nh_model_struct *M, arb_srcptr q0, arb_srcptr t0,
                slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    slong n = g->n, m = g->m, len = ctx->len, i;
    arb_ptr q;
    jet_mat_t At, GinvAt, SinvA, T1, T2;
    arb_ptr V;
    int r = NH_OK;

    if (ord < 0 || ord > ctx->order)
        return nh_error_set(err, NH_ERR_USAGE,
                            "geometry: jet order %ld outside 0..%ld", (long) ord, (long) ctx->order);
    if (ctx->nvars < n)
        return nh_error_set(err, NH_ERR_USAGE,
                            "geometry: jet context has %ld < n = %ld variables",
                            (long) ctx->nvars, (long) n);
    g->ord = ord;

    /* q_i = q0_i + x_i; the time (if any) the constant t0 */
    q = jet_vec_init(n + 1, ctx);
    for (i = 0; i < n; i++)
        jet_set_var(JET_ENTRY(q, i, ctx), q0 + i, i, ctx);
    if (t0 != NULL)
        jet_set_arb(JET_ENTRY(q, n, ctx), t0, ctx);

    jet_mat_init(At, n, m, ctx);
    jet_mat_init(GinvAt, n, m, ctx);
    jet_mat_init(SinvA, m, n, ctx);
    jet_mat_init(T1, m, n, ctx);
    jet_mat_init(T2, m, n, ctx);
    V = jet_init(ctx);

    /* ---- model quantities ---- */
    {
        /* one call: lets and shared subexpressions evaluated once */
        nh_model_values_struct o = {g->G, g->A, NULL, g->mu, NULL, NULL, NULL, V, NULL};
        r = nh_model_eval(&o, M, q, ord, ctx, prec, err);
    }
    if (r != NH_OK)     /* NH_ERR_MODEL, or NH_ERR_DOMAIN: retry with more bits */
        goto cleanup;

    /* ---- certified checks on the constant terms ---- */
    {
        arb_mat_t cG, cA, cmu;
        arb_mat_init(cG, n, n);
        arb_mat_init(cA, m, n);
        arb_mat_init(cmu, m, m);
        jet_mat_get_const(cG, g->G, ctx);
        jet_mat_get_const(cA, g->A, ctx);
        jet_mat_get_const(cmu, g->mu, ctx);
        r = geom_check_const(cG, cA, cmu, M, q0, t0, prec, err);
        arb_mat_clear(cG);
        arb_mat_clear(cA);
        arb_mat_clear(cmu);
    }
    if (r != NH_OK)
        goto cleanup;

    /* ---- jets ---- */
    if (jet_mat_inv(g->Ginv, g->G, ord, ctx, prec) != NH_OK)
    {
        nh_error_set(err, NH_ERR_MODEL,
                     "coordinate singularity: singular metric G (no pivot certified nonzero)");
        r = geom_at_point_t(err, M, q0, t0);
        goto cleanup;
    }

    if (m > 0)
    {
        jet_mat_transpose(At, g->A, ctx);
        jet_mat_mul(GinvAt, g->Ginv, At, ord, ctx, prec);        /* G^-1 A^T */
        jet_mat_mul(g->S, g->A, GinvAt, ord, ctx, prec);         /* A G^-1 A^T */
        if (jet_mat_inv(g->Sinv, g->S, ord, ctx, prec) != NH_OK)
        {
            nh_error_set(err, NH_ERR_MODEL,
                         "coordinate singularity: singular S = A G^-1 A^T (constraints A have rank < m?)");
            r = geom_at_point_t(err, M, q0, t0);
            goto cleanup;
        }
        jet_mat_mul(SinvA, g->Sinv, g->A, ord, ctx, prec);       /* S^-1 A */
        jet_mat_mul(g->Pperp, GinvAt, SinvA, ord, ctx, prec);    /* P_perp */

        /* FR_sharp = G^-1 A^T mu A  (000 eqs (37), (38)) */
        jet_mat_mul(T1, g->mu, g->A, ord, ctx, prec);
        jet_mat_mul(g->FRs, GinvAt, T1, ord, ctx, prec);

        /* Q = G^-1 A^T S^-1 mu^-1 S^-1 A  (Lemma 4 / Remark 8) */
        if (jet_mat_solve(T1, g->mu, SinvA, ord, ctx, prec) != NH_OK)
        {
            nh_error_set(err, NH_ERR_MODEL,
                         "singular friction mu_bar (no pivot certified nonzero; friction FR not positive on D_perp)");
            r = geom_at_point_t(err, M, q0, t0);
            goto cleanup;
        }
        jet_mat_mul(T2, g->Sinv, T1, ord, ctx, prec);
        jet_mat_mul(g->Q, GinvAt, T2, ord, ctx, prec);
    }
    else
    {
        jet_mat_zero(g->Pperp, ctx);
        jet_mat_zero(g->FRs, ctx);
        jet_mat_zero(g->Q, ctx);
    }
    jet_mat_one(g->P, ctx);
    jet_mat_sub(g->P, g->P, g->Pperp, ctx, prec);

    /* ---- one derivative: dV, grad V, Gamma (exact to ord - 1) ---- */
    if (ord >= 1)
    {
        for (i = 0; i < n; i++)
            jet_derivative(JET_MAT_ENTRY(g->dV, i, 0, ctx), V, i, ctx, prec);
        jet_mat_mul(g->gradV, g->Ginv, g->dV, ord - 1, ctx, prec);
        geom_christoffel(g, ord, ctx, prec);
    }
    else
    {
        geom_set_indeterminate(g->dV->entries, n * len);
        geom_set_indeterminate(g->gradV->entries, n * len);
        geom_set_indeterminate(g->Gamma, n * n * n * len);
    }

cleanup:
    jet_clear(V, ctx);
    jet_mat_clear(At, ctx);
    jet_mat_clear(GinvAt, ctx);
    jet_mat_clear(SinvA, ctx);
    jet_mat_clear(T1, ctx);
    jet_mat_clear(T2, ctx);
    jet_vec_clear(q, n + 1, ctx);
    return r;
}

int
nh_geom_compute(nh_geom_t g, const nh_model_struct *M, arb_srcptr q0,
                slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    if (!nh_model_is_linear_autonomous(M))
        return geom_unsupported(M, err);
    return geom_compute_at(g, M, q0, NULL, ord, ctx, prec, err);
}

int
nh_geom_compute_t(nh_geom_t g, const nh_model_struct *M, arb_srcptr q0, const arb_t t0,
                  slong ord, const jet_ctx_t ctx, slong prec, nh_error_t err)
{
    int r;
    if (nh_model_is_linear_autonomous(M))
        return geom_compute_at(g, M, q0, NULL, ord, ctx, prec, err);
    /* the model class of proofs/020: friction block, no oneform/force/damping */
    r = nh_geom_check_point_time(M, q0, t0, prec, err);
    if (r != NH_OK)
        return r;
    return geom_compute_at(g, M, q0, nh_model_has_time(M) ? t0 : NULL, ord, ctx, prec, err);
}
