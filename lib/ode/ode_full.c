/* ode_full.c -- Radau IIA integration of the full friction system
   (paper 000 eqs (39)-(40)); see ode.h and doc/integrator.md. */
#include <math.h>
#include <stdio.h>
#include "impl.h"

typedef struct
{
    const nh_model_struct *M;
    slong n, s, N, prec;
    arb_ptr eps, hlu;             /* eps (midpoint), h of the current LU (1 ball each) */
    arb_ptr c;                    /* nodes */
    arb_mat_t A, A2;              /* Radau matrix and A^2 */
    arb_mat_t fq, fv;             /* Jacobians at the step start */
    arb_ptr f0;
    arb_mat_t Mat, LU;            /* Newton matrix and its LU */
    slong *perm;
    int have_lu;
    arb_ptr Z, dZ, R, F, Qj, Vj;  /* work */
    arb_mat_t rhs, sol;
    nh_ode_stats_struct *st;
    _nh_ode_field_struct fld;
}
radau_ws;

static void
ws_init(radau_ws *w, const nh_model_struct *M, const arb_t eps, slong s,
        slong prec, nh_ode_stats_struct *st)
{
    slong n = nh_model_n(M);
    w->M = M;
    w->n = n;
    w->s = s;
    w->N = n * s;
    w->prec = prec;
    w->eps = _arb_vec_init(1);
    arb_set(w->eps, eps);
    mag_zero(arb_radref(w->eps));
    w->hlu = _arb_vec_init(1);
    w->c = _arb_vec_init(s);
    arb_mat_init(w->A, s, s);
    arb_mat_init(w->A2, s, s);
    nh_ode_radau_coeffs(w->c, w->A, s, prec);
    arb_mat_sqr(w->A2, w->A, prec);
    arb_mat_init(w->fq, n, n);
    arb_mat_init(w->fv, n, n);
    w->f0 = _arb_vec_init(n);
    arb_mat_init(w->Mat, w->N, w->N);
    arb_mat_init(w->LU, w->N, w->N);
    w->perm = flint_malloc(sizeof(slong) * w->N);
    w->have_lu = 0;
    w->Z = _arb_vec_init(w->N);
    w->dZ = _arb_vec_init(w->N);
    w->R = _arb_vec_init(w->N);
    w->F = _arb_vec_init(w->N);
    w->Qj = _arb_vec_init(n);
    w->Vj = _arb_vec_init(n);
    arb_mat_init(w->rhs, w->N, 1);
    arb_mat_init(w->sol, w->N, 1);
    w->st = st;
    _nh_ode_field_init(&w->fld, M, prec);
}

static void
ws_clear(radau_ws *w)
{
    _arb_vec_clear(w->eps, 1);
    _arb_vec_clear(w->hlu, 1);
    _arb_vec_clear(w->c, w->s);
    arb_mat_clear(w->A);
    arb_mat_clear(w->A2);
    arb_mat_clear(w->fq);
    arb_mat_clear(w->fv);
    _arb_vec_clear(w->f0, w->n);
    arb_mat_clear(w->Mat);
    arb_mat_clear(w->LU);
    flint_free(w->perm);
    _arb_vec_clear(w->Z, w->N);
    _arb_vec_clear(w->dZ, w->N);
    _arb_vec_clear(w->R, w->N);
    _arb_vec_clear(w->F, w->N);
    _arb_vec_clear(w->Qj, w->n);
    _arb_vec_clear(w->Vj, w->n);
    arb_mat_clear(w->rhs);
    arb_mat_clear(w->sol);
    _nh_ode_field_clear(&w->fld);
}

/* Jacobians at the step start (q0, v0). */
static int
ws_jacobian(radau_ws *w, arb_srcptr q0, arb_srcptr v0, nh_error_t err)
{
    int status = nh_ode_full_jacobian(w->f0, w->fq, w->fv, w->M, w->eps, q0, v0,
                                      w->prec, err);
    if (w->st != NULL)
        w->st->jac_evals++;
    w->have_lu = 0;
    return status;
}

