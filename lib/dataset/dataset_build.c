/* dataset_build.c -- nh_dataset_build (lib/dataset.h): the records of
   `nhoracle emit` at each sample point, certified by nh_quantity_certify. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "dataset.h"
#include "quantity.h"
#include "nh_prec.h"
#include "impl.h"

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

/* the requests of one point: vD, G, Gamma, P, P_perp, FR_sharp, Q,
   h^(1..order), reaction^(1..order), then qdot, vDdot, vdot of each
   reduction order and eps; their parameters, groups, lengths and output
   vectors; returns their number, *h0 and *r0 the first h and reduced index */
static slong
emit_requests(const nh_quantity_struct **req, nh_quantity_params *par, slong *group, slong *len,
              arb_ptr *out, const nh_model_struct *M, const nh_dataset_build_opts_struct *o, slong *h0, slong *r0)
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
emit_exact_point(nh_dataset_t ds, int timed, slong pt, slong n, const fmpq *qx,
                 const fmpq *tx, const fmpq *vx)
{
    char *s;
    slong i;
    for (i = 0; i < n; i++)
    {
        s = nh_dataset_fmpq_decimal(qx + i);
        nh_dataset_add_exact(ds, "q", pt, i, s, _nh_dataset_fmpq_to_d(qx + i));
        free(s);
    }
    if (timed)
    {
        s = nh_dataset_fmpq_decimal(tx);
        nh_dataset_add_exact(ds, "t", pt, -1, s, _nh_dataset_fmpq_to_d(tx));
        free(s);
    }
    for (i = 0; i < n; i++)
    {
        s = nh_dataset_fmpq_decimal(vx + i);
        nh_dataset_add_exact(ds, "v", pt, i, s, _nh_dataset_fmpq_to_d(vx + i));
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
emit_point(_nh_dataset_build_struct *b, slong pt, const fmpq *qx, const fmpq *tx,
           const fmpq *vx, slong acc, nh_error_t err)
{
    nh_dataset_struct *ds = b->ds;
    const nh_model_struct *M = b->M;
    const nh_dataset_build_opts_struct *o = b->o;
    slong digits = o->digits;
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
    if (b->timed)       /* issue 19: at (q, t, v), with v_p (proofs/020) */
        rc = nh_quantity_certify_t(out, vp, req, par, group, nreq, M, qx, tx, vx, acc + 64,
                                   o->max_prec, &p, who, err);
    else
        rc = nh_quantity_certify(out, req, par, group, nreq, M, qx, vx, acc + 64,
                                 o->max_prec, &p, who, err);
    if (rc != NH_OK)
        goto cleanup;
    if (p > b->info->max_working_prec)
        b->info->max_working_prec = p;

    /* records */
    emit_exact_point(ds, b->timed, pt, n, qx, tx, vx);
    bad |= emit_vec_balls(ds, "vD", -1, -1, pt, out[0], n, digits, p);
    if (b->timed)
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
        rc = _nh_dataset_build_traj(b, pt, qx, tx, vx, out[0], vp, err);

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

/* The model class (issue 19): b->timed for a model that is not linear
   autonomous (time, affine constraints); --t only for those.  The
   friction block and the other conditions of proofs/020 are checked at
   each point (nh_quantity_certify_t: exit 3 naming the model and the
   point). */
static int
emit_check_timed(_nh_dataset_build_struct *b, nh_error_t err)
{
    const nh_model_struct *M = b->M;
    b->timed = !nh_model_is_linear_autonomous(M);
    if (!b->timed && b->o->t0_spec != NULL)
        return nh_error_set(err, NH_ERR_USAGE, "emit: --t: model %s has no time dependence and "
                            "linear constraints (the point is (q, v))", nh_model_name(M));
    return NH_OK;
}

void
nh_dataset_build_opts_init(nh_dataset_build_opts_t o)
{
    slong i;
    memset(o, 0, sizeof *o);
    for (i = 0; i < NH_DATASET_MAX_EPS; i++)
        fmpq_init(o->eps + i);
    for (i = 0; i < NH_DATASET_MAX_TIMES; i++)
        fmpq_init(o->times + i);
    for (i = 0; i < NH_DATASET_MAX_T0; i++)
        fmpq_init(o->t0 + i);
    o->points = -1;
    o->seed = 1;
    o->order = 2;
    o->neps = 2;
    fmpq_set_si(o->eps + 0, 1, 100);
    fmpq_set_si(o->eps + 1, 1, 10);
    o->nrorders = 2;
    o->rorders[0] = 0;
    o->rorders[1] = 1;
    o->nt0 = 1;             /* every point at model time t = 0 */
    o->ntorders = 2;
    o->torders[0] = 0;
    o->torders[1] = 1;
    o->lift_order = 2;
    o->traj_tol = NH_DATASET_TRAJ_TOL;
    o->digits = NH_DATASET_DEFAULT_DIGITS;
    o->prec = 256;
    o->max_prec = 4096;
    o->case_file = "";
    o->text = "";
}

void
nh_dataset_build_opts_clear(nh_dataset_build_opts_t o)
{
    slong i;
    for (i = 0; i < NH_DATASET_MAX_EPS; i++)
        fmpq_clear(o->eps + i);
    for (i = 0; i < NH_DATASET_MAX_TIMES; i++)
        fmpq_clear(o->times + i);
    for (i = 0; i < NH_DATASET_MAX_T0; i++)
        fmpq_clear(o->t0 + i);
}

/* the eps and times lists of the dataset, as exact decimal strings */
static void
build_lists(nh_dataset_t ds, const nh_dataset_build_opts_struct *o)
{
    slong i;
    for (i = 0; i < o->neps; i++)
    {
        char *s = nh_dataset_fmpq_decimal(o->eps + i);
        nh_dataset_add_eps(ds, s, _nh_dataset_fmpq_to_d(o->eps + i));
        free(s);
    }
    for (i = 0; i < o->ntimes; i++)
    {
        char *s = nh_dataset_fmpq_decimal(o->times + i);
        nh_dataset_add_time(ds, s, _nh_dataset_fmpq_to_d(o->times + i));
        free(s);
    }
}

/* the points: the explicit one (nexp = 1) first, then the random ones */
static int
build_points(_nh_dataset_build_struct *b, slong nexp, slong npoints, slong acc, nh_error_t err)
{
    const nh_dataset_build_opts_struct *o = b->o;
    slong n = nh_model_n(b->M), pt, i;
    fmpq *qx = _fmpq_vec_init(n), *vx = _fmpq_vec_init(n);
    uint64_t state = o->seed;
    int rc = NH_OK;

    for (pt = 0; pt < nexp + npoints && rc == NH_OK; pt++)
    {
        if (o->progress != NULL)
            o->progress(o->progress_data, pt, nexp + npoints);
        if (pt < nexp)
        {
            rc = nh_model_parse_point_fmpq(qx, b->M, o->q_spec ? o->q_spec : "", "--q", err);
            if (rc == NH_OK)
                rc = nh_model_parse_point_fmpq(vx, b->M, o->v_spec ? o->v_spec : "", "--v", err);
        }
        else
        {
            for (i = 0; i < n; i++)
                _nh_dataset_random_coord(qx + i, &state);
            for (i = 0; i < n; i++)
                _nh_dataset_random_coord(vx + i, &state);
        }
        if (rc == NH_OK)
            rc = emit_point(b, pt, qx, o->t0 + pt % o->nt0, vx, acc, err);
    }
    _fmpq_vec_clear(qx, n);
    _fmpq_vec_clear(vx, n);
    return rc;
}

int
nh_dataset_build(nh_dataset_t ds, const nh_model_struct *M,
                 const nh_dataset_build_opts_struct *o,
                 nh_dataset_build_info_struct *info, nh_error_t err)
{
    _nh_dataset_build_struct b;
    nh_dataset_build_info_struct local;
    slong nexp, npoints, acc, i;
    int rc;

    if (info == NULL)
        info = &local;
    info->max_working_prec = 0;
    info->full_cert = -1;
    for (i = 0; i < NH_DATASET_MAX_ORDERS; i++)
        info->red_cert[i] = -1;
    b.ds = ds;
    b.M = M;
    b.o = o;
    b.info = info;
    rc = emit_check_timed(&b, err);
    if (rc != NH_OK)
        return rc;
    acc = nh_prec_digits_to_bits(o->digits);
    nexp = ((o->q_spec != NULL && o->q_spec[0]) || (o->v_spec != NULL && o->v_spec[0])) ? 1 : 0;
    npoints = o->points >= 0 ? o->points : (nexp ? 0 : 4);
    if (nexp + npoints == 0)
        return nh_error_set(err, NH_ERR_USAGE, "emit: no points (--points 0 and no --q/--v)");
    build_lists(ds, o);
    rc = build_points(&b, nexp, npoints, acc, err);
    if (rc == NH_OK)
        ds->meta = _nh_dataset_build_meta(&b, nexp, npoints, acc);
    return rc;
}
