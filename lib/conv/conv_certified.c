/*
 * conv_certified.c -- the certified part of the convergence study
 * (conv.h, nh_conv_certified; issue 14): enclosures of
 * |q_full(T) - q_k(T)|_inf from the validated Taylor integrator (the full
 * friction system, paper 000 (39)-(40), by nh_flow_certified; the order-k
 * reduced dynamics, 000 (69)-(71), by nh_flow_certified_reduced, its only
 * call site), and certified slopes between successive eps.  See
 * doc/convergence.md, "Certified errors".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "impl.h"
#include "nh_prec.h"

void
nh_conv_cert_opts_init(nh_conv_cert_opts_t co)
{
    co->prec = 64;
    co->max_prec = 128;
    co->max_ratio = 100;
    co->progress = 1;
}

void
nh_conv_cert_clear(nh_conv_cert_t c)
{
    slong k, len = c->neps * (c->kmax + 1);
    free(c->status);
    free(c->slope_status);
    free(c->slope_next);
    if (c->err != NULL)
        _arb_vec_clear(c->err, len);
    if (c->slope != NULL)
        _arb_vec_clear(c->slope, len);
    if (c->why != NULL)
        for (k = 0; k <= c->kmax; k++)
            free(c->why[k]);
    free(c->why);
    free(c->steps);
    free(c->seconds);
    free(c->prec_used);
    memset(c, 0, sizeof(nh_conv_cert_struct));
}

int
nh_conv_cert_check(const nh_model_struct *M, nh_error_t err)
{
    if (!nh_model_is_linear_autonomous(M) && !nh_model_has_friction(M))
        return nh_error_set(err, NH_ERR_MODEL, "converge --certified: model %s: outside the "
                            "original class (t, affine constraints, one-form, force or "
                            "damping) and no friction block: the certified full friction "
                            "system -(1/eps) A^T mu_bar (A v + b) of such models needs mu_bar "
                            "(proofs/020 (A1), doc/model-format.md)", nh_model_name(M));
    return NH_OK;
}

/* e = max_i |x_i - y_i| over n balls, in ball arithmetic */
static void
max_abs_diff(arb_t e, arb_srcptr x, arb_srcptr y, slong n, slong prec)
{
    arb_t d;
    slong i;
    arb_init(d);
    arb_zero(e);
    for (i = 0; i < n; i++)
    {
        arb_sub(d, x + i, y + i, prec);
        arb_abs(d, d);
        arb_max(e, e, d, prec);
    }
    arb_clear(d);
}

/* state of the certified run of one eps (an nh_prec_loop attempt) */
typedef struct
{
    nh_conv_cert_struct *c;
    const nh_model_struct *M;
    const nh_conv_opts_struct *o;
    const nh_conv_cert_opts_struct *co;
    slong i;
    int fatal;          /* last attempt: integration too wide (code) or 0 */
    arb_ptr k0q;        /* order-0 reduced q(T): eps-independent, cached  */
    slong k0prec;       /* its precision (0: none)                        */
    slong k0steps;      /* its steps                                      */
}
cert_eps_data;

/* q(T) of the order-k reduced system (the one call site of
   nh_flow_certified_reduced_t); the order 0 is cached across eps. */
static int
reduced_at_T(arb_ptr qr, cert_eps_data *d, slong k, const arb_t eps, arb_srcptr q0,
             arb_srcptr vD0, const arb_t T, slong *steps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(d->M);
    arb_ptr vr = _arb_vec_init(n);
    nh_taylor_opts_t to;
    nh_taylor_stats_t st;
    int rc = NH_OK;

    if (k == 0 && d->k0prec == prec)
    {
        _arb_vec_set(qr, d->k0q, n);
        *steps = d->k0steps;
        _arb_vec_clear(vr, n);
        return NH_OK;
    }
    nh_taylor_opts_init(to);
    st->steps = 0;
    /* linear autonomous: nh_flow_certified_reduced in (q, vD); time-dependent
       or affine (proofs/020): the state (q, u) from u0 = vD0 at model time 0
       (order 0: the ideal constraint dynamics from vD0 + v_p) */
    rc = nh_flow_certified_reduced_t(qr, vr, d->M, k, eps, NULL, q0, vD0, T, 1, to, st, prec,
                                     err);
    *steps = st->steps;
    if (rc == NH_OK && k == 0)
    {
        _arb_vec_set(d->k0q, qr, n);
        d->k0prec = prec;
        d->k0steps = st->steps;
    }
    _arb_vec_clear(vr, n);
    return rc;
}

