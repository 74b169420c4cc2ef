#!/usr/bin/python3
"""Reference NDFS results from scikit-feature for package ndfs's
TestScikitFeature.

scikit-feature is not installable; its GitHub snapshot is unpacked in
/tmp/ref first (commit 48cffad4e88ff4b9d2f1c7baffb314d1b3303792 of
jundongl/scikit-feature, e.g. from a bare clone GIT_DIR):

    mkdir -p /tmp/ref && git --git-dir=GIT_DIR archive HEAD skfeature/__init__.py \
        skfeature/function skfeature/utility | tar x -C /tmp/ref

then, from the repository root (Debian's python3-sklearn 1.2.1, python3-scipy
1.10.1, python3-numpy 1.24.2):

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        baselines/ndfs/testdata/make_reference.py \
        > baselines/ndfs/testdata/scikit_feature_ndfs.json

scikit-feature's ndfs initializes F with k-means (kmeans_initialization,
whose KMeans arguments scikit-learn 1.2 no longer accepts). To make the
comparison deterministic, the partition is computed here once
(KMeans(n_clusters, n_init=10, random_state=0)), turned into
F0 = Y (Y'Y)^-1/2 + 0.02 as kmeans_initialization does, and given to
ndfs(X, W=W, n_clusters=c) (default alpha, beta, gamma) in place of
kmeans_initialization's result (its F0 argument cannot be used: ndfs then
fails, n_clusters being unbound); the test passes the same partition to
gsbench's NDFS. The objective of every
iteration is read from ndfs's verbose output. The affinity matrix is
construct_W's (stored as triplets).
"""
import contextlib
import io
import json
import os
import re
import sys

import numpy as np
import scipy
import scipy.io
import sklearn
import sklearn.cluster

sys.path.insert(0, "/tmp/ref")
from skfeature.function.sparse_learning_based import NDFS  # noqa: E402
from skfeature.utility.construct_W import construct_W  # noqa: E402

data = os.environ["GSBENCH_DATA"]


def case(name, X, c, t, source):
    W = construct_W(X, neighbor_mode="knn", weight_mode="heat_kernel", k=5, t=t)
    labels = sklearn.cluster.KMeans(n_clusters=c, n_init=10, random_state=0).fit(X).labels_
    n = X.shape[0]
    Y = np.zeros((n, c))
    Y[np.arange(n), labels] = 1
    F0 = Y @ np.sqrt(np.linalg.inv(Y.T @ Y)) + 0.02
    # ndfs(F0=...) fails (n_clusters is only bound when F0 is not given), so
    # its k-means initialization is replaced by F0 instead.
    NDFS.kmeans_initialization = lambda X_, c_: F0.copy()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        Wout = NDFS.ndfs(X, W=W, n_clusters=c, verbose=True)
    obj = [float(v) for v in re.findall(r"obj at iter \d+: (\S+)", out.getvalue())]
    scores = np.sqrt((Wout * Wout).sum(1))
    Wc = W.tocoo()
    res = {
        "name": name, "source": source, "n_clusters": c, "t": t, "n": n,
        "w_rows": Wc.row.tolist(), "w_cols": Wc.col.tolist(), "w_vals": Wc.data.tolist(),
        "labels": [int(v) for v in labels],
        "objective": obj,
        "scores": scores.tolist(),  # ||w_i||, scikit-feature's feature_ranking key
        "ranking": [int(j) for j in np.argsort(scores)[::-1]],
    }
    sys.stderr.write("%s: %d x %d, %d iterations, objective %.6g -> %.6g\n"
                     % (name, n, X.shape[1], len(obj), obj[0], obj[-1]))
    return res


cases = []
wine = np.loadtxt(os.path.join(data, "Wine", "wine_data.csv"), delimiter=",", skiprows=1)[:, :13]
wine = (wine - wine.mean(axis=0)) / wine.std(axis=0)  # gsbench's standardize (ddof 0)
cases.append(case("wine-standardized", wine, 3, 1.0, "wine, standardized"))
coil = scipy.io.loadmat(os.path.join(data, "COIL20", "COIL20.mat"))["X"].astype(np.float64)
cases.append(case("coil20-rows16-cols4", coil[::16, ::4].copy(), 5, 2.0, "coil20 rows ::16, columns ::4, raw (d > n)"))

json.dump({
    "generator": "baselines/ndfs/testdata/make_reference.py",
    "scikit_feature": "jundongl/scikit-feature@48cffad4e88ff4b9d2f1c7baffb314d1b3303792",
    "sklearn": sklearn.__version__, "scipy": scipy.__version__, "numpy": np.__version__,
    "cases": cases,
}, sys.stdout, separators=(",", ":"))
sys.stdout.write("\n")
