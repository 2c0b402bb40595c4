/*
 * output.c -- the output of one run of a subcommand (cli.h, "output"):
 * text and one JSON object built side by side with the nh_out_*
 * functions, and the certification of every printed ball against
 * --digits (nh_out_check).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "impl.h"
#include "nhdyn.h"
#include "nh_prec.h"

slong
nh_digits_to_bits(slong digits)
{
    return nh_prec_digits_to_bits(digits);
}

/* ---- output ---------------------------------------------------------- */

void
_nh_out_init(nh_out_t out, const nh_cli_struct *cli, slong prec)
{
    out->cli = cli;
    out->prec = prec;
    out->cap = 4096;
    out->len = 0;
    out->buf = malloc(out->cap);
    if (out->buf == NULL)
        abort();
    out->buf[0] = '\0';
    out->root = json_object_new_object();
    out->too_wide = 0;
    out->wide_what[0] = '\0';
    out->status = NH_OK;
    out->status_msg[0] = '\0';
}

void
_nh_out_clear(nh_out_t out)
{
    free(out->buf);
    out->buf = NULL;
    json_object_put(out->root);
    out->root = NULL;
}

static void
nh_out_vprintf(nh_out_t out, const char *fmt, va_list ap)
{
    va_list aq;
    int k;
    va_copy(aq, ap);
    k = vsnprintf(out->buf + out->len, out->cap - out->len, fmt, aq);
    va_end(aq);
    if (k < 0)
        return;
    if (out->len + (size_t) k + 1 > out->cap)
    {
        while (out->len + (size_t) k + 1 > out->cap)
            out->cap *= 2;
        out->buf = realloc(out->buf, out->cap);
        if (out->buf == NULL)
            abort();
        vsnprintf(out->buf + out->len, out->cap - out->len, fmt, ap);
    }
    out->len += (size_t) k;
}

void
nh_out_printf(nh_out_t out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nh_out_vprintf(out, fmt, ap);
    va_end(ap);
}

char *
nh_out_ball_str(const nh_out_t out, const arb_t x)
{
    return arb_get_str(x, out->cli->digits, 0);
}

json_object *
nh_out_ball_json(const nh_out_t out, const arb_t x)
{
    char *s = nh_out_ball_str(out, x);
    json_object *o = json_object_new_string(s);
    flint_free(s);
    return o;
}

void
nh_out_mark_wide(nh_out_t out, const char *fmt, ...)
{
    va_list ap;
    if (out->too_wide)
        return;
    out->too_wide = 1;
    va_start(ap, fmt);
    vsnprintf(out->wide_what, sizeof out->wide_what, fmt, ap);
    va_end(ap);
}

void
nh_out_check(nh_out_t out, arb_srcptr x, slong len, slong stride, const char *what)
{
    slong i, need = nh_digits_to_bits(out->cli->digits);
    arf_t gmax, bound;

    if (out->too_wide)
        return;

    arf_init(gmax);
    arf_init(bound);
    for (i = 0; i < len; i++)
        if (arf_cmpabs(arb_midref(x + i * stride), gmax) > 0)
            arf_abs(gmax, arb_midref(x + i * stride));
    /* A vector every entry of which is consistent with 0 (a quantity that
       vanishes identically, e.g. h^(k) of a model whose free motion
       preserves D) has no significant digits to certify: judge it by the
       absolute criterion below, as an exact zero vector. */
    for (i = 0; i < len && arb_contains_zero(x + i * stride); i++)
        ;
    if (i == len)
        arf_zero(gmax);
    arf_mul_2exp_si(bound, gmax, -need);

    for (i = 0; i < len; i++)
    {
        arb_srcptr e = x + i * stride;
        if (!arb_is_finite(e))
        {
            nh_out_mark_wide(out, "%s (not finite)", what);
            break;
        }
        if (mag_is_zero(arb_radref(e)) || arb_rel_accuracy_bits(e) >= need)
            continue;
        if (!arf_is_zero(gmax))
        {
            if (arf_cmpabs_mag(bound, arb_radref(e)) >= 0)
                continue;
        }
        else if (mag_cmp_2exp_si(arb_radref(e), -(out->prec / 2)) <= 0)
            continue;
        if (len == 1)
            nh_out_mark_wide(out, "%s", what);
        else
            nh_out_mark_wide(out, "%s (entry %ld)", what, (long) i);
        break;
    }
    arf_clear(gmax);
    arf_clear(bound);
}

