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

#include "common.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

static void
usage(FILE *f)
{
    fprintf(f,
"Usage: nhoracle SUBCOMMAND CASE.nh [options]\n"
"       nhoracle --help | --version\n"
"Certified (Arb ball) answers about mechanical systems whose nonholonomic\n"
"constraints are realised by strong friction (slow manifold D_eps, paper 000).\n"
"\n"
"Subcommands:\n"
"  geometry   metric, Christoffel symbols, constraints, projections P, P_perp,\n"
"             FR_sharp, Q, grad V and nabla_v P, nabla_v P_perp at (q, v)\n"
"  series     slow-manifold series h^(1..K) at (q, P(v)) by the time-derivative\n"
"             and the covariant routes, their agreement, reaction forces\n"
"  reduced    order-k reduced vector field (qdot, vDdot, vdot) for given eps\n"
"\n");
    nh_cli_common_help(f);
    fprintf(f, "\nRun 'nhoracle SUBCOMMAND --help' for the subcommand's options;\n"
               "see nhoracle(1) for details.\n");
}

int
main(int argc, char **argv)
{
    const char *cmd;
    int rc;

    if (argc < 2)
    {
        usage(stderr);
        return NH_ERR_USAGE;
    }
    cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
    {
        usage(stdout);
        return NH_OK;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0)
    {
        printf("nhoracle %s\n", PACKAGE_VERSION);
        return NH_OK;
    }

    if (strcmp(cmd, "geometry") == 0)
        rc = nh_cmd_geometry(argc - 1, argv + 1);
    else if (strcmp(cmd, "series") == 0)
        rc = nh_cmd_series(argc - 1, argv + 1);
    else if (strcmp(cmd, "reduced") == 0)
        rc = nh_cmd_reduced(argc - 1, argv + 1);
    else
    {
        fprintf(stderr, "nhoracle: unknown subcommand '%s' (expected geometry, series or reduced)\n"
                        "Try 'nhoracle --help'.\n", cmd);
        rc = NH_ERR_USAGE;
    }
    flint_cleanup();
    return rc;
}
