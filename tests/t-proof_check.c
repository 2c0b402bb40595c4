/*
 * t-proof_check.c -- verdicts of nh_proof_check on claims whose truth is
 * known independently of the code under test:
 *
 * Pendulum with radial friction (cases/pendulum_radial_friction.nh):
 * G = I, one constraint a = (x dx + y dy)/r, r = sqrt(x^2 + y^2),
 * mu_bar = 1, V = g y.  By hand: S = A G^{-1} A^T = 1, so
 * P_perp = A^T A = [[x^2, x y], [x y, y^2]] / r^2 and P + P_perp = I gives
 * P = [[y^2, -x y], [-x y, x^2]] / r^2.  FR_sharp = A^T A = P_perp.  Along
 * the full field vdot = -(0, g) - (1/eps) P_perp v the energy
 * E = |v|^2/2 + g y changes at dE/dt = v . vdot + g v_y
 * = -(1/eps) (x v_x + y v_y)^2 / r^2.
 * The reduced field of order 0 gives qdot = vD = P v: constant in eps.
 *
 * Bundle derivatives of h^(1) (000 eqs (29), (67)): Q = P_perp, Gamma = 0,
 * so h^(1)(q, w) = Q[(dP_perp[w]) w - P_perp grad V]
 * = q (|w|^2/r^2 - (q.w)^2/r^4 - g y/r^2), and at q.w = 0 (w = vD)
 * D^V h^(1) = dh^m/dw^l = 2 q^m w_l / r^2.  The chain rule (28) on the
 * section w(q) = s(-y, x): nabla^H h^(1) + D^V h^(1) s[[0,-1],[1,0]] is the
 * Jacobian of q (s^2 - g y/r^2); its [x][x] entry is s^2 - g y/r^2
 * + 2 g y x^2/r^4.
 */
#include <stdlib.h>
#include <string.h>
#include "proof.h"
#include "tap.h"

static const char *top;

static int
run(nh_claim_struct **cl, nh_claim_result_struct *res, const char *text, char *msg, size_t size)
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
    (void) cl;
    return r;
}

#define HEAD "```claim\nid: t\ncase: cases/pendulum_radial_friction.nh\n"

int
main(void)
{
    nh_claim_result_struct res;
    char msg[NH_ERROR_MSG_LEN];
    int r;

    top = getenv("NH_TOP_SRCDIR");
    if (top == NULL)
        top = ".";
    tap_plan(15);
    nh_claim_result_init(&res);

    r = run(NULL, &res, HEAD "quantity: P\nlet: r2 = x^2 + y^2\n"
            "formula: [[1 - x^2/r2, -x*y/r2], [-x*y/r2, 1 - y^2/r2]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_HOLDS, "P = I - P_perp (hand closed form) holds (%s)", msg);

    r = run(NULL, &res, HEAD "quantity: FR_sharp\nlet: r2 = x^2 + y^2\n"
            "formula: 1/r2 * [[x^2, x*y], [x*y, y^2]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_HOLDS, "FR_sharp = A^T A with 'factor * [list]' holds (%s)", msg);

    r = run(NULL, &res, HEAD "quantity: P\nlet: r2 = x^2 + y^2\n"
            "formula: [[1 - x^2/r2, x*y/r2], [-x*y/r2, 1 - y^2/r2]]\nverdict: refuted\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_REFUTED, "sign error in P[0][1] is refuted");
    tap_ok(res.witness != NULL && res.entry != NULL && strcmp(res.entry, "entry[0][1]") == 0
           && res.diff != NULL, "witness point and entry [0][1] reported (%s)", res.entry ? res.entry : "");
    tap_diag("witness: %s; difference %s", res.witness ? res.witness : "", res.diff ? res.diff : "");

    /* the difference sin(X) - sin(X), X = 10^1000 x, is exactly 0, but its
       ball is [+/- 2] until the precision exceeds ~3400 bits */
    r = run(NULL, &res, HEAD "quantity: G\nprec: 64\nmax-prec: 512\n"
            "formula: [[1 + sin(10^1000*x) - sin(10^1000*x), 0], [0, 1]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_UNDECIDED, "balls too wide at max-prec 512 -> undecided");
    tap_ok(res.message != NULL, "undecided claim explains itself (%s)", res.message ? res.message : "");

    r = run(NULL, &res, HEAD "quantity: G\nprec: 64\nmax-prec: 8192\npoints: 2\n"
            "formula: [[1 + sin(10^1000*x) - sin(10^1000*x), 0], [0, 1]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_HOLDS && res.prec_used >= 4096,
           "same claim holds after raising the precision (%ld bits)", (long) res.prec_used);

    r = run(NULL, &res, HEAD "quantity: dEdt\neps: 1/3\n"
            "formula: -(x*v_x + y*v_y)^2/((x^2 + y^2)*eps)\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_HOLDS, "energy dissipation (hand derivation) holds (%s)", msg);

    r = run(NULL, &res, HEAD "quantity: reduced_qdot\norder: 0\nseries: 2\nlet: r2 = x^2 + y^2\n"
            "formula: [(1 - x^2/r2)*v_x - x*y/r2*v_y + 0*eps, -x*y/r2*v_x + (1 - y^2/r2)*v_y]\nverdict: holds\n```\n",
            msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_HOLDS,
           "series mode: order-0 qdot = P v, coefficients of eps^0, eps^1 (%s)", msg);

    r = run(NULL, &res, HEAD "quantity: P\nformula: [[1, 0], [0, frob]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "t.md:5:23:") != NULL,
           "unknown name in formula -> t.md:5:23 (line 5, column of 'frob') (%s)", msg);

    r = run(NULL, &res, HEAD "quantity: P\nformula: [1, 0]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "shape") != NULL, "shape mismatch -> parse error (%s)", msg);

    r = run(NULL, &res, HEAD "quantity: P\nformula: [[1, 0], [0]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "ragged") != NULL, "ragged list -> parse error (%s)", msg);

    r = run(NULL, &res, HEAD "quantity: DV_h1\nlet: r2 = x^2 + y^2\nq-range: 2\n"
            "formula: 2/r2 * [[x*v_x, x*v_y], [y*v_x, y*v_y]]\nverdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_HOLDS, "DV_h1 = 2 q w^T / r^2 (hand closed form) holds (%s)", msg);

    r = run(NULL, &res, HEAD "quantity: nablaH_h1\nlet: r2 = x^2 + y^2\nlet: s = (x*v_y - y*v_x)/r2\n"
            "q-range: 2\nlhs: nablaH_h1_x_x + s*DV_h1_x_y\nformula: s^2 - g*y/r2 + 2*g*y*x^2/r2^2\n"
            "verdict: holds\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_HOLDS, "chain rule (28), entry [x][x], holds (%s)", msg);

    r = run(NULL, &res, "```claim\nid: t\nkind: rate\nverdict: pending\n```\n", msg, sizeof msg);
    tap_ok(r == NH_OK && res.verdict == NH_VERDICT_PENDING, "rate claim -> pending");

    nh_claim_result_clear(&res);
    flint_cleanup();
    return tap_done();
}
