/*
 * Pointwise fields: projection onto D, the full friction field
 * (paper 000 (39)-(40)) and the order-k reduced field ((69)-(71)).
 * All need the geometry at q0 to jet order 1 only (Gamma, grad V and
 * dP/dq are first derivatives).
 */
#include "impl.h"

/* the geometry at q0 to jet order ord (1: Gamma, grad V; 0: values
   only, enough for P) */
static int
geom_at(nh_geom_t g, jet_ctx_t c1, const nh_model_struct *M, arb_srcptr q0, slong ord,
        slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    jet_ctx_init(c1, n, ord);
    nh_geom_init(g, M, c1);
    return nh_geom_compute(g, M, q0, ord, c1, prec, err);
}

static void
geom_done(nh_geom_t g, jet_ctx_t c1)
{
    nh_geom_clear(g, c1);
    jet_ctx_clear(c1);
}

/* res = T(q0) x for a jet matrix T (constant terms). */
static void
const_matvec(arb_ptr res, const jet_mat_t T, arb_srcptr x, slong n,
             const jet_ctx_t c1, slong prec)
{
    slong i, j;
    arb_ptr t = _arb_vec_init(n);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            arb_addmul(t + i, jet_const(JET_MAT_ENTRY(T, i, j, c1)), x + j, prec);
    _arb_vec_set(res, t, n);
    _arb_vec_clear(t, n);
}

/* F = -Gamma(v, v) - grad V at q0 */
static void
free_force(arb_ptr F, const nh_geom_t g, arb_srcptr v, slong n,
           const jet_ctx_t c1, slong prec)
{
    slong i, j, k;
    arb_t t;
    arb_init(t);
    for (i = 0; i < n; i++)
    {
        arb_neg(F + i, jet_const(JET_ENTRY(g->gradV->entries, i, c1)));
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
            {
                arb_mul(t, jet_const(NH_GAMMA(g, i, j, k, c1)), v + j, prec);
                arb_submul(F + i, t, v + k, prec);
            }
    }
    arb_clear(t);
}

int
nh_project_D(arb_ptr vD, const nh_model_struct *M, arb_srcptr q0, arb_srcptr v,
             slong prec, nh_error_t err)
{
    slong n = nh_model_n(M);
    jet_ctx_t c1;
    nh_geom_t g;
    /* P(q0) only: values, no derivatives */
    int status = geom_at(g, c1, M, q0, 0, prec, err);
    if (status == NH_OK)
        const_matvec(vD, g->P, v, n, c1, prec);
    geom_done(g, c1);
    return status;
}

int
nh_full_field(arb_ptr vdot, const nh_model_struct *M, arb_srcptr q, arb_srcptr v,
              const arb_t eps, slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i;
    jet_ctx_t c1;
    nh_geom_t g;
    arb_ptr fr;
    int status = geom_at(g, c1, M, q, 1, prec, err);
    if (status == NH_OK)
    {
        fr = _arb_vec_init(n);
        free_force(vdot, g, v, n, c1, prec);
        const_matvec(fr, g->FRs, v, n, c1, prec);
        for (i = 0; i < n; i++)
        {
            arb_div(fr + i, fr + i, eps, prec);
            arb_sub(vdot + i, vdot + i, fr + i, prec);
        }
        _arb_vec_clear(fr, n);
    }
    geom_done(g, c1);
    return status;
}

int
nh_reduced_field(arb_ptr qdot, arb_ptr vDdot, arb_ptr vdot,
                 const nh_model_struct *M, arb_srcptr q0, arb_srcptr vD,
                 arb_srcptr h, slong hlen, slong k, const arb_t eps,
                 slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), i, j, l;
    jet_ctx_t c1;
    nh_geom_t g;
    arb_ptr v, F, t;
    arb_t epsj, c;
    int status;

    if (k < 0 || hlen < k + (vdot != NULL))
        return nh_error_set(err, NH_ERR_USAGE,
                            "reduced field of order %ld needs h^(1..%ld), have %ld terms",
                            (long) k, (long) (k + (vdot != NULL)), (long) hlen);
    status = geom_at(g, c1, M, q0, 1, prec, err);
    if (status != NH_OK)
    {
        geom_done(g, c1);
        return status;
    }
    v = _arb_vec_init(n);
    F = _arb_vec_init(n);
    t = _arb_vec_init(n);
    arb_init(epsj);
    arb_init(c);

    /* v = vD + sum_{j=1}^k eps^j h^(j) */
    _arb_vec_set(v, vD, n);
    arb_one(epsj);
    for (j = 1; j <= k; j++)
    {
        arb_mul(epsj, epsj, eps, prec);
        for (i = 0; i < n; i++)
            arb_addmul(v + i, epsj, h + (j - 1) * n + i, prec);
    }
    _arb_vec_set(qdot, v, n);
    free_force(F, g, v, n, c1, prec);

    /* vDdot = (dP[v]) v + P F */
    const_matvec(t, g->P, F, n, c1, prec);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (l = 0; l < n; l++)
            {
                /* d P_ij / d q^l = coefficient of x_l (Taylor coefficient) */
                arb_srcptr pij = JET_MAT_ENTRY(g->P, i, j, c1);
                arb_mul(c, pij + jet_ctx_var_index(c1, l), v + l, prec);
                arb_addmul(t + i, c, v + j, prec);
            }
    if (vDdot != NULL)
        _arb_vec_set(vDdot, t, n);

    if (vdot != NULL)
    {
        /* dv/dt = F - sum_{j=1}^{k+1} eps^(j-1) FR_sharp h^(j) */
        _arb_vec_set(vdot, F, n);
        arb_one(epsj);
        for (j = 1; j <= k + 1; j++)
        {
            const_matvec(t, g->FRs, h + (j - 1) * n, n, c1, prec);
            for (i = 0; i < n; i++)
                arb_submul(vdot + i, epsj, t + i, prec);
            arb_mul(epsj, epsj, eps, prec);
        }
    }

    _arb_vec_clear(v, n);
    _arb_vec_clear(F, n);
    _arb_vec_clear(t, n);
    arb_clear(epsj);
    arb_clear(c);
    geom_done(g, c1);
    return status;
}
