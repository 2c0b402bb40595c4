/*
 * cmd_converge.c -- `nhoracle converge CASE.nh`: the convergence study
 * of the order-k reduced dynamics (paper 000 (69)-(71)) against the full
 * friction system (paper 000 (39)-(40)) as eps -> 0 (lib/conv.h): errors
 * per eps and per k, observed orders with confidence intervals, defect
 * (paper 001 Def 2), as a table, JSON (--json), TAP (--tap) and a
 * log-log plot (--plot PREFIX).  See doc/convergence.md.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "nh_sbuf.h"
#include "conv.h"

enum
{
    OPT_INIT = 1000, OPT_T, OPT_T1, OPT_NT, OPT_EPS, OPT_EPS_GEOM, OPT_KMAX, OPT_TOL,
    OPT_MIN_TOL, OPT_RATIO, OPT_LIFT, OPT_ORDER_TOL, OPT_TAP, OPT_PLOT, OPT_QUIET,
    OPT_MAX_STEPS, OPT_FIELD, OPT_NO_TIMINGS, OPT_CERTIFIED, OPT_CERT_PREC, OPT_CERT_MAX_PREC,
    OPT_CERT_MAX_RATIO
};

#define CONV_MAX_EPS 64
/* largest picture accepted from gnuplot (a 900 x 650 PNG is ~50 kB) */
#define CONV_PLOT_MAX_BYTES ((size_t) 64 << 20)

/* Exit status of `converge --tap` when some line is "not ok" (an
   observed order outside --order-tol of the predicted one); the TAP
   output is still written (doc/exit-codes.md). */
#define NH_EXIT_ORDER 10
/* lift order actually used (option value -1: kmax + 3) */
#define LIFT(o) ((o)->lift >= 0 ? (o)->lift : (o)->kmax + 3)

typedef struct
{
    int init;
    fmpq_t T, t1;
    int have_t1;
    slong nt, kmax, lift, max_steps;
    slong neps;
    fmpq eps[CONV_MAX_EPS];
    double tol, min_tol, ratio, order_tol;
    int tap, quiet, no_timings;
    const char *plot;
    const char *field;      /* --field FILE: user field for the row k = kmax */
    int certified;          /* --certified: the certified part (issue 14) */
    int cert_opts;          /* some --cert-* option given */
    nh_conv_cert_opts_struct cert;
}
converge_opts;

static const struct option converge_options[] = {
    {"init", required_argument, NULL, OPT_INIT},
    {"T", required_argument, NULL, OPT_T},
    {"t1", required_argument, NULL, OPT_T1},
    {"nt", required_argument, NULL, OPT_NT},
    {"eps", required_argument, NULL, OPT_EPS},
    {"eps-geom", required_argument, NULL, OPT_EPS_GEOM},
    {"kmax", required_argument, NULL, OPT_KMAX},
    {"tol", required_argument, NULL, OPT_TOL},
    {"min-tol", required_argument, NULL, OPT_MIN_TOL},
    {"ratio", required_argument, NULL, OPT_RATIO},
    {"lift-order", required_argument, NULL, OPT_LIFT},
    {"order-tol", required_argument, NULL, OPT_ORDER_TOL},
    {"tap", no_argument, NULL, OPT_TAP},
    {"plot", required_argument, NULL, OPT_PLOT},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"max-steps", required_argument, NULL, OPT_MAX_STEPS},
    {"field", required_argument, NULL, OPT_FIELD},
    {"no-timings", no_argument, NULL, OPT_NO_TIMINGS},
    {"certified", no_argument, NULL, OPT_CERTIFIED},
    {"cert-prec", required_argument, NULL, OPT_CERT_PREC},
    {"cert-max-prec", required_argument, NULL, OPT_CERT_MAX_PREC},
    {"cert-max-ratio", required_argument, NULL, OPT_CERT_MAX_RATIO},
    {NULL, 0, NULL, 0}
};

