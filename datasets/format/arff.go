package format

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// ARFFOptions controls ReadARFF.
type ARFFOptions struct {
	// LabelCol is the class attribute (ParseLabelCol): "" the last nominal
	// attribute (no labels when there is none), "none", "last" (the last
	// attribute, whatever its type), a 0-based attribute number or an
	// attribute name.
	LabelCol string
	// Missing is the policy for '?' values of the features (MissingDrop,
	// MissingMean, MissingMostFrequent; "" makes a missing value an error).
	// A row whose class is missing is always dropped.
	Missing string
	// Encoding of the nominal features: OneHot ("") or Ordinal.
	Encoding string
}

// arffAttr is a declared attribute.
type arffAttr struct {
	name   string
	kind   string   // numeric, nominal, string, date
	values []string // nominal: the declared values, in order
	index  map[string]int32
}

// ReadARFF reads a Weka ARFF file (Attribute-Relation File Format; Weka's
// documentation, "ARFF (stable version)"): a header of @relation and
// @attribute declarations and an @data section of dense rows (values
// separated by commas) or sparse rows ({index value, ...}, omitted values
// 0, or a nominal attribute's first value). Keywords are case-insensitive;
// names and values may be quoted with ' or " (backslash escapes); '%'
// starts a comment line; '?' is a missing value; a row's trailing {weight}
// is ignored (noted).
//
// numeric, real and integer attributes are numeric features; nominal
// attributes ({a, b, c}) other than the class are categorical features,
// encoded as opt.Encoding says: one-hot columns for the categories present,
// in declared order, or ordinal codes that are the declared indices 0, 1, ...;
// string and date attributes are dropped (noted), relational attributes are
// an error. The class attribute is opt.LabelCol; nominal classes are
// numbered in their declared order (those present in the data).
func ReadARFF(r io.Reader, opt ARFFOptions) (*Table, error) {
	lc, err := ParseLabelCol(opt.LabelCol)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<28)
	var (
		attrs  []*arffAttr
		line   int
		inData bool
	)
	// Header.
	for !inData && sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if line == 1 {
			s = strings.TrimPrefix(s, "\ufeff")
		}
		if s == "" || s[0] == '%' {
			continue
		}
		kw, rest := cutWord(s)
		switch strings.ToLower(kw) {
		case "@relation":
		case "@attribute":
			a, err := parseARFFAttribute(rest)
			if err != nil {
				return nil, fmt.Errorf("arff: line %d: %v", line, err)
			}
			attrs = append(attrs, a)
			if len(attrs) > MaxFeatures {
				return nil, fmt.Errorf("arff: line %d: more than %d attributes (format.MaxFeatures)", line, MaxFeatures)
			}
		case "@data":
			inData = true
		case "@end":
			return nil, fmt.Errorf("arff: line %d: @end outside a relational attribute", line)
		default:
			return nil, fmt.Errorf("arff: line %d: %q: want @relation, @attribute or @data (or a %% comment)", line, kw)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("arff: line %d: %v", line+1, err)
	}
	if !inData {
		return nil, fmt.Errorf("arff: no @data section")
	}
	if len(attrs) == 0 {
		return nil, fmt.Errorf("arff: no @attribute declarations")
	}
	// The class attribute.
	names := make([]string, len(attrs))
	for j, a := range attrs {
		names[j] = a.name
	}
	class := -1
	if lc.Kind == LabelDefault {
		for j, a := range attrs {
			if a.kind == "nominal" {
				class = j
			}
		}
	} else if class, err = lc.index(len(attrs), names, "the ARFF header"); err != nil {
		return nil, fmt.Errorf("arff: %v", err)
	}
	t := &table{}
	var notes []string
	colOf := make([]*tcol, len(attrs)) // nil: the class or a dropped attribute
	for j, a := range attrs {
		if j == class {
			continue
		}
		switch a.kind {
		case "numeric":
			colOf[j] = &tcol{name: a.name, kind: colNumeric}
		case "nominal":
			c := &tcol{name: a.name, kind: colCategorical, dict: a.values, declared: true}
			colOf[j] = c
		default:
			notes = append(notes, fmt.Sprintf("dropped %s attribute %s (only numeric and nominal attributes are features)", a.kind, a.name))
			continue
		}
		t.cols = append(t.cols, colOf[j])
	}
	if len(t.cols) == 0 {
		return nil, fmt.Errorf("arff: no numeric or nominal feature attributes")
	}
	if class >= 0 {
		t.labels = []string{}
		if ca := attrs[class]; ca.kind == "nominal" {
			t.classOrder = ca.values
		}
		notes = append(notes, fmt.Sprintf("class: attribute %s", attrs[class].name))
	}
	// Data.
	vals := make([]string, len(attrs))
	missing := make([]bool, len(attrs))
	weighted := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '%' {
			continue
		}
		if int64(t.n+1)*int64(len(t.cols)) > MaxCells {
			return nil, fmt.Errorf("arff: line %d: more than %d values (format.MaxCells)", line, MaxCells)
		}
		w, err := splitARFFRow(s, attrs, vals, missing)
		if err != nil {
			return nil, fmt.Errorf("arff: line %d: %v", line, err)
		}
		if w {
			weighted++
		}
		for j, a := range attrs {
			v := vals[j]
			if j == class {
				switch {
				case missing[j]:
					v = ""
				case a.kind == "nominal":
					if _, ok := a.index[v]; !ok {
						return nil, fmt.Errorf("arff: line %d: class %q of attribute %s is not one of its values {%s}", line, v, a.name, strings.Join(a.values, ","))
					}
				case a.kind == "numeric":
					f, ok := parseARFFNumber(v)
					if !ok {
						return nil, fmt.Errorf("arff: line %d: class %q of numeric attribute %s is not a number", line, v, a.name)
					}
					v = strconv.FormatFloat(f, 'g', -1, 64)
				}
				t.labels = append(t.labels, v)
				continue
			}
			c := colOf[j]
			switch {
			case c == nil:
			case c.kind == colNumeric:
				f := math.NaN()
				if !missing[j] {
					var ok bool
					if f, ok = parseARFFNumber(v); !ok {
						return nil, fmt.Errorf("arff: line %d: value %q of numeric attribute %s is not a finite number", line, v, a.name)
					}
				}
				c.num = append(c.num, f)
			default:
				code := int32(-1)
				if !missing[j] {
					var ok bool
					if code, ok = a.index[v]; !ok {
						return nil, fmt.Errorf("arff: line %d: value %q of attribute %s is not one of its values {%s}", line, v, a.name, strings.Join(a.values, ","))
					}
				}
				c.cat = append(c.cat, code)
			}
		}
		t.n++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("arff: line %d: %v", line+1, err)
	}
	if t.n == 0 {
		return nil, fmt.Errorf("arff: no data rows after @data")
	}
	if weighted > 0 {
		notes = append(notes, fmt.Sprintf("ignored the instance weights of %d rows", weighted))
	}
	tb, err := t.table(opt.Missing, opt.Encoding)
	if err != nil {
		return nil, fmt.Errorf("arff: %v", err)
	}
	tb.Notes = append(notes, tb.Notes...)
	return tb, nil
}

