/*
 * disk_user.c -- an independent implementation of the vertical rolling
 * disk's slow manifold, written the way a user of paper 000 would: plain
 * double-precision C from the printed equations, no nhoracle code.
 *
 *   (85)  h^(1) = (m R / mu) theta' varphi' (0, sin theta, -cos theta, 0)
 *   (86)  h^(2) = m^2 R J^2 / (mu^2 (J + m R^2)^2)
 *                 (0, cos theta, sin theta, -m R / J) theta'^2 varphi'
 *   (87)-(88)  zeroth-order (nonholonomic) reduced field
 *   (89)-(90)  first-order reduced field:
 *         d/dt (v_theta, v_x, v_y, v_varphi)
 *           = (0, -R sin th v_th v_ph, R cos th v_th v_ph, 0)
 *             + eps m R J / (mu (J + m R^2)) (0, -cos th, -sin th, m R / J) v_ph v_th^2
 *         d/dt (theta, x, y, varphi)
 *           = (v_th, R cos th v_ph, R sin th v_ph, v_ph)
 *             + eps (m R / mu) (0, sin th v_th v_ph, -cos th v_th v_ph, 0)
 * with theta' = v_theta, varphi' = v_varphi the components of the
 * velocity on D (the reference's records "vD").
 *
 * Parameters: those of cases/vertical_disk.nh (m = 1, R = 1/2, J = 1/8,
 * mu = 1).
 *
 * Usage: disk_user REFERENCE.csv [--corrected] > candidate.csv
 * Reads the sample points (records q and vD) and the eps values of the
 * reduced-field records from a reference CSV written by `nhoracle emit
 * --format csv`, and writes a candidate CSV with the columns
 * quantity,k,eps,point,i,value for h^(1), h^(2), and the reduced fields
 * qdot, vDdot of orders 0 and 1.
 *
 * --corrected: the two corrections found by validating this program
 * against refs/ (doc/datasets.md, "A worked example"):
 *   h^(2) with the opposite sign of the printed (86)
 *         (proofs/000-gzenda-chhabra.md), and
 *   the eps term of (89) replaced by the one derived by hand from
 *         dvD/dt = (dP[v]) v + P F (flat metric, V = 0, so F = 0):
 *         - eps m^2 R^2 / (mu (J + m R^2)) v_th^2 v_ph (0, R cos th, R sin th, 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define MAXP 1000
#define MAXE 16

static const double m = 1.0, R = 0.5, J = 0.125, mu = 1.0;

static double q[MAXP][4], vD[MAXP][4];
static int npoints;
static char eps_s[MAXE][64];
static int neps;

/* split a CSV line in place (no quoting needed for the reference) */
static int
split(char *line, char **f, int max)
{
    int n = 0;
    char *p = line;
    f[n++] = p;
    while (*p && n < max)
    {
        if (*p == ',')
        {
            *p = '\0';
            f[n++] = p + 1;
        }
        else if (*p == '\n' || *p == '\r')
            *p = '\0';
        p++;
    }
    return n;
}

static void
read_reference(const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[4096], *f[16];
    int n, e;
    if (fp == NULL)
    {
        perror(path);
        exit(2);
    }
    while (fgets(line, sizeof line, fp))
    {
        if (line[0] == '#' || strncmp(line, "quantity,", 9) == 0)
            continue;
        /* quantity,k,eps,point,i,j,l,mid,rad,value,status */
        n = split(line, f, 16);
        if (n < 11)
            continue;
        int pt = atoi(f[3]), i = atoi(f[4]);
        if (pt >= MAXP || i > 3)
            continue;
        if (pt + 1 > npoints)
            npoints = pt + 1;
        if (strcmp(f[0], "q") == 0)
            q[pt][i] = atof(f[9]);
        else if (strcmp(f[0], "vD") == 0)
            vD[pt][i] = atof(f[9]);
        else if (f[2][0] != '\0')
        {
            for (e = 0; e < neps; e++)
                if (strcmp(eps_s[e], f[2]) == 0)
                    break;
            if (e == neps && neps < MAXE)
                snprintf(eps_s[neps++], sizeof eps_s[0], "%s", f[2]);
        }
    }
    fclose(fp);
}

