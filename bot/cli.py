"""The ``canasta-bot`` command: thin wrappers that parse arguments and call the layers below.

Scoring commands read and write JSON so other tools can script them; invalid input exits with
status 2 and one line per problem on standard error, and nothing on standard output.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.config import ConfigError, Settings
from bot.i18n.problems import render_problems
from bot.scoring import (
    Problem,
    ScoringError,
    UnknownVariantError,
    Variant,
    apply_house_rules,
    load_variant,
    parse_sides,
    score_round,
)
from bot.scoring.game import outcome
from bot.scoring.variants import all_variants

EXIT_INVALID = 2

SCORE_DESCRIPTION = """\
Score one round read as JSON on standard input and print each side's net, breakdown, total and
next opening minimum, and whether the game is finished. Example:

  echo '{"totals_before": [0, 0], "sides": [
          {"meld_points": 420, "natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2,
           "went_out": "normal", "hand_points": 70},
          {"meld_points": 240, "red_threes": 1, "hand_points": 25}]}' | canasta-bot score"""

SCORE_FIELDS = """\
input: {"totals_before": [n, ...] (default all 0), "sides": [one object per side],
        "round": n (optional: this round's number, for the house rule rounds=N)}
fields of a side (omitted counts are 0):
  meld_points            card points of everything the side melded (black threes excluded
                         in Cuban); a multiple of 5
  natural_canastas       completed canastas without wild cards
  mixed_canastas         completed canastas with wild cards
  wild_canastas          Cuban only: {"twos": n, "jokers": n, "other": n}
  red_threes             red threes laid down by the side
  red_threes_in_hand     red threes still in a hand at the end (a penalty each)
  black_threes_melded    Cuban only: black threes melded when going out
  black_threes_in_hand   Cuban only: black threes left in hand
  went_out               "no" (default), "normal" or "concealed"
  hand_points            card points left in the side's hands; a multiple of 5
refused: meld and hand points of all sides above what the decks hold (1180 in classic),
a total beyond ten times the target, more threes or canastas than the decks allow.
Invalid input exits with status 2 and one line per problem on standard error."""


def _rule_pairs(items: Sequence[str]) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ScoringError(
                [
                    Problem(
                        "bad_house_rule", field=item, params={"value": item, "allowed": "KEY=VALUE"}
                    )
                ]
            )
        pairs[key.strip()] = value.strip()
    return pairs


def _variant_for(name: str, rules: Sequence[str]) -> Variant:
    try:
        variant = load_variant(name)
    except UnknownVariantError as error:
        raise ScoringError(
            [Problem("unknown_variant", params={"value": name, "allowed": ", ".join(error.known)})]
        ) from None
    return apply_house_rules(variant, _rule_pairs(rules))


def score_json(payload: Any, variant: Variant) -> dict[str, Any]:
    """Score one round given as the documented JSON object; raises ``ScoringError``."""
    if not isinstance(payload, dict):
        raise ScoringError([Problem("sides_not_list")])
    unknown = sorted(set(payload) - {"sides", "totals_before", "round"})
    if unknown:
        raise ScoringError([Problem("unknown_input_field", field=k) for k in unknown])
    sides = parse_sides(payload.get("sides"))
    totals_before = payload.get("totals_before", [0] * variant.sides)
    if not isinstance(totals_before, list):
        raise ScoringError([Problem("totals_not_whole_numbers")])
    results = score_round(variant, sides, totals_before)
    number = payload.get("round")
    if number is not None and (type(number) is not int or number < 1):
        raise ScoringError([Problem("bad_round_number", params={"value": number})])
    finished, winner, _draw = outcome(variant, [r.total for r in results], number)
    return {
        "sides": [
            {
                "net": r.net,
                "breakdown": r.breakdown,
                "total": r.total,
                "next_minimum": r.next_minimum,
            }
            for r in results
        ],
        "finished": finished,
        "winner": winner,
    }


