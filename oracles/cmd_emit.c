/*
 * cmd_emit.c -- `nhoracle emit CASE.nh`: a reference dataset of certified
 * values (G, Gamma, P, P_perp, FR_sharp, Q, h^(1..K), reaction forces,
 * order-k reduced vector fields) at sampled points (q, v), or (q, t, v)
 * for time-dependent, affine models realized by friction (issue 19,
 * proofs/020: records t and v_p, nh_quantity_certify_t), and (with --times)
 * trajectories of the full system (paper 000 (39)-(40)) and of the
 * order-k reduced systems ((69)-(71)) from lib/ode.h, labelled as
 * ESTIMATES with their error estimates; as JSON Lines or CSV
 * (lib/dataset.h, doc/datasets.md).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <stdint.h>
#include <math.h>

#include "cli.h"
#include "expr.h"
#include "nh_file.h"
#include "dataset.h"
#include "flow.h"
#include "quantity.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

enum { OPT_POINTS = 1000, OPT_SEED, OPT_EPS, OPT_ORDER, OPT_RORDERS, OPT_FORMAT,
       OPT_TIMES, OPT_TORDERS, OPT_INIT, OPT_LIFT, OPT_TTOL, OPT_QUIET, OPT_ESTIMATE,
       OPT_T };

#define EMIT_MAX_EPS 32
#define EMIT_MAX_RORDERS 16
#define EMIT_MAX_POINTS 100000
#define EMIT_DEFAULT_DIGITS 30
#define EMIT_GRID 1000          /* random coordinates: k / EMIT_GRID */
#define EMIT_MAX_TIMES 64
#define EMIT_MAX_T0 64       /* --t: at most this many model times */
#define EMIT_MAX_T 1000         /* largest output time accepted */
#define EMIT_TRAJ_TOL 1e-20     /* default --traj-tol */
#define EMIT_TRAJ_PREC 128      /* minimal working precision of the integrator */

typedef struct
{
    slong points, order;
    int have_points;
    ulong seed;
    slong neps;
    fmpq eps[EMIT_MAX_EPS];
    const char *eps_spec;
    slong nrorders;
    slong rorders[EMIT_MAX_RORDERS];
    const char *rorders_spec;
    int csv;
    /* trajectories (--times) */
    slong ntimes;
    fmpq times[EMIT_MAX_TIMES];
    slong ntorders;
    slong torders[EMIT_MAX_RORDERS];
    int init_d;               /* 1: --init d, 0: --init deps (default) */
    slong lift_order;         /* --lift-order K (default 2) */
    double traj_tol;          /* --traj-tol */
    int quiet;                /* --quiet: no progress lines */
    int traj_opts;            /* some trajectory option given */
    int estimate;             /* --estimate: every trajectory an estimate */
    /* time-dependent / affine models (issue 19): the model time of each
       point, t0[pt mod nt0] (--t; default the one time 0) */
    int timed;                /* the model is not linear autonomous */
    slong nt0;
    fmpq t0[EMIT_MAX_T0];
    const char *t0_spec;      /* --t as given, NULL if absent */
    /* per trajectory family, found while emitting (metadata "certified"):
       1 certified (enclosures), 0 estimate, -1 not yet run */
    int full_cert;
    int red_cert[EMIT_MAX_RORDERS];
}
emit_opts;

static const struct option emit_options[] = {
    {"points", required_argument, NULL, OPT_POINTS},
    {"seed", required_argument, NULL, OPT_SEED},
    {"eps", required_argument, NULL, OPT_EPS},
    {"order", required_argument, NULL, OPT_ORDER},
    {"reduced-orders", required_argument, NULL, OPT_RORDERS},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"times", required_argument, NULL, OPT_TIMES},
    {"traj-orders", required_argument, NULL, OPT_TORDERS},
    {"init", required_argument, NULL, OPT_INIT},
    {"lift-order", required_argument, NULL, OPT_LIFT},
    {"traj-tol", required_argument, NULL, OPT_TTOL},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"estimate", no_argument, NULL, OPT_ESTIMATE},
    {"t", required_argument, NULL, OPT_T},
    {NULL, 0, NULL, 0}
};

static void
emit_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle emit CASE.nh [--points N] [--seed S] [--q SPEC --v SPEC]\n"
"                   [--eps LIST] [--order K] [--reduced-orders LIST]\n"
"                   [--format jsonl|csv] [-o FILE] [options]\n"
"Reference dataset of certified values (midpoint and radius as decimal\n"
"strings, plus a plain double) at sample points (q, v), vD = P(q) v:\n"
"G, Gamma, P, P_perp, FR_sharp, Q, h^(1..K), reaction^(1..K) = -FR_sharp h^(k),\n"
"and the order-k reduced vector fields qdot, vDdot, vdot for each eps.\n"
"Format and conventions: doc/datasets.md.\n"
"\n"
"Options:\n"
"  --points N       N random points (default 4; 0 if --q/--v is given):\n"
"                   every q_i and v_i uniform on {k/%d : |k| <= %d}, i.e. the\n"
"                   box [-1, 1], from the generator splitmix64(seed)\n"
"  --seed S         random seed (default 1)\n"
"  --q/--v SPEC     an explicit point (point 0, before the random ones)\n"
"  --eps LIST       eps values for the reduced fields, exact rationals\n"
"                   separated by ':' (default 1/100:1/10)\n"
"  --order K        series order: h^(1..K), reaction^(1..K) (1..%d, default 2)\n"
"  --t LIST         time-dependent or affine models (issue 19, a 'friction'\n"
"                   block required, else exit 3): the model time t of each\n"
"                   point, exact rationals separated by ':'; point i is at\n"
"                   t[i mod len] (default: every point at t = 0).  The point\n"
"                   is then (q, t, v): records t, vD = u = P(q,t) v, v_p (the\n"
"                   G-orthogonal particular solution), the geometry at fixed\n"
"                   t, h^(k), reaction^(k) and the reduced fields of the\n"
"                   time route (proofs/020); --times T are then durations\n"
"                   from the point's t\n"
"  --reduced-orders LIST  reduction orders k, separated by ':' (default 0:1)\n"
"  --format F       jsonl (default) or csv\n"
"Trajectories (certified enclosures where the validated integrator applies,\n"
"else ESTIMATES with error estimates; metadata trajectories.certified):\n"
"  --times LIST     output times t > 0 (exact rationals, increasing, ':' or\n"
"                   ','): for each point and eps, the full system's q(t), v(t)\n"
"                   (records full_q, full_v) and the order-k reduced systems'\n"
"                   (reduced_q, reduced_v).  Certified (status enclosure, by\n"
"                   the validated Taylor integrator of lib/flow.h at --prec\n"
"                   bits, default 128): the full system (original class and\n"
"                   time-dependent, affine models from the point's t), the reduced\n"
"                   orders nh_flow_certified_reduced(_t) supports (k = 0..4,\n"
"                   time-dependent models included); the others are estimates\n"
"                   (lib/ode.h).\n"
"                   The certified full system costs ~ T/eps steps (doc/flow.md)\n"
"  --estimate       every trajectory an ESTIMATE (lib/ode.h, fast), as before\n"
"  --traj-orders LIST  reduction orders of the trajectories (default 0:1)\n"
"  --init deps|d    initial velocity of the full system: deps (default) the\n"
"                   order-K lift vD + sum_{j<=K} eps^j h^(j)(q, vD) to D_eps,\n"
"                   d: vD itself (initial layer included); the reduced\n"
"                   systems always start at (q, vD)\n"
"  --lift-order K   order of the lift for --init deps (default 2)\n"
"  --traj-tol TOL   integrator tolerance rtol = atol (default %g); the error\n"
"                   estimate comes from a second run at TOL/1000\n"
"  --digits D       accuracy (default %d here): each vector/matrix is printed\n"
"                   on the decimal grid 10^u with 10^u <= 10^-D max|entry|,\n"
"                   radius 10^u (certified with 64 more bits)\n"
"  --quiet          no progress lines (runs longer than 5 s print\n"
"                   'points done: i/N' on stderr every 5 s)\n\n",
            EMIT_GRID, EMIT_GRID, NH_SERIES_MAX_ORDER - 1, EMIT_TRAJ_TOL, EMIT_DEFAULT_DIGITS);
    nh_cli_common_help(f);
}

