/*
 * proof_parse.c -- extraction of claim blocks from Markdown documents
 * (format: doc/proofs.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include "nh_file.h"
#include "proof.h"
#include "expr.h"

const char *
nh_verdict_name(int v)
{
    switch (v)
    {
        case NH_VERDICT_HOLDS: return "holds";
        case NH_VERDICT_REFUTED: return "refuted";
        case NH_VERDICT_UNDECIDED: return "undecided";
        case NH_VERDICT_PENDING: return "pending";
        default: return "none";
    }
}

int
nh_verdict_parse(const char *s)
{
    if (strcmp(s, "holds") == 0) return NH_VERDICT_HOLDS;
    if (strcmp(s, "refuted") == 0) return NH_VERDICT_REFUTED;
    if (strcmp(s, "undecided") == 0) return NH_VERDICT_UNDECIDED;
    if (strcmp(s, "pending") == 0) return NH_VERDICT_PENDING;
    return -1;
}

static void
val_clear(nh_proof_val *v)
{
    free(v->text);
    v->text = NULL;
}

static void
claim_init(nh_claim_struct *c, int line)
{
    memset(c, 0, sizeof *c);
    c->line = line;
    fmpq_init(c->eps);
    fmpq_init(c->qrange);
    fmpq_init(c->vrange);
    fmpq_set_si(c->qrange, 1, 1);
    fmpq_set_si(c->vrange, 1, 1);
    fmpq_init(c->trange);
    fmpq_set_si(c->trange, 1, 1);
    fmpq_init(c->T);
    fmpq_set_si(c->T, 1, 1);
    c->order = 0;
    c->route = NH_ROUTE_TIME;
    c->points = 8;
    c->seed = 1;
    c->prec = 128;
    c->max_prec = 1024;
}

static void
claim_clear(nh_claim_struct *c)
{
    int i;
    val_clear(&c->id); val_clear(&c->source); val_clear(&c->kind);
    val_clear(&c->case_path); val_clear(&c->quantity); val_clear(&c->lhs);
    val_clear(&c->formula); val_clear(&c->corrected); val_clear(&c->evidence); val_clear(&c->fix);
    for (i = 0; i < c->nlet; i++)
        val_clear(&c->let[i]);
    val_clear(&c->eps_list); val_clear(&c->measure);
    val_clear(&c->ghat); val_clear(&c->ghat_param); val_clear(&c->dependent);
    val_clear(&c->covers); val_clear(&c->input);
    val_clear(&c->case2); val_clear(&c->map); val_clear(&c->pair); val_clear(&c->dependent2);
    fmpq_clear(c->trange);
    fmpq_clear(c->T);
    fmpq_clear(c->eps);
    fmpq_clear(c->qrange);
    fmpq_clear(c->vrange);
}

void
nh_proof_doc_clear(nh_proof_doc_t doc)
{
    slong i;
    for (i = 0; i < doc->nclaims; i++)
        claim_clear(doc->claims + i);
    free(doc->claims);
    free(doc->filename);
    free(doc->text);
    memset(doc, 0, sizeof *doc);
}

static char *
dupn(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

/* Trim trailing blanks in place. */
static void
rtrim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char) s[n - 1]))
        s[--n] = '\0';
}

static int
is_fence(const char *s, size_t len, int *is_claim)
{
    size_t i = 0;
    while (i < len && i < 3 && s[i] == ' ')
        i++;
    if (len - i < 3 || strncmp(s + i, "```", 3) != 0)
        return 0;
    i += 3;
    while (i < len && s[i] == ' ')
        i++;
    *is_claim = (len - i >= 5 && strncmp(s + i, "claim", 5) == 0
                 && (len - i == 5 || isspace((unsigned char) s[i + 5])));
    return 1;
}

static int
parse_int(slong *res, const char *s, slong lo, slong hi)
{
    char *end;
    long v;
    if (*s == '\0')
        return 0;
    v = strtol(s, &end, 10);
    if (*end != '\0' || v < lo || v > hi)
        return 0;
    *res = v;
    return 1;
}

