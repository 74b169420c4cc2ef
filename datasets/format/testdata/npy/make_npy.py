# Writes the NumPy fixtures of datasets/format/npy_test.go with NumPy itself (the
# reference writer of the format), and expected.json: for each file, the
# shape, the values in C order as float64 (or strings), and the labels.
#
# Run from the repository root:
#   /usr/bin/python3 datasets/format/testdata/npy/make_npy.py
# (Debian python3-numpy 1:1.24.2-1+deb12u1). The output is deterministic
# (fixed values, gzip mtime 0; NumPy dates zip members with a fixed time:
# running it twice gives the same bytes).
import gzip, io, json, os
import numpy as np
from numpy.lib import format as npf

out = os.path.dirname(os.path.abspath(__file__))
base = np.array([[1.5, -2.0, 3.25, 0.0],
                 [4.0, 5.5, -6.0, 7.0],
                 [8.0, 9.0, 10.0, -11.5]])
expected = {}

def record(name, arr, labels=None):
    a = np.asarray(arr)
    e = {"shape": list(a.shape)}
    if a.dtype.kind in "US":
        e["strings"] = [v.decode() if isinstance(v, bytes) else str(v) for v in a.ravel(order="C").tolist()]
    else:
        e["values"] = [float(v) for v in a.astype(np.float64).ravel(order="C")]
    if labels is not None:
        e["labels"] = labels
    expected[name] = e

def save(name, arr, version=None):
    with open(os.path.join(out, name), "wb") as f:
        if version is None:
            np.save(f, arr)
        else:
            npf.write_array(f, arr, version=version)
    record(name, arr)

# Every element type, little-endian, C order, format 1.0.
save("f8.npy", base)
save("f4.npy", base.astype("<f4"))
small = np.array([[1, -2, 3], [-4, 5, -6]])
for t in ["i1", "i2", "i4", "i8"]:
    save(t + ".npy", small.astype("<" + t))
for t in ["u1", "u2", "u4", "u8"]:
    save(t + ".npy", np.abs(small).astype("<" + t))
save("u8max.npy", np.array([[0, 2**64 - 1], [2**53, 7]], dtype="<u8"))
save("i8min.npy", np.array([[-2**63, 2**63 - 1]], dtype="<i8"))
save("bool.npy", np.array([[True, False], [False, True], [True, True]]))
# Big-endian.
save("f8_be.npy", base.astype(">f8"))
save("i4_be.npy", small.astype(">i4"))
save("u2_be.npy", np.abs(small).astype(">u2"))
save("f4_be.npy", base.astype(">f4"))
# Fortran order.
save("f8_fortran.npy", np.asfortranarray(base))
save("i2_fortran_be.npy", np.asfortranarray(small.astype(">i2")))
save("cube_fortran.npy", np.asfortranarray(np.arange(24, dtype="<f8").reshape(2, 3, 4)))
save("cube.npy", np.arange(24, dtype="<i4").reshape(2, 3, 4))
# Format versions 2.0 and 3.0.
save("v2.npy", base, version=(2, 0))
save("v3.npy", base, version=(3, 0))
# One dimension; strings (labels).
save("vector.npy", np.array([3.0, 1.0, 2.0]))
save("labels_u.npy", np.array(["cat", "dog", "cat"]))
save("labels_s.npy", np.array([b"no", b"yes", b"no"]))

# gzip-compressed .npy.
buf = io.BytesIO()
np.save(buf, base)
with open(os.path.join(out, "f8.npy.gz"), "wb") as f:
    with gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as z:
        z.write(buf.getvalue())
record("f8.npy.gz", base)

# .npz archives: stored (savez) and deflated (savez_compressed).
y = np.array([2, 0, 2])
np.savez(os.path.join(out, "stored.npz"), X=base, y=y)
record("stored.npz", base, [int(v) for v in y])
np.savez_compressed(os.path.join(out, "deflated.npz"), X=base.astype("<f4"), labels=np.array(["b", "a", "b"]))
record("deflated.npz", base.astype("<f4"), ["b", "a", "b"])
np.savez(os.path.join(out, "unnamed.npz"), base)  # member arr_0, no labels
record("unnamed.npz", base)
np.savez_compressed(os.path.join(out, "target.npz"), data=np.asfortranarray(base), target=np.array([1.0, 1.0, 0.0]), extra=np.arange(3))
record("target.npz", base, [1, 1, 0])

with open(os.path.join(out, "expected.json"), "w") as f:
    json.dump(expected, f, indent=1, sort_keys=True)
    f.write("\n")
