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
#include <stdarg.h>
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

static char *
top_of(const char *docpath)
{
    /* parent of the document's directory */
    char *t = malloc(strlen(docpath) + 8);
    char *s;
    strcpy(t, docpath);
    s = strrchr(t, '/');
    if (s == NULL)
    {
        strcpy(t, "..");
        return t;
    }
    *s = '\0';
    s = strrchr(t, '/');
    if (s == NULL)
    {
        if (strcmp(t, ".") == 0)
            strcpy(t, "..");
        else
            strcpy(t, ".");
        return t;
    }
    *s = '\0';
    if (t[0] == '\0')
        strcpy(t, "/");
    return t;
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

/* Indent a multi-line value for Markdown code blocks. */
static void
bp_code(nh_sbuf_t b, const char *text)
{
    const char *p = text;
    nh_sbuf_printf(b, "\n    ");
    for (; *p; p++)
    {
        if (*p == '\n')
            nh_sbuf_printf(b, "\n    ");
        else
            nh_sbuf_printf(b, "%c", *p);
    }
    nh_sbuf_printf(b, "\n\n");
}

/* Default items directory: "items" next to the first document
   (proofs/items for proofs/ *.md). */
static char *
items_dir_of(const char *docpath)
{
    const char *s = strrchr(docpath, '/');
    size_t n = s ? (size_t) (s - docpath) : 1;
    char *d = malloc(n + 8);
    if (s)
        memcpy(d, docpath, n);
    else
        d[0] = '.';
    strcpy(d + n, "/items");
    return d;
}

/* The "coverage" object of the JSON report: counts per paper and one
   entry per item (doc/proofs.md, "Coverage"). */
static json_object *
coverage_json(const nh_coverage_t cov)
{
    json_object *jc = json_object_new_object(), *jp = json_object_new_object(),
                *ji = json_object_new_array();
    slong p, i, j;
    for (p = 0; p <= cov->npapers; p++)
    {
        nh_cov_counts k;
        json_object *o = json_object_new_object();
        nh_coverage_counts(&k, cov, p < cov->npapers ? cov->papers[p] : NULL);
#define KEY(name) json_object_object_add(o, #name, json_object_new_int64(k.name))
        KEY(items); KEY(checked); KEY(holds); KEY(refuted); KEY(pending); KEY(undecided);
        KEY(not_checkable); KEY(not_written); KEY(unreviewed);
#undef KEY
        json_object_object_add(jp, p < cov->npapers ? cov->papers[p] : "all", o);
    }
    for (i = 0; i < cov->n; i++)
    {
        const nh_cov_item_struct *it = cov->items + i;
        json_object *o = json_object_new_object(), *ids = json_object_new_array();
        json_object_object_add(o, "paper", json_object_new_string(it->paper));
        json_object_object_add(o, "item", json_object_new_string(it->item));
        json_object_object_add(o, "kind", json_object_new_string(it->kind));
        json_object_object_add(o, "description", json_object_new_string(it->desc));
        json_object_object_add(o, "status", json_object_new_string(
            it->status == NH_COV_NOT_CHECKABLE ? "not checkable" :
            it->status == NH_COV_UNREVIEWED ? "unreviewed" :
            it->nclaims ? "checked" : "not yet written"));
        if (it->reason)
            json_object_object_add(o, "reason", json_object_new_string(it->reason));
        for (j = 0; j < it->nclaims; j++)
        {
            json_object *c = json_object_new_object();
            json_object_object_add(c, "id", json_object_new_string(it->claim_ids[j]));
            json_object_object_add(c, "verdict", json_object_new_string(nh_verdict_name(it->verdicts[j])));
            json_object_array_add(ids, c);
        }
        json_object_object_add(o, "claims", ids);
        if (it->nclaims)
            json_object_object_add(o, "verdict", json_object_new_string(
                nh_verdict_name(nh_coverage_item_verdict(it))));
        json_object_array_add(ji, o);
    }
    json_object_object_add(jc, "papers", jp);
    json_object_object_add(jc, "items", ji);
    return jc;
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

/* The reports built while the claims run: the text of standard output,
   the Markdown and JSON reports, the errata page, and the counts. */
typedef struct
{
    nh_sbuf_t txt, md, er;
    json_object *jroot, *jclaims;
    slong nmis, nrun, nref, nund;
}
prove_out_struct;

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
    char *t = o->top ? NULL : top_of(path);
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

/* Start the reports: JSON root, Markdown table head, errata preamble. */
static void
prove_out_init(prove_out_struct *out)
{
    memset(out, 0, sizeof *out);
    nh_sbuf_init(out->txt);
    nh_sbuf_init(out->md);
    nh_sbuf_init(out->er);
}

static void
prove_out_start(prove_out_struct *out)
{
    out->jroot = json_object_new_object();
    out->jclaims = json_object_new_array();
    json_object_object_add(out->jroot, "subcommand", json_object_new_string("prove"));
    json_object_object_add(out->jroot, "claims", out->jclaims);

    nh_sbuf_printf(out->md, "# nhoracle prove report\n\n| document | id | source | quantity | recorded | computed | points | bits | max abs difference |\n|---|---|---|---|---|---|---:|---:|---|\n");
    nh_sbuf_printf(out->er, "# Errata to papers 000-004 (generated)\n\n"
            "This file is generated by `nhoracle prove` from the claim blocks of\n"
            "`proofs/*.md` (regenerate with `nhoracle prove proofs/*.md --errata\n"
            "doc/errata.md`); do not edit it by hand.  Every entry is a printed\n"
            "formula whose difference from the quantity nhoracle computes is a\n"
            "certified nonzero Arb ball at the witness point, or (claims of kind\n"
            "`rate`) a printed reduced model whose observed convergence order, an\n"
            "estimate with its 95%% interval, is not the order the theory predicts.\n"
            "The format of the claims is described in `doc/proofs.md`.\n\n");
}

static void
prove_out_clear(prove_out_struct *out)
{
    if (out->jroot != NULL)
        json_object_put(out->jroot);
    nh_sbuf_clear(out->txt);
    nh_sbuf_clear(out->md);
    nh_sbuf_clear(out->er);
}

/* 1 if the computed verdict of c is the recorded one (and, for a refuted
   claim with a corrected formula, the corrected formula holds). */
static int
prove_match(const nh_claim_struct *c, const nh_claim_result_struct *res)
{
    int match = res->verdict == c->verdict && res->verdict != NH_VERDICT_UNDECIDED;
    if (c->corrected.text != NULL && res->verdict == NH_VERDICT_REFUTED
        && res->corrected_verdict != NH_VERDICT_HOLDS)
        match = 0;
    return match;
}

/* The claim's lines of standard output, and on stderr the mismatch. */
static void
prove_claim_text(nh_sbuf_t txt, const char *file, const nh_claim_struct *c,
                 const nh_claim_result_struct *res, int match)
{
    nh_sbuf_printf(txt, "%-14s %-22s recorded %-9s computed %-9s %s\n", c->id.text,
       c->source.text ? c->source.text : "", nh_verdict_name(c->verdict),
       nh_verdict_name(res->verdict), match ? "ok" : "MISMATCH");
    if (res->verdict == NH_VERDICT_REFUTED)
    {
        nh_sbuf_printf(txt, "    witness: %s\n    %s: difference %s\n    nhoracle computes: %s\n    the formula gives: %s\n",
           res->witness, res->entry, res->diff, res->computed, res->typed);
        if (c->corrected.text != NULL)
            nh_sbuf_printf(txt, "    corrected formula: %s\n", nh_verdict_name(res->corrected_verdict));
    }
    else if (res->verdict == NH_VERDICT_HOLDS && res->message != NULL)
        nh_sbuf_printf(txt, "    %s\n", res->message);
    else if (res->verdict == NH_VERDICT_HOLDS)
        nh_sbuf_printf(txt, "    %ld points, |difference| <= %.3g, up to %ld bits\n",
           (long) res->points_done, res->max_diff, (long) res->prec_used);
    else if (res->message != NULL)
        nh_sbuf_printf(txt, "    %s%s%s\n", res->message, res->witness ? "\n    at " : "",
           res->witness ? res->witness : "");
    if (!match)
        fprintf(stderr, "nhoracle: %s:%d: claim '%s': recorded verdict '%s', computed '%s'%s\n",
                file, c->line, c->id.text, nh_verdict_name(c->verdict),
                nh_verdict_name(res->verdict),
                (res->verdict == NH_VERDICT_REFUTED && c->corrected.text != NULL
                 && res->corrected_verdict != NH_VERDICT_HOLDS) ? " (the corrected formula does not hold)" : "");
}

/* The claim's row of the Markdown report. */
static void
prove_claim_md(nh_sbuf_t md, const char *file, const nh_claim_struct *c,
               const nh_claim_result_struct *res)
{
    nh_sbuf_printf(md, "| %s | %s | %s | `%s` | %s | **%s** | %ld | %ld | %s%.3g |\n", file, c->id.text,
       c->source.text ? c->source.text : "", c->quantity.text ? c->quantity.text : "-",
       nh_verdict_name(c->verdict), nh_verdict_name(res->verdict), (long) res->points_done,
       (long) res->prec_used, res->verdict == NH_VERDICT_HOLDS ? "<= " : "", res->max_diff);
}

/* Add key: s to o when s is not NULL. */
static void
json_add_opt_string(json_object *o, const char *key, const char *s)
{
    if (s)
        json_object_object_add(o, key, json_object_new_string(s));
}

/* The claim's object of the JSON report. */
static json_object *
prove_claim_json(const char *file, const nh_claim_struct *c, const nh_claim_result_struct *res,
                 int match)
{
    json_object *jc = json_object_new_object();
    json_object_object_add(jc, "document", json_object_new_string(file));
    json_object_object_add(jc, "id", json_object_new_string(c->id.text));
    json_object_object_add(jc, "line", json_object_new_int(c->line));
    json_add_opt_string(jc, "source", c->source.text);
    json_object_object_add(jc, "recorded", json_object_new_string(nh_verdict_name(c->verdict)));
    json_object_object_add(jc, "verdict", json_object_new_string(nh_verdict_name(res->verdict)));
    json_object_object_add(jc, "match", json_object_new_boolean(match));
    json_object_object_add(jc, "points", json_object_new_int64(res->points_done));
    json_object_object_add(jc, "prec_bits", json_object_new_int64(res->prec_used));
    json_object_object_add(jc, "max_abs_difference", json_object_new_double(res->max_diff));
    json_add_opt_string(jc, "witness", res->witness);
    json_add_opt_string(jc, "entry", res->entry);
    json_add_opt_string(jc, "difference", res->diff);
    json_add_opt_string(jc, "computed", res->computed);
    json_add_opt_string(jc, "formula_value", res->typed);
    json_add_opt_string(jc, "message", res->message);
    if (c->corrected.text)
        json_object_object_add(jc, "corrected_verdict",
                               json_object_new_string(nh_verdict_name(res->corrected_verdict)));
    return jc;
}

/* The errata entry of a refuted claim of kind 'rate' (a convergence
   order: no pointwise difference). */
static void
prove_errata_rate(nh_sbuf_t er, const char *file, const nh_claim_struct *c,
                  const nh_claim_result_struct *res)
{
    nh_sbuf_printf(er, "Document `%s` (line %d), case `%s`, convergence order (estimate).\n\n",
       file, c->line, c->case_path.text);
    if (c->formula.text)
    {
        nh_sbuf_printf(er, "Reduced vector field typed from the paper:\n");
        bp_code(er, c->formula.text);
    }
    nh_sbuf_printf(er, "**Refuted.** Initial point: %s.  Result: %s.\n\n", res->witness,
       res->computed);
    if (c->evidence.text)
        nh_sbuf_printf(er, "Evidence: %s\n\n", c->evidence.text);
}

/* The errata entry of a refuted pointwise claim: the formula, the
   witness and the certified nonzero difference, the corrected formula.
   points: the --points override (0: the claim's own). */
static void
prove_errata_point(nh_sbuf_t er, const char *file, const nh_claim_struct *c,
                   const nh_claim_result_struct *res, slong points)
{
    slong k;
    nh_sbuf_printf(er, "Document `%s` (line %d), case `%s`, quantity `%s`%s.\n\n",
       file, c->line, c->case_path.text, c->quantity.text,
       c->series > 0 ? " (compared as a series in eps)" : "");
    if (c->lhs.text)
    {
        nh_sbuf_printf(er, "Computed side (lhs):\n");
        bp_code(er, c->lhs.text);
    }
    for (k = 0; k < c->nlet; k++)
        nh_sbuf_printf(er, "%s`let %s`\n", k ? "" : "With\n", c->let[k].text);
    if (c->nlet)
        nh_sbuf_printf(er, "\n");
    nh_sbuf_printf(er, "Printed formula (typed):\n");
    bp_code(er, c->formula.text ? c->formula.text : "0");
    nh_sbuf_printf(er, "**Refuted.** Witness: %s.  At this point the %s of the difference "
            "(computed minus printed) is the ball %s, which excludes 0.\n\n",
       res->witness, res->entry, res->diff);
    nh_sbuf_printf(er, "nhoracle computes: `%s`\n\nthe printed formula gives: `%s`\n\n",
       res->computed, res->typed);
    if (c->corrected.text)
    {
        nh_sbuf_printf(er, "Corrected formula (%s at the same %ld points):\n",
           res->corrected_verdict == NH_VERDICT_HOLDS ? "holds" : nh_verdict_name(res->corrected_verdict),
           (long) (points > 0 ? points : c->points));
        bp_code(er, c->corrected.text);
    }
    if (c->evidence.text)
        nh_sbuf_printf(er, "Evidence: %s\n\n", c->evidence.text);
}

/* The errata entry of a refuted claim (doc/errata.md). */
static void
prove_claim_errata(nh_sbuf_t er, const char *file, const nh_claim_struct *c,
                   const nh_claim_result_struct *res, slong points)
{
    nh_sbuf_printf(er, "## %s — %s\n\n", c->id.text, c->source.text ? c->source.text : "");
    if (c->kind.text != NULL && strcmp(c->kind.text, "rate") == 0)
        prove_errata_rate(er, file, c, res);
    else
        prove_errata_point(er, file, c, res, points);
    nh_sbuf_printf(er, "Reproduce:\n\n    oracles/nhoracle prove %s --only %s\n\n", file, c->id.text);
}

/* Record the verdict of claim c (result res) in the counts, the
   coverage and every report. */
static void
prove_record(prove_out_struct *out, nh_coverage_t cov, const prove_opts_struct *o,
             const char *file, const nh_claim_struct *c, const nh_claim_result_struct *res)
{
    int match = prove_match(c, res);
    out->nrun++;
    if (o->coverage != NULL)
        nh_coverage_attach(cov, c, res->verdict);
    if (!match)
        out->nmis++;
    if (res->verdict == NH_VERDICT_REFUTED)
        out->nref++;
    if (res->verdict == NH_VERDICT_UNDECIDED)
        out->nund++;
    prove_claim_text(out->txt, file, c, res, match);
    prove_claim_md(out->md, file, c, res);
    json_object_array_add(out->jclaims, prove_claim_json(file, c, res, match));
    if (res->verdict == NH_VERDICT_REFUTED)
        prove_claim_errata(out->er, file, c, res, o->points);
}

/* Check every claim (selected by --only) of document path.  Returns 0
   or the exit code of the first error (message printed). */
static int
prove_run_doc(prove_out_struct *out, nh_coverage_t cov, const prove_opts_struct *o,
              const char *path, nh_error_t err)
{
    nh_proof_doc_t doc;
    char *t = o->top ? NULL : top_of(path);
    const char *tdir = o->top ? o->top : t;
    slong i;
    int rc = 0;
    if (nh_proof_load(doc, path, err) != NH_OK)
    {
        free(t);
        return nh_report(err);
    }
    for (i = 0; i < doc->nclaims; i++)
    {
        const nh_claim_struct *c = doc->claims + i;
        nh_claim_result_struct res;
        if (o->only != NULL && strcmp(o->only, c->id.text) != 0)
            continue;
        nh_claim_result_init(&res);
        if (nh_proof_check(&res, doc, i, tdir, o->points, o->seed, err) != NH_OK)
        {
            nh_claim_result_clear(&res);
            rc = nh_report(err);
            break;
        }
        prove_record(out, cov, o, path, c, &res);
        nh_claim_result_clear(&res);
    }
    nh_proof_doc_clear(doc);
    free(t);
    return rc;
}

/* Write PREFIX.md and PREFIX.json atomically.  Returns 0 or the exit
   code (message printed). */
static int
prove_write_report(prove_out_struct *out, const char *report, nh_error_t err)
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
prove_finish(prove_out_struct *out, const nh_coverage_t cov, const prove_opts_struct *o,
             nh_error_t err)
{
    int rc = 0;
    nh_sbuf_printf(out->txt, "%ld claims: %ld refuted, %ld undecided, %ld verdict mismatches\n",
       (long) out->nrun, (long) out->nref, (long) out->nund, (long) out->nmis);
    nh_sbuf_printf(out->md, "\n%ld claims: %ld refuted, %ld undecided, %ld verdict mismatches.\n",
       (long) out->nrun, (long) out->nref, (long) out->nund, (long) out->nmis);
    if (out->nref == 0)
        nh_sbuf_printf(out->er, "No claim is refuted.\n");
    json_object_object_add(out->jroot, "mismatches", json_object_new_int64(out->nmis));
    if (o->coverage != NULL)
        json_object_object_add(out->jroot, "coverage", coverage_json(cov));
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

/* Every claim of every document is prepared before any is evaluated
   (a malformed claim fails at once), then run in order. */
int
nh_cmd_prove(int argc, char **argv)
{
    prove_opts_struct o;
    prove_out_struct out;
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
        char *d = o.items ? NULL : items_dir_of(files[0]);
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
    prove_out_init(&out);
    prove_out_start(&out);
    for (f = 0; f < nfiles && rc == 0; f++)
        rc = prove_run_doc(&out, cov, &o, files[f], err);
    if (rc == 0)
        rc = prove_finish(&out, cov, &o, err);
    prove_out_clear(&out);
    nh_coverage_clear(cov);
    return rc;
}
