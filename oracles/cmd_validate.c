/*
 * cmd_validate.c -- `nhoracle validate REF CANDIDATE`: compare a
 * candidate implementation's values (CSV or JSON Lines) with a reference
 * dataset written by `nhoracle emit`, record by record (lib/dataset.h,
 * doc/datasets.md).  Exit 0 only when everything passes; 9
 * (NH_EXIT_VALIDATE_FAIL) when the candidate was read but does not pass.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <math.h>

#include "cli.h"
#include "dataset.h"

/* the tolerance defaults shared with check (dataset.h, doc/datasets.md
   "Tolerances") */
#define VALIDATE_ATOL NH_TOL_DEFAULT_ATOL
#define VALIDATE_RTOL NH_TOL_DEFAULT_RTOL
#define VALIDATE_SHOW 20        /* failure messages shown per run (text) */

enum { OPT_ATOL = 1000, OPT_RTOL, OPT_TAP, OPT_JSON, OPT_REQUIRE_ALL, OPT_SUBSET, OPT_ALL };

static void
validate_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle validate REFERENCE CANDIDATE [--atol A] [--rtol R]\n"
"                         [--tap | --json] [--subset | --require-all] [--all-messages]\n"
"Compare a candidate file (CSV with a header naming at least quantity,\n"
"point and value, plus k, eps, i, j, l where applicable; or JSON Lines with\n"
"the same members) with a reference dataset from 'nhoracle emit'.  A record\n"
"passes when its value is finite and its distance to the certified ball\n"
"[mid - rad, mid + rad] is at most atol + rtol |mid|.  Trajectory records\n"
"(full_q, full_v, reduced_q, reduced_v) are ESTIMATES, not enclosures: their\n"
"rad is an error estimate, and the same test reads |c - mid| <= atol +\n"
"rtol |mid| + error estimate; the report marks these families as estimates.\n"
"\n"
"What must be supplied: q and v are the echoed inputs (compared when given,\n"
"never required, not counted); so is t, the model time of a point of a\n"
"time-dependent dataset, but it is required (missing or wrong: FAIL); every\n"
"other quantity, vD included, is computed.\n"
"Every computed record of the reference, at every point, is required\n"
"(missing ones fail) unless --subset is given; the report counts the values\n"
"checked and the points covered.  A run in which no value of a computed\n"
"quantity was checked never passes ('values checked: 0').\n"
"\n"
"Options:\n"
"  --atol A         absolute tolerance (default %g)\n"
"  --rtol R         relative tolerance (default %g)\n"
"  --tap            TAP output: one line per quantity family\n"
"  --json           one JSON object with every record's result\n"
"  --subset         whole vectors/matrices (a quantity at one point, order k,\n"
"                   eps and time t), and so whole points, may be absent; one\n"
"                   given in part still fails, and at least one computed\n"
"                   value must be checked\n"
"  --require-all    the default rule, said explicitly (excludes --subset)\n"
"  --all-messages   list every failure (default: the first %d)\n"
"Exit status: 0 everything passes, 9 some record fails / is missing / extra /\n"
"duplicate / unreadable, the case differs or 0 values were checked, 1 usage,\n"
"2 unusable file (also: a CSV header naming a column twice), 5 I/O.\n",
            VALIDATE_ATOL, VALIDATE_RTOL, VALIDATE_SHOW);
}

static int
parse_tol(double *res, const char *s, const char *what)
{
    char *end;
    double d = strtod(s, &end);
    if (*s == '\0' || *end != '\0' || !isfinite(d) || d < 0)
    {
        fprintf(stderr, "nhoracle: %s: expected a nonnegative number, found '%s'\n", what, s);
        return 0;
    }
    *res = d;
    return 1;
}

/* Metadata string of the reference for the text report, copied into buf
   with every byte that is not printable ASCII shown as '?' (the file may
   contain terminal escapes) and cut at size - 1 bytes. */
