#!/usr/bin/env python3
"""Reference USFSM scores from the QMR-FS authors' own implementation.

USFSM is not in the Auto-UFSTool toolbox: the QMR-FS paper ran the authors'
Python implementation, src/qmrfs/baselines/usfsm.py of
github.com/ciwanceylan/qmr-feature-selection. This script imports two
versions of that file, given on the command line, and records, for each case,
gamma(all) - gamma(without feature r) for every feature r computed with their
functions (compute_W, compute_L, get_spectrum, gamma_function), the ranking
(decreasing score, ties by index), and the top-k mask their usfsm(X, k)
returns:

  * float64: the numpy version of commit b986b6a (eigvals in float64);
  * float32: the numba version of commit d839b0b (HEAD, the one the paper's
    experiments ran: features cast to float32, eigvalsh in float32). Debian's
    numba 0.56 cannot compile it (it indexes with np.newaxis; the authors
    used numba 0.59), so its functions run as plain Python here, numba.jit
    replaced by the identity: the same float32 operations, with numpy's
    summation order instead of numba's.

Command (Debian's python3 with numpy 1.24, numba 0.56):

  git -C QMRREPO show b986b6a:src/qmrfs/baselines/usfsm.py > /tmp/usfsm_b986b6a.py
  git -C QMRREPO show d839b0b:src/qmrfs/baselines/usfsm.py > /tmp/usfsm_d839b0b.py
  GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \\
      baselines/usfsm/testdata/make_reference.py /tmp/usfsm_b986b6a.py /tmp/usfsm_d839b0b.py \\
      > baselines/usfsm/testdata/qmrfs_authors_usfsm.json
"""
import contextlib
import importlib.util
import json
import os
import sys

import numpy as np


def load(name, path, nojit=False):
    if nojit:
        import numba
        numba.jit = lambda *args, **kwargs: (lambda f: f)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def scores64(mod, X, c):
    gamma = mod.gamma_function(mod.get_spectrum(X), k=c)
    out = []
    for r in range(X.shape[1]):
        keep = np.ones(X.shape[1], dtype=bool)
        keep[r] = False
        out.append(gamma - mod.gamma_function(mod.get_spectrum(X[:, keep]), k=c))
    return np.real(np.asarray(out)).astype(float), float(np.real(gamma))


def scores32(mod, X, c):
    X = np.ascontiguousarray(X, dtype=np.float32)
    X.setflags(write=False)
    gamma = mod.gamma_function(mod.get_spectrum(mod.compute_L_from_features(X)), c)
    out = []
    for r in range(X.shape[1]):
        keep = np.ones(X.shape[1], dtype=bool)
        keep[r] = False
        sub = np.ascontiguousarray(X[:, keep])
        sub.setflags(write=False)
        out.append(gamma - mod.gamma_function(mod.get_spectrum(mod.compute_L_from_features(sub)), c))
    return np.asarray(out, dtype=float), float(gamma)


def dataset(name):
    root = os.environ["GSBENCH_DATA"]
    if name == "wine":
        return np.loadtxt(os.path.join(root, "Wine", "wine_data.csv"), delimiter=",", skiprows=1)[:, :13]
    if name == "heart-statlog":
        return np.loadtxt(os.path.join(root, "HeartStatlog", "heart.dat"))[:, :13]
    raise ValueError(name)


def cases():
    rng = np.random.RandomState(19)
    X = rng.randn(40, 6)
    for c in (2, 3, 5):
        yield "normal-40x6", X, c, True
    # Uniform values with three integer-coded (categorical-like) columns and
    # one column carrying two clusters.
    Y = rng.rand(60, 10)
    Y[:, 2] = rng.randint(0, 4, 60)
    Y[:, 5] = rng.randint(0, 2, 60)
    Y[:, 7] = rng.randint(0, 3, 60)
    Y[:30, 9] += 2
    yield "mixed-60x10", Y, 4, True
    for name in ("wine", "heart-statlog"):
        D = dataset(name)
        for c in (5, 8):  # 40 % and 60 % of the 13 features (Table 2)
            yield name, D, c, None
    yield "wine-rows0-59", dataset("wine")[:60], 3, None


def main():
    m64 = load("usfsm64", sys.argv[1])
    m32 = load("usfsm32", sys.argv[2], nojit=True)
    out = []
    for name, X, c, inline in cases():
        s64, g64 = scores64(m64, X, c)
        s32, g32 = scores32(m32, X, c)
        with contextlib.redirect_stdout(sys.stderr):  # usfsm_ prints its progress
            _, mask = m64.usfsm(X, c)
            _, mask32 = m32.usfsm(X, c)
        case = {
            "name": name,
            "n_clusters": c,
            "gamma": g64,
            "scores": s64.tolist(),
            "ranking": np.argsort(-s64, kind="stable").tolist(),
            "selected_mask": mask.astype(int).tolist(),
            "gamma_float32": g32,
            "scores_float32": s32.tolist(),
            "ranking_float32": np.argsort(-s32, kind="stable").tolist(),
            "selected_mask_float32": np.asarray(mask32).astype(int).tolist(),
        }
        if inline:
            case["x"] = X.tolist()
        out.append(case)
    json.dump({"cases": out}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
