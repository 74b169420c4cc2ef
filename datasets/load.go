package datasets

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/params"
)

// Options controls Load.
type Options struct {
	DataDir string            // data directory; "" searches as documented on DataDir
	Verify  bool              // verify the sha256 of every file read
	CSV     format.CSVOptions // how to read a CSV file given by path
	// Missing overrides the missing-value policy: format.MissingDrop,
	// format.MissingMean or format.MissingMostFrequent ("" keeps the
	// registry's per-dataset default, or CSV.Missing for a file).
	Missing string
	// Categorical overrides the encoding of categorical columns:
	// format.OneHot or format.Ordinal ("" keeps the registry's default, or
	// CSV.Encoding).
	Categorical string
	// LabelCol is the label column of a data file given by path, by the
	// one rule of the package documentation (format.ParseLabelCol: "", "none",
	// "last", a 0-based column number, or a column name); Load ignores
	// CSV.LabelCol and CSV.LabelName. It must be "" for a registry dataset
	// (which knows its label column, Entry.LabelColumn) and a generator.
	LabelCol string
	// Params are the parameters of a generator (Generators lists them;
	// missing ones take the papers' values) and Seed its random stream,
	// when the name Load is given is a generator's. Params must be empty
	// for anything else.
	Params params.Params
	Seed   uint64
}

// DataDir returns the data directory: flag when not empty, else the
// GSBENCH_DATA environment variable, else os.UserCacheDir()/gsbench (or
// the temporary directory's gsbench when there is no user cache directory).
// Fetch writes there. When no directory is given explicitly
// (Options.DataDir), Load looks in GSBENCH_DATA and then in the user cache
// directory.
func DataDir(flag string) (dir string) {
	if flag != "" {
		return flag
	}
	if env := os.Getenv("GSBENCH_DATA"); env != "" {
		return env
	}
	return defaultDataDir()
}

func defaultDataDir() string {
	if c, err := os.UserCacheDir(); err == nil {
		return filepath.Join(c, "gsbench")
	}
	return filepath.Join(os.TempDir(), "gsbench")
}

// searchDirs lists the directories Load looks in, in order.
func searchDirs(flag string) []string {
	if flag != "" {
		return []string{flag}
	}
	var dirs []string
	if env := os.Getenv("GSBENCH_DATA"); env != "" {
		dirs = append(dirs, env)
	}
	if d := defaultDataDir(); !slices.Contains(dirs, d) {
		dirs = append(dirs, d)
	}
	return dirs
}

// Load returns the data set ref: a registry name (see Registry), a
// generator name (see Generators; opt.Params and opt.Seed draw it), or the
// path of a data file, resolved as Resolve says. A file is read by its
// name: *.mat as a MAT-file with variables X and Y (or fea and gnd),
// *.libsvm / *.svm as LIBSVM text, *.npy and *.npz as NumPy arrays, *.arff
// as Weka ARFF, anything else as CSV with opt.CSV; any of them may be
// gzip-compressed (*.csv.gz, *.npy.gz, ...). Its labels follow opt.LabelCol
// (the package documentation's label rule).
//
// A registry dataset is checked against its expected shape and number of
// classes every time, and its files against their sha256 when opt.Verify
// is set. Parsed data is cached for the life of the process (per dataset
// and options): later loads cost a copy, not a parse.
//
// The returned Dataset is the caller's own: X and every slice are fresh
// copies, so changing them never affects another Load. (MNIST is cached as
// its 8-bit pixels, so a load allocates only the float64 matrix it returns.)
func Load(ref string, opt Options) (*Dataset, error) {
	r, err := Resolve(ref)
	if err != nil {
		return nil, err
	}
	if r.Kind != DataFile && opt.LabelCol != "" {
		return nil, fmt.Errorf("label column %q: %s is a %s, whose labels are known; a label column applies to data files", opt.LabelCol, r.Name, r.Kind)
	}
	if r.Kind != GeneratorRef && len(opt.Params) > 0 {
		return nil, fmt.Errorf("%s is a %s: parameters (%s) apply to generators only", r.Name, r.Kind, strings.Join(slices.Sorted(maps.Keys(opt.Params)), ", "))
	}
	switch r.Kind {
	case RegistryDataset:
		e, _ := lookupEntry(r.Name)
		return loadEntry(e, opt)
	case GeneratorRef:
		return Generate(r.Name, opt.Params, opt.Seed)
	}
	return loadPath(r.Name, opt)
}

