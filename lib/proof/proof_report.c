/*
 * proof_report.c -- claim results and their text: the description of a
 * point, an entry and a vector (witnesses, messages).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>
#include "impl.h"

/* ---- results ---------------------------------------------------------- */

void
nh_claim_result_init(nh_claim_result_struct *r)
{
    memset(r, 0, sizeof *r);
}

void
nh_claim_result_clear(nh_claim_result_struct *r)
{
    free(r->witness); free(r->entry); free(r->diff); free(r->computed);
    free(r->typed); free(r->message);
    memset(r, 0, sizeof *r);
}

/* ---- report strings ---------------------------------------------------- */

void
_nh_proof_sb_ball(nh_sbuf_t b, const arb_t x)
{
    char *t = arb_get_str(x, 20, 0);
    nh_sbuf_puts(b, t);
    flint_free(t);
}

void
_nh_proof_describe_entry(char *buf, size_t size, const pctx *P, slong idx, slong coef)
{
    int ndims = P->have_lhs ? P->lhs.ndims : P->qndims;
    const slong *shape = P->have_lhs ? P->lhs.shape : P->qshape;
    slong ix[EXPR_FORMULA_MAX_DIMS], t = idx;
    int d;
    size_t len = 0;
    for (d = ndims - 1; d >= 0; d--)
    {
        ix[d] = t % shape[d];
        t /= shape[d];
    }
    len += (size_t) snprintf(buf + len, size - len, "entry");
    for (d = 0; d < ndims; d++)
        len += (size_t) snprintf(buf + len, size - len, "[%ld]", (long) ix[d]);
    if (ndims == 0)
        len += (size_t) snprintf(buf + len, size - len, " (scalar)");
    if (coef >= 0)
        snprintf(buf + len, size - len, ", coefficient of eps^%ld", (long) coef);
}

char *
_nh_proof_describe_point(const pctx *P, const fmpq *q, const fmpq *v, arb_srcptr vel)
{
    nh_sbuf_t b;
    nh_sbuf_init(b);
    slong i;
    nh_sbuf_printf(b, "q = (");
    for (i = 0; i < P->n; i++)
    {
        char *s = fmpq_get_str(NULL, 10, q + i);
        nh_sbuf_printf(b, "%s%s=%s", i ? ", " : "", nh_model_coord_name(P->M, i), s);
        flint_free(s);
    }
    nh_sbuf_printf(b, "), v = (");
    for (i = 0; i < P->n; i++)
    {
        char *s = fmpq_get_str(NULL, 10, v + i);
        nh_sbuf_printf(b, "%s%s=%s", i ? ", " : "", nh_model_coord_name(P->M, i), s);
        flint_free(s);
    }
    nh_sbuf_printf(b, ")");
    if (P->nh)
    {
        char *s = fmpq_get_str(NULL, 10, P->tcur);
        nh_sbuf_printf(b, ", t = %s", s);
        flint_free(s);
    }
    if (P->nh && P->on_D && vel != NULL)
    {
        nh_sbuf_printf(b, ", v_ names = velocities solved from the constraints = (");
        for (i = 0; i < P->n; i++)
        {
            if (i)
                nh_sbuf_printf(b, ", ");
            _nh_proof_sb_ball(b, vel + i);
        }
        nh_sbuf_printf(b, ")");
    }
    else if (P->on_D && vel != NULL)
    {
        nh_sbuf_printf(b, ", v_ names = vD = P v = (");
        for (i = 0; i < P->n; i++)
        {
            if (i)
                nh_sbuf_printf(b, ", ");
            _nh_proof_sb_ball(b, vel + i);
        }
        nh_sbuf_printf(b, ")");
    }
    return nh_sbuf_take(b, NULL);
}

char *
_nh_proof_describe_vec(arb_srcptr x, slong len)
{
    nh_sbuf_t b;
    nh_sbuf_init(b);
    slong i;
    nh_sbuf_printf(b, "[");
    for (i = 0; i < len; i++)
    {
        if (i)
            nh_sbuf_printf(b, ", ");
        _nh_proof_sb_ball(b, x + i);
    }
    nh_sbuf_printf(b, "]");
    return nh_sbuf_take(b, NULL);
}
