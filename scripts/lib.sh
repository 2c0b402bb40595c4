# scripts/lib.sh -- shared by scripts/setup and scripts/run-tests.
# Source it from bash; it cd's to the top of the source tree.
#
# Environment:
#   NH_SKIP_DEPS=1        do not check/install Debian packages
#   NH_JOBS=N             parallel make jobs (default 2)
#   NH_CONFIGURE_FLAGS    extra ./configure arguments (e.g. --enable-sanitizers)
#   NH_SKIP_SANITIZERS=1  scripts/run-tests: skip the ASan+UBSan build of the
#                         fast tests (in _build/ci-asan)
#   NH_SKIP_VALGRIND=1    scripts/run-tests: skip valgrind memcheck of the
#                         fast C tests

set -u

NH_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$NH_TOP" || exit 1

NH_JOBS=${NH_JOBS:-2}
NH_CONFIGURE_FLAGS=${NH_CONFIGURE_FLAGS:-}

# Debian packages needed to build and test nhoracle.
NH_PACKAGES="build-essential autoconf automake libtool pkg-config libgmp-dev
libmpfr-dev libflint-dev libflint-arb-dev libjson-c-dev nettle-dev libgsl-dev gnuplot-nox
valgrind libsqlite3-dev sqlite3 chromium parallel python3 python3-sympy python3-mpmath"
# Only for `make fuzz` (libFuzzer); not installed by default.
NH_FUZZ_PACKAGES="clang libclang-rt-14-dev"

nh_say() { printf '==> %s\n' "$*" >&2; }
nh_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Run a command as root (directly when root, else through sudo).
nh_as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        nh_die "need root (or sudo) to run: $*"
    fi
}

# Install the missing Debian packages; apt-get update only if some are
# missing; nothing at all if everything is present.
nh_ensure_deps() {
    local missing="" p
    if [ "${NH_SKIP_DEPS:-0}" = 1 ]; then
        nh_say "NH_SKIP_DEPS=1: not checking packages"
        return 0
    fi
    if ! command -v dpkg-query >/dev/null 2>&1; then
        nh_say "dpkg-query not found (not Debian?): install by hand: $(echo $NH_PACKAGES)"
        return 0
    fi
    for p in $NH_PACKAGES; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
            missing="$missing $p"
        fi
    done
    if [ -z "$missing" ]; then
        nh_say "all required packages are installed"
        return 0
    fi
    nh_say "installing missing packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    nh_as_root apt-get update -q || nh_die "apt-get update failed"
    # shellcheck disable=SC2086
    nh_as_root apt-get install -y -q --no-install-recommends $missing \
        </dev/null || nh_die "apt-get install failed:$missing"
}

# autoreconf -fi + ./configure, unconditionally.
nh_bootstrap() {
    nh_say "autoreconf -fi"
    autoreconf -fi || nh_die "autoreconf failed"
    nh_say "./configure $NH_CONFIGURE_FLAGS"
    # shellcheck disable=SC2086
    ./configure $NH_CONFIGURE_FLAGS || nh_die "configure failed (see config.log)"
}

# autoreconf and configure only when needed (fresh clone or new
# configure.ac); later changes to Makefile.am/configure.ac are picked up
# by the rebuild rules of the generated Makefile.
nh_ensure_configured() {
    if [ ! -x configure ] || [ ! -f Makefile.in ] || [ configure.ac -nt configure ]; then
        nh_bootstrap
    elif [ ! -f Makefile ] || [ ! -f config.status ]; then
        nh_say "./configure $NH_CONFIGURE_FLAGS"
        # shellcheck disable=SC2086
        ./configure $NH_CONFIGURE_FLAGS || nh_die "configure failed (see config.log)"
    fi
}

nh_build() {
    nh_say "make -j$NH_JOBS"
    make -j"$NH_JOBS" "$@"
}
