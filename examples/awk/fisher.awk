# Fisher score feature selection as an external gsbench method, in POSIX awk
# (mawk, gawk, busybox awk). gsbench runs it as
#
#	awk -f examples/awk/fisher.awk DIR
#
# with the training matrix in DIR/X.txt (one row a line, numbers separated
# by spaces), the class labels 0..c-1 in DIR/y.txt (the config sets
# supervised: true) and the parameters in DIR/params.txt ("k 5"); it writes
# DIR/result.json: {"selected": [...], "scores": [...]}, column indices
# 0-based, best first. Package methods/external documents the protocol.
#
# The score of column j is the Fisher criterion (Duda, Hart & Stork,
# Pattern Classification, Sec. 3.8; scikit-feature's fisher_score ranks by
# the same ratio):
#
#	F_j = sum_l n_l (mu_lj - mu_j)^2 / sum_l sum_{i in l} (x_ij - mu_lj)^2
#
# between-class over within-class scatter, computed in two passes over
# X.txt (class means, then deviations from them) so that large means do not
# cancel digits. A column without spread scores 0; one whose classes do not
# spread but differ scores 1e300. Ties go to the lower column index.
BEGIN {
	if (ARGC < 2) {
		print "usage: awk -f fisher.awk DIR (gsbench gives DIR)" > "/dev/stderr"
		exit 2
	}
	dir = ARGV[1]
	ARGC = 1 # the files are read with getline below, not as input
	k = 0
	while ((getline line < (dir "/params.txt")) > 0) {
		split(line, f, " ")
		if (f[1] == "k") k = f[2] + 0
	}
	n = 0
	while ((getline line < (dir "/y.txt")) > 0) {
		y[++n] = line + 0
		count[y[n]]++
	}
	if (n == 0) {
		print "fisher.awk: no labels in " dir "/y.txt: set supervised: true" > "/dev/stderr"
		exit 1
	}
	d = 0
	i = 0
	while ((getline line < (dir "/X.txt")) > 0) { # pass 1: sums
		m = split(line, x, " ")
		if (d == 0) d = m
		if (m != d) {
			print "fisher.awk: row " i + 1 " has " m " numbers, row 1 has " d > "/dev/stderr"
			exit 1
		}
		i++
		for (j = 1; j <= d; j++) {
			sum[y[i], j] += x[j]
			total[j] += x[j]
		}
	}
	close(dir "/X.txt")
	if (i != n) {
		print "fisher.awk: " i " rows in X.txt but " n " labels" > "/dev/stderr"
		exit 1
	}
	i = 0
	while ((getline line < (dir "/X.txt")) > 0) { # pass 2: within-class scatter
		split(line, x, " ")
		i++
		for (j = 1; j <= d; j++) {
			dev = x[j] - sum[y[i], j] / count[y[i]]
			within[j] += dev * dev
		}
	}
	for (j = 1; j <= d; j++) {
		between = 0
		for (l in count) {
			dm = sum[l, j] / count[l] - total[j] / n
			between += count[l] * dm * dm
		}
		if (within[j] > 0) score[j] = between / within[j]
		else if (between > 0) score[j] = 1e300
		else score[j] = 0
		order[j] = j
	}
	# Insertion sort by decreasing score, ties by increasing index (stable).
	for (a = 2; a <= d; a++) {
		v = order[a]
		for (b = a - 1; b >= 1 && score[order[b]] < score[v]; b--) order[b + 1] = order[b]
		order[b + 1] = v
	}
	if (k <= 0 || k > d) k = d
	out = dir "/result.json"
	printf "{\"selected\": [" > out
	for (a = 1; a <= k; a++) printf "%s%d", (a > 1 ? ", " : ""), order[a] - 1 > out
	printf "], \"scores\": [" > out
	for (j = 1; j <= d; j++) printf "%s%.17g", (j > 1 ? ", " : ""), score[j] > out
	print "]}" > out
	close(out)
}
