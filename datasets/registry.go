package datasets

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Entry describes one named dataset of the registry.
type Entry struct {
	Name    string     `json:"name"`
	Title   string     `json:"title"`
	Format  string     `json:"format"` // libsvm, idx, mat, uci-csv, sklearn-csv
	Files   []FileSpec `json:"files"`
	N       int        `json:"n"`       // rows, with the default options
	D       int        `json:"d"`       // columns, with the default options
	Classes int        `json:"classes"` // number of classes
	// Missing is the default missing-value policy ("" when the files have
	// no missing values); Options.Missing overrides it.
	Missing string `json:"missing,omitempty"`
	// Encoding is the default encoding of categorical columns ("" when
	// there are none); Options.Categorical overrides it.
	Encoding string `json:"categorical,omitempty"`
	// DataSHA256 is the digest of the parsed data with the default options
	// (dataDigest: the shape, X's float64 bits row-major, then Y): a file
	// re-formatted or re-compressed without changing a value still verifies
	// against it. "" where missing values or categories are handled.
	DataSHA256 string `json:"data_sha256,omitempty"`
	// Shapes lists the expected shape under every other choice of options.
	Shapes   []Shape `json:"shapes,omitempty"`
	Homepage string  `json:"homepage"`
	Citation string  `json:"citation"`
	Note     string  `json:"note,omitempty"`

	read       func(files []*dataFile, policy, encoding string) (*cached, error)
	classNames []string // names of the numeric labels firstLabel, firstLabel+1, ...
	firstLabel int
}

// Shape is the expected shape of a dataset under a choice of options.
type Shape struct {
	Drop     bool   `json:"drop"` // rows with missing values dropped (else imputed)
	Encoding string `json:"categorical"`
	N        int    `json:"n"`
	D        int    `json:"d"`
}

// FileSpec is one file of a dataset, at Path (slash-separated) under the
// data directory.
type FileSpec struct {
	Path  string `json:"path"`
	Bytes int64  `json:"bytes,omitempty"`
	// SHA256 is the digest of the file as laid out in the data directory
	// (MANIFEST.tsv of the reference copy); "" when none is known.
	SHA256 string `json:"sha256,omitempty"`
	// ContentSHA256 is the digest of the decompressed content of a gzip
	// file: a file re-compressed differently still verifies against it.
	ContentSHA256 string `json:"content_sha256,omitempty"`
	// Sources are the canonical download locations, tried in order.
	Sources []Source `json:"sources"`
}

// Source is a download location and the steps that turn what it serves
// into the file: "bunzip2", "gzip", "unlzw" (Unix compress, .Z), "unzip:NAME"
// (the zip member whose base name is NAME).
type Source struct {
	URL   string   `json:"url"`
	Steps []string `json:"steps,omitempty"`
}

// shape returns the expected shape under the given options.
func (e *Entry) shape(policy, encoding string) (n, d int) {
	drop := policy == MissingDrop
	for _, s := range e.Shapes {
		if s.Drop == drop && (s.Encoding == encoding || e.Encoding == "") {
			return s.N, s.D
		}
	}
	return e.N, e.D
}

