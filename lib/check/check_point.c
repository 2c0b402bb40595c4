/*
 * check_point.c -- one point of a check (check.h): the point sent to the
 * candidate, the certified reference there, and the comparison.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "impl.h"

void
nh_check_point_init(nh_check_point_struct *p, slong n)
{
    p->x = _fmpq_vec_init(2 * n);
    p->q = _fmpq_vec_init(n);
    p->w = _fmpq_vec_init(n);
    p->ref = _arb_vec_init(n);
    p->cand = _arb_vec_init(n);
    p->score = 0;
    p->fails = 0;
}

void
nh_check_point_clear(nh_check_point_struct *p, slong n)
{
    _fmpq_vec_clear(p->x, 2 * n);
    _fmpq_vec_clear(p->q, n);
    _fmpq_vec_clear(p->w, n);
    _arb_vec_clear(p->ref, n);
    _arb_vec_clear(p->cand, n);
}

void
nh_check_point_set(nh_check_point_struct *p, const nh_check_point_struct *s, slong n)
{
    _nh_check_qvec_set(p->x, s->x, 2 * n);
    _nh_check_qvec_set(p->q, s->q, n);
    _nh_check_qvec_set(p->w, s->w, n);
    _arb_vec_set(p->ref, s->ref, n);
    _arb_vec_set(p->cand, s->cand, n);
    p->score = s->score;
    p->fails = s->fails;
}

/* "q = (0.3, 0, ...), v = (...)" of p into buf (for messages) */
static void
point_str(char *buf, size_t size, const nh_check_point_struct *p, slong n, int sent)
{
    size_t len = 0;
    slong i, h;
    for (h = 0; h < 2; h++)
        for (i = 0; i < n && len < size; i++)
        {
            const fmpq *c = h == 0 ? p->q + i : sent ? p->w + i : p->x + n + i;
            char *s = nh_check_decimal(c);
            len += (size_t) snprintf(buf + len, size - len, "%s%s%s", i == 0 ? (h ? "), v = (" : "q = (") : ", ",
                                     s, h == 1 && i == n - 1 ? ")" : "");
            free(s);
        }
}

/* Q at (q, v) with the precision raised while inconclusive or (if tol)
   wider than a 16th of the tolerance; vel as in nh_quantity_eval; the
   reference (tol) in the run's workspace C->ws */
static int
eval_retry(arb_ptr out, arb_ptr vel, const nh_quantity_struct *Q, const nh_check_t C,
           const fmpq *q, const fmpq *v, int tol, slong prec0, nh_error_t err)
{
    slong p, i;
    int r, wide;
    for (p = prec0; ; p = FLINT_MIN(2 * p, C->max_prec))
    {
        nh_error_init(err);
        r = tol ? nh_quantity_eval_ws(out, NULL, vel, Q, C->ws, q, v, &C->par, p, err)
            : nh_quantity_eval(out, NULL, vel, Q, C->M, q, v, &C->par, p, err);
        wide = 0;
        for (i = 0; r == NH_OK && tol && i < C->n && !wide; i++)
            wide = !arb_is_finite(out + i) || 16 * mag_get_d(arb_radref(out + i))
                > C->atol + C->rtol * fabs(arf_get_d(arb_midref(out + i), ARF_RND_NEAR));
        if ((r == NH_ERR_PRECISION || wide) && p < C->max_prec)
            continue;
        if (r == NH_OK && wide)
            r = nh_error_set(err, NH_ERR_PRECISION, "%s: reference ball wider than a 16th of "
                             "the tolerance even at the precision cap --max-prec %ld",
                             Q->name, (long) C->max_prec);
        break;
    }
    return r;
}

/* vD = P(q) v by nh_project_D (order-0 geometry: cheaper than the vD
   entry of the table, which computes order-1 jets), precision raised
   while inconclusive */
static int
project_retry(arb_ptr out, const nh_check_t C, const fmpq *q, const fmpq *v, slong prec0,
              nh_error_t err)
{
    slong p, i, n = C->n;
    arb_ptr qb = _arb_vec_init(n), vb = _arb_vec_init(n);
    int r;
    for (p = prec0; ; p = FLINT_MIN(2 * p, C->max_prec))
    {
        for (i = 0; i < n; i++)
        {
            arb_set_fmpq(qb + i, q + i, p);
            arb_set_fmpq(vb + i, v + i, p);
        }
        nh_error_init(err);
        r = nh_project_D(out, C->M, qb, vb, p, err);
        if ((r != NH_ERR_DOMAIN && r != NH_ERR_PRECISION) || p >= C->max_prec)
            break;
    }
    _arb_vec_clear(qb, n);
    _arb_vec_clear(vb, n);
    return r;
}

