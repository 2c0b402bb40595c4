/*
 * t-geom_identities.c -- identities of the geometry, on every shipped
 * case (cases/ *.nh) at random points.  These are second methods
 * (t-geom_closed.c has the closed forms):
 *   - constant terms by routes other than the library's formulas
 *     (G^-1 A^T S^-1 A, ...; see constant_terms below): G Ginv = I, P from
 *     a basis of D = ker A, G FR_sharp = A^T mu_bar A, Q as the inverse of
 *     FR_sharp on D_perp extended by 0 on D;
 *   - as jets (all coefficients to the order they are exact):
 *       P^2 = P,  A P = 0,  G P symmetric (P is G-self-adjoint),
 *       Q FR_sharp = P_perp (Lemma 4),  Q P = 0,  P_perp FR_sharp = FR_sharp
 *       (image of FR_sharp is D_perp),
 *       Gamma^i_{jk} = Gamma^i_{kj},
 *       metric compatibility d_k G_ij = G_il Gamma^l_kj + G_jl Gamma^l_ki;
 *   - jets at order ord < ctx->order agree with the leading coefficients
 *     of the order ctx->order computation;
 *   - pointwise: nabla_X P = -nabla_X P_perp (P + P_perp = I, nabla I = 0),
 *     (nabla P) P + P (nabla P) = nabla P (differentiate P^2 = P),
 *     G (nabla_X P) symmetric (nabla G = 0 and G P symmetric),
 *     Leibniz: nabla_X (P Y) = (nabla_X P) Y + P nabla_X Y for Y = grad V
 *     and for Y = the first column of FR_sharp.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include "geom.h"
#include "tap.h"

#define PREC 128
#define TOLBITS 70
#define ORD 3

static int
close0(const arb_t d)
{
    return arb_contains_zero(d) && mag_cmp_2exp_si(arb_radref(d), -TOLBITS) < 0;
}

/* entries a - b contain 0 and are narrow */
static int
mat_eq(const arb_mat_t a, const arb_mat_t b, const char *what)
{
    slong i, j;
    arb_t d;
    int ok = 1;
    arb_init(d);
    for (i = 0; ok && i < arb_mat_nrows(a); i++)
        for (j = 0; ok && j < arb_mat_ncols(a); j++)
        {
            arb_sub(d, arb_mat_entry(a, i, j), arb_mat_entry(b, i, j), PREC);
            if (!close0(d))
            {
                char *s = arb_get_str(d, 10, 0);
                tap_diag("%s[%ld][%ld]: difference %s", what, (long) i, (long) j, s);
                flint_free(s);
                ok = 0;
            }
        }
    arb_clear(d);
    return ok;
}

/* jets a - b: every coefficient of degree <= ord contains 0, narrow */
static int
jet_eq(arb_srcptr a, arb_srcptr b, slong ord, const jet_ctx_t ctx)
{
    slong k, len = jet_ctx_len(ctx, ord);
    arb_t d;
    int ok = 1;
    arb_init(d);
    for (k = 0; ok && k < len; k++)
    {
        arb_sub(d, a + k, b + k, PREC);
        ok = close0(d);
    }
    arb_clear(d);
    return ok;
}

static int
jmat_eq(const jet_mat_t A, const jet_mat_t B, slong ord, const jet_ctx_t ctx)
{
    slong i;
    for (i = 0; i < A->r * A->c; i++)
        if (!jet_eq(A->entries + i * ctx->len, B->entries + i * ctx->len, ord, ctx))
        {
            tap_diag("jet entry %ld differs", (long) i);
            return 0;
        }
    return 1;
}

static void
rand_point(arb_t x, flint_rand_t st)
{
    arb_set_si(x, (slong) n_randint(st, 4001) - 2000);
    arb_div_si(x, x, 1000, PREC);
}

/* The cases the issue requires (cases/ may hold other models, e.g.
   candidate metrics that are not positive definite). */
static int
required_case(const char *name)
{
    static const char *req[] = { "vertical_disk", "chaplygin_sleigh",
                                 "pendulum_radial_friction", "inclined_sleigh" };
    size_t i;
    for (i = 0; i < sizeof req / sizeof req[0]; i++)
        if (strcmp(name, req[i]) == 0)
            return 1;
    return 0;
}

