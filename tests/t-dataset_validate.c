/*
 * t-dataset_validate.c -- nh_dataset_validate (lib/dataset.h) on a small
 * reference built here from closed forms (sqrt 2, -pi, e/1000, exact
 * matrix entries, a reduced-field record with eps) and on candidates
 * whose values come from libm (double precision, independent of Arb):
 * a correct candidate passes; a sign flip, a dropped factor, a value
 * off by 1e-9 relative, a missing record, a NaN, an unparsable number,
 * a duplicate, an extra record, a wrong eps and a wrong case fail, each
 * with its own message and counter.  What must be supplied (issue 13
 * item 6): the echoed inputs q, v alone never pass (0 values checked,
 * whatever the options); every computed record of the reference is
 * required unless subset (whole vectors/matrices, and so whole points,
 * may then be absent; one given in part still fails); points covered are
 * counted.
 */
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#include <math.h>
#include "dataset.h"
#include "tap.h"

static nh_dataset_t ref;

static void
build_ref(void)
{
    arb_t x;
    slong prec = 200;
    arb_init(x);
    nh_dataset_init(ref);
    nh_dataset_add_eps(ref, "0.01", 0.01);
    /* h^(1) = (sqrt 2, -pi, e/1000) on the grid 1e-31 */
    arb_set_ui(x, 2);
    arb_sqrt(x, x, prec);
    nh_dataset_add_ball(ref, "h", 1, -1, 0, 0, -1, -1, x, -31, prec);
    arb_const_pi(x, prec);
    arb_neg(x, x);
    nh_dataset_add_ball(ref, "h", 1, -1, 0, 1, -1, -1, x, -31, prec);
    arb_const_e(x, prec);
    arb_div_ui(x, x, 1000, prec);
    nh_dataset_add_ball(ref, "h", 1, -1, 0, 2, -1, -1, x, -31, prec);
    /* G = [[1, 0], [0, 1/8]] exact */
    arb_one(x);
    nh_dataset_add_ball(ref, "G", -1, -1, 0, 0, 0, -1, x, -31, prec);
    arb_zero(x);
    nh_dataset_add_ball(ref, "G", -1, -1, 0, 0, 1, -1, x, -31, prec);
    nh_dataset_add_ball(ref, "G", -1, -1, 0, 1, 0, -1, x, -31, prec);
    arb_set_d(x, 0.125);
    nh_dataset_add_ball(ref, "G", -1, -1, 0, 1, 1, -1, x, -31, prec);
    /* vDdot[k=1] at eps = 0.01: -log 2 */
    arb_const_log2(x, prec);
    arb_neg(x, x);
    nh_dataset_add_ball(ref, "vDdot", 1, 0, 0, 0, -1, -1, x, -31, prec);
    /* the echoed inputs of point 0: q = (1/2), v = (3), exact */
    nh_dataset_add_exact(ref, "q", 0, 0, "0.5", 0.5);
    nh_dataset_add_exact(ref, "v", 0, 0, "3", 3.0);
    /* point 1: h^(1) = (sqrt 3) */
    arb_set_ui(x, 3);
    arb_sqrt(x, x, prec);
    nh_dataset_add_ball(ref, "h", 1, -1, 1, 0, -1, -1, x, -31, prec);
    ref->meta = json_tokener_parse("{\"format\":\"nhoracle-dataset\",\"case\":\"test\","
                                   "\"case_sha256\":\"1111\",\"eps\":[\"0.01\"]}");
    arb_clear(x);
}

/* candidate CSV text with the libm values; edit hooks via printf args */
static char *
candidate(double h0, double h1, double h2, double g11, const char *extra, int drop_h2)
{
    static char buf[2048];
    char *o = buf;
    o += sprintf(o, "quantity,k,eps,point,i,j,value\n");
    o += sprintf(o, "h,1,,0,0,,%.17g\n", h0);
    o += sprintf(o, "h,1,,0,1,,%.17g\n", h1);
    if (!drop_h2)
        o += sprintf(o, "h,1,,0,2,,%.17g\n", h2);
    o += sprintf(o, "G,,,0,0,0,1\nG,,,0,0,1,0\nG,,,0,1,0,0\nG,,,0,1,1,%.17g\n", g11);
    o += sprintf(o, "vDdot,1,0.01,0,0,,%.17g\n", -log(2.0));
    o += sprintf(o, "h,1,,1,0,,%.17g\n", sqrt(3.0));
    o += sprintf(o, "%s", extra);
    return buf;
}