/* Newton matrix I - h A (x) fv - h^2 A^2 (x) fq (the q-stages
   Q_j = q0 + h c_j v0 + h sum_l a_jl Z_l are eliminated) and its LU. */
static int
ws_factor(radau_ws *w, const arb_t h)
{
    slong n = w->n, s = w->s, i, j, a, b, prec = w->prec;
    arb_t h2, t;
    if (w->have_lu && arb_equal(h, w->hlu))
        return 1;
    arb_init(h2);
    arb_init(t);
    arb_sqr(h2, h, prec);
    for (i = 0; i < s; i++)
        for (j = 0; j < s; j++)
            for (a = 0; a < n; a++)
                for (b = 0; b < n; b++)
                {
                    arb_ptr e = arb_mat_entry(w->Mat, i * n + a, j * n + b);
                    arb_mul(e, arb_mat_entry(w->A, i, j), arb_mat_entry(w->fv, a, b), prec);
                    arb_mul(e, e, h, prec);
                    arb_mul(t, arb_mat_entry(w->A2, i, j), arb_mat_entry(w->fq, a, b), prec);
                    arb_addmul(e, t, h2, prec);
                    arb_neg(e, e);
                    if (i == j && a == b)
                        arb_add_ui(e, e, 1, prec);
                }
    arb_clear(h2);
    arb_clear(t);
    arb_set(w->hlu, h);
    w->have_lu = arb_mat_approx_lu(w->perm, w->LU, w->Mat, prec);
    return w->have_lu;
}

/* Stage predictor (as in Hairer-Wanner's RADAU5): extrapolate the
   collocation polynomial of a previous step (stage increments pZ, N
   balls, of a step of size ph; node 0 carries increment 0) to the stages
   of a new step of size h starting at the previous end point:
   tau_i = 1 + c_i h / ph, Z_i = p(tau_i) - pZ_s.  Lagrange basis on the
   nodes {0, c_1..c_s}.  A prediction only: Newton corrects it. */
static void
radau_predict(arb_ptr Z, const radau_ws *w, arb_srcptr pZ, const arb_t ph, const arb_t h)
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

/* One Radau IIA step of size h from (q0, v0) to (q1, v1) (aliasing of
   outputs with inputs not allowed).  Stage unknowns Z_i = V_i - v0:
     R_i = Z_i - h sum_j a_ij f(Q_j, v0 + Z_j) = 0,
   simplified Newton with the matrix of ws_factor.  The iteration stops
   when the estimated remaining iteration error theta/(1-theta) |dZ|
   (|.| scaled by sc[0..n)) is below kappa; returns 1 on convergence, 0
   if Newton diverges or is too slow (caller reduces h), -1 on a model
   error (err set). */
static int
radau_step(radau_ws *w, arb_ptr q1, arb_ptr v1, arb_srcptr q0, arb_srcptr v0,
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
            status = _nh_ode_field_eval(w->F + j * n, &w->fld, w->Qj, w->Vj, w->eps, err);
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
                arb_sub(arb_mat_entry(w->rhs, i * n + a, 0), t, w->Z + i * n + a, prec);
            }
        arb_mat_approx_solve_lu_precomp(w->sol, w->perm, w->LU, w->rhs, prec);
        norm = 0.0;
        for (i = 0; i < N; i++)
        {
            double d;
            arb_add(w->Z + i, w->Z + i, arb_mat_entry(w->sol, i, 0), prec);
            mag_zero(arb_radref(w->Z + i));
            d = fabs(arf_get_d(arb_midref(arb_mat_entry(w->sol, i, 0)), ARF_RND_UP)) / sc[i % n];
            if (!(d <= norm))
                norm = d;
        }
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

