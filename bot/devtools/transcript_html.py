"""A Discord-looking HTML page of the demo, drawn from the messages the fake Discord stored.

Why: after the text demo people still did not know what the bot looks like in a channel. This
draws each step the way Discord's dark theme does (avatars, "used /command" lines, embeds with a
coloured left border and fields, buttons, the "Only you can see this" note of private replies,
the autocomplete list above the message box), from the raw message JSON the bot sent to the
fake, so the pictures show what the bot really sent. ``bot.devtools.screenshots`` renders the
pages to PNG with headless Chromium.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

MENTION = re.compile(r"&lt;@!?(\d+)&gt;")
TIMESTAMP = re.compile(r"&lt;t:(\d+)(?::[a-zA-Z])?&gt;")
BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
CODE_BLOCK = re.compile(r"```(?:[a-z]*\n)?(.*?)```", re.S)
INLINE_CODE = re.compile(r"`([^`\n]+)`")
AVATAR_COLOURS = ("#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#1abc9c")
BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}


@dataclass
class Step:
    """One thing a player did and what the bot answered, as the fake recorded it."""

    user_id: int
    kind: str  # "slash", "click", "autocomplete" or "note"
    command: str = ""  # as the user sees it, e.g. "/round add"
    options: list[tuple[str, str]] = field(default_factory=list)
    message: dict[str, Any] | None = None  # the bot's message JSON (a snapshot)
    choices: list[dict[str, Any]] = field(default_factory=list)
    text: str = ""  # what a player wrote (notes) or the button label (clicks)
    images: dict[str, str] = field(default_factory=dict)  # attachment filename -> file on disk


@dataclass
class People:
    """Display names of the users and the bot, for mentions and avatars."""

    names: dict[int, str]
    bot_id: int
    bot_name: str
    only_you: str = "Only you can see this"
    dismiss: str = "Dismiss message"
    used: str = "used"

    def name(self, user_id: int) -> str:
        return self.names.get(user_id, self.bot_name if user_id == self.bot_id else str(user_id))


def _avatar(people: People, user_id: int) -> str:
    name = people.name(user_id)
    colour = "#5865f2" if user_id == people.bot_id else AVATAR_COLOURS[user_id % 5 + 1]
    initials = "".join(part[0] for part in name.split()[:2]).upper() or "?"
    return f'<div class="avatar" style="background:{colour}">{html.escape(initials)}</div>'


def markdown(text: str, people: People) -> str:
    """The subset of Discord markdown the bot uses, escaped first so nothing else is HTML."""
    out = html.escape(text, quote=False)
    blocks: list[str] = []

    def keep_block(match: re.Match[str]) -> str:
        blocks.append(f"<pre>{match.group(1).rstrip()}</pre>")
        return f"\x00{len(blocks) - 1}\x00"

    out = CODE_BLOCK.sub(keep_block, out)
    out = INLINE_CODE.sub(r"<code>\1</code>", out)
    out = BOLD.sub(r"<b>\1</b>", out)
    out = ITALIC.sub(r"<i>\1</i>", out)
    out = MENTION.sub(
        lambda m: f'<span class="mention">@{html.escape(people.name(int(m.group(1))))}</span>', out
    )
    out = TIMESTAMP.sub(
        lambda m: (
            '<span class="time">'
            + datetime.fromtimestamp(int(m.group(1)), UTC).strftime("%Y-%m-%d %H:%M")
            + "</span>"
        ),
        out,
    )
    out = out.replace("\n", "<br>")
    return re.sub("\x00(\\d+)\x00", lambda m: blocks[int(m.group(1))], out)


def _embed(embed: Mapping[str, Any], people: People, images: Mapping[str, str]) -> str:
    colour = embed.get("color")
    border = f"#{colour:06x}" if isinstance(colour, int) else "#1e1f22"
    parts = [f'<div class="embed" style="border-left-color:{border}">']
    if embed.get("author", {}).get("name"):
        parts.append(f'<div class="e-author">{markdown(embed["author"]["name"], people)}</div>')
    if embed.get("title"):
        parts.append(f'<div class="e-title">{markdown(embed["title"], people)}</div>')
    if embed.get("description"):
        parts.append(f'<div class="e-desc">{markdown(embed["description"], people)}</div>')
    fields = embed.get("fields") or []
    if fields:
        parts.append('<div class="e-fields">')
        for item in fields:
            span = "inline" if item.get("inline") else "full"
            parts.append(
                f'<div class="e-field {span}"><div class="f-name">'
                f"{markdown(item['name'], people)}</div>"
                f'<div class="f-value">{markdown(item["value"], people)}</div></div>'
            )
        parts.append("</div>")
    url = (embed.get("image") or {}).get("url", "")
    if url:
        source = images.get(url.removeprefix("attachment://"), url)
        parts.append(f'<img class="e-image" src="{html.escape(source)}" alt="">')
    if embed.get("footer", {}).get("text"):
        parts.append(f'<div class="e-footer">{markdown(embed["footer"]["text"], people)}</div>')
    parts.append("</div>")
    return "".join(parts)


def _buttons(components: Sequence[Mapping[str, Any]]) -> str:
    rows = []
    for row in components:
        buttons = []
        for item in row.get("components", []):
            if item.get("type") != 2:
                continue
            style = BUTTON_STYLES.get(int(item.get("style", 2)), "secondary")
            disabled = " disabled" if item.get("disabled") else ""
            label = html.escape(str(item.get("label", "")))
            buttons.append(f'<span class="button {style}{disabled}">{label}</span>')
        if buttons:
            rows.append(f'<div class="buttons">{"".join(buttons)}</div>')
    return "".join(rows)


def _header(people: People, user_id: int, clock: str) -> str:
    bot = '<span class="bot-tag">APP</span>' if user_id == people.bot_id else ""
    return (
        f'<div class="head"><span class="name">{html.escape(people.name(user_id))}</span>'
        f'{bot}<span class="clock">{clock}</span></div>'
    )


def _options(options: Sequence[tuple[str, str]], people: People) -> str:
    return "".join(
        f'<span class="opt"><span class="opt-name">{html.escape(name)}</span>'
        f"{markdown(value, people)}</span>"
        for name, value in options
    )


def _bot_message(step: Step, people: People, clock: str) -> str:
    message = step.message or {}
    who = people.name(step.user_id)
    dot = f'<div class="mini" style="background:{AVATAR_COLOURS[step.user_id % 5 + 1]}"></div>'
    if step.kind == "click":
        action = f'<span class="button secondary small">{html.escape(step.text)}</span>'
    else:
        command = html.escape(step.command)
        action = (
            f'{html.escape(people.used)} <span class="command">{command}</span>'
            f'<span class="used-options">{_options(step.options, people)}</span>'
        )
    reply = f'<div class="reply">{dot}<b>{html.escape(who)}</b> {action}</div>'
    body = []
    if message.get("content"):
        body.append(f'<div class="content">{markdown(message["content"], people)}</div>')
    body += [_embed(e, people, step.images) for e in message.get("embeds") or []]
    body.append(_buttons(message.get("components") or []))
    ephemeral = bool(int(message.get("flags") or 0) & 64)
    if ephemeral:
        body.append(
            f'<div class="ephemeral">👁 {html.escape(people.only_you)} · '
            f'<span class="link">{html.escape(people.dismiss)}</span></div>'
        )
    css = "message ephemeral-bg" if ephemeral else "message"
    return (
        f'<div class="{css}">{reply}<div class="row">{_avatar(people, people.bot_id)}'
        f'<div class="main">{_header(people, people.bot_id, clock)}{"".join(body)}'
        "</div></div></div>"
    )


def _note(step: Step, people: People, clock: str) -> str:
    return (
        f'<div class="message"><div class="row">{_avatar(people, step.user_id)}<div class="main">'
        f"{_header(people, step.user_id, clock)}"
        f'<div class="content">{markdown(step.text, people)}</div></div></div></div>'
    )


def _autocomplete(step: Step, people: People) -> str:
    focused = step.options[-1][0] if step.options else ""
    rows = "".join(
        f'<div class="choice{" selected" if index == 0 else ""}">'
        f"{html.escape(str(choice.get('name', '')))}</div>"
        for index, choice in enumerate(step.choices)
    )
    return (
        f'<div class="typing"><div class="popup"><div class="popup-title">'
        f"{html.escape(step.command)} · {html.escape(focused)}</div>{rows}</div>"
        f'<div class="input"><span class="command">{html.escape(step.command)}</span>'
        f"{_options(step.options, people)}<span class='caret'>|</span></div></div>"
    )


def render_step(step: Step, people: People, index: int) -> str:
    """One step as it would look in the channel."""
    clock = f"Today at 20:{index:02d}"
    if step.kind == "note":
        return _note(step, people, clock)
    if step.kind == "autocomplete":
        return _autocomplete(step, people)
    return _bot_message(step, people, clock)


def render_page(steps: Sequence[Step], people: People, title: str, lang: str = "en") -> str:
    """A whole HTML document with the given steps, in a channel frame."""
    body = "\n".join(render_step(step, people, i) for i, step in enumerate(steps, 1))
    return (
        f'<!doctype html><html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
        f'<div class="channel"><div class="topbar"># {html.escape(title)}</div>'
        f"{body}</div></body></html>\n"
    )


CSS = """
body{margin:0;background:#313338;color:#dbdee1;font:15px/1.375 "Noto Sans","DejaVu Sans",
 "Helvetica Neue",Arial,sans-serif}