static void
converge_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle converge CASE.nh [--q SPEC] [--v SPEC] [options]\n"
"Convergence of the order-k reduced dynamics (paper 000 (69)-(71)) to the\n"
"full friction system (paper 000 (39)-(40)) as eps -> 0: for each eps and\n"
"k = 0..kmax, the differences |q_full - q_k|, |v_full - v_k| (max norm over\n"
"coordinates) at T and their maximum over the output times in [t1, T], and\n"
"the defect (paper 001 Def 2) of the full solution w.r.t. the order-k\n"
"reduced field; observed orders by least squares of log(error) against\n"
"log(eps) with 95%% confidence intervals, against the predicted order (k+1\n"
"for data on D_eps, min(k+1, 2) for data on D, see --lift-order; with\n"
"--t1 0 the window contains the initial layer: max v and the defect\n"
"are then O(eps^min(k+1, L+1))).  All figures are ESTIMATES\n"
"(integrated trajectories with estimated global errors); an order is\n"
"reported only when every difference exceeds its estimated integration\n"
"error by --ratio, else the tolerance is tightened (and the precision\n"
"raised) and the eps redone, up to --min-tol / --max-prec (exit 4 if not);\n"
"an order whose differences fall with the tolerance (by 100 when it falls\n"
"by 1000) is marked exact within the integration error (an estimate, no\n"
"slope fitted; e.g. the ball on a plane's order-1 reduced system).\n"
"Time-dependent or affine models (t in expressions, dt terms in the\n"
"constraints; issue 19, proofs/020): the full system G vdot = f(q, v, t)\n"
"- (1/eps) A^T mu_bar (A v + b) and the reduced systems in (q, u), u in\n"
"D(q, t), v = u + v_p + sum eps^j h^(j)(q, t, u), all runs from model time\n"
"t = 0 with u = P(q, 0) v; data on D means the constraint set v = u + v_p.\n"
"\n"
"Options:\n"
"  --init deps|d    initial data on D_eps (default: v projected to D, lifted\n"
"                   by the series to order --lift-order) or on D (v projected)\n"
"  --lift-order L   order of the lift onto D_eps (default kmax + 3; 0 is the\n"
"                   same as --init d); predicted order min(k+1, L+2)\n"
"  --T T            horizon (exact rational, default 2)\n"
"  --t1 T1          start of the window of the max errors (default T/10)\n"
"  --nt N           output times in [t1, T], equally spaced (default 11)\n"
"  --eps LIST       comma-separated eps values (exact rationals, at most %d)\n"
"  --eps-geom HI,LO,N  N geometric values from HI to LO (default 1e-2,1e-4,6)\n"
"  --kmax K         orders k = 0..K (default 2)\n"
"  --tol TOL        initial integrator tolerance rtol = atol (default 1e-18)\n"
"  --min-tol TOL    tightest tolerance the retries may use (default 1e-60)\n"
"  --ratio R        required difference / integration error (default 1000)\n"
"  --max-steps N    step limit of each integration (default: integrator's)\n"
"  --order-tol X    --tap: ok when |observed - predicted| <= X (default 0.25)\n"
"  --tap            TAP output: one test per order k; exit 10 if some is not ok\n"
"  --plot PREFIX    write PREFIX.dat, PREFIX.gp and (with gnuplot) PREFIX.png,\n"
"                   PREFIX.svg: log-log errors vs eps with the fitted slopes\n"
"                   (gnuplot is run with an argument vector, never a shell;\n"
"                   the prefix must not contain control characters)\n"
"  --quiet          no progress lines on stderr\n"
"  --no-timings     leave out the wall-clock times (JSON key \"timings\", the\n"
"                   text's cost line): the output is then byte-identical\n"
"                   between runs\n"
"  --field FILE     the row k = kmax measures the user vector field of FILE\n"
"                   (qdot:, vdot: lists over q, v_<coord>, eps; see\n"
"                   doc/convergence.md) instead of the order-kmax reduced\n"
"                   field, integrated by RK4 with step doubling (models of\n"
"                   the original class only, exit 3 otherwise)\n"
"Certified errors (--certified; doc/convergence.md \"Certified errors\"):\n"
"  --certified      also print, for each eps with T/eps <= --cert-max-ratio and\n"
"                   each order k with a certified reduced flow (k = 0..4;\n"
"                   k = 0: the nonholonomic dynamics), a ball containing the exact\n"
"                   |q_full(T) - q_k(T)| (validated Taylor integrator, both\n"
"                   systems from the study's initial data), whether the\n"
"                   estimate lies in it, and balls containing the exact slopes\n"
"                   log(e_a/e_b)/log(eps_a/eps_b) between successive certified\n"
"                   eps; other orders are marked \"estimate only\".  Models\n"
"                   outside the original class (time, affine constraints,\n"
"                   forces) need a friction block (exit 3 otherwise; their\n"
"                   reduced systems: proofs/020 (A8)-(A9))\n"
"  --cert-prec P    working precision of the validated integrations (default\n"
"                   64; doubled, up to --cert-max-prec, when an enclosure gets\n"
"                   too wide or an error ball contains 0)\n"
"  --cert-max-prec P  cap of that doubling (default 128)\n"
"  --cert-max-ratio R  certify only the eps with T/eps <= R (default 100): the\n"
"                   cost grows like T/eps (vertical disk, 64 bits: about 18\n"
"                   steps and 0.4 s of CPU per unit of T/eps)\n"
"Without --prec the working precision of the integrations follows the\n"
"tolerance: ceil(-log2 TOL) + 64 bits rounded up to a multiple of 64 (128\n"
"bits for the default 1e-18; higher precision is taken automatically\n"
"when the tolerance is tightened).\n\n", CONV_MAX_EPS);
    nh_cli_common_help(f);
}

