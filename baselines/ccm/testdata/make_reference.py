#!/usr/bin/env python3
"""Reference CCM weights for baselines/ccm's tests.

The authors' code (Jianbo-Lab/CCM, core/ccm.py and core/kernel.py at commit
887d86184f0cd85698019f552fd2cff77d75fe7e; the UFFS authors ran the same file
as lib/CCM/core/ccm_v1.py) builds its loss in TensorFlow 1 and takes the
gradient by automatic differentiation. TensorFlow is not packaged in Debian,
so this script transcribes ccm.py step by step with NumPy, and builds the
same loss graph in PyTorch (Debian's python3-torch 1.13.1, float64) for the
automatic gradient in place of tf.gradients:

  - X = (X - mean) / std (ddof 0);
  - sigma = median of np.linalg.norm(X[:, None, :] - X[None, :, :], axis=2)
    (the exact branch: the inputs here are below the authors' 1 GiB switch
    to sampling);
  - Y: -1/+1 by sorted class value for two classes ("binary"), one-hot for
    more ("categorical", as the UFFS authors choose by the number of
    classes), then centered;
  - loss(w) = trace(Y' inv(center(K(X * w)) + n eps I) Y), K the Gaussian
    kernel exp(-sum((x_i - x_j)^2) / (2 sigma^2)), center(M) = M - column
    means - row means + mean;
  - w = project(ones(d), m); then for every iteration w -= lr * grad,
    w = clip(w, 0, 1), and w = project(w, m) when sum(w) > m (Duchi et al.'s
    simplex projection, as the authors' project).

Invocation (from baselines/ccm), with python3-numpy, python3-scipy and
python3-torch from Debian:

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        testdata/make_reference.py > testdata/reference.json

It writes the final weights ("weights"), the bandwidth and the loss before
every update. The authors rank by the weights with ties in the order of a
random permutation, which is not reproduced.
"""
import json
import math
import os
import sys

import numpy as np
import scipy.io
import torch

torch.set_num_threads(1)
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
    m = scipy.io.loadmat(os.path.join(DATA, "Isolet/Isolet.mat"))
    return np.ascontiguousarray(m["X"][:150], dtype=float), m["Y"].ravel()[:150].astype(int) - 1


def xor():
    # The CCM paper's XOR-like synthetic problem: the class is the sign of
    # x0 * x1; 8 further N(0, 1) features are noise.
    rng = np.random.RandomState(0)
    X = rng.randn(100, 10)
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    return X, y


def project(v, z):
    # The authors' project (Duchi et al. 2008, Fig. 1).
    mu = np.sort(v)[::-1]
    mu_cumsum = np.cumsum(mu)
    max_index = np.nonzero(mu * np.arange(1, len(v) + 1) > mu_cumsum - z)[0][-1]
    theta = (mu_cumsum[max_index] - z) / (max_index + 1)
    return np.maximum(v - theta, 0)


def ccm(X, Y, num_features, epsilon, learning_rate, iterations):
    n, d = X.shape
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    sigma = np.median(np.linalg.norm(X[:, None, :] - X[None, :, :], axis=2))
    values = sorted(set(Y.ravel()))
    if len(values) == 2:
        Y_new = np.zeros(n)
        Y_new[Y == values[0]] = -1
        Y_new[Y == values[1]] = 1
    else:
        Y_new = np.zeros((n, len(values)))
        for i, value in enumerate(values):
            Y_new[Y == value, i] = 1
    Y = Y_new
    if Y.ndim == 1:
        Y = Y[:, np.newaxis]
    Y = Y - Y.mean(0)

    Xt, Yt = torch.tensor(X), torch.tensor(Y)

    def loss_and_grad(w):
        wt = torch.tensor(w, requires_grad=True)
        Xw = Xt * wt
        diff = Xw.unsqueeze(1) - Xw.unsqueeze(0)
        K = torch.exp(-torch.sum(diff ** 2, 2) / (2 * sigma ** 2))
        G = K - K.mean(0, keepdim=True) - K.mean(1, keepdim=True) + K.mean()
        G = G + n * epsilon * torch.eye(n, dtype=torch.float64)
        loss = torch.trace(Yt.T @ torch.linalg.inv(G) @ Yt)
        loss.backward()
        return loss.item(), wt.grad.numpy()

    w = project(np.ones(d), num_features)
    losses = []
    for _ in range(iterations):
        loss, g = loss_and_grad(w)
        losses.append(loss)
        w = w - learning_rate * g
        w = w.clip(0, 1)
        if w.sum() > num_features:
            w = project(w, num_features)
    return w, sigma, losses


cases = []
for name, load, m in [
    ("wine", wine, None),      # ceil(13 / 5) = 3, the UFFS authors' rule
    ("sonar", sonar, None),    # ceil(60 / 5) = 12
    ("isolet150", isolet150, None),  # 617 features: 100
    ("xor", xor, 2),
]:
    X, y = load()
    d = X.shape[1]
    budget = m if m is not None else (math.ceil(d / 5) if d <= 100 else 100)
    w, sigma, losses = ccm(X, y, budget, 0.001, 0.001, 100)
    case = {"name": name, "data": name, "num_features": budget, "weights": w.tolist(),
            "bandwidth": float(sigma), "loss": losses}
    if name == "isolet150":
        case["rows"] = 150
    if name == "xor":
        case["X"], case["y"] = X.tolist(), y.tolist()
    cases.append(case)
json.dump({"reference": "NumPy/PyTorch transcription of Jianbo-Lab/CCM core/ccm.py @ 887d86184f0c", "cases": cases},
          sys.stdout, indent=1)
sys.stdout.write("\n")
