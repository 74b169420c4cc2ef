package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
)

// figure draws a figure of a config.
type figure struct{ *config.FigureSpec }

// figureFile is one rendered figure.
type figureFile struct {
	base string // file name without extension
	png  []byte
	svg  []byte
}

// build draws the figure (one file per split value).
func (f figure) build(recs []*cells.Cell) ([]figureFile, error) {
	var base []*cells.Cell
	for _, r := range recs {
		if r.OK() && matchAll(f.Filters, r) {
			base = append(base, r)
		}
	}
	// Series take their colours in the order of the whole figure, so that a
	// series keeps its colour in every file of a split.
	series := []string{""}
	if f.SeriesAxis != nil {
		series = distinct(base, func(r *cells.Cell) (string, bool) { return field(r, *f.SeriesAxis) }, config.Order{})
	}
	if f.SplitAxis == nil {
		ff, err := f.draw(base, series, "")
		if err != nil {
			return nil, err
		}
		ff.base = f.Name
		return []figureFile{ff}, nil
	}
	var out []figureFile
	for _, sv := range distinct(base, func(r *cells.Cell) (string, bool) { return field(r, *f.SplitAxis) }, config.Order{}) {
		var sub []*cells.Cell
		for _, r := range base {
			if s, ok := field(r, *f.SplitAxis); ok && s == sv {
				sub = append(sub, r)
			}
		}
		ff, err := f.draw(sub, series, sv)
		if err != nil {
			return nil, err
		}
		ff.base = f.Name + "-" + slug(sv)
		out = append(out, ff)
	}
	return out, nil
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// seriesKey returns the series of a record.
func (f figure) seriesKey(r *cells.Cell) string {
	if f.SeriesAxis == nil {
		return ""
	}
	s, _ := field(r, *f.SeriesAxis)
	return s
}

func (f figure) seriesLabel(s string) string {
	if l, ok := f.SeriesLabels[s]; ok {
		return l
	}
	return s
}

func (f figure) draw(recs []*cells.Cell, series []string, splitValue string) (figureFile, error) {
	p := plot.New()
	p.Title.Text = f.Title
	if splitValue != "" {
		if p.Title.Text != "" {
			p.Title.Text += " — "
		}
		p.Title.Text += splitValue
	}
	p.X.Label.Text = f.XLabel
	if p.X.Label.Text == "" {
		p.X.Label.Text = f.X
	}
	p.Y.Label.Text = f.YLabel
	if p.Y.Label.Text == "" {
		switch {
		case f.Kind == "histogram" && f.Normalize == "percent":
			p.Y.Label.Text = "% of cells"
		case f.Kind == "histogram":
			p.Y.Label.Text = "cells"
		default:
			p.Y.Label.Text = f.Y
		}
	}
	p.Add(plotter.NewGrid())
	leg := &legend{Legend: plot.NewLegend()}
	var err error
	switch f.Kind {
	case "line":
		err = f.drawLine(p, leg, recs, series)
	case "box":
		err = f.drawBox(p, leg, recs, series)
	case "histogram":
		err = f.drawHistogram(p, leg, recs, series)
	}
	if err != nil {
		return figureFile{}, fmt.Errorf("figure %s: %v", f.Name, err)
	}
	padAxes(p, f.Kind)
	if f.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{}
	}
	w, h := vg.Length(f.Width)*vg.Inch, vg.Length(f.Height)*vg.Inch
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(150))
	dc := draw.New(img)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	leg.drawWith(p, dc)
	var pngBuf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&pngBuf); err != nil {
		return figureFile{}, err
	}
	svg := vgsvg.New(w, h)
	leg.drawWith(p, draw.New(svg))
	var svgBuf bytes.Buffer
	if _, err := svg.WriteTo(&svgBuf); err != nil {
		return figureFile{}, err
	}
	return figureFile{png: pngBuf.Bytes(), svg: svgBuf.Bytes()}, nil
}