/* split "a:b:c" (also ',') into pieces */
static int
split_list(char **piece, slong max, slong *count, char *s, const char *what, nh_error_t err)
{
    char *p = s, *tok;
    *count = 0;
    while ((tok = strsep(&p, ":,")) != NULL)
    {
        if (*tok == '\0')
            return nh_error_set(err, NH_ERR_USAGE, "%s: empty item in list", what);
        if (*count == max)
            return nh_error_set(err, NH_ERR_USAGE, "%s: at most %ld items", what, (long) max);
        piece[(*count)++] = tok;
    }
    return NH_OK;
}

static int
emit_option(int opt, const char *arg, void *data, nh_error_t err)
{
    emit_opts *o = data;
    char *copy, *piece[EMIT_MAX_EPS];
    slong cnt, i;
    int rc;
    switch (opt)
    {
        case OPT_POINTS:
            o->have_points = 1;
            return nh_parse_slong(&o->points, arg, 0, EMIT_MAX_POINTS, "--points", err);
        case OPT_SEED:
        {
            slong s;
            rc = nh_parse_slong(&s, arg, 0, WORD_MAX, "--seed", err);
            o->seed = (ulong) s;
            return rc;
        }
        case OPT_ORDER:
            return nh_parse_slong(&o->order, arg, 1, NH_SERIES_MAX_ORDER - 1, "--order", err);
        case OPT_FORMAT:
            if (strcmp(arg, "jsonl") == 0 || strcmp(arg, "json") == 0)
                o->csv = 0;
            else if (strcmp(arg, "csv") == 0)
                o->csv = 1;
            else
                return nh_error_set(err, NH_ERR_USAGE, "--format: expected jsonl or csv, found '%s'", arg);
            return NH_OK;
        case OPT_EPS:
            copy = strdup(arg);
            rc = split_list(piece, EMIT_MAX_EPS, &cnt, copy, "--eps", err);
            for (i = 0; rc == NH_OK && i < cnt; i++)
            {
                rc = nh_parse_fmpq(o->eps + i, piece[i], "--eps", err);
                if (rc == NH_OK && fmpq_sgn(o->eps + i) <= 0)
                    rc = nh_error_set(err, NH_ERR_USAGE, "--eps: must be positive, found '%s'", piece[i]);
            }
            if (rc == NH_OK)
                o->neps = cnt;
            free(copy);
            return rc;
        case OPT_TIMES:
        {
            char *tp[EMIT_MAX_TIMES];
            copy = strdup(arg);
            rc = split_list(tp, EMIT_MAX_TIMES, &cnt, copy, "--times", err);
            for (i = 0; rc == NH_OK && i < cnt; i++)
            {
                rc = nh_parse_fmpq(o->times + i, tp[i], "--times", err);
                if (rc == NH_OK && (fmpq_sgn(o->times + i) <= 0
                                    || (i > 0 && fmpq_cmp(o->times + i, o->times + i - 1) <= 0)))
                    rc = nh_error_set(err, NH_ERR_USAGE, "--times: expected increasing positive "
                                      "times, found '%s'", tp[i]);
                if (rc == NH_OK && fmpq_cmp_si(o->times + i, EMIT_MAX_T) > 0)
                    rc = nh_error_set(err, NH_ERR_USAGE, "--times: at most %d, found '%s'",
                                      EMIT_MAX_T, tp[i]);
            }
            if (rc == NH_OK)
                o->ntimes = cnt;
            free(copy);
            return rc;
        }
        case OPT_TORDERS:
            o->traj_opts = 1;
            copy = strdup(arg);
            rc = split_list(piece, EMIT_MAX_RORDERS, &cnt, copy, "--traj-orders", err);
            for (i = 0; rc == NH_OK && i < cnt; i++)
                rc = nh_parse_slong(o->torders + i, piece[i], 0, NH_SERIES_MAX_ORDER - 2,
                                    "--traj-orders", err);
            if (rc == NH_OK)
                o->ntorders = cnt;
            free(copy);
            return rc;
        case OPT_INIT:
            o->traj_opts = 1;
            if (strcmp(arg, "deps") == 0)
                o->init_d = 0;
            else if (strcmp(arg, "d") == 0)
                o->init_d = 1;
            else
                return nh_error_set(err, NH_ERR_USAGE, "--init: expected deps or d, found '%s'", arg);
            return NH_OK;
        case OPT_LIFT:
            o->traj_opts = 1;
            return nh_parse_slong(&o->lift_order, arg, 0, NH_SERIES_MAX_ORDER - 1, "--lift-order", err);
        case OPT_QUIET:
            o->quiet = 1;
            return NH_OK;
        case OPT_ESTIMATE:
            o->traj_opts = 1;
            o->estimate = 1;
            return NH_OK;
        case OPT_TTOL:
        {
            char *end;
            o->traj_opts = 1;
            double d = strtod(arg, &end);
            if (*arg == '\0' || *end != '\0' || !(d >= 1e-60 && d <= 1e-3))
                return nh_error_set(err, NH_ERR_USAGE, "--traj-tol: expected a number in "
                                    "[1e-60, 1e-3], found '%s'", arg);
            o->traj_tol = d;
            return NH_OK;
        }
        case OPT_T:
        {
            char *tp[EMIT_MAX_T0];
            copy = strdup(arg);
            rc = split_list(tp, EMIT_MAX_T0, &cnt, copy, "--t", err);
            for (i = 0; rc == NH_OK && i < cnt; i++)
                rc = nh_parse_fmpq(o->t0 + i, tp[i], "--t", err);
            if (rc == NH_OK)
            {
                o->nt0 = cnt;
                o->t0_spec = arg;
            }
            free(copy);
            return rc;
        }
        case OPT_RORDERS:
            copy = strdup(arg);
            rc = split_list(piece, EMIT_MAX_RORDERS, &cnt, copy, "--reduced-orders", err);
            for (i = 0; rc == NH_OK && i < cnt; i++)
                rc = nh_parse_slong(o->rorders + i, piece[i], 0, NH_SERIES_MAX_ORDER - 1,
                                    "--reduced-orders", err);
            if (rc == NH_OK)
                o->nrorders = cnt;
            free(copy);
            return rc;
    }
    return nh_error_set(err, NH_ERR_USAGE, "emit: unknown option");
}

/* splitmix64 (Steele, Lea, Flood 2014): a documented generator, so that
   the sampling plan is reproducible outside nhoracle. */
static uint64_t
splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* k / EMIT_GRID with k uniform in [-EMIT_GRID, EMIT_GRID] (k = r mod 2001
   - 1000, r the next generator output) */
static void
random_coord(fmpq_t x, uint64_t *state)
{
    slong k = (slong) (splitmix64(state) % (2 * EMIT_GRID + 1)) - EMIT_GRID;
    fmpq_set_si(x, k, EMIT_GRID);
}

/* exact decimal string of x if its denominator is 2^a 5^b (at most 40
   digits after the point), else "p/q"; malloc'd */
static char *
fmpq_decimal(const fmpq_t x)
{
    fmpz_t d, t, num;
    slong e = 0;
    char *s, *r;
    fmpz_init(d);
    fmpz_init(t);
    fmpz_init(num);
    fmpz_set(d, fmpq_denref(x));
    fmpz_set(num, fmpq_numref(x));
    while (e <= 40)
    {
        fmpz_set_ui(t, 10);
        fmpz_pow_ui(t, t, (ulong) e);
        if (fmpz_divisible(t, d))
            break;
        e++;
    }
    if (e > 40)
    {
        s = fmpq_get_str(NULL, 10, x);
        r = strdup(s);
        flint_free(s);
    }
    else
    {
        int neg = fmpz_sgn(num) < 0;
        size_t len;
        fmpz_divexact(t, t, d);
        fmpz_mul(num, num, t);
        fmpz_abs(num, num);
        s = fmpz_get_str(NULL, 10, num);
        len = strlen(s);
        r = malloc(len + (size_t) e + 4);
        if (e == 0)
            sprintf(r, "%s%s", neg ? "-" : "", s);
        else
        {
            /* pad to at least e+1 digits */
            char *pad = malloc((size_t) e + len + 2);
            size_t z = len < (size_t) e + 1 ? (size_t) e + 1 - len : 0, pl;
            memset(pad, '0', z);
            strcpy(pad + z, s);
            pl = strlen(pad);
            sprintf(r, "%s%.*s.%s", neg ? "-" : "", (int) (pl - (size_t) e), pad, pad + pl - (size_t) e);
            free(pad);
        }
        flint_free(s);
    }
    fmpz_clear(d);
    fmpz_clear(t);
    fmpz_clear(num);
    return r;
}

