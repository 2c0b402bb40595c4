/*
 * cmd_prove.c -- `nhoracle prove FILE.md...`: run the claim blocks of
 * literate proof documents (proofs/ *.md, format doc/proofs.md), compare
 * each computed verdict with the one recorded in the document, write a
 * Markdown + JSON report and regenerate doc/errata.md (issue 5).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "proof.h"
#include "nh_sbuf.h"

/* Exit code: some computed verdict differs from the recorded one, or a
   claim is undecided (doc/exit-codes.md). */
#define NH_EXIT_VERDICT 11

enum { OPT_POINTS = 1000, OPT_SEED, OPT_REPORT, OPT_ERRATA, OPT_ONLY, OPT_TOP, OPT_JSON, OPT_HELP,
       OPT_TIMEOUT, OPT_MAX_MEMORY, OPT_COVERAGE, OPT_ITEMS, OPT_CPU_LIMIT };

static const struct option prove_options[] = {
    {"points", required_argument, NULL, OPT_POINTS},
    {"seed", required_argument, NULL, OPT_SEED},
    {"report", required_argument, NULL, OPT_REPORT},
    {"errata", required_argument, NULL, OPT_ERRATA},
    {"only", required_argument, NULL, OPT_ONLY},
    {"top", required_argument, NULL, OPT_TOP},
    {"json", no_argument, NULL, OPT_JSON},
    {"help", no_argument, NULL, OPT_HELP},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"cpu-limit", required_argument, NULL, OPT_CPU_LIMIT},
    {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
    {"coverage", required_argument, NULL, OPT_COVERAGE},
    {"items", required_argument, NULL, OPT_ITEMS},
    {NULL, 0, NULL, 0}
};

static void
prove_usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle prove FILE.md... [--points N] [--seed S] [--only ID]\n"
"                      [--report PREFIX] [--errata FILE] [--top DIR] [--json]\n"
"                      [--coverage FILE [--items DIR]]\n"
"Evaluate the claim blocks (```claim ... ```) of literate proof documents at\n"
"random exact points with Arb balls and give each claim a verdict: holds,\n"
"refuted (witness printed) or undecided; claims of kind 'rate' are pending.\n"
"The format is documented in doc/proofs.md.\n"
"  --points N       override every claim's number of random points\n"
"  --seed S         override every claim's seed (S >= 1)\n"
"  --only ID        run only the claim(s) with this id\n"
"  --report PREFIX  write PREFIX.md and PREFIX.json (atomically)\n"
"  --errata FILE    regenerate FILE (doc/errata.md): every refuted claim\n"
"  --top DIR        the files a claim names (case:, ghat:, a rate claim's\n"
"                   formula: file) are relative to DIR and must stay inside\n"
"                   it (default: the parent of each document's directory,\n"
"                   i.e. the source tree, but never /); only regular files\n"
"                   are read\n"
"  --json           print the JSON report on standard output\n"
"  --coverage FILE  write the coverage page FILE (doc/proofs-coverage.md,\n"
"                   atomically): the numbered items of each paper against the\n"
"                   claims' covers: keys; --json adds a \"coverage\" object\n"
"  --items DIR      the per-paper item lists NNN.txt (default: the directory\n"
"                   'items' next to the first document, i.e. proofs/items)\n"
"  --timeout S      stop after S seconds of wall-clock time (exit 6)\n"
"  --cpu-limit S    stop after S seconds of CPU time (exit 6)\n"
"  --max-memory MB  limit the address space (exit 6 when exceeded)\n"
"Every claim of every document is prepared (case, formulas, shapes) before\n"
"any is evaluated, so a malformed claim fails at once.\n"
"Exit: 0 every verdict equals the recorded one; %d some verdict differs or\n"
"is undecided; 2 malformed claim block or formula (file:line:col);\n"
"1 usage; 3 model; 5 io; 6 resource limit.\n", NH_EXIT_VERDICT);
}

/* 1 if the default top directory t resolves to the root directory: a
   document directly below / (e.g. /tmp/x.md) would otherwise let its
   claims name any file of the system (doc/proofs.md "Paths in
   documents"); an explicit --top / is the user's choice. */
static int
default_top_is_root(const char *t)
{
    char *r = realpath(t, NULL);
    int root = r != NULL && strcmp(r, "/") == 0;
    free(r);
    return root;
}

/* Write the coverage page atomically. */
static int
coverage_write(const nh_coverage_t cov, const char *path, nh_error_t err)
{
    char *md = NULL;
    size_t len = 0;
    int r = nh_coverage_markdown(&md, &len, cov, err);
    if (r == NH_OK)
        r = nh_write_atomic(path, md, len, err);
    free(md);
    return r;
}