static int
parse_double(double *x, const char *s, const char *what, nh_error_t err)
{
    char *end;
    *x = strtod(s, &end);
    if (s[0] == '\0' || *end != '\0' || !isfinite(*x))
        return nh_error_set(err, NH_ERR_USAGE, "%s: '%s' is not a number", what, s);
    return NH_OK;
}

static int
parse_eps_list(converge_opts *o, const char *arg, nh_error_t err)
{
    char *s = strdup(arg), *tok, *save = NULL;
    int rc = NH_OK;
    slong i;
    for (i = 0; i < o->neps; i++)
        fmpq_clear(o->eps + i);
    o->neps = 0;
    for (tok = strtok_r(s, ",", &save); tok != NULL && rc == NH_OK; tok = strtok_r(NULL, ",", &save))
    {
        if (o->neps >= CONV_MAX_EPS)
        {
            rc = nh_error_set(err, NH_ERR_USAGE, "--eps: at most %d values", CONV_MAX_EPS);
            break;
        }
        fmpq_init(o->eps + o->neps);
        o->neps++;
        rc = nh_parse_fmpq(o->eps + o->neps - 1, tok, "--eps", err);
        if (rc == NH_OK && fmpq_sgn(o->eps + o->neps - 1) <= 0)
            rc = nh_error_set(err, NH_ERR_USAGE, "--eps: values must be positive, found '%s'", tok);
    }
    free(s);
    if (rc == NH_OK && o->neps < 2)
        rc = nh_error_set(err, NH_ERR_USAGE, "--eps: need at least 2 values, found '%s'", arg);
    return rc;
}

static int
parse_eps_geom(converge_opts *o, const char *arg, nh_error_t err)
{
    double hi, lo;
    long n;
    char tail;
    nh_conv_opts_t tmp;
    slong i;
    if (sscanf(arg, "%lf,%lf,%ld%c", &hi, &lo, &n, &tail) != 3 || !(hi > 0) || !(lo > 0)
        || hi == lo || n < 2 || n > CONV_MAX_EPS)
        return nh_error_set(err, NH_ERR_USAGE,
                            "--eps-geom: expected HI,LO,N with HI != LO positive and 2 <= N <= %d, "
                            "found '%s'", CONV_MAX_EPS, arg);
    nh_conv_opts_init(tmp, 1);
    nh_conv_opts_set_eps_geometric(tmp, hi, lo, n);
    for (i = 0; i < o->neps; i++)
        fmpq_clear(o->eps + i);
    o->neps = n;
    for (i = 0; i < n; i++)
    {
        fmpq_init(o->eps + i);
        fmpq_set(o->eps + i, tmp->eps + i);
    }
    nh_conv_opts_clear(tmp);
    return NH_OK;
}

