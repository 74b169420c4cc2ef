#!/usr/bin/python3
"""Reference LAR paths from scikit-learn for package lars's TestSKLearn.

scikit-feature (for construct_W, which builds the graph of the MCFS
embedding vectors used as responses) is not installable; its GitHub snapshot
is unpacked in /tmp/ref first (commit 48cffad4e88ff4b9d2f1c7baffb314d1b3303792
of jundongl/scikit-feature, e.g. from a bare clone GIT_DIR):

    mkdir -p /tmp/ref && git --git-dir=GIT_DIR archive HEAD skfeature/__init__.py \
        skfeature/function skfeature/utility | tar x -C /tmp/ref

Then run from the repository root (Debian's python3-sklearn 1.2.1,
python3-scipy 1.10.1, python3-numpy 1.24.2):

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        baselines/internal/lars/testdata/make_reference.py \
        > baselines/internal/lars/testdata/sklearn_lars.json

For every case it records lars_path(Xc, yc, method="lar", max_iter=k) on the
centered data (the path Lars(n_nonzero_coefs=k) computes after centering,
with Gram = Xc'Xc when n > d as precompute="auto" does) and checks that the
last column equals Lars(n_nonzero_coefs=k).fit(X, y).coef_. Synthetic inputs
are stored whole; real ones are named by file and column range and read by
the test from GSBENCH_DATA.
"""
import json
import os
import sys
import warnings

import numpy as np
import scipy.io
import scipy.linalg
import sklearn
from sklearn.linear_model import Lars, lars_path

# scikit-feature is not installable: its GitHub snapshot (jundongl/scikit-feature
# at commit 48cffad4e88ff4b9d2f1c7baffb314d1b3303792) is unpacked in /tmp/ref.
sys.path.insert(0, "/tmp/ref")
from skfeature.utility.construct_W import construct_W  # noqa: E402


def reference(name, X, y, k, store_x):
    Xc = X - X.mean(axis=0)
    yc = y - y.mean()
    gram = Xc.T @ Xc if X.shape[0] > X.shape[1] else None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _, active, coefs = lars_path(Xc, yc, Gram=gram, method="lar", max_iter=k)
        coef = Lars(n_nonzero_coefs=k).fit(X, y).coef_
    scale = np.abs(coefs).max()
    gap = np.abs(coef - coefs[:, -1]).max()
    assert gap <= 1e-9 * scale, (name, gap)
    # Sign changes: a coefficient that is nonzero in two consecutive steps
    # with opposite signs.
    flips = int(np.sum((coefs[:, 1:] * coefs[:, :-1]) < 0))
    case = {
        "name": name,
        "k": k,
        "y": y.tolist(),
        "active": [int(j) for j in active],
        "path": coefs.T.tolist(),  # steps x d
        "sign_changes": flips,
        "warnings": [str(w.message) for w in caught],
    }
    if store_x:
        case["X"] = X.tolist()
    sys.stderr.write("%s: %d x %d, k=%d, %d steps, %d active, %d sign changes, %d warnings\n"
                     % (name, X.shape[0], X.shape[1], k, coefs.shape[1] - 1, len(active), flips, len(caught)))
    return case


def correlated(seed, n, d, pairs):
    rng = np.random.RandomState(seed)
    X = rng.randn(n, d)
    for a, b in pairs:
        X[:, b] = X[:, a] + 0.3 * rng.randn(n)
    y = X[:, 0] - 0.8 * X[:, 1] + 0.5 * rng.randn(n)
    return X, y


cases = []
# Tall (Gram path) with sign changes.
X, y = correlated(30, 12, 6, [(0, 1)])
cases.append(reference("tall-sign-change", X, y, 5, True))
X, y = correlated(7, 40, 10, [(0, 1), (2, 3), (4, 5)])
cases.append(reference("tall-correlated", X, y, 10, True))
# Wide (columns of X) with sign changes.
X, y = correlated(8, 15, 40, [(0, 1), (0, 2), (3, 4), (5, 6)])
cases.append(reference("wide-sign-change", X, y, 12, True))
X, y = correlated(11, 15, 40, [(0, 1), (0, 2), (3, 4), (5, 6)])
cases.append(reference("wide-correlated", X, y, 12, True))
# A duplicated and a constant column (degenerate pivots).
rng = np.random.RandomState(5)
X = rng.randn(20, 6)
X[:, 4] = X[:, 0]
X[:, 5] = 7.0
y = 2 * X[:, 0] - X[:, 2] + 0.3 * rng.randn(20)
cases.append(reference("duplicate-constant", X, y, 5, True))

# ALLAML (scikit-feature's .mat): 72 samples, genes 0..324, raw values.
data = os.environ["GSBENCH_DATA"]
mat = scipy.io.loadmat(os.path.join(data, "ALLAML", "ALLAML.mat"))
A = np.asarray(mat["X"], dtype=np.float64)
labels = np.asarray(mat["Y"], dtype=np.float64).ravel()
# Responses with sign changes: MCFS embedding vectors of this slice (as
# scikit-feature's mcfs computes them; 5-NN heat-kernel graph, t = 1e4).
X = A[:, :325]
W = construct_W(X, neighbor_mode="knn", weight_mode="heat_kernel", k=5, t=1e4).toarray()
W = (W + W.T) / 2
Dm = np.diag(np.sqrt(1 / W.sum(1)))
M = Dm @ W @ Dm
M = np.maximum(M, M.T)
_, ul = scipy.linalg.eigh(M)
Y = Dm @ ul[:, -6:-1]
for name, y, k in [
    ("allaml-325-embedding-6", Y[:, 0].copy(), 20),
    ("allaml-325-embedding-2", Y[:, 4].copy(), 20),
    ("allaml-325-labels", labels, 20),
    ("allaml-325-gene-5000", A[:, 5000].copy(), 20),
    ("allaml-325-gene-1000", A[:, 1000].copy(), 30),
]:
    c = reference(name, A[:, :325], y, k, False)
    c["file"], c["cols"] = "ALLAML/ALLAML.mat", [0, 325]
    cases.append(c)

json.dump({
    "generator": "baselines/internal/lars/testdata/make_reference.py",
    "sklearn": sklearn.__version__, "numpy": np.__version__,
    "cases": cases,
}, sys.stdout, indent=None, separators=(",", ":"))
sys.stdout.write("\n")
