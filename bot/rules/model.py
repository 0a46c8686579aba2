"""The shipped topic model: a linear classifier over ``features.py``, read from one ``.npz``.

``python -m bot.rules.train`` learns it from the labelled questions and the topic texts and
writes ``rules_data/model/topics.npz``. Scores are turned into probabilities by a softmax whose
temperature was fitted on held-out questions, so "0.9" means about nine in ten such answers are
right, and the reply kinds (``answer.decide``) rest on it. Small talk is one more class
(``examples.OFF_TOPIC``). A second, four-class head tells the question's language for a reply
when the user's locale does not say.

Why answering does not use numpy: importing it costs the bot ~11 MiB of memory for its whole
life, a tenth of the process, to multiply ~200 rows of 26 weights per question. The bot reads
the ``.npz`` (a zip of ``.npy`` files: a small header and the raw little-endian values, see
``NpyArray``) into the standard library's ``array`` and ``bytes`` (the weights stay float16,
as shipped, and a question unpacks only its own rows with ``struct``), and scores in plain
Python. Training, evaluation and ``save`` still use numpy (the ``rows``, ``weights``... properties
hand numpy arrays to them, imported on first use).
"""

from __future__ import annotations

import ast
import functools
import io
import math
import struct
import sys
import zipfile
from array import array
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from operator import mul
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.rules.features import DIM, FEATURIZER_VERSION, counts
from bot.scoring.variants import rules_data_dir

if TYPE_CHECKING:
    from numpy.typing import NDArray

ARRAYS = ("rows", "idf", "weights", "bias", "lang_weights", "lang_bias")
NPY_MAGIC = b"\x93NUMPY"


def model_path() -> Path:
    return rules_data_dir() / "model" / "topics.npz"


@dataclass(frozen=True)
class Prediction:
    ranking: tuple[tuple[str, float], ...]
    """Every class (topics and ``off_topic``) with its probability, best first."""
    language: str | None
    """The language the question reads as, or None when none of its features is known."""


class StaleModelError(Exception):
    """The weights file was made by another featurizer: retrain (``python -m bot.rules.train``)."""


@dataclass(frozen=True)
class NpyArray:
    """One array as ``.npy`` stores it: numpy's dtype string, shape, and the raw bytes.

    Only what the model file holds is understood: little-endian integers and floats (``<i4``,
    ``<i8``, ``<f2``, ``<f4``, ``<f8``) and fixed-width unicode (``<U``), in C order."""

    dtype: str
    shape: tuple[int, ...]
    data: bytes

    @classmethod
    def parse(cls, raw: bytes, name: str = "array") -> NpyArray:
        if raw[:6] != NPY_MAGIC:
            raise StaleModelError(f"{name}: not a .npy array")
        size_format, start = ("<H", 10) if raw[6] == 1 else ("<I", 12)
        (header_len,) = struct.unpack_from(size_format, raw, 8)
        header = ast.literal_eval(raw[start : start + header_len].decode("latin-1"))
        if header["fortran_order"] or header["descr"][0] not in "<|":
            raise StaleModelError(f"{name}: unsupported layout {header}")
        return cls(header["descr"], tuple(header["shape"]), raw[start + header_len :])

    @classmethod
    def of(cls, value: Any) -> NpyArray:
        """From a numpy array (training hands those over) or an NpyArray, without numpy."""
        if isinstance(value, NpyArray):
            return value
        return cls(value.dtype.str, tuple(value.shape), value.tobytes(order="C"))

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def values(self) -> list[Any]:
        """Every element, flat, as Python numbers or strings."""
        kind, width = self.dtype[1], int(self.dtype[2:])
        if kind == "U":
            text = self.data[: self.size * width * 4].decode("utf-32-le")
            return [text[i : i + width].rstrip("\0") for i in range(0, len(text), width)]
        code = {("i", 4): "i", ("i", 8): "q", ("f", 2): "e", ("f", 4): "f", ("f", 8): "d"}
        if (kind, width) not in code:
            raise StaleModelError(f"unsupported dtype {self.dtype}")
        return list(struct.unpack_from(f"<{self.size}{code[kind, width]}", self.data))

    def tolist(self) -> Any:
        """Like numpy's ``tolist`` for 0-d and 1-d arrays (all the metadata is)."""
        flat = self.values()
        return flat[0] if not self.shape else flat

    def stdlib_array(self, typecode: str) -> array[Any]:
        """The values in an ``array`` of ``typecode`` (same width as the dtype: no copy made)."""
        result = array(typecode)
        result.frombytes(self.data[: self.size * result.itemsize])
        if sys.byteorder != "little":
            result.byteswap()
        return result

    def numpy(self) -> NDArray[Any]:
        import numpy as np

        return np.frombuffer(self.data, np.dtype(self.dtype), count=self.size).reshape(self.shape)


