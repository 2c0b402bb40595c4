/*
 * cmd_geometry.c -- `nhoracle geometry CASE.nh --q ... --v ...`: the
 * Riemannian and friction geometry of a model at (q, v) (paper 000
 * Sec 2-4): G, Christoffel symbols, A, mu_bar, P, P_perp, FR_sharp, Q,
 * grad V, nabla_v P and nabla_v P_perp (eq (32)); h^(1) (67) at
 * vD = P v with its vertical Jacobian D^V h^(1) (29) and horizontal
 * covariant derivative nabla^H_vD h^(1) (30)/(33) (lib/bundle.h), the
 * inputs of the generating equation (56).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "bundle.h"

static void
geometry_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle geometry CASE.nh [--q SPEC] [--v SPEC] [options]\n"
"Print, at the configuration q (and velocity v for the covariant\n"
"derivatives): the metric G, the nonzero Christoffel symbols Gamma^i_jk\n"
"(j <= k), the constraint one-forms A (rows a^l), the friction\n"
"coefficients mu_bar, the G-orthogonal projections P (onto D = ker A) and\n"
"P_perp, FR_sharp = G^-1 A^T mu_bar A, Q (Q o FR_sharp = P_perp), grad V,\n"
"and the covariant derivatives nabla_v P and nabla_v P_perp (paper 000\n"
"eq (32)); with vD = P v: h^(1)(q, vD) (eq (67)), its vertical Jacobian\n"
"D^V h^(1) (eq (29); h^(1) extended to TQ by its formula, velocity not\n"
"projected) and its horizontal covariant derivative nabla^H_vD h^(1)(vD)\n"
"(eqs (30), (33)), the terms the generating equation (56) consumes.\n\n");
    nh_cli_common_help(f);
}

/* labels "a^1".."a^m" */
static char **
constraint_labels(slong m)
{
    slong l;
    char **lab = malloc(sizeof(char *) * (size_t) (m > 0 ? m : 1));
    if (lab == NULL)
        abort();
    for (l = 0; l < m; l++)
    {
        lab[l] = malloc(24);
        if (lab[l] == NULL)
            abort();
        snprintf(lab[l], 24, "a^%ld", (long) (l + 1));
    }
    return lab;
}

/* The Christoffel symbols Gamma^i_jk of g (constant terms of the jets,
   length len each), listed when not exactly 0, j <= k (000 Sec 2). */
static void
print_christoffel(nh_out_t out, const nh_geom_t g, slong n, slong len, const char **cn)
{
    slong i, j, k, count = 0;
    arb_ptr gam0 = _arb_vec_init(n * n * n);
    json_object *jgam;
    for (i = 0; i < n * n * n; i++)
        arb_set(gam0 + i, jet_const(g->Gamma + i * len));
    nh_out_check(out, gam0, n * n * n, 1, "Christoffel symbols Gamma");
    jgam = json_object_new_array();
    nh_out_printf(out, "Christoffel symbols Gamma^i_jk (nonzero, j <= k; symmetric in j, k):\n");
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = j; k < n; k++)
            {
                arb_srcptr x = gam0 + (i * n + j) * n + k;
                char *s;
                json_object *e;
                if (arb_is_zero(x))
                    continue;
                s = nh_out_ball_str(out, x);
                nh_out_printf(out, "  Gamma^%s_{%s %s} = %s\n", cn[i], cn[j], cn[k], s);
                e = json_object_new_object();
                json_object_object_add(e, "i", json_object_new_string(cn[i]));
                json_object_object_add(e, "j", json_object_new_string(cn[j]));
                json_object_object_add(e, "k", json_object_new_string(cn[k]));
                json_object_object_add(e, "value", json_object_new_string(s));
                json_object_array_add(jgam, e);
                flint_free(s);
                count++;
            }
    if (count == 0)
        nh_out_printf(out, "  (all zero)\n");
    json_object_object_add(out->root, "Gamma", jgam);
    _arb_vec_clear(gam0, n * n * n);
}

/* A, mu_bar, P, P_perp, FR_sharp, Q, grad V of g, and nabla_v P,
   nabla_v P_perp (000 eq (32)) at velocity v. */
static void
print_friction_geometry(nh_out_t out, const nh_model_struct *M, const nh_geom_t g, arb_srcptr v,
                        const jet_ctx_t ctx, const char **cn, slong prec)
{
    slong n = nh_model_n(M), m = nh_model_m(M), len = ctx->len, i;
    char **al = constraint_labels(m);
    arb_mat_t nab;
    nh_out_matrix(out, "A", "constraint one-forms A (rows a^l)", g->A->entries, m, n, len,
                  (const char *const *) al, cn);
    nh_out_matrix(out, "mu_bar", "friction coefficients mu_bar", g->mu->entries, m, m, len,
                  (const char *const *) al, (const char *const *) al);
    nh_out_matrix(out, "P", "projection P onto D", g->P->entries, n, n, len, cn, cn);
    nh_out_matrix(out, "P_perp", "projection P_perp onto D_perp", g->Pperp->entries,
                  n, n, len, cn, cn);
    nh_out_matrix(out, "FR_sharp", "FR_sharp = G^-1 A^T mu_bar A", g->FRs->entries,
                  n, n, len, cn, cn);
    nh_out_matrix(out, "Q", "Q (Q o FR_sharp = P_perp)", g->Q->entries, n, n, len, cn, cn);
    nh_out_vector(out, "grad_V", "grad V = G^-1 dV", g->gradV->entries, n, len, M);

    arb_mat_init(nab, n, n);
    nh_geom_cov_tensor(nab, g, g->P, v, ctx, prec);
    nh_out_matrix(out, "nabla_v_P", "nabla_v P", nab->entries, n, n, 1, cn, cn);
    nh_geom_cov_tensor(nab, g, g->Pperp, v, ctx, prec);
    nh_out_matrix(out, "nabla_v_P_perp", "nabla_v P_perp", nab->entries, n, n, 1, cn, cn);
    arb_mat_clear(nab);
    for (i = 0; i < m; i++)
        free(al[i]);
    free(al);
}

