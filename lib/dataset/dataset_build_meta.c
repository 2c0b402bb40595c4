/* dataset_build_meta.c -- the metadata object of a dataset built by
   nh_dataset_build (doc/datasets.md). */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "dataset.h"
#include "flow.h"
#include "taylor.h"
#include "ode.h"
#include "impl.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

/* a JSON array of the exact decimal strings of v[0..n-1] */
static json_object *
decimal_array(const fmpq *v, slong n)
{
    json_object *a = json_object_new_array();
    slong i;
    for (i = 0; i < n; i++)
    {
        char *s = nh_dataset_fmpq_decimal(v + i);
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
traj_cert_json(const _nh_dataset_build_struct *b)
{
    const nh_dataset_build_opts_struct *o = b->o;
    json_object *c = json_object_new_object();
    slong i;
    char name[48];
    json_object_object_add(c, "full", json_object_new_boolean(b->info->full_cert == 1));
    for (i = 0; i < o->ntorders; i++)
    {
        snprintf(name, sizeof name, "reduced[k=%ld]", (long) o->torders[i]);
        json_object_object_add(c, name, json_object_new_boolean(b->info->red_cert[i] == 1));
    }
    return c;
}

/* sampling.t, sampling.t_rule of a time-dependent model (issue 19) */
static void
meta_sampling_t(json_object *x, const nh_dataset_build_opts_struct *o)
{
    json_object_object_add(x, "t", decimal_array(o->t0, o->nt0));
    json_object_object_add(x, "t_rule", json_object_new_string(
        "point i (explicit point first, 0-based) is at model time t = t[i mod len(t)] (--t; "
        "default the single time 0); the random generator draws q and v only"));
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
meta_sampling(const _nh_dataset_build_struct *b, slong npoints_explicit, slong npoints)
{
    const nh_dataset_build_opts_struct *o = b->o;
    json_object *x;

    x = json_object_new_object();
    json_object_object_add(x, "explicit_points", json_object_new_int64(npoints_explicit));
    json_object_object_add(x, "explicit_q", json_object_new_string(npoints_explicit && o->q_spec ? o->q_spec : ""));
    json_object_object_add(x, "explicit_v", json_object_new_string(npoints_explicit && o->v_spec ? o->v_spec : ""));
    json_object_object_add(x, "random_points", json_object_new_int64(npoints));
    json_object_object_add(x, "seed", json_object_new_int64((int64_t) o->seed));
    json_object_object_add(x, "generator", json_object_new_string(
        "splitmix64 seeded with seed; for each random point, q_0..q_{n-1} then v_0..v_{n-1}, "
        "each k/1000 with k = (next output mod 2001) - 1000: the box [-1, 1]^(2n) on a 1/1000 grid"));
    if (b->timed)
        meta_sampling_t(x, o);
    json_object_object_add(x, "order", json_object_new_int64(o->order));
    json_object_object_add(x, "reduced_orders", slong_array(o->rorders, o->nrorders));
    return x;
}

/* metadata conventions (doc/datasets.md): per key the text of a linear
   autonomous model and, for a time-dependent or affine one (issue 19,
   proofs/020), its replacement (NULL: the same text); geometry is only
   for the latter.  The keys keep this order in the dataset. */
static json_object *
meta_conventions(int timed)
{
    static const char *const tab[][3] = {
        {"series",
         "h_eps = sum_{k>=1} eps^k h^(k) (paper 000 eq (66)); paper 001 writes "
         "sum eps^i/i! h^(i), its h^(i) is i! times ours",
         "h_eps(q, t, vD) = sum_{k>=1} eps^k h^(k)(q, t, vD): the slow manifold v = vD + v_p + "
         "h_eps over the affine bundle, h^(k) by the time route of proofs/020 (A4)-(A5) "
         "(nh_series_time_t)"},
        {"friction",
         "dq/dt = v, dv/dt = -Gamma(v,v) - grad V - (1/eps) FR_sharp v (paper 000 eqs (39)-(40)); "
         "eps > 0 is a time in the model's units",
         "time-dependent, affine constraints A(q,t) v + b(q,t) = 0 realized by the friction "
         "force -(1/eps) A^T mu_bar (A v + b) (issue 19, proofs/020 eq (A1)); G vdot = f(q, v, "
         "t) - (1/eps) A^T mu_bar (A v + b); eps > 0 is a time in the model's units"},
        {"coordinates",
         "index i refers to coordinates[i], 0-based, in the order of the case file",
         NULL},
        {"indices",
         "G: (i,j) = G_ij; P, P_perp, FR_sharp, Q: (i,j) = row i, column j of the matrix T^i_j "
         "acting on column vectors; Gamma: (i,j,l) = Gamma^i_{jl}; vectors: i",
         NULL},
        {"point",
         "q and v are exact; every velocity-dependent quantity is evaluated at (q, vD) with "
         "vD = P(q) v (records vD)",
         "the point is (q, t, v), all exact (records q, t, v): t is the model time; every "
         "quantity is evaluated at (q, t); velocity-dependent ones at (q, t, vD) with vD = u = "
         "P(q,t) v in D(q,t) = ker A(q,t) (records vD); v_p = -G^-1 A^T (A G^-1 A^T)^-1 b (q,t) "
         "the G-orthogonal particular solution (records v_p, proofs/020 (A2)-(A3)); the ideal "
         "constraint set through vD is vD + v_p"},
        {"reaction",
         "reaction^(k) = -FR_sharp h^(k), the eps^(k-1) coefficient of the reaction force "
         "-(1/eps) FR_sharp h_eps",
         "reaction^(k) = -FR_sharp h^(k), the eps^(k-1) coefficient of the friction force "
         "-(1/eps) G^-1 A^T mu_bar (A v + b) on the slow manifold v = vD + v_p + h_eps"},
        {"reduced",
         "order-k reduced field at (q, vD) for eps (paper 000 (69)-(71)): v = vD + "
         "sum_{j=1}^k eps^j h^(j); qdot = v; vDdot = (dP[v]) v + P F(q, v); vdot = F(q, v) - "
         "sum_{j=1}^{k+1} eps^(j-1) FR_sharp h^(j); F = -Gamma(v,v) - grad V",
         "order-k reduced field at (q, t, vD) for eps (proofs/020 'Prediction', "
         "nh_reduced_field_t): v = vD + v_p + sum_{j=1}^k eps^j h^(j); qdot = v; vDdot = "
         "d/dt (P v) (total, explicit time included); vdot = F(q, v, t) + sum_{j=1}^{k+1} "
         "eps^(j-1) reaction^(j); k = 0 is the ideal constraint dynamics of `nhoracle nh`"},
        {"balls",
         "status enclosure: the exact value lies in [mid - rad, mid + rad]; each vector or "
         "matrix is printed on the decimal grid 10^u, u = E - digits - 1, 10^(E-1) < "
         "max|entry| <= 10^E: mid = nearest multiple of 10^u (trailing zeros dropped), "
         "rad = 10^u (0 when the value is exactly mid), so rad <= 10^-digits max|entry|",
         NULL},
        {"geometry",
         NULL,
         "G, Gamma, P, P_perp, FR_sharp = G^-1 A^T mu_bar A, Q at FIXED model time t: Gamma "
         "is the Christoffel symbol of G(., t) (no t-derivative), P, P_perp the G(., t)-"
         "orthogonal projections onto ker A(., t) and its complement"},
    };
    json_object *conv = json_object_new_object();
    size_t i;
    for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
    {
        const char *text = (timed && tab[i][2] != NULL) ? tab[i][2] : tab[i][1];
        if (text != NULL)
            json_object_object_add(conv, tab[i][0], json_object_new_string(text));
    }
    return conv;
}

/* trajectories.initial_data: the initial state of the full and reduced
   systems (--init, time-dependent or not) */
static const char *
traj_initial_data(const _nh_dataset_build_struct *b)
{
    const nh_dataset_build_opts_struct *o = b->o;
    return b->timed
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
meta_integrator(const nh_dataset_build_opts_struct *o)
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
                 (long) (o->prec_set ? o->prec : NH_DATASET_TRAJ_PREC),
                 (long) nh_taylor_order(topts, o->prec_set ? o->prec : NH_DATASET_TRAJ_PREC));
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
                           json_object_new_int64(FLINT_MAX(o->prec, NH_DATASET_TRAJ_PREC)));
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
meta_trajectories(const _nh_dataset_build_struct *b)
{
    const nh_dataset_build_opts_struct *o = b->o;
    json_object *tr = json_object_new_object();
    json_object_object_add(tr, "status", json_object_new_string(o->estimate
        ? "estimate: every trajectory record (full_q, full_v, reduced_q, reduced_v) is an "
          "ESTIMATE, not an enclosure; its rad is the integrator's global error ESTIMATE "
          "(--estimate)"
        : "mixed: the families with certified true are enclosures (status enclosure, "
          "validated Taylor integrator: the exact solution lies in [mid - rad, mid + rad]); "
          "those with certified false are ESTIMATES (status estimate, rad = the "
          "integrator's global error ESTIMATE)"));
    json_object_object_add(tr, "certified", traj_cert_json(b));
    json_object_object_add(tr, "systems", json_object_new_string(
        "full_q, full_v (k null): the full system dq/dt = v, dv/dt = -Gamma(v,v) - grad V - "
        "(1/eps) FR_sharp v (paper 000 (39)-(40)); reduced_q, reduced_v (order k): the "
        "order-k reduced system in (q, vD) (paper 000 (69)-(71)), reported as q and "
        "v = vD + sum_{j=1}^k eps^j h^(j)(q, vD); state at time t (record t)"));
    json_object_object_add(tr, "reduced_orders", slong_array(o->torders, o->ntorders));
    if (b->timed)
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
    json_object_object_add(tr, "initial_data", json_object_new_string(traj_initial_data(b)));
    json_object_object_add(tr, "integrator", meta_integrator(o));
    traj_notes(tr);
    return tr;
}

/* the metadata object of the dataset (doc/datasets.md) */
json_object *
_nh_dataset_build_meta(const _nh_dataset_build_struct *b, slong nexp, slong npoints, slong acc)
{
    const nh_dataset_build_opts_struct *o = b->o;
    const nh_model_struct *M = b->M;
    json_object *m, *conv;

    m = nh_dataset_meta_new(o->ntimes > 0 ? NH_DATASET_FORMAT_VERSION_TRAJ
                            : NH_DATASET_FORMAT_VERSION, PACKAGE_VERSION, nh_model_name(M),
                            base_name(o->case_file), o->text, o->textlen);
    meta_model(m, M);
    json_object_object_add(m, "sampling", meta_sampling(b, nexp, npoints));
    json_object_object_add(m, "eps", decimal_array(o->eps, o->neps));
    json_object_object_add(m, "digits", json_object_new_int64(o->digits));
    json_object_object_add(m, "accuracy_bits", json_object_new_int64(acc));
    json_object_object_add(m, "max_working_precision_bits",
                           json_object_new_int64(b->info->max_working_prec));

    conv = meta_conventions(b->timed);
    if (o->ntimes > 0)
    {
        json_object_object_add(m, "times", decimal_array(o->times, o->ntimes));
        json_object_object_add(m, "trajectories", meta_trajectories(b));
    }
    if (b->timed)
        json_object_object_add(m, "time_dependent", json_object_new_boolean(1));
    json_object_object_add(m, "conventions", conv);
    return m;
}