// RefKind says what a data reference names.
type RefKind string

// The kinds of data reference.
const (
	RegistryDataset RefKind = "registry dataset"
	GeneratorRef    RefKind = "generator"
	DataFile        RefKind = "data file"
)

// Ref is a resolved data reference.
type Ref struct {
	Kind RefKind
	// Name is the registry's or the generator's name, or the file's path
	// as given.
	Name string
}

// Resolve says what ref names, looking in this order: a registry dataset
// (any case), a generator, an existing regular file (a file whose path is
// also a name is reached as ./name). For anything else the error lists the
// registry's datasets and the generators, with the closest name when one is
// close (internal/registry's suggestion rule).
func Resolve(ref string) (Ref, error) {
	if e, ok := lookupEntry(ref); ok {
		return Ref{Kind: RegistryDataset, Name: e.Name}, nil
	}
	if _, ok := generators.Lookup(ref); ok {
		return Ref{Kind: GeneratorRef, Name: ref}, nil
	}
	if fi, err := os.Stat(ref); err == nil && !fi.IsDir() {
		return Ref{Kind: DataFile, Name: ref}, nil
	}
	names, gens := Names(), generators.Names()
	why := "no such file"
	if fi, err := os.Stat(ref); err == nil && fi.IsDir() {
		why = "a directory, not a file"
	}
	return Ref{}, fmt.Errorf("unknown dataset %q (%s)%s; registry datasets: %s; generators: %s",
		ref, why, registry.Suggest(ref, append(slices.Clone(names), gens...)), strings.Join(names, ", "), strings.Join(gens, ", "))
}

// ClearCache drops the parsed datasets Load keeps in memory.
func ClearCache() {
	cacheMu.Lock()
	cache = map[string]*cacheSlot{}
	cacheMu.Unlock()
}

// cached is a parsed dataset as kept in memory. When u8 is set it holds X
// (row-major, rows x cols) and ds.X is nil.
type cached struct {
	ds         *Dataset
	u8         []uint8
	rows, cols int
	verified   bool
}

// materialize returns a Dataset the caller owns.
func (c *cached) materialize() *Dataset {
	x := c.ds.X
	c.ds.X = nil
	ds := c.ds.Clone()
	c.ds.X = x
	if c.u8 != nil {
		data := make([]float64, len(c.u8))
		for i, v := range c.u8 {
			data[i] = float64(v)
		}
		ds.X = newDense(c.rows, c.cols, data)
	} else {
		ds.X = mat.DenseCopyOf(x)
	}
	return ds
}

func (c *cached) dims() (int, int) {
	if c.u8 != nil {
		return c.rows, c.cols
	}
	return c.ds.X.Dims()
}

type cacheSlot struct {
	mu sync.Mutex
	c  *cached
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*cacheSlot{}
)

// cachedLoad returns the cached value of key, calling read when there is
// none (or when verification is asked of an unverified one).
func cachedLoad(key string, verify bool, read func() (*cached, error)) (*Dataset, error) {
	cacheMu.Lock()
	slot := cache[key]
	if slot == nil {
		slot = &cacheSlot{}
		cache[key] = slot
	}
	cacheMu.Unlock()
	slot.mu.Lock()
	defer slot.mu.Unlock()
	if slot.c == nil || (verify && !slot.c.verified) {
		c, err := read()
		if err != nil {
			return nil, err
		}
		slot.c = c
	}
	return slot.c.materialize(), nil
}

