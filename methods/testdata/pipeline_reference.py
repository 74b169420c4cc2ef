#!/usr/bin/env python3
"""Reference accuracies of a feature selection + SVM pipeline from scikit-learn,
for methods/features_test.go (the pipeline protocol of gsbench evaluate and of
configs with protocol: pipeline).

Invocation (from methods/), with Debian's python3-sklearn 1.2.1 and
python3-numpy 1.24.2:

    GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
        testdata/pipeline_reference.py > testdata/pipeline_reference.json

It first writes testdata/noise.csv (once; committed): 60 rows of 200 N(0, 1)
features rounded to 4 decimals and a last column of balanced random labels,
unrelated to the features (numpy.random.default_rng(20261127)).

For each case it writes the per-fold accuracies of
  - "pipeline": cross_val_score(make_pipeline(SelectKBest(f_classif, k=k),
    OneVsRestClassifier(SVC())), X, y, cv=StratifiedKFold(5)), the selection
    fitted inside each training fold;
  - "all_rows": SelectKBest(f_classif, k=k) fitted once on all rows (and all
    labels), then cross_val_score(OneVsRestClassifier(SVC()), X[:, kept], ...):
    the selection has seen the labels of every test fold.
SelectKBest(f_classif) keeps the k columns of largest ANOVA F statistic, a
monotone function of the Fisher score (between- over within-class scatter:
F = Fisher * (n - c) / (c - 1)), so it keeps the columns gsbench's fisher
method ranks first. Wine is standardized on all rows first (as a config's
preprocess: standardize does).
"""
import json
import os
import sys

import numpy as np
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.multiclass import OneVsRestClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

here = os.path.dirname(os.path.abspath(__file__))
noise = os.path.join(here, "noise.csv")
if not os.path.exists(noise):
    rng = np.random.default_rng(20261127)
    Xn = np.round(rng.standard_normal((60, 200)), 4)
    yn = rng.permutation(np.repeat([0, 1], 30))
    with open(noise, "w") as f:
        for row, label in zip(Xn, yn):
            f.write(",".join("%.4f" % v for v in row) + ",%d\n" % label)
data = np.loadtxt(noise, delimiter=",")
Xn, yn = data[:, :-1], data[:, -1].astype(int)

wine = np.loadtxt(os.path.join(os.environ["GSBENCH_DATA"], "Wine", "wine_data.csv"), delimiter=",", skiprows=1)
Xw, yw = StandardScaler().fit_transform(wine[:, :-1]), wine[:, -1].astype(int)

cases = []
for name, X, y, ks in [("noise", Xn, yn, [5, 10]), ("wine", Xw, yw, [2, 4])]:
    for k in ks:
        cv = StratifiedKFold(5)
        clf = OneVsRestClassifier(SVC())
        pipe = cross_val_score(make_pipeline(SelectKBest(f_classif, k=k), clf), X, y, cv=cv)
        kept = SelectKBest(f_classif, k=k).fit(X, y).get_support(indices=True)
        leak = cross_val_score(clf, X[:, kept], y, cv=cv)
        cases.append({"data": name, "k": k, "pipeline": pipe.tolist(), "all_rows": leak.tolist()})
json.dump({"sklearn": __import__("sklearn").__version__, "cases": cases}, sys.stdout, indent=1)
sys.stdout.write("\n")
