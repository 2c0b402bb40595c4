/*
 * converge_report.c -- the writers of `nhoracle converge` that print
 * through the command line's certified output (oracles/converge.h): the
 * text report, the certified part (text and JSON) and the plot files.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "converge.h"

/* ---- plot files ---------------------------------------------------------- */

/* PNG and SVG with gnuplot, if it is installed: run with an argument
   vector (no shell) in the directory of PREFIX so that the script's
   relative file names work; the picture comes back through a pipe
   and is written atomically, so a failed or killed gnuplot leaves no
   file */
static void
write_plot_pictures(const char *prefix, const char *base)
{
    static const char *const terms[2][2] = {
        {"set terminal pngcairo size 900,650", "png"},
        {"set terminal svg size 900,650", "svg"}};
    char *path = malloc(strlen(prefix) + 8);
    char *dir = strdup(prefix), *slash, *gp, *img = NULL;
    size_t imglen = 0;
    int t, not_found = 0;
    nh_error_t e2;
    if (dir == NULL || path == NULL)
        abort();
    slash = strrchr(dir, '/');
    if (slash == dir)
        slash[1] = '\0';
    else if (slash != NULL)
        *slash = '\0';
    gp = malloc(strlen(base) + 8);
    if (gp == NULL)
        abort();
    sprintf(gp, "./%s.gp", base);
    for (t = 0; t < 2; t++)
    {
        char *argv[] = {(char *) "gnuplot", (char *) "-e", (char *) terms[t][0], gp, NULL};
        nh_error_init(e2);
        if (nh_run_capture(&img, &imglen, &not_found, slash != NULL ? dir : NULL, argv,
                           CONV_PLOT_MAX_BYTES, e2) != NH_OK)
            break;
        if (imglen == 0)
            nh_error_set(e2, NH_ERR_IO, "gnuplot wrote no %s picture", terms[t][1]);
        else
        {
            sprintf(path, "%s.%s", prefix, terms[t][1]);
            nh_write_atomic(path, img, imglen, e2);
        }
        free(img);
        img = NULL;
        if (e2->code != NH_OK)
            break;
    }
    if (not_found)
        fprintf(stderr, "nhoracle: gnuplot not found: wrote %s.dat and %s.gp only\n", prefix,
                prefix);
    else if (t < 2)
        fprintf(stderr, "nhoracle: warning: no plot picture (%s); %s.dat and %s.gp are "
                "written\n", e2->msg, prefix, prefix);
    free(gp);
    free(dir);
    free(path);
}

int
converge_write_plot(const char *prefix, const nh_conv_result_t r, const nh_model_struct *M,
                    int init, nh_error_t err)
{
    char *path = malloc(strlen(prefix) + 8), *text;
    const char *base = strrchr(prefix, '/');
    size_t len;
    int rc;
    if (path == NULL)
        abort();
    base = base != NULL ? base + 1 : prefix;
    text = nh_conv_plot_dat(&len, r, M, init);
    sprintf(path, "%s.dat", prefix);
    rc = nh_write_atomic(path, text, len, err);
    free(text);
    if (rc == NH_OK)
    {
        text = nh_conv_plot_gp(&len, r, M, init, base);
        sprintf(path, "%s.gp", prefix);
        rc = nh_write_atomic(path, text, len, err);
        free(text);
    }
    free(path);
    if (rc == NH_OK)
        write_plot_pictures(prefix, base);
    return rc;
}

/* ---- the text report ------------------------------------------------------ */

