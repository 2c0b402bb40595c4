/*
 * fuzz/fuzz_proof.c -- fuzz target of the proof-document reader
 * (doc/proofs.md, `nhoracle prove`): parse the input bytes as a Markdown
 * document with claim blocks (nh_proof_parse_n, from memory, as
 * nh_proof_load does after reading the file), and for
 * each of its first NH_FUZZ_PROOF_MAX_CLAIMS claims run
 * nh_proof_prepare (lib/proof.h): load the case model, look up the
 * quantity, parse `fix:`, `dependent:`, `ghat:`/`ghat-param:`, the lets,
 * `lhs`, `formula`, `corrected` (the typed-formula parser of
 * lib/expr/expr_formula.c) and check the shapes; for rate claims parse
 * `measure:`, `eps-list:` and load the `formula:` field file.  Nothing
 * is evaluated (no geometry, series, integration): parsing only, so
 * every input is bounded in time and memory.
 *
 * Files: a claim names its case (and `ghat:` model, and for rate claims
 * a field file) as a path relative to the source tree.  The target
 * never reads a file that is not in the fixed allow-list below (the
 * shipped cases/, proofs/ghat/ and proofs/fields/ files); a claim that
 * names any other file (absolute paths, "..", typos) is only parsed,
 * not prepared.  The source tree is $NH_TOP_SRCDIR (set by `make
 * check`), else the directory this file was compiled from (__FILE__ is
 * "<top_srcdir>/fuzz/fuzz_proof.c", relative to the build directory
 * when configured out of tree: run the fuzzer from the build
 * directory, as `make fuzz` does).
 *
 * Any NH_* error is fine; crashes, sanitizer reports, leaks and hangs
 * are not.
 */
#include <stdio.h>
#include "fuzz.h"
#include "proof.h"

/* claims prepared per input: each loads a model file (a few ms under
   ASan), so that a document of 100 tiny claims stays far below 1 s */
#define NH_FUZZ_PROOF_MAX_CLAIMS 12

static const char *const nh_fuzz_proof_files[] = {
    "cases/chaplygin_sleigh.nh",
    "cases/damped_oscillator.nh",
    "cases/disc_variable_circle.nh",
    "cases/inclined_sleigh.nh",
    "cases/pendulum_radial_friction.nh",
    "cases/rotating_plane_ball.nh",
    "cases/vertical_disk.nh",
    "cases/vertical_disk_002.nh",
    "cases/vertical_disk_002_ghat.nh",
    "proofs/ghat/vertical_disk_002_ref3.nh",
    "proofs/ghat/vertical_disk_002_ref9.nh",
    "proofs/fields/000-89-90.field",
    "proofs/fields/000-89-90-corrected.field",
    "proofs/fields/001-19.field",
    "proofs/fields/001-19-corrected.field",
    "proofs/fields/001-7.1.field",
    "proofs/fields/001-7.1-corrected.field",
};

static int
allowed(const char *path)
{
    size_t i;
    if (path == NULL)
        return 1;               /* absent: nothing is read */
    while (*path == ' ' || *path == '\t')   /* as check_rate skips them */
        path++;
    for (i = 0; i < sizeof nh_fuzz_proof_files / sizeof nh_fuzz_proof_files[0]; i++)
        if (strcmp(path, nh_fuzz_proof_files[i]) == 0)
            return 1;
    return 0;
}

/* Every file claim c may read is in the allow-list. */
static int
claim_files_allowed(const nh_claim_struct *c)
{
    int rate = c->kind.text != NULL && strcmp(c->kind.text, "rate") == 0;
    if (c->case_path.text == NULL && !(rate && c->verdict == NH_VERDICT_PENDING))
        return 0;
    return allowed(c->case_path.text) && allowed(c->ghat.text)
        && (!rate || allowed(c->formula.text));
}

static const char *
top_srcdir(void)
{
    static char dir[4096];
    static int done = 0;
    if (!done)
    {
        const char *env = getenv("NH_TOP_SRCDIR");
        const char *file = __FILE__, *suffix = "fuzz/fuzz_proof.c";
        size_t n = strlen(file), k = strlen(suffix);
        done = 1;
        if (env != NULL && env[0] != '\0')
            snprintf(dir, sizeof dir, "%s", env);
        else if (n > k && strcmp(file + (n - k), suffix) == 0)
            snprintf(dir, sizeof dir, "%.*s", (int) (n - k - 1), file);
        else
            snprintf(dir, sizeof dir, ".");
    }
    return dir;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nh_proof_doc_t doc;
    nh_error_t err;
    slong i;

    if (size > NH_FUZZ_MAX_INPUT)
        return 0;
    nh_error_init(err);
    if (nh_proof_parse_n(doc, (const char *) data, size, "fuzz.md", err) == NH_OK)
    {
        for (i = 0; i < doc->nclaims && i < NH_FUZZ_PROOF_MAX_CLAIMS; i++)
        {
            const nh_claim_struct *c = doc->claims + i;
            (void) nh_verdict_name(c->verdict);
            if (!claim_files_allowed(c))
                continue;
            nh_error_init(err);
            (void) nh_proof_prepare(doc, i, top_srcdir(), err);
        }
        nh_proof_doc_clear(doc);
    }
    return 0;
}
