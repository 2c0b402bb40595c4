/*
 * check_replay.c -- nh_check_set_replay (check.h): the search points
 * recorded in a regression file of `check -o`, evaluated first by
 * nh_check_run (`check --replay FILE`, doc/check.md).
 */
#include <stdlib.h>
#include <string.h>

#include "impl.h"

/* the first line of text[0..len) as a JSON object (NULL otherwise) */
static json_object *
first_line(const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    size_t l = nl != NULL ? (size_t) (nl - text) : len;
    json_tokener *tok = json_tokener_new();
    json_object *o;
    if (tok == NULL)
        abort();
    o = l < (size_t) 1 << 30 ? json_tokener_parse_ex(tok, text, (int) l) : NULL;
    if (o != NULL && (json_tokener_get_error(tok) != json_tokener_success
                      || !json_object_is_type(o, json_type_object)))
    {
        json_object_put(o);
        o = NULL;
    }
    json_tokener_free(tok);
    return o;
}

/* point j of the array a: its q then v into x (2n rationals) */
static int
replay_point(fmpq *x, const nh_check_struct *C, json_object *a, slong j, const char *name,
             nh_error_t err)
{
    json_object *p = json_object_array_get_idx(a, (size_t) j), *h, *c;
    slong i, k;
    for (k = 0; k < 2; k++)
        for (i = 0; i < C->n; i++)
        {
            const char *coord = nh_model_coord_name(C->M, i);
            if (p == NULL || !json_object_object_get_ex(p, k == 0 ? "q" : "v", &h)
                || !json_object_object_get_ex(h, coord, &c)
                || !json_object_is_type(c, json_type_string)
                || nh_check_parse_q(x + k * C->n + i, json_object_get_string(c), "--replay",
                                    err) != NH_OK)
                return nh_error_set(err, NH_ERR_USAGE, "%s:1: search point %ld: %s%s is "
                                    "missing or not a number", name, (long) j,
                                    k == 0 ? "" : "v_", coord);
        }
    return NH_OK;
}

int
nh_check_set_replay(nh_check_t C, const char *text, size_t len, const char *name,
                    nh_error_t err)
{
    json_object *m = first_line(text, len), *s, *a, *x;
    slong j, np;
    int r = NH_OK;
    if (m == NULL || !json_object_object_get_ex(m, "sampling", &s)
        || !json_object_object_get_ex(s, "search_points", &a)
        || !json_object_is_type(a, json_type_array))
        r = nh_error_set(err, NH_ERR_USAGE, "%s:1: not a regression file of `check -o` (no "
                         "sampling.search_points in the metadata line)", name);
    else if (!json_object_object_get_ex(m, "case", &x)
             || strcmp(json_object_get_string(x), nh_model_name(C->M)) != 0
             || !json_object_object_get_ex(s, "quantity", &x)
             || strcmp(json_object_get_string(x), C->name) != 0)
        r = nh_error_set(err, NH_ERR_USAGE, "%s:1: recorded for another case or quantity "
                         "(this run: case %s, quantity %s)", name, nh_model_name(C->M), C->name);
    if (r == NH_OK)
    {
        np = (slong) json_object_array_length(a);
        if (C->replay != NULL)
            _fmpq_vec_clear(C->replay, 2 * C->n * C->nreplay);
        C->replay = NULL;
        C->nreplay = 0;
        if (np == 0)
            r = nh_error_set(err, NH_ERR_USAGE, "%s:1: no search points recorded", name);
        else
        {
            C->replay = _fmpq_vec_init(2 * C->n * np);
            C->nreplay = np;
        }
        for (j = 0; j < np && r == NH_OK; j++)
            r = replay_point(C->replay + 2 * C->n * j, C, a, j, name, err);
    }
    if (m != NULL)
        json_object_put(m);
    return r;
}