/* the reduced orders at one eps, given the full system's q(T) qf:
   fills status, err, why; *zero = 1 when a certified error ball
   contains 0 */
static int
cert_orders(cert_eps_data *d, arb_srcptr qf, const arb_t eps, arb_srcptr q0, arb_srcptr vD0,
            const arb_t T, int *zero, slong prec, nh_error_t err)
{
    nh_conv_cert_struct *c = d->c;
    slong n = nh_model_n(d->M), K1 = c->kmax + 1, k, idx;
    arb_ptr qr = _arb_vec_init(n);
    int rc = NH_OK;

    for (k = 0; k < K1 && rc == NH_OK; k++)
    {
        idx = d->i * K1 + k;
        c->status[idx] = NH_CONV_CERT_NO_REDUCED;
        if (d->o->field != NULL && k == c->kmax)
            continue;           /* the user field: no certified flow */
        rc = reduced_at_T(qr, d, k, eps, q0, vD0, T, c->steps + d->i * (K1 + 1) + 1 + k, prec,
                          err);
        if (rc == NH_ERR_USAGE)
        {
            /* order k not supported by nh_flow_certified_reduced */
            if (c->why[k] == NULL)
                c->why[k] = strdup(err->msg);
            nh_error_init(err);
            rc = NH_OK;
            continue;
        }
        if (rc != NH_OK)
        {
            nh_error_prefix(err, "reduced system k = %ld: ", (long) k);
            break;
        }
        max_abs_diff(c->err + idx, qf, qr, n, prec);
        c->status[idx] = NH_CONV_CERT_OK;
        if (arb_contains_zero(c->err + idx))
            *zero = 1;
    }
    _arb_vec_clear(qr, n);
    return rc;
}

/* one eps at working precision prec: full system, then the orders */
static int
cert_eps_attempt(void *data, slong prec, nh_error_t err)
{
    cert_eps_data *d = data;
    nh_conv_cert_struct *c = d->c;
    slong n = nh_model_n(d->M);
    arb_ptr q0 = _arb_vec_init(n), vD0 = _arb_vec_init(n), v0 = _arb_vec_init(n);
    arb_ptr qf = _arb_vec_init(n), vf = _arb_vec_init(n);
    arb_t eps, T;
    nh_taylor_opts_t to;
    nh_taylor_stats_t st;
    int rc, zero = 0;

    arb_init(eps);
    arb_init(T);
    d->fatal = 0;
    arb_set_fmpq(eps, d->o->eps + d->i, prec);
    arb_set_fmpq(T, d->o->T, prec);
    rc = _nh_conv_initial(q0, vD0, v0, d->M, d->o, eps, prec, err);
    if (rc == NH_OK)
    {
        nh_taylor_opts_init(to);
        st->steps = 0;
        rc = nh_flow_certified(qf, vf, d->M, NH_FLOW_FULL, eps, q0, v0, T, 1, to, st, prec, err);
        c->steps[d->i * (c->kmax + 2)] = st->steps;
        if (rc != NH_OK)
            nh_error_prefix(err, "full system: ");
    }
    if (rc == NH_OK)
        rc = cert_orders(d, qf, eps, q0, vD0, T, &zero, prec, err);
    if (rc == NH_ERR_PRECISION || rc == NH_ERR_DOMAIN)
    {
        d->fatal = rc;
        rc = NH_PREC_WIDE;
    }
    else if (rc == NH_OK && zero)
    {
        nh_error_set(err, NH_OK, "an error ball contains 0");
        rc = NH_PREC_WIDE;
    }
    arb_clear(eps);
    arb_clear(T);
    _arb_vec_clear(q0, n);
    _arb_vec_clear(vD0, n);
    _arb_vec_clear(v0, n);
    _arb_vec_clear(qf, n);
    _arb_vec_clear(vf, n);
    return rc;
}

