/* expr_lex.c -- lexer of model files (doc/model-format.md). */
#include <stdio.h>
#include <string.h>
#include "expr.h"

void
expr_lexer_init(expr_lexer_t L, const char *text, size_t len)
{
    L->text = text;
    L->len = len;
    L->pos = 0;
    L->line = 1;
    L->col = 1;
    L->tok = TOK_NL;
    L->tstart = 0;
    L->tlen = 0;
    L->tline = 1;
    L->tcol = 1;
    fmpq_init(L->num);
    L->bad = NULL;
}

void
expr_lexer_clear(expr_lexer_t L)
{
    fmpq_clear(L->num);
}

static int
is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int
is_digit(int c)
{
    return c >= '0' && c <= '9';
}

const char *
expr_parse_decimal(fmpq_t res, const char *s, size_t len)
{
    fmpz_t mant, p;
    size_t i = 0;
    slong frac = 0, e = 0;
    int ndig = 0, esign = 1, edig = 0;
    char *buf;
    size_t nb = 0;

    if (len == 0 || len > EXPR_MAX_NUMBER)
        return len == 0 ? "empty number" : "number too long";

    buf = flint_malloc(len + 1);
    while (i < len && is_digit((unsigned char) s[i]))
    {
        buf[nb++] = s[i++];
        ndig++;
    }
    if (i < len && s[i] == '.')
    {
        i++;
        while (i < len && is_digit((unsigned char) s[i]))
        {
            buf[nb++] = s[i++];
            ndig++;
            frac++;
        }
    }
    if (ndig == 0)
    {
        flint_free(buf);
        return "malformed number";
    }
    if (i < len && (s[i] == 'e' || s[i] == 'E'))
    {
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-'))
        {
            if (s[i] == '-')
                esign = -1;
            i++;
        }
        while (i < len && is_digit((unsigned char) s[i]))
        {
            if (e <= EXPR_MAX_EXP10)
                e = 10 * e + (s[i] - '0');
            i++;
            edig++;
        }
        if (edig == 0)
        {
            flint_free(buf);
            return "malformed exponent in number";
        }
        if (e > EXPR_MAX_EXP10)
        {
            flint_free(buf);
            return "decimal exponent too large";
        }
    }
    if (i != len)
    {
        flint_free(buf);
        return "malformed number";
    }
    buf[nb] = '\0';
    fmpz_init(mant);
    fmpz_init(p);
    fmpz_set_str(mant, buf, 10);
    flint_free(buf);
    e = esign * e - frac;
    fmpz_set_ui(p, 10);
    if (e >= 0)
    {
        fmpz_pow_ui(p, p, (ulong) e);
        fmpz_mul(mant, mant, p);
        fmpq_set_fmpz(res, mant);
    }
    else
    {
        fmpz_pow_ui(p, p, (ulong) (-e));
        fmpq_set_fmpz_frac(res, mant, p);
    }
    fmpz_clear(mant);
    fmpz_clear(p);
    return NULL;
}