static int
converge_option(int opt, const char *arg, void *data, nh_error_t err)
{
    converge_opts *o = data;
    switch (opt)
    {
        case OPT_INIT:
            if (strcmp(arg, "deps") == 0 || strcmp(arg, "D_eps") == 0)
                o->init = NH_CONV_INIT_DEPS;
            else if (strcmp(arg, "d") == 0 || strcmp(arg, "D") == 0)
                o->init = NH_CONV_INIT_D;
            else
                return nh_error_set(err, NH_ERR_USAGE, "--init: expected 'deps' or 'd', found '%s'", arg);
            return NH_OK;
        case OPT_T:
            if (nh_parse_fmpq(o->T, arg, "--T", err) != NH_OK)
                return NH_ERR_USAGE;
            if (fmpq_sgn(o->T) <= 0)
                return nh_error_set(err, NH_ERR_USAGE, "--T: must be positive, found '%s'", arg);
            return NH_OK;
        case OPT_T1:
            if (nh_parse_fmpq(o->t1, arg, "--t1", err) != NH_OK)
                return NH_ERR_USAGE;
            if (fmpq_sgn(o->t1) < 0)
                return nh_error_set(err, NH_ERR_USAGE, "--t1: must be >= 0, found '%s'", arg);
            o->have_t1 = 1;
            return NH_OK;
        case OPT_NT:
            return nh_parse_slong(&o->nt, arg, 1, 100000, "--nt", err);
        case OPT_EPS:
            return parse_eps_list(o, arg, err);
        case OPT_EPS_GEOM:
            return parse_eps_geom(o, arg, err);
        case OPT_KMAX:
            return nh_parse_slong(&o->kmax, arg, 0, NH_SERIES_MAX_ORDER - 4, "--kmax", err);
        case OPT_LIFT:
            return nh_parse_slong(&o->lift, arg, 0, NH_SERIES_MAX_ORDER - 1, "--lift-order", err);
        case OPT_FIELD:
            o->field = arg;
            return NH_OK;
        case OPT_MAX_STEPS:
            return nh_parse_slong(&o->max_steps, arg, 1, WORD_MAX, "--max-steps", err);
        case OPT_TOL:
            if (parse_double(&o->tol, arg, "--tol", err) != NH_OK)
                return NH_ERR_USAGE;
            if (!(o->tol > 0 && o->tol < 1))
                return nh_error_set(err, NH_ERR_USAGE, "--tol: need 0 < TOL < 1, found '%s'", arg);
            return NH_OK;
        case OPT_MIN_TOL:
            if (parse_double(&o->min_tol, arg, "--min-tol", err) != NH_OK)
                return NH_ERR_USAGE;
            if (!(o->min_tol > 0 && o->min_tol < 1))
                return nh_error_set(err, NH_ERR_USAGE, "--min-tol: need 0 < TOL < 1, found '%s'", arg);
            return NH_OK;
        case OPT_RATIO:
            if (parse_double(&o->ratio, arg, "--ratio", err) != NH_OK)
                return NH_ERR_USAGE;
            if (!(o->ratio >= 1))
                return nh_error_set(err, NH_ERR_USAGE, "--ratio: need R >= 1, found '%s'", arg);
            return NH_OK;
        case OPT_ORDER_TOL:
            if (parse_double(&o->order_tol, arg, "--order-tol", err) != NH_OK)
                return NH_ERR_USAGE;
            if (!(o->order_tol >= 0))
                return nh_error_set(err, NH_ERR_USAGE, "--order-tol: need X >= 0, found '%s'", arg);
            return NH_OK;
        case OPT_TAP:
            o->tap = 1;
            return NH_OK;
        case OPT_QUIET:
            o->quiet = 1;
            return NH_OK;
        case OPT_NO_TIMINGS:
            o->no_timings = 1;
            return NH_OK;
        case OPT_CERTIFIED:
            o->certified = 1;
            return NH_OK;
        case OPT_CERT_PREC:
            o->cert_opts = 1;
            return nh_parse_slong(&o->cert.prec, arg, 32, 1000000, "--cert-prec", err);
        case OPT_CERT_MAX_PREC:
            o->cert_opts = 1;
            return nh_parse_slong(&o->cert.max_prec, arg, 32, 1000000, "--cert-max-prec", err);
        case OPT_CERT_MAX_RATIO:
            o->cert_opts = 1;
            if (parse_double(&o->cert.max_ratio, arg, "--cert-max-ratio", err) != NH_OK)
                return NH_ERR_USAGE;
            if (!(o->cert.max_ratio > 0))
                return nh_error_set(err, NH_ERR_USAGE, "--cert-max-ratio: need R > 0, found '%s'", arg);
            return NH_OK;
        case OPT_PLOT:
        {
            const unsigned char *c;
            if (arg[0] == '\0')
                return nh_error_set(err, NH_ERR_USAGE, "--plot: empty prefix");
            for (c = (const unsigned char *) arg; *c; c++)
                if (*c < 32 || *c == 127)
                    return nh_error_set(err, NH_ERR_USAGE, "--plot: the prefix contains a control "
                                        "character (byte %u at offset %ld)", (unsigned) *c,
                                        (long) (c - (const unsigned char *) arg));
        }
            o->plot = arg;
            return NH_OK;
    }
    return nh_error_set(err, NH_ERR_USAGE, "converge: unknown option");
}