static double
fmpq_to_d(const fmpq_t x)
{
    arb_t t;
    double d;
    arb_init(t);
    arb_set_fmpq(t, x, 128);
    d = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    arb_clear(t);
    return d;
}

/* Decimal exponent u of the grid on which a vector/matrix x[i*stride],
   i < len, is printed: u = E - digits - 1 with 10^E >= max_i |x_i| >
   10^(E-1) (E = 0 when all are 0 or the group is consistent with 0,
   max_i |mid x_i| <= max_i rad x_i: then the grid is absolute, as the
   accuracy nh_quantity_certify certified), so rad = 10^u <= 10^-digits
   max(max|x_i|, 1). */
static slong
group_unit(arb_srcptr x, slong len, slong stride, slong digits)
{
    arf_t m;
    slong E = 0;
    arf_init(m);
    nh_quantity_block_scale(m, x, len, stride);
    if (!arf_is_zero(m))
        E = (slong) ceil(log10(arf_get_d(m, ARF_RND_NEAR)));
    arf_clear(m);
    return E - digits - 1;
}

/* ESTIMATE records of one state vector x[0..n) with component error
   estimates ge[0..n) (trajectory output row): all on one decimal grid
   10^u, u = ceil(log10 E) - 1 with E = max(max_i ge_i, 10^-digits
   max(1, max_i |x_i|)), so that the last printed digit is a tenth of the
   vector's largest estimated error (or of the --digits floor); rad =
   ge_i rounded up on that grid, plus the grid rounding
   (nh_dataset_add_estimate). */
static void
emit_estimate_row(nh_dataset_t ds, const char *quantity, slong k, slong e, slong pt, slong ti,
                  arb_srcptr x, arb_srcptr ge, slong n, slong digits, slong prec)
{
    double E = 0, xm = 1, g[64], d;
    slong i, u;
    arf_t b;
    arf_init(b);
    for (i = 0; i < n; i++)
    {
        arb_get_abs_ubound_arf(b, ge + i, 53);
        g[i] = arf_get_d(b, ARF_RND_UP);
        if (!(g[i] >= 0))
            g[i] = 0;
        if (g[i] > E)
            E = g[i];
        d = fabs(arf_get_d(arb_midref(x + i), ARF_RND_NEAR));
        if (d > xm)
            xm = d;
    }
    d = xm * pow(10.0, (double) -digits);
    if (E < d)
        E = d;
    u = (slong) ceil(log10(E)) - 1;
    for (i = 0; i < n; i++)
        nh_dataset_add_estimate(ds, quantity, k, e, pt, i, ti, x + i, g[i], u, prec);
    arf_clear(b);
}

/* One point's trajectories at one eps (emit_traj): the inputs, the
   output rows and the options of both integrators. */
typedef struct
{
    nh_dataset_struct *ds;
    const nh_model_struct *M;
    emit_opts *o;
    slong pt, e, n, nt, digits, prec, cprec;
    arb_ptr q0, vD0, vDc, tt, qo, vo, gq, gv;
    arb_ptr vp0, vpc;         /* time-dependent models: v_p(q0, 0), midpoint / ball */
    arb_t t0;                 /* the model time of the start (the point's t) */
    arb_srcptr tstart;        /* t0 for time-dependent models, else NULL */
    arb_ptr ttm;              /* the output model times t0 + tt (nt balls) */
    nh_ode_opts_struct *oo;
}
traj_ctx;

/* The start of the certified (ball, cert) or estimated (midpoint) runs on
   the constraint set: vD for linear autonomous models, u + v_p for
   time-dependent / affine ones (proofs/020 (A2)). */
static void
traj_start_d(arb_ptr v0, const traj_ctx *c, int cert)
{
    _arb_vec_set(v0, cert ? c->vDc : c->vD0, c->n);
    if (c->o->timed)
        _arb_vec_add(v0, v0, cert ? c->vpc : c->vp0, c->n, c->prec);
}

/* the records of the nt output rows in qo, vo: enclosures (cert) or
   estimates with the error estimates gq, gv */
static int
traj_rows(traj_ctx *c, const char *qn, const char *vn, slong k, int cert, nh_error_t err)
{
    slong ti, n = c->n;
    for (ti = 0; ti < c->nt; ti++)
    {
        if (!cert)
        {
            emit_estimate_row(c->ds, qn, k, c->e, c->pt, ti, c->qo + ti * n, c->gq + ti * n, n,
                              c->digits, c->prec);
            emit_estimate_row(c->ds, vn, k, c->e, c->pt, ti, c->vo + ti * n, c->gv + ti * n, n,
                              c->digits, c->prec);
        }
        else if (nh_dataset_add_traj_balls(c->ds, qn, k, c->e, c->pt, ti, c->qo + ti * n, n,
                                           c->digits, c->cprec) == WORD_MIN
                 || nh_dataset_add_traj_balls(c->ds, vn, k, c->e, c->pt, ti, c->vo + ti * n, n,
                                              c->digits, c->cprec) == WORD_MIN)
            return nh_error_set(err, NH_ERR_PRECISION, "certified %s: a ball is wider than its "
                                "value (raise --prec)", qn);
    }
    return NH_OK;
}

/* Full system (39)-(40) from (q, v_init): v_init = vD (--init d) or the
   order-K lift (nh_flow_lift, 000 (66) truncated) (--init deps).
   Certified (validated integrator from the balls vDc / the lift's ball,
   which contain the exact start) for models of the original class unless
   --estimate; else an estimate from the midpoint start (lib/ode.h). */
static int
traj_full(traj_ctx *c, const arb_t eps, nh_error_t err)
{
    slong n = c->n, i;
    /* every model emit accepts is certified here: the original class of
       paper 000, and the time-dependent / affine models (issue 19) */
    int cert = !c->o->estimate, rc = NH_OK;
    slong p = cert ? c->cprec : c->prec;
    arb_ptr v0 = _arb_vec_init(n);
    nh_taylor_opts_t to;

    if (c->o->init_d)
        traj_start_d(v0, c, cert);
    else if (c->o->timed)       /* u + v_p + sum eps^j h^(j)(q, 0, u) (proofs/020 (A2)) */
        rc = nh_flow_lift_t(v0, c->M, c->q0, c->t0, cert ? c->vDc : c->vD0, c->o->lift_order,
                            eps, p, err);
    else
        rc = nh_flow_lift(v0, c->M, c->q0, cert ? c->vDc : c->vD0, c->o->lift_order, eps, p, err);
    for (i = 0; !cert && rc == NH_OK && i < n; i++)
        mag_zero(arb_radref(v0 + i));            /* estimate: exact start, the midpoint */
    nh_taylor_opts_init(to);
    if (rc == NH_OK && cert)
        rc = nh_flow_certified_from(c->qo, c->vo, c->M, NH_FLOW_FULL, eps, c->tstart, c->q0, v0,
                                    c->ttm, c->nt, to, NULL, p, err);
    else if (rc == NH_OK)
        rc = nh_flow_full_from(c->qo, c->vo, c->gq, c->gv, c->M, eps, c->tstart, c->q0, v0,
                               c->tt, c->nt, c->oo, NULL, err);
    c->o->full_cert = cert;
    if (rc == NH_OK)
        rc = traj_rows(c, "full_q", "full_v", -1, cert, err);
    _arb_vec_clear(v0, n);
    return rc;
}

/* Order-k reduced system (69)-(71) from (q, vD): certified through
   nh_flow_certified_reduced (from the ball vDc; time-dependent models:
   k = 0 the nonholonomic flow from u + v_p, k >= 1
   nh_flow_certified_reduced_t from (q0, t0, u)) unless --estimate or the
   order is not supported there (NH_ERR_USAGE): then an estimate. */