int
nh_check_sent_point(nh_check_point_struct *p, const nh_check_t C, nh_error_t err)
{
    slong n = C->n, i;
    arb_ptr out, vel;
    fmpz_t z;
    int r = NH_OK;
    char buf[512];
    _nh_check_qvec_set(p->q, p->x, n);
    _nh_check_qvec_set(p->w, p->x + n, n);
    if (C->QD == NULL)
        return NH_OK;
    out = _arb_vec_init(n);
    vel = _arb_vec_init(n);
    fmpz_init(z);
    /* 10^-30 is about 2^-100: 128 bits suffice for the rounding */
    if (C->QD->kind == NH_Q_VD)
        r = project_retry(out, C, p->q, p->w, FLINT_MIN(C->prec, 128), err);
    else
        r = eval_retry(out, vel, C->QD, C, p->q, p->w, 0, FLINT_MIN(C->prec, 128), err);
    for (i = 0; r == NH_OK && i < n; i++)
    {
        /* the velocity the quantity is evaluated at, on the 10^-30 grid */
        arb_ptr s = C->QD->kind == NH_Q_VD ? out + i : vel + i;
        arf_t t;
        arf_init(t);
        arf_set(t, arb_midref(s));
        fmpz_ui_pow_ui(z, 10, NH_CHECK_SENT_DIGITS);
        arf_mul_fmpz(t, t, z, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_get_fmpz(z, t, ARF_RND_NEAR);
        fmpz_ui_pow_ui(fmpq_denref(p->w + i), 10, NH_CHECK_SENT_DIGITS);
        fmpz_set(fmpq_numref(p->w + i), z);
        fmpq_canonicalise(p->w + i);
        arf_clear(t);
    }
    if (r != NH_OK)
    {
        point_str(buf, sizeof buf, p, n, 0);
        nh_error_prefix(err, "at %s: ", buf);
    }
    fmpz_clear(z);
    _arb_vec_clear(out, n);
    _arb_vec_clear(vel, n);
    return r;
}

int
nh_check_reference(nh_check_point_struct *p, const nh_check_t C, nh_error_t err)
{
    char buf[512];
    int r = eval_retry(p->ref, NULL, C->Q, C, p->q, p->w, 1, C->prec, err);
    if (r != NH_OK)
    {
        point_str(buf, sizeof buf, p, C->n, 1);
        nh_error_prefix(err, "reference %s at %s: ", C->Q->name, buf);
    }
    return r;
}

void
nh_check_error_ball(arb_t e, const nh_check_point_struct *p, slong i, slong prec)
{
    arb_sub(e, p->cand + i, p->ref + i, prec);
    arb_abs(e, e);
}

void
nh_check_compare(nh_check_point_struct *p, const nh_check_t C)
{
    slong i, prec = 128;
    arb_t e, t, u;
    double s = 0, d, m;
    arb_init(e);
    arb_init(t);
    arb_init(u);
    p->fails = 0;
    for (i = 0; i < C->n; i++)
    {
        /* certified: |c - x| - (atol + rtol |x|) > 0 for every x of the ball */
        nh_check_error_ball(e, p, i, prec);
        arb_abs(t, p->ref + i);
        arb_set_d(u, C->rtol);
        arb_mul(t, t, u, prec);
        arb_set_d(u, C->atol);
        arb_add(t, t, u, prec);
        arb_sub(t, e, t, prec);
        if (arb_is_positive(t))
            p->fails = 1;
        /* the score: an estimate from the midpoints */
        d = arf_get_d(arb_midref(e), ARF_RND_NEAR);
        m = fabs(arf_get_d(arb_midref(p->ref + i), ARF_RND_NEAR));
        d = d / (C->atol + C->rtol * m);
        if (d > s || d != d)
            s = d;
    }
    p->score = s;
    arb_clear(e);
    arb_clear(t);
    arb_clear(u);
}
