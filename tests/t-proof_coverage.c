/*
 * t-proof_coverage.c -- coverage of the papers (lib/proof/proof_coverage*.c,
 * issue 21): item lists read from a directory, `covers:` checked against
 * them, counts and item verdicts computed by hand for a small example,
 * the Markdown rows, and the errors (file:line, file:line:col); issue 32:
 * only the three allowed not-checkable reasons are accepted, and an item
 * covered only by `input:` claims counts as "input, not checked".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "proof.h"
#include "tap.h"
#include "proof_testutil.h"

static char dir[] = "/tmp/t-proof_coverage.XXXXXX";

static void
write_items(const char *name, const char *text)
{
    tu_write_file(dir, name, text);
}

static int
load(nh_coverage_t cov, char *msg)
{
    nh_error_t err;
    int r;
    nh_error_init(err);
    r = nh_coverage_load(cov, dir, err);
    strcpy(msg, err->msg);
    return r;
}

int
main(void)
{
    nh_coverage_t cov;
    nh_proof_doc_t doc;
    nh_error_t err;
    nh_cov_counts k;
    char msg[NH_ERROR_MSG_LEN], *md = NULL;
    size_t len;
    int r;
    const char *text =
        "```claim\nid: a\ncovers: 000:eq1, 001:thm3\ncase: c.nh\nquantity: P\nformula: 0\nverdict: holds\n```\n"
        "```claim\nid: b\ncovers: 000:eq1\ncase: c.nh\nquantity: P\nformula: 0\nverdict: refuted\n```\n"
        "```claim\nid: c\ncovers: 000:eq9\ncase: c.nh\nquantity: P\nformula: 0\nverdict: holds\n```\n"
        "```claim\nid: d\ncovers: 000:eq2\ncase: c.nh\nquantity: P\nformula: 0\nverdict: holds\n```\n"
        "```claim\nid: e\ncovers: eq1\ncase: c.nh\nquantity: P\nformula: 0\nverdict: holds\n```\n"
        "```claim\nid: f\ncovers: 000:eq3\ninput: the case file typed from eq3\ncase: c.nh\nquantity: P\n"
        "formula: 0\nverdict: holds\n```\n";
    static const char *refused[] = {
        "definition or notation (no statement to test)", "derivation step", "notation: x",
        "model input: the case file types it", "definition:", "cannot build: a stiff potential",
        "qualitative"
    };
    size_t i;

    tap_plan(16 + (int) (sizeof refused / sizeof refused[0]));
    if (mkdtemp(dir) == NULL)
        tap_bail("mkdtemp");
    write_items("000.txt", "# comment\neq1 | equation | checkable | one\n"
                "eq2 | equation | not checkable: definition: introduces D | two\n"
                "eq3 | equation | checkable | three | with a bar\nlem1 | lemma | unreviewed | four\n"
                "rem1 | remark | not checkable: qualitative: no formula | five\n"
                "eq4 | equation | not checkable: cannot build: a stiff potential; needs its slow "
                "manifold | six\n");
    write_items("001.txt", "thm3 | theorem | checkable | T3\n");
    write_items("notes.txt", "ignored: not NNN.txt\n");

    r = load(cov, msg);
    tap_ok(r == NH_OK && cov->n == 7 && cov->npapers == 2 && strcmp(cov->papers[0], "000") == 0,
           "two items files read, sorted, other files ignored (got %d: %s)", r, msg);
    tap_ok(r == NH_OK && strcmp(cov->items[2].desc, "three | with a bar") == 0
           && cov->items[1].status == NH_COV_NOT_CHECKABLE
           && strcmp(cov->items[1].reason, "definition: introduces D") == 0
           && cov->items[1].nc_reason == NH_COV_NC_DEFINITION
           && cov->items[4].nc_reason == NH_COV_NC_QUALITATIVE
           && cov->items[5].nc_reason == NH_COV_NC_CANNOT_BUILD,
           "description keeps later '|', reason and its class parsed");

    nh_error_init(err);
    r = nh_proof_parse(doc, text, "d.md", err);
    tap_ok(r == NH_OK && doc->nclaims == 6 && doc->claims[5].input.text != NULL, "document with covers: parses (%s)", err->msg);
    r = nh_coverage_check_claim(cov, doc->claims + 0, "d.md", err);
    tap_ok(r == NH_OK, "claim a covers listed checkable items");
    r = nh_coverage_check_claim(cov, doc->claims + 2, "d.md", err);
    tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "d.md:19:9: claim 'c': covers: unknown item '000:eq9'") != NULL,
           "unknown item -> file:line:col (%s)", err->msg);
    r = nh_coverage_check_claim(cov, doc->claims + 3, "d.md", err);
    tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "listed as not checkable") != NULL,
           "item listed as not checkable -> error (%s)", err->msg);
    r = nh_coverage_check_claim(cov, doc->claims + 4, "d.md", err);
    tap_ok(r == NH_ERR_PARSE && strstr(err->msg, "expected 'PAPER:ITEM") != NULL,
           "entry without paper -> error (%s)", err->msg);

    /* a holds, b refuted on eq1; a holds on thm3 */
    nh_coverage_attach(cov, doc->claims + 0, NH_VERDICT_HOLDS);
    nh_coverage_attach(cov, doc->claims + 1, NH_VERDICT_REFUTED);
    tap_ok(cov->items[0].nclaims == 2 && nh_coverage_item_verdict(cov->items + 0) == NH_VERDICT_REFUTED
           && nh_coverage_item_verdict(cov->items + 6) == NH_VERDICT_HOLDS
           && nh_coverage_item_verdict(cov->items + 2) == NH_VERDICT_NONE,
           "item verdict: refuted wins over holds; none without claims");
    nh_coverage_counts(&k, cov, "000");
    tap_ok(k.items == 6 && k.checked == 1 && k.refuted == 1 && k.holds == 0 && k.not_checkable == 3
           && k.nc[NH_COV_NC_DEFINITION] == 1 && k.nc[NH_COV_NC_QUALITATIVE] == 1
           && k.nc[NH_COV_NC_CANNOT_BUILD] == 1 && k.input == 0
           && k.not_written == 1 && k.unreviewed == 1, "counts of paper 000 (by hand: 6 = 1 + 3 + 1 + 1)");
    nh_coverage_counts(&k, cov, NULL);
    tap_ok(k.items == 7 && k.checked == 2 && k.holds == 1 && k.refuted == 1, "counts of all papers");

    /* f is an input claim: eq3 becomes "input, not checked", not checked */
    r = nh_coverage_check_claim(cov, doc->claims + 5, "d.md", err);
    tap_ok(r == NH_OK, "an input: claim covers a checkable item");
    nh_coverage_attach(cov, doc->claims + 5, NH_VERDICT_HOLDS);
    nh_coverage_counts(&k, cov, "000");
    tap_ok(nh_coverage_item_is_input(cov->items + 2) && !nh_coverage_item_is_input(cov->items + 0)
           && k.input == 1 && k.checked == 1 && k.not_written == 0,
           "an item covered only by input: claims counts as input, not checked");

    nh_coverage_markdown(&md, &len, cov, err);
    tap_ok(md != NULL && strlen(md) == len
           && strstr(md, "| eq1 | equation | one | `a` (holds), `b` (refuted) | **refuted** |\n") != NULL
           && strstr(md, "| eq3 | equation | three \\| with a bar | `f` (holds) | **input, not checked**") != NULL
           && strstr(md, "| 000 | 6 | 1 | 0 | 1 | 0 | 0 | 1 | 3 | 1 | 1 | 1 | 0 | 1 |\n") != NULL,
           "Markdown: rows with claims, escaped '|', input row, counts by reason");
    free(md);
    nh_coverage_clear(cov);
    nh_proof_doc_clear(doc);

    write_items("001.txt", "thm3 | theorem | checkable | T3\nthm3 | theorem | checkable | again\n");
    r = load(cov, msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "001.txt:2: item 'thm3': listed twice") != NULL,
           "duplicate item -> file:line (%s)", msg);
    write_items("001.txt", "thm3 | theorem | not checkable: | T3\n");
    r = load(cov, msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "001.txt:1: status") != NULL, "reason missing -> error (%s)", msg);
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++)
    {
        char line[256];
        snprintf(line, sizeof line, "thm3 | theorem | not checkable: %s | T3\n", refused[i]);
        write_items("001.txt", line);
        r = load(cov, msg);
        tap_ok(r == NH_ERR_PARSE && strstr(msg, "001.txt:1: item 'thm3': not checkable reason") != NULL
               && strstr(msg, "is not allowed") != NULL,
               "reason '%s' refused naming file:line (%s)", refused[i], msg);
    }
    write_items("001.txt", "thm3 | theorem\n");
    r = load(cov, msg);
    tap_ok(r == NH_ERR_PARSE && strstr(msg, "001.txt:1: expected 'ITEM | KIND") != NULL,
           "too few fields -> error (%s)", msg);

    {
        char p[256];
        snprintf(p, sizeof p, "%s/000.txt", dir); unlink(p);
        snprintf(p, sizeof p, "%s/001.txt", dir); unlink(p);
        snprintf(p, sizeof p, "%s/notes.txt", dir); unlink(p);
        rmdir(dir);
    }
    return tap_done();
}
