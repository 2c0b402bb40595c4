/*
 * t-proof_nh.c -- the nonholonomic quantities of claim blocks (issue 7:
 * acc_lagrange, acc_voronets, multipliers, p_dependent, B_ab, B_a and
 * their bracket versions, acc_geodesic, ghat, ghat_det; the sampled time
 * t; velocities solved from affine constraints), checked against truths
 * derived by hand here, independently of lib/nhdyn.
 *
 * Model (written to a temporary directory): q = (x, y, z), G = I,
 * no potential, one affine time-dependent constraint
 *     zdot = y xdot + t x        (form dz - y dx - t x dt).
 * Independent r = (x, y), dependent s = z; a_mat = [y, 0], a_vec = t x.
 * Lagrange-d'Alembert: xdd = -y mult, ydd = 0, zdd = mult (reaction
 * A^T mult, A = [-y, 0, 1]); differentiating the constraint,
 * zdd = ydot xdot + y xdd + x + t xdot, so
 *     mult (1 + y^2) = xdot ydot + x + t xdot.
 * Curvature, xi_x = d_x + y d_z, xi_y = d_y, xi_t = d_t + t x d_z,
 * theta = dz - y dx - t x dt:
 *     [xi_x, xi_y] = -d_z    -> B^z_xy = -theta([xi_x, xi_y]) = 1, B^z_yx = -1,
 *     [xi_x, xi_t] = t d_z   -> B^z_x = -t,   [xi_y, xi_t] = 0 -> B^z_y = 0.
 * p_dependent = dL/dzdot = zdot = y xdot + t x.
 * Candidate metric ghat = diag(exp(2 c y), 1, 1): Christoffel symbols
 * Gamma^x_xy = c, Gamma^y_xx = -c exp(2 c y), so the geodesic
 * acceleration is (-2 c xdot ydot, c exp(2 c y) xdot^2, 0); det ghat =
 * exp(2 c y).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "proof.h"
#include "tap.h"
#include "proof_testutil.h"

static char top[256];

static int
run(nh_claim_result_struct *res, const char *text, char *msg, size_t size)
{
    nh_proof_doc_t doc;
    nh_error_t err;
    int r;
    nh_error_init(err);
    r = nh_proof_parse(doc, text, "t.md", err);
    if (r == NH_OK)
    {
        r = nh_proof_check(res, doc, 0, top, 0, 0, err);
        nh_proof_doc_clear(doc);
    }
    snprintf(msg, size, "%s", err->msg);
    return r;
}

static void
write_file(const char *name, const char *text)
{
    tu_write_file(top, name, text);
}

#define HEAD "```claim\nid: t\ncase: heis.nh\n"
#define OK(r, res, want) ((r) == NH_OK && (res).verdict == (want))

int
main(void)
{
    nh_claim_result_struct res;
    char msg[NH_ERROR_MSG_LEN], path[512];
    int r;

    snprintf(top, sizeof top, "/tmp/t-proof_nh-XXXXXX");
    if (mkdtemp(top) == NULL)
    {
        tap_plan(1);
        tap_ok(0, "mkdtemp");
        return tap_done();
    }
    write_file("heis.nh", "model heis\nsource t-proof_nh.c\ncoordinates x, y, z\n"
               "metric: 1, 0, 0\nmetric: 0, 1, 0\nmetric: 0, 0, 1\n"
               "constraint: dz - y*dx - t*x*dt\n");
    write_file("ghat.nh", "model ghat\nsource t-proof_nh.c\ncoordinates x, y, z\nparameter c = 1\n"
               "metric: exp(2*c*y), 0, 0\nmetric: 0, 1, 0\nmetric: 0, 0, 1\nconstraint: dz - y*dx\n");
    /* the same without the affine term: linear, time-independent, so
       route 2 applies; Gamma = 0 and V = 0 give nabla_v v = vdot = lambda
       = (-y mu, 0, mu) with mu = xdot ydot/(1 + y^2) */
    write_file("heis0.nh", "model heis0\nsource t-proof_nh.c\ncoordinates x, y, z\n"
               "metric: 1, 0, 0\nmetric: 0, 1, 0\nmetric: 0, 0, 1\nconstraint: dz - y*dx\n");
    tap_plan(22);
    nh_claim_result_init(&res);

    r = run(&res, HEAD "quantity: acc_lagrange\nlet: mu = (v_x*v_y + x + t*v_x)/(1 + y^2)\n"
            "formula: [-y*mu, 0, mu]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "route 1 acceleration = hand multiplier derivation (%s)", msg);

    r = run(&res, HEAD "quantity: acc_voronets\nlet: mu = (v_x*v_y + x + t*v_x)/(1 + y^2)\n"
            "formula: [-y*mu, 0, mu]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "route 3 acceleration = hand derivation (%s)", msg);

    r = run(&res, HEAD "quantity: multipliers\nformula: [(v_x*v_y + x + t*v_x)/(1 + y^2)]\nverdict: holds\n```\n",
            msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "multiplier (%s)", msg);

    r = run(&res, HEAD "quantity: multipliers\nformula: [(v_x*v_y + x)/(1 + y^2)]\nverdict: refuted\n```\n",
            msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_REFUTED) && res.witness != NULL && strstr(res.witness, "t = ") != NULL,
           "dropping the t term of the multiplier is refuted; witness names t (%s)", res.witness ? res.witness : msg);

    r = run(&res, HEAD "quantity: p_dependent\nformula: [y*v_x + t*x]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "p_dependent = zdot, the solved dependent velocity (%s)", msg);

    r = run(&res, HEAD "quantity: acc_lagrange\nlhs: [v_z]\nformula: [y*v_x + t*x]\nfix: v_z = 5\nverdict: holds\n```\n",
            msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "v_z is replaced by the constraint solution (%s)", msg);

    r = run(&res, HEAD "quantity: B_ab\nformula: [[[0, 1], [-1, 0]]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "B^z_ab by formula (%s)", msg);
    r = run(&res, HEAD "quantity: B_ab_brackets\nformula: [[[0, 1], [-1, 0]]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "B^z_ab by brackets (%s)", msg);
    r = run(&res, HEAD "quantity: B_a\nformula: [[-t, 0]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "B^z_a by formula (%s)", msg);
    r = run(&res, HEAD "quantity: B_a_brackets\nformula: [[-t, 0]]\nt-range: 3\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "B^z_a by brackets, t in [-3, 3] (%s)", msg);
    r = run(&res, HEAD "quantity: B_a\nformula: [[0, 0]]\nfix: t = 1/2\nverdict: refuted\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_REFUTED), "B^z_x = 0 at t = 1/2 is refuted (fix: t)");

    r = run(&res, HEAD "ghat: ghat.nh\nghat-param: c = 1/2\nquantity: acc_geodesic\n"
            "formula: [-v_x*v_y, 1/2*exp(y)*v_x^2, 0]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "geodesic acceleration of diag(exp(2cy),1,1), c = 1/2 (%s)", msg);
    r = run(&res, HEAD "ghat: ghat.nh\nquantity: ghat_det\nformula: exp(2*y)\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "ghat_det (%s)", msg);
    /* issue 32 regression: with quantity ghat the companion acc_geodesic_<c>
       names were left 0 (the geodesic was not computed for ghat): the
       closed form -2 c xdot ydot (c = 1) of acc_geodesic_x was refuted */
    r = run(&res, HEAD "ghat: ghat.nh\nquantity: ghat\nlhs: [acc_geodesic_x, acc_geodesic_y]\n"
            "formula: [-2*v_x*v_y, exp(2*y)*v_x^2]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "quantity ghat: its acc_geodesic_<c> companions are the geodesic (%s)", msg);
    r = run(&res, HEAD "ghat: ghat.nh\nquantity: ghat_det\nlhs: acc_geodesic_x\nformula: 0\nverdict: holds\n```\n",
            msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "acc_geodesic_x") != NULL,
           "quantity ghat_det has no acc_geodesic_<c> names -> parse error (%s)", msg);

    r = run(&res, HEAD "quantity: acc_geodesic\nformula: 0\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "ghat") != NULL, "acc_geodesic without ghat: -> parse error (%s)", msg);

    r = run(&res, HEAD "dependent: w\nquantity: B_a\nformula: 0\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "t.md:4:") != NULL && strstr(msg, "'w'") != NULL,
           "dependent: unknown coordinate -> parse error naming t.md:4 and the name (%s)", msg);

    r = run(&res, HEAD "ghat: ghat.nh\nghat-param: d = 1\nquantity: ghat_det\nformula: 1\nverdict: holds\n```\n",
            msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "ghat-param") != NULL, "ghat-param: unknown parameter -> parse error (%s)", msg);

    /* dependent: x (A's x column is -y, invertible for y != 0 at the
       fixed seed's points): the split changes a_mat, not the reaction
       A^T mult, so the hand multiplier still holds */
    r = run(&res, HEAD "dependent: x\nquantity: multipliers\nformula: [(v_x*v_y + x + t*v_x)/(1 + y^2)]\n"
            "q-range: 1/2\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "the multiplier does not depend on the split (dependent: x) (%s)", msg);

    r = run(&res, "```claim\nid: t\ncase: heis0.nh\nquantity: acc_connection\n"
            "let: mu = v_x*v_y/(1 + y^2)\nformula: [-y*mu, 0, mu]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "route 2 acceleration on the linear model (%s)", msg);
    r = run(&res, "```claim\nid: t\ncase: heis0.nh\nquantity: lambda_connection\n"
            "let: mu = v_x*v_y/(1 + y^2)\nformula: [-y*mu, 0, mu]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(OK(r, res, NH_VERDICT_HOLDS), "route 2 lambda = G^-1 A^T mult on the linear model (%s)", msg);
    r = run(&res, HEAD "quantity: acc_connection\nformula: 0\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "route 2") != NULL,
           "acc_connection on a time-dependent affine model -> parse error (%s)", msg);

    nh_claim_result_clear(&res);
    snprintf(path, sizeof path, "%s/heis0.nh", top);
    remove(path);
    snprintf(path, sizeof path, "%s/heis.nh", top);
    remove(path);
    snprintf(path, sizeof path, "%s/ghat.nh", top);
    remove(path);
    rmdir(top);
    flint_cleanup();
    return tap_done();
}
