#!/usr/bin/env python3
"""Reference mRMR selections from scikit-feature for baselines/mrmr's tests.

Invocation (from baselines/mrmr), with scikit-feature checked out from
jundongl/scikit-feature at commit 48cffad4e88ff4b9d2f1c7baffb314d1b3303792
into SKF (the directory holding the skfeature package), and Debian's
python3-sklearn 1.2.1, python3-numpy 1.24.2 and python3-scipy:

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        testdata/make_reference.py SKF > testdata/reference.json

For every case it discretizes X as gsbench's mrmr package documents, runs
skfeature.function.information_theoretical_based.MRMR.mrmr(Xd, y[,
n_selected_features=k]) and writes F ("selected"), J_CMI ("criterion") and
MIfy ("relevance" of the selected features).
"""
import json
import os
import sys

import numpy as np
import scipy.io

sys.path.insert(0, sys.argv[1])
from skfeature.function.information_theoretical_based import MRMR  # noqa: E402
from skfeature.utility.data_discretization import data_discretization  # noqa: E402

DATA = os.environ["GSBENCH_DATA"]


def wine():
    a = np.loadtxt(os.path.join(DATA, "Wine/wine_data.csv"), delimiter=",", skiprows=1)
    return a[:, :-1], a[:, -1].astype(int)


def sonar():
    rows = [l.strip().split(",") for l in open(os.path.join(DATA, "Sonar/sonar.all-data")) if l.strip()]
    X = np.array([[float(v) for v in r[:-1]] for r in rows])
    names = []
    for r in rows:
        if r[-1] not in names:
            names.append(r[-1])
    return X, np.array([names.index(r[-1]) for r in rows])


def isolet():
    m = scipy.io.loadmat(os.path.join(DATA, "Isolet/Isolet.mat"))
    return np.ascontiguousarray(m["X"], dtype=float), m["Y"].ravel().astype(int) - 1


def synthetic():
    # 60 samples, 3 classes, 8 small-integer features: 0, 3 and 5 depend on
    # the class, 6 is constant, 7 duplicates 0.
    rng = np.random.RandomState(5)
    y = np.arange(60) % 3
    X = rng.randint(0, 4, size=(60, 8)).astype(float)
    X[:, 0] = np.where(rng.rand(60) < 0.7, y, X[:, 0])
    X[:, 3] = np.where(rng.rand(60) < 0.4, y + 1, X[:, 3])
    X[:, 5] = np.where(rng.rand(60) < 0.5, (y == 2) * 3.0, X[:, 5])
    X[:, 6] = 2.0
    X[:, 7] = X[:, 0]
    return X, y


def discretize(X, how, bins=5, threshold=1.0):
    if how == "truncate":
        return np.trunc(X)
    if how == "round":  # nearest integer, halves away from zero (exact)
        t = np.trunc(X)
        return np.where(np.abs(X - t) >= 0.5, t + np.sign(X), t)
    if how == "equal_width":
        return data_discretization(X, bins)
    if how == "zscore":
        z = (X - X.mean(0)) / X.std(0, ddof=1)
        return np.where(z > threshold, 1.0, np.where(z < -threshold, -1.0, 0.0))
    assert how == "none"
    return X


cases = []
for name, load, how, k, extra in [
    ("wine", wine, "truncate", 0, {}),
    ("wine", wine, "equal_width", 0, {"bins": 5}),
    ("sonar", sonar, "zscore", 0, {"threshold": 1.0}),
    ("sonar", sonar, "round", 20, {}),
    ("isolet", isolet, "equal_width", 20, {"bins": 5}),
    ("isolet", isolet, "truncate", 10, {}),
    ("synthetic", synthetic, "none", 0, {}),
    ("synthetic", synthetic, "none", -1, {}),  # no n_selected_features: stop at a negative criterion
]:
    X, y = load()
    Xd = discretize(X, how, **extra)
    if k == -1:
        F, J, MIfy = MRMR.mrmr(Xd, y)
    else:
        F, J, MIfy = MRMR.mrmr(Xd, y, n_selected_features=k if k > 0 else X.shape[1])
    case = {"name": "%s/%s/k=%d" % (name, how, k), "data": name, "discretize": how, "k": k,
            "selected": [int(f) for f in F], "criterion": [float(v) for v in J],
            "relevance": [float(v) for v in MIfy]}
    case.update(extra)
    if name == "synthetic":
        case["X"], case["y"] = X.tolist(), y.tolist()
    cases.append(case)
json.dump({"reference": "scikit-feature 48cffad4e88ff4b9d2f1c7baffb314d1b3303792 MRMR.mrmr", "cases": cases},
          sys.stdout, indent=1)
sys.stdout.write("\n")