func checkPolicy(policy, encoding string) error {
	switch policy {
	case "", format.MissingDrop, format.MissingMean, format.MissingMostFrequent:
	default:
		return fmt.Errorf("missing-value policy %q: use drop, mean or most_frequent", policy)
	}
	switch encoding {
	case "", format.OneHot, format.Ordinal:
	default:
		return fmt.Errorf("categorical encoding %q: use onehot or ordinal", encoding)
	}
	return nil
}

// Find returns the paths of the files of the registry dataset name, looked
// for as Load does (dataDir as Options.DataDir), or an error that names
// the files missing, the directories searched and the command that fetches
// them.
func Find(name, dataDir string) ([]string, error) {
	e, err := getEntry(name)
	if err != nil {
		return nil, err
	}
	return e.locate(dataDir)
}

// locate finds every file of e in the search directories.
func (e *Entry) locate(dirFlag string) ([]string, error) {
	dirs := searchDirs(dirFlag)
	paths := make([]string, len(e.Files))
	var missing []string
	for i, f := range e.Files {
		for _, d := range dirs {
			p := filepath.Join(d, filepath.FromSlash(f.Path))
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				paths[i] = p
				break
			}
		}
		if paths[i] == "" {
			missing = append(missing, f.Path)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("dataset %s is not present: %s not found in %s; run `gsbench fetch %s` (or point --data-dir / GSBENCH_DATA at a directory that has it)",
			e.Name, strings.Join(missing, ", "), strings.Join(dirs, " or "), e.Name)
	}
	return paths, nil
}

func loadEntry(e *Entry, opt Options) (*Dataset, error) {
	policy, encoding := opt.Missing, opt.Categorical
	if err := checkPolicy(policy, encoding); err != nil {
		return nil, err
	}
	if policy == "" {
		policy = e.Missing
	}
	if encoding == "" {
		encoding = e.Encoding
	}
	paths, err := e.locate(opt.DataDir)
	if err != nil {
		return nil, err
	}
	key := strings.Join([]string{"entry", e.Name, policy, encoding}, "\x00")
	for _, p := range paths {
		key += "\x00" + fileKey(p)
	}
	return cachedLoad(key, opt.Verify, func() (*cached, error) { return e.load(paths, policy, encoding, opt.Verify) })
}

// load reads e from paths and checks what it read.
func (e *Entry) load(paths []string, policy, encoding string, verify bool) (*cached, error) {
	files := make([]*dataFile, len(paths))
	defer func() {
		for _, f := range files {
			f.close()
		}
	}()
	for i, p := range paths {
		f, err := openDataFile(p, e.Files[i], verify)
		if err != nil {
			return nil, fmt.Errorf("dataset %s: %v", e.Name, err)
		}
		files[i] = f
	}
	c, perr := e.read(files, policy, encoding)
	var (
		statuses   []FileStatus
		mismatched []int
		firstErr   error
	)
	for i, f := range files {
		st, err := f.finish()
		var ce *checksumError
		switch {
		case errors.As(err, &ce) && e.DataSHA256 != "" && perr == nil:
			mismatched = append(mismatched, i) // the data digest decides below
			firstErr = cmp.Or(firstErr, err)
		case err != nil:
			// A checksum mismatch explains a parse error better than the parse error.
			return nil, fmt.Errorf("dataset %s: %v; `gsbench fetch --force %s` replaces it", e.Name, err, e.Name)
		}
		statuses = append(statuses, st)
	}
	if perr != nil {
		return nil, fmt.Errorf("dataset %s: %s: %v", e.Name, files[0].path, perr)
	}
	if len(mismatched) > 0 {
		if e.DataSHA256 != dataDigest(c) || policy != e.Missing || encoding != e.Encoding {
			return nil, fmt.Errorf("dataset %s: %v, and the data differ from the reference copy's; `gsbench fetch --force %s` replaces it", e.Name, firstErr, e.Name)
		}
		for _, i := range mismatched {
			statuses[i].Verified = "data-sha256"
		}
	}
	ds := c.ds
	ds.Name = e.Name
	ds.Files = statuses
	n, d := c.dims()
	wn, wd := e.shape(policy, encoding)
	if n != wn || d != wd || len(ds.Classes) != e.Classes {
		return nil, fmt.Errorf("dataset %s: read %d x %d with %d classes, but the registry expects %d x %d with %d classes: the files are not the expected version (`gsbench info --data %s --verify` checks them; `gsbench fetch --force %s` replaces them)",
			e.Name, n, d, len(ds.Classes), wn, wd, e.Classes, e.Name, e.Name)
	}
	if e.classNames != nil {
		if err := renameClasses(ds, e.classNames, e.firstLabel); err != nil {
			return nil, fmt.Errorf("dataset %s: %v", e.Name, err)
		}
	}
	c.verified = verify
	return c, nil
}

