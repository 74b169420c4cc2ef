// Package format reads the file formats the benchmark data sets are
// published in, each reader usable on its own, and writes NumPy .npy files.
// It knows formats, not datasets: a reader returns a Table (the feature
// matrix, the raw class labels as the file writes them, the classes the
// file declares, column names, notes and the count of missing values), and
// package datasets numbers the classes, applies the registry, verifies
// checksums and caches. This package imports nothing else of gsbench.
//
//	f, _ := os.Open("crx.data")
//	tb, err := format.ReadCSV(f, format.CSVOptions{LabelCol: format.LastLabel, Missing: format.MissingMean, Categorical: []int{0, 3}})
//
// # Formats
//
//	format        spec                                         reader
//	CSV           RFC 4180 (encoding/csv, quotes lazily);      ReadCSV
//	              UCI's '?' for a missing value; UCI
//	              Statlog's whitespace-separated .dat files
//	              (CSVOptions.Whitespace); scikit-learn's
//	              bundled CSV files, whose first line is
//	              "n_samples,n_features,class names..."
//	LIBSVM        LIBSVM's README ("label index:value ...",     ReadLIBSVM
//	              1-based increasing indices; SVMlight's
//	              format without qid)
//	IDX           Y. LeCun, C. Cortes, "The MNIST database",    ReadIDX
//	              section "File formats for the MNIST database"
//	MAT Level 5   MathWorks, "MAT-File Format" (versions 5 to   ReadMAT, MATTable,
//	              7.2, `save -v7`): Table 1-1 data types,       MATLabelTable
//	              Table 1-3 array classes, miCOMPRESSED (zlib)
//	NumPy .npy    numpy.lib.format, format versions 1.0, 2.0,   ReadNPY, ArrayTable,
//	              3.0 (NEP 1, "A simple file format for NumPy   OpenNPYRows, CreateNPY
//	              arrays")
//	NumPy .npz    np.savez (stored) and np.savez_compressed     ReadNPZ, NPZTable
//	              (deflated): a zip archive (PKWARE APPNOTE) of
//	              .npy members
//	ARFF          Weka's documentation, "ARFF (stable           ReadARFF
//	              version)": dense and sparse rows, instance
//	              weights
//	MUSAE         B. Rozemberczki, C. Allen, R. Sarkar,         ReadMUSAE
//	              "Multi-scale attributed node embedding",
//	              2021; SNAP's git_web_ml (JSON features,
//	              CSV target)
//	Unix compress LZW (T. Welch, 1984) as compress(1) packs it: Unlzw
//	              .Z files (UCI's Musk)
//	gzip          RFC 1952 / DEFLATE RFC 1951, recognised by    Decompress
//	              its magic bytes whatever the file name
//
// # What each reader checks
//
// No reader allocates from a header's claim alone: sizes are checked
// against what the input can hold (its length, or 1032 times the
// compressed length for zlib, gzip and deflate data: DEFLATE's largest
// ratio, one 258-byte match in 2 bits) and against MaxCells (and
// MaxFeatures for LIBSVM indices, ARFF attributes and MUSAE widths), so a
// corrupted or hostile file yields an error naming the line, the element
// or the byte offset, never a panic or an unbounded allocation. Every value
// a reader returns is finite.
//
//	ReadCSV     every row has the first row's number of cells (line and
//	            column of a bad cell); cells are numbers (leading zeros
//	            allowed) or a missing marker; a missing value is an error
//	            unless a policy is given (MissingDrop, MissingMean,
//	            MissingMostFrequent), and a row whose label is missing is
//	            dropped; categorical columns are one-hot encoded (categories
//	            present, byte-wise sorted, named "column=category") or
//	            ordinal; a scikit-learn header's shape is checked against the
//	            file and its labels must index its class names
//	ReadLIBSVM  numeric labels; index:value pairs with integer indices from
//	            1, strictly increasing, at most LIBSVMOptions.Features (or
//	            MaxFeatures); finite values
//	ReadIDX     the magic's zero bytes, element type and dimension count;
//	            the data ends exactly after the last element
//	ReadMAT     the 128-byte header (endian indicator, version 0x0100:
//	            v7.3/HDF5 and v4 files are named as such); each element's
//	            size against the bytes left; dense real numeric arrays are
//	            read, sparse, cell, struct, char and complex ones listed
//	            with MatVar.Unsupported; MATTable: X non-empty n x d and
//	            finite, labels n integers
//	ReadNPY     the magic, the header's dict literal (descr, fortran_order,
//	            shape, each once), the element type (float64/32, (u)int8-64,
//	            bool, unicode and byte strings, either byte order), the
//	            data's length against the shape; ArrayTable: numbers,
//	            finite, a label column inside the array
//	ReadNPZ     members stored or deflated, names unique, each member's
//	            size bounded by its compressed size (not the directory's
//	            claim); NPZTable: the features (X, x, data, features, else
//	            the only array of two or more dimensions) and labels (y, Y,
//	            labels, target, or the member or column named)
//	OpenNPYRows the header and, for an uncompressed file, its size before
//	            any row is read (a truncated file's error names the first
//	            incomplete row); each block's values finite
//	ReadARFF    @relation / @attribute / @data in order, attribute types
//	            (numeric, real, integer, {nominal}, string and date dropped
//	            with a note, relational an error), quoting and escapes,
//	            each value against its attribute, sparse indices in range
//	            and increasing; nominal classes keep their declared order
//	ReadMUSAE   node ids 0..n-1 once in both files, feature ids below the
//	            width, a target for every node
//	Unlzw       the 1f 9d magic, the code width (9 to 16 bits), each code
//	            against the table; at most the given number of bytes out
//
// # Labels
//
// A LabelCol (ParseLabelCol: "", "none", "last", a 0-based column number or
// a column name) says where the labels of a file are; "" is the format's
// own convention: none for CSV unless its first line is scikit-learn's
// header, none for .npy, the y (Y, labels, target) member of an .npz
// archive, the last nominal attribute of an ARFF file, X and Y (X and y,
// fea and gnd) of a MAT-file, the first value of each LIBSVM line. Labels
// are returned as the file writes them (numbers in their shortest form: 1
// and 1.0 are one label); Table.Classes holds the classes when the file
// declares them (a scikit-learn header, an ARFF nominal class).
//
// # Data larger than memory
//
// A method that needs one pass over the rows reads a .npy file in row
// blocks (OpenNPYRows), so that memory does not grow with the number of
// rows. The format is NumPy's .npy because its header gives the shape and
// element type and the data is one contiguous array: the offset of every
// row is known, a truncated file is detected from its size before anything
// is computed (the error names the first incomplete row), there is no size
// limit (KDD Cup's 1e9 values are an 8 GB float64 or 4 GB float32 file),
// and NumPy (np.save, np.lib.format.open_memmap), MATLAB (npy-matlab) and R
// (RcppCNPy) write it. CSV would need a parse of every value and cannot be
// indexed by row; HDF5 and MAT v7.3 need a C library. CreateNPY writes a
// .npy file a block at a time.
//
// The fuzz targets (fuzz_test.go, fuzz_corpus_test.go) start from the seed
// corpora of testdata/fuzz, the NumPy fixtures of testdata/npy (written by
// testdata/npy/make_npy.py, values in expected.json) and the hand-written
// ARFF files of testdata/arff.
package format
