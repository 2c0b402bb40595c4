/*
 * quantity_point_velocity.c -- the one meaning of a point's velocity
 * (lib/quantity.h, issue 29): projected onto the constraint set,
 * completed from the constraints, or required to satisfy them.
 */
#include <string.h>
#include "quantity.h"

const char *
nh_point_velocity_mode_name(nh_point_velocity_mode mode)
{
    return mode == NH_POINT_V_COMPLETE ? "complete"
         : mode == NH_POINT_V_REQUIRE ? "require" : "project";
}

const char *
nh_point_velocity_mode_words(nh_point_velocity_mode mode)
{
    return mode == NH_POINT_V_COMPLETE ? "completed from the constraints"
         : mode == NH_POINT_V_REQUIRE ? "required to satisfy the constraints"
         : "projected onto the constraints";
}

int
nh_point_velocity_mode_parse(nh_point_velocity_mode *mode, const char *name, nh_error_t err)
{
    if (strcmp(name, "project") == 0)
        *mode = NH_POINT_V_PROJECT;
    else if (strcmp(name, "complete") == 0)
        *mode = NH_POINT_V_COMPLETE;
    else if (strcmp(name, "require") == 0)
        *mode = NH_POINT_V_REQUIRE;
    else
        return nh_error_set(err, NH_ERR_USAGE, "--v-mode: expected project, complete or "
                            "require, found '%s'", name);
    return NH_OK;
}

/* REQUIRE: every A v + b ball must contain 0 */
static int
require_check(const nh_dyn_t D, arb_srcptr v, slong prec, nh_error_t err)
{
    slong l, j;
    arb_t r;
    int rc = NH_OK;
    arb_init(r);
    for (l = 0; l < D->m && rc == NH_OK; l++)
    {
        arb_set(r, jet_const(JET_MAT_ENTRY(D->b, l, 0, D->ctx)));
        for (j = 0; j < D->n; j++)
            arb_addmul(r, jet_const(JET_MAT_ENTRY(D->A, l, j, D->ctx)), v + j, prec);
        if (!arb_contains_zero(r))
        {
            char *s = arb_get_str(r, 10, 0);
            rc = nh_error_set(err, NH_ERR_USAGE, "the velocity violates constraint %ld: "
                              "a^%ld(v) + b^%ld = %s (--v-mode require)", (long) l + 1,
                              (long) l + 1, (long) l + 1, s);
            flint_free(s);
        }
    }
    arb_clear(r);
    return rc;
}

/* PROJECT: w = P(q, t) v + v_p (P(q) v for linear autonomous models) */
static int
project(arb_ptr w, const nh_model_struct *M, arb_srcptr q, const arb_t t, arb_srcptr v,
        slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr vp;
    int rc;
    if (nh_model_is_linear_autonomous(M))
        return nh_project_D(w, M, q, v, prec, err);
    vp = _arb_vec_init(n);
    rc = nh_project_D_t(w, vp, M, q, t, v, prec, err);
    _arb_vec_add(w, w, vp, n, prec);
    _arb_vec_clear(vp, n);
    return rc;
}

int
nh_point_velocity(arb_ptr w, int *changed, const nh_model_struct *M, arb_srcptr q,
                  const arb_t t, arb_srcptr v, nh_point_velocity_mode mode,
                  const slong *dep, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i;
    arb_t t0;
    int rc;

    arb_init(t0);
    if (t != NULL)
        arb_set(t0, t);
    if (mode == NH_POINT_V_PROJECT)
        rc = project(w, M, q, t0, v, prec, err);
    else
    {
        nh_dyn_t D;
        nh_dyn_init(D, M);
        rc = nh_dyn_set_point(D, M, q, t0, dep, prec, err);
        _arb_vec_set(w, v, n);
        if (rc == NH_OK && mode == NH_POINT_V_COMPLETE)
            nh_dyn_complete_velocity(w, D, prec);
        else if (rc == NH_OK)
            rc = require_check(D, v, prec, err);
        nh_dyn_clear(D);
    }
    for (i = 0; changed != NULL && i < n; i++)
        changed[i] = rc == NH_OK && !arb_overlaps(w + i, v + i);
    arb_clear(t0);
    return rc;
}
