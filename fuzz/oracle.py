"""The oracle: is the outcome of one call fine (OK, CLEAR) or a finding (UNCLEAR...)?

The library promises "one clear error for every bad call": a call returns a value, or raises
ValueError or TypeError (or a subclass of theirs from ddz_fast, json or the builtins) whose
message names the problem in the library's own words. Anything else is a finding:

* UNCLEAR: another exception type (OverflowError, KeyError, AttributeError, RecursionError,
  MemoryError, numpy's errors...), or a ValueError/TypeError whose message is a builtin or
  numpy internal (``'NoneType' object is not subscriptable``...) or empty. IndexError is the
  documented error of sequence indexing only (``MoveList[i]``), where it is CLEAR. A
  MemoryError is CLEAR only as the library's own refusal of a request past the memory
  available (``tt_megabytes=65536 asks for 64 GiB of memory for ...``, see
  ``ddz_fast._memory``).
* ACCEPTED: the generator knew the input to be invalid, and the call returned a value.
* REJECTED: the generator knew the input to be valid, and the call raised.
* MISMATCH: a consistency check between two entry points failed.

For the command line, a run is fine when its status is 0, or when it is 2 with stderr holding
one line ``ddz-fast: error: ...`` (argparse's usage line before it is fine too) whose message
is not an internal one; a play abandoned on end of input (status 1, "game abandoned") is fine.
Anything else, a traceback above all, is a finding.

CRASH (the worker died by a signal) and HANG (the case ran past the timeout) are decided by
the runner, not here.
"""
from __future__ import annotations

import re
from typing import NamedTuple, Optional

OK, CLEAR = "OK", "CLEAR"
UNCLEAR, ACCEPTED, REJECTED, MISMATCH = "UNCLEAR", "ACCEPTED", "REJECTED", "MISMATCH"
CRASH, HANG = "CRASH", "HANG"
FINE = (OK, CLEAR)

#: Fragments of builtin and numpy messages: a library message never reads like these.
INTERNAL_MESSAGES = (
    "object of type", "unhashable type", "not subscriptable", "has no len()",
    "len() of unsized", "invalid literal for int", "'NoneType' object", "argument of type",
    "unsupported operand", "can't multiply", "list index out of range",
    "tuple index out of range", "setting an array element", "inhomogeneous",
    "cannot convert float", "int too large", "Python int too large", "out of bounds for",
    "only integer scalar arrays", "negative shift count", "object is not iterable",
    # Python's own call errors ("f() got an unexpected keyword argument 'x'", "f() missing 1
    # required positional argument: 'y'") name the function and the argument: clear, as
    # for every Python library, so they are not listed.
    "string indices must be integers", "maximum recursion depth", "unorderable",
    "not supported between instances", "codec can't", "truth value of an array",
    # a few more of the same family
    "object cannot be interpreted as an integer", "object is not callable",
    "has no attribute", "could not convert string to float", "can't convert",
    "must be real number", "bad operand type", "object does not support",
    "cannot be safely cast", "Cannot cast", "ufunc", "did not contain a loop",
    "too many values to unpack", "not enough values to unpack",
    "expected str, bytes or os.PathLike", "must be str, not",
    "can only concatenate", "Buffer dtype mismatch", "Buffer has wrong number of dimensions",
    "Expected tuple, got", "an integer is required", "Argument '", "ndarray is not",
    "Cannot convert", "unsupported format string", "Unable to allocate",
)

#: Exception types that a library may raise for bad input, by (module, name).
CLEAR_BASES = (ValueError, TypeError)
CLEAR_MODULES = ("builtins", "json", "json.decoder")
#: The library's refusal of a request past the memory available (ddz_fast._memory).
MEMORY_REFUSAL = re.compile(r"^\S.* asks for [\d.]+ (GiB|MiB|KiB|bytes) of memory for .*: ask for "
                            r"less$")


class Outcome(NamedTuple):
    kind: str                   # OK, CLEAR, UNCLEAR, ACCEPTED, REJECTED, MISMATCH, CRASH, HANG
    error: str = ""             # exception type name ("" when none)
    message: str = ""           # the message, shortened

    @property
    def is_finding(self) -> bool:
        return self.kind not in FINE


