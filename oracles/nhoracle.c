/*
 * nhoracle.c -- the nhoracle command line: certified Arb-ball answers
 * about mechanical systems whose nonholonomic constraints are realised by
 * strong friction (paper 000).  Dispatches to the subcommands in
 * cmd_*.c; see doc/nhoracle.1.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

/* The subcommands: one entry each (name, entry point, one-line summary
   for --help; continuation lines of the summary start with '\n').
   Entry points are declared here, not in cli.h, so that adding a
   subcommand touches only this table and the subcommand's own file. */
int nh_cmd_geometry(int argc, char **argv);
int nh_cmd_series(int argc, char **argv);
int nh_cmd_reduced(int argc, char **argv);
int nh_cmd_flow(int argc, char **argv);
int nh_cmd_converge(int argc, char **argv);
int nh_cmd_emit(int argc, char **argv);
int nh_cmd_validate(int argc, char **argv);
int nh_cmd_nh(int argc, char **argv);
int nh_cmd_prove(int argc, char **argv);
int nh_cmd_slowmanifold(int argc, char **argv);
int nh_cmd_check(int argc, char **argv);
int nh_cmd_sweep(int argc, char **argv);

static const struct
{
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
}
nh_subcommands[] = {
    {"geometry", nh_cmd_geometry,
     "metric, Christoffel symbols, constraints, projections P, P_perp,\n"
     "FR_sharp, Q, grad V and nabla_v P, nabla_v P_perp at (q, v)"},
    {"series", nh_cmd_series,
     "slow-manifold series h^(1..K) at (q, P(v)) by the time-derivative\n"
     "and the covariant routes, their agreement, reaction forces"},
    {"reduced", nh_cmd_reduced,
     "order-k reduced vector field (qdot, vDdot, vdot) for given eps"},
    {"flow", nh_cmd_flow,
     "certified trajectory (nh, full or reduced system): enclosures at times T"},
    {"converge", nh_cmd_converge,
     "convergence study: full friction system vs order-k reduced dynamics\n"
     "as eps -> 0, observed orders with confidence intervals (estimates)"},
    {"emit", nh_cmd_emit,
     "reference dataset (JSON Lines or CSV) of certified values at sampled\n"
     "points: geometry, h^(1..K), reaction forces, reduced fields"},
    {"validate", nh_cmd_validate,
     "compare a candidate implementation's values with a reference dataset"},
    {"nh", nh_cmd_nh,
     "nonholonomic accelerations at (q, qdot, t) by Lagrange-d'Alembert,\n"
     "affine connection and Voronets routes, their agreement, curvature"},
    {"slowmanifold", nh_cmd_slowmanifold,
     "the series h^(k) against the true slow manifold D_eps (shooting with\n"
     "the full system): residual exponents, digits matched per k (estimates)"},
    {"check", nh_cmd_check,
     "test a candidate program as a function: search for its worst points\n"
     "against certified values, shrink a failing point (JSON lines protocol)"},
    {"prove", nh_cmd_prove,
     "run the claim blocks of literate proofs (proofs/*.md): verdicts\n"
     "holds / refuted / undecided, report, doc/errata.md"},
    {"sweep", nh_cmd_sweep,
     "nightly regression sweep: jobs in parallel (or a Slurm array), SQLite\n"
     "history, regressions flagged (exit 10, TAP/JUnit), HTML report"},
};

#define NH_NSUBCOMMANDS ((int) (sizeof(nh_subcommands) / sizeof(nh_subcommands[0])))

static void
usage(FILE *f)
{
    int i;
    const char *s;

    fprintf(f,
"Usage: nhoracle SUBCOMMAND CASE.nh [options]\n"
"       nhoracle --help | --version\n"
"Certified (Arb ball) answers about mechanical systems whose nonholonomic\n"
"constraints are realised by strong friction (slow manifold D_eps, paper 000).\n"
"\n"
"Subcommands:\n");
    for (i = 0; i < NH_NSUBCOMMANDS; i++)
    {
        fprintf(f, "  %-12s ", nh_subcommands[i].name);
        for (s = nh_subcommands[i].summary; *s; s++)
        {
            fputc(*s, f);
            if (*s == '\n')
                fprintf(f, "  %-12s ", "");
        }
        fputc('\n', f);
    }
    fputc('\n', f);
    nh_cli_common_help(f);
    fprintf(f, "\nRun 'nhoracle SUBCOMMAND --help' for the subcommand's options;\n"
               "see nhoracle(1) for details.\n");
}

int
main(int argc, char **argv)
{
    const char *cmd;
    int i, rc;

    if (argc < 2)
    {
        usage(stderr);
        return NH_ERR_USAGE;
    }
    cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
    {
        usage(stdout);
        return nh_cli_finish_stdout(NH_OK);
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0)
    {
        printf("nhoracle %s\n", PACKAGE_VERSION);
        return nh_cli_finish_stdout(NH_OK);
    }

    for (i = 0; i < NH_NSUBCOMMANDS; i++)
        if (strcmp(cmd, nh_subcommands[i].name) == 0)
            break;
    if (i == NH_NSUBCOMMANDS)
    {
        fprintf(stderr, "nhoracle: unknown subcommand '%s'\nTry 'nhoracle --help'.\n", cmd);
        return NH_ERR_USAGE;
    }
    rc = nh_subcommands[i].run(argc - 1, argv + 1);
    /* the one place where the exit status learns whether standard output
       was written (every subcommand, prove and validate included) */
    rc = nh_cli_finish_stdout(rc);
    flint_cleanup();
    return rc;
}