static const char *
meta_str(char *buf, size_t size, const nh_dataset_struct *ds, const char *key)
{
    json_object *x;
    const char *s = "?";
    size_t i;
    if (ds->meta != NULL && json_object_object_get_ex(ds->meta, key, &x))
        s = json_object_get_string(x);
    for (i = 0; s[i] != '\0' && i + 1 < size; i++)
        buf[i] = (s[i] >= 32 && s[i] < 127) ? s[i] : '?';
    buf[i] = '\0';
    return buf;
}

static void
print_text(const nh_validation_t res, const nh_dataset_t ref, const char *refpath,
           const char *candpath, int all)
{
    slong f, m, shown;
    char b1[128], b2[17];
    printf("reference: %s (case %s, case_sha256 %s...)\n", refpath,
           meta_str(b1, sizeof b1, ref, "case"), meta_str(b2, sizeof b2, ref, "case_sha256"));
    printf("candidate: %s\n", candpath);
    printf("tolerances: atol = %g, rtol = %g (a record passes when its distance to the ball "
           "is <= atol + rtol |mid|)\n", res->atol, res->rtol);
    for (f = 0; f < res->nfam; f++)
        if (res->fam[f].estimates > 0)
            break;
    if (f < res->nfam)
        printf("families marked (estimate) hold ESTIMATES, not certified enclosures: rad is an "
               "error estimate and\na record passes when |c - mid| <= atol + rtol |mid| + error "
               "estimate; 'outside' counts values\nbeyond the error estimate\n");
    printf("\n");
    printf("%-22s %7s %7s %7s %7s %7s %8s %12s %12s\n", "family", "records", "checked", "passed",
           "failed", "missing", "outside", "max abs err", "max rel err");
    for (f = 0; f < res->nfam; f++)
    {
        const nh_family_result *F = res->fam + f;
        if (!F->provided && F->missing == 0)
        {
            printf("%-22s %7ld %7s  (not provided)\n", F->family, (long) F->total, "-");
            continue;
        }
        printf("%-22s %7ld %7ld %7ld %7ld %7ld %8ld %12.3g %12.3g  %s%s\n", F->family, (long) F->total,
               (long) F->checked, (long) F->passed, (long) F->failed, (long) F->missing,
               (long) F->outside, F->worst_abs, F->worst_rel,
               (F->failed || F->missing) ? "FAIL" : "ok", F->estimates ? " (estimate)" : "");
    }
    printf("\nvalues checked: %ld (values of computed quantities; the echoed inputs q, v are "
           "not counted)\n", (long) res->checked);
    printf("points covered: %ld of %ld%s\n", (long) res->points_covered, (long) res->points,
           res->require_all ? " (--require-all: every point required)"
           : res->subset ? " (--subset: only the vectors/matrices given are required)"
           : "");
    if (res->extra || res->duplicates || res->issues)
        printf("\nextra records: %ld, duplicate keys: %ld, unreadable lines/values: %ld\n",
               (long) res->extra, (long) res->duplicates, (long) res->issues);
    if (res->nmsg > 0)
    {
        printf("\nproblems:\n");
        shown = all ? res->nmsg : FLINT_MIN(res->nmsg, VALIDATE_SHOW);
        for (m = 0; m < shown; m++)
            printf("  %s\n", res->msg[m]);
        if (shown < res->nmsg)
            printf("  ... and %ld more (--all-messages)\n", (long) (res->nmsg - shown));
    }
    printf("\nresult: %s\n", res->pass ? "PASS" : "FAIL");
}