static void
cert_note(void *data, slong next, int why, const nh_error_t err)
{
    cert_eps_data *d = data;
    (void) why;
    if (d->co->progress)
        fprintf(stderr, "converge: certified, eps = %g: raising working precision to %ld bits "
                "(%s)\n", fmpq_get_d(d->o->eps + d->i), (long) next, err->msg);
}

static void
cert_alloc(nh_conv_cert_t c, slong neps, slong kmax)
{
    slong len = neps * (kmax + 1);
    memset(c, 0, sizeof(nh_conv_cert_struct));
    c->neps = neps;
    c->kmax = kmax;
    c->status = calloc((size_t) len, sizeof(int));
    c->slope_status = calloc((size_t) len, sizeof(int));
    c->slope_next = calloc((size_t) len, sizeof(slong));
    c->err = _arb_vec_init(len);
    c->slope = _arb_vec_init(len);
    c->why = calloc((size_t) (kmax + 1), sizeof(char *));
    c->steps = calloc((size_t) (neps * (kmax + 2)), sizeof(slong));
    c->seconds = calloc((size_t) neps, sizeof(double));
    c->prec_used = calloc((size_t) neps, sizeof(slong));
    if (c->status == NULL || c->slope_status == NULL || c->slope_next == NULL
        || c->why == NULL || c->steps == NULL || c->seconds == NULL || c->prec_used == NULL)
        abort();
}

/* slope between eps i and the next eps j with a certified error of order
   k: log(e_i / e_j) / log(eps_i / eps_j), a ball; unbounded when e_i or
   e_j contains 0 (then log(e) is not bounded below) */
static void
cert_slopes(nh_conv_cert_t c, const nh_conv_opts_struct *o, slong prec)
{
    slong K1 = c->kmax + 1, i, j, k;
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    for (k = 0; k < K1; k++)
        for (i = 0; i < c->neps; i++)
        {
            slong idx = i * K1 + k;
            c->slope_next[idx] = -1;
            c->slope_status[idx] = NH_CONV_SLOPE_NONE;
            if (c->status[idx] != NH_CONV_CERT_OK)
                continue;
            for (j = i + 1; j < c->neps && c->status[j * K1 + k] != NH_CONV_CERT_OK; j++)
                ;
            if (j == c->neps || fmpq_equal(o->eps + i, o->eps + j))
                continue;
            c->slope_next[idx] = j;
            if (!arb_is_positive(c->err + idx) || !arb_is_positive(c->err + j * K1 + k))
            {
                c->slope_status[idx] = NH_CONV_SLOPE_UNBOUNDED;
                continue;
            }
            arb_div(a, c->err + idx, c->err + j * K1 + k, prec);
            arb_log(a, a, prec);
            arb_set_fmpq(b, o->eps + i, prec);
            arb_div_fmpz(b, b, fmpq_numref(o->eps + j), prec);
            arb_mul_fmpz(b, b, fmpq_denref(o->eps + j), prec);
            arb_log(b, b, prec);
            arb_div(c->slope + idx, a, b, prec);
            c->slope_status[idx] = arb_is_finite(c->slope + idx) ? NH_CONV_SLOPE_OK
                                                                 : NH_CONV_SLOPE_UNBOUNDED;
        }
    arb_clear(a);
    arb_clear(b);
}