/* h^(1) as a bundle map in (dq, dw) at (q, vD), vD = P(q) v (P from g):
   h^(1) (000 eq (67)), D^V h^(1) (eq (29)), nabla^H_vD h^(1)(vD) (eqs
   (30), (33)).  Returns NH_OK or the error of the geometry on 2n
   variables (nothing printed then). */
static int
print_h1(nh_out_t out, const nh_model_struct *M, const nh_geom_t g, arb_srcptr q, arb_srcptr v,
         const jet_ctx_t ctx, const char **cn, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i;
    jet_ctx_t c2;
    nh_geom_t g2;
    arb_ptr vD = _arb_vec_init(n), h1, nh1 = _arb_vec_init(n);
    arb_mat_t DV, P0;
    int rc;

    arb_mat_init(P0, n, n);
    arb_mat_init(DV, n, n);
    jet_mat_get_const(P0, g->P, ctx);
    for (i = 0; i < n; i++)
        arb_dot(vD + i, NULL, 0, arb_mat_entry(P0, i, 0), 1, v, 1, n, prec);
    jet_ctx_init(c2, 2 * n, 2);
    nh_geom_init(g2, M, c2);
    h1 = jet_vec_init(n, c2);
    rc = nh_geom_compute(g2, M, q, 2, c2, prec, err);
    if (rc == NH_OK)
    {
        nh_bundle_h1(h1, g2, vD, 1, c2, prec);
        nh_bundle_vertical_jacobian(DV, h1, n, c2);
        nh_bundle_cov_horizontal(nh1, h1, vD, vD, g2, c2, c2, prec);
        nh_out_vector(out, "vD", "vD = P v (velocity used for h^(1))", vD, n, 1, M);
        nh_out_vector(out, "h1", "h^(1)(q, vD) (eq (67))", h1, n, c2->len, M);
        nh_out_matrix(out, "DV_h1", "vertical Jacobian D^V h^(1)(q, vD) (eq (29))",
                      DV->entries, n, n, 1, cn, cn);
        nh_out_vector(out, "nablaH_vD_h1",
                      "horizontal covariant derivative nabla^H_vD h^(1)(vD) (eqs (30), (33))",
                      nh1, n, 1, M);
    }
    jet_vec_clear(h1, n, c2);
    nh_geom_clear(g2, c2);
    jet_ctx_clear(c2);
    arb_mat_clear(P0);
    arb_mat_clear(DV);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(nh1, n);
    return rc;
}

static int
geometry_compute(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
                 slong prec, void *data, nh_error_t err)
{
    slong n = nh_model_n(M), i;
    arb_ptr q, v;
    jet_ctx_t ctx;
    nh_geom_t g;
    const char **cn;
    int rc;

    (void) data;
    q = _arb_vec_init(n);
    v = _arb_vec_init(n);
    rc = nh_cli_point(q, v, M, cli, prec, err);
    if (rc != NH_OK)
    {
        _arb_vec_clear(q, n);
        _arb_vec_clear(v, n);
        return rc;
    }

    jet_ctx_init(ctx, n, 2);
    nh_geom_init(g, M, ctx);
    rc = nh_geom_compute(g, M, q, 2, ctx, prec, err);
    if (rc == NH_OK)
    {
        cn = malloc(sizeof(char *) * (size_t) n);
        if (cn == NULL)
            abort();
        for (i = 0; i < n; i++)
            cn[i] = nh_model_coord_name(M, i);
        nh_out_header(out, M, q, v);
        json_object_object_add(out->root, "m", json_object_new_int64(nh_model_m(M)));
        nh_out_matrix(out, "G", "metric G", g->G->entries, n, n, ctx->len, cn, cn);
        print_christoffel(out, g, n, ctx->len, cn);
        print_friction_geometry(out, M, g, v, ctx, cn, prec);
        rc = print_h1(out, M, g, q, v, ctx, cn, prec, err);
        nh_out_curvature_at(out, M, q, prec);   /* issue 16: the curvature note */
        free(cn);
    }
    nh_geom_clear(g, ctx);
    jet_ctx_clear(ctx);
    _arb_vec_clear(q, n);
    _arb_vec_clear(v, n);
    return rc;
}

int
nh_cmd_geometry(int argc, char **argv)
{
    return nh_cli_main(argc, argv, NULL, NULL, NULL, geometry_usage, NULL, geometry_compute);
}