static int
traj_reduced(traj_ctx *c, slong kk, const arb_t eps, nh_error_t err)
{
    slong k = c->o->torders[kk];
    int cert = 0, rc = NH_OK;
    nh_taylor_opts_t to;

    if (!c->o->estimate && c->o->red_cert[kk] != 0)
    {
        /* time-dependent models start on the constraint set, u + v_p */
        arb_ptr v0 = _arb_vec_init(c->n);
        traj_start_d(v0, c, 1);
        nh_taylor_opts_init(to);
        if (c->o->timed && k == 0)  /* the ideal constraint dynamics from (q, t0, u + v_p) */
            rc = nh_flow_certified_from(c->qo, c->vo, c->M, NH_FLOW_NH, NULL, c->tstart, c->q0,
                                        v0, c->ttm, c->nt, to, NULL, c->cprec, err);
        else if (c->o->timed)       /* state (q, u) from (q0, t0, u0), proofs/020 (A8) */
            rc = nh_flow_certified_reduced_t(c->qo, c->vo, c->M, k, eps, c->tstart, c->q0,
                                             c->vDc, c->tt, c->nt, to, NULL, c->cprec, err);
        else
            rc = nh_flow_certified_reduced(c->qo, c->vo, c->M, k, eps, c->q0, v0, c->tt, c->nt,
                                           to, NULL, c->cprec, err);
        _arb_vec_clear(v0, c->n);
        cert = rc == NH_OK;
        /* order k not certified (NH_ERR_USAGE: above NH_FLOW_REDUCED_MAX_ORDER):
           an estimate */
        if (rc == NH_ERR_USAGE)
        {
            nh_error_init(err);         /* order k not certified: estimate */
            rc = NH_OK;
        }
    }
    if (rc == NH_OK && !cert)
        rc = nh_flow_reduced_from(c->qo, c->vo, c->gq, c->gv, c->M, k, eps, c->tstart, c->q0,
                                  c->vD0, c->tt, c->nt, c->oo, NULL, err);
    if (rc == NH_OK)
    {
        c->o->red_cert[kk] = cert;
        rc = traj_rows(c, "reduced_q", "reduced_v", k, cert, err);
    }
    return rc;
}

/* Trajectories from the exact point (q, v), vD = P(q) v: for each eps the
   full system and the reduced systems of --traj-orders at the output
   times (traj_full, traj_reduced).  vDb: the certified ball of vD (its
   midpoint starts the estimates). */
static int
emit_traj(nh_dataset_t ds, const nh_model_struct *M, const nh_cli_struct *cli,
          emit_opts *o, slong pt, const fmpq *qx, const fmpq *tx, const fmpq *vx,
          arb_srcptr vDb, arb_srcptr vpb, slong digits, nh_error_t err)
{
    slong n = nh_model_n(M), nt = o->ntimes, kk, ti, i;
    traj_ctx c;
    arb_ptr v = _arb_vec_init(n);
    arb_t eps;
    nh_ode_opts_t oo;
    int rc = NH_OK;

    if (n > 64)
        return nh_error_set(err, NH_ERR_USAGE, "emit: trajectories: at most 64 coordinates");
    c.ds = ds; c.M = M; c.o = o; c.pt = pt; c.n = n; c.nt = nt; c.digits = digits;
    c.prec = FLINT_MAX(cli->prec, EMIT_TRAJ_PREC);
    c.cprec = cli->prec_set ? cli->prec : EMIT_TRAJ_PREC;
    nh_ode_opts_init(oo);
    oo->prec = c.prec;
    oo->rtol = oo->atol = o->traj_tol;
    c.oo = oo;
    c.q0 = _arb_vec_init(n); c.vD0 = _arb_vec_init(n); c.vDc = _arb_vec_init(n);
    c.vp0 = _arb_vec_init(n); c.vpc = _arb_vec_init(n);
    arb_init(c.t0);
    arb_set_fmpq(c.t0, tx, c.prec);
    c.tstart = o->timed ? c.t0 : NULL;
    c.tt = _arb_vec_init(nt);
    c.ttm = _arb_vec_init(nt);
    c.qo = _arb_vec_init(nt * n); c.vo = _arb_vec_init(nt * n);
    c.gq = _arb_vec_init(nt * n); c.gv = _arb_vec_init(nt * n);
    arb_init(eps);
    for (i = 0; i < n; i++)
    {
        arb_set_fmpq(c.q0 + i, qx + i, c.prec);
        arb_set_fmpq(v + i, vx + i, c.prec);
        arb_set_arf(c.vD0 + i, arb_midref(vDb + i));      /* estimates: exact start, the midpoint */
        arb_set_arf(c.vp0 + i, arb_midref(vpb + i));
    }
    if (!o->estimate && o->timed)   /* certified: the balls u = P(q,t) v and v_p(q,t) */
        rc = nh_project_D_t(c.vDc, c.vpc, M, c.q0, c.t0, v, c.cprec, err);
    else if (!o->estimate)  /* certified: the ball P(q) v, which contains the exact vD */
        rc = nh_project_D(c.vDc, M, c.q0, v, c.cprec, err);
    for (ti = 0; ti < nt; ti++)
    {
        arb_set_fmpq(c.tt + ti, o->times + ti, c.prec);
        arb_add(c.ttm + ti, c.tt + ti, c.t0, c.prec);    /* exact: t0 = 0 or small rationals */
    }
    for (c.e = 0; c.e < o->neps && rc == NH_OK; c.e++)
    {
        arb_set_fmpq(eps, o->eps + c.e, c.prec);
        rc = traj_full(&c, eps, err);
        if (rc != NH_OK)
        {
            char *es = fmpq_decimal(o->eps + c.e);
            nh_error_prefix(err, "emit: point %ld, eps = %s (full system%s): ", (long) pt, es,
                            o->full_cert == 1 ? ", certified; --estimate gives labelled estimates"
                                              : "");
            free(es);
            break;
        }
        for (kk = 0; kk < o->ntorders && rc == NH_OK; kk++)
            if ((rc = traj_reduced(&c, kk, eps, err)) != NH_OK)
            {
                char *es = fmpq_decimal(o->eps + c.e);
                nh_error_prefix(err, "emit: point %ld, eps = %s (reduced system of order %ld%s): ",
                                (long) pt, es, (long) o->torders[kk], o->estimate ? ""
                                : ", certified if supported; --estimate gives labelled estimates");
                free(es);
            }
    }
    arb_clear(eps);
    _arb_vec_clear(v, n);
    _arb_vec_clear(c.q0, n); _arb_vec_clear(c.vD0, n); _arb_vec_clear(c.vDc, n);
    _arb_vec_clear(c.vp0, n); _arb_vec_clear(c.vpc, n);
    arb_clear(c.t0);
    _arb_vec_clear(c.tt, nt);
    _arb_vec_clear(c.ttm, nt);
    _arb_vec_clear(c.qo, nt * n); _arb_vec_clear(c.vo, nt * n);
    _arb_vec_clear(c.gq, nt * n); _arb_vec_clear(c.gv, nt * n);
    return rc;
}

/* the requests of one point: vD, G, Gamma, P, P_perp, FR_sharp, Q,
   h^(1..order), reaction^(1..order), then qdot, vDdot, vdot of each
   reduction order and eps; their parameters, groups, lengths and output
   vectors; returns their number, *h0 and *r0 the first h and reduced index */
static slong
emit_requests(const nh_quantity_struct **req, nh_quantity_params *par, slong *group, slong *len,
              arb_ptr *out, const nh_model_struct *M, const emit_opts *o, slong *h0, slong *r0)
{
    static const char *const mnames[7] = {"vD", "G", "Gamma", "P", "P_perp", "FR_sharp", "Q"};
    static const int rkind[3] = {NH_Q_RED_QDOT, NH_Q_RED_VDDOT, NH_Q_RED_VDOT};
    slong n = nh_model_n(M), i, kk, e, ri, nreq = 0;

    for (i = 0; i < 7; i++)
        req[nreq++] = nh_quantity_find(mnames[i], NULL);
    *h0 = nreq;
    for (kk = 1; kk <= o->order; kk++)
        req[nreq++] = nh_quantity_by_kind(NH_Q_H);
    for (kk = 1; kk <= o->order; kk++)
        req[nreq++] = nh_quantity_by_kind(NH_Q_REACT);
    *r0 = nreq;
    for (kk = 0; kk < o->nrorders; kk++)
        for (e = 0; e < o->neps; e++)
            for (ri = 0; ri < 3; ri++)
                req[nreq++] = nh_quantity_by_kind(rkind[ri]);
    for (i = 0; i < nreq; i++)
    {
        slong shape[4];
        nh_quantity_params_init(par + i);
        group[i] = 0;
        if (i >= *h0 && i < *r0)
            par[i].k = (i - *h0) % o->order + 1;
        else if (i >= *r0)
        {
            slong t = (i - *r0) / 3;
            par[i].order = o->rorders[t / o->neps];
            par[i].eps_q = o->eps + t % o->neps;
        }
        nh_quantity_shape(shape, len + i, req[i], n, nh_model_m(M), par + i);
        out[i] = _arb_vec_init(len[i]);
    }
    return nreq;
}