void
expr_lex_next(expr_lexer_t L)
{
    const char *t = L->text;
    size_t n = L->len;
    int c;

    /* skip blanks and comments */
    for (;;)
    {
        if (L->pos >= n)
            break;
        c = (unsigned char) t[L->pos];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
        {
            L->pos++;
            L->col++;
        }
        else if (c == '#')
        {
            while (L->pos < n && t[L->pos] != '\n')
            {
                L->pos++;
                L->col++;
            }
        }
        else
            break;
    }

    L->tstart = L->pos;
    L->tline = L->line;
    L->tcol = L->col;
    L->bad = NULL;

    if (L->pos >= n)
    {
        L->tok = TOK_EOF;
        L->tlen = 0;
        return;
    }

    c = (unsigned char) t[L->pos];
    if (c == '\n')
    {
        L->tok = TOK_NL;
        L->tlen = 1;
        L->pos++;
        L->line++;
        L->col = 1;
        return;
    }

    if (is_alpha(c))
    {
        size_t s = L->pos;
        while (L->pos < n && (is_alpha((unsigned char) t[L->pos]) || is_digit((unsigned char) t[L->pos])))
            L->pos++;
        L->tlen = L->pos - s;
        L->col += (int) (L->tlen > 100000000 ? 100000000 : L->tlen);
        L->tok = TOK_NAME;
        if (L->tlen > EXPR_MAX_NAME)
        {
            L->tok = TOK_BAD;
            L->bad = "name too long";
        }
        return;
    }

    if (is_digit(c) || (c == '.' && L->pos + 1 < n && is_digit((unsigned char) t[L->pos + 1])))
    {
        size_t s = L->pos;
        while (L->pos < n && is_digit((unsigned char) t[L->pos]))
            L->pos++;
        if (L->pos < n && t[L->pos] == '.')
        {
            L->pos++;
            while (L->pos < n && is_digit((unsigned char) t[L->pos]))
                L->pos++;
        }
        if (L->pos < n && (t[L->pos] == 'e' || t[L->pos] == 'E'))
        {
            L->pos++;
            if (L->pos < n && (t[L->pos] == '+' || t[L->pos] == '-'))
                L->pos++;
            while (L->pos < n && is_digit((unsigned char) t[L->pos]))
                L->pos++;
        }
        /* glued letters/digits/dots ("2x", "1.2.3") make a bad number */
        while (L->pos < n && (is_alpha((unsigned char) t[L->pos]) || is_digit((unsigned char) t[L->pos])
                              || t[L->pos] == '.'))
            L->pos++;
        L->tlen = L->pos - s;
        L->col += (int) (L->tlen > 100000000 ? 100000000 : L->tlen);
        L->bad = expr_parse_decimal(L->num, t + s, L->tlen);
        L->tok = (L->bad == NULL) ? TOK_NUM : TOK_BAD;
        return;
    }

    L->tlen = 1;
    L->pos++;
    L->col++;
    switch (c)
    {
        case '+': L->tok = TOK_PLUS; break;
        case '-': L->tok = TOK_MINUS; break;
        case '*': L->tok = TOK_STAR; break;
        case '/': L->tok = TOK_SLASH; break;
        case '^': L->tok = TOK_CARET; break;
        case '(': L->tok = TOK_LPAR; break;
        case ')': L->tok = TOK_RPAR; break;
        case ',': L->tok = TOK_COMMA; break;
        case '=': L->tok = TOK_EQ; break;
        case ':': L->tok = TOK_COLON; break;
        default:
            L->tok = TOK_BAD;
            L->bad = "unexpected character";
    }
}

void
expr_tok_describe(char *buf, size_t size, const expr_lexer_t L)
{
    const char *s = L->text + L->tstart;
    int k = (int) (L->tlen > 40 ? 40 : L->tlen);
    const char *ell = L->tlen > 40 ? "..." : "";

    switch (L->tok)
    {
        case TOK_EOF: snprintf(buf, size, "end of file"); break;
        case TOK_NL: snprintf(buf, size, "end of line"); break;
        case TOK_NAME: snprintf(buf, size, "name '%.*s%s'", k, s, ell); break;
        case TOK_NUM: snprintf(buf, size, "number '%.*s%s'", k, s, ell); break;
        case TOK_BAD:
        {
            unsigned char c = (unsigned char) s[0];
            if (L->bad != NULL && strcmp(L->bad, "unexpected character") == 0)
            {
                if (c >= 32 && c < 127)
                    snprintf(buf, size, "unexpected character '%c'", c);
                else
                    snprintf(buf, size, "unexpected byte 0x%02x", (unsigned) c);
            }
            else
                snprintf(buf, size, "%s '%.*s%s'", L->bad ? L->bad : "bad token", k, s, ell);
            break;
        }
        default: snprintf(buf, size, "'%.*s'", k, s);
    }
}

int
expr_error_expected(nh_error_t err, const char *file, const expr_lexer_t L,
                    const char *what)
{
    char found[128];
    expr_tok_describe(found, sizeof found, L);
    return nh_error_set(err, NH_ERR_PARSE, "%s:%d:%d: expected %s, found %s",
                        file, L->tline, L->tcol, what, found);
}
