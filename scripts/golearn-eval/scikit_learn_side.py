#!/usr/bin/env python3
"""scikit-learn's side of scripts/golearn-eval: the cross-validated accuracy
of the classifiers nearest to golearn's on the standardized data, with the
folds gsbench uses (StratifiedKFold(5), no shuffling). Debian's
python3-sklearn 1.2.1; from the repository root:

    GSBENCH_DATA=/path/to/datasets /usr/bin/python3 scripts/golearn-eval/scikit_learn_side.py

Decision trees and forests are randomized in scikit-learn too (ties among
features, bootstrap samples): they are run with 10 seeds and reported as the
range of each fold's accuracy.
"""
import os
import warnings

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.naive_bayes import BernoulliNB, GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC
from sklearn.tree import DecisionTreeClassifier

warnings.simplefilter("ignore", ConvergenceWarning)
DATA = os.environ["GSBENCH_DATA"]
FILES = {"wine": "Wine/wine_data.csv", "breast-cancer": "BreastCancer/breast_cancer.csv", "digits": "Digits/digits.csv.gz"}

for name, f in FILES.items():
    d = np.loadtxt(os.path.join(DATA, f), delimiter=",", skiprows=1)  # scikit-learn's CSV: a header line, the label last
    X, y = StandardScaler().fit_transform(d[:, :-1]), d[:, -1].astype(int)
    cv = StratifiedKFold(5)
    fixed = {
        "knn": KNeighborsClassifier(5),
        "bnb": BernoulliNB(),
        "gnb": GaussianNB(),
        "svc": LinearSVC(C=1.0, loss="squared_hinge", penalty="l2", dual=True, tol=1e-4),
    }
    for clf, est in fixed.items():
        print(f"{name:14s} {clf:7s} {np.array2string(cross_val_score(est, X, y, cv=cv), precision=4)}")
    seeded = {
        "cart": lambda s: DecisionTreeClassifier(criterion="gini", random_state=s),
        "id3": lambda s: DecisionTreeClassifier(criterion="entropy", random_state=s),
        "rf": lambda s: RandomForestClassifier(100, random_state=s),
    }
    for clf, make in seeded.items():
        acc = np.array([cross_val_score(make(s), X, y, cv=cv) for s in range(10)])
        lo, hi = np.array2string(acc.min(0), precision=4), np.array2string(acc.max(0), precision=4)
        print(f"{name:14s} {clf:7s} per fold over seeds 0..9: min {lo} max {hi}")
