/*
 * t-robust_proof.c -- hostile proof documents (issue 6) at the library
 * level: nh_proof_parse_n (binary data, documents without claims,
 * control characters and malformed UTF-8, hidden claims in unclosed
 * code blocks, limits, linear-time reading of long values and many
 * claims) and nh_proof_prepare (every claim field that nh_proof_check
 * would reject is rejected before any point is evaluated, with the
 * position in the document; well-formed claims of each kind pass).
 *
 * Expected positions are counted by hand from the texts below (line:col,
 * 1-based, col in bytes of the line).  No timing assertions: the
 * linear-time cases are sized so that the former quadratic code (one
 * pass over the value per continuation line or per formula element)
 * took minutes, so a regression shows up as a test timeout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "proof.h"
#include "tap.h"
#include "proof_testutil.h"

static const char *top;

/* Parse len bytes; return the code, message in msg (empty on success),
   and optionally keep the doc. */
static int
parse_n(const char *text, size_t len, char *msg, nh_proof_doc_struct *keep)
{
    nh_proof_doc_t doc;
    nh_error_t err;
    int r;
    nh_error_init(err);
    err->msg[0] = '\0';
    r = nh_proof_parse_n(doc, text, len, "d.md", err);
    snprintf(msg, NH_ERROR_MSG_LEN, "%s", r == NH_OK ? "" : err->msg);
    if (r == NH_OK)
    {
        if (keep != NULL)
            *keep = doc[0];
        else
            nh_proof_doc_clear(doc);
    }
    return r;
}

static void
expect(int code, const char *text, size_t len, const char *prefix, const char *what)
{
    char msg[NH_ERROR_MSG_LEN];
    int r = parse_n(text, len, msg, NULL);
    tap_ok(r == code && strncmp(msg, prefix, strlen(prefix)) == 0,
           "%s -> code %d, '%s...' (got %d: %.200s)", what, code, prefix, r, msg);
}

#define EXPECT(code, text, prefix, what) expect(code, text, sizeof(text) - 1, prefix, what)

static void
expect_prepare(int code, const char *text, const char *prefix, const char *what)
{
    char msg[NH_ERROR_MSG_LEN];
    int r = tu_proof_prepare_all(text, top, msg);
    tap_ok(r == code && strncmp(msg, prefix, strlen(prefix)) == 0,
           "prepare: %s -> code %d, '%s...' (got %d: %.300s)", what, code, prefix, r, msg);
}

#define HEAD "```claim\nid: a\ncase: cases/vertical_disk.nh\n"   /* lines 1-3 */
#define TAIL "verdict: holds\n```\n"

