"""Loading libnhoracle through cffi (ABI mode: no compiler needed)."""

import ctypes.util
import os

import cffi

from ._cdef import CDEF

ffi = cffi.FFI()
ffi.cdef(CDEF)

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("NHORACLE_LIBRARY")
    if env:
        yield env
        return
    # the build tree: python/nhoracle -> ../../lib/.libs (run from the tree)
    tree = os.path.normpath(os.path.join(_HERE, "..", "..", "lib", ".libs", "libnhoracle.so"))
    found = ctypes.util.find_library("nhoracle")
    if found:
        yield found
    for libdir in ("/usr/local/lib", "/usr/lib"):
        yield os.path.join(libdir, "libnhoracle.so")
    yield tree
    # installed from the tree with pip: the tree recorded at install time
    try:
        from ._where import BUILD_TREE_LIB
        yield BUILD_TREE_LIB
    except ImportError:
        pass


def _load():
    tried = []
    for path in _candidates():
        if not path:
            continue
        if os.path.isabs(path) and not os.path.exists(path):
            tried.append(path)
            continue
        try:
            return ffi.dlopen(path), path
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("nhoracle: cannot find libnhoracle.so; set NHORACLE_LIBRARY "
                      "to its path (tried: %s)" % "; ".join(tried))


lib, LIBRARY_PATH = _load()

# Resolve every declared function now: cffi resolves a symbol under its
# lock on first use, and a garbage-collection callback (ffi.gc) calling a
# not-yet-resolved function while another thread of the same lock is
# parsing a type would deadlock.
for _name in dir(lib):
    try:
        getattr(lib, _name)
    except (AttributeError, NotImplementedError):
        pass
for _t in ("fmpz *", "fmpq *", "fmpq[]", "arf_struct *", "arb_struct[1]", "slong *",
           "slong[4]", "double *", "nh_error_struct *", "nh_model_struct **",
           "nh_quantity_params *", "nh_check_struct *", "nh_check_result_struct *",
           "nh_dataset_struct *", "nh_validation_struct *", "nh_taylor_opts_struct *",
           "nh_taylor_stats_struct *"):
    ffi.typeof(_t)
