/*
 * t-proof_path.c -- the files a proof document names stay inside the top
 * directory (issue 13 item 2, doc/proofs.md "Paths in documents"), at
 * the library level (nh_proof_prepare, which resolves and reads them as
 * nh_proof_check does).
 *
 * A temporary tree is built:
 *
 *     BASE/top/cases/m.nh     a copy of cases/vertical_disk_002.nh
 *     BASE/top/alias.nh   ->  cases/m.nh          (symlink inside)
 *     BASE/top/link.nh    ->  ../outside/secret.nh (symlink out)
 *     BASE/top/fifo           a FIFO without a writer
 *     BASE/top/dir/           a directory
 *     BASE/topalias       ->  top                  (the top via a symlink)
 *     BASE/outside/secret.nh  one line: a unique token
 *
 * Expected: documents naming m.nh (directly, through '..' that stays in
 * the tree, through the inside symlink, or with the top given through a
 * symlink or as the current directory) prepare; an absolute path, '..'
 * leaving the tree (existing or missing target), the symlink out of the
 * tree are refused with NH_ERR_PARSE and a message that names the
 * document position "d.md:LINE:COL: claim 'a': KEY:" (positions counted
 * by hand from the texts: the value of "case: " starts at column 7,
 * "ghat: " at 7, "formula: " at 10) and does not contain the token of
 * the secret file (the former code printed the first token of a refused
 * file in the model parser's error); the FIFO and the directory inside
 * the tree are refused with NH_ERR_IO (the FIFO at once: an alarm ends
 * the test if the reader blocks, as the former code did).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include "proof.h"
#include "tap.h"
#include "proof_testutil.h"

#define TOKEN "Zq7SecretTokenXk4"

static char base[] = "/tmp/t-proof_path.XXXXXX";
static char topdir[256], outside[256];

static void
expect_ok(const char *text, const char *top, const char *what)
{
    char msg[NH_ERROR_MSG_LEN];
    int r = tu_proof_prepare_all(text, top, msg);
    tap_ok(r == NH_OK, "%s: prepared (got %d: %.300s)", what, r, msg);
}

/* code, message starting with prefix and containing `has`, no token */
static void
expect_refused(int code, const char *text, const char *top, const char *prefix, const char *has,
               const char *what)
{
    char msg[NH_ERROR_MSG_LEN];
    int r = tu_proof_prepare_all(text, top, msg);
    tap_ok(r == code && strncmp(msg, prefix, strlen(prefix)) == 0 && strstr(msg, has) != NULL
           && strstr(msg, TOKEN) == NULL,
           "%s -> code %d, '%s...%s...', no file content (got %d: %.300s)", what, code, prefix, has, r, msg);
}

static void
copy_file(const char *from, const char *to)
{
    char buf[65536];
    size_t n;
    FILE *f, *g;
    if (strcmp(from, to) == 0)
        tap_bail("copy of %s onto itself", from);
    f = fopen(from, "rb");
    g = fopen(to, "wb");
    if (f == NULL || g == NULL)
        tap_bail("cannot copy %s to %s", from, to);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        if (fwrite(buf, 1, n, g) != n)
            tap_bail("cannot write %s", to);
    fclose(f);
    if (fclose(g) != 0)
        tap_bail("cannot write %s", to);
}

static void
write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
        tap_bail("cannot write %s", path);
}

/* one path at a time: every use of P() overwrites the buffer */
#define P(...) (snprintf(path, sizeof path, __VA_ARGS__), path)
#define CLAIM(casev) "```claim\nid: a\ncase: " casev "\nquantity: G\nformula: 0\nverdict: holds\n```\n"

