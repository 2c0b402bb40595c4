/*
 * cmd_nh.c -- `nhoracle nh CASE.nh --q ... --v ... [--t T]`: the
 * nonholonomic equations of motion at (q, qdot, t) by every applicable
 * route (lib/nhdyn.h, doc/nonholonomic.md): route 1 Lagrange-d'Alembert
 * (001 eq (4), 003 eq (2.6)), route 2 nonholonomic affine connection
 * (000 eqs (12)-(15); linear autonomous models only), route 3 Voronets
 * (004 eqs (2)-(4), 003 eqs (5.2)-(5.4)); their pairwise certified
 * agreement, the multipliers, and the curvature coefficients B by formula
 * and by brackets (all computed by nh_quantity_routes, lib/quantity.h;
 * this file parses the options and prints).  Exit 8 if two routes
 * certifiably disagree.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nhdyn.h"
#include "quantity.h"

enum { OPT_T = 1000, OPT_DEPENDENT, OPT_GHAT };

typedef struct
{
    const char *t_spec;
    const char *dep_spec;
    const char *ghat_path;
}
nh_opts;

static const struct option nh_options[] = {
    {"t", required_argument, NULL, OPT_T},
    {"dependent", required_argument, NULL, OPT_DEPENDENT},
    {"ghat", required_argument, NULL, OPT_GHAT},
    {NULL, 0, NULL, 0}
};

static void
nh_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle nh CASE.nh [--q SPEC] [--v SPEC] [--t T] [--dependent NAMES]\n"
"                  [--ghat FILE]\n"
"                  [options]\n"
"Nonholonomic equations of motion at (q, qdot, t) by independent routes:\n"
"  1 Lagrange-d'Alembert with multipliers (001 eq (4), 003 eq (2.6)),\n"
"  2 nonholonomic affine connection (000 eqs (12)-(15); only linear\n"
"    time-independent constraints with L = 1/2 G - V, no force),\n"
"  3 Voronets equations (004 eqs (2)-(4), 003 eqs (5.2)-(5.4)),\n"
"their pairwise certified agreement, the multipliers mult (force A^T mult),\n"
"and the curvature coefficients B^nu_ab, B^nu_a by formula and by brackets.\n"
"The velocities of the dependent coordinates are computed from the\n"
"constraints (values given for them in --v are replaced).\n"
"\n"
"Options:\n"
"  --t T            time (exact rational, default 0)\n"
"  --dependent L    comma-separated dependent coordinates (m of them;\n"
"                   default: chosen automatically, see doc/nonholonomic.md)\n"
"  --ghat FILE      route 4 (002): a model file (same coordinates) whose\n"
"                   metric ghat is a candidate geodesic extension; its\n"
"                   geodesic acceleration at v is compared with route 1\n"
"Exit status 8 if two routes certifiably disagree.\n\n");
    nh_cli_common_help(f);
}

static int
nh_option(int opt, const char *arg, void *data, nh_error_t err)
{
    nh_opts *o = data;
    (void) err;
    if (opt == OPT_T)
        o->t_spec = arg;
    else if (opt == OPT_DEPENDENT)
        o->dep_spec = arg;
    else if (opt == OPT_GHAT)
        o->ghat_path = arg;
    return NH_OK;
}

static int
parse_dep(slong *dep, const nh_model_struct *M, const char *spec, nh_error_t err)
{
    slong m = nh_model_m(M), k = 0;
    const char *s = spec;
    while (*s)
    {
        char name[128];
        size_t len = strcspn(s, ",");
        slong i;
        if (len == 0 || len >= sizeof name)
            return nh_error_set(err, NH_ERR_USAGE, "--dependent: malformed list '%s'", spec);
        memcpy(name, s, len);
        name[len] = '\0';
        i = nh_model_coord_index(M, name);
        if (i < 0)
            return nh_error_set(err, NH_ERR_USAGE, "--dependent: unknown coordinate '%s'", name);
        if (k >= m)
            return nh_error_set(err, NH_ERR_USAGE, "--dependent: expected %ld names (one per constraint)", (long) m);
        dep[k++] = i;
        s += len;
        if (*s == ',')
            s++;
    }
    if (k != m)
        return nh_error_set(err, NH_ERR_USAGE, "--dependent: expected %ld names (one per constraint), got %ld",
                            (long) m, (long) k);
    return NH_OK;
}

/* Compare two routes, print, return 1 if they disagree. */
/* issue 16: a note when the curvature of the constraint distribution
   (B^nu_ab, and B^nu_a of affine constraints: the D_perp components of
   brackets of sections, 003 Sec 5 / 004 eq (4)) is zero within its balls
   at the point: the constraints may be holonomic there (Frobenius).  Not
   a certified claim: balls containing 0 only fail to exclude it. */