static int subset;             /* set around run() by the subset tests */

static int
run(nh_validation_t res, const char *text, double rtol, int require_all)
{
    nh_dataset_t cand;
    nh_error_t err;
    int rc;
    nh_error_init(err);
    nh_dataset_init(cand);
    rc = nh_dataset_parse(cand, text, strlen(text), "cand.csv", ref, err);
    nh_validation_init(res, 1e-12, rtol, require_all);
    res->subset = subset;
    if (rc == NH_OK)
        nh_dataset_validate(res, ref, cand);
    nh_dataset_clear(cand);
    return rc;
}

/* short name for the library's lookup, used in many assertions */
#define fam(res, name) nh_validation_family(res, name)

static int
has_msg(const nh_validation_t res, const char *needle)
{
    slong m;
    for (m = 0; m < res->nmsg; m++)
        if (strstr(res->msg[m], needle) != NULL)
            return 1;
    return 0;
}

int
main(void)
{
    nh_validation_t res;
    const double s2 = sqrt(2.0), mpi = -M_PI, e3 = exp(1.0) / 1000;
    const nh_family_result *F;
    int rc;

    tap_plan(29);
    build_ref();

    rc = run(res, candidate(s2, mpi, e3, 0.125, "", 0), 1e-10, 0);
    F = fam(res, "h^(1)");
    tap_ok(rc == NH_OK && res->pass && F != NULL && F->passed == 4 && F->worst_rel < 1e-15
           && fam(res, "vDdot[k=1]")->passed == 1 && fam(res, "G")->passed == 4,
           "libm candidate passes (h^(1) max rel err %.2g)", F ? F->worst_rel : -1.0);
    tap_ok(res->checked == 9 && res->points == 2 && res->points_covered == 2,
           "... 9 values checked (3 + 1 h^(1) + 4 G + 1 vDdot), 2 of 2 points covered (got %ld, %ld of %ld)",
           (long) res->checked, (long) res->points_covered, (long) res->points);
    tap_ok(fam(res, "G")->outside == 0 && F->outside == 4,
           "exact G entries lie in their balls; the doubles of sqrt 2, pi, e, sqrt 3 do not (width 1e-31)");
    tap_ok(fam(res, "no_such_family") == NULL && strcmp(fam(res, "h^(1)")->family, "h^(1)") == 0
           && strcmp(fam(res, "G")->family, "G") == 0,
           "nh_validation_family: NULL for an unknown family, the named one otherwise");
    nh_validation_clear(res);

    rc = run(res, candidate(s2, -mpi, e3, 0.125, "", 0), 1e-10, 0);
    F = fam(res, "h^(1)");
    tap_ok(rc == NH_OK && !res->pass && F->failed == 1 && F->passed == 3 && fam(res, "G")->failed == 0
           && strstr(F->worst, "h^(1) point 0 [1]") != NULL && has_msg(res, "outside the ball"),
           "sign flip of h^(1)[1]: one failure, named");
    nh_validation_clear(res);

    rc = run(res, candidate(s2, mpi, e3, 1.0, "", 0), 1e-10, 0);
    tap_ok(rc == NH_OK && !res->pass && fam(res, "G")->failed == 1
           && has_msg(res, "FAIL G point 0 [1,1]: candidate 1,"),
           "dropped factor (G_11 = 1 instead of 1/8)");
    nh_validation_clear(res);

    rc = run(res, candidate(s2, mpi * (1 + 1e-9), e3, 0.125, "", 0), 1e-10, 0);
    tap_ok(rc == NH_OK && !res->pass && fam(res, "h^(1)")->failed == 1 && has_msg(res, "rel err 1e-09"),
           "-pi off by 1e-9 relative fails at rtol 1e-10");
    nh_validation_clear(res);
    rc = run(res, candidate(s2, mpi * (1 + 1e-9), e3, 0.125, "", 0), 1e-8, 0);
    tap_ok(rc == NH_OK && res->pass, "... and passes at rtol 1e-8");
    nh_validation_clear(res);

    rc = run(res, candidate(s2, mpi, e3, 0.125, "", 1), 1e-10, 0);
    tap_ok(rc == NH_OK && !res->pass && fam(res, "h^(1)")->missing == 1
           && has_msg(res, "missing record h^(1) point 0 [2]"), "missing record");
    nh_validation_clear(res);

    rc = run(res, candidate(NAN, mpi, e3, 0.125, "", 0), 1e-10, 0);
    tap_ok(rc == NH_OK && !res->pass && res->bad_values == 1 && has_msg(res, "is not finite"),
           "NaN value");
    nh_validation_clear(res);

    {
        const char *c = "quantity,k,point,i,value\nh,1,0,0,1.41x\n";
        rc = run(res, c, 1e-10, 0);
        tap_ok(rc == NH_OK && !res->pass && has_msg(res, "cand.csv:2: unparsable value '1.41x'"),
               "unparsable number");
        nh_validation_clear(res);
    }

    rc = run(res, candidate(s2, mpi, e3, 0.125, "h,1,,0,0,,1.4142135623730951\n", 0), 1e-10, 0);
    tap_ok(rc == NH_OK && !res->pass && res->duplicates == 1
           && has_msg(res, "cand.csv:11: duplicate key h^(1) point 0 [0] (first given on line 2)"),
           "duplicate key");
    nh_validation_clear(res);

    rc = run(res, candidate(s2, mpi, e3, 0.125, "h,2,,0,0,,1\nvDdot,1,,0,0,,1\n", 0), 1e-10, 0);
    tap_ok(rc == NH_OK && !res->pass && res->extra == 2
           && has_msg(res, "extra record h^(2) point 0 [0]: no such record in the reference")
           && has_msg(res, "(reduced fields need an eps)"), "extra records");
    nh_validation_clear(res);

    rc = run(res, candidate(s2, mpi, e3, 0.125, "vDdot,1,100,0,0,,1\n", 0), 1e-10, 0);
    tap_ok(rc == NH_OK && !res->pass && res->issues == 1 && has_msg(res, "wrong units?"),
           "eps given as 1/eps");
    nh_validation_clear(res);

    {
        char text[2048];
        snprintf(text, sizeof text, "# case_sha256: 2222\n%s", candidate(s2, mpi, e3, 0.125, "", 0));
        rc = run(res, text, 1e-10, 0);
        tap_ok(rc == NH_OK && !res->pass && res->hash_mismatch
               && has_msg(res, "candidate is for a different case"), "wrong case (hash)");
        nh_validation_clear(res);
        snprintf(text, sizeof text, "# case_sha256: 1111\n%s", candidate(s2, mpi, e3, 0.125, "", 0));
        rc = run(res, text, 1e-10, 0);
        tap_ok(rc == NH_OK && res->pass, "matching hash declared: passes");
        nh_validation_clear(res);
    }

    /* a covered point needs all its computed records; subset lets whole
       vectors/matrices be absent (this test passed without subset before
       issue 13 item 6: "families not provided" were skipped) */
    {
        const char *c = "quantity,k,point,i,value\nh,1,0,0,1.4142135623730951\nh,1,0,1,-3.1415926535897931\n"
                        "h,1,0,2,0.0027182818284590452\n";
        rc = run(res, c, 1e-10, 0);
        tap_ok(rc == NH_OK && !res->pass && fam(res, "G")->missing == 4
               && fam(res, "vDdot[k=1]")->missing == 1 && has_msg(res, "missing record G point 0 [1,1]"),
               "only h^(1) of point 0 given: G and vDdot of point 0 missing, fail");
        nh_validation_clear(res);
        subset = 1;
        rc = run(res, c, 1e-10, 0);
        tap_ok(rc == NH_OK && res->pass && !fam(res, "G")->provided && fam(res, "G")->missing == 0
               && res->checked == 3, "... with subset: G and vDdot not provided, pass, 3 values checked");
        nh_validation_clear(res);
        rc = run(res, c, 1e-10, 1);
        tap_ok(rc == NH_OK && !res->pass && fam(res, "G")->missing == 4
               && fam(res, "h^(1)")->missing == 1, "... fails with require_all, which takes precedence (also h^(1) of point 1)");
        nh_validation_clear(res);
        /* a vector given in part */
        rc = run(res, "quantity,k,point,i,value\nh,1,0,0,1.4142135623730951\nh,1,0,2,0.0027182818284590452\n",
                 1e-10, 0);
        tap_ok(rc == NH_OK && !res->pass && fam(res, "h^(1)")->missing == 1
               && has_msg(res, "missing record h^(1) point 0 [1]") && fam(res, "G")->missing == 0,
               "subset: h^(1) of point 0 without component 1 fails, G may be absent");
        nh_validation_clear(res);
        subset = 0;
    }

    /* the echoed inputs alone: 0 values checked, never a pass */
    {
        const char *c = "quantity,point,i,value\nq,0,0,0.5\nv,0,0,3\n";
        int o;
        for (o = 0; o < 3; o++)
        {
            subset = o == 1;
            rc = run(res, c, 1e-10, o == 2);
            tap_ok(rc == NH_OK && !res->pass && res->checked == 0 && fam(res, "q")->passed == 1
                   && fam(res, "v")->passed == 1 && res->nmsg > 0
                   && strstr(res->msg[0], "cand.csv: 0 values checked") != NULL,
                   "only q, v (both right)%s: 0 values checked, fail, said first",
                   o == 0 ? "" : o == 1 ? ", subset" : ", require_all");
            nh_validation_clear(res);
        }
        /* q, v plus one computed value: 1 checked */
        subset = 1;
        rc = run(res, "quantity,k,point,i,value\nq,,0,0,0.5\nv,,0,0,3\nh,1,1,0,1.7320508075688772\n",
                 1e-10, 0);
        tap_ok(rc == NH_OK && res->pass && res->checked == 1 && res->points_covered == 2,
               "subset: q, v of point 0 and h^(1) of point 1: 1 value checked, pass");
        nh_validation_clear(res);
        subset = 0;
    }

    /* every point is required; only subset lets a whole point be absent */
    {
        const char *c = "quantity,k,point,i,value\nh,1,1,0,1.7320508075688772\n";
        rc = run(res, c, 1e-10, 0);
        tap_ok(rc == NH_OK && !res->pass && fam(res, "G")->missing == 4
               && fam(res, "h^(1)")->missing == 3 && res->points_covered == 1,
               "every record of point 1 only: fail (point 0 is missing), 1 of 2 points covered");
        nh_validation_clear(res);
        rc = run(res, c, 1e-10, 1);
        tap_ok(rc == NH_OK && !res->pass && fam(res, "G")->missing == 4
               && fam(res, "h^(1)")->missing == 3, "... fails with require_all (the default rule)");
        nh_validation_clear(res);
        subset = 1;
        rc = run(res, c, 1e-10, 0);
        tap_ok(rc == NH_OK && res->pass && res->checked == 1 && res->points_covered == 1
               && fam(res, "G")->missing == 0, "... passes with subset: point 0 not covered");
        nh_validation_clear(res);
        subset = 0;
    }

    /* a record of a computed quantity whose value is unusable is not a
       checked value */
    {
        rc = run(res, "quantity,k,point,i,value\nh,1,1,0,NaN\n", 1e-10, 0);
        tap_ok(rc == NH_OK && !res->pass && res->checked == 0 && res->bad_values == 1,
               "only a NaN: 0 values checked, fail");
        nh_validation_clear(res);
    }

    /* tolerance boundary on an exact ball: |c - 1| <= atol + rtol */
    {
        char text[2048];
        snprintf(text, sizeof text, "quantity,point,i,j,value\nG,0,0,0,%.17g\n", 1 + 3e-10);
        rc = run(res, text, 1e-10, 0);
        tap_ok(rc == NH_OK && !res->pass && fam(res, "G")->failed == 1, "1 + 3e-10 vs exact 1 fails at rtol 1e-10");
        nh_validation_clear(res);
    }

    nh_dataset_clear(ref);
    flint_cleanup();
    return tap_done();
}