func parseARFFNumber(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
}

// cutWord returns the first white-space separated word of s and the rest.
func cutWord(s string) (string, string) {
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// arffToken reads one name or value from the start of s: quoted with ' or
// " (backslash escapes the next character), or bare up to a delimiter of
// delims. It returns the token, whether it was quoted, and the rest.
func arffToken(s, delims string) (tok string, quoted bool, rest string, err error) {
	s = strings.TrimLeft(s, " \t")
	if s == "" {
		return "", false, "", nil
	}
	if q := s[0]; q == '\'' || q == '"' {
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			c := s[i]
			switch {
			case c == '\\' && i+1 < len(s):
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case 'r':
					b.WriteByte('\r')
				default:
					b.WriteByte(s[i])
				}
			case c == q:
				return b.String(), true, s[i+1:], nil
			default:
				b.WriteByte(c)
			}
		}
		return "", true, "", fmt.Errorf("unterminated quote in %q", s)
	}
	i := strings.IndexAny(s, delims)
	if i < 0 {
		i = len(s)
	}
	return strings.TrimRight(s[:i], " \t"), false, s[i:], nil
}

// parseARFFAttribute parses what follows @attribute: a name and a type.
func parseARFFAttribute(s string) (*arffAttr, error) {
	name, _, rest, err := arffToken(s, " \t{")
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, fmt.Errorf("@attribute without a name")
	}
	a := &arffAttr{name: name}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "{") {
		end := strings.LastIndexByte(rest, '}')
		if end < 0 {
			return nil, fmt.Errorf("attribute %s: nominal values without a closing }", name)
		}
		body := rest[1:end]
		a.kind, a.index = "nominal", map[string]int32{}
		for strings.TrimSpace(body) != "" {
			v, _, r, err := arffToken(body, ",")
			if err != nil {
				return nil, fmt.Errorf("attribute %s: %v", name, err)
			}
			if _, dup := a.index[v]; dup {
				return nil, fmt.Errorf("attribute %s: value %q declared twice", name, v)
			}
			a.index[v] = int32(len(a.values))
			a.values = append(a.values, v)
			r = strings.TrimLeft(r, " \t")
			if r != "" && r[0] != ',' {
				return nil, fmt.Errorf("attribute %s: want ',' between nominal values, at %q", name, r)
			}
			body = strings.TrimPrefix(r, ",")
		}
		if len(a.values) == 0 {
			return nil, fmt.Errorf("attribute %s: no nominal values", name)
		}
		return a, nil
	}
	typ, _ := cutWord(rest)
	switch strings.ToLower(typ) {
	case "numeric", "real", "integer":
		a.kind = "numeric"
	case "string":
		a.kind = "string"
	case "date":
		a.kind = "date"
	case "relational":
		return nil, fmt.Errorf("attribute %s: relational (multi-instance) attributes are not supported", name)
	case "":
		return nil, fmt.Errorf("attribute %s has no type: want numeric, real, integer, {nominal values}, string or date", name)
	default:
		return nil, fmt.Errorf("attribute %s: unknown type %q: want numeric, real, integer, {nominal values}, string or date", name, typ)
	}
	return a, nil
}