static void
curvature_note(nh_out_t out, arb_srcptr Bab, arb_srcptr Ba, slong nab, slong na)
{
    slong i;
    int zero = 1;
    for (i = 0; i < nab && zero; i++)
        zero = arb_contains_zero(Bab + i);
    for (i = 0; i < na && zero; i++)
        zero = arb_contains_zero(Ba + i);
    nh_out_curvature_note(out, zero);
}

static int
compare(nh_out_t out, json_object *jagree, const char *key, const char *label,
        arb_srcptr x, arb_srcptr y, slong len)
{
    arb_t md;
    int c;
    char *s;
    json_object *e = json_object_new_object();
    arb_init(md);
    c = nh_dyn_compare(md, x, y, len, out->prec);
    s = nh_out_ball_str(out, md);
    nh_out_printf(out, "  %s: %s (max |difference| <= %s)\n", label,
                  c > 0 ? "agree" : c < 0 ? "DISAGREE" : "inconclusive", s);
    json_object_object_add(e, "verdict",
                           json_object_new_string(c > 0 ? "agree" : c < 0 ? "disagree" : "inconclusive"));
    json_object_object_add(e, "max_abs_difference", json_object_new_string(s));
    json_object_object_add(jagree, key, e);
    flint_free(s);
    if (c == 0)
        nh_out_mark_wide(out, "%s", label);
    arb_clear(md);
    return c < 0;
}

/* Route 4: load the --ghat model into *Mh and check that it has the
   coordinates of M (n of them, same names).  On error *Mh is NULL and
   gerr holds the error (reported after those of routes 1-3). */
static void
load_ghat(nh_model_ptr *Mh, const char *path, const nh_model_struct *M, nh_error_t gerr)
{
    slong n = nh_model_n(M), i;
    int rg = nh_model_load(Mh, path, gerr);
    if (rg != NH_OK)
        *Mh = NULL;
    if (rg == NH_OK && nh_model_n(*Mh) != n)
        rg = nh_error_set(gerr, NH_ERR_USAGE, "--ghat %s: has %ld coordinates, the case has %ld",
                          path, (long) nh_model_n(*Mh), (long) n);
    for (i = 0; rg == NH_OK && i < n; i++)
        if (strcmp(nh_model_coord_name(*Mh, i), nh_model_coord_name(M, i)) != 0)
            rg = nh_error_set(gerr, NH_ERR_USAGE, "--ghat %s: coordinate %ld is '%s', the case's is '%s'",
                              path, (long) i + 1, nh_model_coord_name(*Mh, i), nh_model_coord_name(M, i));
    if (rg != NH_OK && *Mh != NULL)
    {
        nh_model_free(*Mh);
        *Mh = NULL;
    }
}

/* The header lines: the point, t, m, the dependent coordinates s and
   the independent r (cn: the coordinate names). */
static void
print_coords(nh_out_t out, const nh_model_struct *M, arb_srcptr q, arb_srcptr v, const arb_t t,
             const nh_quantity_routes_struct *R, const char **cn)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m, nu, a;
    json_object *jd = json_object_new_array(), *ji = json_object_new_array();
    char *s;
    nh_out_header(out, M, q, v);
    s = nh_out_ball_str(out, t);
    nh_out_printf(out, "t = %s\n", s);
    json_object_object_add(out->root, "t", json_object_new_string(s));
    flint_free(s);
    json_object_object_add(out->root, "m", json_object_new_int64(m));
    nh_out_printf(out, "dependent coordinates s:");
    for (nu = 0; nu < m; nu++)
    {
        nh_out_printf(out, " %s", cn[R->dep[nu]]);
        json_object_array_add(jd, json_object_new_string(cn[R->dep[nu]]));
    }
    nh_out_printf(out, "; independent r:");
    for (a = 0; a < p; a++)
    {
        nh_out_printf(out, " %s", cn[R->indep[a]]);
        json_object_array_add(ji, json_object_new_string(cn[R->indep[a]]));
    }
    nh_out_printf(out, "\n");
    json_object_object_add(out->root, "dependent", jd);
    json_object_object_add(out->root, "independent", ji);
    json_object_object_add(out->root, "linear_autonomous", json_object_new_boolean(R->lin_aut));
}

/* The accelerations of the routes (route 2 when applicable, route 4
   with --ghat), the multipliers and the dependent momenta. */
