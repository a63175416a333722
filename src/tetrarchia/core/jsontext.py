"""JSON text read with limits, so that no file can crash or stall a loader.

Python's own reader raises ``RecursionError`` on arrays nested a thousand deep and ``ValueError``
on a number of more than 4,300 digits; a file of gigabytes would be read whole.  Saved games and
positions are small, flat documents, so the limits below are far above anything the program writes
and every failure becomes a :class:`SaveFileError` that says what is wrong.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tetrarchia.core.errors import Said, SaveFileError, said

MAX_TEXT = 8_000_000  # characters; a long saved game is some 100,000
MAX_DEPTH = 16  # nesting of arrays and objects; the formats use 5
MAX_DIGITS = 40  # digits of a number; seeds and counts use at most 20


def parse_json(text: str, what: str | Said) -> Any:
    """The JSON data of ``text``; ``what`` names the file in the messages."""
    if len(text) > MAX_TEXT:
        raise SaveFileError(said("{what} is {length} characters long; a saved game or position is "
                                 "at most {limit}", what=what, length=f"{len(text):,}",
                                 limit=f"{MAX_TEXT:,}"))
    depth = _nesting(text)
    if depth > MAX_DEPTH:
        raise SaveFileError(said("{what} nests arrays or objects {depth} deep; saved games and "
                                 "positions nest at most {limit}", what=what, depth=depth,
                                 limit=MAX_DEPTH))
    try:
        return json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        # the reader's own words (Python's, quoted as they are in every language), and where
        raise SaveFileError(said("{what} is not JSON: {why}: line {line} column {column} (char "
                                 "{char})", what=what, why=exc.msg, line=exc.lineno,
                                 column=exc.colno, char=exc.pos)) from None
    except RecursionError:  # unreachable after the depth check, kept as the last guard
        raise SaveFileError(said("{what} nests too deep", what=what)) from None


def check_data(data: Any, what: str | Said) -> None:
    """Refuse data (already parsed, e.g. handed over by a program) nested beyond the limit or
    holding a number of more digits than a file may write (Python cannot even print an int of
    4,301 digits)."""
    largest = 10**MAX_DIGITS
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, int) and not -largest < item < largest:
            raise SaveFileError(said("{what} holds a number of more than {limit} digits", what=what,
                                     limit=MAX_DIGITS))
        if isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                raise SaveFileError(said("{what} nests arrays or objects more than {limit} deep",
                                         what=what, limit=MAX_DEPTH))
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def _nesting(text: str) -> int:
    """The deepest nesting of brackets outside strings (a scan, no recursion)."""
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise SaveFileError(said("the number {number}... has {count} digits; numbers in a saved "
                                 "game have at most {limit}", number=digits[:20],
                                 count=len(digits.lstrip("-")), limit=MAX_DIGITS))
    return int(digits)


def _no_constant(name: str) -> Any:
    raise SaveFileError(said("{name} is not a number in JSON", name=name))
