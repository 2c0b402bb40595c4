/*
 * proof_coverage.c -- coverage of the papers by the claim blocks (issue
 * 21): the per-paper lists of numbered items (proofs/items/NNN.txt),
 * the `covers:` keys of the claims, and the page doc/proofs-coverage.md.
 * Format in doc/proofs.md, "Coverage".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <dirent.h>
#include <sys/stat.h>

#include "proof.h"
#include "nh_file.h"

void
nh_coverage_init(nh_coverage_t cov)
{
    memset(cov, 0, sizeof *cov);
}

void
nh_coverage_clear(nh_coverage_t cov)
{
    slong i, j;
    for (i = 0; i < cov->n; i++)
    {
        nh_cov_item_struct *it = cov->items + i;
        free(it->paper); free(it->item); free(it->kind); free(it->desc); free(it->reason);
        for (j = 0; j < it->nclaims; j++)
            free(it->claim_ids[j]);
        free(it->claim_ids);
        free(it->verdicts);
        free(it->input);
    }
    free(cov->items);
    for (i = 0; i < cov->npapers; i++)
        free(cov->papers[i]);
    free(cov->papers);
    free(cov->history);
    memset(cov, 0, sizeof *cov);
}

/* strdup of [s, e) with surrounding blanks removed */
static char *
trimdup(const char *s, const char *e)
{
    char *r;
    while (s < e && isspace((unsigned char) *s))
        s++;
    while (e > s && isspace((unsigned char) e[-1]))
        e--;
    r = malloc((size_t) (e - s) + 1);
    memcpy(r, s, (size_t) (e - s));
    r[e - s] = '\0';
    return r;
}

static slong
find_item(const nh_coverage_t cov, const char *paper, const char *item)
{
    slong i;
    for (i = 0; i < cov->n; i++)
        if (strcmp(cov->items[i].paper, paper) == 0 && strcmp(cov->items[i].item, item) == 0)
            return i;
    return -1;
}

static const char *const nc_names[NH_COV_NC_NREASONS] = {
    "definition", "qualitative", "cannot build"
};

const char *
nh_coverage_nc_name(int r)
{
    return r >= 0 && r < NH_COV_NC_NREASONS ? nc_names[r] : "?";
}

/* The reason class of a `not checkable:` reason (issue 32): its text
   starts with "definition:", "qualitative:" or "cannot build:" followed
   by an explanation; "cannot build" must say what it would take
   ("OBJECT; needs WHAT").  -1 for any other reason. */
static int
nc_reason_parse(const char *reason)
{
    int k;
    for (k = 0; k < NH_COV_NC_NREASONS; k++)
    {
        size_t l = strlen(nc_names[k]);
        const char *rest = reason + l + 1;
        if (strncmp(reason, nc_names[k], l) != 0 || reason[l] != ':')
            continue;
        rest += strspn(rest, " \t");
        if (*rest == '\0')
            return -1;
        if (k == NH_COV_NC_CANNOT_BUILD && strstr(rest, "; needs ") == NULL)
            return -1;
        return k;
    }
    return -1;
}

