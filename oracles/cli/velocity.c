/*
 * velocity.c -- the velocity of the point a subcommand computes with
 * (issue 29; doc/conventions.md "The velocity of a point"): --v-mode,
 * nh_point_velocity (lib/quantity.h), and the report of every changed
 * component on stderr and in the JSON output.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "quantity.h"

int
nh_cli_v_mode(const nh_cli_struct *cli, int def)
{
    static const char *const takes[] = {"series", "reduced", "converge", "nh", "slowmanifold",
                                        "flow"};
    size_t i;
    for (i = 0; i < sizeof takes / sizeof takes[0]; i++)
        if (cli->subcommand != NULL && strcmp(cli->subcommand, takes[i]) == 0)
            return cli->v_mode >= 0 ? cli->v_mode : def;
    return -2;
}

/* stderr notes once per process and point: the last point noted */
static char noted_q[512], noted_v[512];
static int noted = 0;

static int
already_noted(const nh_cli_struct *cli)
{
    if (noted && strncmp(noted_q, cli->q_spec, sizeof noted_q - 1) == 0
        && strncmp(noted_v, cli->v_spec, sizeof noted_v - 1) == 0)
        return 1;
    noted = 1;
    snprintf(noted_q, sizeof noted_q, "%s", cli->q_spec);
    snprintf(noted_v, sizeof noted_v, "%s", cli->v_spec);
    return 0;
}

void
nh_cli_velocity_changes(nh_out_t out, const nh_model_struct *M, const nh_cli_struct *cli,
                        arb_srcptr w, arb_srcptr v, const char *why)
{
    slong n = nh_model_n(M), i;
    fmpq *vx = _fmpq_vec_init(n);
    json_object *a = json_object_new_array();
    int quiet = already_noted(cli);
    nh_error_t e2;
    nh_error_init(e2);
    nh_model_parse_point_fmpq(vx, M, cli->v_spec, "--v", e2);
    for (i = 0; i < n; i++)
    {
        char *given, *used;
        json_object *c;
        if (arb_overlaps(w + i, v + i))
            continue;
        given = fmpq_get_str(NULL, 10, vx + i);
        used = nh_out_ball_str(out, w + i);
        if (!quiet)
            fprintf(stderr, "nhoracle: note: v_%s changed from %s to %s (%s)\n",
                    nh_model_coord_name(M, i), given, used, why);
        c = json_object_new_object();
        json_object_object_add(c, "coordinate", json_object_new_string(nh_model_coord_name(M, i)));
        json_object_object_add(c, "given", json_object_new_string(given));
        json_object_object_add(c, "used", json_object_new_string(used));
        json_object_object_add(c, "why", json_object_new_string(why));
        json_object_array_add(a, c);
        flint_free(given);
        flint_free(used);
    }
    if (json_object_array_length(a) > 0)
        json_object_object_add(out->root, "v_changed", a);
    else
        json_object_put(a);
    _fmpq_vec_clear(vx, n);
}

int
nh_cli_velocity(arb_ptr w, nh_out_t out, const nh_model_struct *M, const nh_cli_struct *cli,
                arb_srcptr q, const arb_t t, arb_srcptr v, int def, const slong *dep,
                slong prec, nh_error_t err)
{
    nh_point_velocity_mode mode = (nh_point_velocity_mode) nh_cli_v_mode(cli, def);
    int rc = nh_point_velocity(w, NULL, M, q, t, v, mode, dep, prec, err);
    if (rc == NH_OK)
    {
        json_object_object_add(out->root, "v_mode",
                               json_object_new_string(nh_point_velocity_mode_name(mode)));
        nh_cli_velocity_changes(out, M, cli, w, v, nh_point_velocity_mode_words(mode));
    }
    return rc;
}

int
nh_cli_velocity_set(arb_ptr v, nh_out_t out, const nh_model_struct *M, const nh_cli_struct *cli,
                    arb_srcptr q, const arb_t t, int def, const slong *dep, slong prec,
                    nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr w = _arb_vec_init(n);
    int rc = nh_cli_velocity(w, out, M, cli, q, t, v, def, dep, prec, err);
    if (rc == NH_OK)
        _arb_vec_set(v, w, n);
    _arb_vec_clear(w, n);
    return rc;
}

int
nh_cli_velocity_D(arb_ptr vD, arb_ptr vp, nh_out_t out, const nh_model_struct *M,
                  const nh_cli_struct *cli, arb_srcptr q, const arb_t t, arb_srcptr v, int def,
                  slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr w = _arb_vec_init(n);
    int rc = nh_cli_velocity(w, out, M, cli, q, t, v, def, NULL, prec, err);
    /* PROJECT: exactly the projection of the given v, as before issue 29 */
    int project = nh_cli_v_mode(cli, def) == NH_POINT_V_PROJECT;
    arb_srcptr src = project ? v : w;
    if (rc == NH_OK && project && nh_model_is_linear_autonomous(M))
    {
        /* w is already nh_project_D(M, q, v) (nh_point_velocity's PROJECT
           for linear autonomous models): the same call, not a second
           one; such a model has no affine part v_p */
        _arb_vec_set(vD, w, n);
        if (vp != NULL)
            _arb_vec_zero(vp, n);
    }
    else if (rc == NH_OK && (vp != NULL || !nh_model_is_linear_autonomous(M)))
    {
        arb_t t0;
        arb_init(t0);
        if (t != NULL)
            arb_set(t0, t);
        rc = nh_project_D_t(vD, vp, M, q, t0, src, prec, err);
        arb_clear(t0);
    }
    else if (rc == NH_OK)
        rc = nh_project_D(vD, M, q, src, prec, err);
    _arb_vec_clear(w, n);
    return rc;
}
