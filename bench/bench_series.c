/*
 * bench_series.c -- timing of the slow-manifold series h^(1..K)
 * (lib/series.h) at random points.  Run by `make bench`, never by
 * `make check`.  See doc/bench.md.
 *
 * Measurements (single thread):
 *   1. time route (nh_series_time), 256 bits, K = 2, 4, 8, 12, 20, at N
 *      random points of the vertical disk and of the Chaplygin sleigh;
 *   2. covariant route (nh_series_covariant), 256 bits, K = 2, 4, 8, 12,
 *      20, and its cost relative to the time route;
 *   3. time route, disk, K = 4, precision 128, 256, 512, 1024 bits.
 * Each measurement runs the points in order until all N are done or the
 * CPU time exceeds --budget seconds (then the time for N points is
 * EXTRAPOLATED linearly from the points done, and labelled so).
 *
 * Points: fixed seed (printed), q_i and w_i uniform dyadic rationals
 * k/1024 in [-1, 1], vD = P(q) w (nh_project_D), all exact inputs.  The
 * same points are used for every K and precision of a case.
 *
 * Output: a table, plus one JSON object per measurement on a line
 * starting with "JSON ".  Times: CPU time of the process
 * (CLOCK_PROCESS_CPUTIME_ID) and wall time (CLOCK_MONOTONIC).
 *
 * Usage: bench_series [--points N] [--budget SECONDS] [--quick]
 *   --points N     points per measurement (default 1000)
 *   --budget S     CPU seconds per measurement before extrapolating
 *                  (default 20)
 *   --quick        --points 50 --budget 5
 *   --only K       only the time route on the disk at 256 bits, K terms
 *                  (quick before/after comparisons; no target lines)
 *   --ratio K      only both routes on both cases at 256 bits, K terms,
 *                  and the ratio covariant / time (issue 17: <= 20 at K = 20)
 * Cases are read from $NH_TOP_SRCDIR/cases (default "..", then ".").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "series.h"

#define SEED 20240601ULL

typedef int (*series_fn)(arb_ptr, arb_ptr, const nh_model_struct *, arb_srcptr,
                         arb_srcptr, slong, slong, nh_error_t);

static double
cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double
wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* xorshift64*: deterministic and independent of the FLINT version. */
static unsigned long long rng_state;

static unsigned long long
rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ULL;
}

/* uniform k/1024, k in [-1024, 1024] */
static double
rng_dyadic(void)
{
    return ((double) (long) (rng_next() % 2049) - 1024.0) / 1024.0;
}

typedef struct
{
    const char *file;
    nh_model_ptr M;
    slong n, npts;
    double *q, *w;          /* npts * n each (exact dyadic doubles) */
}
bench_case;

static int
case_load(bench_case *c, const char *file, slong npts)
{
    char path[4096];
    const char *top = getenv("NH_TOP_SRCDIR");
    nh_error_t err;
    slong i;

    nh_error_init(err);
    c->file = file;
    snprintf(path, sizeof path, "%s/cases/%s", top != NULL ? top : "..", file);
    if (nh_model_load(&c->M, path, err) != NH_OK)
    {
        snprintf(path, sizeof path, "cases/%s", file);
        if (nh_model_load(&c->M, path, err) != NH_OK)
        {
            fprintf(stderr, "bench_series: cannot load %s: %s\n", file, err->msg);
            return 0;
        }
    }
    c->n = nh_model_n(c->M);
    c->npts = npts;
    c->q = malloc(sizeof(double) * npts * c->n);
    c->w = malloc(sizeof(double) * npts * c->n);
    rng_state = SEED;
    for (i = 0; i < npts * c->n; i++)
    {
        c->q[i] = rng_dyadic();
        c->w[i] = rng_dyadic();
    }
    return 1;
}

static void
case_clear(bench_case *c)
{
    nh_model_free(c->M);
    free(c->q);
    free(c->w);
}

typedef struct
{
    slong done, failed;
    double cpu, wall;
}
bench_result;

/* Run fn at the case's points, K terms, prec bits, until npts done or
   cpu > budget.  Point setup (projection onto D) is excluded from the
   timing. */
