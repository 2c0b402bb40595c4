/*
 * t-dataset_traj.c -- trajectory records of reference datasets
 * (lib/dataset.h): nh_dataset_add_time, nh_dataset_add_estimate (grid
 * and rounded-up error estimate), the time field t in the JSON Lines and
 * CSV writers and readers, time mapping of candidates, and the validation
 * criterion for estimates |c - mid| <= atol + rtol |mid| + rad.
 * Expected strings and numbers are derived by hand in the comments.
 */
#include <string.h>
#include <stdlib.h>
#include <math.h>
#include "dataset.h"
#include "tap.h"

static int
count_issues_with(const nh_dataset_t ds, const char *needle)
{
    slong i;
    int c = 0;
    for (i = 0; i < ds->nissue; i++)
        c += strstr(ds->issue[i], needle) != NULL;
    return c;
}

int
main(void)
{
    nh_dataset_t ds, back, cand;
    nh_error_t err;
    nh_validation_t res;
    nh_family_result *F;
    arb_t x;
    char *s;
    size_t len;
    int rc;

    tap_plan(27);
    nh_error_init(err);
    arb_init(x);
    nh_dataset_init(ds);

    tap_ok(nh_dataset_add_eps(ds, "0.1", 0.1) == 0, "eps index 0");
    tap_ok(nh_dataset_add_time(ds, "0.5", 0.5) == 0 && nh_dataset_add_time(ds, "1", 1.0) == 1,
           "time indices 0, 1");

    /* x = 1.23456789 (exact decimal), e = 3.2e-5, grid u = -6:
       mid = round(1234567.89) * 1e-6 = 1.234568;
       rad = ceil(3.2e-5 / 1e-6 + 1/2) = ceil(32.5) = 33 units: "33e-6". */
    arb_set_str(x, "1.23456789", 128);
    nh_dataset_add_estimate(ds, "full_q", -1, 0, 0, 0, 1, x, 3.2e-5, -6, 128);
    tap_ok(strcmp(ds->rec[0].mid, "1.234568") == 0, "estimate mid on the grid (got %s)", ds->rec[0].mid);
    tap_ok(strcmp(ds->rec[0].rad, "33e-6") == 0, "rad = error estimate + half a unit, rounded up (got %s)",
           ds->rec[0].rad);
    tap_ok(ds->rec[0].estimate == 1 && ds->rec[0].t == 1 && ds->rec[0].k == -1,
           "status estimate, t index 1, k not applicable");
    /* e = 0: rad = ceil(0 + 1/2) = 1 unit; negative x = -0.0421 at u = -3:
       mid = round(-42.1) = -42 units: "-0.042" */
    arb_set_str(x, "-0.0421", 128);
    nh_dataset_add_estimate(ds, "reduced_v", 1, 0, 0, 2, 0, x, 0.0, -3, 128);
    tap_ok(strcmp(ds->rec[1].mid, "-0.042") == 0 && strcmp(ds->rec[1].rad, "1e-3") == 0,
           "zero error estimate: rad one unit (got %s, %s)", ds->rec[1].mid, ds->rec[1].rad);
    /* a ball x: only its midpoint counts (an estimate) */
    arb_set_str(x, "[2.5 +/- 0.1]", 128);
    nh_dataset_add_estimate(ds, "full_v", -1, 0, 0, 1, 0, x, 1e-3, -2, 128);
    /* u = -2: rad = ceil(1e-3 / 1e-2 + 1/2) = ceil(0.6) = 1 unit (the
       ball's radius 0.1 is ignored: x stands for an estimate) */
    tap_ok(strcmp(ds->rec[2].mid, "2.5") == 0 && strcmp(ds->rec[2].rad, "1e-2") == 0,
           "midpoint of a ball; rad = ceil(0.6) = 1 unit (got %s, %s)",
           ds->rec[2].mid, ds->rec[2].rad);
    ds->meta = json_object_new_object();
    json_object_object_add(ds->meta, "format", json_object_new_string(NH_DATASET_FORMAT));
    {
        json_object *a = json_object_new_array(), *e = json_object_new_array();
        json_object_array_add(a, json_object_new_string("0.5"));
        json_object_array_add(a, json_object_new_string("1"));
        json_object_object_add(ds->meta, "times", a);
        json_object_array_add(e, json_object_new_string("0.1"));
        json_object_object_add(ds->meta, "eps", e);
    }

    /* writers: the t member / column */
    s = nh_dataset_jsonl(ds, &len);
    tap_ok(strstr(s, "\"l\":null,\"t\":\"1\",\"mid\":\"1.234568\",\"rad\":\"33e-6\"") != NULL,
           "JSON Lines: t member after l");
    tap_ok(strstr(s, "\"status\":\"estimate\"") != NULL, "JSON Lines: status estimate");
    nh_dataset_init(back);
    rc = nh_dataset_parse(back, s, len, "mem.jsonl", NULL, err);
    tap_ok(rc == NH_OK && back->ntimes == 2 && back->len == 3 && back->rec[0].t == 1
           && back->rec[1].t == 0 && back->rec[0].estimate, "JSON Lines round trip keeps t and status");
    nh_dataset_clear(back);
    free(s);
    s = nh_dataset_csv(ds, &len);
    tap_ok(strstr(s, "\nquantity,k,eps,point,i,j,l,t,mid,rad,value,status\n") != NULL,
           "CSV header with a t column");
    tap_ok(strstr(s, "\nfull_q,,0.1,0,0,,,1,1.234568,33e-6,1.23456") != NULL,
           "CSV row of an estimate");
    nh_dataset_init(back);
    rc = nh_dataset_parse(back, s, len, "mem.csv", NULL, err);
    tap_ok(rc == NH_OK && back->ntimes == 2 && back->len == 3 && back->rec[0].t == 1
           && back->rec[2].t == 0, "CSV round trip keeps t");
    free(s);

    /* candidate: t given numerically ("1.0", "5e-1"); a time not in the
       reference; a trajectory value without t (extra record) */
    nh_dataset_init(cand);
    {
        const char *c =
            "quantity,k,eps,point,i,t,value\n"
            "full_q,,0.1,0,0,1.0,1.23459\n"          /* |c - mid| = 2.2e-5 <= 33e-6 */
            "reduced_v,1,0.1,0,2,5e-1,-0.0435\n"     /* |c - mid| = 1.5e-3 > 1e-3 */
            "full_v,,0.1,0,1,0.5,2.5\n"
            "full_v,,0.1,0,1,2,2.5\n"                /* t = 2 unknown */
            "full_q,,0.1,0,0,,1.234568\n";            /* no t: extra */
        rc = nh_dataset_parse(cand, c, strlen(c), "cand.csv", back, err);
    }
    tap_ok(rc == NH_OK && cand->len == 4 && cand->rec[0].t == 1 && cand->rec[1].t == 0,
           "candidate times mapped numerically (1.0 -> 1, 5e-1 -> 0.5)");
    tap_ok(count_issues_with(cand, "time t = 2 is not one of the reference's output times (0.5, 1)") == 1,
           "unknown time reported");

    /* JSON Lines candidate: t as a JSON number; an unparsable t */
    {
        nh_dataset_t c2;
        const char *c =
            "{\"quantity\":\"full_q\",\"eps\":0.1,\"point\":0,\"i\":0,\"t\":1,\"value\":1.2345}\n"
            "{\"quantity\":\"full_q\",\"eps\":0.1,\"point\":0,\"i\":0,\"t\":\"one\",\"value\":1}\n";
        nh_dataset_init(c2);
        rc = nh_dataset_parse(c2, c, strlen(c), "cand.jsonl", back, err);
        tap_ok(rc == NH_OK && c2->len == 1 && c2->rec[0].t == 1, "JSON number t = 1 maps to time index 1");
        tap_ok(count_issues_with(c2, "cand.jsonl:2: unparsable time t 'one'") == 1,
               "unparsable t reported with file:line");
        nh_dataset_clear(c2);
    }

    /* validation with atol = rtol = 0: passes iff |c - mid| <= rad */
    nh_validation_init(res, 0.0, 0.0, 0);
    nh_dataset_validate(res, back, cand);
    F = nh_validation_family(res, "full_q");
    tap_ok(F != NULL && F->estimates == 1 && F->passed == 1 && F->failed == 0,
           "full_q: within the error estimate passes");
    F = nh_validation_family(res, "reduced_v[k=1]");
    tap_ok(F != NULL && F->failed == 1, "reduced_v[k=1]: beyond the error estimate fails");
    F = nh_validation_family(res, "full_v");
    tap_ok(F != NULL && F->passed == 1, "full_v: exact value passes");
    tap_ok(res->extra == 1 && res->issues == 1 && !res->pass, "extra record and issue make it fail");
    {
        slong m;
        int est = 0, tr = 0;
        for (m = 0; m < res->nmsg; m++)
        {
            est += strstr(res->msg[m], "FAIL reduced_v[k=1] eps=0.1 t=0.5 point 0 [2]: candidate ")
                != NULL && strstr(res->msg[m], "reference ESTIMATE -0.042 with error estimate 1e-3")
                != NULL;
            tr += strstr(res->msg[m], "trajectory records need a time t") != NULL;
        }
        tap_ok(est == 1, "failure message says ESTIMATE and names t");
        tap_ok(tr == 1, "extra-record message hints at the missing t");
    }
    nh_validation_clear(res);

    /* the tolerance adds to the error estimate: rtol 1e-2 -> 1e-3 + 4.2e-4 >= 1.5e-3? no;
       atol 6e-4 -> 1e-3 + 6e-4 = 1.6e-3 >= 1.5e-3: passes */
    nh_validation_init(res, 6e-4, 0.0, 0);
    nh_dataset_validate(res, back, cand);
    F = nh_validation_family(res, "reduced_v[k=1]");
    tap_ok(F != NULL && F->passed == 1, "atol + error estimate: passes with atol 6e-4");
    nh_validation_clear(res);
    nh_validation_init(res, 4e-4, 0.0, 0);
    nh_dataset_validate(res, back, cand);
    F = nh_validation_family(res, "reduced_v[k=1]");
    tap_ok(F != NULL && F->failed == 1, "... and fails with atol 4e-4 (1.4e-3 < 1.5e-3)");
    nh_validation_clear(res);

    /* a dataset without times keeps the old CSV header (no t column) */
    {
        nh_dataset_t plain;
        nh_dataset_init(plain);
        arb_set_str(x, "1", 64);
        nh_dataset_add_ball(plain, "G", -1, -1, 0, 0, 0, -1, x, -3, 64);
        s = nh_dataset_csv(plain, &len);
        tap_ok(strncmp(s, "quantity,k,eps,point,i,j,l,mid,rad,value,status\n", 48) == 0,
               "no times: no t column");
        tap_ok(strstr(s, "\nG,,,0,0,0,,1,0,1,enclosure\n") != NULL, "plain record unchanged");
        free(s);
        nh_dataset_clear(plain);
    }

    nh_dataset_clear(cand);
    nh_dataset_clear(back);
    nh_dataset_clear(ds);
    arb_clear(x);
    flint_cleanup();
    return tap_done();
}