def short(text: str, limit: int = 400) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def pattern(message: str) -> str:
    """The message with its variable parts blanked, to group findings."""
    text = short(message, 2000)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    text = re.sub(r"0x[0-9a-fA-F]+", "N", text)
    text = re.sub(r"-?\d+(\.\d+)?(e[+-]?\d+)?", "N", text)
    text = re.sub(r"\b(np\.)?(u?int|float|complex|bool_|timedelta|datetime)\w*", "T", text)
    text = re.sub(r"<[^<>]*>", "<…>", text)
    text = re.sub(r"\[[^\[\]]*\]", "[…]", text)
    text = re.sub(r"\([^()]*\)", "(…)", text)
    return text[:160]


def internal(message: str) -> Optional[str]:
    """The internal fragment a message contains, or None when it reads as the library's own."""
    if not message.strip():
        return "empty message"
    for fragment in INTERNAL_MESSAGES:
        if fragment in message:
            return fragment
    return None


def _error_kind(error: BaseException, index_ok: bool) -> str:
    module = type(error).__module__
    if type(error).__name__ == "NativeCoreMissingError" and module == "ddz_fast.compiled":
        # A native-only path called without the compiled core (DDZ_FAST_IMPLEMENTATION=python
        # over an unbuilt copy): the documented error, whose message names the build to make.
        return CLEAR
    if isinstance(error, IndexError) and index_ok and not isinstance(error, KeyError):
        return CLEAR
    if isinstance(error, MemoryError) and MEMORY_REFUSAL.match(str(error)):
        return CLEAR
    if isinstance(error, CLEAR_BASES) and (module.startswith("ddz_fast")
                                           or module in CLEAR_MODULES):
        return CLEAR
    return UNCLEAR


def judge(error: Optional[BaseException], *, expect: Optional[str] = None,
          index_ok: bool = False, mismatch_type: type = type(None)) -> Outcome:
    """The outcome of a call that raised ``error`` (None: it returned)."""
    if error is None:
        if expect == "error":
            return Outcome(ACCEPTED, "", "returned a value for input known to be invalid")
        return Outcome(OK)
    name = type(error).__name__
    message = short(str(error))
    if isinstance(error, mismatch_type):
        return Outcome(MISMATCH, name, message)
    kind = _error_kind(error, index_ok)
    if kind == CLEAR:
        bad = internal(str(error))
        if bad is not None:
            return Outcome(UNCLEAR, name, message)
        if expect == "ok":
            return Outcome(REJECTED, name, message)
        return Outcome(CLEAR, name, message)
    return Outcome(UNCLEAR, name, message)


USAGE = re.compile(r"^usage: ")


def judge_cli(result, error: Optional[BaseException] = None) -> Outcome:
    """The outcome of ``ddz_fast.cli.main.main(argv)``: ``result`` is (status, stdout, stderr)."""
    if error is not None:   # escaped main: the user would see a traceback
        return Outcome(UNCLEAR, type(error).__name__, "traceback: " + short(str(error)))
    status, _out, err = result
    lines = [line for line in err.splitlines() if line.strip()]
    if "Traceback (most recent call last)" in err:
        return Outcome(UNCLEAR, "traceback", short(err.splitlines()[-1] if lines else err))
    if status == 0 or status is None:
        return Outcome(OK)
    if status == 1 and lines and all("game abandoned" in line or "ddz-fast:" in line
                                     for line in lines[-1:]):
        # a run-time failure the command reports (a bot's fault in the arena, memory the
        # machine lacks, an output error, the game abandoned at the end of input)
        kind = CLEAR if internal(lines[-1].split(":", 1)[-1]) is None else UNCLEAR
        return Outcome(kind, "status 1", short(lines[-1]))
    if status == 2:
        body = [line for line in lines if not USAGE.match(line) and not line.startswith(" ")]
        if len(body) == 1 and re.match(r"^(ddz-fast( \w+)?|python -m [\w.]+): error: ", body[0]):
            message = body[0].split("error:", 1)[1]
            bad = internal(message)
            if bad is None:
                return Outcome(CLEAR, "status 2", short(body[0]))
            return Outcome(UNCLEAR, "status 2", short(body[0]))
        return Outcome(UNCLEAR, "status 2",
                       f"{len(body)} stderr lines: " + short(" | ".join(lines[-3:])))
    return Outcome(UNCLEAR, f"status {status}", short(" | ".join(lines[-3:])))
