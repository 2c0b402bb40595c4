/* ode_radau_step.c -- Radau IIA on a second-order system q' = v,
   v' = f(q, v) with Jacobians supplied by the system (ode.h,
   nh_ode_radau_*; doc/integrator.md): workspace, Newton matrix, stage
   predictor, one step, and the adaptive step-doubling stepper for
   nh_ode_evolve. */
#include <math.h>
#include <gsl/gsl_linalg.h>
#include "impl.h"

void
nh_ode_radau_init(nh_ode_radau_struct *w, slong n, slong s, slong prec,
                  nh_ode_field2_t f, nh_ode_jac2_t jac, void *param,
                  nh_ode_stats_struct *st)
{
    w->n = n;
    w->s = s;
    w->N = n * s;
    w->prec = prec;
    w->f = f;
    w->jac = jac;
    w->param = param;
    w->hlu = _arb_vec_init(1);
    w->c = _arb_vec_init(s);
    arb_mat_init(w->A, s, s);
    arb_mat_init(w->A2, s, s);
    nh_ode_radau_coeffs(w->c, w->A, s, prec);
    arb_mat_sqr(w->A2, w->A, prec);
    arb_mat_init(w->fq, n, n);
    arb_mat_init(w->fv, n, n);
    w->f0 = _arb_vec_init(n);
    w->LU = flint_malloc(sizeof(double) * w->N * w->N);
    w->perm = flint_malloc(sizeof(size_t) * w->N);
    w->rd = flint_malloc(sizeof(double) * w->N);
    w->have_lu = 0;
    w->Z = _arb_vec_init(w->N);
    w->dZ = _arb_vec_init(w->N);
    w->R = _arb_vec_init(w->N);
    w->F = _arb_vec_init(w->N);
    w->Qj = _arb_vec_init(n);
    w->Vj = _arb_vec_init(n);
    w->tj = _arb_vec_init(1);
    w->st = st;
    w->pZ = _arb_vec_init(w->N);
    w->Zg = _arb_vec_init(w->N);
    w->qb = _arb_vec_init(n); w->vb = _arb_vec_init(n);
    w->qm = _arb_vec_init(n); w->vm = _arb_vec_init(n);
    arb_init(w->ph);
    arb_init(w->h2);
    w->sc = flint_malloc(sizeof(double) * n);
    w->have_prev = 0;
}

void
nh_ode_radau_clear(nh_ode_radau_struct *w)
{
    _arb_vec_clear(w->hlu, 1);
    _arb_vec_clear(w->c, w->s);
    arb_mat_clear(w->A);
    arb_mat_clear(w->A2);
    arb_mat_clear(w->fq);
    arb_mat_clear(w->fv);
    _arb_vec_clear(w->f0, w->n);
    flint_free(w->LU);
    flint_free(w->perm);
    flint_free(w->rd);
    _arb_vec_clear(w->Z, w->N);
    _arb_vec_clear(w->dZ, w->N);
    _arb_vec_clear(w->R, w->N);
    _arb_vec_clear(w->F, w->N);
    _arb_vec_clear(w->Qj, w->n);
    _arb_vec_clear(w->Vj, w->n);
    _arb_vec_clear(w->tj, 1);
    _arb_vec_clear(w->pZ, w->N);
    _arb_vec_clear(w->Zg, w->N);
    _arb_vec_clear(w->qb, w->n); _arb_vec_clear(w->vb, w->n);
    _arb_vec_clear(w->qm, w->n); _arb_vec_clear(w->vm, w->n);
    arb_clear(w->ph);
    arb_clear(w->h2);
    flint_free(w->sc);
}

int
nh_ode_radau_jacobian(nh_ode_radau_struct *w, const arb_t t0, arb_srcptr q0, arb_srcptr v0,
                      nh_error_t err)
{
    int status = w->jac(w->f0, w->fq, w->fv, t0, q0, v0, w->param, w->prec, err);
    if (w->st != NULL)
        w->st->jac_evals++;
    w->have_lu = 0;
    return status;
}