/* the exact records q, t (time-dependent models) and v of one point */
static void
emit_exact_point(nh_dataset_t ds, const emit_opts *o, slong pt, slong n, const fmpq *qx,
                 const fmpq *tx, const fmpq *vx)
{
    char *s;
    slong i;
    for (i = 0; i < n; i++)
    {
        s = fmpq_decimal(qx + i);
        nh_dataset_add_exact(ds, "q", pt, i, s, fmpq_to_d(qx + i));
        free(s);
    }
    if (o->timed)
    {
        s = fmpq_decimal(tx);
        nh_dataset_add_exact(ds, "t", pt, -1, s, fmpq_to_d(tx));
        free(s);
    }
    for (i = 0; i < n; i++)
    {
        s = fmpq_decimal(vx + i);
        nh_dataset_add_exact(ds, "v", pt, i, s, fmpq_to_d(vx + i));
        free(s);
    }
}

/* the ball records of one vector x (length n) on one decimal grid;
   nonzero when a ball is wider than its printed radius */
static int
emit_vec_balls(nh_dataset_t ds, const char *name, slong k, slong e, slong pt, arb_srcptr x,
               slong n, slong digits, slong p)
{
    slong i, u = group_unit(x, n, 1, digits);
    int bad = 0;
    for (i = 0; i < n; i++)
        bad |= nh_dataset_add_ball(ds, name, k, e, pt, i, -1, -1, x + i, u, p);
    return bad;
}

/* the ball records of the matrices G, Gamma, P, P_perp, FR_sharp, Q
   (requests 1..6), each on its decimal grid */
static int
emit_matrix_balls(nh_dataset_t ds, const nh_quantity_struct **req, arb_ptr *out, slong n,
                  slong pt, slong digits, slong p)
{
    slong kk, i, j, l, u;
    int bad = 0;
    for (kk = 1; kk < 7; kk++)
    {
        if (req[kk]->kind == NH_Q_GAMMA)
        {
            u = group_unit(out[kk], n * n * n, 1, digits);
            for (i = 0; i < n; i++)
                for (j = 0; j < n; j++)
                    for (l = 0; l < n; l++)
                        bad |= nh_dataset_add_ball(ds, "Gamma", -1, -1, pt, i, j, l,
                                                   out[kk] + (i * n + j) * n + l, u, p);
            continue;
        }
        u = group_unit(out[kk], n * n, 1, digits);
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                bad |= nh_dataset_add_ball(ds, req[kk]->name, -1, -1, pt, i, j, -1,
                                           out[kk] + i * n + j, u, p);
    }
    return bad;
}

/* Everything at one exact point (q, v), certified to acc bits by
   nh_quantity_certify (lib/quantity.h); records appended to ds.
   *maxprec: largest working precision used. */
static int
emit_point(nh_dataset_t ds, const nh_model_struct *M, const nh_cli_struct *cli,
           emit_opts *o, slong pt, const fmpq *qx, const fmpq *tx, const fmpq *vx, slong acc,
           slong digits, slong *maxprec, nh_error_t err)
{
    static const char *const rn[3] = {"qdot", "vDdot", "vdot"};
    slong n = nh_model_n(M), i, kk, p = 0, nreq, r0, h0;
    slong nred = 3 * o->nrorders * o->neps;
    slong total = 7 + 2 * o->order + nred;
    const nh_quantity_struct **req = flint_malloc(total * sizeof(nh_quantity_struct *));
    nh_quantity_params *par = flint_malloc(total * sizeof(nh_quantity_params));
    arb_ptr *out = flint_malloc(total * sizeof(arb_ptr));
    slong *group = flint_malloc(total * sizeof(slong)), *len = flint_malloc(total * sizeof(slong));
    arb_ptr vp = _arb_vec_init(n);
    int rc = NH_OK, bad = 0;
    char who[64];

    nreq = emit_requests(req, par, group, len, out, M, o, &h0, &r0);

    /* certify 64 bits beyond the printed grid, so that the printed
       digits do not depend on rounding noise */
    snprintf(who, sizeof who, "emit: point %ld", (long) pt);
    if (o->timed)       /* issue 19: at (q, t, v), with v_p (proofs/020) */
        rc = nh_quantity_certify_t(out, vp, req, par, group, nreq, M, qx, tx, vx, acc + 64,
                                   cli->max_prec, &p, who, err);
    else
        rc = nh_quantity_certify(out, req, par, group, nreq, M, qx, vx, acc + 64,
                                 cli->max_prec, &p, who, err);
    if (rc != NH_OK)
        goto cleanup;
    if (p > *maxprec)
        *maxprec = p;

    /* records */
    emit_exact_point(ds, o, pt, n, qx, tx, vx);
    bad |= emit_vec_balls(ds, "vD", -1, -1, pt, out[0], n, digits, p);
    if (o->timed)
        bad |= emit_vec_balls(ds, "v_p", -1, -1, pt, vp, n, digits, p);
    bad |= emit_matrix_balls(ds, req, out, n, pt, digits, p);
    for (kk = h0; kk < r0; kk++)
        bad |= emit_vec_balls(ds, kk < h0 + o->order ? "h" : "reaction", par[kk].k, -1, pt,
                              out[kk], n, digits, p);
    for (kk = r0; kk < nreq; kk++)
    {
        slong t = (kk - r0) / 3;
        bad |= emit_vec_balls(ds, rn[(kk - r0) % 3], o->rorders[t / o->neps], t % o->neps, pt,
                              out[kk], n, digits, p);
    }
    if (bad)
        rc = nh_error_set(err, NH_ERR_PRECISION, "emit: point %ld: internal: a ball is wider "
                          "than its printed radius", (long) pt);
    if (rc == NH_OK && o->ntimes > 0)
        rc = emit_traj(ds, M, cli, o, pt, qx, tx, vx, out[0], vp, digits, err);

cleanup:
    _arb_vec_clear(vp, n);
    for (i = 0; i < nreq; i++)
        _arb_vec_clear(out[i], len[i]);
    flint_free(req);
    flint_free(par);
    flint_free(out);
    flint_free(group);
    flint_free(len);
    return rc;
}

/* a JSON array of the exact decimal strings of v[0..n-1] */
static json_object *
decimal_array(const fmpq *v, slong n)
{
    json_object *a = json_object_new_array();
    slong i;
    for (i = 0; i < n; i++)
    {
        char *s = fmpq_decimal(v + i);
        json_object_array_add(a, json_object_new_string(s));
        free(s);
    }
    return a;
}

/* a JSON array of the integers v[0..n-1] */
static json_object *
slong_array(const slong *v, slong n)
{
    json_object *a = json_object_new_array();
    slong i;
    for (i = 0; i < n; i++)
        json_object_array_add(a, json_object_new_int64(v[i]));
    return a;
}

/* metadata trajectories.certified: per family, true (enclosures) or
   false (estimates) */
static json_object *
traj_cert_json(const emit_opts *o)
{
    json_object *c = json_object_new_object();
    slong i;
    char name[48];
    json_object_object_add(c, "full", json_object_new_boolean(o->full_cert == 1));
    for (i = 0; i < o->ntorders; i++)
    {
        snprintf(name, sizeof name, "reduced[k=%ld]", (long) o->torders[i]);
        json_object_object_add(c, name, json_object_new_boolean(o->red_cert[i] == 1));
    }
    return c;
}

/* sampling.t, sampling.t_rule of a time-dependent model (issue 19) */
static void
meta_sampling_t(json_object *x, const emit_opts *o)
{
    json_object_object_add(x, "t", decimal_array(o->t0, o->nt0));
    json_object_object_add(x, "t_rule", json_object_new_string(
        "point i (explicit point first, 0-based) is at model time t = t[i mod len(t)] (--t; "
        "default the single time 0); the random generator draws q and v only"));
}

/* time_dependent and the conventions of the time-dependent, affine
   case (issue 19, proofs/020): replaces point, friction, reduced */
