"""The README's configuration table names exactly the environment variables the code reads."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READ_BY = [ROOT / "bot" / "config.py", ROOT / "bot" / "scoring" / "variants.py"]
ENV_READ = re.compile(
    r"""(?:env|environ)(?:\.get)?\(\s*["']([A-Z][A-Z0-9_]+)["']"""
    r"""|_int\(env, ["']([A-Z][A-Z0-9_]+)["']"""
)


def variables_in_code() -> set[str]:
    found: set[str] = set()
    for path in READ_BY:
        for match in ENV_READ.finditer(path.read_text(encoding="utf-8")):
            found.add(match.group(1) or match.group(2))
    return found


def variables_in_readme() -> set[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", section, flags=re.MULTILINE))


def test_configuration_table_matches_the_code() -> None:
    assert variables_in_code(), "the pattern still finds the settings"
    assert variables_in_readme() == variables_in_code()