static int
converge_validate(void *data, nh_error_t err)
{
    converge_opts *o = data;
    if (!o->have_t1)
    {
        fmpz_t ten;
        fmpz_init_set_ui(ten, 10);
        fmpq_div_fmpz(o->t1, o->T, ten);
        fmpz_clear(ten);
    }
    if (fmpq_cmp(o->t1, o->T) > 0)
        return nh_error_set(err, NH_ERR_USAGE, "--t1 must not exceed --T");
    if (o->min_tol > o->tol)
        return nh_error_set(err, NH_ERR_USAGE, "--min-tol %g is above --tol %g", o->min_tol, o->tol);
    if (o->cert_opts && !o->certified)
        return nh_error_set(err, NH_ERR_USAGE, "--cert-prec, --cert-max-prec and "
                            "--cert-max-ratio need --certified");
    if (o->certified && o->cert.max_prec < o->cert.prec)
        return nh_error_set(err, NH_ERR_USAGE, "--cert-max-prec %ld is below --cert-prec %ld",
                            (long) o->cert.max_prec, (long) o->cert.prec);
    if (o->certified && o->tap)
        return nh_error_set(err, NH_ERR_USAGE, "converge: --certified and --tap exclude each "
                            "other (use --json)");
    return NH_OK;
}

static char *
fmpq_str(const fmpq_t x)
{
    return fmpq_get_str(NULL, 10, x);
}

static const char *
init_name(int init)
{
    return init == NH_CONV_INIT_DEPS ? "D_eps" : "D";
}

/* ---- plot files ---------------------------------------------------------- */

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

/* PREFIX.gp: max-over-window errors of q and v (points) and the fitted
   power laws exp(a) eps^p (lines; none for an exact order), one colour
   per k; base: the file name part of PREFIX. */
static int
write_plot_script(const char *prefix, const char *base, const nh_conv_result_t r,
                  const nh_model_struct *M, int init, nh_error_t err)
{
    nh_sbuf_t sb;
    char *path = malloc(strlen(prefix) + 8), *text;
    char *datq, *dat = malloc(strlen(base) + 8);
    const char **colors = plot_colors;
    size_t len;
    slong k, K1 = r->kmax + 1;
    int rc;
    if (path == NULL || dat == NULL)
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
                init_name(init));
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
    sprintf(path, "%s.gp", prefix);
    text = nh_sbuf_take(sb, &len);
    rc = nh_write_atomic(path, text, len, err);
    free(text);
    free(datq);
    nh_sbuf_clear(sb);
    free(path);
    return rc;
}

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

/* --plot PREFIX: PREFIX.dat (one block per k, separated by two blank
   lines, gnuplot 'index k': eps, then the five quantities), PREFIX.gp
   and, when gnuplot is installed, PREFIX.png and PREFIX.svg. */
static int
write_plot(const char *prefix, const nh_conv_result_t r, const nh_model_struct *M,
           int init, nh_error_t err)
{
    nh_sbuf_t sb;
    char *path, *text;
    size_t len;
    slong i, k, K1 = r->kmax + 1;
    int w, rc;
    const char *base;

    nh_sbuf_init(sb);
    path = malloc(strlen(prefix) + 8);
    if (path == NULL)
        abort();
    base = strrchr(prefix, '/');
    base = base != NULL ? base + 1 : prefix;

    /* PREFIX.dat: one block per k (separated by two blank lines, gnuplot
       'index k'): eps, then the five quantities */
    nh_sbuf_printf(sb, "# nhoracle converge: case %s, initial data on %s; ESTIMATES (see doc/convergence.md)\n",
            nh_model_name(M), init_name(init));
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
    sprintf(path, "%s.dat", prefix);
    text = nh_sbuf_take(sb, &len);
    rc = nh_write_atomic(path, text, len, err);
    free(text);

    nh_sbuf_clear(sb);
    free(path);
    if (rc == NH_OK)
        rc = write_plot_script(prefix, base, r, M, init, err);
    if (rc == NH_OK)
        write_plot_pictures(prefix, base);
    return rc;
}