int
main(void)
{
    char msg[NH_ERROR_MSG_LEN];
    nh_proof_doc_struct kept;
    char *big;
    size_t i, n;
    int r;

    top = getenv("NH_TOP_SRCDIR");
    if (top == NULL)
        top = ".";
    tap_plan(39);

    /* ---- nh_proof_parse_n: the whole file ------------------------------ */
    /* NUL: line 2 is "id: a" followed by the NUL, so column 6 */
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\0b\n```\n", "d.md:2:6: NUL byte", "NUL byte");
    EXPECT(NH_ERR_PARSE, "", "d.md:1: no claim block", "empty document");
    EXPECT(NH_ERR_PARSE, "# Title\n\n```c\nint x;\n```\n", "d.md:1: no claim block",
           "document with only other blocks");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\033[2J\n```\n", "d.md:2:6: control character 0x1b",
           "escape sequence (ESC at 2:6)");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\rb\n```\n", "d.md:2:6: control character 0x0d",
           "carriage return inside a line");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\302\233b\n```\n", "d.md:2:6: control character 0xc2",
           "C1 control U+009B (CSI) encoded in UTF-8");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\303\050\n```\n", "d.md:2:6: byte 0xc3 that is not UTF-8",
           "truncated 2-byte sequence");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\340\200\257\n```\n", "d.md:2:6: byte 0xe0 that is not UTF-8",
           "overlong 3-byte encoding of '/'");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\355\240\200\n```\n", "d.md:2:6: byte 0xed that is not UTF-8",
           "UTF-16 surrogate U+D800");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\377\n```\n", "d.md:2:6: byte 0xff that is not UTF-8",
           "byte 0xff");
    /* CRLF line ends and valid UTF-8 (e, en dash, epsilon, U+1F600) are fine */
    {
        static const char t[] = "```claim\r\nid: \303\251\342\200\223\316\265\360\237\230\200\r\n"
                                "case: c\r\nquantity: G\r\nverdict: holds\r\n```\r\n";
        r = parse_n(t, sizeof t - 1, msg, &kept);
        tap_ok(r == NH_OK && kept.nclaims == 1
               && strcmp(kept.claims[0].id.text, "\303\251\342\200\223\316\265\360\237\230\200") == 0
               && strcmp(kept.claims[0].quantity.text, "G") == 0,
               "CRLF and valid UTF-8 accepted, id kept byte for byte (%s)", msg);
        if (r == NH_OK)
            nh_proof_doc_clear(&kept);
    }
    EXPECT(NH_ERR_PARSE, "```python\nx = 1\n\n```claim\nid: a\n```\n",
           "d.md:4: '```claim' inside the ``` block opened at line 1", "claim fence in an unclosed block");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\ncase: c\nquantity: G\nverdict: holds\n```\n```sh\nls\n",
           "d.md:7: unterminated ``` block", "unclosed block after the claims");
    EXPECT(NH_ERR_PARSE, "```claim\nid:\ncase: c\nquantity: G\nverdict: holds\n```\n",
           "d.md:2: empty 'id:'", "empty id");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\nkind: rate\ncase: c\neps-list: 1, 2\nexpect: nan\nverdict: holds\n```\n",
           "d.md:6: bad value for 'expect'", "expect: nan");
    EXPECT(NH_ERR_PARSE, "```claim\nid: a\nkind: rate\ncase: c\neps-list: 1, 2\nexpect: 1e999\nverdict: holds\n```\n",
           "d.md:6: bad value for 'expect'", "expect: 1e999 (overflows to inf)");

    /* many claims: each block below is 6 lines, so block k (0-based)
       opens at line 6k + 1; the (MAX+1)-th at 6 MAX + 1 */
    n = (size_t) NH_PROOF_MAX_CLAIMS + 1;
    big = malloc(n * 80 + 100);
    {
        size_t off = 0;
        for (i = 0; i < n; i++)
            off += (size_t) sprintf(big + off, "```claim\nid: c%lu\ncase: c\nquantity: G\nverdict: holds\n```\n",
                                    (unsigned long) i);
        r = parse_n(big, off, msg, NULL);
        {
            char want[100];
            snprintf(want, sizeof want, "d.md:%d: more than %d claim blocks",
                     6 * NH_PROOF_MAX_CLAIMS + 1, NH_PROOF_MAX_CLAIMS);
            tap_ok(r == NH_ERR_RESOURCE && strncmp(msg, want, strlen(want)) == 0,
                   "%lu claim blocks -> NH_ERR_RESOURCE '%s' (got %d: %s)", (unsigned long) n, want, r, msg);
        }
        /* the first MAX blocks parse; then repeat the id of block 7777
           (opened at line 6 * 7777 + 1 = 46663) as block number MAX - 1 */
        off = 0;
        for (i = 0; i + 1 < (size_t) NH_PROOF_MAX_CLAIMS; i++)
            off += (size_t) sprintf(big + off, "```claim\nid: c%lu\ncase: c\nquantity: G\nverdict: holds\n```\n",
                                    (unsigned long) i);
        r = parse_n(big, off, msg, &kept);
        tap_ok(r == NH_OK && kept.nclaims == NH_PROOF_MAX_CLAIMS - 1
               && strcmp(kept.claims[4321].id.text, "c4321") == 0,
               "%d distinct claim blocks parse (%s)", NH_PROOF_MAX_CLAIMS - 1, msg);
        if (r == NH_OK)
            nh_proof_doc_clear(&kept);
        off += (size_t) sprintf(big + off, "```claim\nid: c7777\ncase: c\nquantity: G\nverdict: holds\n```\n");
        r = parse_n(big, off, msg, NULL);
        {
            char want[100];
            snprintf(want, sizeof want, "d.md:%d: duplicate claim id 'c7777' (first at line 46663)",
                     6 * (NH_PROOF_MAX_CLAIMS - 1) + 1);
            tap_ok(r == NH_ERR_PARSE && strcmp(msg, want) == 0,
                   "duplicate id among %d blocks -> '%s' (got %d: %s)", NH_PROOF_MAX_CLAIMS, want, r, msg);
        }
    }
    free(big);

    /* a value continued over 200000 lines " y": "x" + 200000 x "\n y" */
    n = 200000;
    big = malloc(n * 3 + 200);
    {
        size_t off = (size_t) sprintf(big, "```claim\nid: a\ncase: c\nquantity: G\nevidence: x\n");
        int ok;
        for (i = 0; i < n; i++)
        {
            memcpy(big + off, " y\n", 3);
            off += 3;
        }
        off += (size_t) sprintf(big + off, "verdict: holds\n```\n");
        r = parse_n(big, off, msg, &kept);
        /* continuation lines are kept whole (with their indentation) */
        ok = r == NH_OK && strlen(kept.claims[0].evidence.text) == 1 + 3 * n
             && kept.claims[0].evidence.text[0] == 'x';
        for (i = 0; ok && i < n; i++)
            ok = memcmp(kept.claims[0].evidence.text + 1 + 3 * i, "\n y", 3) == 0;
        tap_ok(ok, "a value of %lu continuation lines is joined exactly (%s)", (unsigned long) n, msg);
        if (r == NH_OK)
            nh_proof_doc_clear(&kept);
    }
    free(big);

    /* ---- nh_proof_prepare ---------------------------------------------- */
    expect_prepare(NH_OK, HEAD "quantity: P\nlet: Ii = m*R^2/(J + m*R^2)\n"
                   "formula: Ii * [[1/Ii, 0, 0, 0],\n [0, 1, 0, 0],\n [0, 0, 1, 0],\n [0, 0, 0, 1]]\n"
                   "corrected: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]\n" TAIL,
                   "", "matrix with a factor, lets and a corrected formula");
    /* a claim whose check would take hours: order 63, 100000 points at
       10^6 bits; prepare parses it only */
    expect_prepare(NH_OK, HEAD "quantity: routes\norder: 63\npoints: 100000\nprec: 1000000\nmax-prec: 1000000\n" TAIL,
                   "", "routes of order 63 at 100000 points and 10^6 bits (nothing evaluated)");
    expect_prepare(NH_OK, "```claim\nid: a\nkind: rate\ncase: cases/chaplygin_sleigh.nh\n"
                   "formula: proofs/fields/001-19.field\nfix: phi = 3/10, v_x = 1\norder: 1\n"
                   "eps-list: 1/50, 1/200, 1/800\nT: 1/2\nmeasure: q_T\nexpect: 2\nverdict: refuted\n```\n"
                   "```claim\nid: b\nkind: rate\nverdict: pending\n```\n",
                   "", "rate claim with a field file (study not run); pending rate claim");
    expect_prepare(NH_OK, "```claim\nid: a\ncase: cases/vertical_disk_002.nh\nghat: cases/vertical_disk_002_ghat.nh\n"
                   "ghat-param: alpha = 7/3\nquantity: acc_geodesic\n"
                   "formula: [acc_lagrange_x, acc_lagrange_y, acc_lagrange_phi, acc_lagrange_theta]\n" TAIL,
                   "", "nonholonomic quantity with ghat and ghat-param");
    expect_prepare(NH_OK, "```claim\nid: a\ncase: cases/rotating_plane_ball.nh\ndependent: phi, theta\n"
                   "quantity: B_a\nlet: s = sin(theta)\nformula: 0\nt-range: 2\nfix: t = 1/2\n" TAIL,
                   "", "nonholonomic quantity with dependent:, fix: t");
    /* line 4 is "quantity: h0": value at column 11 */
    expect_prepare(NH_ERR_PARSE, HEAD "quantity: h0\nformula: 0\n" TAIL, "d.md:4:11: unknown quantity 'h0'",
                   "unknown quantity");
    expect_prepare(NH_ERR_PARSE, HEAD "quantity: G\nformula: [1, 2, 3]\n" TAIL,
                   "d.md:5:10: claim 'a': formula has shape 3, G is 4 x 4", "shape mismatch");
    /* formula over three lines: "formula: [0," / "  0, 0," / "  w]":
       continuation lines keep their indentation, w at 7:3 */
    expect_prepare(NH_ERR_PARSE, HEAD "quantity: vD\nformula: [0,\n  0, 0,\n  w]\n" TAIL,
                   "d.md:7:3: expected a coordinate, parameter, function or pi, found unknown name 'w'", "unknown name on a continuation line");
    expect_prepare(NH_ERR_PARSE, HEAD "quantity: G\nlet: theta = 1\nformula: 0\n" TAIL,
                   "d.md:5:6: 'let: theta' redefines", "let redefining a coordinate");
    expect_prepare(NH_ERR_PARSE, HEAD "quantity: vD\nfix: w = 1\nformula: 0\n" TAIL,
                   "d.md:5:6: fix: unknown coordinate 'w'", "fix: unknown coordinate");
    expect_prepare(NH_ERR_PARSE, "```claim\nid: a\ncase: cases/rotating_plane_ball.nh\ndependent: phi, nosuch\n"
                   "quantity: B_a\nformula: 0\n" TAIL, "d.md:4:12: dependent: unknown coordinate 'nosuch'",
                   "dependent: unknown coordinate");
    expect_prepare(NH_ERR_PARSE, "```claim\nid: a\ncase: cases/vertical_disk_002.nh\nghat-param: alpha = 2\n"
                   "quantity: acc_lagrange\nformula: 0\n" TAIL, "d.md:4:13: ghat-param: without ghat:",
                   "ghat-param without ghat");
    expect_prepare(NH_ERR_PARSE, HEAD "quantity: full_vdot\nformula: 0\n" TAIL,
                   "d.md:1: claim 'a': quantity 'full_vdot' needs 'eps:' or 'series:'", "eps-dependent without eps");
    expect_prepare(NH_ERR_PARSE, "```claim\nid: a\nkind: rate\ncase: cases/chaplygin_sleigh.nh\neps-list: 1/50, 0\n"
                   "expect: 1\nverdict: holds\n```\n", "d.md:5: claim 'a': bad eps '0' in eps-list",
                   "rate claim with eps 0");
    expect_prepare(NH_ERR_PARSE, "```claim\nid: a\nkind: rate\ncase: cases/chaplygin_sleigh.nh\neps-list: 1/50, 1/60\n"
                   "measure: q_X\nexpect: 1\nverdict: holds\n```\n", "d.md:1: claim 'a': unknown measure 'q_X'",
                   "rate claim with an unknown measure");
    expect_prepare(NH_ERR_IO, "```claim\nid: a\ncase: cases/no-such-case.nh\nquantity: G\nformula: 0\n" TAIL,
                   "d.md:3: claim 'a': ", "missing case file (NH_ERR_IO)");
    expect_prepare(NH_ERR_IO, "```claim\nid: a\nkind: rate\ncase: cases/chaplygin_sleigh.nh\nformula: proofs/fields/none.field\n"
                   "eps-list: 1/50, 1/60\nexpect: 1\nverdict: holds\n```\n", "d.md:5: claim 'a': field file: ",
                   "missing field file of a rate claim (NH_ERR_IO)");

    /* 100000 elements "0, " then the unknown name w: the formula's value
       starts at column 10 with '[', so w is at column 10 + 1 + 3 * 100000 */
    n = 100000;
    big = malloc(n * 3 + 300);
    {
        size_t off = (size_t) sprintf(big, HEAD "quantity: G\nformula: [");
        char want[120];
        for (i = 0; i < n; i++)
        {
            memcpy(big + off, "0, ", 3);
            off += 3;
        }
        sprintf(big + off, "w]\n" TAIL);
        snprintf(want, sizeof want, "d.md:5:%lu: expected a coordinate, parameter, function or pi, found unknown name 'w'",
                 (unsigned long) (10 + 1 + 3 * n));
        expect_prepare(NH_ERR_PARSE, big, want, "position of the last of 100001 list elements");
    }
    free(big);
    /* the same list, well-formed: 100001 elements, not the 4 x 4 of G */
    {
        size_t off;
        big = malloc(n * 3 + 300);
        off = (size_t) sprintf(big, HEAD "quantity: G\nformula: [");
        for (i = 0; i < n; i++)
        {
            memcpy(big + off, "0, ", 3);
            off += 3;
        }
        sprintf(big + off, "0]\n" TAIL);
        expect_prepare(NH_ERR_PARSE, big, "d.md:5:10: claim 'a': formula has shape 100001, G is 4 x 4",
                       "a list of 100001 elements is read whole");
        free(big);
    }

    flint_cleanup();
    return tap_done();
}