static double
mid_d(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

/* Newton matrix I - h A (x) fv - h^2 A^2 (x) fq (the q-stages
   Q_j = q0 + h c_j v0 + h sum_l a_jl Z_l are eliminated) and its LU, both
   in double precision (gsl_linalg_LU_decomp): simplified Newton only needs
   an approximate inverse, the residuals carry the working precision.  0
   when a pivot is zero or not finite (the caller shortens the step). */
static int
ws_factor(nh_ode_radau_struct *w, const arb_t h)
{
    slong n = w->n, s = w->s, N = w->N, i, j, a, b;
    double hd, h2d, aij, a2ij;
    gsl_matrix_view V;
    gsl_permutation P;
    int signum;
    if (w->have_lu && arb_equal(h, w->hlu))
        return 1;
    hd = mid_d(h);
    h2d = hd * hd;
    for (i = 0; i < s; i++)
        for (j = 0; j < s; j++)
        {
            aij = hd * mid_d(arb_mat_entry(w->A, i, j));
            a2ij = h2d * mid_d(arb_mat_entry(w->A2, i, j));
            for (a = 0; a < n; a++)
                for (b = 0; b < n; b++)
                    w->LU[(i * n + a) * N + j * n + b] = ((i == j && a == b) ? 1.0 : 0.0)
                        - aij * mid_d(arb_mat_entry(w->fv, a, b))
                        - a2ij * mid_d(arb_mat_entry(w->fq, a, b));
        }
    arb_set(w->hlu, h);
    V = gsl_matrix_view_array(w->LU, (size_t) N, (size_t) N);
    P.size = (size_t) N;
    P.data = w->perm;
    w->have_lu = (gsl_linalg_LU_decomp(&V.matrix, &P, &signum) == GSL_SUCCESS);
    for (i = 0; i < N && w->have_lu; i++)
        if (!(isfinite(w->LU[i * N + i]) && w->LU[i * N + i] != 0.0))
            w->have_lu = 0;
    return w->have_lu;
}

/* Stage predictor (as in Hairer-Wanner's RADAU5): extrapolate the
   collocation polynomial of a previous step (stage increments pZ, N
   balls, of a step of size ph; node 0 carries increment 0) to the stages
   of a new step of size h starting at the previous end point:
   tau_i = 1 + c_i h / ph, Z_i = p(tau_i) - pZ_s.  Lagrange basis on the
   nodes {0, c_1..c_s}.  A prediction only: Newton corrects it. */
static void
radau_predict(arb_ptr Z, const nh_ode_radau_struct *w, arb_srcptr pZ, const arb_t ph, const arb_t h)
{
    slong n = w->n, s = w->s, i, j, l, a, prec = w->prec;
    arb_t ratio, tau, L, t;
    arb_init(ratio); arb_init(tau); arb_init(L); arb_init(t);
    arb_div(ratio, h, ph, prec);
    _arb_vec_zero(Z, w->N);
    for (i = 0; i < s; i++)
    {
        arb_mul(tau, w->c + i, ratio, prec);
        arb_add_ui(tau, tau, 1, prec);
        for (j = 0; j < s; j++)          /* basis of node c_j (node 0 has value 0) */
        {
            arb_set(L, tau);             /* factor (tau - 0)/(c_j - 0) */
            arb_div(L, L, w->c + j, prec);
            for (l = 0; l < s; l++)
                if (l != j)
                {
                    arb_sub(t, tau, w->c + l, prec);
                    arb_mul(L, L, t, prec);
                    arb_sub(t, w->c + j, w->c + l, prec);
                    arb_div(L, L, t, prec);
                }
            for (a = 0; a < n; a++)
                arb_addmul(Z + i * n + a, L, pZ + j * n + a, prec);
        }
        for (a = 0; a < n; a++)
        {
            arb_sub(Z + i * n + a, Z + i * n + a, pZ + (s - 1) * n + a, prec);
            mag_zero(arb_radref(Z + i * n + a));
        }
    }
    arb_clear(ratio); arb_clear(tau); arb_clear(L); arb_clear(t);
}

/* The Newton correction dZ = Mat^-1 R in double (ws_factor's LU; R in
   w->rd, overwritten), added to Z at prec bits; returns max_i |dZ_i| /
   sc[i mod n]. */
static double
newton_correct(nh_ode_radau_struct *w, const double *sc)
{
    slong N = w->N, i;
    double norm = 0.0, d;
    gsl_vector_view V = gsl_vector_view_array(w->rd, (size_t) N);
    gsl_matrix_view M = gsl_matrix_view_array(w->LU, (size_t) N, (size_t) N);
    gsl_permutation P;
    arf_t df;
    P.size = (size_t) N;
    P.data = w->perm;
    gsl_linalg_LU_svx(&M.matrix, &P, &V.vector);
    arf_init(df);
    for (i = 0; i < N; i++)
    {
        arf_set_d(df, w->rd[i]);
        arb_add_arf(w->Z + i, w->Z + i, df, w->prec);
        mag_zero(arb_radref(w->Z + i));
        d = fabs(w->rd[i]) / sc[i % w->n];
        if (!(d <= norm))
            norm = d;
    }
    arf_clear(df);
    return norm;
}

/* One Radau IIA step (ode.h).  Stage unknowns Z_i = V_i - v0:
     R_i = Z_i - h sum_j a_ij f(Q_j, v0 + Z_j) = 0,
   simplified Newton with the matrix of ws_factor.  The iteration stops
   when the estimated remaining iteration error theta/(1-theta) |dZ|
   (|.| scaled by sc[0..n)) is below kappa; returns 1 on convergence, 0
   if Newton diverges or is too slow (caller reduces h), -1 on a model
   error (err set). */
int
nh_ode_radau_step(nh_ode_radau_struct *w, arb_ptr q1, arb_ptr v1, const arb_t t0, arb_srcptr q0,
           arb_srcptr v0,
           const arb_t h, arb_srcptr Zguess, const double *sc, double kappa, slong maxit,
           int *mstatus, nh_error_t err)
{
    slong n = w->n, s = w->s, N = w->N, i, j, a, it, prec = w->prec;
    double norm, prev = 0.0, theta;
    arb_t t;
    int status, conv = 0;

    if (!ws_factor(w, h))
        return 0;
    arb_init(t);
    if (Zguess != NULL)
        _arb_vec_set(w->Z, Zguess, N);
    else
        _arb_vec_zero(w->Z, N);
    for (it = 0; it < maxit; it++)
    {
        /* stage values and field */
        for (j = 0; j < s; j++)
        {
            for (a = 0; a < n; a++)
            {
                arb_mul(w->Qj + a, w->c + j, v0 + a, prec);
                for (i = 0; i < s; i++)
                    arb_addmul(w->Qj + a, arb_mat_entry(w->A, j, i), w->Z + i * n + a, prec);
                arb_mul(w->Qj + a, w->Qj + a, h, prec);
                arb_add(w->Qj + a, w->Qj + a, q0 + a, prec);
                arb_add(w->Vj + a, v0 + a, w->Z + j * n + a, prec);
            }
            arb_mul(w->tj, w->c + j, h, prec);
            arb_add(w->tj, w->tj, t0, prec);
            status = w->f(w->F + j * n, w->tj, w->Qj, w->Vj, w->param, prec, err);
            if (w->st != NULL)
                w->st->f_evals++;
            if (status != NH_OK)
            {
                *mstatus = status;
                arb_clear(t);
                return -1;
            }
        }
        /* residual, Newton correction */
        for (i = 0; i < s; i++)
            for (a = 0; a < n; a++)
            {
                arb_zero(t);
                for (j = 0; j < s; j++)
                    arb_addmul(t, arb_mat_entry(w->A, i, j), w->F + j * n + a, prec);
                arb_mul(t, t, h, prec);
                arb_sub(t, t, w->Z + i * n + a, prec);
                w->rd[i * n + a] = mid_d(t);
            }
        norm = newton_correct(w, sc);
        if (w->st != NULL)
            w->st->newton_iters++;
        if (!(norm < 1e300))
            break;
        if (norm == 0.0 || (it == 0 && norm < 1e-3 * kappa))
        {
            conv = 1;
            break;
        }
        if (it > 0)
        {
            theta = norm / prev;
            if (theta >= 0.9)
                break;
            if (theta / (1 - theta) * norm < kappa)
            {
                conv = 1;
                break;
            }
        }
        prev = norm;
    }
    if (conv)
    {
        for (a = 0; a < n; a++)
        {
            arb_zero(t);
            for (j = 0; j < s; j++)
                arb_addmul(t, arb_mat_entry(w->A, s - 1, j), w->Z + j * n + a, prec);
            arb_add(t, t, v0 + a, prec);
            arb_mul(t, t, h, prec);
            arb_add(q1 + a, q0 + a, t, prec);
            arb_add(v1 + a, v0 + a, w->Z + (s - 1) * n + a, prec);
        }
        _nh_ode_recentre(q1, n);
        _nh_ode_recentre(v1, n);
    }
    arb_clear(t);
    return conv;
}

/* The adaptive stepper: step doubling, one step hh and two steps hh/2
   from y = (q, v); the stages of the last accepted half step predict the
   next step's. */
static int
radau_start(void *ctx, const arb_t t, arb_srcptr y, int accepted, nh_error_t err)
{
    nh_ode_radau_struct *w = (nh_ode_radau_struct *) ctx;
    if (accepted)
    {
        _arb_vec_set(w->pZ, w->Z, w->N);     /* last half step's stages */
        arb_set(w->ph, w->h2);
        w->have_prev = 1;
    }
    else
        w->have_prev = 0;
    return nh_ode_radau_jacobian(w, t, y, y + w->n, err);
}

static int
radau_attempt(void *ctx, arb_ptr y1, double *errn, double *fac, const arb_t t, arb_srcptr y,
              const arb_t hh, double rtol, double atol, nh_error_t err)
{
    nh_ode_radau_struct *w = (nh_ode_radau_struct *) ctx;
    slong n = w->n, s = w->s, a, prec = w->prec;
    arb_srcptr q = y, v = y + n;
    arb_ptr qh = y1, vh = y1 + n;
    double p = 2 * s - 1;
    int r, ms = NH_OK, have_prev = w->have_prev;
    arb_t tm;

    arb_mul_2exp_si(w->h2, hh, -1);
    for (a = 0; a < n; a++)
        w->sc[a] = atol + rtol * fabs(arf_get_d(arb_midref(v + a), ARF_RND_NEAR));

    /* step doubling: one step hh and two steps hh/2 */
    if (have_prev)
        radau_predict(w->Zg, w, w->pZ, w->ph, hh);
    r = nh_ode_radau_step(w, w->qb, w->vb, t, q, v, hh, have_prev ? w->Zg : NULL, w->sc, 0.03, 12,
                          &ms, err);
    if (r == 1)
    {
        if (have_prev)
            radau_predict(w->Zg, w, w->pZ, w->ph, w->h2);
        r = nh_ode_radau_step(w, w->qm, w->vm, t, q, v, w->h2, have_prev ? w->Zg : NULL, w->sc,
                              0.03, 12, &ms, err);
    }
    if (r == 1)
    {
        radau_predict(w->Zg, w, w->Z, w->h2, w->h2);
        arb_init(tm);
        arb_add(tm, t, w->h2, prec);
        r = nh_ode_radau_step(w, qh, vh, tm, w->qm, w->vm, w->h2, w->Zg, w->sc, 0.03, 12, &ms,
                              err);
        arb_clear(tm);
    }
    if (r < 0)
        return ms;
    if (r == 0)
    {
        *errn = 1e10;          /* Newton failure: shrink */
        *fac = 0.25;
    }
    else
    {
        double eq = _nh_ode_err_norm(qh, w->qb, n, rtol, atol, prec);
        double ev = _nh_ode_err_norm(vh, w->vb, n, rtol, atol, prec);
        *errn = FLINT_MAX(eq, ev) / (pow(2.0, (double) s) - 1.0);
        if (!(*errn < 1e300))
            *errn = 1e300;
        *fac = 0.9 * pow(*errn > 1e-300 ? *errn : 1e-300, -1.0 / (p + 1));
        *fac = FLINT_MIN(4.0, FLINT_MAX(0.2, *fac));
    }
    return NH_OK;
}

void
nh_ode_radau_stepper(nh_ode_stepper_struct *S, nh_ode_radau_struct *w)
{
    S->d = 2 * w->n;
    S->prec = w->prec;
    S->ctx = w;
    S->start = radau_start;
    S->attempt = radau_attempt;
}
