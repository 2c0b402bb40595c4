/* cli/impl.h -- private helpers of oracles/cli/, the shared machinery of
   the nhoracle subcommands (never included outside oracles/cli/; checked
   by scripts/check-layering). */
#ifndef NH_CLI_IMPL_H
#define NH_CLI_IMPL_H

#include <sys/types.h>
#include "cli.h"

/* output.c: the output of one run of nh_cli_run at working precision
   prec (empty text, empty JSON object, not too wide, status NH_OK), and
   its release. */
void _nh_out_init(nh_out_t out, const nh_cli_struct *cli, slong prec);
void _nh_out_clear(nh_out_t out);

/* limits.c: what the signal handlers of nh_cli_limits_install clean up
   before exiting.  _nh_cli_pending_tmp_set: the temporary file of a
   pending nh_write_atomic, removed by the handlers (NULL: none; a name
   longer than 4095 bytes is not registered).  _nh_cli_pending_child_set:
   the child of a pending nh_run_capture or the candidate of check,
   killed (SIGKILL, with its process group if it leads one) and reaped
   by the handlers (0: none). */
void _nh_cli_pending_tmp_set(const char *tmp);
void _nh_cli_pending_child_set(pid_t pid);

#endif
