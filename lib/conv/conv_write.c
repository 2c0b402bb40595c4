/*
 * conv_write.c -- the writers of a convergence study (lib/conv.h): the
 * JSON members and the TAP report of `nhoracle converge`, and the plot
 * files (gnuplot data and script).  Every figure is an ESTIMATE
 * (doc/convergence.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nh_sbuf.h"
#include "impl.h"

void
nh_conv_report_init(nh_conv_report_struct *rep)
{
    rep->order_tol = 0.25;
    rep->field = NULL;
    rep->timings = 1;
}

slong
nh_conv_lift_used(const nh_conv_opts_struct *o)
{
    return o->lift_order >= 0 ? o->lift_order : o->kmax + 3;
}

slong
nh_conv_prec_for_tol(double tol)
{
    slong need = (slong) ceil(-log2(tol)) + 64;
    need = ((need + 63) / 64) * 64;
    return FLINT_MAX(need, 64);
}

const char *
nh_conv_init_name(int init)
{
    return init == NH_CONV_INIT_DEPS ? "D_eps" : "D";
}

/* ---- JSON ---------------------------------------------------------------- */

static json_object *
fit_json(const nh_conv_fit_struct *f, double predicted, double local)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "local", isfinite(local) ? json_object_new_double(local) : NULL);
    json_object_object_add(o, "observed", isfinite(f->slope) ? json_object_new_double(f->slope)
                           : NULL);
    json_object_object_add(o, "ci_lo", isfinite(f->ci_lo) ? json_object_new_double(f->ci_lo) : NULL);
    json_object_object_add(o, "ci_hi", isfinite(f->ci_hi) ? json_object_new_double(f->ci_hi) : NULL);
    json_object_object_add(o, "level", json_object_new_double(f->level));
    json_object_object_add(o, "se", isfinite(f->se) ? json_object_new_double(f->se) : NULL);
    json_object_object_add(o, "intercept", isfinite(f->intercept) ? json_object_new_double(f->intercept) : NULL);
    json_object_object_add(o, "npts", json_object_new_int64(f->npts));
    json_object_object_add(o, "predicted", json_object_new_double(predicted));
    return o;
}

json_object *
nh_conv_fmpq_json(const fmpq_t x)
{
    char *s = fmpq_get_str(NULL, 10, x);
    json_object *j = json_object_new_string(s);
    flint_free(s);
    return j;
}

/* rows: per eps and k the differences, their integration errors, steps */
static json_object *
rows_json(const nh_conv_result_t r)
{
    slong i, k, K1 = r->kmax + 1;
    int w;
    json_object *rows = json_object_new_array();
    for (i = 0; i < r->neps; i++)
        for (k = 0; k < K1; k++)
        {
            json_object *row = json_object_new_object(), *ie = json_object_new_object();
            const double *e = r->err + (i * K1 + k) * NH_CONV_NQ;
            const double *ee = r->ierr + (i * K1 + k) * NH_CONV_NQ;
            json_object_object_add(row, "eps", json_object_new_double(r->eps[i]));
            json_object_object_add(row, "k", json_object_new_int64(k));
            for (w = 0; w < NH_CONV_NQ; w++)
            {
                json_object_object_add(row, nh_conv_quantity_key(w), json_object_new_double(e[w]));
                json_object_object_add(ie, nh_conv_quantity_key(w), json_object_new_double(ee[w]));
            }
            json_object_object_add(row, "integration_error", ie);
            json_object_object_add(row, "steps_full", json_object_new_int64(r->full_steps[i]));
            json_object_object_add(row, "steps_reduced",
                                   json_object_new_int64(r->red_steps[i * K1 + k]));
            json_object_object_add(row, "prec", json_object_new_int64(r->prec_used[i]));
            json_object_object_add(row, "tol", json_object_new_double(r->tol_used[i]));
            json_object_array_add(rows, row);
        }
    return rows;
}