static void
meta_conventions_t(json_object *m, json_object *conv)
{
    static const char *const tab[][2] = {
        {"friction",
         "time-dependent, affine constraints A(q,t) v + b(q,t) = 0 realized by the friction "
         "force -(1/eps) A^T mu_bar (A v + b) (issue 19, proofs/020 eq (A1)); G vdot = f(q, v, "
         "t) - (1/eps) A^T mu_bar (A v + b); eps > 0 is a time in the model's units"},
        {"point",
         "the point is (q, t, v), all exact (records q, t, v): t is the model time; every "
         "quantity is evaluated at (q, t); velocity-dependent ones at (q, t, vD) with vD = u = "
         "P(q,t) v in D(q,t) = ker A(q,t) (records vD); v_p = -G^-1 A^T (A G^-1 A^T)^-1 b (q,t) "
         "the G-orthogonal particular solution (records v_p, proofs/020 (A2)-(A3)); the ideal "
         "constraint set through vD is vD + v_p"},
        {"geometry",
         "G, Gamma, P, P_perp, FR_sharp = G^-1 A^T mu_bar A, Q at FIXED model time t: Gamma "
         "is the Christoffel symbol of G(., t) (no t-derivative), P, P_perp the G(., t)-"
         "orthogonal projections onto ker A(., t) and its complement"},
        {"reaction",
         "reaction^(k) = -FR_sharp h^(k), the eps^(k-1) coefficient of the friction force "
         "-(1/eps) G^-1 A^T mu_bar (A v + b) on the slow manifold v = vD + v_p + h_eps"},
        {"series",
         "h_eps(q, t, vD) = sum_{k>=1} eps^k h^(k)(q, t, vD): the slow manifold v = vD + v_p + "
         "h_eps over the affine bundle, h^(k) by the time route of proofs/020 (A4)-(A5) "
         "(nh_series_time_t)"},
        {"reduced",
         "order-k reduced field at (q, t, vD) for eps (proofs/020 'Prediction', "
         "nh_reduced_field_t): v = vD + v_p + sum_{j=1}^k eps^j h^(j); qdot = v; vDdot = "
         "d/dt (P v) (total, explicit time included); vdot = F(q, v, t) + sum_{j=1}^{k+1} "
         "eps^(j-1) reaction^(j); k = 0 is the ideal constraint dynamics of `nhoracle nh`"},
    };
    size_t i;
    json_object_object_add(m, "time_dependent", json_object_new_boolean(1));
    for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
        json_object_object_add(conv, tab[i][0], json_object_new_string(tab[i][1]));
}

static const char *
base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* metadata source, coordinates, parameters of the model */
static void
meta_model(json_object *m, const nh_model_struct *M)
{
    json_object *a, *x;
    char *s;
    slong i;
    fmpq_t pv;

    json_object_object_add(m, "source", json_object_new_string(nh_model_source(M)));
    a = json_object_new_array();
    for (i = 0; i < nh_model_n(M); i++)
        json_object_array_add(a, json_object_new_string(nh_model_coord_name(M, i)));
    json_object_object_add(m, "coordinates", a);
    x = json_object_new_object();
    fmpq_init(pv);
    for (i = 0; i < nh_model_nparams(M); i++)
    {
        nh_model_param_value(pv, M, i);
        s = fmpq_get_str(NULL, 10, pv);
        json_object_object_add(x, nh_model_param_name(M, i), json_object_new_string(s));
        flint_free(s);
    }
    fmpq_clear(pv);
    json_object_object_add(m, "parameters", x);
}

/* metadata sampling: the explicit and random points, orders */
static json_object *
meta_sampling(const nh_cli_struct *cli, const emit_opts *o, slong npoints_explicit)
{
    json_object *x;

    x = json_object_new_object();
    json_object_object_add(x, "explicit_points", json_object_new_int64(npoints_explicit));
    json_object_object_add(x, "explicit_q", json_object_new_string(npoints_explicit ? cli->q_spec : ""));
    json_object_object_add(x, "explicit_v", json_object_new_string(npoints_explicit ? cli->v_spec : ""));
    json_object_object_add(x, "random_points", json_object_new_int64(o->points));
    json_object_object_add(x, "seed", json_object_new_int64((int64_t) o->seed));
    json_object_object_add(x, "generator", json_object_new_string(
        "splitmix64 seeded with seed; for each random point, q_0..q_{n-1} then v_0..v_{n-1}, "
        "each k/1000 with k = (next output mod 2001) - 1000: the box [-1, 1]^(2n) on a 1/1000 grid"));
    if (o->timed)
        meta_sampling_t(x, o);
    json_object_object_add(x, "order", json_object_new_int64(o->order));
    json_object_object_add(x, "reduced_orders", slong_array(o->rorders, o->nrorders));
    return x;
}

/* metadata conventions common to every model (the time-dependent ones
   are replaced by meta_conventions_t) */
static json_object *
meta_conventions(void)
{
    json_object *conv;

    conv = json_object_new_object();
    json_object_object_add(conv, "series", json_object_new_string(
        "h_eps = sum_{k>=1} eps^k h^(k) (paper 000 eq (66)); paper 001 writes "
        "sum eps^i/i! h^(i), its h^(i) is i! times ours"));
    json_object_object_add(conv, "friction", json_object_new_string(
        "dq/dt = v, dv/dt = -Gamma(v,v) - grad V - (1/eps) FR_sharp v (paper 000 eqs (39)-(40)); "
        "eps > 0 is a time in the model's units"));
    json_object_object_add(conv, "coordinates", json_object_new_string(
        "index i refers to coordinates[i], 0-based, in the order of the case file"));
    json_object_object_add(conv, "indices", json_object_new_string(
        "G: (i,j) = G_ij; P, P_perp, FR_sharp, Q: (i,j) = row i, column j of the matrix T^i_j "
        "acting on column vectors; Gamma: (i,j,l) = Gamma^i_{jl}; vectors: i"));
    json_object_object_add(conv, "point", json_object_new_string(
        "q and v are exact; every velocity-dependent quantity is evaluated at (q, vD) with "
        "vD = P(q) v (records vD)"));
    json_object_object_add(conv, "reaction", json_object_new_string(
        "reaction^(k) = -FR_sharp h^(k), the eps^(k-1) coefficient of the reaction force "
        "-(1/eps) FR_sharp h_eps"));
    json_object_object_add(conv, "reduced", json_object_new_string(
        "order-k reduced field at (q, vD) for eps (paper 000 (69)-(71)): v = vD + "
        "sum_{j=1}^k eps^j h^(j); qdot = v; vDdot = (dP[v]) v + P F(q, v); vdot = F(q, v) - "
        "sum_{j=1}^{k+1} eps^(j-1) FR_sharp h^(j); F = -Gamma(v,v) - grad V"));
    json_object_object_add(conv, "balls", json_object_new_string(
        "status enclosure: the exact value lies in [mid - rad, mid + rad]; each vector or "
        "matrix is printed on the decimal grid 10^u, u = E - digits - 1, 10^(E-1) < "
        "max|entry| <= 10^E: mid = nearest multiple of 10^u (trailing zeros dropped), "
        "rad = 10^u (0 when the value is exactly mid), so rad <= 10^-digits max|entry|"));
    return conv;
}

/* trajectories.initial_data: the initial state of the full and reduced
   systems (--init, time-dependent or not) */
static const char *
traj_initial_data(const emit_opts *o)
{
    return o->timed
        ? (o->init_d ? "model time t0 at the sample point: q(t0) = q; full system v(t0) = vD "
           "+ v_p (on the constraint set; the full trajectory contains the initial layer); "
           "reduced systems u(t0) = vD"
           : "model time t0 at the sample point: q(t0) = q; full system v(t0) = vD + v_p + "
           "sum_{j=1}^{K} eps^j h^(j)(q, t0, vD), K = lift_order (proofs/020 (A2) "
           "truncated, nh_flow_lift_t); reduced systems u(t0) = vD")
        : o->init_d
        ? "t = 0 at the sample point: q(0) = q, full system v(0) = vD (on D, not on D_eps: "
          "the full trajectory contains the initial layer); reduced systems vD(0) = vD"
        : "t = 0 at the sample point: q(0) = q; full system v(0) = vD + sum_{j=1}^{K} "
          "eps^j h^(j)(q, vD), K = lift_order (paper 000 (66) truncated; the midpoint of "
          "its certified ball at the working precision); reduced systems vD(0) = vD";
}