/* Adaptive integration of one run at tolerance (rtol, atol). */
static int
full_run(arb_ptr q_out, arb_ptr v_out, radau_ws *w, arb_srcptr q0, arb_srcptr v0,
         arb_srcptr times, slong nt, double rtol, double atol, slong max_steps,
         double h0, double hmax, int quiet, nh_error_t err)
{
    slong n = w->n, s = w->s, k, steps = 0, prec = w->prec, a;
    arb_ptr q, v, qb, vb, qm, vm, qh, vh;
    arb_t t, hh, h2, rem;
    double h, errn, fac, p = 2 * s - 1, last = _nh_ode_wall(), epsd;
    double *sc;
    int status = NH_OK, r, landing, ms = NH_OK, have_prev = 0;
    arb_ptr pZ = _arb_vec_init(w->N), Zg = _arb_vec_init(w->N);
    arb_t ph;

    q = _arb_vec_init(n); v = _arb_vec_init(n);
    qb = _arb_vec_init(n); vb = _arb_vec_init(n);
    qm = _arb_vec_init(n); vm = _arb_vec_init(n);
    qh = _arb_vec_init(n); vh = _arb_vec_init(n);
    sc = flint_malloc(sizeof(double) * n);
    arb_init(t); arb_init(hh); arb_init(h2); arb_init(rem);
    arb_init(ph);
    _arb_vec_set(q, q0, n);
    _arb_vec_set(v, v0, n);
    _nh_ode_recentre(q, n);
    _nh_ode_recentre(v, n);
    epsd = arf_get_d(arb_midref(w->eps), ARF_RND_NEAR);
    h = (h0 > 0) ? h0 : 1e-2 * FLINT_MIN(epsd, 1.0);
    if (max_steps <= 0)
        max_steps = NH_ODE_DEFAULT_MAX_STEPS;

    status = ws_jacobian(w, q, v, err);
    for (k = 0; k < nt && status == NH_OK; k++)
    {
        for (;;)
        {
            landing = _nh_ode_next_step(hh, rem, times + k, t, &h, hmax, prec);
            if (landing < 0)
                break;
            arb_mul_2exp_si(h2, hh, -1);
            for (a = 0; a < n; a++)
                sc[a] = atol + rtol * fabs(arf_get_d(arb_midref(v + a), ARF_RND_NEAR));

            /* step doubling: one step hh and two steps hh/2 */
            if (have_prev)
                radau_predict(Zg, w, pZ, ph, hh);
            r = radau_step(w, qb, vb, q, v, hh, have_prev ? Zg : NULL, sc, 0.03, 12, &ms, err);
            if (r == 1)
            {
                if (have_prev)
                    radau_predict(Zg, w, pZ, ph, h2);
                r = radau_step(w, qm, vm, q, v, h2, have_prev ? Zg : NULL, sc, 0.03, 12, &ms, err);
            }
            if (r == 1)
            {
                radau_predict(Zg, w, w->Z, h2, h2);
                r = radau_step(w, qh, vh, qm, vm, h2, Zg, sc, 0.03, 12, &ms, err);
            }
            if (r < 0)
            {
                status = ms;
                break;
            }
            if (r == 0)
            {
                errn = 1e10;          /* Newton failure: shrink */
                fac = 0.25;
            }
            else
            {
                double eq = _nh_ode_err_norm(qh, qb, n, rtol, atol, prec);
                double ev = _nh_ode_err_norm(vh, vb, n, rtol, atol, prec);
                errn = FLINT_MAX(eq, ev) / (pow(2.0, (double) s) - 1.0);
                if (!(errn < 1e300))
                    errn = 1e300;
                fac = 0.9 * pow(errn > 1e-300 ? errn : 1e-300, -1.0 / (p + 1));
                fac = FLINT_MIN(4.0, FLINT_MAX(0.2, fac));
            }
            if (errn <= 1.0)
            {
                _arb_vec_set(pZ, w->Z, w->N);     /* last half step's stages */
                arb_set(ph, h2);
                have_prev = 1;
                _arb_vec_swap(q, qh, n);
                _arb_vec_swap(v, vh, n);
                if (landing)
                    arb_set(t, times + k);
                else
                    arb_add(t, t, hh, prec);
                mag_zero(arb_radref(t));
                steps++;
                if (w->st != NULL)
                    w->st->steps++;
                if (!landing || fac < 1.0)
                    h = h * fac;
                status = ws_jacobian(w, q, v, err);
                if (status != NH_OK)
                    break;
            }
            else
            {
                if (w->st != NULL)
                    w->st->rejected++;
                h = arf_get_d(arb_midref(hh), ARF_RND_NEAR) * fac;
            }
            if (steps >= max_steps)
            {
                status = nh_error_set(err, NH_ERR_RESOURCE,
                    "integrator: more than %ld steps before t = %g (eps = %g)",
                    (long) max_steps, arf_get_d(arb_midref(t), ARF_RND_NEAR), epsd);
                break;
            }
            if (h < 1e-40 * FLINT_MAX(1.0, epsd))
            {
                status = nh_error_set(err, NH_ERR_PRECISION,
                    "integrator: step size underflow (h = %g) at t = %g; "
                    "tolerance %g too tight for %ld bits?",
                    h, arf_get_d(arb_midref(t), ARF_RND_NEAR), rtol, (long) prec);
                break;
            }
            if (!quiet && _nh_ode_wall() - last > 2.0)
            {
                last = _nh_ode_wall();
                fprintf(stderr, "ode: full eps=%g t=%.6g h=%.3g steps=%ld\n",
                        epsd, arf_get_d(arb_midref(t), ARF_RND_NEAR), h, (long) steps);
            }
        }
        if (status == NH_OK)
        {
            _arb_vec_set(q_out + k * n, q, n);
            _arb_vec_set(v_out + k * n, v, n);
        }
    }

    _arb_vec_clear(q, n); _arb_vec_clear(v, n);
    _arb_vec_clear(qb, n); _arb_vec_clear(vb, n);
    _arb_vec_clear(qm, n); _arb_vec_clear(vm, n);
    _arb_vec_clear(qh, n); _arb_vec_clear(vh, n);
    flint_free(sc);
    arb_clear(t); arb_clear(hh); arb_clear(h2); arb_clear(rem);
    _arb_vec_clear(pZ, w->N);
    _arb_vec_clear(Zg, w->N);
    arb_clear(ph);
    return status;
}

