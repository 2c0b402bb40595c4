#!/bin/sh
# examples/validate-disk.sh -- build the independent double-precision
# implementation examples/disk_user.c (paper 000's printed equations
# (85)-(90) for the vertical disk), write its candidate file and validate
# it against the committed reference refs/vertical_disk.csv.
#
# Usage: sh examples/validate-disk.sh [--corrected] [validate options]
#   (validate runs with --subset: see below)
#   --corrected  use the corrected (86) and (89) (see doc/datasets.md)
# Environment: NHORACLE (default: nhoracle in PATH), CC (default cc),
#   NH_TOP_SRCDIR (default: the directory above this script),
#   KEEP=DIR (keep the candidate file in DIR).
# Exit status: that of `nhoracle validate` (0 = everything passes,
# 9 = some record fails), or 99 if the example cannot be built.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=${NH_TOP_SRCDIR:-$(cd "$here/.." && pwd)}
nh=${NHORACLE:-nhoracle}
cc=${CC:-cc}
flag=
if [ "${1:-}" = "--corrected" ]; then
    flag=--corrected
    shift
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/disk-example.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

ref=$src/refs/vertical_disk.csv
$cc -O2 -o "$tmp/disk_user" "$here/disk_user.c" -lm || exit 99
"$tmp/disk_user" "$ref" $flag >"$tmp/candidate.csv" || exit 99
if [ -n "${KEEP:-}" ]; then
    cp "$tmp/candidate.csv" "$KEEP/" || exit 99
fi
# disk_user computes some quantities only (h^(1), h^(2), qdot, vDdot of
# orders 0 and 1): --subset lets the others be absent (a vector it does
# give must be complete; at least one value must be checked).
"$nh" validate "$ref" "$tmp/candidate.csv" --subset "$@"
