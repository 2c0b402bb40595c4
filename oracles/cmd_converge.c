/*
 * cmd_converge.c -- `nhoracle converge CASE.nh`: the convergence study
 * of the order-k reduced dynamics (paper 000 (69)-(71)) against the full
 * friction system (paper 000 (39)-(40)) as eps -> 0 (lib/conv.h): errors
 * per eps and per k, observed orders with confidence intervals, defect
 * (paper 001 Def 2), as a table, JSON (--json), TAP (--tap) and a
 * log-log plot (--plot PREFIX).  See doc/convergence.md.  The study and
 * its estimate writers are lib/conv.h; the options converge_args.c, the
 * certified printing converge_report.c.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "converge.h"

/* the study's options from the command line's */
static void
converge_set_opts(nh_conv_opts_t co, const converge_opts *o, const nh_cli_struct *cli, slong prec)
{
    slong i;
    co->init = o->init;
    co->lift_order = o->lift;
    co->kmax = o->kmax;
    fmpq_set(co->T, o->T);
    fmpq_set(co->t1, o->t1);
    co->nt = o->nt;
    co->prec = prec;
    /* without --prec (and before any retry of the output precision) the
       working precision follows the tolerance: the bits the study's
       retries give a tolerance tol, ceil(-log2 tol) + 64, rounded up to
       a multiple of 64 (128 bits for the default 1e-18) */
    if (!cli->prec_set && prec == cli->prec)
        co->prec = FLINT_MIN(prec, nh_conv_prec_for_tol(o->tol));
    co->max_prec = cli->max_prec;
    co->tol = o->tol;
    co->min_tol = o->min_tol;
    co->ratio = o->ratio;
    co->max_steps = o->max_steps;
    co->progress = !o->quiet;
    if (o->neps > 0)
    {
        co->neps = o->neps;
        co->eps = _fmpq_vec_init(o->neps);
        for (i = 0; i < o->neps; i++)
            fmpq_set(co->eps + i, o->eps + i);
    }
    else
        nh_conv_opts_set_eps_geometric(co, 1e-2, 1e-4, 6);
}

/* --v-mode (issue 29), default project: the study projects v itself; in
   the other modes it starts from their velocity (on the constraint set) */
static int
converge_velocity(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
                  nh_conv_opts_struct *co, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    arb_ptr w = _arb_vec_init(n);
    int project = nh_cli_v_mode(cli, NH_POINT_V_PROJECT) == NH_POINT_V_PROJECT;
    int rc = nh_cli_velocity(w, out, M, cli, co->q0, NULL, co->v0, NH_POINT_V_PROJECT, NULL,
                             prec, err);
    if (rc == NH_OK && !project)
        _arb_vec_set(co->v0, w, n);
    else if (rc != NH_OK && project)
    {
        /* the study's own checks say why (e.g. no friction block) */
        nh_error_init(err);
        rc = NH_OK;
    }
    _arb_vec_clear(w, n);
    return rc;
}

/* --tap: the TAP text of lib/conv.h; exit NH_EXIT_ORDER when a line is not ok */
static void
converge_tap(nh_out_t out, const nh_conv_result_t r, const nh_conv_opts_struct *co,
             const nh_model_struct *M, const nh_conv_report_struct *rep, slong prec)
{
    size_t len;
    slong bad;
    char *text = nh_conv_tap(&len, &bad, r, co, M, rep, prec);
    nh_out_printf(out, "%s", text);
    free(text);
    if (bad >= 0 && out->status == NH_OK)
    {
        out->status = NH_EXIT_ORDER;
        snprintf(out->status_msg, sizeof out->status_msg,
                 "converge: observed order of k = %ld differs from the predicted one by "
                 "more than --order-tol %g (see the TAP output)", (long) bad, rep->order_tol);
    }
}