/* the text report */
void
converge_print_text(nh_out_t out, const nh_conv_result_t r, const converge_opts *o,
                    const nh_conv_opts_struct *co, const nh_model_struct *M, slong prec,
                    nh_error_t err)
{
    char *Ts = fmpq_get_str(NULL, 10, co->T), *t1s = fmpq_get_str(NULL, 10, co->t1);
    slong n = nh_model_n(M), i, k, K1 = o->kmax + 1;
    arb_ptr vD = _arb_vec_init(n);
    int w;
    int timed = !nh_model_is_linear_autonomous(M);
    nh_out_header(out, M, co->q0, co->v0);
    if (timed)
    {
        arb_t t0;
        arb_init(t0);
        nh_project_D_t(vD, NULL, M, co->q0, t0, co->v0, prec, err);
        arb_clear(t0);
        nh_out_vector(out, "vD", "vD = P(q, t = 0) v (initial point of the reduced systems)",
                      vD, n, 1, M);
        nh_out_printf(out, "time-dependent or affine model: every run starts at model time "
                      "t = 0; v_p = the G-orthogonal solution of A v + b = 0 (proofs/020 (A3))\n");
    }
    else
        nh_project_D(vD, M, co->q0, co->v0, prec, err);
    if (!timed)
        nh_out_vector(out, "vD", "vD = P(v) (initial point of the reduced systems)", vD, n, 1, M);
    if (o->init == NH_CONV_INIT_DEPS)
        nh_out_printf(out, "initial data of the full system: on D_eps, v = vD%s + sum_{j<=%ld} "
                      "eps^j h^(j)(q, %svD) (lift)\n", timed ? " + v_p" : "",
                      (long) LIFT(o), timed ? "t, " : "");
    else if (timed)
        nh_out_printf(out, "initial data of the full system: on the constraint set, "
                      "v = vD + v_p (zero slip)\n");
    else
        nh_out_printf(out, "initial data of the full system: on D, v = vD (zero slip)\n");
    nh_out_printf(out, "horizon T = %s; window [t1, T] = [%s, %s], %ld output times\n", Ts, t1s,
                  Ts, (long) o->nt);
    if (o->field != NULL)
        nh_out_printf(out, "row k = %ld: the USER FIELD of %s (RK4, step doubling), not the "
                      "order-%ld reduced field; velocity v = its qdot\n", (long) o->kmax,
                      o->field, (long) o->kmax);
    nh_out_printf(out, "norms: max over coordinates; defect = max |(qdot, vDdot) - X_k(q, vD)| "
                  "along the full solution (paper 001 Def 2)\n");
    nh_out_printf(out, "ALL FIGURES BELOW ARE ESTIMATES%s (integrated trajectories; each difference "
                  "exceeds its estimated integration error by >= %g)\n\n",
                  o->certified ? ", except the balls of the section 'certified errors'" : "",
                  o->ratio);

    nh_out_printf(out, "%-10s %2s  %-10s %-10s %-10s %-10s %-10s  %-9s %s\n", "eps", "k",
                  "|dq(T)|", "|dv(T)|", "max|dq|", "max|dv|", "defect", "min ratio", "steps full/red");
    for (i = 0; i < r->neps; i++)
        for (k = 0; k < K1; k++)
        {
            const double *e = r->err + (i * K1 + k) * NH_CONV_NQ;
            const double *ie = r->ierr + (i * K1 + k) * NH_CONV_NQ;
            double mr = INFINITY;
            for (w = 0; w < NH_CONV_NQ; w++)
                if (ie[w] > 0 && e[w] / ie[w] < mr)
                    mr = e[w] / ie[w];
            nh_out_printf(out, "%-10.4g %2ld  %-10.3e %-10.3e %-10.3e %-10.3e %-10.3e  %-9.2g %ld/%ld\n",
                          r->eps[i], (long) k, e[0], e[1], e[2], e[3], e[4], mr,
                          (long) r->full_steps[i], (long) r->red_steps[i * K1 + k]);
        }
    nh_out_printf(out, "\nobserved orders (least squares on log error vs log eps, 95%% confidence "
                  "interval; estimates):\n");
    nh_out_printf(out, "%2s  %-8s %-8s %-20s %-9s %s\n", "k", "quantity", "observed", "95% CI",
                  "predicted", "local (two smallest eps)");
    for (k = 0; k < K1; k++)
        for (w = 0; w < NH_CONV_NQ; w++)
        {
            const nh_conv_fit_struct *f = r->fit + k * NH_CONV_NQ + w;
            char ci[64];
            if (r->exact[k].exact)
            {
                char words[400];
                nh_conv_exact_words(words, sizeof words, r, k);
                if (w == 0)
                    nh_out_printf(out, "%2ld  (all)    %s\n", (long) k, words);
                continue;
            }
            snprintf(ci, sizeof ci, "[%.3f, %.3f]", f->ci_lo, f->ci_hi);
            nh_out_printf(out, "%2ld  %-8s %-8.3f %-20s %-9g %.3f\n", (long) k,
                          nh_conv_quantity_name(w), f->slope, ci,
                          r->predicted[k * NH_CONV_NQ + w], nh_conv_local_order(r, k, w));
        }
    if (o->no_timings)
        nh_out_printf(out, "\ncost: (--no-timings)");
    else
        nh_out_printf(out, "\ncost: %.2f s in total", r->total_seconds);
    for (i = 0; i < r->neps; i++)
        if (r->prec_used[i] != prec || r->tol_used[i] != o->tol)
            nh_out_printf(out, "; eps %.4g needed tolerance %.0e at %ld bits", r->eps[i],
                          r->tol_used[i], (long) r->prec_used[i]);
    nh_out_printf(out, "\n");
    _arb_vec_clear(vD, n);
    flint_free(Ts);
    flint_free(t1s);
}