static void
print_routes(nh_out_t out, const nh_model_struct *M, const nh_quantity_routes_struct *R, int ghat)
{
    slong n = nh_model_n(M), m = nh_model_m(M), i;
    char **ml;
    nh_out_vector(out, "acc_lagrange", "route 1 (Lagrange-d'Alembert) qddot", R->acc1, n, 1, M);
    nh_out_vector(out, "acc_voronets", "route 3 (Voronets) qddot", R->acc3, n, 1, M);
    if (R->lin_aut)
    {
        nh_out_vector(out, "acc_connection", "route 2 (affine connection) qddot", R->acc2, n, 1, M);
        nh_out_vector(out, "lambda_connection", "route 2 lambda (000 eq (15))", R->lam, n, 1, M);
    }
    else
        nh_out_printf(out, "route 2 (affine connection): not applicable (time, affine constraints, oneform, force or damping)\n");
    if (ghat)
        nh_out_vector(out, "acc_geodesic", "route 4 (geodesic of --ghat) qddot", R->accg, n, 1, M);
    ml = malloc(sizeof(char *) * (size_t) m);
    for (i = 0; i < m; i++)
    {
        ml[i] = malloc(24);
        snprintf(ml[i], 24, "a^%ld", (long) i + 1);
    }
    nh_out_matrix(out, "multipliers", "multipliers mult (reaction force A^T mult)", R->mult, m, 1, 1,
                  (const char *const *) ml, NULL);
    nh_out_matrix(out, "p_dependent", "momenta p_nu = dL/dsdot^nu", R->pdep, m, 1, 1,
                  (const char *const *) ml, NULL);
    for (i = 0; i < m; i++)
        free(ml[i]);
    free(ml);
}

/* The curvature coefficients by formula and by brackets: rows nu*p + a
   labelled "nu,a", columns b (cn: the coordinate names). */
static void
print_curvature(nh_out_t out, const nh_model_struct *M, const nh_quantity_routes_struct *R,
                const char **cn)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m, nu, a, b, i;
    char **dl = malloc(sizeof(char *) * (size_t) (m * p + 1));
    const char **il = malloc(sizeof(char *) * (size_t) (p + 1));
    if (dl == NULL || il == NULL)
        abort();
    for (nu = 0; nu < m; nu++)
        for (a = 0; a < p; a++)
        {
            dl[nu * p + a] = malloc(160);
            snprintf(dl[nu * p + a], 160, "%s,%s", cn[R->dep[nu]], cn[R->indep[a]]);
        }
    for (b = 0; b < p; b++)
        il[b] = cn[R->indep[b]];
    nh_out_matrix(out, "B_ab", "curvature B^nu_ab (formula; rows nu,a; columns b)", R->Bab, m * p, p, 1,
                  (const char *const *) dl, il);
    nh_out_matrix(out, "B_a", "curvature B^nu_a (formula; rows nu,a)", R->Ba, m * p, 1, 1,
                  (const char *const *) dl, NULL);
    nh_out_matrix(out, "B_ab_brackets", "curvature -theta([xi_a, xi_b]) (brackets)", R->Bbab, m * p, p, 1,
                  (const char *const *) dl, il);
    nh_out_matrix(out, "B_a_brackets", "curvature -theta([xi_a, xi_t]) (brackets)", R->Bba, m * p, 1, 1,
                  (const char *const *) dl, NULL);
    free(il);
    for (i = 0; i < m * p; i++)
        free(dl[i]);
    free(dl);
}

/* The pairwise agreement of the routes and of the two curvature
   computations, the curvature note and the verdict; sets exit status 8
   (NH_EXIT_DISAGREE) when two routes certifiably disagree. */