static int
converge_compute(nh_out_t out, const nh_cli_struct *cli, const nh_model_struct *M,
                 slong prec, void *data, nh_error_t err)
{
    converge_opts *o = data;
    slong n = nh_model_n(M);
    nh_conv_opts_t co;
    nh_conv_result_t r;
    nh_conv_cert_t cert;
    nh_conv_field_struct field;
    nh_conv_report_struct rep;
    int rc;

    if (o->tap && cli->json)
        return nh_error_set(err, NH_ERR_USAGE, "converge: --tap and --json exclude each other");
    nh_conv_opts_init(co, n);
    nh_conv_field_init(&field);
    if (o->field != NULL)
    {
        rc = nh_conv_field_load(&field, M, o->field, err);
        if (rc != NH_OK)
            goto cleanup;
        co->field = &field;
    }
    rc = nh_cli_point(co->q0, co->v0, M, cli, prec, err);
    if (rc == NH_OK)
        rc = converge_velocity(out, cli, M, co, prec, err);
    if (rc != NH_OK)
        goto cleanup;
    if (o->field != NULL && !o->quiet)
        fprintf(stderr, "converge: row k = %ld is the user field %s\n", (long) o->kmax, o->field);
    converge_set_opts(co, o, cli, prec);
    if (!o->quiet)
        fprintf(stderr, "converge: case %s, initial data on %s, %ld eps values, k = 0..%ld\n",
                nh_model_name(M), nh_conv_init_name(o->init), (long) co->neps, (long) o->kmax);
    if (o->certified && (rc = nh_conv_cert_check(M, err)) != NH_OK)
        goto cleanup;
    rc = nh_conv_study(r, M, co, err);
    if (rc != NH_OK)
        goto cleanup;
    if (o->certified)
    {
        nh_conv_cert_opts_struct cc = o->cert;
        cc.progress = !o->quiet;
        if (!o->quiet)
            fprintf(stderr, "converge: certified part (validated Taylor integrator, %ld bits, "
                    "eps with T/eps <= %g)\n", (long) cc.prec, cc.max_ratio);
        rc = nh_conv_certified(cert, M, co, &cc, err);
        if (rc != NH_OK)
        {
            nh_conv_result_clear(r);
            goto cleanup;
        }
    }

    rep.order_tol = o->order_tol;
    rep.field = o->field;
    rep.timings = !o->no_timings;
    if (o->tap)
        converge_tap(out, r, co, M, &rep, prec);
    else
    {
        converge_print_text(out, r, o, co, M, prec, err);
        nh_conv_result_json(out->root, r, co, &rep);
        if (o->certified)
        {
            converge_print_cert(out, r, cert, o, co);
            converge_add_cert_json(out, r, cert, o, co);
        }
    }
    if (o->certified)
        nh_conv_cert_clear(cert);
    if (o->plot != NULL)
        rc = converge_write_plot(o->plot, r, M, o->init, err);
    nh_conv_result_clear(r);

cleanup:
    nh_conv_field_clear(&field);
    nh_conv_opts_clear(co);
    return rc;
}

int
nh_cmd_converge(int argc, char **argv)
{
    converge_opts o;
    slong i;
    int rc;

    memset(&o, 0, sizeof o);
    o.init = NH_CONV_INIT_DEPS;
    for (i = 0; i < CONV_MAX_EPS; i++)
        fmpq_init(o.eps + i);
    fmpq_init(o.T);
    fmpq_init(o.t1);
    fmpq_set_si(o.T, 2, 1);
    o.nt = 11;
    o.kmax = 2;
    o.tol = 1e-18;
    o.min_tol = 1e-60;
    o.ratio = 1000;
    o.order_tol = 0.25;
    o.lift = -1;
    nh_conv_cert_opts_init(&o.cert);
    rc = nh_cli_main(argc, argv, converge_options, converge_option, &o, converge_usage,
                     converge_validate, converge_compute);
    for (i = 0; i < CONV_MAX_EPS; i++)
        fmpq_clear(o.eps + i);
    fmpq_clear(o.T);
    fmpq_clear(o.t1);
    return rc;
}


