/*
 * t-proof_coverage.c -- coverage of the papers (lib/proof/proof_coverage*.c,
 * issue 21): item lists read from a directory, `covers:` checked against
 * them, counts and item verdicts computed by hand for a small example,
 * the Markdown rows, and the errors (file:line, file:line:col).
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
        "```claim\nid: e\ncovers: eq1\ncase: c.nh\nquantity: P\nformula: 0\nverdict: holds\n```\n";

    tap_plan(14);
    if (mkdtemp(dir) == NULL)
        tap_bail("mkdtemp");
    write_items("000.txt", "# comment\neq1 | equation | checkable | one\n"
                "eq2 | equation | not checkable: definition | two\n"
                "eq3 | equation | checkable | three | with a bar\nlem1 | lemma | unreviewed | four\n");
    write_items("001.txt", "thm3 | theorem | checkable | T3\n");
    write_items("notes.txt", "ignored: not NNN.txt\n");

    r = load(cov, msg);
    tap_ok(r == NH_OK && cov->n == 5 && cov->npapers == 2 && strcmp(cov->papers[0], "000") == 0,
           "two items files read, sorted, other files ignored (got %d: %s)", r, msg);
    tap_ok(r == NH_OK && strcmp(cov->items[2].desc, "three | with a bar") == 0
           && cov->items[1].status == NH_COV_NOT_CHECKABLE && strcmp(cov->items[1].reason, "definition") == 0,
           "description keeps later '|', reason parsed");

    nh_error_init(err);
    r = nh_proof_parse(doc, text, "d.md", err);
    tap_ok(r == NH_OK && doc->nclaims == 5, "document with covers: parses (%s)", err->msg);
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
           && nh_coverage_item_verdict(cov->items + 4) == NH_VERDICT_HOLDS
           && nh_coverage_item_verdict(cov->items + 2) == NH_VERDICT_NONE,
           "item verdict: refuted wins over holds; none without claims");
    nh_coverage_counts(&k, cov, "000");
    tap_ok(k.items == 4 && k.checked == 1 && k.refuted == 1 && k.holds == 0 && k.not_checkable == 1
           && k.not_written == 1 && k.unreviewed == 1, "counts of paper 000 (by hand: 4 = 1 + 1 + 1 + 1)");
    nh_coverage_counts(&k, cov, NULL);
    tap_ok(k.items == 5 && k.checked == 2 && k.holds == 1 && k.refuted == 1, "counts of all papers");

    nh_coverage_markdown(&md, &len, cov, err);
    tap_ok(md != NULL && strlen(md) == len
           && strstr(md, "| eq1 | equation | one | `a` (holds), `b` (refuted) | **refuted** |\n") != NULL
           && strstr(md, "| eq3 | equation | three \\| with a bar |  | checkable, **not yet written** |\n") != NULL
           && strstr(md, "| 000 | 4 | 1 | 0 | 1 | 0 | 0 | 1 | 1 | 1 |\n") != NULL,
           "Markdown: rows with claims, escaped '|', counts");
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
