#!/usr/bin/env python3
"""Reference RFS weights from scikit-feature for baselines/rfs's tests.

Invocation (from baselines/rfs), with scikit-feature checked out from
jundongl/scikit-feature at commit 48cffad4e88ff4b9d2f1c7baffb314d1b3303792
into SKF (the directory holding the skfeature package), and Debian's
python3-numpy 1.24.2 (with python3-scipy, python3-sklearn):

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        testdata/make_reference.py SKF > testdata/reference.json

For every case it runs skfeature.function.sparse_learning_based.RFS.rfs(X, Y,
gamma=...) with Y = construct_label_matrix(y), and writes the row norms of W
("scores"), the ranking of skfeature.utility.sparse_learning.feature_ranking
("ranking") and the number of iterations (counted by wrapping the objective
function rfs calls once per iteration).
"""
import json
import os
import sys

import numpy as np
import scipy.io

sys.path.insert(0, sys.argv[1])
from skfeature.function.sparse_learning_based import RFS  # noqa: E402
from skfeature.utility.sparse_learning import construct_label_matrix, feature_ranking  # noqa: E402

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


def isolet150():
    # The first 150 rows of Isolet (5 letters): more features than samples.
    m = scipy.io.loadmat(os.path.join(DATA, "Isolet/Isolet.mat"))
    return m["X"][:150].astype(float), m["Y"].ravel()[:150].astype(int) - 1


def synthetic():
    # 40 samples, 4 classes, 8 features: 3 informative, a constant one and
    # one duplicating the first.
    rng = np.random.RandomState(11)
    y = np.arange(40) % 4
    X = rng.randn(40, 8)
    X[:, 0] += 1.5 * (y == 1)
    X[:, 2] -= 2.0 * (y == 3)
    X[:, 5] += 0.8 * y
    X[:, 6] = 1.0
    X[:, 7] = X[:, 0]
    return X, y


calls = [0]
_obj = RFS.calculate_obj


def counted_obj(*a):
    calls[0] += 1
    return _obj(*a)


RFS.calculate_obj = counted_obj

cases = []
for name, load, gammas in [
    ("wine", wine, [1.0, 0.1]),
    ("sonar", sonar, [1.0, 0.1]),
    ("isolet150", isolet150, [1.0]),
    ("synthetic", synthetic, [1.0, 0.1]),
]:
    X, y = load()
    Y = construct_label_matrix(y)
    for g in gammas:
        calls[0] = 0
        W = RFS.rfs(X, Y, gamma=g)
        case = {"name": "%s/gamma=%g" % (name, g), "data": name, "gamma": g,
                "scores": np.sqrt((W * W).sum(1)).tolist(),
                "ranking": feature_ranking(W).tolist(), "iterations": calls[0]}
        if name in ("synthetic", "isolet150"):
            case["rows"] = X.shape[0]
        if name == "synthetic":
            case["X"], case["y"] = X.tolist(), y.tolist()
        cases.append(case)
json.dump({"reference": "scikit-feature 48cffad4e88ff4b9d2f1c7baffb314d1b3303792 RFS.rfs", "cases": cases},
          sys.stdout, indent=1)
sys.stdout.write("\n")