/* Constant terms of Ginv, P, P_perp, FR_sharp, Q at q0 by routes other
   than the library's (lib/geom/geom_compute.c builds P_perp =
   G^-1 A^T S^-1 A from the constraint forms, P = I - P_perp,
   FR_sharp = G^-1 A^T mu A and Q = G^-1 A^T S^-1 mu^-1 S^-1 A; typing
   those formulas again here would only repeat them).  G0, A0, mu0 are
   the constant terms of the model's G, A, mu_bar.
   - Ginv: G0 Ginv = I, the defining property of the inverse.
   - P from D instead of D_perp: choose m columns B of A0 with A_B
     invertible (the choice with the largest |det|), F the other n - m;
     the n - m columns of N with rows N_F = I, N_B = -A_B^-1 A_F span
     D = ker A0 (A0 N = A_B N_B + A_F = 0; independent by the identity
     block).  The G-orthogonal projection onto D is
         P = N (N^T G0 N)^-1 N^T G0
     (P v = N c with N^T G0 (v - N c) = 0: v - P v is G-orthogonal to
     D), and P_perp = I - P.
   - FR_sharp is the G-sharp of the friction form: G0 FR_sharp =
     A0^T mu0 A0 (checked without inverting G0).
   - Q (Lemma 4): FR_sharp vanishes on D (A0 does) and maps D_perp
     into itself invertibly (mu_bar positive); Q is its inverse there,
     extended by 0 on D.  In the splitting R^n = D + D_perp, FR_sharp =
     diag(0, F) and P = diag(I, 0), so FR_sharp + P = diag(I, F) is
     invertible and
         Q = (FR_sharp + P)^-1 - P
     with P from the kernel basis and FR_sharp certified by the previous
     item. */