int
main(void)
{
    const char *src = getenv("NH_TOP_SRCDIR");
    char path[600], text[1200], cwd[4096], msg[NH_ERROR_MSG_LEN];
    int r;

    if (src == NULL)
        src = ".";
    tap_plan(20);
    alarm(60);          /* a reader blocked on the FIFO fails the test */
    if (mkdtemp(base) == NULL)
        tap_bail("mkdtemp failed");
    snprintf(topdir, sizeof topdir, "%s/top", base);
    snprintf(outside, sizeof outside, "%s/outside", base);
    if (mkdir(topdir, 0700) != 0 || mkdir(P("%s/cases", topdir), 0700) != 0
        || mkdir(P("%s/dir", topdir), 0700) != 0 || mkdir(outside, 0700) != 0)
        tap_bail("mkdir failed");
    {
        char from[600];
        snprintf(from, sizeof from, "%s/cases/vertical_disk_002.nh", src);
        copy_file(from, P("%s/cases/m.nh", topdir));
    }
    write_text(P("%s/secret.nh", outside), TOKEN " a b c\n");
    write_text(P("%s/secret.field", outside), TOKEN " a b c\n");
    if (symlink("cases/m.nh", P("%s/alias.nh", topdir)) != 0
        || symlink("../outside/secret.nh", P("%s/link.nh", topdir)) != 0
        || symlink("top", P("%s/topalias", base)) != 0
        || mkfifo(P("%s/fifo", topdir), 0600) != 0)
        tap_bail("symlink/mkfifo failed");
    tap_diag("tree in %s", base);

    /* ---- allowed ------------------------------------------------------- */
    expect_ok(CLAIM("cases/m.nh"), topdir, "case: cases/m.nh");
    expect_ok(CLAIM("cases/../cases/./m.nh"), topdir, "case: '..' that stays inside the tree");
    expect_ok(CLAIM("alias.nh"), topdir, "case: a symbolic link to a file inside the tree");
    snprintf(path, sizeof path, "%s/topalias", base);
    expect_ok(CLAIM("cases/m.nh"), path, "top given through a symbolic link");

    /* ---- refused before anything is opened ----------------------------- */
    snprintf(text, sizeof text, CLAIM("%s/secret.nh"), outside);
    expect_refused(NH_ERR_PARSE, text, topdir, "d.md:3:7: claim 'a': case: absolute path", "refused",
                   "case: absolute path to a file outside");
    snprintf(text, sizeof text, CLAIM("%s/cases/m.nh"), topdir);
    expect_refused(NH_ERR_PARSE, text, topdir, "d.md:3:7: claim 'a': case: absolute path", "--top",
                   "case: absolute path, even to a file inside the tree");
    expect_refused(NH_ERR_PARSE, CLAIM("/etc/passwd"), topdir, "d.md:3:7: claim 'a': case: absolute path",
                   "'/etc/passwd'", "case: /etc/passwd");
    expect_refused(NH_ERR_PARSE, CLAIM("../outside/secret.nh"), topdir,
                   "d.md:3:7: claim 'a': case: path '../outside/secret.nh' leads outside the top directory",
                   "refused", "case: ../ leaving the tree");
    expect_refused(NH_ERR_PARSE, CLAIM("cases/../../outside/secret.nh"), topdir,
                   "d.md:3:7: claim 'a': case: path", "leads outside", "case: cases/../../ leaving the tree");
    expect_refused(NH_ERR_PARSE, CLAIM("link.nh"), topdir,
                   "d.md:3:7: claim 'a': case: path 'link.nh' leads outside", "symbolic links",
                   "case: a symbolic link inside the tree pointing outside");
    expect_refused(NH_ERR_PARSE, CLAIM("../outside/missing.nh"), topdir, "d.md:3:7: claim 'a': case: path",
                   "leads outside", "case: a missing file outside the tree is refused, not reported missing");
    expect_refused(NH_ERR_PARSE, "```claim\nid: a\ncase: cases/m.nh\nghat: ../outside/secret.nh\n"
                   "quantity: acc_geodesic\nformula: 0\nverdict: holds\n```\n", topdir,
                   "d.md:4:7: claim 'a': ghat: path '../outside/secret.nh' leads outside", "refused",
                   "ghat: leaving the tree");
    expect_refused(NH_ERR_PARSE, "```claim\nid: a\nkind: rate\ncase: cases/m.nh\n"
                   "formula: ../outside/secret.field\neps-list: 1/50, 1/60\nexpect: 1\nverdict: holds\n```\n",
                   topdir, "d.md:5:10: claim 'a': formula: path '../outside/secret.field' leads outside",
                   "refused", "rate claim: formula: field file leaving the tree");

    /* ---- inside the tree, but not a regular file / missing -------------- */
    expect_refused(NH_ERR_IO, CLAIM("fifo"), topdir, "d.md:3: claim 'a': ", "a FIFO (named pipe), not a regular file",
                   "case: a FIFO inside the tree (refused at once)");
    expect_refused(NH_ERR_IO, CLAIM("dir"), topdir, "d.md:3: claim 'a': ", "a directory, not a regular file",
                   "case: a directory inside the tree");
    expect_refused(NH_ERR_IO, CLAIM("cases/missing.nh"), topdir, "d.md:3: claim 'a': ",
                   "missing.nh: cannot open: No such file",
                   "case: a missing file inside the tree is reported missing (NH_ERR_IO)");

    /* ---- top = NULL: the current directory ------------------------------ */
    if (getcwd(cwd, sizeof cwd) == NULL || chdir(topdir) != 0)
        tap_bail("chdir failed");
    expect_ok(CLAIM("cases/m.nh"), NULL, "top NULL (current directory): case: cases/m.nh");
    expect_refused(NH_ERR_PARSE, CLAIM("../outside/secret.nh"), NULL, "d.md:3:7: claim 'a': case: path",
                   "leads outside", "top NULL: ../ leaving the current directory");
    if (chdir(cwd) != 0)
        tap_bail("chdir back failed");

    /* ---- a top directory that does not exist --------------------------- */
    r = tu_proof_prepare_all(CLAIM("cases/m.nh"), P("%s/no-such-top", base), msg);
    tap_ok(r == NH_ERR_IO && strstr(msg, "d.md:3:7: claim 'a': case: top directory") != NULL
           && strstr(msg, "cannot resolve") != NULL, "missing top directory: NH_ERR_IO (got %d: %.300s)", r, msg);

    /* ---- the shipped documents' own form still works -------------------- */
    expect_ok("```claim\nid: a\nkind: rate\ncase: cases/chaplygin_sleigh.nh\n"
              "formula: proofs/fields/001-19.field\nfix: phi = 3/10, v_x = 1\norder: 1\n"
              "eps-list: 1/50, 1/200, 1/800\nT: 1/2\nmeasure: q_T\nexpect: 2\nverdict: refuted\n```\n",
              src, "source tree: rate claim with proofs/fields/ file");

    unlink(P("%s/cases/m.nh", topdir));
    rmdir(P("%s/cases", topdir));
    rmdir(P("%s/dir", topdir));
    unlink(P("%s/alias.nh", topdir));
    unlink(P("%s/link.nh", topdir));
    unlink(P("%s/fifo", topdir));
    rmdir(topdir);
    unlink(P("%s/topalias", base));
    unlink(P("%s/secret.nh", outside));
    unlink(P("%s/secret.field", outside));
    rmdir(outside);
    rmdir(base);
    flint_cleanup();
    return tap_done();
}