/* orders: per k the fits, the exactness estimate and the verdict */
static json_object *
orders_json(const nh_conv_result_t r, const nh_conv_report_struct *rep)
{
    slong k, K1 = r->kmax + 1;
    int w;
    json_object *orders = json_object_new_array();
    for (k = 0; k < K1; k++)
    {
        json_object *ok = json_object_new_object();
        json_object_object_add(ok, "k", json_object_new_int64(k));
        if (rep->field != NULL)
            json_object_object_add(ok, "field", json_object_new_boolean(k == r->kmax));
        /* "predicted": that of q(T) (the per-quantity ones are in each fit) */
        json_object_object_add(ok, "predicted", json_object_new_double(r->predicted[k * NH_CONV_NQ]));
        if (r->exact[k].exact)
        {
            const nh_conv_exact_struct *x = r->exact + k;
            json_object *xo = json_object_new_object();
            json_object_object_add(xo, "estimate", json_object_new_boolean(1));
            json_object_object_add(xo, "eps", json_object_new_double(r->eps[x->eps_index]));
            json_object_object_add(xo, "tol_loose", json_object_new_double(x->tol_loose));
            json_object_object_add(xo, "tol_tight", json_object_new_double(x->tol_tight));
            json_object_object_add(xo, "diff_loose", json_object_new_double(x->diff_loose));
            json_object_object_add(xo, "diff_tight", json_object_new_double(x->diff_tight));
            json_object_object_add(ok, "exact", xo);
        }
        for (w = 0; w < NH_CONV_NQ; w++)
            json_object_object_add(ok, nh_conv_quantity_key(w),
                                   fit_json(r->fit + k * NH_CONV_NQ + w,
                                            r->predicted[k * NH_CONV_NQ + w],
                                            nh_conv_local_order(r, k, w)));
        json_object_object_add(ok, "within_tolerance",
                               json_object_new_boolean(nh_conv_orders_ok(r, k, rep->order_tol)));
        json_object_array_add(orders, ok);
    }
    return orders;
}

/* timings: the wall-clock times, the only part that differs between two
   identical runs */
static json_object *
timings_json(const nh_conv_result_t r)
{
    slong i, k, K1 = r->kmax + 1;
    json_object *tm = json_object_new_object(), *tf = json_object_new_array(),
                *tr = json_object_new_array();
    for (i = 0; i < r->neps; i++)
    {
        json_object *tk = json_object_new_array();
        json_object_array_add(tf, json_object_new_double(r->full_seconds[i]));
        for (k = 0; k < K1; k++)
            json_object_array_add(tk, json_object_new_double(r->red_seconds[i * K1 + k]));
        json_object_array_add(tr, tk);
    }
    json_object_object_add(tm, "total_seconds", json_object_new_double(r->total_seconds));
    json_object_object_add(tm, "full_seconds", tf);
    json_object_object_add(tm, "reduced_seconds", tr);
    return tm;
}

void
nh_conv_result_json(json_object *root, const nh_conv_result_t r, const nh_conv_opts_struct *o,
                    const nh_conv_report_struct *rep)
{
    slong i;
    json_object *epsl;
    json_object_object_add(root, "estimate", json_object_new_boolean(1));
    json_object_object_add(root, "init", json_object_new_string(nh_conv_init_name(o->init)));
    json_object_object_add(root, "lift_order",
                           json_object_new_int64(o->init == NH_CONV_INIT_DEPS
                                                 ? nh_conv_lift_used(o) : 0));
    json_object_object_add(root, "T", nh_conv_fmpq_json(o->T));
    json_object_object_add(root, "t1", nh_conv_fmpq_json(o->t1));
    json_object_object_add(root, "nt", json_object_new_int64(o->nt));
    json_object_object_add(root, "kmax", json_object_new_int64(o->kmax));
    if (rep->field != NULL)
        json_object_object_add(root, "field", json_object_new_string(rep->field));
    json_object_object_add(root, "ratio", json_object_new_double(o->ratio));
    epsl = json_object_new_array();
    for (i = 0; i < r->neps; i++)
        json_object_array_add(epsl, nh_conv_fmpq_json(o->eps + i));
    json_object_object_add(root, "eps", epsl);
    json_object_object_add(root, "rows", rows_json(r));
    json_object_object_add(root, "orders", orders_json(r, rep));
    json_object_object_add(root, "order_tol", json_object_new_double(rep->order_tol));
    if (rep->timings)
        json_object_object_add(root, "timings", timings_json(r));
}

/* ---- TAP ----------------------------------------------------------------- */