/* T / eps_i <= max_ratio, exactly */
static int
cert_feasible(const nh_conv_opts_struct *o, slong i, double max_ratio)
{
    fmpq_t r;
    int ok;
    fmpq_init(r);
    fmpq_div(r, o->T, o->eps + i);
    ok = fmpq_get_d(r) <= max_ratio;
    fmpq_clear(r);
    return ok;
}

int
nh_conv_certified(nh_conv_cert_t c, const nh_model_struct *M, const nh_conv_opts_t o,
                  const nh_conv_cert_opts_t co, nh_error_t err)
{
    slong n = nh_model_n(M), K1 = o->kmax + 1, i, k, used, maxp = co->prec;
    nh_prec_policy_struct P;
    cert_eps_data d;
    double t0 = _nh_conv_now(), t1;
    int rc = nh_conv_cert_check(M, err);

    if (rc != NH_OK)
        return rc;
    if (o->neps < 1 || co->prec < 32 || co->max_prec < co->prec)
        return nh_error_set(err, NH_ERR_USAGE, "converge --certified: need eps values and "
                            "32 <= prec <= max_prec");
    cert_alloc(c, o->neps, o->kmax);
    memset(&d, 0, sizeof d);
    d.c = c;
    d.M = M;
    d.o = o;
    d.co = co;
    d.k0q = _arb_vec_init(n);
    P.start = co->prec;
    P.cap = co->max_prec;
    P.clip = 1;
    P.retry_domain = 1;
    P.note = cert_note;
    for (i = 0; i < o->neps && rc == NH_OK; i++)
    {
        if (!cert_feasible(o, i, co->max_ratio))
        {
            for (k = 0; k < K1; k++)
                c->status[i * K1 + k] = NH_CONV_CERT_COSTLY;
            continue;
        }
        d.i = i;
        t1 = _nh_conv_now();
        rc = nh_prec_loop(&used, &P, cert_eps_attempt, &d, err);
        if (rc == NH_PREC_WIDE)
            rc = d.fatal ? d.fatal : NH_OK;     /* a ball containing 0 is kept */
        if (rc != NH_OK)
        {
            nh_error_prefix(err, "converge --certified, eps = %g: ", fmpq_get_d(o->eps + i));
            break;
        }
        nh_error_init(err);
        c->prec_used[i] = used;
        maxp = FLINT_MAX(maxp, used);
        c->seconds[i] = _nh_conv_now() - t1;
        if (co->progress)
            fprintf(stderr, "converge: certified, eps = %-8.3g full system: %ld steps, %.2f s "
                    "(%ld bits)\n", fmpq_get_d(o->eps + i), (long) c->steps[i * (K1 + 1)],
                    c->seconds[i], (long) used);
    }
    _arb_vec_clear(d.k0q, n);
    if (rc != NH_OK)
    {
        nh_conv_cert_clear(c);
        return rc;
    }
    cert_slopes(c, o, maxp);
    c->total_seconds = _nh_conv_now() - t0;
    return NH_OK;
}

int
nh_conv_cert_agrees(const nh_conv_cert_t c, const nh_conv_result_t r, slong i, slong k)
{
    slong K1 = c->kmax + 1;
    double e = r->err[(i * K1 + k) * NH_CONV_NQ + NH_CONV_Q_T];
    double ie = r->ierr[(i * K1 + k) * NH_CONV_NQ + NH_CONV_Q_T];
    arb_t x;
    mag_t m;
    int ok;

    if (c->status[i * K1 + k] != NH_CONV_CERT_OK)
        return -1;
    arb_init(x);
    mag_init(m);
    arb_set_d(x, e);
    mag_set_d(m, fabs(ie) + ldexp(fabs(e), -50));
    mag_add(arb_radref(x), arb_radref(x), m);
    ok = arb_overlaps(x, c->err + i * K1 + k);
    arb_clear(x);
    mag_clear(m);
    return ok;
}