/* Offset of the first byte of s that may not appear in a claim block,
   or -1: control characters (C0 except tab, DEL, C1 U+0080..U+009F) and
   bytes that are not well-formed UTF-8.  Values are echoed in messages
   and reports, so nothing may reach the terminal that it would
   interpret. *why names the problem. */
static long
bad_byte(const char *s, const char **why)
{
    const unsigned char *u = (const unsigned char *) s;
    long i = 0;
    while (u[i] != 0)
    {
        unsigned c = u[i];
        int n, k;
        unsigned lo = 0x80, hi = 0xbf;
        if (c < 0x80)
        {
            if ((c < 0x20 && c != '\t') || c == 0x7f)
            {
                *why = "control character";
                return i;
            }
            i++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf)
            n = 1;
        else if (c >= 0xe0 && c <= 0xef)
        {
            n = 2;
            if (c == 0xe0) lo = 0xa0;       /* overlong */
            if (c == 0xed) hi = 0x9f;       /* surrogates */
        }
        else if (c >= 0xf0 && c <= 0xf4)
        {
            n = 3;
            if (c == 0xf0) lo = 0x90;       /* overlong */
            if (c == 0xf4) hi = 0x8f;       /* above U+10FFFF */
        }
        else
        {
            *why = "byte that is not UTF-8";
            return i;
        }
        for (k = 1; k <= n; k++)
        {
            unsigned d = u[i + k];
            if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xbf))
            {
                *why = "byte that is not UTF-8";
                return i;
            }
        }
        if (c == 0xc2 && u[i + 1] <= 0x9f)
        {
            *why = "control character";     /* C1: U+0080..U+009F */
            return i;
        }
        i += n + 1;
    }
    return -1;
}

/* The ids seen so far: an open-addressing hash set of claim indices
   (slot -1: empty), so that duplicate ids are found in linear time. */
typedef struct
{
    slong *slot;
    slong size;                 /* 0 or a power of 2 > 2 * entries */
}
id_set;

static ulong
id_hash(const char *s)
{
    ulong h = UWORD(14695981039346656037);     /* FNV-1a */
    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char) *s) * UWORD(1099511628211);
    return h;
}

/* Index of an earlier claim (among claims[0..idx-1], all in the set)
   with the id of claims[idx], or -1 after adding idx to the set. */
static slong
id_set_add(id_set *H, const nh_claim_struct *claims, slong idx)
{
    slong i, k;
    if (2 * (idx + 1) >= H->size)
    {
        H->size = H->size ? 2 * H->size : 64;
        H->slot = realloc(H->slot, (size_t) H->size * sizeof(slong));
        for (k = 0; k < H->size; k++)
            H->slot[k] = -1;
        for (i = 0; i < idx; i++)
        {
            k = (slong) (id_hash(claims[i].id.text) & (ulong) (H->size - 1));
            while (H->slot[k] >= 0)
                k = (k + 1) & (H->size - 1);
            H->slot[k] = i;
        }
    }
    k = (slong) (id_hash(claims[idx].id.text) & (ulong) (H->size - 1));
    while (H->slot[k] >= 0)
    {
        if (strcmp(claims[H->slot[k]].id.text, claims[idx].id.text) == 0)
            return H->slot[k];
        k = (k + 1) & (H->size - 1);
    }
    H->slot[k] = idx;
    return -1;
}

/* Exact rational "3", "-1/2", "0.01", "1e-3". */
static int
parse_rat(fmpq_t res, const char *s)
{
    const char *slash = strchr(s, '/');
    if (slash != NULL)
    {
        fmpz_t a, b;
        int ok;
        char *t = dupn(s, (size_t) (slash - s));
        fmpz_init(a); fmpz_init(b);
        ok = fmpz_set_str(a, t, 10) == 0 && fmpz_set_str(b, slash + 1, 10) == 0
             && !fmpz_is_zero(b);
        if (ok)
            fmpq_set_fmpz_frac(res, a, b);
        fmpz_clear(a); fmpz_clear(b);
        free(t);
        return ok;
    }
    return expr_parse_decimal(res, s, strlen(s)) == NULL;
}

