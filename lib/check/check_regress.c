/*
 * check_regress.c -- nh_check_regression (check.h): the failing points of
 * a check as a reference dataset (doc/datasets.md) that `nhoracle
 * validate` replays.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "impl.h"

/* record name, k and whether the record carries the eps index */
static const char *
record_name(const nh_check_struct *C, slong *k, int *with_eps)
{
    *k = -1;
    *with_eps = 0;
    switch (C->Q->kind)
    {
        case NH_Q_H: *k = C->par.k; return "h";
        case NH_Q_REACT: *k = C->par.k; return "reaction";
        case NH_Q_RED_VDOT: *k = C->order; *with_eps = 1; return "vdot";
        case NH_Q_RED_QDOT: *k = C->order; *with_eps = 1; return "qdot";
        case NH_Q_RED_VDDOT: *k = C->order; *with_eps = 1; return "vDdot";
        default: return C->Q->name;
    }
}

/* {"q": {NAME: decimal}, "v": {NAME: decimal}} of the search point x */
static json_object *
search_point_json(const nh_check_struct *C, const fmpq *x)
{
    json_object *o = json_object_new_object(), *h;
    slong i, k;
    for (k = 0; k < 2; k++)
    {
        h = json_object_new_object();
        for (i = 0; i < C->n; i++)
        {
            char *s = nh_check_decimal(x + k * C->n + i);
            json_object_object_add(h, nh_model_coord_name(C->M, i), json_object_new_string(s));
            free(s);
        }
        json_object_object_add(o, k == 0 ? "q" : "v", h);
    }
    return o;
}

/* the settings of the run: enough to replay it */
static void
add_settings(json_object *x, const nh_check_struct *C, const nh_check_point_struct *const *pts,
             slong npts, ulong seed, slong budget)
{
    json_object *a = json_object_new_array();
    slong j;
    json_object_object_add(x, "seed", json_object_new_uint64(seed));
    json_object_object_add(x, "budget", json_object_new_int64(budget));
    json_object_object_add(x, "atol", json_object_new_double(C->atol));
    json_object_object_add(x, "rtol", json_object_new_double(C->rtol));
    for (j = 0; j < npts; j++)
        json_object_array_add(a, search_point_json(C, pts[j]->x));
    json_object_object_add(x, "search_points", a);
}

static json_object *
make_meta(const nh_check_struct *C, const char *text, size_t len, const char *case_file,
          const char *version, slong digits, const nh_check_point_struct *const *pts,
          slong npts, ulong seed, slong budget)
{
    json_object *m, *a, *x;
    char *s;
    slong i;
    fmpq_t pv;
    m = nh_dataset_meta_new(NH_DATASET_FORMAT_VERSION, version, nh_model_name(C->M), case_file,
                            text, len);
    a = json_object_new_array();
    for (i = 0; i < C->n; i++)
        json_object_array_add(a, json_object_new_string(nh_model_coord_name(C->M, i)));
    json_object_object_add(m, "coordinates", a);
    x = json_object_new_object();
    fmpq_init(pv);
    for (i = 0; i < nh_model_nparams(C->M); i++)
    {
        nh_model_param_value(pv, C->M, i);
        s = nh_check_decimal(pv);
        json_object_object_add(x, nh_model_param_name(C->M, i), json_object_new_string(s));
        free(s);
    }
    fmpq_clear(pv);
    json_object_object_add(m, "parameters", x);
    x = json_object_new_object();
    json_object_object_add(x, "generator", json_object_new_string(
        "nhoracle check: the failing points found by the search (point 0: the worst failing "
        "point, point 1: the shrunk one, if different); v is the velocity sent to the candidate; "
        "search_points: the same points before projection (q, simple v), replayed by "
        "`check --replay`"));
    json_object_object_add(x, "points", json_object_new_int64(npts));
    json_object_object_add(x, "quantity", json_object_new_string(C->name));
    json_object_object_add(x, "table_quantity", json_object_new_string(C->Q->name));
    json_object_object_add(x, "order", json_object_new_int64(C->order));
    add_settings(x, C, pts, npts, seed, budget);
    json_object_object_add(m, "sampling", x);
    a = json_object_new_array();
    if (C->Q->flags & NH_QUANTITY_EPS)
    {
        s = nh_check_decimal(C->eps);
        json_object_array_add(a, json_object_new_string(s));
        free(s);
    }
    json_object_object_add(m, "eps", a);
    json_object_object_add(m, "digits", json_object_new_int64(digits));
    return m;
}

