"""Weight files of the learned models (the /rules topic model, the /round say tagger): numpy
arrays and a few metadata values in one ``.npz``. Why one writer: the files are committed and a
test compares them with a fresh training run, so the same weights must give the same bytes
(fixed zip dates, no pickles), and loading needs numpy alone."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

META = "meta_"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def save_weights(path: Path, arrays: Mapping[str, Any], meta: Mapping[str, Any]) -> None:
    """Write ``arrays`` and ``meta`` (stored as ``meta_<key>``) byte for byte reproducibly."""
    path.parent.mkdir(parents=True, exist_ok=True)
    members = {**arrays, **{f"{META}{k}": v for k, v in meta.items()}}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, array in members.items():
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, np.asarray(array), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, buffer.getvalue())


def read_weights(path: Path, names: Iterable[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The arrays called ``names`` and the metadata as plain Python values."""
    with np.load(path, allow_pickle=False) as data:
        arrays = {name: data[name] for name in names}
        meta = {k[len(META) :]: data[k].tolist() for k in data.files if k.startswith(META)}
    return arrays, meta