// Registry returns every named dataset, sorted by name. The entries are
// copies: changing them does not change the registry.
func Registry() []Entry {
	out := make([]Entry, 0, len(registry))
	for _, e := range registry {
		out = append(out, e.clone())
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out
}

// Lookup returns (a copy of) the registry entry called name.
func Lookup(name string) (Entry, bool) {
	e, ok := registry[strings.ToLower(name)]
	if !ok {
		return Entry{}, false
	}
	return e.clone(), true
}

func (e *Entry) clone() Entry {
	c := *e
	c.Shapes = slices.Clone(e.Shapes)
	c.classNames = slices.Clone(e.classNames)
	c.Files = slices.Clone(e.Files)
	for i := range c.Files {
		c.Files[i].Sources = slices.Clone(e.Files[i].Sources)
		for j := range c.Files[i].Sources {
			c.Files[i].Sources[j].Steps = slices.Clone(e.Files[i].Sources[j].Steps)
		}
	}
	return c
}

// Names returns the registry's dataset names, sorted.
func Names() []string {
	var out []string
	for n := range registry {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

func unknownDataset(ref string) error {
	return fmt.Errorf("unknown dataset %q: not a file, and the registry has no such name (it has %s)", ref, strings.Join(Names(), ", "))
}

const (
	uciBase     = "https://archive.ics.uci.edu/ml/machine-learning-databases/"
	skfeature   = "https://raw.githubusercontent.com/jundongl/scikit-feature/48cffad4e88ff4b9d2f1c7baffb314d1b3303792/skfeature/data/"
	sklearnData = "https://raw.githubusercontent.com/scikit-learn/scikit-learn/1.2.1/sklearn/datasets/data/"
	libsvmBase  = "https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/multiclass/"
)

func mnistSources(file string) []Source {
	return []Source{
		{URL: "http://yann.lecun.com/exdb/mnist/" + file},
		{URL: "https://ossci-datasets.s3.amazonaws.com/mnist/" + file},
		{URL: "https://storage.googleapis.com/cvdf-datasets/mnist/" + file},
	}
}

func digitNames() []string {
	out := make([]string, 10)
	for i := range out {
		out[i] = fmt.Sprint(i)
	}
	return out
}

// UCI attribute kinds, in file order: n numeric, c categorical, l label, i ignored.
func kindsOf(pattern string) func(int) colKind {
	return func(j int) colKind {
		if j >= len(pattern) {
			return colNumeric
		}
		switch pattern[j] {
		case 'c':
			return colCategorical
		case 'i':
			return colIgnore
		}
		return colNumeric
	}
}

// The registry. Digests and sizes are those of MANIFEST.tsv in the
// reference data directory; content digests were computed from the same
// files (and agree with the published digests of MNIST's uncompressed files).
var registry = map[string]*Entry{}

func init() {
	add := func(e *Entry) { registry[e.Name] = e }

	const uspsCite = "J. J. Hull, \"A database for handwritten text recognition research\", IEEE TPAMI 16(5):550-554, 1994."
	uspsNote := "LIBSVM scaling to [-1,1]; labels 1-10 in the file are digits 0-9."
	add(&Entry{
		Name: "usps", Title: "USPS handwritten digits, training set", Format: "libsvm",
		Files: []FileSpec{{Path: "USPS/usps.libsvm.gz", Bytes: 2644966,
			SHA256:        "9a1b70d030489daf64be07566bd8064a9786d8661f2ef9fcf4f70fda3bf194b0",
			ContentSHA256: "83b3e2490d0da05237ce1f63477763c3ae116bff90700822d6ed810791432fa9",
			Sources:       []Source{{URL: libsvmBase + "usps.bz2", Steps: []string{"bunzip2", "gzip"}}}}},
		N: 7291, D: 256, Classes: 10,
		DataSHA256: "0e192081b872a4bcbcb322ecc8cc846c67c84ef6e0c83a59e84eed1a49b85697",
		Homepage:   libsvmBase[:len(libsvmBase)-len("multiclass/")] + "multiclass.html#usps", Citation: uspsCite, Note: uspsNote,
		read: readLIBSVMEntry(256), classNames: digitNames(), firstLabel: 1,
	})
	add(&Entry{
		Name: "usps-test", Title: "USPS handwritten digits, test set", Format: "libsvm",
		Files: []FileSpec{{Path: "USPS/usps.t.libsvm.gz", Bytes: 734396,
			SHA256:        "b3e0139c338bbab143bab07dbd5edd6fe0c7f3acc41a3a5f3f522e77e828923f",
			ContentSHA256: "a92340313639767be7580f70aa1d68f16ae41342f290e8ef501183225fb00a28",
			Sources:       []Source{{URL: libsvmBase + "usps.t.bz2", Steps: []string{"bunzip2", "gzip"}}}}},
		N: 2007, D: 256, Classes: 10,
		DataSHA256: "435d40868090df5d53052de6285d33c264ccbca083c6d11469a295de17593fc0",
		Homepage:   libsvmBase[:len(libsvmBase)-len("multiclass/")] + "multiclass.html#usps", Citation: uspsCite, Note: uspsNote,
		read: readLIBSVMEntry(256), classNames: digitNames(), firstLabel: 1,
	})

	const mnistCite = "Y. LeCun, L. Bottou, Y. Bengio, P. Haffner, \"Gradient-based learning applied to document recognition\", Proc. IEEE 86(11):2278-2324, 1998."
	add(&Entry{
		Name: "mnist", Title: "MNIST handwritten digits, training set", Format: "idx",
		Files: []FileSpec{
			{Path: "MNIST/train-images-idx3-ubyte.gz", Bytes: 9719462,
				SHA256:        "d2cebd02927d553943b2679536bf602ec0cdcb6555ad87dda5d640e1d425faaf",
				ContentSHA256: "ba891046e6505d7aadcbbe25680a0738ad16aec93bde7f9b65e87a2fc25776db",
				Sources:       mnistSources("train-images-idx3-ubyte.gz")},
			{Path: "MNIST/train-labels-idx1-ubyte.gz", Bytes: 28881,
				SHA256:        "3552534a0a558bbed6aed32b30c495cca23d567ec52cac8be1a0730e8010255c",
				ContentSHA256: "65a50cbbf4e906d70832878ad85ccda5333a97f0f4c3dd2ef09a8a9eef7101c5",
				Sources:       mnistSources("train-labels-idx1-ubyte.gz")},
		},
		N: 60000, D: 784, Classes: 10,
		DataSHA256: "f4c0cede30db90bcb2a652a1f3ddf1637dee4d5e2fdd2490120da6cbf1bb0fcf",
		Homepage:   "http://yann.lecun.com/exdb/mnist/", Citation: mnistCite,
		Note: "28x28 pixels 0-255, row-major. The reference copy's image file is re-compressed; it verifies by its content digest.",
		read: readIDXEntry,
	})
	add(&Entry{
		Name: "mnist-test", Title: "MNIST handwritten digits, test set", Format: "idx",
		Files: []FileSpec{
			{Path: "MNIST/t10k-images-idx3-ubyte.gz", Bytes: 1648877,
				SHA256:        "8d422c7b0a1c1c79245a5bcf07fe86e33eeafee792b84584aec276f5a2dbc4e6",
				ContentSHA256: "0fa7898d509279e482958e8ce81c8e77db3f2f8254e26661ceb7762c4d494ce7",
				Sources:       mnistSources("t10k-images-idx3-ubyte.gz")},
			{Path: "MNIST/t10k-labels-idx1-ubyte.gz", Bytes: 4542,
				SHA256:        "f7ae60f92e00ec6debd23a6088c31dbd2371eca3ffa0defaefb259924204aec6",
				ContentSHA256: "ff7bcfd416de33731a308c3f266cc351222c34898ecbeaf847f06e48f7ec33f2",
				Sources:       mnistSources("t10k-labels-idx1-ubyte.gz")},
		},
		N: 10000, D: 784, Classes: 10,
		DataSHA256: "e2e9280577c78d0cc9b6cbcd9cd3398c939c7764ad036583dacce4d2a39c4616",
		Homepage:   "http://yann.lecun.com/exdb/mnist/", Citation: mnistCite,
		Note: "28x28 pixels 0-255, row-major.",
		read: readIDXEntry,
	})

	const skfCite = "J. Li et al., \"Feature Selection: A Data Perspective\", ACM Computing Surveys 50(6), 2017 (scikit-feature .mat version)."
	add(&Entry{
		Name: "coil20", Title: "COIL-20 object images (scikit-feature)", Format: "mat",
		Files: []FileSpec{{Path: "COIL20/COIL20.mat", Bytes: 3024549,
			SHA256:  "4595ebdda07f47b0eb014fcfaddc22b452f9aed9c1d9261a0d5bc336c1ee1344",
			Sources: []Source{{URL: skfeature + "COIL20.mat"}}}},
		N: 1440, D: 1024, Classes: 20,
		DataSHA256: "9cd18d4aceaad908760dcfb930e285d6bf32b686e4610e06697ba62e1fd8b468",
		Homepage:   "https://jundongl.github.io/scikit-feature/datasets.html",
		Citation:   "S. A. Nene, S. K. Nayar, H. Murase, \"Columbia Object Image Library (COIL-20)\", Tech. Rep. CUCS-005-96, 1996; " + skfCite,
		Note:       "32x32 grey images, values in [0,1]; labels 1-20.",
		read:       readMATEntry,
	})
	letters := make([]string, 26)
	for i := range letters {
		letters[i] = string(rune('A' + i))
	}
	add(&Entry{
		Name: "isolet", Title: "Isolet spoken letters (scikit-feature subset)", Format: "mat",
		Files: []FileSpec{{Path: "Isolet/Isolet.mat", Bytes: 3652673,
			SHA256:  "ea73c69b1342a7def8199458e53a70307a83d557eceb2579863dda57c3ccd2b1",
			Sources: []Source{{URL: skfeature + "Isolet.mat"}}}},
		N: 1560, D: 617, Classes: 26,
		DataSHA256: "9c5707a18b262d58690c02a3645e207b09af4da0462fa1c85d3253aecac0fc19",
		Homepage:   "https://archive.ics.uci.edu/dataset/54/isolet",
		Citation:   "R. Cole, M. Fanty, UCI ISOLET, 1994, https://doi.org/10.24432/C51G69; " + skfCite,
		Note:       "Values in [-1,1]; labels 1-26 are the letters A-Z.",
		read:       readMATEntry, classNames: letters, firstLabel: 1,
	})

	add(&Entry{
		Name: "credit-approval", Title: "UCI Credit Approval (crx)", Format: "uci-csv",
		Files: []FileSpec{{Path: "CreditApproval/crx.data", Bytes: 32218,
			SHA256:  "fff49bc186cbddb3ace7371d40d9fbbb3af4f126019c13ff3f562249b1454f4d",
			Sources: []Source{{URL: uciBase + "credit-screening/crx.data"}}}},
		N: 690, D: 46, Classes: 2, Missing: MissingMean, Encoding: OneHot,
		Shapes: []Shape{
			{Drop: false, Encoding: OneHot, N: 690, D: 46},
			{Drop: false, Encoding: Ordinal, N: 690, D: 15},
			{Drop: true, Encoding: OneHot, N: 653, D: 46},
			{Drop: true, Encoding: Ordinal, N: 653, D: 15},
		},
		Homepage: "https://archive.ics.uci.edu/dataset/27/credit+approval",
		Citation: "J. R. Quinlan, UCI Credit Approval, https://doi.org/10.24432/C5FS30",
		Note:     "A1-A15: A2, A3, A8, A11, A14, A15 numeric, the rest categorical; class +/- last. The papers' 15 features are the ordinal encoding (--categorical ordinal).",
		read: readUCIEntry(tableSpec{labelCol: LastLabel, header: "no", missing: []string{"?"},
			kindOf: kindsOf("cnnccccnccnccnn"),
			names:  []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13", "A14", "A15"}}),
	})
	sonarNames := make([]string, 60)
	for i := range sonarNames {
		sonarNames[i] = fmt.Sprintf("band%d", i+1)
	}
	add(&Entry{
		Name: "sonar", Title: "UCI Connectionist Bench (Sonar, Mines vs. Rocks)", Format: "uci-csv",
		Files: []FileSpec{{Path: "Sonar/sonar.all-data", Bytes: 87776,
			SHA256:  "e90434cdbf00fcf93ffa911fe447ae25606979658e60f1d32e155c3b5240234d",
			Sources: []Source{{URL: uciBase + "undocumented/connectionist-bench/sonar/sonar.all-data"}}}},
		N: 208, D: 60, Classes: 2,
		DataSHA256: "363c9ac48d2d89feaef749159e59bf33bd09965da6065d21cf9a06c3517a7029",
		Homepage:   "https://archive.ics.uci.edu/dataset/151/connectionist+bench+sonar+mines+vs+rocks",
		Citation:   "T. Sejnowski, R. P. Gorman, UCI Connectionist Bench (Sonar, Mines vs. Rocks), https://doi.org/10.24432/C5T01Q",
		Note:       "Classes R (rock) and M (mine), in order of first appearance.",
		read:       readUCIEntry(tableSpec{labelCol: LastLabel, header: "no", missing: []string{"?"}, names: sonarNames}),
	})
	add(&Entry{
		Name: "automobile", Title: "UCI Automobile (imports-85)", Format: "uci-csv",
		Files: []FileSpec{{Path: "Automobile/imports-85.data", Bytes: 25936,
			SHA256:  "125db8bd36a84801f7223faf54071d15f85f26c13a9a7aee63375ac46098fb7f",
			Sources: []Source{{URL: uciBase + "autos/imports-85.data"}}}},
		N: 205, D: 75, Classes: 6, Missing: MissingMean, Encoding: OneHot,
		Shapes: []Shape{
			{Drop: false, Encoding: OneHot, N: 205, D: 75},
			{Drop: false, Encoding: Ordinal, N: 205, D: 25},
			{Drop: true, Encoding: OneHot, N: 159, D: 64},
			{Drop: true, Encoding: Ordinal, N: 159, D: 25},
		},
		Homepage: "https://archive.ics.uci.edu/dataset/10/automobile",
		Citation: "J. Schlimmer, UCI Automobile, 1985, https://doi.org/10.24432/C5B01C",
		Note:     "The class is symboling (column 1, -2..3); columns 2-26 are the attributes, 10 of them categorical.",
		read: readUCIEntry(tableSpec{labelCol: 0, header: "no", missing: []string{"?"},
			kindOf: kindsOf("lncccccccnnnnnccncnnnnnnnn"),
			names: []string{"symboling", "normalized-losses", "make", "fuel-type", "aspiration", "num-of-doors",
				"body-style", "drive-wheels", "engine-location", "wheel-base", "length", "width", "height",
				"curb-weight", "engine-type", "num-of-cylinders", "engine-size", "fuel-system", "bore", "stroke",
				"compression-ratio", "horsepower", "peak-rpm", "city-mpg", "highway-mpg", "price"}}),
	})
	add(&Entry{
		Name: "heart-c", Title: "UCI Heart Disease (Cleveland, processed)", Format: "uci-csv",
		Files: []FileSpec{{Path: "HeartC/processed.cleveland.data", Bytes: 18461,
			SHA256:  "a74b7efa387bc9d108d7d0115d831fe9b414b29ae7124f331b622b4efa0427c8",
			Sources: []Source{{URL: uciBase + "heart-disease/processed.cleveland.data"}}}},
		N: 303, D: 13, Classes: 5, Missing: MissingMostFrequent,
		Shapes: []Shape{
			{Drop: false, N: 303, D: 13},
			{Drop: true, N: 297, D: 13},
		},
		Homepage: "https://archive.ics.uci.edu/dataset/45/heart+disease",
		Citation: "A. Janosi, W. Steinbrunn, M. Pfisterer, R. Detrano, UCI Heart Disease, https://doi.org/10.24432/C52P4X",
		Note:     "The class is num (0-4; the binary task is num > 0). The 6 missing values are in the discrete ca and thal, so the most frequent value is imputed by default.",
		read: readUCIEntry(tableSpec{labelCol: LastLabel, header: "no", missing: []string{"?"},
			names: []string{"age", "sex", "cp", "trestbps", "chol", "fbs", "restecg", "thalach", "exang", "oldpeak", "slope", "ca", "thal"}}),
	})

	const sklearnNote = "scikit-learn's bundled copy."
	add(&Entry{
		Name: "wine", Title: "UCI Wine (scikit-learn)", Format: "sklearn-csv",
		Files: []FileSpec{{Path: "Wine/wine_data.csv", Bytes: 11157,
			SHA256:  "10e8a802908b34f86e5da8ce962f3c806694bc98450a18f61851af59f324bede",
			Sources: []Source{{URL: sklearnData + "wine_data.csv"}}}},
		N: 178, D: 13, Classes: 3,
		DataSHA256: "5a1cfc845eed7fb5fb07d71bea3edbcf88bd6deb5ee5d0357e3c2219ea599a9b",
		Homepage:   "https://archive.ics.uci.edu/dataset/109/wine",
		Citation:   "S. Aeberhard, M. Forina, UCI Wine, https://doi.org/10.24432/C5PC7J",
		Note:       sklearnNote,
		read: readUCIEntry(tableSpec{header: "sklearn", missing: []string{"?"},
			names: []string{"alcohol", "malic_acid", "ash", "alcalinity_of_ash", "magnesium", "total_phenols",
				"flavanoids", "nonflavanoid_phenols", "proanthocyanins", "color_intensity", "hue",
				"od280/od315_of_diluted_wines", "proline"}}),
	})
	pixels := make([]string, 64)
	for i := range pixels {
		pixels[i] = fmt.Sprintf("pixel_%d_%d", i/8, i%8)
	}
	add(&Entry{
		Name: "digits", Title: "UCI optical digits 8x8 (scikit-learn)", Format: "sklearn-csv",
		Files: []FileSpec{{Path: "Digits/digits.csv.gz", Bytes: 57512,
			SHA256:        "46abec6b12486ad9e51943373abcf22bbea1b5a51a1619b361570d8893f1464a",
			ContentSHA256: "6ebb3d2fee246a4e99363262ddf8a00a3c41bee6014c373ed9d9216ba7f651b8",
			Sources:       []Source{{URL: sklearnData + "digits.csv.gz"}}}},
		N: 1797, D: 64, Classes: 10,
		DataSHA256: "bbe4977656a9a6fd7541cc5e465618d0ee3c9f8c9e5aeefe37ed34a4b21dba17",
		Homepage:   "https://archive.ics.uci.edu/dataset/80/optical+recognition+of+handwritten+digits",
		Citation:   "E. Alpaydin, C. Kaynak, UCI Optical Recognition of Handwritten Digits, https://doi.org/10.24432/C50P49",
		Note:       sklearnNote + " Pixels 0-16.",
		read:       readUCIEntry(tableSpec{labelCol: LastLabel, header: "no", missing: []string{"?"}, names: pixels}),
	})
	add(&Entry{
		Name: "breast-cancer", Title: "UCI Breast Cancer Wisconsin (Diagnostic) (scikit-learn)", Format: "sklearn-csv",
		Files: []FileSpec{{Path: "BreastCancer/breast_cancer.csv", Bytes: 119913,
			SHA256:  "fed3eb72d0575ef6192293f5093c6e801b1476b577d0386bf4455504522172ed",
			Sources: []Source{{URL: sklearnData + "breast_cancer.csv"}}}},
		N: 569, D: 30, Classes: 2,
		DataSHA256: "4e820dc1f057cf2e50a1fabf4d3728e3308421bf7b76a6b8aa4414af6804ec55",
		Homepage:   "https://archive.ics.uci.edu/dataset/17/breast+cancer+wisconsin+diagnostic",
		Citation:   "W. Wolberg, O. Mangasarian, N. Street, W. Street, UCI Breast Cancer Wisconsin (Diagnostic), https://doi.org/10.24432/C5DW2B",
		Note:       sklearnNote + " Classes malignant (0) and benign (1).",
		read:       readUCIEntry(tableSpec{header: "sklearn", missing: []string{"?"}}),
	})

	muskKinds := "ii" + strings.Repeat("n", 166) + "l"
	add(&Entry{
		Name: "musk", Title: "UCI Musk version 2 (clean2)", Format: "uci-csv",
		Files: []FileSpec{{Path: "Musk/clean2.data",
			Sources: []Source{
				{URL: "https://archive.ics.uci.edu/static/public/75/musk+version+2.zip", Steps: []string{"unzip:clean2.data.Z", "unlzw"}},
				{URL: uciBase + "musk/clean2.data.Z", Steps: []string{"unlzw"}},
			}}},
		N: 6598, D: 166, Classes: 2,
		Homepage: "https://archive.ics.uci.edu/dataset/75/musk+version+2",
		Citation: "D. Chapman, A. Jain, UCI Musk (Version 2), https://doi.org/10.24432/C51608",
		Note:     "Fetch only (not in the reference copy, so no digest is known: fetch checks the shape). Columns 1-2 (molecule and conformation names) are dropped; classes non-musk (0) and musk (1).",
		read: readUCIEntry(tableSpec{labelCol: LastLabel, header: "no", missing: []string{"?"},
			kindOf:   kindsOf(muskKinds[:len(muskKinds)-1]),
			labelMap: canonicalNumber}),
		classNames: []string{"non-musk", "musk"},
	})
}