void
nh_out_scalar(nh_out_t out, const char *key, const char *label, const arb_t x)
{
    char *s = nh_out_ball_str(out, x);
    nh_out_check(out, x, 1, 1, label);
    nh_out_printf(out, "%s: %s\n", label, s);
    json_object_object_add(out->root, key, json_object_new_string(s));
    flint_free(s);
}

json_object *
nh_out_vector_json(const nh_out_t out, arb_srcptr x, slong n, slong stride)
{
    slong i;
    json_object *a = json_object_new_array();
    for (i = 0; i < n; i++)
        json_object_array_add(a, nh_out_ball_json(out, x + i * stride));
    return a;
}

json_object *
nh_out_vector_list(nh_out_t out, const char *label, arb_srcptr x, slong n,
                   slong stride, const nh_model_struct *M)
{
    slong i, w = 0;
    json_object *a = json_object_new_array();
    nh_out_check(out, x, n, stride, label);
    for (i = 0; i < n; i++)
    {
        slong l = (slong) strlen(nh_model_coord_name(M, i));
        if (l > w)
            w = l;
    }
    nh_out_printf(out, "%s:\n", label);
    /* each ball is converted to decimal once, for the text and the JSON
       (arb_get_str at 256 bits is most of the cost of printing) */
    for (i = 0; i < n; i++)
    {
        char *s = nh_out_ball_str(out, x + i * stride);
        nh_out_printf(out, "  %-*s  %s\n", (int) w, nh_model_coord_name(M, i), s);
        json_object_array_add(a, json_object_new_string(s));
        flint_free(s);
    }
    return a;
}

void
nh_out_vector(nh_out_t out, const char *key, const char *label,
              arb_srcptr x, slong n, slong stride, const nh_model_struct *M)
{
    json_object *a = nh_out_vector_list(out, label, x, n, stride, M);
    if (key != NULL)
        json_object_object_add(out->root, key, a);
    else
        json_object_put(a);
}

void
nh_out_matrix(nh_out_t out, const char *key, const char *label,
              arb_srcptr x, slong r, slong c, slong stride,
              const char *const *rowlab, const char *const *collab)
{
    slong i, j, rw = 0;
    char **s = malloc(sizeof(char *) * (size_t) (r * c > 0 ? r * c : 1));
    size_t *cw = calloc((size_t) (c > 0 ? c : 1), sizeof(size_t));
    char num[32];
    json_object *rows;

    if (s == NULL || cw == NULL)
        abort();
    nh_out_check(out, x, r * c, stride, label);
    rows = json_object_new_array();
    for (i = 0; i < r; i++)
    {
        json_object *row = json_object_new_array();
        for (j = 0; j < c; j++)
        {
            s[i * c + j] = nh_out_ball_str(out, x + (i * c + j) * stride);
            json_object_array_add(row, json_object_new_string(s[i * c + j]));
            if (strlen(s[i * c + j]) > cw[j])
                cw[j] = strlen(s[i * c + j]);
        }
        json_object_array_add(rows, row);
        if (rowlab != NULL && (slong) strlen(rowlab[i]) > rw)
            rw = (slong) strlen(rowlab[i]);
    }
    if (rowlab == NULL)
        rw = 3;
    for (j = 0; j < c; j++)
    {
        size_t l = collab != NULL ? strlen(collab[j]) : 3;
        if (l > cw[j])
            cw[j] = l;
    }

    nh_out_printf(out, "%s (%ld x %ld):\n", label, (long) r, (long) c);
    nh_out_printf(out, "  %-*s", (int) rw, "");
    for (j = 0; j < c; j++)
    {
        if (collab != NULL)
            nh_out_printf(out, "  %-*s", (int) cw[j], collab[j]);
        else
        {
            snprintf(num, sizeof num, "%ld", (long) (j + 1));
            nh_out_printf(out, "  %-*s", (int) cw[j], num);
        }
    }
    nh_out_printf(out, "\n");
    for (i = 0; i < r; i++)
    {
        if (rowlab != NULL)
            nh_out_printf(out, "  %-*s", (int) rw, rowlab[i]);
        else
        {
            snprintf(num, sizeof num, "%ld", (long) (i + 1));
            nh_out_printf(out, "  %-*s", (int) rw, num);
        }
        for (j = 0; j < c; j++)
        {
            nh_out_printf(out, "  %-*s", (int) cw[j], s[i * c + j]);
            flint_free(s[i * c + j]);
        }
        nh_out_printf(out, "\n");
    }
    if (key != NULL)
        json_object_object_add(out->root, key, rows);
    else
        json_object_put(rows);
    free(s);
    free(cw);
}