static void
print_agreement(nh_out_t out, const nh_model_struct *M, const nh_quantity_routes_struct *R, int ghat)
{
    slong n = nh_model_n(M), m = nh_model_m(M), p = n - m;
    json_object *jagree = json_object_new_object();
    int dis = 0;
    nh_out_printf(out, "agreement:\n");
    dis |= compare(out, jagree, "route1_route3", "route 1 vs route 3 (qddot)", R->acc1, R->acc3, n);
    if (R->lin_aut)
    {
        dis |= compare(out, jagree, "route1_route2", "route 1 vs route 2 (qddot)", R->acc1, R->acc2, n);
        dis |= compare(out, jagree, "route2_route3", "route 2 vs route 3 (qddot)", R->acc2, R->acc3, n);
    }
    if (ghat)
    {
        int g = compare(out, jagree, "route1_route4", "route 1 vs route 4 (ghat geodesic)", R->acc1, R->accg, n);
        json_object_object_add(out->root, "geodesic_extension_at_point", json_object_new_boolean(!g));
        nh_out_printf(out, "  (route 4 disagreeing means ghat is not a geodesic extension; it does not\n"
                           "   count as a disagreement of the nonholonomic routes)\n");
    }
    dis |= compare(out, jagree, "curvature_ab", "B^nu_ab formula vs brackets", R->Bab, R->Bbab, m * p * p);
    dis |= compare(out, jagree, "curvature_a", "B^nu_a formula vs brackets", R->Ba, R->Bba, m * p);
    json_object_object_add(out->root, "agreement", jagree);
    curvature_note(out, R->Bab, R->Ba, m * p * p, m * p);
    nh_out_printf(out, "verdict: %s\n", dis ? "ROUTES DISAGREE" : "routes agree");
    json_object_object_add(out->root, "agree", json_object_new_boolean(!dis));
    if (dis)
    {
        out->status = NH_EXIT_DISAGREE;
        snprintf(out->status_msg, sizeof out->status_msg,
                 "the nonholonomic routes disagree (certified: a difference ball excludes 0)");
    }
}

/* The point, --t, --dependent, --ghat; every route into R; v: on the constraints */
static int
nh_routes_at(nh_quantity_routes_struct *R, nh_out_t out, arb_ptr q, arb_ptr v, arb_t t,
             const nh_opts *o, const nh_cli_struct *cli, const nh_model_struct *M, slong prec,
             nh_error_t err)
{
    slong m = nh_model_m(M), *dep = NULL;
    nh_model_ptr Mh = NULL;
    nh_error_t gerr;
    int rc;
    nh_error_init(gerr);
    rc = nh_cli_point_t(q, v, t, M, cli, o->t_spec, prec, err);
    if (rc == NH_OK && o->dep_spec != NULL)
    {
        dep = flint_malloc(m * sizeof(slong));
        rc = parse_dep(dep, M, o->dep_spec, err);
    }
    /* --v-mode, default complete (issue 29); the routes' own completion of
       the result changes nothing */
    if (rc == NH_OK)
        rc = nh_cli_velocity_set(v, out, M, cli, q, t, NH_POINT_V_COMPLETE, dep, prec, err);
    if (rc == NH_OK && o->ghat_path != NULL)
        load_ghat(&Mh, o->ghat_path, M, gerr);
    if (rc == NH_OK)
        rc = nh_quantity_routes(R, M, q, v, t, dep, Mh, NH_QUANTITY_ROUTES_BRACKETS
                                | NH_QUANTITY_ROUTES_GEODESIC, prec, err);
    if (rc == NH_OK && gerr->code != NH_OK)
    {
        *err = *gerr;
        rc = gerr->code;
    }
    if (Mh != NULL)
        nh_model_free(Mh);
    flint_free(dep);
    return rc;
}

static int
nh_compute(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
           slong prec, void *data, nh_error_t err)
{
    nh_opts *o = data;
    slong n = nh_model_n(M), i;
    arb_ptr q = _arb_vec_init(n), v = _arb_vec_init(n);
    nh_quantity_routes_struct R;
    const char **cn;
    arb_t t;
    int rc;

    arb_init(t);
    nh_quantity_routes_init(&R, M);
    rc = nh_routes_at(&R, out, q, v, t, o, cli, M, prec, err);
    if (rc == NH_OK)
    {
        _arb_vec_set(v, R.v, n);
        cn = malloc(sizeof(char *) * (size_t) n);
        if (cn == NULL)
            abort();
        for (i = 0; i < n; i++)
            cn[i] = nh_model_coord_name(M, i);
        print_coords(out, M, q, v, t, &R, cn);
        print_routes(out, M, &R, o->ghat_path != NULL);
        print_curvature(out, M, &R, cn);
        print_agreement(out, M, &R, o->ghat_path != NULL);
        free(cn);
    }
    nh_quantity_routes_clear(&R);
    _arb_vec_clear(q, n);
    _arb_vec_clear(v, n);
    arb_clear(t);
    return rc;
}

int nh_cmd_nh(int argc, char **argv);

int
nh_cmd_nh(int argc, char **argv)
{
    nh_opts o;
    o.t_spec = NULL;
    o.dep_spec = NULL;
    o.ghat_path = NULL;
    return nh_cli_main(argc, argv, nh_options, nh_option, &o, nh_usage, NULL, nh_compute);
}
