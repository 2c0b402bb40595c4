/*
 * t-proof_run.c -- a run of claims and its reports (nh_proof_run_doc,
 * nh_proof_run_finish, lib/proof.h) on a document with three claims
 * whose truth is known by hand (the pendulum with radial friction, G = I,
 * one constraint (x dx + y dy)/r: P_perp = [[x^2, x y], [x y, y^2]] / r^2,
 * so P = I - P_perp; see t-proof_check.c):
 *   a  P = I - P_perp, recorded holds       -> holds, matches;
 *   b  P = P_perp, recorded refuted         -> refuted (P - P_perp has
 *      diagonal (y^2 - x^2)/r^2, nonzero at a generic point), matches;
 *   c  P = P_perp, recorded holds           -> refuted: a mismatch.
 * Expected: 3 claims, 2 refuted, 1 mismatch told once through the note
 * callback, an errata entry for b and c only, the JSON report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "proof.h"
#include "tap.h"

#define CLAIM(id, formula, verdict) \
    "```claim\nid: " id "\nsource: test\ncase: cases/pendulum_radial_friction.nh\n" \
    "quantity: P\nlet: r2 = x^2 + y^2\nformula: " formula "\npoints: 3\nverdict: " verdict \
    "\n```\n\n"
#define PPERP "1/r2 * [[x^2, x*y], [x*y, y^2]]"

static int nnotes;
static char lastnote[1024];

static void
note(void *data, const char *msg)
{
    (void) data;
    nnotes++;
    snprintf(lastnote, sizeof lastnote, "%s", msg);
}

int
main(void)
{
    const char *top = getenv("NH_TOP_SRCDIR");
    char path[] = "/tmp/t-proof_run-XXXXXX";
    nh_proof_run_struct run;
    nh_error_t err;
    nh_proof_run_opts_struct ro;
    FILE *f;
    int fd, rc;
    const char *txt, *er;
    json_object *cl;

    if (top == NULL)
        top = ".";
    tap_plan(7);
    fd = mkstemp(path);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f == NULL)
        tap_bail("cannot create %s", path);
    fputs("# test\n\n" CLAIM("a", "[[1 - x^2/r2, -x*y/r2], [-x*y/r2, 1 - y^2/r2]]", "holds")
          CLAIM("b", PPERP, "refuted") CLAIM("c", PPERP, "holds"), f);
    fclose(f);

    nh_error_init(err);
    nh_proof_run_init(&run);
    run.note = note;
    nh_proof_run_opts_init(&ro);
    ro.top = top;
    rc = nh_proof_run_doc(&run, path, &ro, err);
    nh_proof_run_finish(&run, NULL);
    tap_ok(rc == NH_OK && run.nrun == 3 && run.nref == 2 && run.nmis == 1 && run.nund == 0,
           "3 claims: 2 refuted, 1 mismatch (rc %d %s)", rc, err->msg);
    tap_ok(nnotes == 1 && strstr(lastnote, "claim 'c': recorded verdict 'holds', computed "
                                 "'refuted'") != NULL, "one mismatch told: %s", lastnote);
    txt = nh_sbuf_str(run.txt, NULL);
    tap_ok(strstr(txt, "MISMATCH") != NULL && strstr(txt, "3 claims: 2 refuted, 0 undecided, "
                                                      "1 verdict mismatches\n") != NULL,
           "standard output: MISMATCH and the summary");
    er = nh_sbuf_str(run.er, NULL);
    tap_ok(strstr(er, "## a ") == NULL && strstr(er, "## b ") != NULL && strstr(er, "## c ") != NULL,
           "errata: entries of b and c only");
    cl = json_object_object_get(run.jroot, "claims");
    tap_ok(json_object_array_length(cl) == 3
           && strcmp(json_object_get_string(json_object_object_get(
                  json_object_array_get_idx(cl, 1), "verdict")), "refuted") == 0
           && json_object_get_int64(json_object_object_get(run.jroot, "mismatches")) == 1,
           "JSON: 3 claims, b refuted, mismatches 1");
    nh_proof_run_clear(&run);

    /* only claim a: no mismatch, no refuted, the errata says so */
    nh_proof_run_init(&run);
    ro.only = "a";
    rc = nh_proof_run_doc(&run, path, &ro, err);
    nh_proof_run_finish(&run, NULL);
    tap_ok(rc == NH_OK && run.nrun == 1 && run.nmis == 0
           && strstr(nh_sbuf_str(run.er, NULL), "No claim is refuted.") != NULL,
           "--only a: one claim, nothing refuted");
    nh_proof_run_clear(&run);
    remove(path);
    {
        char *t1 = nh_proof_default_top("x.md"), *t2 = nh_proof_default_top("d/x.md"),
             *t3 = nh_proof_default_top("/a/d/x.md"), *it = nh_proof_default_items("p/x.md");
        tap_ok(strcmp(t1, "..") == 0 && strcmp(t2, ".") == 0 && strcmp(t3, "/a") == 0
               && strcmp(it, "p/items") == 0, "default top and items directories");
        free(t1); free(t2); free(t3); free(it);
    }
    flint_cleanup();
    return tap_done();
}
