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
    val_clear(&c->covers);
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

int
nh_proof_parse(nh_proof_doc_t doc, const char *text, const char *filename, nh_error_t err)
{
    const char *p = text, *end = text + strlen(text);
    int line = 0, in_claim = 0, in_other = 0, other_line = 0;
    nh_claim_struct *c = NULL;
    nh_proof_val *last = NULL;  /* value receiving continuation lines */
    size_t last_len = 0;        /* strlen(last->text): appending stays linear */
    size_t last_cap = 0;        /* allocated size of last->text (doubled: an
                                   exact-size realloc per line is quadratic
                                   where realloc always copies, e.g. ASan) */
    slong i, j, aclaims = 0;
    id_set ids = {NULL, 0};

    memset(doc, 0, sizeof *doc);
    doc->filename = dupn(filename, strlen(filename));
    doc->text = dupn(text, strlen(text));

#define FAIL(ln, ...) do { \
        char m_[700]; snprintf(m_, sizeof m_, __VA_ARGS__); \
        nh_error_set(err, NH_ERR_PARSE, "%s:%d: %s", filename, (ln), m_); \
        if (in_claim) doc->nclaims++; \
        free(ids.slot); nh_proof_doc_clear(doc); return NH_ERR_PARSE; } while (0)
#define FAILC(ln, col, ...) do { \
        char m_[700]; snprintf(m_, sizeof m_, __VA_ARGS__); \
        nh_error_set(err, NH_ERR_PARSE, "%s:%d:%ld: %s", filename, (ln), (long) (col), m_); \
        if (in_claim) doc->nclaims++; \
        free(ids.slot); nh_proof_doc_clear(doc); return NH_ERR_PARSE; } while (0)

    while (p < end)
    {
        const char *nl = memchr(p, '\n', (size_t) (end - p));
        size_t len = nl ? (size_t) (nl - p) : (size_t) (end - p);
        int claimfence = 0;
        line++;

        if (!in_claim && !in_other)
        {
            if (is_fence(p, len, &claimfence))
            {
                if (claimfence)
                {
                    if (doc->nclaims >= NH_PROOF_MAX_CLAIMS)
                    {
                        nh_error_set(err, NH_ERR_RESOURCE, "%s:%d: more than %d claim blocks in one document",
                                     filename, line, NH_PROOF_MAX_CLAIMS);
                        free(ids.slot);
                        nh_proof_doc_clear(doc);
                        return NH_ERR_RESOURCE;
                    }
                    in_claim = 1;
                    if (doc->nclaims == aclaims)
                    {
                        aclaims = aclaims ? 2 * aclaims : 16;
                        doc->claims = realloc(doc->claims, (size_t) aclaims * sizeof(nh_claim_struct));
                    }
                    c = doc->claims + doc->nclaims;
                    claim_init(c, line);
                    last = NULL;
                }
                else
                {
                    in_other = 1;
                    other_line = line;
                }
            }
        }
        else if (in_other)
        {
            /* A closing fence has no info string (CommonMark), so a
               "```claim" line here would silently swallow the claim:
               the other block was left open by mistake. */
            if (is_fence(p, len, &claimfence))
            {
                if (claimfence)
                    FAIL(line, "'```claim' inside the ``` block opened at line %d (close that block first)",
                         other_line);
                in_other = 0;
            }
        }
        else
        {
            /* inside a claim block */
            if (is_fence(p, len, &claimfence))
            {
                in_claim = 0;
                doc->nclaims++;
                /* required keys */
                if (c->id.text == NULL)
                    FAIL(c->line, "claim block has no 'id:'");
                if (c->id.text[0] == '\0')
                    FAIL(c->id.line, "empty 'id:'");
                if (c->verdict == NH_VERDICT_NONE)
                    FAIL(c->line, "claim '%s' has no 'verdict:'", c->id.text);
                if (c->kind.text != NULL && strcmp(c->kind.text, "rate") == 0)
                {
                    if (c->verdict != NH_VERDICT_PENDING
                        && (c->case_path.text == NULL || !c->have_expect || c->eps_list.text == NULL))
                        FAIL(c->line, "claim '%s': a 'rate' claim needs 'case:', 'expect:' and 'eps-list:' "
                             "(or the verdict 'pending')", c->id.text);
                }
                else
                {
                    if (c->kind.text != NULL && strcmp(c->kind.text, "identity") != 0)
                        FAIL(c->kind.line, "claim '%s': unknown kind '%s' (identity, rate)",
                             c->id.text, c->kind.text);
                    if (c->verdict == NH_VERDICT_PENDING)
                        FAIL(c->line, "claim '%s': verdict 'pending' is only for kind 'rate'", c->id.text);
                    if (c->case_path.text == NULL)
                        FAIL(c->line, "claim '%s' has no 'case:'", c->id.text);
                    if (c->quantity.text == NULL)
                        FAIL(c->line, "claim '%s' has no 'quantity:'", c->id.text);
                }
                if ((j = id_set_add(&ids, doc->claims, doc->nclaims - 1)) >= 0)
                    FAIL(c->line, "duplicate claim id '%s' (first at line %d)",
                         c->id.text, doc->claims[j].line);
                c = NULL;
            }
            else
            {
                char *ln = dupn(p, len);
                const char *why = NULL;
                long bad;
                rtrim(ln);
                if ((bad = bad_byte(ln, &why)) >= 0)
                {
                    unsigned b = (unsigned char) ln[bad];
                    free(ln);
                    FAILC(line, bad + 1, "%s%02x%s in a claim block",
                          why[0] == 'c' ? "control character 0x" : "byte 0x", b,
                          why[0] == 'c' ? "" : " that is not UTF-8");
                }
                if (ln[0] == '\0' || ln[0] == '#')
                {
                    last = NULL;
                }
                else if (isspace((unsigned char) ln[0]))
                {
                    size_t k;
                    if (last == NULL)
                    {
                        free(ln);
                        FAIL(line, "continuation line without a key");
                    }
                    k = strlen(ln);
                    if (last_len + 2 + k > last_cap)
                    {
                        last_cap = FLINT_MAX(last_len + 2 + k, 2 * last_cap);
                        last->text = realloc(last->text, last_cap);
                        if (last->text == NULL)
                            abort();
                    }
                    last->text[last_len] = '\n';
                    memcpy(last->text + last_len + 1, ln, k + 1);
                    last_len += k + 1;
                }
                else
                {
                    char *colon = strchr(ln, ':');
                    char *key, *val;
                    int vcol;
                    nh_proof_val *slot = NULL;
                    if (colon == NULL)
                    {
                        free(ln);
                        FAIL(line, "expected 'key: value' in claim block");
                    }
                    *colon = '\0';
                    key = ln;
                    rtrim(key);
                    val = colon + 1;
                    while (*val == ' ' || *val == '\t')
                        val++;
                    vcol = (int) (val - ln) + 1;
                    last = NULL;
#define STRKEY(name, field) else if (strcmp(key, name) == 0) slot = &c->field
                    if (0) ;
                    STRKEY("id", id);
                    STRKEY("source", source);
                    STRKEY("kind", kind);
                    STRKEY("case", case_path);
                    STRKEY("quantity", quantity);
                    STRKEY("lhs", lhs);
                    STRKEY("formula", formula);
                    STRKEY("corrected", corrected);
                    else if (strcmp(key, "let") == 0)
                    {
                        if (c->nlet >= NH_PROOF_MAX_LETS)
                        {
                            free(ln);
                            FAIL(line, "too many 'let:' lines (max %d)", NH_PROOF_MAX_LETS);
                        }
                        slot = &c->let[c->nlet++];
                    }
                    STRKEY("evidence", evidence);
                    STRKEY("fix", fix);
                    else if (strcmp(key, "note") == 0)
                        ;   /* free text for readers */
                    STRKEY("eps-list", eps_list);
                    STRKEY("measure", measure);
                    STRKEY("ghat", ghat);
                    STRKEY("ghat-param", ghat_param);
                    STRKEY("dependent", dependent);
                    STRKEY("covers", covers);
                    STRKEY("case2", case2);
                    STRKEY("map", map);
                    STRKEY("pair", pair);
                    STRKEY("dependent2", dependent2);
                    else
                    {
                        int ok = 1;
                        slong t;
                        if (strcmp(key, "order") == 0)
                            ok = parse_int(&c->order, val, 0, NH_SERIES_MAX_ORDER - 1);
                        else if (strcmp(key, "series") == 0)
                            ok = parse_int(&c->series, val, 1, 16);
                        else if (strcmp(key, "points") == 0)
                            ok = parse_int(&c->points, val, 1, 100000);
                        else if (strcmp(key, "seed") == 0)
                            ok = parse_int(&c->seed, val, 0, 2147483647L);
                        else if (strcmp(key, "prec") == 0)
                            ok = parse_int(&c->prec, val, 32, 1000000);
                        else if (strcmp(key, "max-prec") == 0)
                            ok = parse_int(&c->max_prec, val, 32, 1000000);
                        else if (strcmp(key, "eps") == 0)
                        {
                            ok = parse_rat(c->eps, val) && fmpq_sgn(c->eps) > 0;
                            c->have_eps = 1;
                        }
                        else if (strcmp(key, "expect") == 0)
                        {
                            char *e;
                            c->expect = strtod(val, &e);
                            ok = e != val && *e == '\0' && isfinite(c->expect);
                            c->have_expect = 1;
                        }
                        else if (strcmp(key, "T") == 0)
                            ok = parse_rat(c->T, val) && fmpq_sgn(c->T) > 0;
                        else if (strcmp(key, "q-range") == 0)
                            ok = parse_rat(c->qrange, val) && fmpq_sgn(c->qrange) > 0;
                        else if (strcmp(key, "v-range") == 0)
                            ok = parse_rat(c->vrange, val) && fmpq_sgn(c->vrange) > 0;
                        else if (strcmp(key, "t-range") == 0)
                            ok = parse_rat(c->trange, val) && fmpq_sgn(c->trange) > 0;
                        else if (strcmp(key, "route") == 0)
                        {
                            if (strcmp(val, "time") == 0) c->route = NH_ROUTE_TIME;
                            else if (strcmp(val, "covariant") == 0) c->route = NH_ROUTE_COVARIANT;
                            else ok = 0;
                        }
                        else if (strcmp(key, "verdict") == 0)
                        {
                            int v = nh_verdict_parse(val);
                            if (v < 0)
                            {
                                char vv[200];
                                snprintf(vv, sizeof vv, "%s", val);
                                free(ln);
                                FAIL(line, "unknown verdict '%s' (holds, refuted, undecided, pending)", vv);
                            }
                            c->verdict = v;
                        }
                        else
                        {
                            char kk[200];
                            snprintf(kk, sizeof kk, "%s", key);
                            free(ln);
                            FAIL(line, "unknown key '%s' in claim block", kk);
                        }
                        (void) t;
                        if (!ok)
                        {
                            char kk[200];
                            snprintf(kk, sizeof kk, "%s", key);
                            free(ln);
                            FAIL(line, "bad value for '%s'", kk);
                        }
                    }
                    if (slot != NULL)
                    {
                        if (slot->text != NULL)
                        {
                            char kk[200];
                            snprintf(kk, sizeof kk, "%s", key);
                            free(ln);
                            FAIL(line, "repeated key '%s'", kk);
                        }
                        last_len = strlen(val);
                        last_cap = last_len + 1;
                        slot->text = dupn(val, last_len);
                        slot->line = line;
                        slot->col = vcol;
                        last = slot;
                    }
                }
                free(ln);
            }
        }
        p = nl ? nl + 1 : end;
    }
    if (in_claim)
        FAIL(c->line, "unterminated claim block (no closing ```)");
    if (in_other)
        FAIL(other_line, "unterminated ``` block (no closing ```; a claim block after it would be ignored)");
    (void) i;
#undef FAIL
#undef FAILC
    free(ids.slot);
    return NH_OK;
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