class TopicModel:
    """Weights for the buckets training saw (``rows``, sorted), one column per class."""

    def __init__(self, arrays: Mapping[str, Any], meta: dict[str, object]) -> None:
        if meta.get("featurizer") != FEATURIZER_VERSION or meta.get("dim") != DIM:
            raise StaleModelError("the topic model is stale: run `python -m bot.rules.train`")
        self.npy = {name: NpyArray.of(arrays[name]) for name in ARRAYS}
        self.meta = meta
        self.classes: tuple[str, ...] = tuple(meta["classes"])  # type: ignore[call-overload]
        self.langs: tuple[str, ...] = tuple(meta["langs"])  # type: ignore[call-overload]
        self.temperature = float(meta["temperature"])  # type: ignore[arg-type]
        self.unseen_idf = float(meta["unseen_idf"])  # type: ignore[arg-type]
        npy = self.npy
        if npy["rows"].dtype != "<i4" or npy["idf"].dtype != "<f4":
            raise StaleModelError("the topic model's rows must be int32 and its idf float32")
        # ``features.vector`` weighs unseen buckets at float32 precision (numpy's ``where`` with
        # the float32 idf): the same here, or probabilities drift by ~1e-9.
        self._unseen_idf = array("f", [self.unseen_idf])[0]
        self._rows = npy["rows"].stdlib_array("i")
        self._idf = npy["idf"].stdlib_array("f")
        self._bias = [float(b) for b in npy["bias"].values()]
        self._lang_bias = [float(b) for b in npy["lang_bias"].values()]
        self._heads = (
            (_RowReader(npy["weights"], len(self.classes)), self._bias),
            (_RowReader(npy["lang_weights"], len(self.langs)), self._lang_bias),
        )

    @property
    def data_hash(self) -> str:
        return str(self.meta["data_hash"])

    # numpy views, for training, evaluation and tests (numpy is imported on first use).
    @property
    def arrays(self) -> dict[str, NDArray[Any]]:
        return {name: self.npy[name].numpy() for name in ARRAYS}

    @property
    def rows(self) -> NDArray[Any]:
        return self.npy["rows"].numpy()

    @property
    def idf(self) -> NDArray[Any]:
        return self.npy["idf"].numpy()

    @property
    def weights(self) -> NDArray[Any]:
        return self.npy["weights"].numpy()

    @property
    def bias(self) -> NDArray[Any]:
        return self.npy["bias"].numpy()

    @property
    def lang_weights(self) -> NDArray[Any]:
        return self.npy["lang_weights"].numpy()

    @property
    def lang_bias(self) -> NDArray[Any]:
        return self.npy["lang_bias"].numpy()

    def features(self, text: str) -> list[tuple[int, float]]:
        """(row, value) for each bucket of ``text`` training saw: ``features.vector`` without
        numpy (a test holds the two equal). Each group is TF-IDF weighted (sublinear tf) and
        L2-normalised on its own, unseen buckets counting in the length with ``unseen_idf``."""
        rows, idf, count = self._rows, self._idf, len(self._rows)
        found: list[tuple[int, float]] = []
        for group in counts(text):
            if not group:
                continue
            known: list[tuple[int, float]] = []
            length = 0.0
            for bucket, n in group.items():
                pos = bisect_left(rows, bucket)
                seen = pos < count and rows[pos] == bucket
                weight = (1.0 + math.log(n)) * (idf[pos] if seen else self._unseen_idf)
                length += weight * weight
                if seen:
                    known.append((pos, weight))
            norm = math.sqrt(length)
            found += [(pos, weight / norm) for pos, weight in known]
        return found

    def predict(self, text: str) -> Prediction:
        features = self.features(text)
        (topics, bias), (langs, lang_bias) = self._heads
        scores = topics.scores(features, bias)
        top = max(scores)
        exp = [math.exp((s - top) / self.temperature) for s in scores]
        total = sum(exp)
        probs = [e / total for e in exp]
        order = sorted(range(len(probs)), key=lambda i: (-probs[i], self.classes[i]))
        language = None
        if features:
            lang_scores = langs.scores(features, lang_bias)
            language = self.langs[lang_scores.index(max(lang_scores))]
        return Prediction(tuple((self.classes[i], probs[i]) for i in order), language)

    def save(self, path: Path) -> None:
        """Write the model byte for byte the same for the same weights (fixed zip dates)."""
        import numpy as np

        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {k: np.asarray(v) for k, v in self.meta.items()}
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, array_ in {
                **self.arrays,
                **{f"meta_{k}": v for k, v in meta.items()},
            }.items():
                buffer = io.BytesIO()
                np.lib.format.write_array(buffer, np.asarray(array_), allow_pickle=False)
                info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, buffer.getvalue())

    @classmethod
    def read(cls, path: Path) -> TopicModel:
        with zipfile.ZipFile(path) as archive:
            stored = {
                name.removesuffix(".npy"): NpyArray.parse(archive.read(name), name)
                for name in archive.namelist()
            }
        arrays = {name: stored[name] for name in ARRAYS}
        meta = {k[5:]: v.tolist() for k, v in stored.items() if k.startswith("meta_")}
        return cls(arrays, meta)


class _RowReader:
    """Rows of a float16 weight matrix, unpacked one at a time from the shipped bytes."""

    def __init__(self, weights: NpyArray, columns: int) -> None:
        if weights.dtype != "<f2" or weights.shape[1:] != (columns,):
            raise StaleModelError(f"weights must be float16 with {columns} columns")
        self.data = weights.data
        self.row = struct.Struct(f"<{columns}e")

    def scores(self, features: list[tuple[int, float]], bias: list[float]) -> list[float]:
        """``bias`` + the sum of each feature's value times its row.

        Column by column (``zip(*rows)``) so the multiply-adds run in ``sum(map(mul, ...))``,
        not a Python loop: three times faster for a typical question's ~150 rows."""
        if not features:
            return list(bias)
        unpack, stride, data = self.row.unpack_from, self.row.size, self.data
        values = [value for _pos, value in features]
        rows = [unpack(data, pos * stride) for pos, _value in features]
        return [
            b + sum(map(mul, values, column))
            for b, column in zip(bias, zip(*rows, strict=True), strict=True)
        ]


@functools.cache
def shipped_model() -> TopicModel:
    """The model shipped in ``rules_data/model``, read once per process."""
    return TopicModel.read(model_path())