def cmd_score(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    try:
        variant = _variant_for(args.variant, args.rule)
        try:
            payload = json.loads(stdin.read())
        except json.JSONDecodeError as error:
            raise ScoringError([Problem("not_json", params={"detail": error.msg})]) from None
        result = score_json(payload, variant)
    except ScoringError as error:
        for line in render_problems(args.lang, error.problems):
            print(line, file=stderr)
        return EXIT_INVALID
    json.dump(result, stdout, ensure_ascii=False)
    stdout.write("\n")
    return 0


def cmd_variants(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from bot.i18n import translate

    for variant in all_variants().values():
        n = variant.numbers()
        detail = translate(
            args.lang,
            "cli.variants.detail",
            players=variant.players,
            sides=variant.sides,
            cards=variant.total_cards,
            dealt=variant.cards_dealt,
            target=variant.target,
            natural=n["natural_canasta_bonus"],
            mixed=n["mixed_canasta_bonus"],
            to_go_out=variant.going_out.canastas_needed,
            red=n["red_three_table"],
            opening=n["opening_table"],
        )
        print(f"{variant.id:18} {variant.name(args.lang)}\n{'':18} {detail}", file=stdout)
    return 0


def cmd_ask(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """The answer for a table of ``--variant`` with its ``--rule`` house rules, as in a
    channel whose game was started with them."""
    from bot.rules import RulesIndex, format_plain

    try:
        variant = _variant_for(args.variant, args.rule)
    except ScoringError as error:
        for line in render_problems(args.lang or "en", error.problems):
            print(line, file=stderr)
        return EXIT_INVALID
    answer = RulesIndex.load().ask(args.question, lang=args.lang, variant=variant)
    print(format_plain(answer), file=stdout)
    return 0


EXIT_FAILED = 1


def _settings(stderr: TextIO, *, data_dir: bool = True) -> Settings | None:
    """The settings, or None after one line per problem on stderr (the caller exits 2)."""
    try:
        settings = Settings.from_env()
        if data_dir and settings.sqlite_path is not None:
            settings.ensure_data_dir()
    except ConfigError as error:
        for line in error.problems:
            print(f"canasta-bot: {line}", file=stderr)
        return None
    return settings


def _start_logging(settings: Settings) -> None:
    from bot.logging_setup import setup_logging

    setup_logging(settings.log_level, settings.log_format)
    if settings.database_note:
        logging.getLogger("bot.config").info("%s", settings.database_note)


def cmd_run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    settings = _settings(stderr)
    if settings is None:
        return EXIT_INVALID
    from bot.discord_app.runner import MissingTokenError, TokenRejectedError, run_bot
    from bot.ops.metrics import MetricsUnavailable
    from bot.ops.startup import StartupError

    _start_logging(settings)
    try:
        asyncio.run(run_bot(settings))
    except (MissingTokenError, TokenRejectedError, MetricsUnavailable) as error:
        print(f"canasta-bot: {error}", file=stderr)
        return EXIT_INVALID
    except StartupError as error:
        print(f"canasta-bot: {error}", file=stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 0
    return 0


def cmd_sync(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    settings = _settings(stderr, data_dir=False)
    if settings is None:
        return EXIT_INVALID
    from bot.discord_app.runner import MissingTokenError, TokenRejectedError, sync_commands
    from bot.ops.startup import StartupError

    _start_logging(settings)
    try:
        names = asyncio.run(sync_commands(settings, args.guild))
    except (MissingTokenError, TokenRejectedError) as error:
        print(f"canasta-bot: {error}", file=stderr)
        return EXIT_INVALID
    except StartupError as error:
        print(f"canasta-bot: {error}", file=stderr)
        return EXIT_FAILED
    where = f"server {args.guild}" if args.guild else "all servers (global)"
    print(f"synced {len(names)} commands to {where}: {', '.join(sorted(names))}", file=stdout)
    return 0


def cmd_migrate(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    settings = _settings(stderr)
    if settings is None:
        return EXIT_INVALID
    from bot.ops.startup import StartupError, wait_for_database
    from bot.storage.migrate import current_revision

    _start_logging(settings)
    try:
        asyncio.run(wait_for_database(settings))
    except StartupError as error:
        print(f"canasta-bot: {error}", file=stderr)
        return EXIT_FAILED
    revision = asyncio.run(current_revision(settings.effective_database_url))
    print(f"database schema at revision {revision}", file=stdout)
    return 0


def cmd_backup(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    settings = _settings(stderr, data_dir=False)
    if settings is None:
        return EXIT_INVALID
    from bot.ops.backup import PG_HINT, BackupError, backup, restore

    if settings.sqlite_path is None:
        print(f"canasta-bot: {PG_HINT}", file=stderr)
        return EXIT_INVALID
    try:
        if args.command == "backup":
            line = backup(settings.sqlite_path, Path(args.file))
        else:
            line = restore(Path(args.file), settings.sqlite_path)
    except BackupError as error:
        print(f"canasta-bot: {error}", file=stderr)
        return EXIT_INVALID
    print(line, file=stdout)
    return 0


def _token_from_env() -> str | None:
    """DISCORD_TOKEN, else the first line of DISCORD_TOKEN_FILE; None when neither is usable."""
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    path = os.environ.get("DISCORD_TOKEN_FILE", "")
    if not token and path:
        try:
            token = Path(path).read_text(encoding="utf-8").strip()
        except OSError:
            return None
    return token or None


def cmd_invite(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Print the invite URL; the client id comes from --client-id or the token's first part."""
    from bot.discord_app.invite import NEEDED, client_id_from_token, invite_url

    client_id = args.client_id
    if client_id is None:
        token = _token_from_env()
        client_id = client_id_from_token(token) if token else None
        if client_id is None:
            reason = "does not start with an application id" if token else "is not set"
            print(
                f"canasta-bot: DISCORD_TOKEN {reason}; pass --client-id ID (the Application ID "
                "on the General Information page of https://discord.com/developers/applications)",
                file=stderr,
            )
            return EXIT_INVALID
    labels = ", ".join(label for _flag, label in NEEDED)
    print(
        f"Open this link as a member with Manage Server on the server to add the bot to:\n"
        f"{invite_url(client_id)}\n"
        f"Scopes: bot, applications.commands. Permissions: {labels}.\n"
        "No privileged intents are needed: leave Presence, Server Members and Message Content "
        "off in the Developer Portal.",
        file=stdout,
    )
    return 0


def cmd_demo(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from bot.devtools.demo import run_demo

    try:
        return asyncio.run(run_demo(args.lang, stdout, args.out))
    except KeyboardInterrupt:
        return 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="canasta-bot", description="Canasta scorekeeping and rules answers for Discord."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    lang = {"choices": ("en", "no", "da", "fi"), "default": "en", "help": "message language"}

    score = sub.add_parser(
        "score",
        help="score one round read as JSON on standard input",
        description=SCORE_DESCRIPTION,
        epilog=SCORE_FIELDS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    score.add_argument("--variant", default="classic", help="variant id (see `variants`)")
    score.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="house-rule override, repeatable (e.g. target=3000)",
    )
    score.add_argument("--lang", **lang)
    score.set_defaults(handler=cmd_score)

    variants = sub.add_parser("variants", help="list the variants and their key numbers")
    variants.add_argument("--lang", **lang)
    variants.set_defaults(handler=cmd_variants)

    ask = sub.add_parser("ask", help="answer a rules question as the bot would, as plain text")
    ask.add_argument("question")
    ask.add_argument(
        "--lang",
        choices=("en", "no", "da", "fi"),
        default=None,
        help="reply language (default: the question's own)",
    )
    ask.add_argument("--variant", default="classic", help="the table's variant")
    ask.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a house rule of the table, as for score (repeatable)",
    )
    ask.set_defaults(handler=cmd_ask)

    run = sub.add_parser("run", help="start the bot (token from DISCORD_TOKEN)")
    run.set_defaults(handler=cmd_run)

    migrate = sub.add_parser("migrate", help="bring the database schema up to date")
    migrate.set_defaults(handler=cmd_migrate)

    sync = sub.add_parser("sync", help="push the slash commands to Discord, on demand")
    sync.add_argument("--guild", type=int, default=None, help="one server id (instant)")
    sync.set_defaults(handler=cmd_sync)

    backup = sub.add_parser(
        "backup", help="copy the SQLite database to FILE, safely while the bot runs"
    )
    backup.add_argument("file", metavar="FILE")
    backup.set_defaults(handler=cmd_backup)

    restore = sub.add_parser(
        "restore", help="check FILE and put it back as the SQLite database (bot stopped)"
    )
    restore.add_argument("file", metavar="FILE")
    restore.set_defaults(handler=cmd_backup)

    invite = sub.add_parser(
        "invite", help="print the link that adds the bot to a server, with the permissions it needs"
    )
    invite.add_argument(
        "--client-id",
        type=int,
        default=None,
        help="the Application ID (default: read from DISCORD_TOKEN, which is never printed)",
    )
    invite.set_defaults(handler=cmd_invite)

    demo = sub.add_parser(
        "demo", help="play a short game against a built-in fake Discord (no token needed)"
    )
    demo.add_argument("--lang", **lang)
    demo.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="DIR",
        help="also write the chart (sheet.png) and transcript.html, drawn as Discord shows it",
    )
    demo.set_defaults(handler=cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args, sys.stdin, sys.stdout, sys.stderr))
    except BrokenPipeError:  # output piped into `head` and the like
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