// fileKey identifies a file's current version for the cache: path, size and
// modification time (a re-fetched file is read again).
func fileKey(p string) string {
	fi, err := os.Stat(p)
	if err != nil {
		return p
	}
	return fmt.Sprintf("%s\x00%d\x00%d", p, fi.Size(), fi.ModTime().UnixNano())
}

// renameClasses names the classes of numeric labels first, first+1, ...
func renameClasses(ds *Dataset, names []string, first int) error {
	if len(ds.Classes) != len(names) {
		return fmt.Errorf("%d classes, want %d", len(ds.Classes), len(names))
	}
	for i, c := range ds.Classes {
		if c != fmt.Sprint(first+i) {
			return fmt.Errorf("class %d is labelled %q, want %d", i, c, first+i)
		}
	}
	ds.Classes = slices.Clone(names)
	return nil
}

func loadPath(path string, opt Options) (*Dataset, error) {
	csvOpt := opt.CSV
	if opt.Missing != "" {
		csvOpt.Missing = opt.Missing
	}
	if opt.Categorical != "" {
		csvOpt.Encoding = opt.Categorical
	}
	if err := checkPolicy(csvOpt.Missing, csvOpt.Encoding); err != nil {
		return nil, err
	}
	lc, err := format.ParseLabelCol(opt.LabelCol)
	if err != nil {
		return nil, err
	}
	csvOpt.LabelCol, csvOpt.LabelName = format.NoLabel, ""
	switch lc.Kind {
	case format.LabelLast:
		csvOpt.LabelCol = format.LastLabel
	case format.LabelIndex:
		csvOpt.LabelCol = lc.Index
	case format.LabelName:
		csvOpt.LabelName = lc.Name
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("path\x00%s\x00%#v\x00%s", fileKey(abs), csvOpt, lc)
	return cachedLoad(key, opt.Verify, func() (*cached, error) {
		f, err := openDataFile(path, FileSpec{}, opt.Verify)
		if err != nil {
			return nil, err
		}
		defer f.close()
		name := strings.ToLower(strings.TrimSuffix(filepath.Base(path), ".gz"))
		var tb *format.Table
		switch ext := filepath.Ext(name); ext {
		case ".mat":
			var vars []*format.MatVar
			if vars, err = format.ReadMAT(f.r, f.bound); err == nil {
				tb, err = format.MATLabelTable(vars, lc)
			}
		case ".libsvm", ".svm", ".svmlight":
			switch lc.Kind {
			case format.LabelDefault, format.LabelNone:
				if tb, err = format.ReadLIBSVM(f.r, format.LIBSVMOptions{}); err == nil && lc.Kind == format.LabelNone {
					tb.Labels = nil
				}
			default:
				err = fmt.Errorf("label column %s: a LIBSVM file's labels are the first value of each line (give none to drop them)", lc)
			}
		case ".npy":
			var a *format.NpyArray
			if a, err = format.ReadNPY(f.r, f.bound); err == nil {
				tb, err = format.ArrayTable("npy", a, lc)
			}
		case ".npz":
			tb, err = f.npz(lc)
		case ".arff":
			tb, err = format.ReadARFF(f.r, format.ARFFOptions{LabelCol: opt.LabelCol, Missing: csvOpt.Missing, Encoding: csvOpt.Encoding})
		default:
			tb, err = format.ReadCSV(f.r, csvOpt)
		}
		st, ferr := f.finish()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if ferr != nil {
			return nil, ferr
		}
		ds := fromTable(tb)
		ds.Name = strings.TrimSuffix(filepath.Base(path), ".gz")
		ds.Files = []FileStatus{st}
		return &cached{ds: ds, verified: opt.Verify}, nil
	})
}

// npz reads the .npz archive df holds: through the file itself when it is
// not compressed (zip needs random access), else from its decompressed
// content in memory (at most 16 * format.MaxCells bytes: a full float64
// matrix and its labels).
func (df *dataFile) npz(lc format.LabelCol) (*format.Table, error) {
	if !df.gz {
		return format.NPZTable(df.f, df.size, lc)
	}
	limit := min(df.bound, 16*format.MaxCells)
	b, err := io.ReadAll(io.LimitReader(df.r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("npz: more than %d bytes decompressed (16 x format.MaxCells)", limit)
	}
	return format.NPZTable(bytes.NewReader(b), int64(len(b)), lc)
}

// dataFile is an open data file: r yields its content, decompressed when
// the file is gzip (recognised by its magic bytes).
type dataFile struct {
	spec        FileSpec
	path        string
	f           *os.File
	size        int64
	r           io.Reader
	bound       int64 // the most bytes r can yield
	gz          bool
	raw         io.Reader // the file through fileHash
	fileHash    hash.Hash
	contentHash hash.Hash
	verify      bool
}

func openDataFile(path string, spec FileSpec, verify bool) (*dataFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	df := &dataFile{spec: spec, path: path, f: f, size: fi.Size(), raw: f, verify: verify}
	if verify {
		df.fileHash = sha256.New()
		df.raw = io.TeeReader(f, df.fileHash)
	}
	r, bound, gz, err := format.Decompress(df.raw, df.size)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	df.r, df.bound, df.gz = r, bound, gz
	if verify && gz {
		df.contentHash = sha256.New()
		df.r = io.TeeReader(r, df.contentHash)
	}
	return df, nil
}

func (df *dataFile) close() {
	if df != nil && df.f != nil {
		df.f.Close()
		df.f = nil
	}
}

// finish reads what the parser left and, when verifying, compares the
// digests with the registry's.
func (df *dataFile) finish() (FileStatus, error) {
	st := FileStatus{Path: df.path, Bytes: df.size}
	if !df.verify {
		return st, nil
	}
	if df.gz {
		if _, err := io.Copy(io.Discard, df.r); err != nil {
			df.contentHash = nil // the content is unreadable; only the file digest can say more
		}
	}
	if _, err := io.Copy(io.Discard, df.raw); err != nil {
		return st, fmt.Errorf("%s: %v", df.path, err)
	}
	st.SHA256 = hex.EncodeToString(df.fileHash.Sum(nil))
	content := ""
	if df.contentHash != nil {
		content = hex.EncodeToString(df.contentHash.Sum(nil))
	}
	switch {
	case df.spec.SHA256 == "" && df.spec.ContentSHA256 == "":
		st.Verified = "none"
	case st.SHA256 == df.spec.SHA256:
		st.Verified = "sha256"
	case content != "" && content == df.spec.ContentSHA256:
		st.Verified = "content-sha256"
	default:
		want := df.spec.SHA256
		if want == "" {
			want = "(content) " + df.spec.ContentSHA256
		}
		return st, &checksumError{fmt.Sprintf("%s: checksum mismatch: sha256 %s, want %s: the file is corrupted or not the expected version", df.path, st.SHA256, want)}
	}
	return st, nil
}

// checksumError reports a file whose digest differs from the registry's.
type checksumError struct{ msg string }

func (e *checksumError) Error() string { return e.msg }

// dataDigest is the sha256 of the shape (rows, cols as uint64), X's float64
// bits in row-major order and the labels (int64), all little-endian.
func dataDigest(c *cached) string {
	h := sha256.New()
	n, d := c.dims()
	buf := binary.LittleEndian.AppendUint64(nil, uint64(n))
	buf = binary.LittleEndian.AppendUint64(buf, uint64(d))
	h.Write(buf)
	buf = make([]byte, 0, 8*d)
	for i := range n {
		buf = buf[:0]
		for j := range d {
			var v float64
			if c.u8 != nil {
				v = float64(c.u8[i*d+j])
			} else {
				v = c.ds.X.At(i, j)
			}
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(v))
		}
		h.Write(buf)
	}
	buf = buf[:0]
	for _, y := range c.ds.Y {
		buf = binary.LittleEndian.AppendUint64(buf, uint64(int64(y)))
	}
	h.Write(buf)
	return hex.EncodeToString(h.Sum(nil))
}

// newDense wraps data (row-major, n x d) in a matrix. Every caller has
// checked that n and d are positive (mat.NewDense panics otherwise).
func newDense(n, d int, data []float64) *mat.Dense { return mat.NewDense(n, d, data) }

func readLIBSVMEntry(d int) func([]*dataFile, string, string) (*cached, error) {
	return func(files []*dataFile, _, _ string) (*cached, error) {
		tb, err := format.ReadLIBSVM(files[0].r, format.LIBSVMOptions{Features: d})
		if err != nil {
			return nil, err
		}
		return &cached{ds: fromTable(tb)}, nil
	}
}

func readMATEntry(x, y string) func([]*dataFile, string, string) (*cached, error) {
	return func(files []*dataFile, _, _ string) (*cached, error) {
		vars, err := format.ReadMAT(files[0].r, files[0].bound)
		if err != nil {
			return nil, err
		}
		tb, err := format.MATTable(vars, x, y)
		if err != nil {
			return nil, err
		}
		return &cached{ds: fromTable(tb)}, nil
	}
}

// readUCIEntry reads a delimited table (uci-csv, uci-text, sklearn-csv)
// with opt, whose Missing and Encoding are the load's policy and encoding;
// canonical writes numeric labels in their shortest form ("1." and "1" are
// one class).
func readUCIEntry(opt format.CSVOptions, canonical bool) func([]*dataFile, string, string) (*cached, error) {
	return func(files []*dataFile, policy, encoding string) (*cached, error) {
		o := opt
		o.Missing, o.Encoding = policy, encoding
		tb, err := format.ReadCSV(files[0].r, o)
		if err != nil {
			return nil, err
		}
		if canonical {
			for i, l := range tb.Labels {
				tb.Labels[i] = canonicalNumber(l)
			}
		}
		return &cached{ds: fromTable(tb)}, nil
	}
}

// readIDXEntry reads an images file and a labels file (MNIST).
func readIDXEntry(files []*dataFile, _, _ string) (*cached, error) {
	img, err := format.ReadIDX(files[0].r, files[0].bound)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", files[0].path, err)
	}
	lab, err := format.ReadIDX(files[1].r, files[1].bound)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", files[1].path, err)
	}
	n, d := img.Rows()
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("%s: empty image array %v", files[0].path, img.Dims)
	}
	if len(lab.Dims) != 1 || lab.Dims[0] != n {
		return nil, fmt.Errorf("%s: %v labels for %d images", files[1].path, lab.Dims, n)
	}
	labels := make([]string, n)
	for i := range labels {
		v := lab.At(i)
		if v != float64(int64(v)) {
			return nil, fmt.Errorf("%s: label %d is %v, not an integer", files[1].path, i, v)
		}
		labels[i] = fmt.Sprint(int64(v))
	}
	c := &cached{ds: &Dataset{}, rows: n, cols: d}
	c.ds.Y, c.ds.Classes = EncodeLabels(labels)
	if img.Type == 0x08 {
		c.u8 = img.U8
	} else {
		c.ds.X = newDense(n, d, img.F64)
	}
	return c, nil
}

// readMUSAEEntry reads a MUSAE entry: features, target (and the edge list,
// which is not read).
func readMUSAEEntry(width int) func([]*dataFile, string, string) (*cached, error) {
	return func(files []*dataFile, _, _ string) (*cached, error) {
		tb, err := format.ReadMUSAE(files[0].r, files[1].r, width)
		if err != nil {
			return nil, err
		}
		return &cached{ds: fromTable(tb)}, nil
	}
}