void
nh_out_header(nh_out_t out, const nh_model_struct *M, arb_srcptr q, arb_srcptr v)
{
    slong i, n = nh_model_n(M);
    json_object *coords = json_object_new_array();
    const char *src = nh_model_source(M);

    json_object_object_add(out->root, "command", json_object_new_string(out->cli->subcommand));
    json_object_object_add(out->root, "case", json_object_new_string(nh_model_name(M)));
    json_object_object_add(out->root, "file", json_object_new_string(nh_model_filename(M)));
    for (i = 0; i < n; i++)
        json_object_array_add(coords, json_object_new_string(nh_model_coord_name(M, i)));
    json_object_object_add(out->root, "coordinates", coords);
    json_object_object_add(out->root, "prec", json_object_new_int64(out->prec));
    json_object_object_add(out->root, "digits", json_object_new_int64(out->cli->digits));

    nh_out_printf(out, "nhoracle %s: case %s (%s)\n", out->cli->subcommand,
                  nh_model_name(M), nh_model_filename(M));
    if (src != NULL && src[0] != '\0')
        nh_out_printf(out, "source: %s\n", src);
    nh_out_printf(out, "working precision: %ld bits; digits: %ld\n",
                  (long) out->prec, (long) out->cli->digits);
    nh_out_printf(out, "coordinates:");
    for (i = 0; i < n; i++)
        nh_out_printf(out, " %s", nh_model_coord_name(M, i));
    nh_out_printf(out, "\n");
    if (nh_model_nparams(M) > 0)
    {
        json_object *par = json_object_new_object();
        fmpq_t p;
        fmpq_init(p);
        nh_out_printf(out, "parameters:");
        for (i = 0; i < nh_model_nparams(M); i++)
        {
            char *s;
            nh_model_param_value(p, M, i);
            s = fmpq_get_str(NULL, 10, p);
            nh_out_printf(out, " %s=%s", nh_model_param_name(M, i), s);
            json_object_object_add(par, nh_model_param_name(M, i), json_object_new_string(s));
            flint_free(s);
        }
        nh_out_printf(out, "\n");
        json_object_object_add(out->root, "parameters", par);
        fmpq_clear(p);
    }
    if (q != NULL)
        nh_out_vector(out, "q", "q", q, n, 1, M);
    if (v != NULL)
        nh_out_vector(out, "v", "v", v, n, 1, M);
}

void
nh_out_curvature_note(nh_out_t out, int zero)
{
    json_object_object_add(out->root, "curvature_vanishes", json_object_new_boolean(zero));
    if (zero)
        fprintf(stderr, "nhoracle: note: the curvature of the constraint distribution D "
                "(B^nu_ab, B^nu_a) is zero within its balls at this point: the "
                "constraints may be holonomic there\n");
}

void
nh_out_curvature_at(nh_out_t out, const nh_model_struct *M, arb_srcptr q, slong prec)
{
    arb_t t;
    nh_error_t err;
    int zero;
    arb_init(t);
    nh_error_init(err);
    if (nh_dyn_curvature_vanishes(&zero, M, q, t, prec, err) == NH_OK)
        nh_out_curvature_note(out, zero);
    arb_clear(t);
}
