package experiments

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/params"
)

// stats summarizes the values of a table entry.
type stats struct {
	n                                int
	mean, std, sem, median, min, max float64
	sum, nonzero                     float64
}

// summarize computes the statistics of xs (std with ddof 0, as NumPy's
// default; sem with ddof 1 over sqrt(n)).
func summarize(xs []float64) stats {
	s := stats{n: len(xs)}
	if len(xs) == 0 {
		nan := math.NaN()
		s.mean, s.std, s.sem, s.median, s.min, s.max, s.sum, s.nonzero = nan, nan, nan, nan, nan, nan, 0, nan
		return s
	}
	var nz int
	for _, x := range xs {
		s.sum += x
		if x != 0 {
			nz++
		}
	}
	s.mean = s.sum / float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - s.mean) * (x - s.mean)
	}
	s.std = math.Sqrt(ss / float64(len(xs)))
	if len(xs) > 1 {
		s.sem = math.Sqrt(ss/float64(len(xs)-1)) / math.Sqrt(float64(len(xs)))
	}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	s.min, s.max = sorted[0], sorted[len(sorted)-1]
	if h := len(sorted) / 2; len(sorted)%2 == 1 {
		s.median = sorted[h]
	} else {
		s.median = (sorted[h-1] + sorted[h]) / 2
	}
	s.nonzero = float64(nz) / float64(len(xs))
	return s
}

var statNames = []string{"mean", "std", "sem", "median", "min", "max", "n", "sum", "nonzero"}

func (s stats) get(name string) float64 {
	switch name {
	case "mean":
		return s.mean
	case "std":
		return s.std
	case "sem":
		return s.sem
	case "median":
		return s.median
	case "min":
		return s.min
	case "max":
		return s.max
	case "n":
		return float64(s.n)
	case "sum":
		return s.sum
	case "nonzero":
		return s.nonzero
	}
	return math.NaN()
}

// template is a parsed format such as "{mean:.2f} ± {std:.2f}": text with
// placeholders {[value.]stat[:spec]}, where value names another metric value
// of the same cells (default: the table's value), stat is one of statNames
// and spec is .Nf, .Ng, .Ne, d or .N% (default .4g). {{ and }} are braces.
type template struct {
	parts []tplPart
}

type tplPart struct {
	text  string // literal, when value and stat are empty
	value string // "" for the table's value
	stat  string
	spec  string
}

func parseTemplate(s string) (*template, error) {
	t := &template{}
	var lit strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '{' && i+1 < len(s) && s[i+1] == '{':
			lit.WriteByte('{')
			i++
		case ch == '}' && i+1 < len(s) && s[i+1] == '}':
			lit.WriteByte('}')
			i++
		case ch == '}':
			return nil, fmt.Errorf("format %q: unmatched '}' (write }} for a brace)", s)
		case ch == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("format %q: unclosed '{'", s)
			}
			if lit.Len() > 0 {
				t.parts = append(t.parts, tplPart{text: lit.String()})
				lit.Reset()
			}
			p, err := parsePlaceholder(s[i+1 : i+end])
			if err != nil {
				return nil, fmt.Errorf("format %q: %v", s, err)
			}
			t.parts = append(t.parts, p)
			i += end
		default:
			lit.WriteByte(ch)
		}
	}
	if lit.Len() > 0 {
		t.parts = append(t.parts, tplPart{text: lit.String()})
	}
	if !t.hasStat() {
		return nil, fmt.Errorf("format %q has no placeholder such as {mean}", s)
	}
	return t, nil
}

func (t *template) hasStat() bool {
	for _, p := range t.parts {
		if p.stat != "" {
			return true
		}
	}
	return false
}

func parsePlaceholder(s string) (tplPart, error) {
	name, spec, _ := strings.Cut(s, ":")
	p := tplPart{spec: spec}
	if v, st, ok := strings.Cut(name, "."); ok {
		p.value, p.stat = v, st
	} else {
		p.stat = name
	}
	if !slices.Contains(statNames, p.stat) {
		return p, fmt.Errorf("{%s}: unknown statistic %q; use %s, optionally after a value name ({svm_accuracy_std.mean})", s, p.stat, strings.Join(statNames, ", "))
	}
	if _, err := formatNumber(1, spec); err != nil {
		return p, fmt.Errorf("{%s}: %v", s, err)
	}
	return p, nil
}

// values lists the other metric values the template refers to.
func (t *template) values() []string {
	var out []string
	for _, p := range t.parts {
		if p.value != "" && !slices.Contains(out, p.value) {
			out = append(out, p.value)
		}
	}
	return out
}

// render fills the template; get returns the statistics of a value ("" is
// the table's value).
func (t *template) render(get func(value string) stats) string {
	var b strings.Builder
	for _, p := range t.parts {
		if p.stat == "" {
			b.WriteString(p.text)
			continue
		}
		v := get(p.value).get(p.stat)
		spec := p.spec
		if p.stat == "n" && spec == "" {
			spec = "d"
		}
		s, _ := formatNumber(v, spec)
		b.WriteString(s)
	}
	return b.String()
}

// formatNumber formats x by a spec: "" (.4g), .Nf, .Ng, .Ne, d, .N%.
func formatNumber(x float64, spec string) (string, error) {
	if spec == "" {
		spec = ".4g"
	}
	if math.IsNaN(x) {
		return "NaN", nil
	}
	if math.IsInf(x, 0) {
		if x > 0 {
			return "∞", nil
		}
		return "-∞", nil
	}
	if spec == "d" {
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64), nil
	}
	if spec == "g" {
		return params.Format(x), nil
	}
	if len(spec) < 3 || spec[0] != '.' {
		return "", fmt.Errorf("format spec %q: use .Nf, .Ng, .Ne, .N%%, g or d (e.g. .2f)", spec)
	}
	verb := spec[len(spec)-1]
	prec, err := strconv.Atoi(spec[1 : len(spec)-1])
	if err != nil || prec < 0 || prec > 17 {
		return "", fmt.Errorf("format spec %q: the precision must be 0 to 17", spec)
	}
	switch verb {
	case 'f', 'g', 'e':
		s := strconv.FormatFloat(x, verb, prec, 64)
		if s == "-0" || strings.HasPrefix(s, "-0.") && strings.Trim(s[3:], "0") == "" {
			s = s[1:] // no negative zero
		}
		return s, nil
	case '%':
		return strconv.FormatFloat(100*x, 'f', prec, 64) + "%", nil
	}
	return "", fmt.Errorf("format spec %q: use .Nf, .Ng, .Ne, .N%%, g or d (e.g. .2f)", spec)
}
