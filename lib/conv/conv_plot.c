/*
 * conv_plot.c -- the plot files of a convergence study (lib/conv.h): the
 * gnuplot data (one block per k) and the script drawing the errors
 * against eps with the fitted power laws (estimates, doc/convergence.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nh_sbuf.h"
#include "impl.h"

/* s as a gnuplot single-quoted string literal: inside '...' gnuplot
   interprets nothing but '' (one quote), so doubling the quotes makes
   every byte literal.  Control bytes (which could end the line and so the
   literal) are replaced by '?'; --plot refuses them in the prefix. */
static char *
gp_quoted(const char *s)
{
    size_t n = strlen(s), i, j = 0;
    char *q = malloc(2 * n + 3);
    if (q == NULL)
        abort();
    q[j++] = '\'';
    for (i = 0; i < n; i++)
    {
        unsigned char c = (unsigned char) s[i];
        if (c == '\'')
            q[j++] = '\'';
        q[j++] = (c < 32 || c == 127) ? '?' : (char) c;
    }
    q[j++] = '\'';
    q[j] = '\0';
    return q;
}

static const char *plot_colors[] = {"#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e",
                                    "#e6ab02"};


char *
nh_conv_plot_dat(size_t *len, const nh_conv_result_t r, const nh_model_struct *M, int init)
{
    nh_sbuf_t sb;
    slong i, k, K1 = r->kmax + 1;
    int w;
    char *text;
    nh_sbuf_init(sb);
    nh_sbuf_printf(sb, "# nhoracle converge: case %s, initial data on %s; ESTIMATES (see doc/convergence.md)\n",
            nh_model_name(M), nh_conv_init_name(init));
    nh_sbuf_printf(sb, "# columns: eps");
    for (w = 0; w < NH_CONV_NQ; w++)
        nh_sbuf_printf(sb, " %s", nh_conv_quantity_key(w));
    nh_sbuf_printf(sb, "\n");
    for (k = 0; k < K1; k++)
    {
        nh_sbuf_printf(sb, "# k = %ld\n", (long) k);
        for (i = 0; i < r->neps; i++)
        {
            nh_sbuf_printf(sb, "%.6e", r->eps[i]);
            for (w = 0; w < NH_CONV_NQ; w++)
                nh_sbuf_printf(sb, " %.6e", r->err[(i * K1 + k) * NH_CONV_NQ + w]);
            nh_sbuf_printf(sb, "\n");
        }
        nh_sbuf_printf(sb, "\n\n");
    }
    text = nh_sbuf_take(sb, len);
    nh_sbuf_clear(sb);
    return text;
}

/* the script (PREFIX.gp): max-over-window errors of q and v (points) and
   the fitted power laws exp(a) eps^p (lines; none for an exact order),
   one colour per k; base: the data file is base.dat */
char *
nh_conv_plot_gp(size_t *len, const nh_conv_result_t r, const nh_model_struct *M, int init,
                const char *base)
{
    nh_sbuf_t sb;
    char *text;
    char *datq, *dat = malloc(strlen(base) + 8);
    const char **colors = plot_colors;
    slong k, K1 = r->kmax + 1;
    if (dat == NULL)
        abort();
    nh_sbuf_init(sb);
    sprintf(dat, "%s.dat", base);
    datq = gp_quoted(dat);
    free(dat);
    nh_sbuf_printf(sb, "# gnuplot script written by nhoracle converge; run it in this file's "
              "directory\n");
    nh_sbuf_printf(sb, "set logscale xy\nset format x '10^{%%L}'\nset format y '10^{%%L}'\n");
    nh_sbuf_printf(sb, "set xlabel 'eps'\nset ylabel 'max error over [t1, T] (estimate)'\n");
    nh_sbuf_printf(sb, "set key left top\nset grid\n");
    {
        char *title = malloc(strlen(nh_model_name(M)) + 64), *qt;
        if (title == NULL)
            abort();
        sprintf(title, "nhoracle converge: %s, initial data on %s", nh_model_name(M),
                nh_conv_init_name(init));
        qt = gp_quoted(title);
        nh_sbuf_printf(sb, "set title %s noenhanced\n", qt);
        free(qt);
        free(title);
    }
    for (k = 0; k < K1; k++)
    {
        const nh_conv_fit_struct *fq = r->fit + k * NH_CONV_NQ + NH_CONV_Q_MAX;
        const nh_conv_fit_struct *fv = r->fit + k * NH_CONV_NQ + NH_CONV_V_MAX;
        if (r->exact[k].exact)
            continue;   /* no fitted line: exact within the integration error */
        nh_sbuf_printf(sb, "fq%ld(x) = exp(%.10g) * x**%.10g\n", (long) k, fq->intercept, fq->slope);
        nh_sbuf_printf(sb, "fv%ld(x) = exp(%.10g) * x**%.10g\n", (long) k, fv->intercept, fv->slope);
    }
    nh_sbuf_printf(sb, "plot \\\n");
    for (k = 0; k < K1; k++)
    {
        const char *c = colors[k % 6];
        const nh_conv_fit_struct *fq = r->fit + k * NH_CONV_NQ + NH_CONV_Q_MAX;
        const nh_conv_fit_struct *fv = r->fit + k * NH_CONV_NQ + NH_CONV_V_MAX;
        const char *more = k + 1 < K1 ? ", \\" : "";
        int ex = r->exact[k].exact;
        nh_sbuf_printf(sb, "  %s index %ld using 1:4 with points pt 7 lc rgb '%s' "
                "title 'k=%ld q%s', \\\n", datq, (long) k, c, (long) k, ex ? " (exact)" : "");
        if (!ex)
            nh_sbuf_printf(sb, "  fq%ld(x) with lines lc rgb '%s' title sprintf('slope %%.2f', %.6g), \\\n",
                    (long) k, c, fq->slope);
        nh_sbuf_printf(sb, "  %s index %ld using 1:5 with points pt 5 lc rgb '%s' "
                "title 'k=%ld v%s'%s\n", datq, (long) k, c, (long) k, ex ? " (exact)" : "",
                ex ? more : ", \\");
        if (!ex)
            nh_sbuf_printf(sb, "  fv%ld(x) with lines dt 2 lc rgb '%s' title sprintf('slope %%.2f', %.6g)%s\n",
                    (long) k, c, fv->slope, more);
    }
    text = nh_sbuf_take(sb, len);
    free(datq);
    nh_sbuf_clear(sb);
    return text;
}
