/*
 * check_disk.c -- an example candidate for `nhoracle check` in C
 * (doc/check.md): the vertical rolling disk of cases/vertical_disk.nh,
 * from closed forms derived by hand, independently of nhoracle's code.
 * Reads one JSON request per line on standard input (json-c), answers
 * one JSON line per request on standard output.
 *
 *     cc -O2 -o check_disk examples/check_disk.c -ljson-c -lm
 *     nhoracle check cases/vertical_disk.nh --quantity h --candidate ./check_disk
 *
 * Planted bug: with NH_CHECK_BUG=1 in the environment, 1e-3 is added to
 * the x component when 0.4 < theta < 0.8.  Needle (bench/run-bench-check.sh):
 * with NH_CHECK_NEEDLE=W, every component is multiplied by 1 + 1e-7 when
 * 0.4 < phi < 0.4 + W (W = 0.01: 1/640 of phi in [-3.2, 3.2]).  Planted
 * crash (tests/e2e-check.sh, shrinking of candidate errors): with
 * NH_CHECK_CRASH=crash it raises SIGSEGV, with NH_CHECK_CRASH=hang it
 * never answers, when 0.3 < x < 0.8 and 0.2 < theta < 0.9.
 *
 * Derivation (the same as examples/check_disk.py, which gives the steps):
 * q = (theta, x, y, phi), G = diag(I, m, m, J), V = 0, A = [[0, 1, 0,
 * -R c], [0, 0, 1, -R s]] (c = cos theta, s = sin theta), mu_bar = 1,
 * FR_sharp = G^-1 A^T A.
 *   vD = (v_theta, beta R c, beta R s, beta),
 *        beta = (m R c v_x + m R s v_y + J v_phi) / (m R^2 + J)
 *        (G-orthogonal projection on D = span{d/dtheta, (0, R c, R s, 1)});
 *   h^(1) = m R v_theta beta (0, s, -c, 0)
 *        (A FR_sharp h^(1) = (dA[vD]) vD, h^(1) in D_perp, F = 0);
 *   reaction^(1) = -FR_sharp h^(1) = R v_theta beta (0, -s, c, 0)
 *        = the order-0 reduced vdot;
 *   nh_accel = R v_theta v_phi (0, -s, c, 0) (Lagrange-d'Alembert,
 *        (J + m R^2) phiddot = 0, thetaddot = 0);
 *   full = -(1/eps) (0, a1/m, a2/m, -R (c a1 + s a2)/J),
 *        (a1, a2) = (v_x - R c v_phi, v_y - R s v_phi).
 */
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>

static const char *const coord[4] = {"theta", "x", "y", "varphi"};

/* an exact decimal or p/q string as a double */
static double
num(json_object *o)
{
    const char *s = json_object_get_string(o), *slash = strchr(s, '/');
    return slash ? strtod(s, NULL) / strtod(slash + 1, NULL) : strtod(s, NULL);
}

static double
member(json_object *o, const char *a, const char *b)
{
    json_object *x, *y;
    if (!json_object_object_get_ex(o, a, &x) || !json_object_object_get_ex(x, b, &y))
        return NAN;
    return num(y);
}

/* the four components; returns 0, or -1 with a message */
static int
disk(double out[4], const char *quantity, long order, double eps, const double q[4],
     const double v[4], double m, double R, double J, const char **why)
{
    double c = cos(q[0]), s = sin(q[0]);
    double beta = (m * R * c * v[1] + m * R * s * v[2] + J * v[3]) / (m * R * R + J);
    double a1 = v[1] - R * c * v[3], a2 = v[2] - R * s * v[3], k;
    out[0] = out[3] = 0;
    if (strcmp(quantity, "vD") == 0)
    {
        out[0] = v[0];
        out[1] = beta * R * c;
        out[2] = beta * R * s;
        out[3] = beta;
    }
    else if (strcmp(quantity, "h") == 0 && order == 1)
    {
        k = m * R * v[0] * beta;
        out[1] = k * s;
        out[2] = -k * c;
    }
    else if ((strcmp(quantity, "reaction") == 0 && order == 1)
             || (strcmp(quantity, "reduced") == 0 && order == 0))
    {
        k = R * v[0] * beta;
        out[1] = -k * s;
        out[2] = k * c;
    }
    else if (strcmp(quantity, "nh_accel") == 0)
    {
        k = R * v[0] * v[3];
        out[1] = -k * s;
        out[2] = k * c;
    }
    else if (strcmp(quantity, "full") == 0)
    {
        out[1] = -a1 / m / eps;
        out[2] = -a2 / m / eps;
        out[3] = R * (c * a1 + s * a2) / J / eps;
    }
    else
    {
        *why = "quantity or order not implemented";
        return -1;
    }
    return 0;
}

static double needle = 0;      /* NH_CHECK_NEEDLE: the needle's width */
static const char *crash = ""; /* NH_CHECK_CRASH: "crash" or "hang" */

static void
serve_line(const char *line, int bug)
{
    json_object *r = json_tokener_parse(line), *x, *p;
    double q[4], v[4], out[4], eps = 0;
    long id = 0, order = 0;
    const char *quantity = "", *why = "malformed request";
    int i, ok = r != NULL;
    if (ok && json_object_object_get_ex(r, "id", &x))
        id = (long) json_object_get_int64(x);
    if (ok && json_object_object_get_ex(r, "quantity", &x))
        quantity = json_object_get_string(x);
    if (ok && json_object_object_get_ex(r, "order", &x))
        order = (long) json_object_get_int64(x);
    if (ok && json_object_object_get_ex(r, "eps", &x))
        eps = num(x);
    for (i = 0; ok && i < 4; i++)
    {
        q[i] = member(r, "q", coord[i]);
        v[i] = member(r, "v", coord[i]);
    }
    ok = ok && json_object_object_get_ex(r, "params", &p)
        && disk(out, quantity, order, eps, q, v, member(r, "params", "m"),
                member(r, "params", "R"), member(r, "params", "J"), &why) == 0;
    if (!ok)
        printf("{\"id\": %ld, \"error\": \"%s\"}\n", id, why);
    else
    {
        if (q[1] > 0.3 && q[1] < 0.8 && q[0] > 0.2 && q[0] < 0.9)
        {
            if (strcmp(crash, "crash") == 0)
                raise(SIGSEGV);
            while (strcmp(crash, "hang") == 0)
                pause();
        }
        if (bug && q[0] > 0.4 && q[0] < 0.8)
            out[1] += 1e-3;
        for (i = 0; i < 4 && q[3] > 0.4 && q[3] < 0.4 + needle; i++)
            out[i] *= 1 + 1e-7;
        printf("{\"id\": %ld, \"value\": {", id);
        for (i = 0; i < 4; i++)
            printf("%s\"%s\": %.17g", i ? ", " : "", coord[i], out[i]);
        printf("}}\n");
    }
    if (r != NULL)
        json_object_put(r);
}

int
main(void)
{
    char *line = NULL;
    size_t cap = 0;
    const char *b = getenv("NH_CHECK_BUG");
    int bug = b != NULL && strcmp(b, "1") == 0;
    if (getenv("NH_CHECK_CRASH") != NULL)
        crash = getenv("NH_CHECK_CRASH");
    if (getenv("NH_CHECK_NEEDLE") != NULL)
        needle = atof(getenv("NH_CHECK_NEEDLE"));
    while (getline(&line, &cap, stdin) > 0)
    {
        serve_line(line, bug);
        fflush(stdout);
    }
    free(line);
    return 0;
}