static int
check_common(const nh_model_struct *M, const arb_t eps, arb_srcptr times, slong nt,
             const nh_ode_opts_t o, nh_error_t err)
{
    if (!arb_is_finite(eps) || arf_sgn(arb_midref(eps)) <= 0)
        return nh_error_set(err, NH_ERR_USAGE, "eps must be positive");
    if (o->stages < 1 || o->stages > 9)
        return nh_error_set(err, NH_ERR_USAGE, "Radau stages must be in 1..9, got %ld",
                            (long) o->stages);
    if (!(o->rtol >= 0 && o->atol > 0))
        return nh_error_set(err, NH_ERR_USAGE, "tolerances must be rtol >= 0, atol > 0");
    if (o->prec < 32)
        return nh_error_set(err, NH_ERR_USAGE, "precision must be at least 32 bits");
    (void) M;
    return _nh_ode_check_times(times, nt, err);
}

int
nh_ode_full(arb_ptr q_out, arb_ptr v_out, arb_ptr gerr_q, arb_ptr gerr_v,
            const nh_model_struct *M, const arb_t eps,
            arb_srcptr q0, arb_srcptr v0, arb_srcptr times, slong nt,
            const nh_ode_opts_t opts, nh_ode_stats_t st, nh_error_t err)
{
    slong n = nh_model_n(M);
    radau_ws w;
    nh_ode_stats_t st0;
    double t0 = _nh_ode_wall();
    int status;
    nh_ode_stats_struct *sp = (st != NULL) ? st : st0;

    status = check_common(M, eps, times, nt, opts, err);
    if (status != NH_OK)
        return status;
    nh_ode_stats_init(sp);
    ws_init(&w, M, eps, opts->stages, opts->prec, sp);
    if (gerr_q == NULL && gerr_v == NULL)
    {
        status = full_run(q_out, v_out, &w, q0, v0, times, nt, opts->rtol, opts->atol,
                          opts->max_steps, opts->h0, opts->hmax, opts->quiet, err);
    }
    else
    {
        /* global error estimate: coarse run at (rtol, atol), fine run at
           (rtol, atol) * gerr_factor; return the fine one and |coarse - fine| */
        arb_ptr qc = _arb_vec_init(nt * n), vc = _arb_vec_init(nt * n);
        double f = opts->gerr_factor > 0 && opts->gerr_factor < 1 ? opts->gerr_factor : 1e-3;
        status = full_run(qc, vc, &w, q0, v0, times, nt, opts->rtol, opts->atol,
                          opts->max_steps, opts->h0, opts->hmax, opts->quiet, err);
        if (status == NH_OK)
        {
            nh_ode_stats_init(sp);
            status = full_run(q_out, v_out, &w, q0, v0, times, nt, opts->rtol * f,
                              opts->atol * f, opts->max_steps, opts->h0, opts->hmax,
                              opts->quiet, err);
        }
        if (status == NH_OK)
            _nh_ode_gerr(gerr_q, gerr_v, sp, qc, vc, q_out, v_out, nt * n, opts->prec);
        _arb_vec_clear(qc, nt * n);
        _arb_vec_clear(vc, nt * n);
    }
    ws_clear(&w);
    sp->seconds = _nh_ode_wall() - t0;
    return status;
}