// splitARFFRow reads one data row into vals (and missing), dense or
// sparse, and reports whether it carried an instance weight.
func splitARFFRow(s string, attrs []*arffAttr, vals []string, missing []bool) (weighted bool, err error) {
	if s[0] == '{' {
		// Sparse: {index value, ...}; omitted values are 0, a nominal
		// attribute's first value, or "" for a string.
		for j, a := range attrs {
			missing[j] = false
			vals[j] = "0"
			if a.kind == "nominal" {
				vals[j] = a.values[0]
			} else if a.kind != "numeric" {
				vals[j] = ""
			}
		}
		body := s[1:]
		prev := -1
		for {
			body = strings.TrimLeft(body, " \t")
			if strings.HasPrefix(body, "}") {
				body = body[1:]
				break
			}
			if body == "" {
				return false, fmt.Errorf("sparse row without a closing }")
			}
			idxTok, _ := cutWord(body)
			k, err := strconv.Atoi(idxTok)
			if err != nil || k < 0 || k >= len(attrs) {
				return false, fmt.Errorf("sparse index %q: want 0..%d (0-based attribute numbers)", idxTok, len(attrs)-1)
			}
			if k <= prev {
				return false, fmt.Errorf("sparse index %d after %d: indices must increase", k, prev)
			}
			prev = k
			v, quoted, rest, err := arffToken(body[len(idxTok):], ",}")
			if err != nil {
				return false, err
			}
			vals[k], missing[k] = v, v == "?" && !quoted
			rest = strings.TrimLeft(rest, " \t")
			if strings.HasPrefix(rest, ",") {
				rest = rest[1:]
			} else if !strings.HasPrefix(rest, "}") {
				return false, fmt.Errorf("sparse row: want ',' or '}' at %q", rest)
			}
			body = rest
		}
		return arffWeight(body)
	}
	rest := s
	for j := range attrs {
		v, quoted, r, err := arffToken(rest, ",")
		if err != nil {
			return false, err
		}
		if v == "" && !quoted {
			return false, fmt.Errorf("%d values, the header declares %d attributes", j, len(attrs))
		}
		vals[j], missing[j] = v, v == "?" && !quoted
		r = strings.TrimLeft(r, " \t")
		if j < len(attrs)-1 {
			if !strings.HasPrefix(r, ",") {
				return false, fmt.Errorf("%d values, the header declares %d attributes", j+1, len(attrs))
			}
			r = r[1:]
		}
		rest = r
	}
	return arffWeight(rest)
}

// arffWeight accepts what may follow a row: nothing, or ",{weight}".
func arffWeight(rest string) (bool, error) {
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return false, nil
	}
	if w, ok := strings.CutPrefix(rest, ","); ok {
		w = strings.TrimSpace(w)
		if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") {
			if _, err := strconv.ParseFloat(strings.TrimSpace(w[1:len(w)-1]), 64); err == nil {
				return true, nil
			}
		}
	}
	return false, fmt.Errorf("unexpected %q after the values (more values than attributes?)", rest)
}