// legend is drawn to the right of the plot, outside the data.
type legend struct {
	plot.Legend
	n int
}

func (l *legend) add(name string, thumbs ...plot.Thumbnailer) {
	l.Add(name, thumbs...)
	l.n++
}

// drawWith draws p, leaving room on the right for the legend.
func (l *legend) drawWith(p *plot.Plot, c draw.Canvas) {
	if l.n == 0 {
		p.Draw(c)
		return
	}
	r := l.Rectangle(c)
	w := r.Max.X - r.Min.X + vg.Points(8)
	p.Draw(draw.Crop(c, 0, -w, 0, 0))
	l.Top, l.Left = true, true
	title := p.Title.TextStyle.Rectangle(p.Title.Text)
	l.Draw(draw.Crop(c, c.Max.X-c.Min.X-w+vg.Points(6), 0, 0, -(title.Max.Y-title.Min.Y)-p.Title.Padding))
}

// padAxes leaves a margin around the data, so that error bars and boxes at
// the ends are not cut by the axes.
func padAxes(p *plot.Plot, kind string) {
	if kind == "line" {
		dx := 0.04 * (p.X.Max - p.X.Min)
		if dx == 0 {
			dx = 0.5
		}
		p.X.Min, p.X.Max = p.X.Min-dx, p.X.Max+dx
	}
	if kind == "box" || kind == "histogram" {
		// Categories sit at 0, 1, ...: half a slot on each side.
		p.X.Min, p.X.Max = math.Min(p.X.Min, 0)-0.6, p.X.Max+0.6
	}
	if kind == "histogram" {
		p.Y.Min = 0
	}
	span := p.Y.Max - p.Y.Min
	if span == 0 {
		span = math.Max(math.Abs(p.Y.Max), 1)
	}
	if kind != "histogram" {
		p.Y.Min -= 0.04 * span
	}
	p.Y.Max += 0.04 * span
}

// xKeys returns the distinct x values and whether they are all numbers.
func (f figure) xKeys(recs []*cells.Cell) ([]string, bool) {
	keys := distinct(recs, func(r *cells.Cell) (string, bool) { return field(r, *f.XAxis) }, config.Order{})
	numeric := len(keys) > 0
	for _, k := range keys {
		if _, err := strconv.ParseFloat(k, 64); err != nil {
			numeric = false
		}
	}
	if numeric {
		slices.SortStableFunc(keys, compareKeys)
	}
	return keys, numeric
}

type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

func (f figure) drawLine(p *plot.Plot, leg *legend, recs []*cells.Cell, series []string) error {
	xs, numeric := f.xKeys(recs)
	if len(xs) == 0 {
		return nil
	}
	if !numeric {
		p.NominalX(xs...)
	} else if len(xs) <= 16 {
		// Ticks at the values swept, labelled as in the config.
		var ticks []plot.Tick
		for _, x := range xs {
			v, _ := strconv.ParseFloat(x, 64)
			ticks = append(ticks, plot.Tick{Value: v, Label: x})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	}
	// Dodge the series a little so that their error bars do not overlap.
	var dodge float64
	if len(series) > 1 && f.Error != "none" {
		lo, hi := 0.0, float64(len(xs)-1)
		if numeric {
			lo, _ = strconv.ParseFloat(xs[0], 64)
			hi, _ = strconv.ParseFloat(xs[len(xs)-1], 64)
		}
		dodge = 0.012 * math.Max(hi-lo, 1e-12)
	}
	for si, s := range series {
		var pts errPoints
		for xi, xk := range xs {
			var vals []float64
			for _, r := range recs {
				if f.seriesKey(r) != s {
					continue
				}
				if k, ok := field(r, *f.XAxis); !ok || k != xk {
					continue
				}
				if v, ok := r.Value(f.YAxis.Name); ok {
					vals = append(vals, v*f.Scale)
				}
			}
			if len(vals) == 0 {
				continue
			}
			st := summarize(vals)
			x := float64(xi)
			if numeric {
				x, _ = strconv.ParseFloat(xk, 64)
			}
			x += dodge * (float64(si) - float64(len(series)-1)/2)
			lo, hi := 0.0, 0.0
			switch f.Error {
			case "std":
				lo, hi = st.std, st.std
			case "sem":
				lo, hi = st.sem, st.sem
			case "minmax":
				lo, hi = st.mean-st.min, st.max-st.mean
			}
			if math.IsNaN(lo) || math.IsNaN(hi) {
				lo, hi = 0, 0
			}
			pts.XYs = append(pts.XYs, plotter.XY{X: x, Y: st.mean})
			pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{lo, hi})
		}
		if len(pts.XYs) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(pts.XYs)
		if err != nil {
			return err
		}
		line.Color = plotutil.Color(si)
		line.Dashes = plotutil.Dashes(si)
		points.Color = plotutil.Color(si)
		points.Shape = plotutil.Shape(si)
		p.Add(line, points)
		if f.Error != "none" {
			eb, err := plotter.NewYErrorBars(pts)
			if err != nil {
				return err
			}
			eb.Color = plotutil.Color(si)
			p.Add(eb)
		}
		if s != "" {
			leg.add(f.seriesLabel(s), line, points)
		}
	}
	return nil
}