int
nh_ode_full_fixed(arb_ptr q, arb_ptr v, const nh_model_struct *M,
                  const arb_t eps, const arb_t T, slong nsteps, slong s,
                  slong prec, nh_error_t err)
{
    slong n = nh_model_n(M), k, a;
    radau_ws w;
    arb_t h;
    arb_ptr q1, v1;
    double *sc;
    int status = NH_OK, r, ms = NH_OK;

    if (nsteps < 1 || s < 1 || s > 9)
        return nh_error_set(err, NH_ERR_USAGE, "fixed step: need nsteps >= 1, 1 <= s <= 9");
    ws_init(&w, M, eps, s, prec, NULL);
    arb_init(h);
    arb_div_si(h, T, nsteps, prec);
    mag_zero(arb_radref(h));
    q1 = _arb_vec_init(n);
    v1 = _arb_vec_init(n);
    sc = flint_malloc(sizeof(double) * n);
    _nh_ode_recentre(q, n);
    _nh_ode_recentre(v, n);
    for (k = 0; k < nsteps && status == NH_OK; k++)
    {
        for (a = 0; a < n; a++)
            sc[a] = ldexp(1.0 + fabs(arf_get_d(arb_midref(v + a), ARF_RND_NEAR)), -(int) prec + 8);
        status = ws_jacobian(&w, q, v, err);
        if (status != NH_OK)
            break;
        r = radau_step(&w, q1, v1, q, v, h, NULL, sc, 1.0, 100, &ms, err);
        if (r < 0)
            status = ms;
        else if (r == 0)
            status = nh_error_set(err, NH_ERR_PRECISION,
                                  "fixed step: Newton did not converge at step %ld", (long) k);
        else
        {
            _arb_vec_swap(q, q1, n);
            _arb_vec_swap(v, v1, n);
        }
    }
    flint_free(sc);
    _arb_vec_clear(q1, n);
    _arb_vec_clear(v1, n);
    arb_clear(h);
    ws_clear(&w);
    return status;
}
