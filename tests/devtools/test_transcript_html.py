"""The Discord-looking transcript draws what the bot sent, escaped, as Discord would."""

from __future__ import annotations

from bot.devtools.transcript_html import People, Step, render_page

PEOPLE = People({1: "Alice", 2: "Bob"}, bot_id=9, bot_name="Canasta")


def test_a_private_reply_with_an_embed_buttons_and_mentions() -> None:
    message = {
        "content": "Sure, <@2>?",
        "flags": 64,
        "embeds": [
            {
                "title": "Round **1** <script>",
                "color": 0x2ECC71,
                "fields": [{"name": "North", "value": "Total: **2300**", "inline": True}],
            }
        ],
        "components": [
            {"type": 1, "components": [{"type": 2, "style": 4, "label": "Yes, end the game"}]}
        ],
    }
    page = render_page([Step(1, "slash", "/game end", message=message)], PEOPLE, "canasta")
    assert "Round <b>1</b> &lt;script&gt;" in page
    assert "<script>" not in page.split("</style>", 1)[1]
    assert "border-left-color:#2ecc71" in page
    assert '<span class="mention">@Bob</span>' in page
    assert '<span class="button danger">Yes, end the game</span>' in page
    assert "Only you can see this" in page
    assert "Total: <b>2300</b>" in page


def test_autocomplete_is_a_list_above_the_message_box_and_notes_are_plain_messages() -> None:
    steps = [
        Step(1, "autocomplete", "/round add", [("side1", "700 2n")], choices=[{"name": "a → 9"}]),
        Step(2, "note", text="I typed the sides the wrong way round"),
    ]
    page = render_page(steps, PEOPLE, "canasta")
    assert '<div class="choice selected">a → 9</div>' in page
    assert '<span class="opt-name">side1</span>700 2n' in page
    assert "I typed the sides the wrong way round" in page
    assert "Only you can see this" not in page
