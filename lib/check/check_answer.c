/*
 * check_answer.c -- the answer reader of the `check` protocol (check.h,
 * doc/check.md): a batch of answer lines, any bytes, split with memchr
 * (NUL bytes are data, never terminators) and parsed with json-c.  The
 * fuzz target fuzz/fuzz_protocol.c calls nh_check_read_answers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"

/* one number of an answer: a JSON number or a decimal/rational string */
static int
answer_number(arb_t x, json_object *v, const char *name, nh_error_t err)
{
    fmpq_t r;
    double d;
    int rc = NH_OK;
    if (v != NULL && json_object_is_type(v, json_type_string))
    {
        fmpq_init(r);
        if (nh_check_parse_q(r, json_object_get_string(v), "value", err) == NH_OK)
            arb_set_fmpq(x, r, 256);
        else
            rc = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "component '%s': '%.100s' is not a "
                              "number", name, json_object_get_string(v));
        fmpq_clear(r);
        return rc;
    }
    if (v == NULL || !(json_object_is_type(v, json_type_double)
                       || json_object_is_type(v, json_type_int)))
        return nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "component '%s': not a number", name);
    d = json_object_get_double(v);
    if (!isfinite(d))
        return nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "component '%s' is NaN or infinite",
                            name);
    arb_set_d(x, d);
    return NH_OK;
}

/* line[0..len) (NUL-terminated copy) as one JSON object, nothing after it */
static json_object *
answer_object(const char *line, size_t len, nh_error_t err)
{
    json_tokener *tok = json_tokener_new();
    json_object *o;
    enum json_tokener_error jerr;
    char key[64];
    size_t off;
    if (tok == NULL)
        abort();
    o = json_tokener_parse_ex(tok, line, (int) len);
    jerr = json_tokener_get_error(tok);
    off = o != NULL && jerr == json_tokener_success ? (size_t) tok->char_offset : len;
    json_tokener_free(tok);
    while (off < len && (line[off] == ' ' || line[off] == '\t' || line[off] == '\r'))
        off++;
    if (o == NULL || jerr != json_tokener_success || off < len
        || !json_object_is_type(o, json_type_object))
        nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "malformed JSON answer '%.200s'", line);
    else if (nh_json_repeated_key(line, len, key, sizeof key))
        nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "answer '%.200s': key \"%s\" given twice",
                     line, key);
    else
        return o;
    if (o != NULL)
        json_object_put(o);
    return NULL;
}

/* one answer line: {"id": id, "value": {NAME: number, ...}} */
static int
answer_parse(arb_ptr vals, const nh_check_struct *C, const char *line, size_t len, slong id,
             nh_error_t err)
{
    json_object *o, *x, *val;
    slong i;
    int r = NH_OK;
    if (memchr(line, '\0', len) != NULL)
        return nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "answer '%.200s...' contains a NUL "
                            "byte (at byte %ld)", line, (long) strlen(line));
    if ((o = answer_object(line, len, err)) == NULL)
        return NH_CHECK_ERR_CANDIDATE;
    if (!json_object_object_get_ex(o, "id", &x) || !json_object_is_type(x, json_type_int)
        || json_object_get_int64(x) != id)
        r = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "answer '%.200s': expected \"id\": %ld",
                         line, (long) id);
    else if (json_object_object_get_ex(o, "error", &x))
        r = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "the candidate reported an error: %.300s",
                         json_object_to_json_string(x));
    else if (!json_object_object_get_ex(o, "value", &val)
             || !json_object_is_type(val, json_type_object))
        r = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "answer '%.200s': no \"value\" object",
                         line);
    else if (json_object_object_length(val) != C->n)
        r = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "answer '%.200s': \"value\" must have "
                         "exactly the %ld components named by the coordinates", line,
                         (long) C->n);
    for (i = 0; r == NH_OK && i < C->n; i++)
    {
        const char *name = nh_model_coord_name(C->M, i);
        if (!json_object_object_get_ex(val, name, &x))
            r = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "answer '%.200s': component '%s' "
                             "missing", line, name);
        else
            r = answer_number(vals + i, x, name, err);
    }
    json_object_put(o);
    return r;
}

int
nh_check_read_answers(arb_ptr vals, const nh_check_t C, const char *buf, size_t len,
                      slong npts, slong first_id, slong *bad, nh_error_t err)
{
    size_t off = 0;
    slong j;
    int r = NH_OK;
    *bad = -1;
    for (j = 0; r == NH_OK && j < npts; j++)
    {
        const char *nl = off < len ? memchr(buf + off, '\n', len - off) : NULL;
        size_t l = nl != NULL ? (size_t) (nl - (buf + off)) : len - off;
        char *line = malloc(l + 1);
        if (line == NULL)
            abort();
        memcpy(line, buf + off, l);
        line[l] = '\0';
        *bad = j;
        if (nl == NULL && l == 0)
            r = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "%ld answer lines for %ld requests",
                             (long) j, (long) npts);
        else if (nl == NULL)
            r = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "answer '%.200s' is not ended by a "
                             "newline", line);
        else
            r = answer_parse(vals + j * C->n, C, line, l, first_id + j, err);
        free(line);
        off += l + 1;
    }
    if (r == NH_OK && off < len)
    {
        *bad = -1;
        r = nh_error_set(err, NH_CHECK_ERR_CANDIDATE, "more answer lines than the %ld requests",
                         (long) npts);
    }
    if (r == NH_OK)
        *bad = -1;
    return r;
}

char *
nh_check_value_str(const arb_t c)
{
    char *s = flint_malloc(48);
    double d;
    int p;
    if (arb_is_exact(c) && arf_cmpabs_2exp_si(arb_midref(c), 1024) < 0)
    {
        d = arf_get_d(arb_midref(c), ARF_RND_NEAR);
        if (arf_equal_d(arb_midref(c), d))
        {
            /* the shortest %.*g that reads back as d: the number sent */
            for (p = 1; p <= 17; p++)
            {
                snprintf(s, 48, "%.*g", p, d);
                if (strtod(s, NULL) == d)
                    return s;
            }
        }
    }
    flint_free(s);
    return arb_get_str(c, 20, 0);
}
