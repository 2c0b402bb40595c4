/*
 * t-proof_parse.c -- the claim-block parser (lib/proof/proof_parse.c): fields
 * of well-formed blocks, other fenced blocks ignored, and malformed
 * blocks rejected with "file:line: ..." naming the offending line.
 */
#include <string.h>
#include "proof.h"
#include "tap.h"

/* Parse text; return the error code, message in msg. */
static int
parse(const char *text, char *msg, size_t size)
{
    nh_proof_doc_t doc;
    nh_error_t err;
    int r;
    nh_error_init(err);
    r = nh_proof_parse(doc, text, "doc.md", err);
    snprintf(msg, size, "%s", err->msg);
    if (r == NH_OK)
        nh_proof_doc_clear(doc);
    return r;
}

static void
expect_error(const char *text, const char *prefix, const char *what)
{
    char msg[NH_ERROR_MSG_LEN];
    int r = parse(text, msg, sizeof msg);
    tap_ok(r == NH_ERR_PARSE && strncmp(msg, prefix, strlen(prefix)) == 0,
           "%s -> NH_ERR_PARSE '%s...' (got %d: %s)", what, prefix, r, msg);
}

int
main(void)
{
    nh_proof_doc_t doc;
    nh_error_t err;
    const char *good =
        "# Title\n"                                  /* 1 */
        "```c\n"                                     /* 2 */
        "id: not-a-claim\n"                          /* 3 */
        "```\n"                                      /* 4 */
        "Prose.\n"                                   /* 5 */
        "```claim\n"                                 /* 6 */
        "id: a\n"                                    /* 7 */
        "source: 000 eq (1)\n"                       /* 8 */
        "case: cases/vertical_disk.nh\n"             /* 9 */
        "quantity: h2\n"                             /* 10 */
        "formula: [1,\n"                             /* 11 */
        "          2]\n"                             /* 12 */
        "let: mu = 1\n"                              /* 13 */
        "let: K = 2\n"                               /* 14 */
        "eps: 0.01\n"                                /* 15 */
        "order: 3\n"                                 /* 16 */
        "route: covariant\n"                         /* 17 */
        "verdict: refuted\n"                         /* 18 */
        "```\n"                                      /* 19 */
        "```claim\n"                                 /* 20 */
        "id: b\n"
        "kind: rate\n"
        "verdict: pending\n"
        "```\n";
    fmpq_t t;

    tap_plan(19);
    nh_error_init(err);
    fmpq_init(t);
    tap_ok(nh_proof_parse(doc, good, "doc.md", err) == NH_OK, "well-formed document parses (%s)", err->msg);
    tap_ok(doc->nclaims == 2, "two claim blocks, the ```c block ignored (got %ld)", (long) doc->nclaims);
    if (doc->nclaims == 2)
    {
        const nh_claim_struct *c = doc->claims;
        fmpq_set_si(t, 1, 100);
        tap_ok(c->line == 6 && strcmp(c->id.text, "a") == 0 && c->id.line == 7,
               "id and positions (fence line 6, id line 7)");
        tap_ok(strcmp(c->formula.text, "[1,\n          2]") == 0 && c->formula.line == 11
               && c->formula.col == 10, "continuation lines kept, value at 11:10");
        tap_ok(c->nlet == 2 && strcmp(c->let[1].text, "K = 2") == 0, "two let lines");
        tap_ok(c->have_eps && fmpq_equal(c->eps, t), "eps 0.01 read exactly as 1/100");
        tap_ok(c->order == 3 && c->route == NH_ROUTE_COVARIANT && c->verdict == NH_VERDICT_REFUTED,
               "order, route, verdict");
        tap_ok(c->points == 8 && c->seed == 1 && c->prec == 128 && c->max_prec == 1024,
               "defaults: points 8, seed 1, prec 128, max-prec 1024");
        tap_ok(doc->claims[1].verdict == NH_VERDICT_PENDING, "rate claim recorded pending");
        nh_proof_doc_clear(doc);
    }
    else
        tap_skip(6, "parse failed");

    expect_error("```claim\nid: a\ncase: c.nh\nquantity: P\nformula: 0\ncolour: red\nverdict: holds\n```\n",
                 "doc.md:6:", "unknown key on line 6");
    expect_error("text\n```claim\nid: a\ncase: c.nh\nquantity: P\nformula: 0\n```\n",
                 "doc.md:2:", "missing verdict reported at the fence (line 2)");
    expect_error("```claim\nid: a\ncase: c.nh\nquantity: P\nverdict: holds\n",
                 "doc.md:1:", "unterminated block reported at its fence");
    expect_error("```claim\nid: a\ncase: c.nh\nquantity: P\nverdict: maybe\n```\n",
                 "doc.md:5:", "unknown verdict on line 5");
    expect_error("```claim\nid: a\ncase: c.nh\nquantity: P\nverdict: holds\n```\n"
                 "```claim\nid: a\ncase: c.nh\nquantity: P\nverdict: holds\n```\n",
                 "doc.md:7:", "duplicate id reported at the second fence");
    expect_error("```claim\nid: a\nid: b\n```\n", "doc.md:3:", "repeated key");
    expect_error("```claim\nid: a\nkind: rate\nverdict: holds\n```\n",
                 "doc.md:1:", "rate claim to be run needs case, expect, eps-list");
    expect_error("```claim\nid: a\ncase: c.nh\nquantity: P\neps: -1\nverdict: holds\n```\n",
                 "doc.md:5:", "eps must be a positive rational");
    expect_error("```claim\n  id: a\n```\n", "doc.md:2:", "continuation line without a key");
    expect_error("```claim\nid: a\nquantity: P\nverdict: holds\n```\n",
                 "doc.md:1:", "identity claim without case");
    fmpq_clear(t);
    flint_cleanup();
    return tap_done();
}
