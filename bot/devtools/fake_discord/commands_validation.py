"""Discord's validation of application commands, applied when the bot syncs its tree.

Why: a command tree that Discord refuses (upper-case name, 26 choices, a bad locale
key) only fails at deploy time against the real API. The fake refuses it the same way,
with HTTP 400 / code 50035 and an ``errors`` tree naming the field, so discord.py raises
the same ``CommandSyncFailure`` (an ``HTTPException``) in tests.

Name pattern: Discord documents ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``. The
``regex`` package is used when installed; otherwise the check falls back to unicodedata
(letters ``L*``, numbers ``N*``, ``-``, ``_``) plus the Devanagari (U+0900-U+097F) and
Thai (U+0E00-U+0E7F) blocks, which approximates the two scripts' marks.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .payloads import JSON, field_error

try:  # pragma: no cover - depends on the environment
    import regex as _regex

    _NAME_RE: Any = _regex.compile(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
except ImportError:  # pragma: no cover - depends on the environment
    _NAME_RE = None

VALID_LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
CHAT_INPUT, USER, MESSAGE, PRIMARY_ENTRY_POINT = 1, 2, 3, 4
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
VALUE_OPTION_TYPES = frozenset({3, 4, 5, 6, 7, 8, 9, 10, 11})
CHOICE_OPTION_TYPES = frozenset({3, 4, 10})
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_COMMAND_SIZE = 4000

_INVALID_NAME = ("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def _bad_length(low: int, high: int) -> JSON:
    return field_error("BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _too_many(high: int) -> JSON:
    return field_error("BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")


def _name_chars_ok(name: str) -> bool:
    if _NAME_RE is not None:
        return bool(_NAME_RE.match(name))
    if not 1 <= len(name) <= 32:
        return False
    for char in name:
        if char in "-_" or "\u0900" <= char <= "\u097f" or "\u0e00" <= char <= "\u0e7f":
            continue
        if unicodedata.category(char)[0] not in "LN":
            return False
    return True


def check_chat_input_name(name: object) -> JSON | None:
    """Error for a slash-command/option name, or None when Discord would accept it."""
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return _bad_length(1, 32)
    if not _name_chars_ok(name) or name != name.lower():
        return field_error(*_INVALID_NAME)
    return None


def _check_context_menu_name(name: object) -> JSON | None:
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 32 or len(name) > 32:
        return _bad_length(1, 32)
    return None


def _check_text(value: object, low: int, high: int) -> JSON | None:
    if not isinstance(value, str) or not low <= len(value) <= high:
        return _bad_length(low, high)
    return None


def _check_localizations(value: object, check: Any) -> JSON | None:
    """Validate a ``*_localizations`` dict: keys must be Discord locales, values pass ``check``."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return field_error("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
    errors: JSON = {}
    for locale, text in value.items():
        if locale not in VALID_LOCALES:
            allowed = ", ".join(sorted(VALID_LOCALES))
            errors[locale] = field_error(
                "BASE_TYPE_CHOICES", f"Value must be one of {{{allowed}}}."
            )
            continue
        problem = check(text)
        if problem:
            errors[locale] = problem
    return errors or None


def _check_choices(choices: list[Any], option_type: int) -> JSON | None:
    if len(choices) > MAX_CHOICES:
        return _too_many(MAX_CHOICES)
    errors: JSON = {}
    for index, choice in enumerate(choices):
        problems: JSON = {}
        if problem := _check_text(choice.get("name"), 1, 100):
            problems["name"] = problem
        localized = _check_localizations(
            choice.get("name_localizations"), lambda t: _check_text(t, 1, 100)
        )
        if localized:
            problems["name_localizations"] = localized
        value = choice.get("value")
        if option_type == 3 and (problem := _check_text(value, 1, 100)):
            problems["value"] = problem
        elif option_type == 4 and (isinstance(value, bool) or not isinstance(value, int)):
            problems["value"] = field_error("NUMBER_TYPE_COERCE", "Value is not int.")
        elif option_type == 10 and (isinstance(value, bool) or not isinstance(value, int | float)):
            problems["value"] = field_error("NUMBER_TYPE_COERCE", "Value is not a valid number.")
        if problems:
            errors[str(index)] = problems
    return errors or None


def _check_named(obj: JSON) -> JSON:
    """Checks shared by commands and options: name, description and their localizations."""
    errors: JSON = {}
    if problem := check_chat_input_name(obj.get("name")):
        errors["name"] = problem
    if problem := _check_text(obj.get("description"), 1, 100):
        errors["description"] = problem
    localized = _check_localizations(obj.get("name_localizations"), check_chat_input_name)
    if localized:
        errors["name_localizations"] = localized
    localized = _check_localizations(
        obj.get("description_localizations"), lambda t: _check_text(t, 1, 100)
    )
    if localized:
        errors["description_localizations"] = localized
    return errors


