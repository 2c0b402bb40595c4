/*
 * converge_args.c -- the command line of `nhoracle converge`
 * (oracles/converge.h): its options, their help, parsing and checks.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "converge.h"

enum
{
    OPT_INIT = 1000, OPT_T, OPT_T1, OPT_NT, OPT_EPS, OPT_EPS_GEOM, OPT_KMAX, OPT_TOL,
    OPT_MIN_TOL, OPT_RATIO, OPT_LIFT, OPT_ORDER_TOL, OPT_TAP, OPT_PLOT, OPT_QUIET,
    OPT_MAX_STEPS, OPT_FIELD, OPT_NO_TIMINGS, OPT_CERTIFIED, OPT_CERT_PREC, OPT_CERT_MAX_PREC,
    OPT_CERT_MAX_RATIO
};

const struct option converge_options[] = {
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

void
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
"  --eps LIST       distinct eps > 0, exact rationals separated by ',' or ':',\n"
"                   2 to %d of them\n"
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

/* --eps: at least 2 positive, distinct exact rationals */
static const nh_fmpq_list_rules conv_eps_rules = {2, CONV_MAX_EPS, 1, 0, 1, WORD_MAX};

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
    o->neps = n;
    for (i = 0; i < n; i++)
        fmpq_set(o->eps + i, tmp->eps + i);
    nh_conv_opts_clear(tmp);
    return NH_OK;
}

/* a real option: x = arg, which must satisfy kind (0: 0 < x < 1, 1: x >= 1,
   2: x >= 0, 3: x > 0), else "WHAT: NEED, found 'ARG'" */
static int
number_option(double *x, const char *arg, const char *what, int kind, const char *need,
              nh_error_t err)
{
    int ok;
    if (nh_parse_double(x, arg, -HUGE_VAL, what, err) != NH_OK)
        return NH_ERR_USAGE;
    ok = kind == 0 ? (*x > 0 && *x < 1) : kind == 1 ? *x >= 1 : kind == 2 ? *x >= 0 : *x > 0;
    if (!ok)
        return nh_error_set(err, NH_ERR_USAGE, "%s: %s, found '%s'", what, need, arg);
    return NH_OK;
}

int
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
            return nh_parse_fmpq_list(o->eps, &o->neps, arg, "--eps", &conv_eps_rules, err);
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
            return number_option(&o->tol, arg, "--tol", 0, "need 0 < TOL < 1", err);
        case OPT_MIN_TOL:
            return number_option(&o->min_tol, arg, "--min-tol", 0, "need 0 < TOL < 1", err);
        case OPT_RATIO:
            return number_option(&o->ratio, arg, "--ratio", 1, "need R >= 1", err);
        case OPT_ORDER_TOL:
            return number_option(&o->order_tol, arg, "--order-tol", 2, "need X >= 0", err);
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
            return number_option(&o->cert.max_ratio, arg, "--cert-max-ratio", 3, "need R > 0",
                                 err);
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

int
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