/* ---- the certified part (--certified) -------------------------------------- */

/* "estimate only (...)" / "not certified: ..." of a row that has no ball */
static void
cert_reason(char *buf, size_t size, const nh_conv_cert_struct *c, const converge_opts *o,
            const nh_conv_opts_struct *co, slong i, slong k)
{
    int st = c->status[i * (c->kmax + 1) + k];
    if (st == NH_CONV_CERT_COSTLY)
        snprintf(buf, size, "not certified: T/eps = %.4g > --cert-max-ratio %g (cost ~ T/eps)",
                 fmpq_get_d(co->T) / fmpq_get_d(co->eps + i), o->cert.max_ratio);
    else if (o->field != NULL && k == o->kmax)
        snprintf(buf, size, "estimate only (user field)");
    else
        snprintf(buf, size, "estimate only (%s)", c->why[k] != NULL ? c->why[k] : "?");
}

void
converge_print_cert(nh_out_t out, const nh_conv_result_t r, const nh_conv_cert_struct *c,
                    const converge_opts *o, const nh_conv_opts_struct *co)
{
    slong i, k, K1 = o->kmax + 1;
    char why[400], *s;
    nh_out_printf(out, "\ncertified errors at T (validated Taylor integrator, %ld bits and up; "
                  "each ball contains the exact |q_full(T) - q_k(T)|, max over coordinates):\n",
                  (long) o->cert.prec);
    nh_out_printf(out, "%-10s %2s  %-40s %-10s %s\n", "eps", "k", "certified |dq(T)|",
                  "estimate", "estimate inside (+- its integration error)");
    for (i = 0; i < c->neps; i++)
        for (k = 0; k < K1; k++)
        {
            slong idx = i * K1 + k;
            if (c->status[idx] != NH_CONV_CERT_OK)
            {
                cert_reason(why, sizeof why, c, o, co, i, k);
                nh_out_printf(out, "%-10.4g %2ld  %s\n", r->eps[i], (long) k, why);
                continue;
            }
            s = nh_out_ball_str(out, c->err + idx);
            nh_out_printf(out, "%-10.4g %2ld  %-40s %-10.3e %s\n", r->eps[i], (long) k, s,
                          r->err[idx * NH_CONV_NQ + NH_CONV_Q_T],
                          nh_conv_cert_agrees(c, r, i, k) == 1 ? "yes" : "NO");
            flint_free(s);
        }
    nh_out_printf(out, "certified slopes log(e_a/e_b) / log(eps_a/eps_b) between successive "
                  "certified eps (balls containing the exact slope; it tends to the order as "
                  "eps -> 0):\n");
    nh_out_printf(out, "%2s  %-10s %-10s %-40s %-9s %s\n", "k", "eps_a", "eps_b", "slope",
                  "predicted", "contains predicted");
    for (k = 0; k < K1; k++)
        for (i = 0; i < c->neps; i++)
        {
            slong idx = i * K1 + k, j = c->slope_next[idx];
            double pr = r->predicted[k * NH_CONV_NQ + NH_CONV_Q_T];
            arb_t p;
            if (c->slope_status[idx] == NH_CONV_SLOPE_NONE)
                continue;
            if (c->slope_status[idx] == NH_CONV_SLOPE_UNBOUNDED)
            {
                nh_out_printf(out, "%2ld  %-10.4g %-10.4g %-40s %-9g -\n", (long) k, r->eps[i],
                              r->eps[j], "unbounded (an error ball contains 0)", pr);
                continue;
            }
            arb_init(p);
            arb_set_d(p, pr);
            s = nh_out_ball_str(out, c->slope + idx);
            nh_out_printf(out, "%2ld  %-10.4g %-10.4g %-40s %-9g %s\n", (long) k, r->eps[i],
                          r->eps[j], s, pr, arb_contains(c->slope + idx, p) ? "yes" : "no");
            flint_free(s);
            arb_clear(p);
        }
}