/* trajectories.integrator: the certified and the estimating integrators
   and their settings */
static json_object *
meta_integrator(const nh_cli_struct *cli, const emit_opts *o)
{
    nh_ode_opts_t oo;
    nh_taylor_opts_t topts;
    json_object *ig;
    nh_ode_opts_init(oo);
    nh_taylor_opts_init(topts);
    ig = json_object_new_object();
    {
        char buf[300];
        snprintf(buf, sizeof buf, "lib/flow.h nh_flow_certified, nh_flow_certified_reduced: "
                 "validated Taylor integrator (lib/taylor.h, doc/flow.md: Taylor "
                 "coefficients by jets, high-order a-priori enclosure, Lagrange remainder, "
                 "Lohner's QR method) at %ld bits, Taylor order %ld",
                 (long) (cli->prec_set ? cli->prec : EMIT_TRAJ_PREC),
                 (long) nh_taylor_order(topts, cli->prec_set ? cli->prec : EMIT_TRAJ_PREC));
        json_object_object_add(ig, "certified", json_object_new_string(buf));
    }
    json_object_object_add(ig, "library", json_object_new_string("lib/ode.h (doc/integrator.md)"));
    {
        char buf[200];
        snprintf(buf, sizeof buf, "Radau IIA, %ld stages (order %ld), adaptive steps (step "
                 "doubling), simplified Newton with jet Jacobians", (long) oo->stages,
                 (long) (2 * oo->stages - 1));
        json_object_object_add(ig, "full", json_object_new_string(buf));
        snprintf(buf, sizeof buf, "Gragg-Bulirsch-Stoer extrapolation of the explicit "
                 "midpoint rule, %ld columns (order %ld), adaptive steps", (long) oo->gbs_cols,
                 (long) (2 * oo->gbs_cols));
        json_object_object_add(ig, "reduced", json_object_new_string(buf));
        snprintf(buf, sizeof buf, "%g", o->traj_tol);
        json_object_object_add(ig, "rtol", json_object_new_string(buf));
        json_object_object_add(ig, "atol", json_object_new_string(buf));
        snprintf(buf, sizeof buf, "%g", oo->gerr_factor);
        json_object_object_add(ig, "gerr_factor", json_object_new_string(buf));
    }
    json_object_object_add(ig, "precision_bits",
                           json_object_new_int64(FLINT_MAX(cli->prec, EMIT_TRAJ_PREC)));
    return ig;
}

/* trajectories.error_estimate, printing_certified, printing, validation */
static void
traj_notes(json_object *tr)
{
    json_object_object_add(tr, "error_estimate", json_object_new_string(
        "the integration is run twice, at tolerance (rtol, atol) and at gerr_factor times "
        "it; the finer solution is printed and |coarse - fine| (per component, each output "
        "time) is the error estimate: an ESTIMATE (conservative when the error scales at "
        "least linearly with the tolerance), not a bound"));
    json_object_object_add(tr, "printing_certified", json_object_new_string(
        "enclosures: each state vector (q or v of one system, point, eps, time) is printed "
        "on the decimal grid 10^u, u the smallest integer >= both E - digits - 1 "
        "(10^(E-1) < max|entry| <= 10^E) and log10(4 max radius), raised until every "
        "entry is within 10^u/2 of mid: mid = nearest multiple of 10^u, rad = 10^u"));
    json_object_object_add(tr, "printing", json_object_new_string(
        "estimates: each state vector (q or v of one system, point, eps, time) is printed on the "
        "decimal grid 10^u, u = ceil(log10 E) - 1, E = max(largest error estimate of the "
        "vector, 10^-digits max(1, max|entry|)): mid = nearest multiple of 10^u, rad = "
        "the component's error estimate plus 10^u/2, rounded up to a multiple of 10^u"));
    json_object_object_add(tr, "validation", json_object_new_string(
        "nhoracle validate: a candidate value c passes when |c - mid| <= atol + rtol |mid| "
        "+ rad (rad = the certified radius, or the error estimate for estimates)"));
}

/* metadata trajectories (--times): status, systems, start, integrator */
static json_object *
meta_trajectories(const nh_cli_struct *cli, const emit_opts *o)
{
    json_object *tr = json_object_new_object();
    json_object_object_add(tr, "status", json_object_new_string(o->estimate
        ? "estimate: every trajectory record (full_q, full_v, reduced_q, reduced_v) is an "
          "ESTIMATE, not an enclosure; its rad is the integrator's global error ESTIMATE "
          "(--estimate)"
        : "mixed: the families with certified true are enclosures (status enclosure, "
          "validated Taylor integrator: the exact solution lies in [mid - rad, mid + rad]); "
          "those with certified false are ESTIMATES (status estimate, rad = the "
          "integrator's global error ESTIMATE)"));
    json_object_object_add(tr, "certified", traj_cert_json(o));
    json_object_object_add(tr, "systems", json_object_new_string(
        "full_q, full_v (k null): the full system dq/dt = v, dv/dt = -Gamma(v,v) - grad V - "
        "(1/eps) FR_sharp v (paper 000 (39)-(40)); reduced_q, reduced_v (order k): the "
        "order-k reduced system in (q, vD) (paper 000 (69)-(71)), reported as q and "
        "v = vD + sum_{j=1}^k eps^j h^(j)(q, vD); state at time t (record t)"));
    json_object_object_add(tr, "reduced_orders", slong_array(o->torders, o->ntorders));
    if (o->timed)
        json_object_object_add(tr, "time_dependent", json_object_new_string(
            "issue 19: every trajectory starts at the model time t0 of its point (record "
            "t) and the output times T of the list times are durations: the state at model "
            "time t0 + T; the full system is that of "
            "conventions.friction, from v(t0) = vD + v_p (--init d) or vD + v_p + "
            "sum_{j<=K} eps^j h^(j)(q, t0, vD) (--init deps, nh_flow_lift_t); the reduced "
            "systems evolve (q, u), u in D(q, t), and report v = u + v_p + sum_{j<=k} "
            "eps^j h^(j)(q, t, u); k = 0 is the ideal constraint dynamics (certified, "
            "NH_FLOW_NH from vD + v_p); k = 1..4 certified (nh_flow_certified_reduced_t "
            "from (q, t0, u)), higher orders estimates"));
    json_object_object_add(tr, "init", json_object_new_string(o->init_d ? "d" : "deps"));
    json_object_object_add(tr, "certified_start", json_object_new_string(
        "certified families start from balls containing the exact initial data: vD = "
        "P(q) v and the lift computed in ball arithmetic (the estimates start from their "
        "midpoints)"));
    json_object_object_add(tr, "lift_order", o->init_d ? NULL : json_object_new_int64(o->lift_order));
    json_object_object_add(tr, "initial_data", json_object_new_string(traj_initial_data(o)));
    json_object_object_add(tr, "integrator", meta_integrator(cli, o));
    traj_notes(tr);
    return tr;
}

/* the metadata object of the dataset (doc/datasets.md) */
static json_object *
make_meta(const nh_model_struct *M, const nh_cli_struct *cli, const emit_opts *o,
          const char *text, size_t textlen, slong acc, slong digits, slong npoints_explicit,
          slong maxprec)
{
    json_object *m, *conv;

    m = nh_dataset_meta_new(o->ntimes > 0 ? NH_DATASET_FORMAT_VERSION_TRAJ
                            : NH_DATASET_FORMAT_VERSION, PACKAGE_VERSION, nh_model_name(M),
                            base_name(cli->case_path), text, textlen);
    meta_model(m, M);
    json_object_object_add(m, "sampling", meta_sampling(cli, o, npoints_explicit));
    json_object_object_add(m, "eps", decimal_array(o->eps, o->neps));
    json_object_object_add(m, "digits", json_object_new_int64(digits));
    json_object_object_add(m, "accuracy_bits", json_object_new_int64(acc));
    json_object_object_add(m, "max_working_precision_bits", json_object_new_int64(maxprec));

    conv = meta_conventions();
    if (o->ntimes > 0)
    {
        json_object_object_add(m, "times", decimal_array(o->times, o->ntimes));
        json_object_object_add(m, "trajectories", meta_trajectories(cli, o));
    }
    if (o->timed)
        meta_conventions_t(m, conv);
    json_object_object_add(m, "conventions", conv);
    return m;
}