/* The options of `nhoracle prove` (prove_usage). */
typedef struct
{
    slong points, seed;
    const char *report, *errata, *only, *top, *coverage, *items;
    int json;
    nh_cli_t limits;
}
prove_opts_struct;

/* Parse the options into o.  Returns -1 to go on, else the exit code
   (0 after --help). */
static int
prove_parse_options(prove_opts_struct *o, int argc, char **argv, nh_error_t err)
{
    int opt;
    optind = 0;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":", prove_options, NULL)) != -1)
    {
        switch (opt)
        {
            case OPT_POINTS:
                if (nh_parse_slong(&o->points, optarg, 1, 100000, "--points", err) != NH_OK)
                    return nh_report(err);
                break;
            case OPT_SEED:
                if (nh_parse_slong(&o->seed, optarg, 1, 2147483647L, "--seed", err) != NH_OK)
                    return nh_report(err);
                break;
            case OPT_REPORT: o->report = optarg; break;
            case OPT_ERRATA: o->errata = optarg; break;
            case OPT_ONLY: o->only = optarg; break;
            case OPT_TOP: o->top = optarg; break;
            case OPT_JSON: o->json = 1; break;
            case OPT_COVERAGE: o->coverage = optarg; break;
            case OPT_ITEMS: o->items = optarg; break;
            case OPT_HELP: prove_usage(stdout); return 0;
            case OPT_TIMEOUT:
                if (nh_parse_slong(&o->limits->timeout, optarg, 1, NH_MAX_TIMEOUT, "--timeout", err) != NH_OK)
                    return nh_report(err);
                break;
            case OPT_CPU_LIMIT:
                if (nh_parse_slong(&o->limits->cpu_limit, optarg, 1, NH_MAX_TIMEOUT, "--cpu-limit",
                                   err) != NH_OK)
                    return nh_report(err);
                break;
            case OPT_MAX_MEMORY:
                if (nh_parse_slong(&o->limits->max_memory, optarg, 16, NH_MAX_MEMORY_MB, "--max-memory",
                                   err) != NH_OK)
                    return nh_report(err);
                break;
            default:
                fprintf(stderr, "nhoracle: prove: bad option '%s'\nTry 'nhoracle prove --help'.\n",
                        argv[optind - 1]);
                return NH_ERR_USAGE;
        }
    }
    return -1;
}

/* Check the combination of options and the number of documents.
   Returns 0 or NH_ERR_USAGE (message printed). */
static int
prove_check_options(const prove_opts_struct *o, int nfiles)
{
    if (nfiles < 1)
    {
        fprintf(stderr, "nhoracle: prove: missing FILE.md\nTry 'nhoracle prove --help'.\n");
        return NH_ERR_USAGE;
    }
    if (o->top != NULL)
    {
        struct stat st;
        if (stat(o->top, &st) != 0 || !S_ISDIR(st.st_mode))
        {
            fprintf(stderr, "nhoracle: prove: --top %s: not a directory\nTry 'nhoracle prove --help'.\n",
                    o->top);
            return NH_ERR_USAGE;
        }
    }
    if (o->coverage != NULL && o->only != NULL)
    {
        fprintf(stderr, "nhoracle: prove: --coverage is not written with --only (it must see every claim)\n");
        return NH_ERR_USAGE;
    }
    if (o->items != NULL && o->coverage == NULL)
    {
        fprintf(stderr, "nhoracle: prove: --items needs --coverage FILE\nTry 'nhoracle prove --help'.\n");
        return NH_ERR_USAGE;
    }
    return 0;
}

/* Prepare every claim (selected by --only) of document path, and check
   its covers: keys when --coverage is given.  Returns 0 or the exit
   code (message printed). */
static int
prove_prepare_doc(nh_coverage_t cov, const prove_opts_struct *o, const char *path, nh_error_t err)
{
    nh_proof_doc_t doc;
    char *t = o->top ? NULL : nh_proof_default_top(path);
    slong i;
    int rc = 0;
    if (nh_proof_load(doc, path, err) != NH_OK)
    {
        free(t);
        return nh_report(err);
    }
    if (t != NULL && default_top_is_root(t))
    {
        fprintf(stderr, "nhoracle: prove: %s: the default top directory (the parent of the "
                "document's directory) is /: name the tree with --top DIR\n"
                "Try 'nhoracle prove --help'.\n", path);
        nh_proof_doc_clear(doc);
        free(t);
        return NH_ERR_USAGE;
    }
    for (i = 0; i < doc->nclaims && rc == 0; i++)
        if ((o->only == NULL || strcmp(o->only, doc->claims[i].id.text) == 0)
            && (nh_proof_prepare(doc, i, o->top ? o->top : t, err) != NH_OK
                || (o->coverage != NULL
                    && nh_coverage_check_claim(cov, doc->claims + i, path, err) != NH_OK)))
            rc = nh_report(err);
    nh_proof_doc_clear(doc);
    free(t);
    return rc;
}

