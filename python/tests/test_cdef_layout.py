"""The structs of the cffi cdef (python/nhoracle/_cdef.py, ABI mode: no
compiler at import) against the C headers they copy: a C program built
from the headers prints sizeof and offsetof for every struct and field the
cdef declares in full, and cffi's layout must agree.  (Issue 33: the C
struct nh_taylor_stats_struct gained four counters and the library wrote
past the Python-allocated struct until the cdef was updated by hand.)
Skipped when no C compiler or no configured tree is at hand."""
import os
import re
import shutil
import subprocess

import cffi
import pytest

from conftest import ROOT
from nhoracle._cdef import CDEF

# typedef struct|union { ... } NAME;  (one level of nested braces)
FULL = re.compile(r"typedef\s+(?:struct|union)\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*(\w+)\s*;")


def c_layout(tmp_path, names, ffi):
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    libdir = os.path.join(ROOT, "lib")
    if not cc or not os.path.exists(os.path.join(libdir, "nh_config.h")):
        pytest.skip("no C compiler or no configured tree (lib/nh_config.h)")
    body = []
    for name in names:
        body.append('printf("%s %%zu\\n", sizeof(%s));' % (name, name))
        for field, _ in ffi.typeof(name).fields:
            body.append('printf("%s.%s %%zu\\n", offsetof(%s, %s));' % (name, field, name, field))
    src = tmp_path / "layout.c"
    src.write_text("#include <stdio.h>\n#include <stddef.h>\n#include \"nhoracle.h\"\n"
                   "int main(void)\n{\n    " + "\n    ".join(body) + "\n    return 0;\n}\n")
    exe = str(tmp_path / "layout")
    cflags = ["-I" + libdir, "-I" + ROOT]
    built = subprocess.run([cc, *cflags, "-o", exe, str(src)], capture_output=True, text=True)
    if built.returncode != 0:
        pytest.fail("the layout program did not compile:\n" + built.stderr[-3000:])
    out = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
    return dict((k, int(v)) for k, v in (line.split() for line in out.splitlines()))


def test_full_structs_match_the_headers(tmp_path):
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    names = FULL.findall(CDEF)
    assert "nh_taylor_stats_struct" in names and "arb_struct" in names, names
    c = c_layout(tmp_path, names, ffi)
    bad = []
    for name in names:
        if ffi.sizeof(name) != c[name]:
            bad.append("sizeof(%s): cdef %d, C %d" % (name, ffi.sizeof(name), c[name]))
        for field, f in ffi.typeof(name).fields:
            key = "%s.%s" % (name, field)
            if f.offset != c[key]:
                bad.append("offsetof(%s): cdef %d, C %d" % (key, f.offset, c[key]))
    assert not bad, "; ".join(bad)