def _check_option(option: JSON, depth: int) -> JSON:
    errors = _check_named(option)
    option_type = option.get("type")
    if option_type in (SUB_COMMAND, SUB_COMMAND_GROUP):
        allowed = {SUB_COMMAND} if option_type == SUB_COMMAND_GROUP else VALUE_OPTION_TYPES
        if depth >= 2 or (option_type == SUB_COMMAND_GROUP and depth >= 1):
            errors["type"] = field_error(
                "APPLICATION_COMMAND_OPTION_INVALID_TYPE", "Sub-commands cannot be nested this deep"
            )
        if nested := _check_options(option.get("options") or [], depth + 1, allowed):
            errors["options"] = nested
    elif option_type in VALUE_OPTION_TYPES:
        choices = option.get("choices")
        if choices is not None:
            if option_type not in CHOICE_OPTION_TYPES:
                errors["choices"] = field_error(
                    "APPLICATION_COMMAND_OPTION_CHOICES_INVALID", "Choices are not allowed here"
                )
            elif problem := _check_choices(choices, option_type):
                errors["choices"] = problem
            if choices and option.get("autocomplete"):
                errors["autocomplete"] = field_error(
                    "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                    "Autocomplete cannot be set with choices",
                )
    else:
        errors["type"] = field_error("BASE_TYPE_CHOICES", "Value must be one of {1..11}.")
    return errors


def _check_options(options: list[Any], depth: int, allowed: set[int] | frozenset[int]) -> JSON:
    if len(options) > MAX_OPTIONS:
        return _too_many(MAX_OPTIONS)
    errors: JSON = {}
    seen_optional = False
    names: set[str] = set()
    kinds = {o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options}
    for index, option in enumerate(options):
        problems = _check_option(option, depth)
        if option.get("type") not in allowed and "type" not in problems:
            problems["type"] = field_error(
                "APPLICATION_COMMAND_OPTION_INVALID_TYPE", "Option type is not allowed here"
            )
        if option.get("required"):
            if seen_optional:
                problems["required"] = field_error(
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        if option.get("name") in names:
            problems["name"] = field_error(
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"
            )
        names.add(option.get("name"))
        if problems:
            errors[str(index)] = problems
    if len(kinds) > 1 and not errors:
        return field_error(
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive "
            "to all other types",
        )
    return errors


def _size_of(obj: JSON) -> int:
    """Characters Discord counts towards the 4000 limit (names, descriptions, values)."""
    size = len(str(obj.get("name", ""))) + len(str(obj.get("description", "")))
    for choice in obj.get("choices") or []:
        size += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return size + sum(_size_of(o) for o in obj.get("options") or [])


def validate_command(command: object) -> JSON:
    """Return Discord's ``errors`` tree for one command (empty when valid)."""
    if not isinstance(command, dict):
        return field_error("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
    command_type = command.get("type", CHAT_INPUT)
    if command_type == CHAT_INPUT:
        errors = _check_named(command)
        options = command.get("options") or []
        allowed = VALUE_OPTION_TYPES | {SUB_COMMAND, SUB_COMMAND_GROUP}
        if nested := _check_options(options, 0, allowed):
            errors["options"] = nested
        if not errors and _size_of(command) > MAX_COMMAND_SIZE:
            return field_error(
                "APPLICATION_COMMAND_TOO_LARGE",
                f"Command exceeds maximum size ({MAX_COMMAND_SIZE})",
            )
        return errors
    if command_type in (USER, MESSAGE, PRIMARY_ENTRY_POINT):
        errors = {}
        if problem := _check_context_menu_name(command.get("name")):
            errors["name"] = problem
        if command.get("description") not in (None, ""):
            errors["description"] = _bad_length(0, 0)
        if command.get("options"):
            errors["options"] = _too_many(0)
        return errors
    return {"type": field_error("BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4}.")}


def validate_commands(commands: object) -> JSON:
    """Errors for a bulk overwrite, keyed by list index as Discord does."""
    if not isinstance(commands, list):
        return field_error("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
    errors: JSON = {}
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        problems = validate_command(command)
        if isinstance(command, dict):
            key = (command.get("type", CHAT_INPUT), str(command.get("name")))
            if key in seen and "name" not in problems:
                problems["name"] = field_error(
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                )
            seen.add(key)
        if problems:
            errors[str(index)] = problems
    return errors