static void
out(const char *quantity, int k, const char *eps, int pt, const double *x)
{
    int i;
    for (i = 0; i < 4; i++)
        printf("%s,%d,%s,%d,%d,%.17g\n", quantity, k, eps, pt, i, x[i]);
}

int
main(int argc, char **argv)
{
    int corrected = 0, p, e;
    if (argc < 2)
    {
        fprintf(stderr, "usage: disk_user REFERENCE.csv [--corrected]\n");
        return 1;
    }
    if (argc > 2 && strcmp(argv[2], "--corrected") == 0)
        corrected = 1;
    read_reference(argv[1]);

    printf("quantity,k,eps,point,i,value\n");
    for (p = 0; p < npoints; p++)
    {
        double th = q[p][0], vt = vD[p][0], vp = vD[p][3];
        double s = sin(th), c = cos(th), h1[4], h2[4], a, b;

        /* (85) */
        a = m * R / mu * vt * vp;
        h1[0] = 0;
        h1[1] = a * s;
        h1[2] = -a * c;
        h1[3] = 0;
        out("h", 1, "", p, h1);

        /* (86) as printed (or with the corrected sign) */
        b = m * m * R * J * J / (mu * mu * (J + m * R * R) * (J + m * R * R)) * vt * vt * vp;
        if (corrected)
            b = -b;     /* proofs/000-gzenda-chhabra.md */
        h2[0] = 0;
        h2[1] = b * c;
        h2[2] = b * s;
        h2[3] = -b * m * R / J;
        out("h", 2, "", p, h2);

        for (e = 0; e < neps; e++)
        {
            double eps = strchr(eps_s[e], '/') ? atof(eps_s[e]) / atof(strchr(eps_s[e], '/') + 1)
                                               : atof(eps_s[e]);
            double qd0[4] = {vt, R * c * vp, R * s * vp, vp};                  /* (88) */
            double vd0[4] = {0, -R * s * vt * vp, R * c * vt * vp, 0};        /* (87) */
            double g = eps * m * R * J / (mu * (J + m * R * R)) * vp * vt * vt;
            double qd1[4], vd1[4];
            int i;
            /* (90) */
            for (i = 0; i < 4; i++)
                qd1[i] = qd0[i];
            qd1[1] += eps * m * R / mu * s * vt * vp;
            qd1[2] += -eps * m * R / mu * c * vt * vp;
            /* (89) as printed */
            vd1[0] = vd0[0];
            vd1[1] = vd0[1] - g * c;
            vd1[2] = vd0[2] - g * s;
            vd1[3] = vd0[3] + g * m * R / J;
            if (corrected)
            {
                /* derived: v = vD + eps h^(1); only theta moves P, so
                   dvD/dt = v_th (dP/dtheta) v; with P v = (v_th, R c w,
                   R s w, w), w = (m R (c v_x + s v_y) + J v_ph) / (J + m R^2):
                   eps term = v_th * (dw/dtheta)(eps h^(1)) (0, R c, R s, 1) */
                double wd = -eps * m * m * R * R / (mu * (J + m * R * R)) * vt * vt * vp;
                vd1[1] = vd0[1] + wd * R * c;
                vd1[2] = vd0[2] + wd * R * s;
                vd1[3] = vd0[3] + wd;
            }
            out("qdot", 0, eps_s[e], p, qd0);
            out("vDdot", 0, eps_s[e], p, vd0);
            out("qdot", 1, eps_s[e], p, qd1);
            out("vDdot", 1, eps_s[e], p, vd1);
        }
    }
    return 0;
}
