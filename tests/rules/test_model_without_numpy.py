"""The bot scores questions without numpy, and gets what the numpy formulation gets.

Why: numpy costs the bot ~11 MiB for its lifetime (``bot/rules/model.py``). These tests hold the
plain-Python reading and scoring to numpy's (the file as ``np.load`` reads it, and the
``features.vector`` + matrix product training uses), and check that a bot process answering a
rules question has loaded neither numpy nor Alembic.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.features import vector
from bot.rules.model import TopicModel, model_path, shipped_model
from bot.rules.train import question_docs


def _numpy_probabilities(model: TopicModel, text: str) -> tuple[np.ndarray, str | None]:
    pos, values = vector(text, model.rows.astype(np.int64), model.idf, model.unseen_idf)
    scores = values @ model.weights[pos].astype(np.float32) + model.bias
    exp = np.exp((scores - scores.max()) / model.temperature)
    language = None
    if len(pos):
        lang_scores = values @ model.lang_weights[pos].astype(np.float32) + model.lang_bias
        language = model.langs[int(lang_scores.argmax())]
    return exp / exp.sum(), language


def _assert_same_as_numpy(text: str) -> None:
    model = shipped_model()
    expected, language = _numpy_probabilities(model, text)
    got = dict(model.predict(text).ranking)
    assert max(abs(got[c] - expected[i]) for i, c in enumerate(model.classes)) < 1e-9
    assert model.predict(text).language == language


def test_the_file_reads_as_numpy_reads_it() -> None:
    model = shipped_model()
    with np.load(model_path(), allow_pickle=False) as data:
        for key in data.files:
            if key.startswith("meta_"):
                assert model.meta[key[5:]] == data[key].tolist(), key
            else:
                assert data[key].dtype == model.npy[key].numpy().dtype, key
                assert np.array_equal(data[key], model.npy[key].numpy()), key


def test_every_labelled_question_scores_as_with_numpy() -> None:
    for doc in question_docs()[::7]:
        _assert_same_as_numpy(doc.text)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=120))
def test_any_text_scores_as_with_numpy(text: str) -> None:
    _assert_same_as_numpy(text)


def test_a_model_built_from_numpy_arrays_predicts_the_same() -> None:
    """Training hands numpy arrays to ``TopicModel``; the result must answer like the file."""
    shipped = shipped_model()
    rebuilt = TopicModel(shipped.arrays, dict(shipped.meta))
    for question in ("can we take the frozen pile?", "montako korttia jaetaan", ""):
        assert rebuilt.predict(question) == shipped.predict(question)


def test_the_bot_answering_a_rules_question_loads_neither_numpy_nor_alembic() -> None:
    script = textwrap.dedent(
        """
        import sys
        import bot.discord_app.runner
        from bot.discord_app.cogs import discover_extensions
        discover_extensions()
        from bot.rules.model import shipped_model
        shipped_model().predict("how many points is a red three worth?")
        print(sorted({"numpy", "alembic", "mako"} & set(sys.modules)))
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    assert out.strip() == "[]"