/* decimal exponent u of the grid of the vector x (n entries): u = E -
   digits - 1 with 10^E about max |x_i| */
static slong
grid_unit(arb_srcptr x, slong n, slong digits)
{
    double mx = 0, a;
    slong i;
    for (i = 0; i < n; i++)
        if ((a = fabs(arf_get_d(arb_midref(x + i), ARF_RND_NEAR))) > mx)
            mx = a;
    return (mx > 0 ? (slong) ceil(log10(mx)) : 0) - digits - 1;
}

/* the quantity's records of point j, precision raised until each ball
   fits its decimal grid */
static int
add_point(nh_dataset_t ds, const nh_check_struct *C, const nh_check_point_struct *p, slong j,
          slong digits, nh_error_t err)
{
    slong n = C->n, i, prec, k, u, len0 = ds->len;
    int with_eps, r = NH_OK, ok = 0;
    const char *name = record_name(C, &k, &with_eps);
    arb_ptr x = _arb_vec_init(n);
    for (prec = FLINT_MAX(C->prec, 4 * digits); !ok && r == NH_OK; prec *= 2)
    {
        if (prec > C->max_prec)
        {
            r = nh_error_set(err, NH_ERR_PRECISION, "regression file: %s not certified to %ld "
                             "digits below --max-prec %ld", C->Q->name, (long) digits,
                             (long) C->max_prec);
            break;
        }
        if ((r = nh_quantity_eval(x, NULL, NULL, C->Q, C->M, p->q, p->w, &C->par, prec, err))
            == NH_ERR_PRECISION)
        {
            r = NH_OK;
            continue;
        }
        u = grid_unit(x, n, digits);
        for (i = len0; i < ds->len; i++)    /* drop the records of a failed attempt */
        {
            free(ds->rec[i].mid);
            free(ds->rec[i].rad);
        }
        ds->len = len0;
        for (i = 0, ok = 1; i < n && ok && r == NH_OK; i++)
            ok = nh_dataset_add_ball(ds, name, k, with_eps ? 0 : -1, j, i, -1, -1, x + i, u,
                                     prec) == 0;
    }
    _arb_vec_clear(x, n);
    return r;
}

int
nh_check_regression(nh_dataset_t ds, const nh_check_t C,
                    const nh_check_point_struct *const *pts, slong npts,
                    const char *case_text, size_t case_len, const char *case_file,
                    const char *version, slong digits, ulong seed, slong budget,
                    nh_error_t err)
{
    slong j, i, h;
    int r = NH_OK;
    char *s;
    ds->meta = make_meta(C, case_text, case_len, case_file, version, digits, pts, npts, seed,
                         budget);
    if (C->Q->flags & NH_QUANTITY_EPS)
    {
        s = nh_check_decimal(C->eps);
        nh_dataset_add_eps(ds, s, fmpq_get_d(C->eps));
        free(s);
    }
    for (j = 0; j < npts && r == NH_OK; j++)
    {
        for (h = 0; h < 2; h++)
            for (i = 0; i < C->n; i++)
            {
                const fmpq *c = h == 0 ? pts[j]->q + i : pts[j]->w + i;
                s = nh_check_decimal(c);
                nh_dataset_add_exact(ds, h == 0 ? "q" : "v", j, i, s, fmpq_get_d(c));
                free(s);
            }
        r = add_point(ds, C, pts[j], j, digits, err);
    }
    return r;
}