/* The state of nh_proof_parse: the document, the open block, the claim
   being read and the value receiving continuation lines. */
typedef struct
{
    nh_proof_doc_struct *doc;
    const char *filename;
    int in_claim, in_other, other_line;
    nh_claim_struct *c;
    nh_proof_val *last;         /* value receiving continuation lines */
    size_t last_len;            /* strlen(last->text): appending stays linear */
    size_t last_cap;            /* allocated size of last->text (doubled: an
                                   exact-size realloc per line is quadratic
                                   where realloc always copies, e.g. ASan) */
    slong aclaims;
    id_set ids;
}
parse_st;

/* err = "FILE:LN: msg" (col <= 0) or "FILE:LN:COL: msg"; NH_ERR_PARSE. */
static int
pfail(const parse_st *S, nh_error_t err, int ln, long col, const char *fmt, ...)
{
    char m[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    if (col > 0)
        nh_error_set(err, NH_ERR_PARSE, "%s:%d:%ld: %s", S->filename, ln, col, m);
    else
        nh_error_set(err, NH_ERR_PARSE, "%s:%d: %s", S->filename, ln, m);
    return NH_ERR_PARSE;
}

/* A fence outside any block at line `line`: open a claim block (a new
   claim) or another ``` block. */
static int
parse_open(parse_st *S, int line, int claimfence, nh_error_t err)
{
    nh_proof_doc_struct *doc = S->doc;
    if (!claimfence)
    {
        S->in_other = 1;
        S->other_line = line;
        return NH_OK;
    }
    if (doc->nclaims >= NH_PROOF_MAX_CLAIMS)
        return nh_error_set(err, NH_ERR_RESOURCE, "%s:%d: more than %d claim blocks in one document",
                            S->filename, line, NH_PROOF_MAX_CLAIMS);
    S->in_claim = 1;
    if (doc->nclaims == S->aclaims)
    {
        S->aclaims = S->aclaims ? 2 * S->aclaims : 16;
        doc->claims = realloc(doc->claims, (size_t) S->aclaims * sizeof(nh_claim_struct));
    }
    S->c = doc->claims + doc->nclaims;
    claim_init(S->c, line);
    S->last = NULL;
    return NH_OK;
}

/* The closing fence of the claim S->c: count it, then check the
   required keys and that its id is new. */
static int
parse_close(parse_st *S, nh_error_t err)
{
    nh_claim_struct *c = S->c;
    slong j;
    S->in_claim = 0;
    S->doc->nclaims++;
    if (c->id.text == NULL)
        return pfail(S, err, c->line, 0, "claim block has no 'id:'");
    if (c->id.text[0] == '\0')
        return pfail(S, err, c->id.line, 0, "empty 'id:'");
    if (c->verdict == NH_VERDICT_NONE)
        return pfail(S, err, c->line, 0, "claim '%s' has no 'verdict:'", c->id.text);
    if (c->kind.text != NULL && strcmp(c->kind.text, "rate") == 0)
    {
        if (c->verdict != NH_VERDICT_PENDING
            && (c->case_path.text == NULL || !c->have_expect || c->eps_list.text == NULL))
            return pfail(S, err, c->line, 0, "claim '%s': a 'rate' claim needs 'case:', 'expect:' and "
                         "'eps-list:' (or the verdict 'pending')", c->id.text);
    }
    else
    {
        if (c->kind.text != NULL && strcmp(c->kind.text, "identity") != 0)
            return pfail(S, err, c->kind.line, 0, "claim '%s': unknown kind '%s' (identity, rate)",
                         c->id.text, c->kind.text);
        if (c->verdict == NH_VERDICT_PENDING)
            return pfail(S, err, c->line, 0, "claim '%s': verdict 'pending' is only for kind 'rate'",
                         c->id.text);
        if (c->case_path.text == NULL)
            return pfail(S, err, c->line, 0, "claim '%s' has no 'case:'", c->id.text);
        if (c->quantity.text == NULL)
            return pfail(S, err, c->line, 0, "claim '%s' has no 'quantity:'", c->id.text);
    }
    if ((j = id_set_add(&S->ids, S->doc->claims, S->doc->nclaims - 1)) >= 0)
        return pfail(S, err, c->line, 0, "duplicate claim id '%s' (first at line %d)", c->id.text,
                     S->doc->claims[j].line);
    S->c = NULL;
    return NH_OK;
}

/* *slot = the text value of c named key (NULL for 'note', free text for
   readers); 1 if key is such a key, 0 if not; -1 on too many 'let:'. */
static int
claim_text_slot(nh_proof_val **slot, nh_claim_struct *c, const char *key)
{
    static const struct { const char *key; size_t off; } tab[] = {
#define STRKEY(name, field) { name, offsetof(nh_claim_struct, field) }
        STRKEY("id", id), STRKEY("source", source), STRKEY("kind", kind),
        STRKEY("case", case_path), STRKEY("quantity", quantity), STRKEY("lhs", lhs),
        STRKEY("formula", formula), STRKEY("corrected", corrected),
        STRKEY("evidence", evidence), STRKEY("fix", fix), STRKEY("eps-list", eps_list),
        STRKEY("measure", measure), STRKEY("ghat", ghat), STRKEY("ghat-param", ghat_param),
        STRKEY("dependent", dependent), STRKEY("covers", covers), STRKEY("input", input),
        STRKEY("case2", case2),
        STRKEY("map", map), STRKEY("pair", pair), STRKEY("dependent2", dependent2)
#undef STRKEY
    };
    size_t i;
    *slot = NULL;
    for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (strcmp(key, tab[i].key) == 0)
        {
            *slot = (nh_proof_val *) ((char *) c + tab[i].off);
            return 1;
        }
    if (strcmp(key, "let") == 0)
    {
        if (c->nlet >= NH_PROOF_MAX_LETS)
            return -1;
        *slot = &c->let[c->nlet++];
        return 1;
    }
    return strcmp(key, "note") == 0;
}

/* A positive exact rational value */
static int
parse_rat_pos(fmpq_t res, const char *s)
{
    return parse_rat(res, s) && fmpq_sgn(res) > 0;
}

/* The numeric and enumerated keys of c: 1 if val is a good value of key,
   0 if not; -1 if key is unknown, -2 if the verdict is unknown. */
static int
claim_value_key(nh_claim_struct *c, const char *key, const char *val)
{
    int v;
    char *e;
    if (strcmp(key, "order") == 0)
        return parse_int(&c->order, val, 0, NH_SERIES_MAX_ORDER - 1);
    if (strcmp(key, "series") == 0)
        return parse_int(&c->series, val, 1, 16);
    if (strcmp(key, "points") == 0)
        return parse_int(&c->points, val, 1, 100000);
    if (strcmp(key, "seed") == 0)
        return parse_int(&c->seed, val, 0, 2147483647L);
    if (strcmp(key, "prec") == 0)
        return parse_int(&c->prec, val, 32, 1000000);
    if (strcmp(key, "max-prec") == 0)
        return parse_int(&c->max_prec, val, 32, 1000000);
    if (strcmp(key, "eps") == 0)
    {
        c->have_eps = 1;
        return parse_rat_pos(c->eps, val);
    }
    if (strcmp(key, "expect") == 0)
    {
        c->expect = strtod(val, &e);
        c->have_expect = 1;
        return e != val && *e == '\0' && isfinite(c->expect);
    }
    if (strcmp(key, "T") == 0)
        return parse_rat_pos(c->T, val);
    if (strcmp(key, "q-range") == 0)
        return parse_rat_pos(c->qrange, val);
    if (strcmp(key, "v-range") == 0)
        return parse_rat_pos(c->vrange, val);
    if (strcmp(key, "t-range") == 0)
        return parse_rat_pos(c->trange, val);
    if (strcmp(key, "route") == 0)
    {
        if (strcmp(val, "time") == 0) c->route = NH_ROUTE_TIME;
        else if (strcmp(val, "covariant") == 0) c->route = NH_ROUTE_COVARIANT;
        else return 0;
        return 1;
    }
    if (strcmp(key, "verdict") != 0)
        return -1;
    if ((v = nh_verdict_parse(val)) < 0)
        return -2;
    c->verdict = v;
    return 1;
}

/* The line "key: value" ln (trimmed, modified) of the claim block at
   line `line`. */
static int
claim_key_line(parse_st *S, char *ln, int line, nh_error_t err)
{
    char *colon = strchr(ln, ':'), *key, *val;
    nh_proof_val *slot;
    int r;
    if (colon == NULL)
        return pfail(S, err, line, 0, "expected 'key: value' in claim block");
    *colon = '\0';
    key = ln;
    rtrim(key);
    val = colon + 1;
    while (*val == ' ' || *val == '\t')
        val++;
    S->last = NULL;
    r = claim_text_slot(&slot, S->c, key);
    if (r < 0)
        return pfail(S, err, line, 0, "too many 'let:' lines (max %d)", NH_PROOF_MAX_LETS);
    if (r == 0)
    {
        r = claim_value_key(S->c, key, val);
        if (r == -2)
            return pfail(S, err, line, 0, "unknown verdict '%.199s' (holds, refuted, undecided, "
                         "pending)", val);
        if (r == -1)
            return pfail(S, err, line, 0, "unknown key '%.199s' in claim block", key);
        if (r == 0)
            return pfail(S, err, line, 0, "bad value for '%.199s'", key);
    }
    if (slot == NULL)
        return NH_OK;
    if (slot->text != NULL)
        return pfail(S, err, line, 0, "repeated key '%.199s'", key);
    S->last_len = strlen(val);
    S->last_cap = S->last_len + 1;
    slot->text = dupn(val, S->last_len);
    slot->line = line;
    slot->col = (int) (val - ln) + 1;
    S->last = slot;
    return NH_OK;
}

/* The continuation line ln (starts with white space) of S->last. */
static int
claim_cont_line(parse_st *S, const char *ln, int line, nh_error_t err)
{
    size_t k;
    nh_proof_val *last = S->last;
    if (last == NULL)
        return pfail(S, err, line, 0, "continuation line without a key");
    k = strlen(ln);
    if (S->last_len + 2 + k > S->last_cap)
    {
        S->last_cap = FLINT_MAX(S->last_len + 2 + k, 2 * S->last_cap);
        last->text = realloc(last->text, S->last_cap);
        if (last->text == NULL)
            abort();
    }
    last->text[S->last_len] = '\n';
    memcpy(last->text + S->last_len + 1, ln, k + 1);
    S->last_len += k + 1;
    return NH_OK;
}

/* A line (p, len) inside a claim block, not a fence. */
static int
claim_line(parse_st *S, const char *p, size_t len, int line, nh_error_t err)
{
    char *ln = dupn(p, len);
    const char *why = NULL;
    long bad;
    int rc = NH_OK;
    rtrim(ln);
    if ((bad = bad_byte(ln, &why)) >= 0)
        rc = pfail(S, err, line, bad + 1, "%s%02x%s in a claim block",
                   why[0] == 'c' ? "control character 0x" : "byte 0x",
                   (unsigned) (unsigned char) ln[bad], why[0] == 'c' ? "" : " that is not UTF-8");
    else if (ln[0] == '\0' || ln[0] == '#')
        S->last = NULL;
    else if (isspace((unsigned char) ln[0]))
        rc = claim_cont_line(S, ln, line, err);
    else
        rc = claim_key_line(S, ln, line, err);
    free(ln);
    return rc;
}

/* One line (p, len), number `line`, of the document. */
static int
parse_line(parse_st *S, const char *p, size_t len, int line, nh_error_t err)
{
    int claimfence = 0, fence = is_fence(p, len, &claimfence);
    if (!S->in_claim && !S->in_other)
        return fence ? parse_open(S, line, claimfence, err) : NH_OK;
    if (S->in_other)
    {
        /* A closing fence has no info string (CommonMark), so a
           "```claim" line here would silently swallow the claim: the
           other block was left open by mistake. */
        if (fence && claimfence)
            return pfail(S, err, line, 0, "'```claim' inside the ``` block opened at line %d "
                         "(close that block first)", S->other_line);
        if (fence)
            S->in_other = 0;
        return NH_OK;
    }
    return fence ? parse_close(S, err) : claim_line(S, p, len, line, err);
}

int
nh_proof_parse(nh_proof_doc_t doc, const char *text, const char *filename, nh_error_t err)
{
    const char *p = text, *end = text + strlen(text);
    int line = 0, rc = NH_OK;
    parse_st S;

    memset(doc, 0, sizeof *doc);
    memset(&S, 0, sizeof S);
    S.doc = doc;
    S.filename = filename;
    doc->filename = dupn(filename, strlen(filename));
    doc->text = dupn(text, strlen(text));
    while (p < end && rc == NH_OK)
    {
        const char *nl = memchr(p, '\n', (size_t) (end - p));
        size_t len = nl ? (size_t) (nl - p) : (size_t) (end - p);
        line++;
        rc = parse_line(&S, p, len, line, err);
        p = nl ? nl + 1 : end;
    }
    if (rc == NH_OK && S.in_claim)
        rc = pfail(&S, err, S.c->line, 0, "unterminated claim block (no closing ```)");
    if (rc == NH_OK && S.in_other)
        rc = pfail(&S, err, S.other_line, 0, "unterminated ``` block (no closing ```; a claim "
                   "block after it would be ignored)");
    if (rc != NH_OK)
    {
        if (S.in_claim)
            doc->nclaims++;
        nh_proof_doc_clear(doc);
    }
    free(S.ids.slot);
    return rc;
}

int
nh_proof_parse_n(nh_proof_doc_t doc, const char *text, size_t len, const char *filename,
                 nh_error_t err)
{
    const char *nul = memchr(text, '\0', len);
    char *buf;
    int r;

    memset(doc, 0, sizeof *doc);
    if (nul != NULL)
    {
        /* binary data: name the line and column of the first NUL byte */
        int line = 1, col = 1;
        const char *q;
        for (q = text; q < nul; q++)
        {
            if (*q == '\n')
                line++, col = 1;
            else
                col++;
        }
        return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: NUL byte: binary data, not a Markdown document",
                            filename, line, col);
    }
    buf = malloc(len + 1);
    if (buf == NULL)
        return nh_error_set(err, NH_ERR_RESOURCE, "%s: out of memory (%lu bytes)", filename,
                            (unsigned long) len);
    memcpy(buf, text, len);
    buf[len] = '\0';
    r = nh_proof_parse(doc, buf, filename, err);
    free(buf);
    if (r == NH_OK && doc->nclaims == 0)
    {
        nh_proof_doc_clear(doc);
        return nh_error_set(err, NH_ERR_PARSE, "%s:1: no claim block (```claim ... ```, doc/proofs.md) in the document",
                            filename);
    }
    return r;
}

int
nh_proof_load(nh_proof_doc_t doc, const char *path, nh_error_t err)
{
    char *buf;
    size_t len;
    int r;

    memset(doc, 0, sizeof *doc);
    r = nh_file_read(&buf, &len, path, (size_t) NH_PROOF_MAX_TEXT, "document", err);
    if (r != NH_OK)
        return r;
    r = nh_proof_parse_n(doc, buf, len, path, err);
    free(buf);
    return r;
}
