"""The README's configuration table names exactly the environment variables the code reads."""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import settings_variables

ROOT = Path(__file__).resolve().parent.parent
ALSO_READ_BY = [ROOT / "bot" / "scoring" / "variants.py"]
ENV_READ = re.compile(r"""(?:env|environ)(?:\.get)?\(\s*["']([A-Z][A-Z0-9_]+)["']""")


def variables_in_code() -> set[str]:
    found = set(settings_variables())
    for path in ALSO_READ_BY:
        found.update(ENV_READ.findall(path.read_text(encoding="utf-8")))
    return found


def variables_in_readme() -> set[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", section, flags=re.MULTILINE))


def test_configuration_table_matches_the_code() -> None:
    assert "CANASTA_RULES_DATA" in variables_in_code(), "the pattern still finds the rules data"
    assert variables_in_readme() == variables_in_code()
