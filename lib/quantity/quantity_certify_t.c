/*
 * quantity_certify_t.c -- nh_quantity_certify_t: the quantities of a
 * reference dataset at one exact point (q, t, v) of a time-dependent,
 * affine model realized by friction (issue 19, proofs/020), certified to
 * a relative accuracy (quantity.h; used by `nhoracle emit`,
 * doc/datasets.md).
 */
#include "impl.h"
#include "nh_prec.h"

typedef struct
{
    arb_ptr *out;
    arb_ptr vp;
    const nh_quantity_struct *const *req;
    const nh_quantity_params *par;
    const slong *group;
    slong nreq;
    const fmpq *q, *t, *v;
    slong acc;
    _nh_qpoint_struct *pt;
}
cert_t_struct;

/* The order-k reduced field at (q, t, vD) (nh_reduced_field_t,
   proofs/020 "Prediction"), the component of kind Q into out. */
static int
reduced_t(arb_ptr out, const nh_quantity_struct *Q, const _nh_qpoint_struct *pt,
          const arb_t t, const nh_quantity_params *par, slong prec, nh_error_t err)
{
    slong n = pt->n;
    arb_ptr c = _arb_vec_init(3 * n);
    arb_t eps;
    int r;
    arb_init(eps);
    _nh_quantity_eps(eps, par, prec);
    r = nh_reduced_field_t(c, c + n, c + 2 * n, pt->M, pt->qb, t, pt->vD, pt->h, pt->react,
                           pt->K, par->order, eps, prec, err);
    if (r == NH_OK)
        _arb_vec_set(out, Q->kind == NH_Q_RED_QDOT ? c : Q->kind == NH_Q_RED_VDDOT ? c + n
                     : c + 2 * n, n);
    arb_clear(eps);
    _arb_vec_clear(c, 3 * n);
    return r;
}

/* every group of req[i] (and v_p) accurate to acc bits */
static int
cert_t_groups_ok(const cert_t_struct *A)
{
    slong i;
    int ok = A->vp == NULL || _nh_quantity_group_ok(A->vp, A->pt->n, A->acc);
    for (i = 0; i < A->nreq; i++)
        ok = ok && _nh_quantity_req_ok(A->out[i], A->req[i], A->par + i, A->group[i], A->pt->n,
                                       A->pt->m, A->acc);
    return ok;
}

/* One attempt at working precision p (nh_prec_loop). */
static int
cert_t_attempt(void *data, slong p, nh_error_t err)
{
    cert_t_struct *A = data;
    _nh_qpoint_struct *pt = A->pt;
    slong n = pt->n, i;
    arb_ptr vp = A->vp != NULL ? A->vp : _arb_vec_init(n);
    arb_t t;
    int r;

    arb_init(t);
    arb_set_fmpq(t, A->t, p);
    _nh_qpoint_set(pt, A->q, A->v, p);
    r = nh_geom_compute_t(pt->g, pt->M, pt->qb, t, 1, pt->gctx, p, err);
    if (r == NH_OK)
        r = nh_project_D_t(pt->vD, vp, pt->M, pt->qb, t, pt->vb, p, err);
    if (r == NH_OK)
        r = nh_series_time_t(pt->h, pt->react, NULL, pt->M, pt->qb, t, pt->vD, pt->K, p, err);
    for (i = 0; i < A->nreq && r == NH_OK; i++)
    {
        int kind = A->req[i]->kind;
        if (kind == NH_Q_RED_VDOT || kind == NH_Q_RED_QDOT || kind == NH_Q_RED_VDDOT)
            r = reduced_t(A->out[i], A->req[i], pt, t, A->par + i, p, err);
        else
            r = _nh_quantity_eval_point(A->out[i], NULL, A->req[i], pt, A->par + i, p, err);
    }
    if (r == NH_OK && !cert_t_groups_ok(A))
        r = NH_PREC_WIDE;
    if (A->vp == NULL)
        _arb_vec_clear(vp, n);
    arb_clear(t);
    return r;
}

int
nh_quantity_certify_t(arb_ptr *out, arb_ptr vp, const nh_quantity_struct *const *req,
                      const nh_quantity_params *par, const slong *group, slong nreq,
                      const nh_model_struct *M, const fmpq *q, const fmpq *t, const fmpq *v,
                      slong acc, slong max_prec, slong *prec_used, const char *who,
                      nh_error_t err)
{
    slong p = 0;
    _nh_qpoint_struct pt[1];
    nh_prec_policy_struct P = {acc + 64, max_prec, 1, 1, NULL};
    cert_t_struct A = {out, vp, req, par, group, nreq, q, t, v, acc, pt};
    int r;

    r = _nh_quantity_certify_loop(&p, pt, M, req, par, nreq, &P, cert_t_attempt, &A, who, acc,
                                  max_prec, err);
    if (r == NH_OK)
        *prec_used = p;
    return r;
}
