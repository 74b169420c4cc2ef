package datasets

import (
	"fmt"
	"iter"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets/format"
)

// RowSource is a data matrix read in row blocks, never held whole: a .npy
// file (OpenNPYRows) or a generator that draws its rows on demand
// (qmrfs-table01). A method that needs a single pass over the rows
// (methods.StreamFitter: QMR-FS) fits on it in memory that does not grow
// with the number of rows.
type RowSource struct {
	Name     string
	N, D     int
	Features []string // nil when the source has no column names
	Truth    *Truth   // a generator's ground truth; nil for a file
	Files    []FileStatus

	blocks func(rows int) iter.Seq2[*mat.Dense, error]
}

// Blocks yields the rows in order, at most rows at a time (rows < 1: a
// default), each block as a matrix that is reused once the loop body
// returns. An error stops the sequence; it names the file and the row.
// Every call starts again from the first row.
func (s *RowSource) Blocks(rows int) iter.Seq2[*mat.Dense, error] { return s.blocks(rows) }

// Streams reports whether OpenRows can read ref in row blocks: a .npy file
// (or .npy.gz), or a generator that draws its rows on demand.
func Streams(ref string) bool {
	r, err := Resolve(ref)
	if err != nil {
		return false
	}
	switch r.Kind {
	case GeneratorRef:
		_, ok := rowGenerators[r.Name]
		return ok
	case DataFile:
		return isNPY(r.Name)
	}
	return false
}

func isNPY(path string) bool {
	p := strings.ToLower(path)
	return strings.HasSuffix(p, ".npy") || strings.HasSuffix(p, ".npy.gz")
}

// OpenRows opens ref for reading in row blocks, when Streams(ref): a .npy
// file by OpenNPYRows (opt.LabelCol says which column, if any, is left out
// as the label), or a streaming generator with opt.Params and opt.Seed (the
// same rows Load would hold in memory). Anything else is an error: Load it.
func OpenRows(ref string, opt Options) (*RowSource, error) {
	r, err := Resolve(ref)
	if err != nil {
		return nil, err
	}
	if r.Kind != GeneratorRef && len(opt.Params) > 0 {
		return nil, fmt.Errorf("%s is a %s: parameters (%s) apply to generators only", r.Name, r.Kind, strings.Join(slices.Sorted(maps.Keys(opt.Params)), ", "))
	}
	switch {
	case r.Kind == GeneratorRef && rowGenerators[r.Name] != nil:
		if opt.LabelCol != "" {
			return nil, fmt.Errorf("label column %q: %s is a generator, whose labels are known; a label column applies to data files", opt.LabelCol, r.Name)
		}
		return rowGenerators[r.Name](opt.Params, opt.Seed)
	case r.Kind == DataFile && isNPY(r.Name):
		f, err := format.OpenNPYRows(r.Name, opt.LabelCol)
		if err != nil {
			return nil, err
		}
		return &RowSource{Name: strings.TrimSuffix(filepath.Base(r.Name), ".gz"), N: f.N, D: f.D, Files: []FileStatus{{Path: r.Name}}, blocks: f.Blocks}, nil
	}
	return nil, fmt.Errorf("%s (a %s) is not read in row blocks: only .npy files and the generators %s are; load it whole", r.Name, r.Kind, strings.Join(slices.Sorted(maps.Keys(rowGenerators)), ", "))
}

// WriteNPY writes the rows of src to a .npy file at path (dtype float64 or
// float32, see CreateNPY), a block at a time: memory does not grow with the
// number of rows. Nothing is left at path on an error.
func WriteNPY(path string, src *RowSource, dtype string) error {
	w, err := format.CreateNPY(path, src.N, src.D, dtype)
	if err != nil {
		return err
	}
	for X, err := range src.Blocks(0) {
		if err == nil {
			err = w.Write(X)
		}
		if err != nil {
			w.Abort()
			return err
		}
	}
	return w.Close()
}

// Rows returns the dataset's feature matrix as a RowSource (blocks are
// views of X), so that what takes row blocks (WriteNPY) takes a loaded
// dataset too.
func (d *Dataset) Rows() *RowSource {
	n, p := d.X.Dims()
	return &RowSource{Name: d.Name, N: n, D: p, Features: d.Features, Truth: d.Truth, Files: d.Files,
		blocks: func(rows int) iter.Seq2[*mat.Dense, error] {
			if rows < 1 {
				rows = 4096
			}
			return func(yield func(*mat.Dense, error) bool) {
				for i0 := 0; i0 < n; i0 += rows {
					if !yield(d.X.Slice(i0, min(n, i0+rows), 0, p).(*mat.Dense), nil) {
						return
					}
				}
			}
		}}
}