.channel{max-width:860px;padding:0 0 12px}
.topbar{padding:10px 16px;font-weight:600;color:#f2f3f5;border-bottom:1px solid #1f2023;
 margin-bottom:8px}
.message{padding:4px 16px 6px 16px;margin-top:10px}
.ephemeral-bg{background:rgba(88,101,242,.06)}
.row{display:flex;gap:14px}
.avatar{flex:0 0 40px;width:40px;height:40px;border-radius:50%;color:#fff;font-weight:700;
 display:flex;align-items:center;justify-content:center;font-size:15px}
.main{min-width:0;flex:1}
.head{display:flex;align-items:baseline;gap:6px}
.name{color:#f2f3f5;font-weight:600}
.bot-tag{background:#5865f2;color:#fff;font-size:10px;font-weight:700;padding:0 4px;
 border-radius:3px;line-height:15px}
.clock{color:#949ba4;font-size:12px}
.reply{font-size:13px;color:#b5bac1;margin:0 0 4px 36px;padding-left:22px;display:flex;
 align-items:center;gap:5px;position:relative}
.reply:before{content:"";position:absolute;left:0;top:9px;width:16px;height:10px;
 border-left:2px solid #4e5058;border-top:2px solid #4e5058;border-top-left-radius:6px}
.reply b{color:#dbdee1;font-weight:600}
.mini{width:16px;height:16px;border-radius:50%;flex:0 0 16px}
.command{color:#c9cdfb;background:rgba(88,101,242,.3);border-radius:3px;padding:0 3px}
.muted{color:#949ba4}
.used-options{display:inline-flex;flex-wrap:wrap;gap:4px;margin-left:2px}
.used-options .opt{font-size:12px;padding:0 5px}
.content{white-space:normal;word-wrap:break-word}
.mention{color:#c9cdfb;background:rgba(88,101,242,.3);border-radius:3px;padding:0 2px;
 font-weight:500}
.time{background:rgba(255,255,255,.06);border-radius:3px;padding:0 2px}
code{background:#2b2d31;border-radius:3px;padding:0 3px;font-size:85%}
pre{background:#2b2d31;border:1px solid #1e1f22;border-radius:4px;padding:7px;margin:4px 0;
 font-size:13px;white-space:pre-wrap;font-family:"DejaVu Sans Mono",Consolas,monospace}
.embed{background:#2b2d31;border-left:4px solid #1e1f22;border-radius:4px;
 padding:8px 16px 12px 12px;margin-top:4px;max-width:520px}
.e-author{font-size:13px;font-weight:600;margin-top:6px;color:#f2f3f5}
.e-title{font-weight:700;color:#f2f3f5;margin-top:6px;font-size:16px}
.e-desc{font-size:14px;margin-top:6px}
.e-fields{display:flex;flex-wrap:wrap;gap:8px 16px;margin-top:8px}
.e-field{font-size:14px;min-width:0}
.e-field.inline{flex:1 1 140px}
.e-field.full{flex:1 1 100%}
.f-name{font-weight:700;color:#f2f3f5;margin-bottom:2px}
.e-image{display:block;max-width:100%;border-radius:4px;margin-top:12px}
.e-footer{font-size:12px;color:#b5bac1;margin-top:8px}
.buttons{display:flex;gap:8px;margin-top:8px}
.button{display:inline-block;color:#fff;font-size:14px;font-weight:500;padding:2px 16px;
 line-height:28px;border-radius:3px}
.button.small{font-size:12px;padding:0 8px;line-height:20px}
.primary{background:#5865f2}.secondary{background:#4e5058}.success{background:#248046}
.danger{background:#da373c}.link{color:#00a8fc}.disabled{opacity:.5}
.ephemeral{font-size:12px;color:#949ba4;margin-top:6px}
.typing{margin:14px 16px 4px}
.popup{background:#2b2d31;border-radius:8px 8px 0 0;padding:8px 0;box-shadow:0 0 0 1px #1e1f22}
.popup-title{font-size:12px;font-weight:700;text-transform:uppercase;color:#b5bac1;
 padding:0 12px 6px}
.choice{padding:6px 12px;font-size:14px;color:#dbdee1}
.choice.selected{background:#404249;border-radius:4px;margin:0 6px;padding:6px}
.input{background:#383a40;border-radius:0 0 8px 8px;padding:11px 14px;display:flex;gap:6px;
 flex-wrap:wrap;align-items:center}
.opt{background:#1e1f22;border-radius:4px;padding:1px 6px;font-size:14px}
.opt-name{color:#949ba4;margin-right:4px}
.opt-name:after{content:":"}
.caret{color:#dbdee1;font-weight:300}
"""
