"""Errors, one class per exit-code class of doc/exit-codes.md (lib/nh_error.h)."""

from . import _cdef as C


class Error(Exception):
    """An nhoracle error; .code is the NH_ERR_* code (the CLI's exit status)."""
    code = None


class UsageError(Error, ValueError):
    code = C.NH_ERR_USAGE


class ParseError(Error):
    code = C.NH_ERR_PARSE


class ModelError(Error):
    code = C.NH_ERR_MODEL


class PrecisionError(Error):
    code = C.NH_ERR_PRECISION


class IOError_(Error, OSError):
    code = C.NH_ERR_IO


class ResourceError(Error):
    code = C.NH_ERR_RESOURCE


class DomainError(Error):
    code = C.NH_ERR_DOMAIN


class CandidateError(Error):
    code = C.NH_EXIT_CANDIDATE


_BY_CODE = {cls.code: cls for cls in (UsageError, ParseError, ModelError, PrecisionError,
                                      IOError_, ResourceError, DomainError, CandidateError)}


def raise_for(code, msg):
    """Raise the Error subclass of an NH_ERR_* code with message msg."""
    cls = _BY_CODE.get(code, Error)
    e = cls(msg)
    e.code = code
    raise e


def check(rc, err):
    """Raise for a C status rc != NH_OK, with the message of err (nh_error_t)."""
    if rc != C.NH_OK:
        from ._lib import ffi
        raise_for(rc, ffi.string(err.msg).decode("utf-8", "replace"))
