# Independent data digests (datasets.dataDigest: shape as uint64, X as float64 row-major,
# labels as int64, little-endian) of the registry entries added from the reference copy, parsed
# with NumPy/SciPy instead of gsbench. Run: GSBENCH_DATA=... /usr/bin/python3 datasets/testdata/registry_digests.py
# (Debian python3-numpy, python3-scipy); the digests are data_sha256 in registry.yaml.
import hashlib, os
import numpy as np, scipy.io
D=os.environ['GSBENCH_DATA'].rstrip('/')+'/'
def digest(X, y):
    h=hashlib.sha256()
    X=np.ascontiguousarray(X, dtype='<f8')
    h.update(np.array(X.shape, dtype='<u8').tobytes()); h.update(X.tobytes()); h.update(np.asarray(y, dtype='<i8').tobytes())
    return h.hexdigest()
def enc(labels):
    # numeric labels sorted increasingly (datasets.EncodeLabels)
    u=sorted(set(labels)); return np.array([u.index(l) for l in labels]), u
m=scipy.io.loadmat(D+'ALLAML/ALLAML.mat'); y,c=enc(list(m['Y'].ravel().astype(float)))
print('allaml', m['X'].shape, c, np.bincount(y), digest(m['X'].astype(float), y))
a=np.loadtxt(D+'Australian/australian.dat'); y,c=enc(list(a[:,-1]))
print('australian', a[:,:-1].shape, c, np.bincount(y), digest(a[:,:-1], y))
a=np.loadtxt(D+'HeartStatlog/heart.dat'); y,c=enc(list(a[:,-1]))
print('heart-statlog', a[:,:-1].shape, c, np.bincount(y), digest(a[:,:-1], y))
rows=[l.strip().split(',') for l in open(D+'Musk1/clean1.data') if l.strip()]
X=np.array([[float(v) for v in r[2:-1]] for r in rows]); y,c=enc([float(r[-1]) for r in rows])
print('musk1', X.shape, c, np.bincount(y), digest(X, y))