/* Parse one non-comment line `ITEM | KIND | STATUS | DESCRIPTION`. */
static int
parse_item_line(nh_coverage_t cov, const char *paper, const char *ln, const char *end,
                const char *path, int line, nh_error_t err)
{
    const char *bar[3], *p = ln;
    nh_cov_item_struct it;
    char *st;
    int k;
    for (k = 0; k < 3; k++)
    {
        while (p < end && *p != '|')
            p++;
        if (p == end)
            return nh_error_set(err, NH_ERR_PARSE, "%s:%d: expected 'ITEM | KIND | STATUS | "
                                "DESCRIPTION' (doc/proofs.md, \"Coverage\")", path, line);
        bar[k] = p++;
    }
    memset(&it, 0, sizeof it);
    it.item = trimdup(ln, bar[0]);
    it.kind = trimdup(bar[0] + 1, bar[1]);
    st = trimdup(bar[1] + 1, bar[2]);
    it.desc = trimdup(bar[2] + 1, end);
    it.line = line;
    it.paper = strdup(paper);
    if (strcmp(st, "checkable") == 0)
        it.status = NH_COV_CHECKABLE;
    else if (strcmp(st, "unreviewed") == 0)
        it.status = NH_COV_UNREVIEWED;
    else if (strncmp(st, "not checkable:", 14) == 0 && st[14 + strspn(st + 14, " \t")] != '\0')
    {
        it.status = NH_COV_NOT_CHECKABLE;
        it.reason = trimdup(st + 14, st + strlen(st));
        it.nc_reason = nc_reason_parse(it.reason);
        if (it.nc_reason < 0)
        {
            int r = nh_error_set(err, NH_ERR_PARSE, "%s:%d: item '%s': not checkable reason '%s' "
                                 "is not allowed: the reason must be 'definition: ...' (introduces "
                                 "a symbol, states nothing), 'qualitative: ...' (no formula) or "
                                 "'cannot build: OBJECT; needs WHAT'; a derivation step, notation "
                                 "or model input is checkable (doc/proofs.md, \"The rule for not "
                                 "checkable\")", path, line, it.item, it.reason);
            free(st); free(it.item); free(it.kind); free(it.desc); free(it.paper); free(it.reason);
            return r;
        }
    }
    else
    {
        int r = nh_error_set(err, NH_ERR_PARSE, "%s:%d: status '%s': expected 'checkable', "
                             "'not checkable: REASON' or 'unreviewed'", path, line, st);
        free(st); free(it.item); free(it.kind); free(it.desc); free(it.paper);
        return r;
    }
    free(st);
    if (it.item[0] == '\0' || strpbrk(it.item, " \t,:") != NULL || find_item(cov, paper, it.item) >= 0)
    {
        int r = nh_error_set(err, NH_ERR_PARSE, "%s:%d: item '%s': %s", path, line, it.item,
                             it.item[0] == '\0' ? "empty name" :
                             strpbrk(it.item, " \t,:") ? "blanks, ',' and ':' are not allowed in a name"
                             : "listed twice");
        free(it.item); free(it.kind); free(it.desc); free(it.paper); free(it.reason);
        return r;
    }
    if (cov->n == cov->alloc)
    {
        cov->alloc = cov->alloc ? 2 * cov->alloc : 64;
        cov->items = realloc(cov->items, (size_t) cov->alloc * sizeof *cov->items);
    }
    cov->items[cov->n++] = it;
    return NH_OK;
}

static int
load_file(nh_coverage_t cov, const char *dir, const char *paper, nh_error_t err)
{
    char path[4096], *text, *p, *e;
    size_t len;
    int r, line = 0;
    snprintf(path, sizeof path, "%s/%s.txt", dir, paper);
    r = nh_file_read(&text, &len, path, (size_t) NH_PROOF_MAX_TEXT, "items file", err);
    if (r != NH_OK)
        return r;
    if (strlen(text) != len)
    {
        free(text);
        return nh_error_set(err, NH_ERR_PARSE, "%s: NUL byte: not a text file", path);
    }
    for (p = text; *p && r == NH_OK; p = *e ? e + 1 : e)
    {
        const char *s = p;
        e = strchr(p, '\n');
        if (e == NULL)
            e = p + strlen(p);
        line++;
        while (s < e && isspace((unsigned char) *s))
            s++;
        if (s == e || *s == '#')
            continue;
        r = parse_item_line(cov, paper, s, e, path, line, err);
    }
    free(text);
    return r;
}

/* The optional DIR/history.md (earlier counts, copied into the page). */
static int
load_history(nh_coverage_t cov, const char *dir, nh_error_t err)
{
    char path[4096];
    size_t len;
    struct stat st;
    snprintf(path, sizeof path, "%s/history.md", dir);
    if (stat(path, &st) != 0)
        return NH_OK;
    return nh_file_read(&cov->history, &len, path, (size_t) NH_PROOF_MAX_TEXT, "coverage history",
                        err);
}

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