static void
print_tap(const nh_validation_t res)
{
    slong f, t = 0, m;
    printf("1..%ld\n", (long) res->nfam + 2);
    for (f = 0; f < res->nfam; f++)
    {
        const nh_family_result *F = res->fam + f;
        t++;
        if (!F->provided && F->missing == 0)
        {
            printf("ok %ld - %s # SKIP not provided by the candidate\n", (long) t, F->family);
            continue;
        }
        if (F->estimates)
            printf("%s %ld - %s: %ld/%ld records pass against ESTIMATES (max abs err %.3g, max rel "
                   "err %.3g, %ld beyond the error estimate)\n",
                   (F->failed || F->missing) ? "not ok" : "ok", (long) t, F->family,
                   (long) F->passed, (long) F->total, F->worst_abs, F->worst_rel,
                   (long) F->outside);
        else
            printf("%s %ld - %s: %ld/%ld records pass (max abs err %.3g, max rel err %.3g, %ld "
                   "outside the ball)\n", (F->failed || F->missing) ? "not ok" : "ok", (long) t,
                   F->family, (long) F->passed, (long) F->total, F->worst_abs, F->worst_rel,
                   (long) F->outside);
        if (F->failed || F->missing)
        {
            printf("# %s: %ld failed, %ld missing\n", F->family, (long) F->failed, (long) F->missing);
            if (F->worst[0])
                printf("# worst: %s\n", F->worst);
        }
    }
    t++;
    printf("%s %ld - file-level checks: same case, no extra, duplicate or unreadable records\n",
           (res->hash_mismatch || res->extra || res->duplicates || res->issues) ? "not ok" : "ok",
           (long) t);
    t++;
    printf("%s %ld - values checked: %ld (computed quantities; points covered: %ld of %ld)\n",
           res->checked > 0 ? "ok" : "not ok", (long) t, (long) res->checked,
           (long) res->points_covered, (long) res->points);
    for (m = 0; m < res->nmsg && m < 50; m++)
        if (strstr(res->msg[m], ": FAIL ") == NULL && strstr(res->msg[m], "missing record") == NULL)
            printf("# %s\n", res->msg[m]);
}

