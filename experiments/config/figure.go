package config

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// FigureSpec is a figure drawn from the cells:
//
//	line       y (mean over the cells) against x, one line per series, with error bars
//	box        the distribution of y for every value of x, one box colour per series
//	histogram  the share of cells (percent or count) taking each value of x, one bar colour per series
type FigureSpec struct {
	Name         string
	Kind         string // line, box or histogram
	Title        string
	X            string // field
	Y            string // metric value (line, box)
	Series       string // field; one line, box colour or bar colour per value
	Error        string // line: std (default), sem, minmax or none
	Scale        float64
	XLabel       string
	YLabel       string
	Normalize    string // histogram: percent (default) or count
	Where        map[string][]string
	Split        string // one file per value of this field
	SeriesLabels map[string]string
	Width        float64 // inches; default 6
	Height       float64 // inches; default 4
	LogY         bool
	Pos          Pos

	// Resolved by Load: the fields of X, Y, Series and Split, the filters
	// of Where.
	XAxis, YAxis, SeriesAxis, SplitAxis *Axis
	Filters                             []Filter

	whereOrder []string
}

var figureKinds = []string{"line", "box", "histogram"}

func decodeFigure(d *decoder, n *yaml.Node, path string) *FigureSpec {
	f := &FigureSpec{Pos: posOf(n), Scale: 1, Width: 6, Height: 4, Error: "std", Normalize: "percent"}
	d.mapping(n, path,
		field{"name", func(_, v *yaml.Node, p string) { f.Name = d.str(v, p) }},
		field{"kind", func(_, v *yaml.Node, p string) {
			f.Kind = d.str(v, p)
			if !slices.Contains(figureKinds, f.Kind) {
				d.errorf(v, p, "unknown kind %q; use line, box or histogram", f.Kind)
			}
		}},
		field{"title", func(_, v *yaml.Node, p string) { f.Title = d.str(v, p) }},
		field{"x", func(_, v *yaml.Node, p string) { f.X = d.str(v, p) }},
		field{"y", func(_, v *yaml.Node, p string) { f.Y = d.str(v, p) }},
		field{"series", func(_, v *yaml.Node, p string) { f.Series = d.str(v, p) }},
		field{"error", func(_, v *yaml.Node, p string) {
			f.Error = d.str(v, p)
			if !slices.Contains([]string{"std", "sem", "minmax", "none"}, f.Error) {
				d.errorf(v, p, "want std, sem, minmax or none, got %q", f.Error)
			}
		}},
		field{"scale", func(_, v *yaml.Node, p string) { f.Scale = d.number(v, p) }},
		field{"xlabel", func(_, v *yaml.Node, p string) { f.XLabel = d.str(v, p) }},
		field{"ylabel", func(_, v *yaml.Node, p string) { f.YLabel = d.str(v, p) }},
		field{"normalize", func(_, v *yaml.Node, p string) {
			f.Normalize = d.str(v, p)
			if f.Normalize != "percent" && f.Normalize != "count" {
				d.errorf(v, p, "want percent or count, got %q", f.Normalize)
			}
		}},
		field{"where", func(_, v *yaml.Node, p string) { f.Where, f.whereOrder = decodeWhere(d, v, p) }},
		field{"split", func(_, v *yaml.Node, p string) { f.Split = d.str(v, p) }},
		field{"series_labels", func(_, v *yaml.Node, p string) { f.SeriesLabels = d.stringMap(v, p) }},
		field{"width", func(_, v *yaml.Node, p string) { f.Width = d.number(v, p) }},
		field{"height", func(_, v *yaml.Node, p string) { f.Height = d.number(v, p) }},
		field{"log_y", func(_, v *yaml.Node, p string) { f.LogY = d.boolean(v, p) }},
	)
	if f.Name == "" {
		d.errorf(n, path+".name", "missing: every figure needs a name (it names the files)")
	} else if !nameRE.MatchString(f.Name) {
		d.errorf(n, path+".name", "%q: use letters, digits, '.', '_' and '-' (it names the files)", f.Name)
	}
	if f.Kind == "" {
		d.errorf(n, path+".kind", "missing: line, box or histogram")
	}
	if f.X == "" {
		d.errorf(n, path+".x", "missing: the field on the x axis")
	}
	if f.Y == "" && f.Kind != "histogram" && f.Kind != "" {
		d.errorf(n, path+".y", "missing: the metric value on the y axis")
	}
	if f.Width < 1 || f.Height < 1 || f.Width > 40 || f.Height > 40 {
		d.errorf(n, path, "width and height are in inches, between 1 and 40")
	}
	if f.Scale == 0 {
		d.errorf(n, path+".scale", "scale 0 would zero every value")
	}
	return f
}

func (f *FigureSpec) check(d *decoder, fs *FieldSet, path string) {
	res := func(name, key string, wantValue bool) *Axis {
		if name == "" {
			return nil
		}
		full, isValue, err := fs.Resolve(name)
		if err != nil {
			d.errAt(f.Pos, path+"."+key, "%v", err)
			return nil
		}
		if wantValue && !isValue {
			d.errAt(f.Pos, path+"."+key, "%q is an attribute, not a metric value; the values are %s", name, strings.Join(fs.values, ", "))
		}
		return &Axis{Name: full, IsValue: isValue}
	}
	f.XAxis = res(f.X, "x", f.Kind == "histogram")
	if f.Kind != "histogram" {
		f.YAxis = res(f.Y, "y", true)
	} else if f.Y != "" {
		d.errAt(f.Pos, path+".y", "a histogram counts the values of x; remove y")
	}
	f.SeriesAxis = res(f.Series, "series", false)
	f.SplitAxis = res(f.Split, "split", false)
	f.Filters = resolveFilters(d, fs, f.Where, f.whereOrder, f.Pos, path+".where")
}