// swatch is a legend thumbnail: a filled square.
type swatch struct{ c color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(s.c, []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}})
}

func (f figure) drawBox(p *plot.Plot, leg *legend, recs []*cells.Cell, series []string) error {
	xs, _ := f.xKeys(recs)
	if len(xs) == 0 {
		return nil
	}
	p.NominalX(xs...)
	width := vg.Points(40) / vg.Length(len(series))
	for si, s := range series {
		drawn := false
		for xi, xk := range xs {
			var vals plotter.Values
			for _, r := range recs {
				if f.seriesKey(r) != s {
					continue
				}
				if k, ok := field(r, *f.XAxis); !ok || k != xk {
					continue
				}
				if v, ok := r.Value(f.YAxis.Name); ok {
					vals = append(vals, v*f.Scale)
				}
			}
			if len(vals) == 0 {
				continue
			}
			b, err := plotter.NewBoxPlot(width*0.9, float64(xi), vals)
			if err != nil {
				return err
			}
			b.Offset = (vg.Length(si) - vg.Length(len(series)-1)/2) * width
			b.FillColor = withAlpha(plotutil.Color(si), 0x90)
			p.Add(b)
			drawn = true
		}
		if s != "" && drawn {
			leg.add(f.seriesLabel(s), swatch{withAlpha(plotutil.Color(si), 0x90)})
		}
	}
	return nil
}

func withAlpha(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: a}
}

func (f figure) drawHistogram(p *plot.Plot, leg *legend, recs []*cells.Cell, series []string) error {
	xs, _ := f.xKeys(recs)
	if len(xs) == 0 {
		return nil
	}
	p.NominalX(xs...)
	width := vg.Points(40) / vg.Length(len(series))
	for si, s := range series {
		counts := make(plotter.Values, len(xs))
		total := 0
		for _, r := range recs {
			if f.seriesKey(r) != s {
				continue
			}
			k, ok := field(r, *f.XAxis)
			if !ok {
				continue
			}
			total++
			if i := slices.Index(xs, k); i >= 0 {
				counts[i]++
			}
		}
		if total == 0 {
			continue
		}
		if f.Normalize == "percent" {
			for i := range counts {
				counts[i] *= 100 / float64(total)
			}
		}
		bars, err := plotter.NewBarChart(counts, width*0.95)
		if err != nil {
			return err
		}
		bars.Color = plotutil.Color(si)
		bars.LineStyle.Width = 0
		bars.Offset = (vg.Length(si) - vg.Length(len(series)-1)/2) * width
		p.Add(bars)
		if s != "" {
			leg.add(f.seriesLabel(s), bars)
		}
	}
	return nil
}
