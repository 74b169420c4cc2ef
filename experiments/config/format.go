package config

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/params"
)

// Stats are the statistics a Format may show: mean, std (ddof 0, NumPy's
// default), sd (ddof 1, the sample standard deviation, pandas' default),
// sem, median, min, max, n, sum and nonzero (the fraction of non-zero
// values).
var Stats = []string{"mean", "std", "sd", "sem", "median", "min", "max", "n", "sum", "nonzero"}

// Format is a parsed table entry format such as "{mean:.2f} ± {std:.2f}":
// text with placeholders {[value.]stat[:spec]}, where value names another
// metric value of the same cells (default: the table's value), stat is one
// of Stats and spec is .Nf, .Ng, .Ne, d, g or .N% (default .4g). {{ and }}
// are braces.
type Format struct {
	parts []tplPart
}

type tplPart struct {
	text  string // literal, when value and stat are empty
	value string // "" for the table's value
	stat  string
	spec  string
}

// ParseFormat parses a table's format.
func ParseFormat(s string) (*Format, error) {
	t := &Format{}
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

func (t *Format) hasStat() bool {
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
	if !slices.Contains(Stats, p.stat) {
		return p, fmt.Errorf("{%s}: unknown statistic %q; use %s, optionally after a value name ({svm_accuracy_std.mean})", s, p.stat, strings.Join(Stats, ", "))
	}
	if _, err := formatNumber(1, spec); err != nil {
		return p, fmt.Errorf("{%s}: %v", s, err)
	}
	return p, nil
}

// Values lists the other metric values the format refers to.
func (t *Format) Values() []string {
	var out []string
	for _, p := range t.parts {
		if p.value != "" && !slices.Contains(out, p.value) {
			out = append(out, p.value)
		}
	}
	return out
}

// Render fills the format; stat returns a statistic of a metric value of
// the entry's cells ("" is the table's value).
func (t *Format) Render(stat func(value, stat string) float64) string {
	var b strings.Builder
	for _, p := range t.parts {
		if p.stat == "" {
			b.WriteString(p.text)
			continue
		}
		v := stat(p.value, p.stat)
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