static bench_result
run(bench_case *c, series_fn fn, slong K, slong prec, double budget)
{
    bench_result r = { 0, 0, 0.0, 0.0 };
    slong n = c->n, p, i;
    arb_ptr q = _arb_vec_init(n), w = _arb_vec_init(n), vD = _arb_vec_init(n);
    arb_ptr h = _arb_vec_init(K * n);
    nh_error_t err;

    nh_error_init(err);
    for (p = 0; p < c->npts; p++)
    {
        double c0, w0;
        for (i = 0; i < n; i++)
        {
            arb_set_d(q + i, c->q[p * n + i]);
            arb_set_d(w + i, c->w[p * n + i]);
        }
        if (nh_project_D(vD, c->M, q, w, prec, err) != NH_OK)
        {
            r.failed++;
            continue;
        }
        c0 = cpu_now();
        w0 = wall_now();
        if (fn(h, NULL, c->M, q, vD, K, prec, err) != NH_OK)
            r.failed++;
        r.cpu += cpu_now() - c0;
        r.wall += wall_now() - w0;
        r.done++;
        if (r.cpu > budget && p + 1 < c->npts)
            break;
    }
    _arb_vec_clear(q, n);
    _arb_vec_clear(w, n);
    _arb_vec_clear(vD, n);
    _arb_vec_clear(h, K * n);
    return r;
}

static void
report(const char *casename, const char *route, slong K, slong prec, slong npts,
       bench_result r, double *t_full)
{
    double per = r.done > 0 ? r.cpu / r.done : 0.0;
    double tot = per * npts;
    int extrap = r.done < npts;
    if (t_full != NULL)
        *t_full = tot;
    printf("%-18s %-10s %3ld %5ld %6ld/%-6ld %12.3f %12.3f %12.3f%s%s\n",
           casename, route, (long) K, (long) prec, (long) r.done, (long) npts,
           1e3 * per, r.cpu, tot, extrap ? "  (extrapolated)" : "",
           r.failed ? "  FAILURES" : "");
    printf("JSON {\"bench\":\"series\",\"case\":\"%s\",\"route\":\"%s\",\"K\":%ld,"
           "\"prec\":%ld,\"points\":%ld,\"points_run\":%ld,\"failed\":%ld,"
           "\"cpu_s\":%.6f,\"wall_s\":%.6f,\"per_point_ms\":%.6f,"
           "\"time_for_points_s\":%.6f,\"extrapolated\":%s}\n",
           casename, route, (long) K, (long) prec, (long) npts, (long) r.done,
           (long) r.failed, r.cpu, r.wall, 1e3 * per, tot, extrap ? "true" : "false");
    fflush(stdout);
}

static void
header(void)
{
    printf("%-18s %-10s %3s %5s %13s %12s %12s %12s\n", "case", "route", "K", "prec",
           "points", "ms/point", "cpu_s(run)", "s/all_pts");
}

static void
machine(int argc, char **argv)
{
    FILE *f;
    char line[512];
    int i;

    printf("command:");
    for (i = 0; i < argc; i++)
        printf(" %s", argv[i]);
    printf("\n");
    printf("nproc (online): %ld; benchmark is single-threaded\n", sysconf(_SC_NPROCESSORS_ONLN));
    f = fopen("/proc/cpuinfo", "r");
    if (f != NULL)
    {
        while (fgets(line, sizeof line, f) != NULL)
            if (strncmp(line, "model name", 10) == 0)
            {
                printf("cpu: %s", strchr(line, ':') != NULL ? strchr(line, ':') + 2 : line);
                break;
            }
        fclose(f);
    }
    f = fopen("/proc/loadavg", "r");
    if (f != NULL)
    {
        if (fgets(line, sizeof line, f) != NULL)
            printf("loadavg at start: %s", line);
        fclose(f);
    }
    printf("FLINT %s, seed %llu\n", FLINT_VERSION, (unsigned long long) SEED);
}

/* Both routes on one case at order K; prints the ratio covariant / time. */
static void
cov_ratio(bench_case *bc, slong K, slong npts, double budget)
{
    double tt, tc;
    bench_result r = run(bc, nh_series_time, K, 256, budget);
    report(nh_model_name(bc->M), "time", K, 256, npts, r, &tt);
    r = run(bc, nh_series_covariant, K, 256, budget);
    report(nh_model_name(bc->M), "covariant", K, 256, npts, r, &tc);
    printf("   covariant / time at K = %ld: %.2f\n", (long) K, tt > 0 ? tc / tt : 0.0);
    printf("JSON {\"bench\":\"ratio\",\"case\":\"%s\",\"K\":%ld,\"cov_over_time\":%.4f}\n",
           nh_model_name(bc->M), (long) K, tt > 0 ? tc / tt : 0.0);
}