/* ---- compute ---------------------------------------------------------------- */

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
    {
        slong need = (slong) ceil(-log2(o->tol)) + 64;
        need = ((need + 63) / 64) * 64;
        co->prec = FLINT_MIN(prec, FLINT_MAX(need, 64));
    }
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

/* the words for an order that is exact within the integration error */
static void
exact_words(char *buf, size_t len, const nh_conv_result_t r, slong k)
{
    const nh_conv_exact_struct *x = r->exact + k;
    snprintf(buf, len, "exact within the integration error (estimate: at eps %.4g its largest "
             "difference fell from %.3e to %.3e with the tolerance, %.0e to %.0e; no order "
             "fitted)", r->eps[x->eps_index], x->diff_loose, x->diff_tight, x->tol_loose,
             x->tol_tight);
}

/* --tap: one line per order; the figures as diagnostics */
static void
converge_print_tap(nh_out_t out, const nh_conv_result_t r, const converge_opts *o,
                   const nh_model_struct *M, const char *Ts, const char *t1s, slong prec)
{
    slong i, k, K1 = o->kmax + 1;
    int w;
    nh_out_printf(out, "1..%ld\n", (long) K1);
    for (k = 0; k < K1; k++)
    {
        int ok = nh_conv_orders_ok(r, k, o->order_tol);
        const nh_conv_fit_struct *f = r->fit + k * NH_CONV_NQ;
        if (!ok && out->status == NH_OK)
        {
            out->status = NH_EXIT_ORDER;
            snprintf(out->status_msg, sizeof out->status_msg,
                     "converge: observed order of k = %ld differs from the predicted one by "
                     "more than --order-tol %g (see the TAP output)", (long) k, o->order_tol);
        }
        if (o->field != NULL && k == o->kmax)
            nh_out_printf(out, "# k=%ld is the user field %s (not nhoracle's X_%ld)\n",
                          (long) k, o->field, (long) k);
        if (r->exact[k].exact)
        {
            char words[400];
            exact_words(words, sizeof words, r, k);
            nh_out_printf(out, "ok %ld - %s k=%ld data on %s: %s\n", (long) (k + 1),
                          nh_model_name(M), (long) k, init_name(o->init), words);
        }
        else
        nh_out_printf(out, "%s %ld - %s k=%ld data on %s: observed orders q(T) %.3f, v(T) %.3f, "
                      "max q %.3f, max v %.3f vs predicted %g, %g, %g, %g (tolerance %g)\n",
                      ok ? "ok" : "not ok", (long) (k + 1), nh_model_name(M), (long) k,
                      init_name(o->init), f[0].slope, f[1].slope, f[2].slope, f[3].slope,
                      r->predicted[k * NH_CONV_NQ], r->predicted[k * NH_CONV_NQ + 1],
                      r->predicted[k * NH_CONV_NQ + 2], r->predicted[k * NH_CONV_NQ + 3],
                      o->order_tol);
        for (w = 0; w < NH_CONV_NQ && !r->exact[k].exact; w++)
            nh_out_printf(out, "#   %-7s observed %.3f, 95%% CI [%.3f, %.3f] (estimate), predicted %g, "
                          "local %.3f\n", nh_conv_quantity_name(w), f[w].slope, f[w].ci_lo,
                          f[w].ci_hi, r->predicted[k * NH_CONV_NQ + w], nh_conv_local_order(r, k, w));
        for (i = 0; i < r->neps; i++)
        {
            const double *e = r->err + (i * K1 + k) * NH_CONV_NQ;
            nh_out_printf(out, "#   eps %.4g: q(T) %.3e v(T) %.3e max q %.3e max v %.3e defect %.3e\n",
                          r->eps[i], e[0], e[1], e[2], e[3], e[4]);
        }
    }
    nh_out_printf(out, "# case %s, T = %s, window [%s, %s], %ld bits", nh_model_name(M), Ts,
                  t1s, Ts, (long) prec);
    if (!o->no_timings)
        nh_out_printf(out, ", %.1f s", r->total_seconds);
    nh_out_printf(out, "\n");
}

/* the text report */
static void
converge_print_text(nh_out_t out, const nh_conv_result_t r, const converge_opts *o,
                    const nh_conv_opts_struct *co, const nh_model_struct *M, const char *Ts,
                    const char *t1s, slong prec, nh_error_t err)
{
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
                exact_words(words, sizeof words, r, k);
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
}