static int
constant_terms(const nh_geom_struct *g, slong n, slong m, const jet_ctx_t ctx)
{
    arb_mat_t G0, A0, mu0, I, c, c2, At, Atmu, N, Nt, NtG, NtGN, NtGNi, R, P, Pp, AB, AF, X, best;
    slong d = n - m, i, j, k, mask, bmask = -1;
    slong *cols = flint_malloc(sizeof(slong) * (size_t) (n > 0 ? n : 1));
    arb_t det;
    arf_t dmax;
    int ok = 1;

    arb_mat_init(G0, n, n); arb_mat_init(A0, m, n); arb_mat_init(mu0, m, m);
    arb_mat_init(I, n, n); arb_mat_init(c, n, n); arb_mat_init(c2, n, n);
    arb_mat_init(At, n, m); arb_mat_init(Atmu, n, m); arb_mat_init(N, n, d);
    arb_mat_init(Nt, d, n); arb_mat_init(NtG, d, n); arb_mat_init(R, d, n);
    arb_mat_init(NtGN, d, d); arb_mat_init(NtGNi, d, d);
    arb_mat_init(P, n, n); arb_mat_init(Pp, n, n);
    arb_mat_init(AB, m, m); arb_mat_init(AF, m, d); arb_mat_init(X, m, d);
    arb_mat_init(best, m, d);
    arb_init(det);
    arf_init(dmax);
    jet_mat_get_const(G0, g->G, ctx);
    jet_mat_get_const(A0, g->A, ctx);
    jet_mat_get_const(mu0, g->mu, ctx);
    arb_mat_one(I);

    /* G0 Ginv = I */
    jet_mat_get_const(c, g->Ginv, ctx);
    arb_mat_mul(c2, G0, c, PREC);
    ok = mat_eq(c2, I, "G Ginv - I") && ok;

    /* a basis N of D = ker A0: columns B (bits of bmask) with A_B
       invertible and the largest |det A_B| */
    if (n > 20)
        tap_bail("constant_terms: n = %ld is too large for the column search", (long) n);
    for (mask = 0; mask < ((slong) 1 << n); mask++)
    {
        slong nb = 0, nf = 0;
        for (k = 0; k < n; k++)
            nb += (mask >> k) & 1;
        if (nb != m)
            continue;
        nb = 0;
        for (k = 0; k < n; k++)
            if ((mask >> k) & 1)
            {
                for (i = 0; i < m; i++)
                    arb_set(arb_mat_entry(AB, i, nb), arb_mat_entry(A0, i, k));
                nb++;
            }
            else
            {
                for (i = 0; i < m; i++)
                    arb_set(arb_mat_entry(AF, i, nf), arb_mat_entry(A0, i, k));
                nf++;
            }
        arb_mat_det(det, AB, PREC);
        if (arb_contains_zero(det) || (bmask >= 0 && arf_cmpabs(arb_midref(det), dmax) <= 0))
            continue;
        if (!arb_mat_solve(X, AB, AF, PREC))                 /* A_B^-1 A_F */
            continue;
        arf_abs(dmax, arb_midref(det));
        arb_mat_set(best, X);
        bmask = mask;
    }
    if (bmask < 0)
    {
        tap_diag("no m columns of A(q0) certified independent");
        ok = 0;
    }
    else
    {
        slong nb = 0, nf = 0;
        for (k = 0; k < n; k++)
            cols[k] = ((bmask >> k) & 1) ? nb++ : nf++;
        arb_mat_zero(N);
        for (k = 0; k < n; k++)
            for (j = 0; j < d; j++)
            {
                if ((bmask >> k) & 1)
                    arb_neg(arb_mat_entry(N, k, j), arb_mat_entry(best, cols[k], j));
                else if (cols[k] == j)
                    arb_one(arb_mat_entry(N, k, j));
            }
        /* P = N (N^T G0 N)^-1 N^T G0 (P = 0 when D = 0) */
        arb_mat_transpose(Nt, N);
        arb_mat_mul(NtG, Nt, G0, PREC);
        arb_mat_mul(NtGN, NtG, N, PREC);
        if (d > 0 && !arb_mat_inv(NtGNi, NtGN, PREC))
        {
            tap_diag("N^T G N not certified invertible");
            ok = 0;
        }
        arb_mat_mul(R, NtGNi, NtG, PREC);
        arb_mat_mul(P, N, R, PREC);
        arb_mat_sub(Pp, I, P, PREC);
        jet_mat_get_const(c, g->P, ctx);
        ok = mat_eq(c, P, "P vs the projection onto ker A") && ok;
        jet_mat_get_const(c, g->Pperp, ctx);
        ok = mat_eq(c, Pp, "P_perp vs I - the projection onto ker A") && ok;

        /* G0 FR_sharp = A0^T mu0 A0 */
        arb_mat_transpose(At, A0);
        arb_mat_mul(Atmu, At, mu0, PREC);
        arb_mat_mul(c2, Atmu, A0, PREC);
        jet_mat_get_const(c, g->FRs, ctx);
        arb_mat_mul(Pp, G0, c, PREC);
        ok = mat_eq(Pp, c2, "G FR_sharp vs A^T mu A") && ok;

        /* Q = (FR_sharp + P)^-1 - P */
        arb_mat_add(c2, c, P, PREC);
        if (!arb_mat_inv(Pp, c2, PREC))
        {
            tap_diag("FR_sharp + P not certified invertible");
            ok = 0;
        }
        arb_mat_sub(c2, Pp, P, PREC);
        jet_mat_get_const(c, g->Q, ctx);
        ok = mat_eq(c, c2, "Q vs (FR_sharp + P)^-1 - P") && ok;
    }

    flint_free(cols);
    arb_clear(det);
    arf_clear(dmax);
    arb_mat_clear(G0); arb_mat_clear(A0); arb_mat_clear(mu0); arb_mat_clear(I);
    arb_mat_clear(c); arb_mat_clear(c2); arb_mat_clear(At); arb_mat_clear(Atmu);
    arb_mat_clear(N); arb_mat_clear(Nt); arb_mat_clear(NtG); arb_mat_clear(R);
    arb_mat_clear(NtGN); arb_mat_clear(NtGNi); arb_mat_clear(P); arb_mat_clear(Pp);
    arb_mat_clear(AB); arb_mat_clear(AF); arb_mat_clear(X); arb_mat_clear(best);
    return ok;
}

