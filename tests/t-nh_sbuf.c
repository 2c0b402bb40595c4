/*
 * t-nh_sbuf.c -- nh_sbuf_init / printf / put / puts / str / take / clear
 * (lib/nh_sbuf.h).
 *
 * Expected texts are built independently: short ones written out by
 * hand, long ones byte by byte into a plain array from the same rule
 * that generated the writes (line i is "line <i>\n"), and formatted
 * pieces compared with snprintf into a fixed buffer.
 */
#include <stdlib.h>
#include <string.h>
#include "nh_sbuf.h"
#include "tap.h"

int
main(void)
{
    nh_sbuf_t b;
    const char *s;
    char *t, want[64], *big;
    size_t len, wlen, i;

    nh_sbuf_init(b);
    s = nh_sbuf_str(b, &len);
    tap_ok(s != NULL && s[0] == '\0' && len == 0, "empty buffer reads as \"\"");
    t = nh_sbuf_take(b, &len);
    tap_ok(t != NULL && t[0] == '\0' && len == 0, "take of an empty buffer is a malloc'd \"\"");
    free(t);

    nh_sbuf_printf(b, "x = %d, y = %.3f, %s", -42, 2.5, "end");
    snprintf(want, sizeof want, "x = %d, y = %.3f, %s", -42, 2.5, "end");
    s = nh_sbuf_str(b, &len);
    tap_ok(strcmp(s, want) == 0 && len == strlen(want), "printf matches snprintf");
    nh_sbuf_puts(b, "!");
    nh_sbuf_put(b, "a\0b", 3);
    s = nh_sbuf_str(b, &len);
    tap_ok(len == strlen(want) + 4 && s[len - 4] == '!' && s[len - 3] == 'a'
           && s[len - 2] == '\0' && s[len - 1] == 'b' && s[len] == '\0',
           "puts and put append (NUL bytes kept, terminated)");
    t = nh_sbuf_take(b, &len);
    tap_ok(len == strlen(want) + 4 && memcmp(t, want, strlen(want)) == 0, "take hands over the text");
    free(t);
    s = nh_sbuf_str(b, &len);
    tap_ok(len == 0 && s[0] == '\0', "buffer empty after take");

    /* reuse after take, growth well past any initial size */
    big = malloc(2000000);
    wlen = 0;
    for (i = 0; i < 100000; i++)
    {
        char line[32];
        int l = snprintf(line, sizeof line, "line %zu\n", i);
        memcpy(big + wlen, line, (size_t) l);
        wlen += (size_t) l;
        nh_sbuf_printf(b, "line %zu\n", i);
    }
    t = nh_sbuf_take(b, &len);
    tap_ok(len == wlen && memcmp(t, big, wlen) == 0 && t[len] == '\0',
           "100000 lines (%zu bytes) reassembled exactly", wlen);
    free(t);
    free(big);

    nh_sbuf_puts(b, "abc");
    nh_sbuf_clear(b);
    s = nh_sbuf_str(b, &len);
    tap_ok(len == 0 && s[0] == '\0', "clear empties the buffer");
    nh_sbuf_clear(b);   /* twice: no double free */
    tap_ok(1, "clear twice is safe");
    return tap_done();
}