/* the JSON report (--json) */
static void
converge_add_json(nh_out_t out, const nh_conv_result_t r, const converge_opts *o,
                  const nh_conv_opts_struct *co, const char *Ts, const char *t1s)
{
    slong i, k, K1 = o->kmax + 1;
    int w;
    json_object *rows, *orders, *epsl;
    json_object_object_add(out->root, "estimate", json_object_new_boolean(1));
    json_object_object_add(out->root, "init", json_object_new_string(init_name(o->init)));
    json_object_object_add(out->root, "lift_order",
                           json_object_new_int64(o->init == NH_CONV_INIT_DEPS
                                                 ? LIFT(o) : 0));
    json_object_object_add(out->root, "T", json_object_new_string(Ts));
    json_object_object_add(out->root, "t1", json_object_new_string(t1s));
    json_object_object_add(out->root, "nt", json_object_new_int64(o->nt));
    json_object_object_add(out->root, "kmax", json_object_new_int64(o->kmax));
    if (o->field != NULL)
        json_object_object_add(out->root, "field", json_object_new_string(o->field));
    json_object_object_add(out->root, "ratio", json_object_new_double(o->ratio));
    epsl = json_object_new_array();
    for (i = 0; i < r->neps; i++)
    {
        char *s = fmpq_str(co->eps + i);
        json_object_array_add(epsl, json_object_new_string(s));
        flint_free(s);
    }
    json_object_object_add(out->root, "eps", epsl);
    rows = json_object_new_array();
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
    json_object_object_add(out->root, "rows", rows);
    orders = json_object_new_array();
    for (k = 0; k < K1; k++)
    {
        json_object *ok = json_object_new_object();
        json_object_object_add(ok, "k", json_object_new_int64(k));
        if (o->field != NULL)
            json_object_object_add(ok, "field", json_object_new_boolean(k == o->kmax));
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
                               json_object_new_boolean(nh_conv_orders_ok(r, k, o->order_tol)));
        json_object_array_add(orders, ok);
    }
    json_object_object_add(out->root, "orders", orders);
    json_object_object_add(out->root, "order_tol", json_object_new_double(o->order_tol));
    if (!o->no_timings)
    {
        /* wall-clock times: the only part of the output that differs
           between two identical runs; --no-timings drops it */
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
        json_object_object_add(out->root, "timings", tm);
    }
}

/* ---- the certified part (--certified) -------------------------------------- */

/* an exact rational as a JSON string ("1/10") */
static json_object *
fmpq_json(const fmpq_t x)
{
    char *s = fmpq_str(x);
    json_object *j = json_object_new_string(s);
    flint_free(s);
    return j;
}

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

static void
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
            json_object_object_add(row, "eps", fmpq_json(co->eps + i));
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
            json_object_object_add(x, "eps_a", fmpq_json(co->eps + i));
            json_object_object_add(x, "eps_b", fmpq_json(co->eps + j));
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
static void
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
    char *Ts, *t1s;
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
    if (rc != NH_OK)
        goto cleanup;
    if (o->field != NULL && !o->quiet)
        fprintf(stderr, "converge: row k = %ld is the user field %s\n", (long) o->kmax, o->field);
    converge_set_opts(co, o, cli, prec);
    if (!o->quiet)
        fprintf(stderr, "converge: case %s, initial data on %s, %ld eps values, k = 0..%ld\n",
                nh_model_name(M), init_name(o->init), (long) co->neps, (long) o->kmax);
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

    Ts = fmpq_str(co->T);
    t1s = fmpq_str(co->t1);
    if (o->tap)
        converge_print_tap(out, r, o, M, Ts, t1s, prec);
    else
    {
        converge_print_text(out, r, o, co, M, Ts, t1s, prec, err);
        converge_add_json(out, r, o, co, Ts, t1s);
        if (o->certified)
        {
            converge_print_cert(out, r, cert, o, co);
            converge_add_cert_json(out, r, cert, o, co);
        }
    }
    if (o->certified)
        nh_conv_cert_clear(cert);
    if (o->plot != NULL)
        rc = write_plot(o->plot, r, M, o->init, err);
    flint_free(Ts);
    flint_free(t1s);
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
    for (i = 0; i < o.neps; i++)
        fmpq_clear(o.eps + i);
    fmpq_clear(o.T);
    fmpq_clear(o.t1);
    return rc;
}
