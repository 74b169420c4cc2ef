#!/usr/bin/python3
"""Reference MCFS results from scikit-feature for package mcfs's
TestScikitFeature.

scikit-feature is not installable; its GitHub snapshot is unpacked in
/tmp/ref first (commit 48cffad4e88ff4b9d2f1c7baffb314d1b3303792 of
jundongl/scikit-feature, e.g. from a bare clone GIT_DIR):

    mkdir -p /tmp/ref && git --git-dir=GIT_DIR archive HEAD skfeature/__init__.py \
        skfeature/function skfeature/utility | tar x -C /tmp/ref

then, from the repository root (Debian's python3-sklearn 1.2.1, python3-scipy
1.10.1, python3-numpy 1.24.2):

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        baselines/mcfs/testdata/make_reference.py \
        > baselines/mcfs/testdata/scikit_feature_mcfs.json

For every input it records the affinity matrix construct_W builds (as
triplets, so that the test runs on the very same graph), the eigenvalues of
D^-1/2 W D^-1/2, the coefficient matrix mcfs(X, k, W=W, n_clusters=c)
returns (one column per embedding vector, in scikit-feature's order:
increasing eigenvalue) and scikit-feature's feature_ranking of it.
"""
import json
import os
import sys
import warnings

import numpy as np
import scipy
import scipy.io
import scipy.linalg
import sklearn

sys.path.insert(0, "/tmp/ref")
from skfeature.function.sparse_learning_based import MCFS  # noqa: E402
from skfeature.utility.construct_W import construct_W  # noqa: E402

data = os.environ["GSBENCH_DATA"]


def case(name, X, k, c, t, source):
    W = construct_W(X, neighbor_mode="knn", weight_mode="heat_kernel", k=5, t=t)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        A = MCFS.mcfs(X, k, W=W, n_clusters=c)
    # The eigenvalues of the normalized affinity, as mcfs computes it.
    Wd = W.toarray()
    Wd = (Wd + Wd.T) / 2
    Dm = np.diag(np.sqrt(1 / Wd.sum(1)))
    M = Dm @ Wd @ Dm
    M = np.maximum(M, M.T)
    ev = scipy.linalg.eigh(M, eigvals_only=True)[::-1][: c + 1]
    Wc = W.tocoo()
    out = {
        "name": name, "source": source, "k": k, "n_clusters": c, "t": t,
        "n": X.shape[0], "d": X.shape[1],
        "w_rows": Wc.row.tolist(), "w_cols": Wc.col.tolist(), "w_vals": Wc.data.tolist(),
        "eigenvalues": ev.tolist(),
        "coef": A.tolist(),  # d x c
        "ranking": [int(j) for j in MCFS.feature_ranking(A)[:k]],
        "nonzero": [int(np.count_nonzero(A[:, i])) for i in range(c)],
        "warnings": [str(w.message) for w in caught],
    }
    sys.stderr.write("%s: %d x %d, eigenvalues %s, nonzero %s, %d warnings\n"
                     % (name, X.shape[0], X.shape[1], np.round(ev, 5), out["nonzero"], len(caught)))
    return out


cases = []
wine = np.loadtxt(os.path.join(data, "Wine", "wine_data.csv"), delimiter=",", skiprows=1)[:, :13]
wine = (wine - wine.mean(axis=0)) / wine.std(axis=0)  # gsbench's standardize (ddof 0)
cases.append(case("wine-standardized", wine, 5, 3, 1.0, "wine, standardized"))

coil = scipy.io.loadmat(os.path.join(data, "COIL20", "COIL20.mat"))["X"].astype(np.float64)
cases.append(case("coil20-rows8-cols8", coil[::8, ::8].copy(), 20, 5, 2.0, "coil20 rows ::8, columns ::8, raw"))

allaml = scipy.io.loadmat(os.path.join(data, "ALLAML", "ALLAML.mat"))["X"].astype(np.float64)
cases.append(case("allaml-325", allaml[:, :325].copy(), 20, 5, 1e4, "ALLAML/ALLAML.mat genes 0..324, raw"))

json.dump({
    "generator": "baselines/mcfs/testdata/make_reference.py",
    "scikit_feature": "jundongl/scikit-feature@48cffad4e88ff4b9d2f1c7baffb314d1b3303792",
    "sklearn": sklearn.__version__, "scipy": scipy.__version__, "numpy": np.__version__,
    "cases": cases,
}, sys.stdout, separators=(",", ":"))
sys.stdout.write("\n")
