#!/usr/bin/env python3
"""Reference ReliefF scores from scikit-feature for baselines/relieff's tests.

Invocation (from baselines/relieff), with scikit-feature checked out from
jundongl/scikit-feature at commit 48cffad4e88ff4b9d2f1c7baffb314d1b3303792
into SKF (the directory holding the skfeature package), and python3-sklearn,
python3-scipy, python3-numpy from Debian (scikit-learn 1.2.1, NumPy 1.24.2):

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        testdata/make_reference.py SKF > testdata/reference.json

It writes, for every case, the scores of skfeature.function.similarity_based.
reliefF.reliefF(X, y, k=...) and the ranking of its feature_ranking.
"""
import json
import os
import sys

import numpy as np
import scipy.io

sys.path.insert(0, sys.argv[1])
from skfeature.function.similarity_based import reliefF  # noqa: E402

DATA = os.environ["GSBENCH_DATA"]


def wine():
    a = np.loadtxt(os.path.join(DATA, "Wine/wine_data.csv"), delimiter=",", skiprows=1)
    return a[:, :-1], a[:, -1].astype(int)


def sonar():
    rows = [l.strip().split(",") for l in open(os.path.join(DATA, "Sonar/sonar.all-data")) if l.strip()]
    X = np.array([[float(v) for v in r[:-1]] for r in rows])
    names = []
    for r in rows:  # labels in order of first appearance, as gsbench's loader
        if r[-1] not in names:
            names.append(r[-1])
    return X, np.array([names.index(r[-1]) for r in rows])


def isolet():
    m = scipy.io.loadmat(os.path.join(DATA, "Isolet/Isolet.mat"))
    return m["X"].astype(float), m["Y"].ravel().astype(int) - 1


def synthetic():
    # 45 samples, 3 classes (one of 4 samples, fewer than k + 1), 6 features
    # of different relevance and a constant one.
    rng = np.random.RandomState(7)
    y = np.array([0] * 21 + [1] * 20 + [2] * 4)
    X = rng.randn(45, 7)
    X[:, 1] += 2.0 * y
    X[:, 3] += 0.7 * (y == 2)
    X[:, 4] = np.round(X[:, 4], 1)  # ties in the distances
    X[:, 6] = 3.0
    return X, y


cases = []
for name, load, ks, rows in [
    ("wine", wine, [5, 1], None),
    ("sonar", sonar, [5, 10], None),
    ("isolet", isolet, [5], None),
    ("synthetic", synthetic, [5, 3], None),
]:
    X, y = load()
    for k in ks:
        score = reliefF.reliefF(X.copy(), y, k=k)
        case = {"name": "%s/k=%d" % (name, k), "data": name, "n_neighbors": k,
                "scores": score.tolist(), "ranking": reliefF.feature_ranking(score).tolist()}
        if name == "synthetic":
            case["X"], case["y"] = X.tolist(), y.tolist()
        cases.append(case)
json.dump({"reference": "scikit-feature 48cffad4e88ff4b9d2f1c7baffb314d1b3303792 reliefF",
           "cases": cases}, sys.stdout, indent=1)
sys.stdout.write("\n")