static void
check_case(const char *path, flint_rand_t st)
{
    nh_model_ptr M;
    nh_error_t err;
    slong n, m, it, i, j, k, l, try;
    jet_ctx_t ctx;
    nh_geom_t g, g2;
    arb_ptr q0, X, Yc, r1, r2, r3;
    jet_mat_t T, U, Yj, PY;
    arb_mat_t G0, c, c2, nP, nPp, P0;

    nh_error_init(err);
    if (nh_model_load(&M, path, err) != NH_OK)
    {
        tap_ok(0, "load %s: %s", path, err->msg);
        return;
    }
    n = nh_model_n(M);
    m = nh_model_m(M);
    if (!nh_model_is_linear_autonomous(M))
    {
        /* outside paper 000's class (time dependence, affine constraints,
           oneform or force): the geometry must refuse it, naming the model */
        arb_ptr qz = _arb_vec_init(n);
        int r1c, r2c;
        jet_ctx_init(ctx, n, 1);
        nh_geom_init(g, M, ctx);
        r1c = nh_geom_compute(g, M, qz, 1, ctx, 64, err);
        tap_ok(r1c == NH_ERR_MODEL && strstr(err->msg, nh_model_name(M)) != NULL,
               "%s: outside paper 000's class, nh_geom_compute refuses it (%s)",
               nh_model_name(M), err->msg);
        nh_error_init(err);
        r2c = nh_geom_check_point(M, qz, 64, err);
        tap_ok(r2c == NH_ERR_MODEL, "%s: nh_geom_check_point refuses it too",
               nh_model_name(M));
        nh_geom_clear(g, ctx);
        jet_ctx_clear(ctx);
        _arb_vec_clear(qz, n);
        nh_model_free(M);
        return;
    }
    jet_ctx_init(ctx, n, ORD);
    nh_geom_init(g, M, ctx);
    nh_geom_init(g2, M, ctx);
    q0 = _arb_vec_init(n); X = _arb_vec_init(n); Yc = _arb_vec_init(n);
    r1 = _arb_vec_init(n); r2 = _arb_vec_init(n); r3 = _arb_vec_init(n);
    jet_mat_init(T, n, n, ctx); jet_mat_init(U, m, n, ctx);
    jet_mat_init(Yj, n, 1, ctx); jet_mat_init(PY, n, 1, ctx);
    arb_mat_init(G0, n, n); arb_mat_init(c, n, n); arb_mat_init(c2, n, n);
    arb_mat_init(nP, n, n); arb_mat_init(nPp, n, n); arb_mat_init(P0, n, n);

    for (it = 0; it < 3; it++)
    {
        int r = NH_ERR_MODEL, ok;
        /* random point; retry if it happens to be degenerate (e.g. the
           origin of pendulum_radial_friction) */
        for (try = 0; try < 20 && r != NH_OK; try++)
        {
            for (i = 0; i < n; i++)
                rand_point(q0 + i, st);
            r = nh_geom_compute(g, M, q0, ORD, ctx, PREC, err);
        }
        if (r == NH_ERR_MODEL && !required_case(nh_model_name(M)))
        {
            /* a model file that is not one of the cases and is
               degenerate at every point tried (e.g. a candidate metric
               that is indefinite): the geometry must refuse it with a
               message naming the point, and nh_geom_check_point must
               agree */
            nh_error_t err2;
            int r2;
            nh_error_init(err2);
            r2 = nh_geom_check_point(M, q0, PREC, err2);
            tap_ok(strstr(err->msg, "at q = (") != NULL && r2 == NH_ERR_MODEL
                   && strcmp(err->msg, err2->msg) == 0,
                   "%s: degenerate at 20 random points, refused consistently (%s)",
                   nh_model_name(M), err->msg);
            break;
        }
        if (!tap_ok(r == NH_OK, "%s: compute at a random point%s%s", nh_model_name(M), err->msg[0] ? ": " : "", err->msg))
            continue;

        /* ---- constant terms by second routes ---- */
        ok = constant_terms(g, n, m, ctx);
        tap_ok(ok, "%s: constant terms: G Ginv = I; P, P_perp from a basis of ker A; "
               "G FR_sharp = A^T mu A; Q = (FR_sharp + P)^-1 - P", nh_model_name(M));

        /* ---- jet identities ---- */
        jet_mat_mul(T, g->P, g->P, ORD, ctx, PREC);
        tap_ok(jmat_eq(T, g->P, ORD, ctx), "%s: P^2 = P (jets to order %d)", nh_model_name(M), ORD);
        jet_mat_mul(U, g->A, g->P, ORD, ctx, PREC);
        {
            jet_mat_t Z;
            jet_mat_init(Z, m, n, ctx);
            tap_ok(jmat_eq(U, Z, ORD, ctx), "%s: A P = 0 (jets)", nh_model_name(M));
            jet_mat_clear(Z, ctx);
        }
        jet_mat_mul(T, g->G, g->P, ORD, ctx, PREC);
        ok = 1;
        for (i = 0; i < n; i++)
            for (j = 0; j < i; j++)
                ok = ok && jet_eq(JET_MAT_ENTRY(T, i, j, ctx), JET_MAT_ENTRY(T, j, i, ctx), ORD, ctx);
        tap_ok(ok, "%s: G P symmetric (P G-self-adjoint; jets)", nh_model_name(M));
        jet_mat_mul(T, g->Q, g->FRs, ORD, ctx, PREC);
        tap_ok(jmat_eq(T, g->Pperp, ORD, ctx), "%s: Q FR_sharp = P_perp (Lemma 4; jets)", nh_model_name(M));
        jet_mat_mul(T, g->Q, g->P, ORD, ctx, PREC);
        {
            jet_mat_t Z;
            jet_mat_init(Z, n, n, ctx);
            tap_ok(jmat_eq(T, Z, ORD, ctx), "%s: Q P = 0 (Q vanishes on D; jets)", nh_model_name(M));
            jet_mat_clear(Z, ctx);
        }
        jet_mat_mul(T, g->Pperp, g->FRs, ORD, ctx, PREC);
        tap_ok(jmat_eq(T, g->FRs, ORD, ctx), "%s: P_perp FR_sharp = FR_sharp (image in D_perp; jets)", nh_model_name(M));
        jet_mat_mul(T, g->Pperp, g->Q, ORD, ctx, PREC);
        tap_ok(jmat_eq(T, g->Q, ORD, ctx), "%s: P_perp Q = Q (image of Q in D_perp; jets)", nh_model_name(M));

        ok = 1;
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                for (k = 0; k < j; k++)
                    ok = ok && jet_eq(NH_GAMMA(g, i, j, k, ctx), NH_GAMMA(g, i, k, j, ctx), ORD - 1, ctx);
        tap_ok(ok, "%s: Gamma^i_jk = Gamma^i_kj (jets)", nh_model_name(M));

        /* metric compatibility: d_k G_ij = G_il Gamma^l_kj + G_jl Gamma^l_ki
           (exact to order ORD - 1) */
        ok = 1;
        {
            arb_ptr dG = jet_init(ctx), rhs = jet_init(ctx);
            for (i = 0; i < n; i++)
                for (j = 0; j < n; j++)
                    for (k = 0; k < n; k++)
                    {
                        jet_derivative(dG, JET_MAT_ENTRY(g->G, i, j, ctx), k, ctx, PREC);
                        jet_zero(rhs, ctx);
                        for (l = 0; l < n; l++)
                        {
                            jet_addmul(rhs, JET_MAT_ENTRY(g->G, i, l, ctx), NH_GAMMA(g, l, k, j, ctx), ORD - 1, ctx, PREC);
                            jet_addmul(rhs, JET_MAT_ENTRY(g->G, j, l, ctx), NH_GAMMA(g, l, k, i, ctx), ORD - 1, ctx, PREC);
                        }
                        ok = ok && jet_eq(dG, rhs, ORD - 1, ctx);
                    }
            jet_clear(dG, ctx);
            jet_clear(rhs, ctx);
        }
        tap_ok(ok, "%s: metric compatibility d_k G_ij = G_il Gamma^l_kj + G_jl Gamma^l_ki (jets)", nh_model_name(M));

        /* order ORD - 1 in the same context: leading coefficients agree */
        r = nh_geom_compute(g2, M, q0, ORD - 1, ctx, PREC, err);
        ok = (r == NH_OK) && jmat_eq(g2->P, g->P, ORD - 1, ctx) && jmat_eq(g2->Q, g->Q, ORD - 1, ctx)
             && jmat_eq(g2->FRs, g->FRs, ORD - 1, ctx) && jmat_eq(g2->gradV, g->gradV, ORD - 2, ctx);
        for (i = 0; ok && i < n * n * n; i++)
            ok = jet_eq(g2->Gamma + i * ctx->len, g->Gamma + i * ctx->len, ORD - 2, ctx);
        tap_ok(ok, "%s: compute at ord %d agrees with ord %d on the common coefficients", nh_model_name(M), ORD - 1, ORD);

        /* ---- pointwise covariant derivatives ---- */
        for (i = 0; i < n; i++)
            rand_point(X + i, st);
        nh_geom_cov_tensor(nP, g, g->P, X, ctx, PREC);
        nh_geom_cov_tensor(nPp, g, g->Pperp, X, ctx, PREC);
        arb_mat_neg(c, nPp);
        tap_ok(mat_eq(nP, c, "nabla P + nabla Pperp"), "%s: nabla_X P = -nabla_X P_perp", nh_model_name(M));
        jet_mat_get_const(P0, g->P, ctx);
        arb_mat_mul(c, nP, P0, PREC);
        arb_mat_mul(c2, P0, nP, PREC);
        arb_mat_add(c, c, c2, PREC);
        tap_ok(mat_eq(c, nP, "(nabla P)P + P(nabla P) - nabla P"), "%s: (nabla_X P) P + P (nabla_X P) = nabla_X P", nh_model_name(M));
        jet_mat_get_const(G0, g->G, ctx);
        arb_mat_mul(c, G0, nP, PREC);
        arb_mat_transpose(c2, c);
        tap_ok(mat_eq(c, c2, "G nabla P"), "%s: G (nabla_X P) symmetric", nh_model_name(M));

        /* Leibniz for Y = grad V and Y = first column of FR_sharp */
        for (l = 0; l < 2; l++)
        {
            for (i = 0; i < n; i++)
                jet_set(JET_MAT_ENTRY(Yj, i, 0, ctx),
                        l == 0 ? JET_MAT_ENTRY(g->gradV, i, 0, ctx) : JET_MAT_ENTRY(g->FRs, i, 0, ctx), ctx);
            jet_mat_mul(PY, g->P, Yj, ORD, ctx, PREC);
            nh_geom_cov_vector(r1, g, PY->entries, X, ctx, PREC);      /* nabla (P Y) */
            nh_geom_cov_vector(r2, g, Yj->entries, X, ctx, PREC);      /* nabla Y */
            for (i = 0; i < n; i++)
                arb_set(Yc + i, JET_MAT_ENTRY(Yj, i, 0, ctx));
            /* r3 = (nabla P) Y + P nabla Y */
            for (i = 0; i < n; i++)
            {
                arb_zero(r3 + i);
                for (j = 0; j < n; j++)
                {
                    arb_addmul(r3 + i, arb_mat_entry(nP, i, j), Yc + j, PREC);
                    arb_addmul(r3 + i, arb_mat_entry(P0, i, j), r2 + j, PREC);
                }
            }
            ok = 1;
            for (i = 0; i < n; i++)
            {
                arb_t d;
                arb_init(d);
                arb_sub(d, r1 + i, r3 + i, PREC);
                ok = ok && close0(d);
                arb_clear(d);
            }
            tap_ok(ok, "%s: Leibniz nabla_X (P Y) = (nabla_X P) Y + P nabla_X Y, Y = %s",
                   nh_model_name(M), l == 0 ? "grad V" : "FR_sharp column 0");
        }
    }

    nh_geom_clear(g, ctx);
    nh_geom_clear(g2, ctx);
    _arb_vec_clear(q0, n); _arb_vec_clear(X, n); _arb_vec_clear(Yc, n);
    _arb_vec_clear(r1, n); _arb_vec_clear(r2, n); _arb_vec_clear(r3, n);
    jet_mat_clear(T, ctx); jet_mat_clear(U, ctx); jet_mat_clear(Yj, ctx); jet_mat_clear(PY, ctx);
    arb_mat_clear(G0); arb_mat_clear(c); arb_mat_clear(c2);
    arb_mat_clear(nP); arb_mat_clear(nPp); arb_mat_clear(P0);
    jet_ctx_clear(ctx);
    nh_model_free(M);
}

static int
cmpstr(const void *a, const void *b)
{
    return strcmp(*(char * const *) a, *(char * const *) b);
}

int
main(void)
{
    const char *top = getenv("NH_TOP_SRCDIR");
    char dir[4096], path[8192];
    char *names[256];
    int nn = 0, i;
    DIR *d;
    struct dirent *e;
    flint_rand_t st;

    snprintf(dir, sizeof dir, "%s/cases", top ? top : "..");
    d = opendir(dir);
    if (d == NULL)
        tap_bail("cannot open %s", dir);
    while ((e = readdir(d)) != NULL && nn < 256)
    {
        size_t L = strlen(e->d_name);
        if (L > 3 && strcmp(e->d_name + L - 3, ".nh") == 0)
            names[nn++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, nn, sizeof(char *), cmpstr);
    if (nn == 0)
        tap_bail("no cases in %s", dir);

    flint_rand_init(st);
    tap_diag("flint_rand_t with default seed (flint_rand_init); %d cases", nn);
    for (i = 0; i < nn; i++)
    {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        check_case(path, st);
        free(names[i]);
    }
    flint_rand_clear(st);
    flint_cleanup();
    return tap_done();
}