int
nh_coverage_load(nh_coverage_t cov, const char *dir, nh_error_t err)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    slong i, alloc = 0;
    int r = NH_OK;
    nh_coverage_init(cov);
    if (d == NULL)
        return nh_error_set(err, NH_ERR_IO, "%s: cannot open the items directory", dir);
    while ((de = readdir(d)) != NULL)
    {
        const char *s = de->d_name;
        if (strlen(s) != 7 || !isdigit((unsigned char) s[0]) || !isdigit((unsigned char) s[1])
            || !isdigit((unsigned char) s[2]) || strcmp(s + 3, ".txt") != 0)
            continue;
        if (cov->npapers == alloc)
        {
            alloc = alloc ? 2 * alloc : 8;
            cov->papers = realloc(cov->papers, (size_t) alloc * sizeof *cov->papers);
        }
        cov->papers[cov->npapers] = malloc(4);
        memcpy(cov->papers[cov->npapers], s, 3);
        cov->papers[cov->npapers++][3] = '\0';
    }
    closedir(d);
    if (cov->npapers == 0)
        return nh_error_set(err, NH_ERR_PARSE, "%s: no items file NNN.txt", dir);
    qsort(cov->papers, (size_t) cov->npapers, sizeof *cov->papers, cmp_str);
    for (i = 0; i < cov->npapers && r == NH_OK; i++)
        r = load_file(cov, dir, cov->papers[i], err);
    if (r == NH_OK)
        r = load_history(cov, dir, err);
    if (r != NH_OK)
        nh_coverage_clear(cov);
    return r;
}

/* Walk the entries of a `covers:` value: calls f on each PAPER and ITEM;
   returns the first nonzero result of f, or -1 (with *bad the column
   offset) on a malformed entry. */
typedef int (*cov_fn)(void *ctx, const char *paper, const char *item, slong off);

static int
walk_covers(const char *v, cov_fn f, void *ctx, slong *bad)
{
    const char *p = v;
    while (*p)
    {
        const char *s, *e, *colon;
        char paper[4], *item;
        int r;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ',')
            p++;
        if (*p == '\0')
            break;
        s = p;
        while (*p && *p != ',')
            p++;
        e = p;
        while (e > s && isspace((unsigned char) e[-1]))
            e--;
        colon = memchr(s, ':', (size_t) (e - s));
        if (colon == NULL || colon - s != 3 || !isdigit((unsigned char) s[0])
            || !isdigit((unsigned char) s[1]) || !isdigit((unsigned char) s[2]) || colon + 1 == e)
        {
            *bad = (slong) (s - v);
            return -1;
        }
        memcpy(paper, s, 3);
        paper[3] = '\0';
        item = trimdup(colon + 1, e);
        r = f(ctx, paper, item, (slong) (s - v));
        free(item);
        if (r != 0)
            return r;
    }
    return 0;
}

typedef struct
{
    const nh_coverage_struct *cov;
    const nh_claim_struct *c;
    const char *file;
    nh_error_struct *err;
    int verdict;
}
cov_ctx;

static int
check_one(void *vctx, const char *paper, const char *item, slong off)
{
    cov_ctx *x = vctx;
    slong i = find_item(x->cov, paper, item);
    const nh_proof_val *v = &x->c->covers;
    if (i < 0)
        return nh_error_set(x->err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': covers: unknown item "
                            "'%s:%s' (not in the items file %s.txt)", x->file, v->line,
                            v->col + (int) off, x->c->id.text, paper, item, paper);
    if (x->cov->items[i].status != NH_COV_CHECKABLE)
        return nh_error_set(x->err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': covers: item '%s:%s' is "
                            "listed as %s in %s.txt line %d: the list and the claims disagree",
                            x->file, v->line, v->col + (int) off, x->c->id.text, paper, item,
                            x->cov->items[i].status == NH_COV_UNREVIEWED ? "unreviewed" : "not checkable",
                            paper, x->cov->items[i].line);
    return 0;
}

