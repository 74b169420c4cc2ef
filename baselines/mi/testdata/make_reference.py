#!/usr/bin/env python3
"""Reference mutual information estimates from scikit-learn for baselines/mi.

Invocation (from baselines/mi), with Debian's python3-sklearn 1.2.1,
python3-scipy 1.10.1 and python3-numpy 1.24.2:

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        testdata/make_reference.py > testdata/reference.json

For every case it writes
  - "scores": the estimate of mutual_info_classif without its noise, i.e.
    sklearn.feature_selection._mutual_info._compute_mi_cd(x, y, n_neighbors)
    on every column x of sklearn.preprocessing.scale(X, with_mean=False), the
    data mutual_info_classif hands to _compute_mi_cd before adding noise (X in
    C order: NumPy sums a Fortran-ordered column pairwise, which can change
    the last bit of its standard deviation);
  - "ranking": the columns by decreasing score, equal scores in column order
    (np.argsort(-scores, kind="stable"));
  - "noisy": mutual_info_classif(X, y, n_neighbors=..., random_state=0), with
    scikit-learn's noise (whose NumPy stream gsbench cannot reproduce).
"""
import json
import os
import sys

import numpy as np
import scipy.io
from sklearn.feature_selection import mutual_info_classif
from sklearn.feature_selection._mutual_info import _compute_mi_cd
from sklearn.preprocessing import scale

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
    return m["X"].astype(float), m["Y"].ravel().astype(int) - 1


def synthetic():
    # 60 samples of 4 classes, one of them a single sample (left out by the
    # estimator) and one of two samples (k = 1 for them); a constant column,
    # a duplicated one and one with repeated values.
    rng = np.random.RandomState(3)
    y = np.array([0] * 30 + [1] * 27 + [2] * 2 + [3])
    X = rng.randn(60, 6)
    X[:, 0] += 1.5 * (y == 1)
    X[:, 2] = np.round(X[:, 2] + (y == 0), 0)
    X[:, 3] = -7.5
    X[:, 4] = X[:, 0]
    X[:, 5] = 100 * X[:, 5] + 40 * (y == 2)
    return X, y


cases = []
for name, load, ks in [
    ("wine", wine, [3, 1]),
    ("sonar", sonar, [3, 7]),
    ("isolet", isolet, [3]),
    ("synthetic", synthetic, [3, 2]),
]:
    X, y = load()
    X = np.ascontiguousarray(X)  # loadmat gives Fortran order, whose axis-0 sums NumPy pairs
    Xs = scale(X, with_mean=False)
    for k in ks:
        s = np.array([_compute_mi_cd(Xs[:, j], y, k) for j in range(X.shape[1])])
        noisy = mutual_info_classif(X, y, n_neighbors=k, random_state=0)
        case = {"name": "%s/k=%d" % (name, k), "data": name, "n_neighbors": k,
                "scores": s.tolist(), "ranking": np.argsort(-s, kind="stable").tolist(),
                "noisy": noisy.tolist()}
        if name == "synthetic":
            case["X"], case["y"] = X.tolist(), y.tolist()
        cases.append(case)
json.dump({"reference": "scikit-learn 1.2.1 mutual_info_classif / _compute_mi_cd", "cases": cases},
          sys.stdout, indent=1)
sys.stdout.write("\n")