void
nh_conv_exact_words(char *buf, size_t len, const nh_conv_result_t r, slong k)
{
    const nh_conv_exact_struct *x = r->exact + k;
    snprintf(buf, len, "exact within the integration error (estimate: at eps %.4g its largest "
             "difference fell from %.3e to %.3e with the tolerance, %.0e to %.0e; no order "
             "fitted)", r->eps[x->eps_index], x->diff_loose, x->diff_tight, x->tol_loose,
             x->tol_tight);
}

/* the TAP line of order k and its diagnostics */
static void
tap_order(nh_sbuf_t sb, const nh_conv_result_t r, const nh_conv_opts_struct *o,
          const nh_model_struct *M, const nh_conv_report_struct *rep, slong k, int ok)
{
    const nh_conv_fit_struct *f = r->fit + k * NH_CONV_NQ;
    const double *pr = r->predicted + k * NH_CONV_NQ;
    slong i, K1 = r->kmax + 1;
    int w;
    if (rep->field != NULL && k == r->kmax)
        nh_sbuf_printf(sb, "# k=%ld is the user field %s (not nhoracle's X_%ld)\n",
                       (long) k, rep->field, (long) k);
    if (r->exact[k].exact)
    {
        char words[400];
        nh_conv_exact_words(words, sizeof words, r, k);
        nh_sbuf_printf(sb, "ok %ld - %s k=%ld data on %s: %s\n", (long) (k + 1),
                       nh_model_name(M), (long) k, nh_conv_init_name(o->init), words);
    }
    else
        nh_sbuf_printf(sb, "%s %ld - %s k=%ld data on %s: observed orders q(T) %.3f, v(T) %.3f, "
                       "max q %.3f, max v %.3f vs predicted %g, %g, %g, %g (tolerance %g)\n",
                       ok ? "ok" : "not ok", (long) (k + 1), nh_model_name(M), (long) k,
                       nh_conv_init_name(o->init), f[0].slope, f[1].slope, f[2].slope,
                       f[3].slope, pr[0], pr[1], pr[2], pr[3], rep->order_tol);
    for (w = 0; w < NH_CONV_NQ && !r->exact[k].exact; w++)
        nh_sbuf_printf(sb, "#   %-7s observed %.3f, 95%% CI [%.3f, %.3f] (estimate), predicted %g, "
                       "local %.3f\n", nh_conv_quantity_name(w), f[w].slope, f[w].ci_lo,
                       f[w].ci_hi, pr[w], nh_conv_local_order(r, k, w));
    for (i = 0; i < r->neps; i++)
    {
        const double *e = r->err + (i * K1 + k) * NH_CONV_NQ;
        nh_sbuf_printf(sb, "#   eps %.4g: q(T) %.3e v(T) %.3e max q %.3e max v %.3e defect %.3e\n",
                       r->eps[i], e[0], e[1], e[2], e[3], e[4]);
    }
}

char *
nh_conv_tap(size_t *len, slong *first_bad, const nh_conv_result_t r,
            const nh_conv_opts_struct *o, const nh_model_struct *M,
            const nh_conv_report_struct *rep, slong prec)
{
    nh_sbuf_t sb;
    slong k, K1 = r->kmax + 1;
    char *Ts = fmpq_get_str(NULL, 10, o->T), *t1s = fmpq_get_str(NULL, 10, o->t1), *s;
    *first_bad = -1;
    nh_sbuf_init(sb);
    nh_sbuf_printf(sb, "1..%ld\n", (long) K1);
    for (k = 0; k < K1; k++)
    {
        int ok = nh_conv_orders_ok(r, k, rep->order_tol);
        if (!ok && *first_bad < 0)
            *first_bad = k;
        tap_order(sb, r, o, M, rep, k, ok);
    }
    nh_sbuf_printf(sb, "# case %s, T = %s, window [%s, %s], %ld bits", nh_model_name(M), Ts,
                   t1s, Ts, (long) prec);
    if (rep->timings)
        nh_sbuf_printf(sb, ", %.1f s", r->total_seconds);
    nh_sbuf_printf(sb, "\n");
    flint_free(Ts);
    flint_free(t1s);
    s = nh_sbuf_take(sb, len);
    nh_sbuf_clear(sb);
    return s;
}
