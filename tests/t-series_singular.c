/*
 * _nh_series_singular (lib/series/impl.h) and the time-derivative
 * route's reaction to a matrix along the series that jet_mat_solve
 * cannot invert (issue 16: it was always NH_ERR_MODEL, exit 3, never
 * retried).
 *
 * 1-3. Hand-made 2 x 2 jet matrices, expected verdicts by hand:
 *   [[1 +/- 2, 0], [0, 1]]: the ball holds I (invertible) and
 *     diag(0, 1) (singular): undecided, NH_ERR_DOMAIN;
 *   [[1, 1], [1, 1]] exact: determinant 0: NH_ERR_MODEL;
 *   [[-1 +/- 1/2, 0], [0, 1]]: every matrix in the ball has a negative
 *     (1,1) entry, so none is positive definite: NH_ERR_MODEL.
 * 4-5. The rolling disc (cases/rolling_disc.nh) at the point where the
 *   order-2 reduced system of `converge --T 1/2 --prec 128` stopped
 *   (doc/cases.md): the integrator's state there has radii up to 1e-2
 *   (below, rounded), and at 128 bits S = A G^{-1} A^T along the series
 *   is not certified invertible.  S is positive definite wherever G is
 *   (A has the identity in its x, y columns, so rank 2 everywhere), and
 *   G is positive definite (a kinetic energy of a rigid disc whose
 *   inertia A, C > 0 and m > 0: T = 0 only for zero velocity), so the
 *   answer must be NH_ERR_DOMAIN (retry), never NH_ERR_MODEL; at the
 *   exact midpoint the same call succeeds.  Since jet_mat_solve also
 *   solves wide systems preconditioned and intersects (2026-11-29), the
 *   ~1e-2 point is certified (either verdict is accepted there); with
 *   the radii 64 times wider the answer must be NH_ERR_DOMAIN (there the
 *   metric itself is not certified positive definite).
 */
#include <string.h>
#include "tap.h"
#include "case_testutil.h"
#include "series.h"
#include "series/impl.h"

#define PREC 128

static int
classify(const char *m11, const char *m12, const char *m22)
{
    jet_ctx_t ctx;
    jet_mat_t X;
    nh_error_t err;
    int r;
    jet_ctx_init(ctx, 2, 1);
    jet_mat_init(X, 2, 2, ctx);
    arb_set_str(JET_MAT_ENTRY(X, 0, 0, ctx), m11, PREC);
    arb_set_str(JET_MAT_ENTRY(X, 0, 1, ctx), m12, PREC);
    arb_set_str(JET_MAT_ENTRY(X, 1, 0, ctx), m12, PREC);
    arb_set_str(JET_MAT_ENTRY(X, 1, 1, ctx), m22, PREC);
    /* a first-order term, so that the matrix is a genuine jet */
    arb_one(JET_MAT_ENTRY(X, 0, 0, ctx) + 1);
    nh_error_init(err);
    r = _nh_series_singular(X, "X", ctx, PREC, err);
    tap_diag("%s", err->msg);
    jet_mat_clear(X, ctx);
    jet_ctx_clear(ctx);
    return r;
}

int
main(void)
{
    /* point of the failure (x, y, theta, phi, psi) and radii */
    static const char *mid[5] = {"-0.055", "-0.231", "1.161", "1.284", "0.765"};
    static const char *rad[5] = {"0.0096", "0.0047", "0.0063", "0.00017", "0.011"};
    nh_model_ptr M;
    arb_ptr q, v, vD, h;
    nh_error_t err;
    slong i, n, scale;
    int r;

    tap_plan(6);
    tap_ok(classify("[1 +/- 2]", "0", "1") == NH_ERR_DOMAIN, "ball holding I and a singular matrix: NH_ERR_DOMAIN");
    tap_ok(classify("1", "1", "1") == NH_ERR_MODEL, "exact singular [[1,1],[1,1]]: NH_ERR_MODEL");
    tap_ok(classify("[-1 +/- 0.5]", "0", "1") == NH_ERR_MODEL, "certainly not positive definite: NH_ERR_MODEL");

    M = load_case("rolling_disc.nh");
    n = nh_model_n(M);
    q = _arb_vec_init(n);
    v = _arb_vec_init(n);
    vD = _arb_vec_init(n);
    h = _arb_vec_init(2 * n);
    nh_error_init(err);
    for (i = 0; i < n; i++)
        arb_set_str(q + i, mid[i], PREC);
    arb_set_str(v + 2, "0.2", PREC);
    arb_set_str(v + 3, "0.5", PREC);
    arb_set_str(v + 4, "1.1", PREC);
    r = nh_project_D(vD, M, q, v, PREC, err);
    if (r == NH_OK)
    {
        r = nh_series_time(h, NULL, M, q, vD, 2, PREC, err);
        tap_ok(r == NH_OK, "rolling disc, exact point: h^(1), h^(2) at %d bits (%s)", PREC,
               r == NH_OK ? "ok" : err->msg);
        /* radii as at the failure (~1e-2), then 64 times wider */
        for (scale = 1; scale <= 64; scale *= 64)
        {
            for (i = 0; i < n; i++)
            {
                arb_t e;
                arb_init(e);
                arb_set_str(q + i, mid[i], PREC);
                arb_set_str(e, rad[i], PREC);
                arb_mul_si(e, e, scale, PREC);
                arb_add_error(q + i, e);
                arb_clear(e);
            }
            nh_error_init(err);
            r = nh_series_time(h, NULL, M, q, vD, 2, PREC, err);
            tap_diag("point with radii %ld x ~1e-2: %s", (long) scale, r == NH_OK ? "ok" : err->msg);
            if (scale == 1)
                tap_ok(r == NH_OK || (r == NH_ERR_DOMAIN
                                      && strstr(err->msg, "not certified invertible") != NULL),
                       "rolling disc, point with radii ~1e-2: certified, or NH_ERR_DOMAIN "
                       "(retry), not NH_ERR_MODEL");
            else
                tap_ok(r == NH_ERR_DOMAIN && strstr(err->msg, "not certified") != NULL,
                       "rolling disc, point with radii ~0.6: NH_ERR_DOMAIN (retry), not "
                       "NH_ERR_MODEL (returned %d)", r);
        }
    }
    else
        tap_ok(0, "projection: %s", err->msg), tap_ok(0, "skipped"), tap_ok(0, "skipped");
    _arb_vec_clear(q, n);
    _arb_vec_clear(v, n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(h, 2 * n);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