/* The model class (issue 19): o->timed for a model that is not linear
   autonomous (time, affine constraints); --t only for those.  The
   friction block and the other conditions of proofs/020 are checked at
   each point (nh_quantity_certify_t: exit 3 naming the model and the
   point). */
static int
emit_check_timed(const nh_model_struct *M, emit_opts *o, nh_error_t err)
{
    o->timed = !nh_model_is_linear_autonomous(M);
    if (!o->timed && o->t0_spec != NULL)
        return nh_error_set(err, NH_ERR_USAGE, "emit: --t: model %s has no time dependence and "
                            "linear constraints (the point is (q, v))", nh_model_name(M));
    return NH_OK;
}

static int
emit_run(const nh_cli_struct *cli, emit_opts *o)
{
    nh_error_t err;
    nh_model_ptr M = NULL;
    nh_dataset_t ds;
    char *text = NULL, *out = NULL;
    size_t textlen = 0, outlen;
    slong n, pt, i, acc, digits = cli->digits, maxprec = 0, nexp;
    double t0, tlast;
    fmpq *qx = NULL, *vx = NULL;
    uint64_t state = o->seed;
    int rc;

    nh_error_init(err);
    nh_dataset_init(ds);
    rc = nh_cli_start(&M, cli, err);
    if (rc == NH_OK)
        rc = nh_file_read(&text, &textlen, cli->case_path, (size_t) EXPR_MAX_TEXT, "model file",
                          err);
    if (rc != NH_OK)
        goto done;
    n = nh_model_n(M);
    rc = emit_check_timed(M, o, err);
    if (rc != NH_OK)
        goto done;
    {
        /* Up-front cost (issue 13 item 7b): per point, nh_quantity_certify keeps
           the geometry to jet order 1 in n variables (n^3 Christoffel
           jets plus 12 n x n matrices, n + 1 coefficients each) while
           nh_series_acc and nh_reduced_field compute it a second time,
           with the 2 n^3 temporaries of the Christoffel symbols (dG, C):
           4 n^3 + 24 n^2 jets, plus the time route of the series to order
           Kh (nh_series_time_memory).  For n = 64 at the default
           --max-prec that is about 38 GB: refused here, instead of
           running out of memory (or time) after minutes. */
        double geo = 0.0, bytes;
        slong kmax = 0, Kh;
        char what[300];
        for (i = 0; i < o->nrorders; i++)
            kmax = FLINT_MAX(kmax, o->rorders[i]);
        Kh = FLINT_MAX(o->order, kmax + 1);
        (void) nh_cli_check_cost(cli, n, n, 1, 3 * n + 24, &geo, NULL);
        bytes = geo + nh_series_time_memory(n, nh_model_m(M), Kh, cli->max_prec);
        snprintf(what, sizeof what, "emit (%ld coordinates; per point the geometry to jet "
                 "order 1 twice, %.3g jets of %ld coefficients, and the series to order %ld, "
                 "at up to %ld bits)", (long) n, 4.0 * n * n * n + 24.0 * n * n, (long) n + 1,
                 (long) Kh, (long) cli->max_prec);
        rc = nh_cli_check_bytes(cli, bytes, what, "lower --max-prec or use fewer coordinates", err);
        if (rc != NH_OK)
            goto done;
    }
    acc = nh_digits_to_bits(digits);
    nexp = (cli->q_spec[0] || cli->v_spec[0]) ? 1 : 0;
    if (!o->have_points)
        o->points = nexp ? 0 : 4;
    if (nexp + o->points == 0)
    {
        rc = nh_error_set(err, NH_ERR_USAGE, "emit: no points (--points 0 and no --q/--v)");
        goto done;
    }
    for (i = 0; i < o->neps; i++)
    {
        char *s = fmpq_decimal(o->eps + i);
        nh_dataset_add_eps(ds, s, fmpq_to_d(o->eps + i));
        free(s);
    }
    if (o->traj_opts && o->ntimes == 0)
    {
        rc = nh_error_set(err, NH_ERR_USAGE, "emit: --traj-orders, --init, --lift-order, "
                          "--traj-tol and --estimate need --times");
        goto done;
    }
    for (i = 0; i < o->ntimes; i++)
    {
        char *s = fmpq_decimal(o->times + i);
        nh_dataset_add_time(ds, s, fmpq_to_d(o->times + i));
        free(s);
    }
    qx = _fmpq_vec_init(n);
    vx = _fmpq_vec_init(n);
    t0 = tlast = nh_cli_now();
    for (pt = 0; pt < nexp + o->points && rc == NH_OK; pt++)
    {
        if (!o->quiet)
            nh_cli_progress("emit: points done", pt, nexp + o->points, t0, &tlast);
        if (pt < nexp)
        {
            rc = nh_model_parse_point_fmpq(qx, M, cli->q_spec, "--q", err);
            if (rc == NH_OK)
                rc = nh_model_parse_point_fmpq(vx, M, cli->v_spec, "--v", err);
        }
        else
        {
            for (i = 0; i < n; i++)
                random_coord(qx + i, &state);
            for (i = 0; i < n; i++)
                random_coord(vx + i, &state);
        }
        if (rc == NH_OK)
            rc = emit_point(ds, M, cli, o, pt, qx, o->t0 + pt % o->nt0, vx, acc, digits,
                            &maxprec, err);
    }
    if (rc != NH_OK)
        goto done;
    ds->meta = make_meta(M, cli, o, text, textlen, acc, digits, nexp, maxprec);
    out = o->csv ? nh_dataset_csv(ds, &outlen) : nh_dataset_jsonl(ds, &outlen);
    if (cli->output != NULL)
        rc = nh_write_atomic(cli->output, out, outlen, err);
    else if (fwrite(out, 1, outlen, stdout) != outlen || fflush(stdout) != 0)
        rc = nh_error_set(err, NH_ERR_IO, "emit: cannot write to standard output");

done:
    if (qx != NULL)
        _fmpq_vec_clear(qx, nh_model_n(M));
    if (vx != NULL)
        _fmpq_vec_clear(vx, nh_model_n(M));
    free(out);
    free(text);
    nh_dataset_clear(ds);
    if (M != NULL)
        nh_model_free(M);
    if (rc != NH_OK)
        return nh_report(err);
    return NH_OK;
}

int
nh_cmd_emit(int argc, char **argv)
{
    emit_opts o;
    nh_cli_t cli;
    nh_error_t err;
    int rc, i, have_digits = 0;

    memset(&o, 0, sizeof o);
    o.order = 2;
    o.seed = 1;
    for (i = 0; i < EMIT_MAX_EPS; i++)
        fmpq_init(o.eps + i);
    for (i = 0; i < EMIT_MAX_TIMES; i++)
        fmpq_init(o.times + i);
    for (i = 0; i < EMIT_MAX_T0; i++)
        fmpq_init(o.t0 + i);
    o.nt0 = 1;              /* default: every point at model time t = 0 */
    o.ntorders = 2;
    o.torders[0] = 0;
    o.torders[1] = 1;
    o.lift_order = 2;
    o.traj_tol = EMIT_TRAJ_TOL;
    o.full_cert = -1;
    for (i = 0; i < EMIT_MAX_RORDERS; i++)
        o.red_cert[i] = -1;
    o.neps = 2;
    fmpq_set_si(o.eps + 0, 1, 100);
    fmpq_set_si(o.eps + 1, 1, 10);
    o.nrorders = 2;
    o.rorders[0] = 0;
    o.rorders[1] = 1;
    for (i = 1; i < argc; i++)
        if (strncmp(argv[i], "--digits", 8) == 0)
            have_digits = 1;

    nh_error_init(err);
    rc = nh_cli_parse(cli, argc, argv, emit_options, emit_option, &o, emit_usage, err);
    if (rc == -1)
        rc = NH_OK;
    else if (rc != NH_OK)
        rc = nh_report(err);
    else
    {
        nh_cli_struct *c = cli;
        if (!have_digits)
            c->digits = EMIT_DEFAULT_DIGITS;
        if (c->json)
            o.csv = 0;
        rc = emit_run(cli, &o);
        nh_cli_clear(cli);
    }
    for (i = 0; i < EMIT_MAX_EPS; i++)
        fmpq_clear(o.eps + i);
    for (i = 0; i < EMIT_MAX_TIMES; i++)
        fmpq_clear(o.times + i);
    for (i = 0; i < EMIT_MAX_T0; i++)
        fmpq_clear(o.t0 + i);
    return rc;
}