int
nh_coverage_check_claim(const nh_coverage_t cov, const nh_claim_struct *c, const char *file,
                        nh_error_t err)
{
    cov_ctx x;
    slong bad = 0;
    int r;
    if (c->covers.text == NULL)
        return NH_OK;
    x.cov = cov; x.c = c; x.file = file; x.err = err; x.verdict = 0;
    r = walk_covers(c->covers.text, check_one, &x, &bad);
    if (r == -1)
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: claim '%s': covers: expected "
                            "'PAPER:ITEM, ...' (PAPER three digits, e.g. 000:eq86)", file,
                            c->covers.line, c->covers.col + (int) bad, c->id.text);
    return r == 0 ? NH_OK : r;
}

static int
attach_one(void *vctx, const char *paper, const char *item, slong off)
{
    cov_ctx *x = vctx;
    nh_coverage_struct *cov = (nh_coverage_struct *) x->cov;
    slong i = find_item(cov, paper, item);
    nh_cov_item_struct *it;
    (void) off;
    if (i < 0)
        return 0;
    it = cov->items + i;
    it->claim_ids = realloc(it->claim_ids, (size_t) (it->nclaims + 1) * sizeof *it->claim_ids);
    it->verdicts = realloc(it->verdicts, (size_t) (it->nclaims + 1) * sizeof *it->verdicts);
    it->input = realloc(it->input, (size_t) (it->nclaims + 1) * sizeof *it->input);
    it->input[it->nclaims] = x->c->input.text != NULL;
    it->claim_ids[it->nclaims] = strdup(x->c->id.text);
    it->verdicts[it->nclaims++] = x->verdict;
    return 0;
}

void
nh_coverage_attach(nh_coverage_t cov, const nh_claim_struct *c, int verdict)
{
    cov_ctx x;
    slong bad;
    if (c->covers.text == NULL)
        return;
    x.cov = cov; x.c = c; x.file = NULL; x.err = NULL; x.verdict = verdict;
    walk_covers(c->covers.text, attach_one, &x, &bad);
}

int
nh_coverage_item_verdict(const nh_cov_item_struct *it)
{
    int has[NH_VERDICT_PENDING + 1] = {0};
    slong j;
    if (it->nclaims == 0)
        return NH_VERDICT_NONE;
    for (j = 0; j < it->nclaims; j++)
        if (it->verdicts[j] >= 0 && it->verdicts[j] <= NH_VERDICT_PENDING)
            has[it->verdicts[j]] = 1;
    if (has[NH_VERDICT_REFUTED])
        return NH_VERDICT_REFUTED;
    if (has[NH_VERDICT_UNDECIDED])
        return NH_VERDICT_UNDECIDED;
    if (has[NH_VERDICT_PENDING])
        return NH_VERDICT_PENDING;
    return NH_VERDICT_HOLDS;
}

int
nh_coverage_item_is_input(const nh_cov_item_struct *it)
{
    slong j;
    for (j = 0; j < it->nclaims; j++)
        if (!it->input[j])
            return 0;
    return it->nclaims > 0;
}

void
nh_coverage_counts(nh_cov_counts *k, const nh_coverage_t cov, const char *paper)
{
    slong i;
    memset(k, 0, sizeof *k);
    for (i = 0; i < cov->n; i++)
    {
        const nh_cov_item_struct *it = cov->items + i;
        if (paper != NULL && strcmp(it->paper, paper) != 0)
            continue;
        k->items++;
        if (it->status == NH_COV_NOT_CHECKABLE)
        {
            k->not_checkable++;
            k->nc[it->nc_reason]++;
        }
        else if (it->status == NH_COV_UNREVIEWED)
            k->unreviewed++;
        else if (it->nclaims == 0)
            k->not_written++;
        else if (nh_coverage_item_is_input(it))
            k->input++;
        else
        {
            int v = nh_coverage_item_verdict(it);
            k->checked++;
            k->holds += v == NH_VERDICT_HOLDS;
            k->refuted += v == NH_VERDICT_REFUTED;
            k->pending += v == NH_VERDICT_PENDING;
            k->undecided += v == NH_VERDICT_UNDECIDED;
        }
    }
}