int
main(int argc, char **argv)
{
    slong npts = 1000, i, only = 0, ratio = 0;
    double budget = 20.0, t4 = 0, t8 = 0;
    bench_case cases[2];
    const char *files[2] = { "vertical_disk.nh", "chaplygin_sleigh.nh" };
    static const slong Ks_time[] = { 2, 4, 8, 12, 20 };
    static const slong Ks_cov[] = { 2, 4, 8, 12, 20 };
    double tK[2][5];
    static const slong precs[] = { 128, 256, 512, 1024 };
    slong c, k;

    for (i = 1; i < argc; i++)
    {
        if (strcmp(argv[i], "--points") == 0 && i + 1 < argc)
            npts = atol(argv[++i]);
        else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            budget = atof(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = atol(argv[++i]);
        else if (strcmp(argv[i], "--ratio") == 0 && i + 1 < argc)
            ratio = atol(argv[++i]);
        else if (strcmp(argv[i], "--quick") == 0)
        {
            npts = 50;
            budget = 5.0;
        }
        else
        {
            fprintf(stderr, "usage: %s [--points N] [--budget SECONDS] [--quick] [--only K] [--ratio K]\n",
                    argv[0]);
            return 1;
        }
    }
    if (npts < 1)
        npts = 1;

    machine(argc, argv);
    printf("points per measurement: %ld; CPU budget per measurement: %.1f s "
           "(beyond it the time for all points is extrapolated)\n\n", (long) npts, budget);

    for (c = 0; c < 2; c++)
        if (!case_load(&cases[c], files[c], npts))
            return 1;

    if (only > 0)
    {
        bench_result r;
        header();
        r = run(&cases[0], nh_series_time, only, 256, budget);
        report(nh_model_name(cases[0].M), "time", only, 256, npts, r, NULL);
        for (c = 0; c < 2; c++)
            case_clear(&cases[c]);
        flint_cleanup();
        return 0;
    }

    if (ratio > 0)
    {
        header();
        for (c = 0; c < 2; c++)
            cov_ratio(&cases[c], ratio, npts, budget);
        for (c = 0; c < 2; c++)
            case_clear(&cases[c]);
        flint_cleanup();
        return 0;
    }

    printf("== 1. time route (nh_series_time), 256 bits\n");
    header();
    for (c = 0; c < 2; c++)
        for (k = 0; k < 5; k++)
        {
            double t;
            bench_result r = run(&cases[c], nh_series_time, Ks_time[k], 256, budget);
            report(nh_model_name(cases[c].M), "time", Ks_time[k], 256, npts, r, &t);
            tK[c][k] = t;
            if (c == 0 && Ks_time[k] == 4)
                t4 = t * 1000.0 / npts;
            if (c == 0 && Ks_time[k] == 8)
                t8 = t * 1000.0 / npts;
        }

    printf("\n== 2. covariant route (nh_series_covariant), 256 bits\n");
    header();
    for (c = 0; c < 2; c++)
        for (k = 0; k < 5; k++)
        {
            double t;
            bench_result r = run(&cases[c], nh_series_covariant, Ks_cov[k], 256, budget);
            report(nh_model_name(cases[c].M), "covariant", Ks_cov[k], 256, npts, r, &t);
            printf("   covariant / time at K = %ld: %.2f\n", (long) Ks_cov[k],
                   tK[c][k] > 0 ? t / tK[c][k] : 0.0);
        }

    printf("\n== 3. precision, time route, disk, K = 4\n");
    header();
    for (k = 0; k < 4; k++)
    {
        bench_result r = run(&cases[0], nh_series_time, 4, precs[k], budget);
        report(nh_model_name(cases[0].M), "time", 4, precs[k], npts, r, NULL);
    }

    printf("\n== targets (one core, time route, disk, 256 bits; times for 1000 points%s)\n",
           npts < 1000 ? ", scaled from the points run" : "");
    printf("K = 4: %.3f s  (target < 1 s): %s\n", t4, t4 < 1.0 ? "MET" : "NOT MET");
    printf("K = 8: %.3f s  (target < 60 s): %s\n", t8, t8 < 60.0 ? "MET" : "NOT MET");
    printf("JSON {\"bench\":\"targets\",\"K4_1000_disk_s\":%.6f,\"K4_target_met\":%s,"
           "\"K8_1000_disk_s\":%.6f,\"K8_target_met\":%s}\n",
           t4, t4 < 1.0 ? "true" : "false", t8, t8 < 60.0 ? "true" : "false");

    for (c = 0; c < 2; c++)
        case_clear(&cases[c]);
    flint_cleanup();
    return 0;
}
