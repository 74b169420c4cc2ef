#!/usr/bin/python3
"""Reference UFFS selections from the authors' code for package uffs's
TestAuthorsOrder.

The authors' code (jithin-k-sreedharan/Fourier_feature_selection at commit
8947eb0498efd5f9757db60ad5bdfc2327b91cb1) is not installable: its GitHub
snapshot is unpacked in /tmp/ref/uffs and its Cython module built there
first (Debian's cython3 0.29.32, python3-dev), e.g. from a bare clone GIT_DIR:

    mkdir -p /tmp/ref && git --git-dir=GIT_DIR archive --prefix=uffs/ HEAD | tar x -C /tmp/ref
    (cd /tmp/ref/uffs/src && /usr/bin/python3 setup.py build_ext --inplace)

then, from the repository root (Debian's python3-numpy 1.24.2):

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        baselines/uffs/testdata/make_reference.py \
        > baselines/uffs/testdata/authors_uffs.json

Each case runs UnsupervisedFourierFS(X, options) on a data set read as the
test reads it, and records the selected features in the order it returns
them. numpy 1.24 has no np.int, which the code uses as a dtype: it is set
to int first.
"""
import contextlib
import io
import json
import os
import sys

import numpy as np

np.int = int  # removed in numpy 1.24; the authors' code uses it as a dtype
sys.path.insert(0, "/tmp/ref/uffs/src")
import fourier_learning  # noqa: E402

data = os.environ["GSBENCH_DATA"]


def case(name, X, depth, cluster_sizes, thresholds, eps):
    opt = fourier_learning.OptionsUnsupervisedFourierFS(
        max_depth=depth, cluster_sizes=cluster_sizes, selection_thresholds=thresholds,
        norm_epsilon=eps, shuffle=False, preranking=None)
    with contextlib.redirect_stdout(io.StringIO()):
        sel = fourier_learning.UnsupervisedFourierFS(X, opt)
    out = {"name": name, "depth": depth, "cluster_size": cluster_sizes,
           "selection_threshold": thresholds, "eps": eps,
           "selected": [int(j) for j in sel]}
    sys.stderr.write("%s: %d x %d -> %s\n" % (name, X.shape[0], X.shape[1], out["selected"]))
    return out


wine = np.loadtxt(os.path.join(data, "Wine", "wine_data.csv"), delimiter=",", skiprows=1)[:, :13]
sonar = np.genfromtxt(os.path.join(data, "Sonar", "sonar.all-data"), delimiter=",", usecols=range(60))
cases = [
    case("wine-depth1-groups3", wine, 1, [5], [0.999], [1e-3]),
    case("wine-depth2-groups", wine, 2, [5, 4], [0.99, 0.999], [1e-3, 1e-3]),
    case("sonar-depth2-groups", sonar, 2, [20, 12], [0.95, 0.995], [1e-3, 1e-3]),
]
json.dump({
    "generator": "baselines/uffs/testdata/make_reference.py",
    "authors_code": "jithin-k-sreedharan/Fourier_feature_selection@8947eb0498efd5f9757db60ad5bdfc2327b91cb1",
    "numpy": np.__version__,
    "cases": cases,
}, sys.stdout, indent=1)
sys.stdout.write("\n")
