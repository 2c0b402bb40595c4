/*
 * t-quantity_point_velocity.c -- nh_point_velocity (lib/quantity.h): the
 * three meanings of a point's velocity on the vertical disk
 * (cases/vertical_disk.nh), against values derived by hand.
 *
 * Coordinates (theta, x, y, varphi), G = diag(1/16, 1, 1, 1/8), R = 1/2,
 * constraints x' = R cos(theta) varphi', y' = R sin(theta) varphi'.  At
 * theta = 0: A = [[0, 1, 0, -1/2], [0, 0, 1, 0]].
 * PROJECT: D = span(e_theta, w), w = (0, 1/2, 0, 1), G-orthogonal, so
 *   P v = v_theta e_theta + c w, c = (v_x/2 + v_varphi/8) / (1/4 + 1/8).
 *   v = (1/2, -1/2, 1/3, 2): c = (-1/4 + 1/4) / (3/8) = 0, P v = (1/2, 0, 0, 0).
 * COMPLETE (automatic dependents): the pair of columns of A with the
 *   largest |det| is (x, y) (det 1; (y, varphi): 1/2; (x, varphi): 0), so
 *   x' = varphi'/2 = 1, y' = 0: (1/2, 1, 0, 2).
 * COMPLETE with dependents (y, varphi): varphi' = 2 x' = -1, y' = 0:
 *   (1/2, -1/2, 0, -1).
 * REQUIRE: A v = (-1/2 - 1, 1/3) excludes 0: refused; (1/2, 1, 0, 2)
 *   satisfies A v = 0: kept, nothing changed.
 */
#include <string.h>
#include "quantity.h"
#include "case_testutil.h"
#include "tap.h"

static void
set_v(arb_ptr v, const slong (*x)[2])
{
    slong i;
    for (i = 0; i < 4; i++)
    {
        arb_set_si(v + i, x[i][0]);
        arb_div_si(v + i, v + i, x[i][1], 256);
    }
}

/* w contains the rationals x and changed[] == expect[] */
static int
check(arb_srcptr w, const int *changed, const slong (*x)[2], const int *expect)
{
    slong i;
    int ok = 1;
    fmpq_t r;
    fmpq_init(r);
    for (i = 0; i < 4; i++)
    {
        fmpq_set_si(r, x[i][0], (ulong) x[i][1]);
        /* contains the exact value, radius below 2^-200 */
        ok &= arb_contains_fmpq(w + i, r) && mag_cmp_2exp_si(arb_radref(w + i), -200) < 0;
        ok &= changed[i] == expect[i];
    }
    fmpq_clear(r);
    return ok;
}

int
main(void)
{
    nh_model_ptr M = load_case("vertical_disk.nh");
    arb_ptr q = _arb_vec_init(4), v = _arb_vec_init(4), w = _arb_vec_init(4);
    int ch[4], rc;
    nh_error_t err;
    nh_point_velocity_mode mode;
    static const slong v0[4][2] = {{1, 2}, {-1, 2}, {1, 3}, {2, 1}};
    static const slong vd[4][2] = {{1, 2}, {1, 1}, {0, 1}, {2, 1}};
    static const slong proj[4][2] = {{1, 2}, {0, 1}, {0, 1}, {0, 1}};
    static const slong comp2[4][2] = {{1, 2}, {-1, 2}, {0, 1}, {-1, 1}};
    static const int eproj[4] = {0, 1, 1, 1}, ecomp[4] = {0, 1, 1, 0}, ecomp2[4] = {0, 0, 1, 1},
                     enone[4] = {0, 0, 0, 0};
    const slong dep[2] = {2, 3};

    tap_plan(8);
    nh_error_init(err);
    set_v(v, v0);
    rc = nh_point_velocity(w, ch, M, q, NULL, v, NH_POINT_V_PROJECT, NULL, 256, err);
    tap_ok(rc == NH_OK && check(w, ch, proj, eproj), "project: (1/2, 0, 0, 0), x, y, varphi changed");
    rc = nh_point_velocity(w, ch, M, q, NULL, v, NH_POINT_V_COMPLETE, NULL, 256, err);
    tap_ok(rc == NH_OK && check(w, ch, vd, ecomp), "complete: (1/2, 1, 0, 2), x and y changed");
    rc = nh_point_velocity(w, ch, M, q, NULL, v, NH_POINT_V_COMPLETE, dep, 256, err);
    tap_ok(rc == NH_OK && check(w, ch, comp2, ecomp2),
           "complete with dependents y, varphi: (1/2, -1/2, 0, -1)");
    rc = nh_point_velocity(w, ch, M, q, NULL, v, NH_POINT_V_REQUIRE, NULL, 256, err);
    tap_ok(rc == NH_ERR_USAGE && strstr(err->msg, "violates constraint 1") != NULL,
           "require: refused (%s)", err->msg);
    nh_error_init(err);
    set_v(v, vd);
    rc = nh_point_velocity(w, ch, M, q, NULL, v, NH_POINT_V_REQUIRE, NULL, 256, err);
    tap_ok(rc == NH_OK && check(w, ch, vd, enone), "require: a velocity in D is kept");
    rc = nh_point_velocity(w, ch, M, q, NULL, v, NH_POINT_V_PROJECT, NULL, 256, err);
    tap_ok(rc == NH_OK && check(w, ch, vd, enone), "project: a velocity in D changes nothing");
    tap_ok(nh_point_velocity_mode_parse(&mode, "complete", err) == NH_OK
           && mode == NH_POINT_V_COMPLETE
           && strcmp(nh_point_velocity_mode_name(mode), "complete") == 0,
           "mode names parse back");
    tap_ok(nh_point_velocity_mode_parse(&mode, "projected", err) == NH_ERR_USAGE,
           "unknown mode: usage error (%s)", err->msg);
    _arb_vec_clear(q, 4);
    _arb_vec_clear(v, 4);
    _arb_vec_clear(w, 4);
    nh_model_free(M);
    flint_cleanup();
    return tap_done();
}
