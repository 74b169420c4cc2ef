# A minimal external extraction method for the tests: the features of a row
# are its first k columns (all when k = 0) minus their means over X.txt;
# apply.txt, when present, is centered with the same means. Run as
# awk -f center.awk DIR (methods/external documents the files).
function row(line, prefix,    m, j, s) {
	m = split(line, x, " ")
	s = prefix "["
	for (j = 1; j <= k; j++) s = s (j > 1 ? ", " : "") sprintf("%.17g", x[j] - sum[j] / n)
	return s "]"
}
BEGIN {
	dir = ARGV[1]
	ARGC = 1
	while ((getline line < (dir "/params.txt")) > 0) {
		split(line, f, " ")
		if (f[1] == "k") k = f[2] + 0
	}
	n = 0
	while ((getline line < (dir "/X.txt")) > 0) {
		d = split(line, x, " ")
		n++
		for (j = 1; j <= d; j++) sum[j] += x[j]
	}
	close(dir "/X.txt")
	if (k == 0) k = d
	out = dir "/result.json"
	printf "{\"features\": [" > out
	i = 0
	while ((getline line < (dir "/X.txt")) > 0) printf "%s", row(line, i++ ? ", " : "") > out
	printf "]" > out
	i = 0
	while ((getline line < (dir "/apply.txt")) > 0) {
		if (i == 0) printf ", \"apply_features\": [" > out
		printf "%s", row(line, i++ ? ", " : "") > out
	}
	if (i > 0) printf "]" > out
	print "}" > out
}