static json_object *
cert_rows_json(const nh_out_t out, const nh_conv_result_t r, const nh_conv_cert_struct *c,
               const converge_opts *o, const nh_conv_opts_struct *co)
{
    slong i, k, K1 = o->kmax + 1;
    char why[400];
    json_object *rows = json_object_new_array();
    for (i = 0; i < c->neps; i++)
        for (k = 0; k < K1; k++)
        {
            slong idx = i * K1 + k;
            int st = c->status[idx];
            json_object *row = json_object_new_object();
            json_object_object_add(row, "eps", nh_conv_fmpq_json(co->eps + i));
            json_object_object_add(row, "k", json_object_new_int64(k));
            json_object_object_add(row, "status", json_object_new_string(
                st == NH_CONV_CERT_OK ? "certified"
                : st == NH_CONV_CERT_COSTLY ? "not certified" : "estimate only"));
            if (st == NH_CONV_CERT_OK)
            {
                json_object_object_add(row, "q_T", nh_out_ball_json(out, c->err + idx));
                json_object_object_add(row, "estimate_inside", json_object_new_boolean(
                    nh_conv_cert_agrees(c, r, i, k) == 1));
                json_object_object_add(row, "prec", json_object_new_int64(c->prec_used[i]));
                json_object_object_add(row, "steps_full",
                                       json_object_new_int64(c->steps[i * (K1 + 1)]));
                json_object_object_add(row, "steps_reduced",
                                       json_object_new_int64(c->steps[i * (K1 + 1) + 1 + k]));
            }
            else
            {
                cert_reason(why, sizeof why, c, o, co, i, k);
                json_object_object_add(row, "why", json_object_new_string(why));
            }
            json_object_array_add(rows, row);
        }
    return rows;
}

static json_object *
cert_slopes_json(const nh_out_t out, const nh_conv_result_t r, const nh_conv_cert_struct *c,
                 const converge_opts *o, const nh_conv_opts_struct *co)
{
    slong i, k, K1 = o->kmax + 1;
    json_object *sl = json_object_new_array();
    for (k = 0; k < K1; k++)
        for (i = 0; i < c->neps; i++)
        {
            slong idx = i * K1 + k, j = c->slope_next[idx];
            double pr = r->predicted[k * NH_CONV_NQ + NH_CONV_Q_T];
            json_object *x;
            arb_t p;
            if (c->slope_status[idx] == NH_CONV_SLOPE_NONE)
                continue;
            x = json_object_new_object();
            json_object_object_add(x, "k", json_object_new_int64(k));
            json_object_object_add(x, "eps_a", nh_conv_fmpq_json(co->eps + i));
            json_object_object_add(x, "eps_b", nh_conv_fmpq_json(co->eps + j));
            json_object_object_add(x, "predicted", json_object_new_double(pr));
            if (c->slope_status[idx] == NH_CONV_SLOPE_UNBOUNDED)
            {
                json_object_object_add(x, "status", json_object_new_string("unbounded"));
                json_object_object_add(x, "slope", NULL);
            }
            else
            {
                arb_init(p);
                arb_set_d(p, pr);
                json_object_object_add(x, "status", json_object_new_string("certified"));
                json_object_object_add(x, "slope", nh_out_ball_json(out, c->slope + idx));
                json_object_object_add(x, "contains_predicted",
                                       json_object_new_boolean(arb_contains(c->slope + idx, p)));
                arb_clear(p);
            }
            json_object_array_add(sl, x);
        }
    return sl;
}

/* JSON key "certified" (doc/json-schema.md, doc/convergence.md) */
void
converge_add_cert_json(nh_out_t out, const nh_conv_result_t r, const nh_conv_cert_struct *c,
                       const converge_opts *o, const nh_conv_opts_struct *co)
{
    json_object *x = json_object_new_object();
    json_object_object_add(x, "quantity", json_object_new_string("q_T"));
    json_object_object_add(x, "prec", json_object_new_int64(o->cert.prec));
    json_object_object_add(x, "max_prec", json_object_new_int64(o->cert.max_prec));
    json_object_object_add(x, "max_ratio", json_object_new_double(o->cert.max_ratio));
    json_object_object_add(x, "rows", cert_rows_json(out, r, c, o, co));
    json_object_object_add(x, "slopes", cert_slopes_json(out, r, c, o, co));
    if (!o->no_timings)
        json_object_object_add(x, "total_seconds", json_object_new_double(c->total_seconds));
    json_object_object_add(out->root, "certified", x);
}