/* Write PREFIX.md and PREFIX.json atomically.  Returns 0 or the exit
   code (message printed). */
static int
prove_write_report(nh_proof_run_struct *out, const char *report, nh_error_t err)
{
    char path[4096];
    size_t mdlen;
    const char *js = json_object_to_json_string_ext(out->jroot, JSON_C_TO_STRING_PRETTY);
    const char *mds = nh_sbuf_str(out->md, &mdlen);
    int rc = 0;
    snprintf(path, sizeof path, "%s.md", report);
    if (nh_write_atomic(path, mds, mdlen, err) != NH_OK)
        rc = nh_report(err);
    snprintf(path, sizeof path, "%s.json", report);
    if (rc == 0 && nh_write_atomic(path, js, strlen(js), err) != NH_OK)
        rc = nh_report(err);
    return rc;
}

/* After every claim ran: the summary lines, standard output, then the
   files (report, errata, coverage) in this order, each atomically.
   Returns the exit code. */
static int
prove_finish(nh_proof_run_struct *out, const nh_coverage_t cov, const prove_opts_struct *o,
             nh_error_t err)
{
    int rc = 0;
    nh_proof_run_finish(out, o->coverage != NULL ? cov : NULL);
    if (o->json)
        printf("%s\n", json_object_to_json_string_ext(out->jroot, JSON_C_TO_STRING_PRETTY));
    else
        fputs(nh_sbuf_str(out->txt, NULL), stdout);
    if (o->report != NULL)
        rc = prove_write_report(out, o->report, err);
    if (rc == 0 && o->errata != NULL)
    {
        if (o->only != NULL)
        {
            fprintf(stderr, "nhoracle: prove: --errata is not written with --only (it must list every claim)\n");
            rc = NH_ERR_USAGE;
        }
        else
        {
            size_t erlen;
            const char *ers = nh_sbuf_str(out->er, &erlen);
            if (nh_write_atomic(o->errata, ers, erlen, err) != NH_OK)
                rc = nh_report(err);
        }
    }
    if (rc == 0 && o->coverage != NULL && coverage_write(cov, o->coverage, err) != NH_OK)
        rc = nh_report(err);
    if (rc == 0 && out->nmis > 0)
        rc = NH_EXIT_VERDICT;
    return rc;
}

/* a verdict mismatch, on stderr as it happens */
static void
prove_note(void *data, const char *msg)
{
    (void) data;
    fprintf(stderr, "nhoracle: %s\n", msg);
}

/* Every claim of every document is prepared before any is evaluated
   (a malformed claim fails at once), then run in order. */
int
nh_cmd_prove(int argc, char **argv)
{
    prove_opts_struct o;
    nh_proof_run_struct out;
    nh_proof_run_opts_struct ro;
    nh_coverage_t cov;
    nh_error_t err;
    int rc, nfiles, f;
    char **files;

    memset(&o, 0, sizeof o);
    nh_error_init(err);
    rc = prove_parse_options(&o, argc, argv, err);
    if (rc >= 0)
        return rc;
    nfiles = argc - optind;
    files = argv + optind;
    rc = prove_check_options(&o, nfiles);
    if (rc != 0)
        return rc;
    nh_cli_limits_install(o.limits);
    nh_coverage_init(cov);
    if (o.coverage != NULL)
    {
        char *d = o.items ? NULL : nh_proof_default_items(files[0]);
        rc = nh_coverage_load(cov, o.items ? o.items : d, err);
        free(d);
        if (rc != NH_OK)
        {
            rc = nh_report(err);
            nh_coverage_clear(cov);
            return rc;
        }
    }
    for (f = 0; f < nfiles && rc == 0; f++)
        rc = prove_prepare_doc(cov, &o, files[f], err);
    if (rc != 0)
    {
        nh_coverage_clear(cov);
        return rc;
    }
    nh_proof_run_init(&out);
    out.note = prove_note;
    nh_proof_run_opts_init(&ro);
    ro.top = o.top;
    ro.only = o.only;
    ro.points = o.points;
    ro.seed = o.seed;
    ro.cov = o.coverage != NULL ? cov : NULL;
    for (f = 0; f < nfiles && rc == 0; f++)
        if (nh_proof_run_doc(&out, files[f], &ro, err) != NH_OK)
            rc = nh_report(err);
    if (rc == 0)
        rc = prove_finish(&out, cov, &o, err);
    nh_proof_run_clear(&out);
    nh_coverage_clear(cov);
    return rc;
}