static void
print_json(const nh_validation_t res, const char *refpath, const char *candpath)
{
    json_object *o = json_object_new_object(), *a;
    slong f, m;
    json_object_object_add(o, "pass", json_object_new_boolean(res->pass));
    json_object_object_add(o, "reference", json_object_new_string(refpath));
    json_object_object_add(o, "candidate", json_object_new_string(candpath));
    json_object_object_add(o, "atol", json_object_new_double(res->atol));
    json_object_object_add(o, "rtol", json_object_new_double(res->rtol));
    json_object_object_add(o, "hash_mismatch", json_object_new_boolean(res->hash_mismatch));
    json_object_object_add(o, "extra", json_object_new_int64(res->extra));
    json_object_object_add(o, "duplicates", json_object_new_int64(res->duplicates));
    json_object_object_add(o, "issues", json_object_new_int64(res->issues));
    json_object_object_add(o, "checked", json_object_new_int64(res->checked));
    json_object_object_add(o, "points", json_object_new_int64(res->points));
    json_object_object_add(o, "points_covered", json_object_new_int64(res->points_covered));
    json_object_object_add(o, "subset", json_object_new_boolean(res->subset));
    json_object_object_add(o, "require_all", json_object_new_boolean(res->require_all));
    a = json_object_new_array();
    for (f = 0; f < res->nfam; f++)
    {
        const nh_family_result *F = res->fam + f;
        json_object *x = json_object_new_object();
        json_object_object_add(x, "family", json_object_new_string(F->family));
        json_object_object_add(x, "provided", json_object_new_boolean(F->provided));
        json_object_object_add(x, "records", json_object_new_int64(F->total));
        json_object_object_add(x, "checked", json_object_new_int64(F->checked));
        json_object_object_add(x, "passed", json_object_new_int64(F->passed));
        json_object_object_add(x, "failed", json_object_new_int64(F->failed));
        json_object_object_add(x, "missing", json_object_new_int64(F->missing));
        json_object_object_add(x, "outside", json_object_new_int64(F->outside));
        json_object_object_add(x, "status", json_object_new_string(F->estimates ? "estimate"
                                                                        : "enclosure"));
        json_object_object_add(x, "max_abs_err", json_object_new_double(F->worst_abs));
        json_object_object_add(x, "max_rel_err", isfinite(F->worst_rel) ? json_object_new_double(F->worst_rel) : NULL);
        json_object_object_add(x, "worst", json_object_new_string(F->worst));
        json_object_array_add(a, x);
    }
    json_object_object_add(o, "families", a);
    a = json_object_new_array();
    for (m = 0; m < res->nmsg; m++)
        json_object_array_add(a, json_object_new_string(res->msg[m]));
    json_object_object_add(o, "messages", a);
    json_object_object_add(o, "records", json_object_get(res->records));
    printf("%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(o);
}

int
nh_cmd_validate(int argc, char **argv)
{
    static const struct option opts[] = {
        {"atol", required_argument, NULL, OPT_ATOL},
        {"rtol", required_argument, NULL, OPT_RTOL},
        {"tap", no_argument, NULL, OPT_TAP},
        {"json", no_argument, NULL, OPT_JSON},
        {"require-all", no_argument, NULL, OPT_REQUIRE_ALL},
        {"subset", no_argument, NULL, OPT_SUBSET},
        {"all-messages", no_argument, NULL, OPT_ALL},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}
    };
    double atol = VALIDATE_ATOL, rtol = VALIDATE_RTOL;
    int tap = 0, json = 0, require_all = 0, subset = 0, all = 0, c, rc;
    nh_dataset_t ref, cand;
    nh_validation_t res;
    nh_error_t err;

    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1)
    {
        switch (c)
        {
            case OPT_ATOL:
                if (!parse_tol(&atol, optarg, "--atol"))
                    return NH_ERR_USAGE;
                break;
            case OPT_RTOL:
                if (!parse_tol(&rtol, optarg, "--rtol"))
                    return NH_ERR_USAGE;
                break;
            case OPT_TAP: tap = 1; break;
            case OPT_JSON: json = 1; break;
            case OPT_REQUIRE_ALL: require_all = 1; break;
            case OPT_SUBSET: subset = 1; break;
            case OPT_ALL: all = 1; break;
            case 'h':
                validate_usage(stdout);
                return NH_OK;
            default:
                fprintf(stderr, "nhoracle: validate: unknown option or missing argument '%s'\n"
                        "Try 'nhoracle validate --help'.\n", argv[optind - 1]);
                return NH_ERR_USAGE;
        }
    }
    if (tap && json)
    {
        fprintf(stderr, "nhoracle: validate: --tap and --json exclude each other\n");
        return NH_ERR_USAGE;
    }
    if (subset && require_all)
    {
        fprintf(stderr, "nhoracle: validate: --subset and --require-all exclude each other\n");
        return NH_ERR_USAGE;
    }
    if (argc - optind != 2)
    {
        fprintf(stderr, "nhoracle: validate: expected REFERENCE and CANDIDATE files, found %d "
                "argument(s)\nTry 'nhoracle validate --help'.\n", argc - optind);
        return NH_ERR_USAGE;
    }

    nh_error_init(err);
    nh_dataset_init(ref);
    nh_dataset_init(cand);
    rc = nh_dataset_load(ref, argv[optind], NULL, err);
    if (rc == NH_OK && ref->nissue > 0)
        rc = nh_error_set(err, NH_ERR_PARSE, "reference %s is damaged: %s", argv[optind], ref->issue[0]);
    if (rc == NH_OK)
        rc = nh_dataset_load(cand, argv[optind + 1], ref, err);
    if (rc != NH_OK)
    {
        nh_dataset_clear(ref);
        nh_dataset_clear(cand);
        return nh_report(err);
    }
    nh_validation_init(res, atol, rtol, require_all);
    res->subset = subset;
    nh_dataset_validate(res, ref, cand);
    if (tap)
        print_tap(res);
    else if (json)
        print_json(res, argv[optind], argv[optind + 1]);
    else
        print_text(res, ref, argv[optind], argv[optind + 1], all);
    fflush(stdout);
    rc = res->pass ? NH_OK : NH_EXIT_VALIDATE_FAIL;
    if (!res->pass && !tap && !json)
        fprintf(stderr, "nhoracle: validate: %s does not pass (see the report above)\n", argv[optind + 1]);
    else if (!res->pass)
        fprintf(stderr, "nhoracle: validate: %s does not pass\n", argv[optind + 1]);
    nh_validation_clear(res);
    nh_dataset_clear(ref);
    nh_dataset_clear(cand);
    return rc;
}
