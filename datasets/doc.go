// Package datasets loads the benchmark data sets of the Gram-Schmidt papers
// from their published file formats (read by package format), and generates
// the seeded synthetic sets of their experiments together with the ground
// truth they are scored on.
//
// # Loading
//
//	ds, err := datasets.Load("coil20", datasets.Options{})
//
// Load takes a registry name (Names, Registry, Lookup), a generator name
// (Generators; Options.Params and Options.Seed draw it, as Generate does)
// or the path of a data file; Resolve says which, in that order (a file
// whose name is also a registry or generator name is reached as ./name),
// and answers an unknown name with the registry's datasets and the
// generators and the closest name. A file is read by its extension: *.mat
// (MAT v5), *.libsvm / *.svm, *.npy and *.npz (NumPy), *.arff (Weka),
// anything else CSV (Options.CSV); any of them gzip-compressed (*.csv.gz,
// *.npy.gz, ...). Package format reads each format (its documentation
// cites the specs and says what each reader checks); this package turns
// what it reads (a format.Table) into a Dataset.
//
// A registry dataset is looked for under the data directory in the layout
// of Entry.Files: Options.DataDir when set, otherwise GSBENCH_DATA and then
// os.UserCacheDir()/gsbench (DataDir returns the directory `gsbench fetch`
// fills). A missing dataset is an error that names the directories searched
// and the exact command that fetches it (`gsbench fetch NAME`).
//
// Every load of a registry dataset checks the shape and the number of
// classes against the registry; Options.Verify also checks each file's
// sha256: of the file, or, for a gzip file, of its decompressed content (a
// re-compressed copy still verifies), or of the parsed values
// (Entry.DataSHA256: a re-formatted copy still verifies). Parsed data is cached for
// the life of the process and every Load returns the caller's own copy: X and
// every slice may be modified freely (preprocess copies anyway).
//
// # Labels
//
// One rule says where the class labels of a data file are: Options.LabelCol
// (the label_col of a config's data file, the --label-col flag; parsed by
// format.ParseLabelCol) is
//
//	""       the format's own convention, and nothing else: a CSV file has
//	         no label (every column is a feature) unless its first line is
//	         scikit-learn's "n,d,class names" header, which puts it last; a
//	         .npy file has none; an .npz file's labels are its member y (else
//	         Y, labels, target; format.NPZLabelNames) when it has one; an ARFF file's
//	         class is its last nominal attribute (none when it has none); a
//	         LIBSVM line starts with its label; a MAT-file's labels are Y
//	         (with X), y, or gnd (with fea)
//	"none"   no labels: every column is a feature
//	"last"   the last column (of a CSV row, of the ARFF attributes, of an
//	         .npy / .npz / MAT X, which loses it)
//	"3"      the 0-based column 3, likewise
//	a name   the CSV column whose header cell it is (the first line is then
//	         the header), the ARFF attribute, the .npz member or the MAT
//	         variable of that name (exact, else ignoring case)
//
// A LIBSVM file takes only "" and "none". Labels that are all numbers are
// numbered in increasing order (1 and 1.0 are one class), others in order
// of first appearance (EncodeLabels), classes the file declares in their
// declared order (ARFF nominal classes; a scikit-learn header's class
// names, all of them).
// Registry datasets know their label column (Entry.LabelColumn) and
// generators label their data, so LabelCol must be "" for them.
//
// Missing values (UCI "?") are handled by a per-dataset policy that
// Options.Missing overrides: format.MissingDrop drops the rows,
// format.MissingMean imputes a numeric column's mean and a categorical
// column's most frequent category, format.MissingMostFrequent imputes every
// column's most frequent value. Imputation
// uses all rows of the file. Categorical columns are one-hot encoded in place
// (format.OneHot: one 0/1 column per category present, categories in
// byte-wise sorted order, named "column=category") or, with
// Options.Categorical = format.Ordinal, replaced by the category's index in
// that order; the papers' 15
// Credit Approval features are the ordinal encoding. Entry.Shapes lists the
// shape under each choice. ARFF nominal features use their declared order
// instead (ordinal: the declared index).
//
// # The registry
//
// The registry is data: registry.yaml, embedded, decoded strictly (unknown
// keys are errors) and validated at initialization (digests, URLs,
// conversion steps, shapes, reader options), lists every dataset with its
// files, digests, canonical sources, shape, classes and reader. It holds
// usps, usps-test (LIBSVM), mnist, mnist-test (IDX), coil20, isolet, allaml
// (MAT v5), credit-approval, sonar, automobile, heart-c, musk1 (UCI CSV),
// australian, heart-statlog (UCI Statlog, whitespace-separated), wine,
// digits, breast-cancer (scikit-learn CSV), all in the reference data copy,
// and the fetch-only musk (Musk v2), covertype, kddcup99, uscensus1990,
// github-musae (MUSAE JSON features and CSV target) and snap-patents (the
// citation graph, fetched but not loadable: the QMR-FS paper does not
// describe its 269 patent features). No digest is known for the fetch-only
// ones (Entry.FetchOnly): fetch and every load check their shape.
//
// # Data larger than memory
//
// A method that needs one pass over the rows (methods.StreamFitter: QMR-FS)
// reads a RowSource in row blocks, so that memory does not grow with the
// number of rows: OpenRows opens a .npy file (format.OpenNPYRows; C order,
// or Fortran order uncompressed; package format says why .npy) or a
// generator that draws rows on demand (qmrfs-table01), and Streams says
// whether a reference can be opened so. WriteNPY writes a RowSource to a
// .npy file a block at a time (format.CreateNPY; gsbench info --write-npy).
//
// # Fetching
//
// Fetch downloads a registry dataset from its canonical sources (or a
// mirror in the registry layout), converts archives into the registry layout
// (USPS from LIBSVM's bzip2 files, Musk's clean2.data from the UCI zip's
// Unix-compressed clean2.data.Z, MUSAE's files from SNAP's zip), verifies
// the sha256, loads the dataset from the downloaded files to check its
// shape, and only then moves the files into place; a failure leaves
// nothing behind (no temporary file, no file of the dataset, no directory
// the fetch created).
//
// # Synthetic data
//
//	ds, err := datasets.Generate("journal-gca", params.Params{"n_samples": 500, "degree": 3}, 7)
//
// Generators lists the generators with their parameters (params.Param, the
// papers' values as defaults). Each fills Dataset.Truth: the independent and
// redundant columns (or, with Truth.Basis, components Z_i of X = sum rho_i Z_i),
// the parents and factor k_i of each redundancy, the designed variances, and
// the label function. The same name, parameters and seed give the same bytes
// on every machine.
//
//	journal-gfr       Journal Sec. VIII-B2, Tables V, VI: n independent N(0, Unif(0,2)),
//	                  products X_j X_k, PTF (labels=ptf) or LTF (labels=ltf) labels
//	journal-gca       Journal Sec. VIII-C, Tables VII-IX: GCA's components, redundancies
//	                  k_i Z_j Z_k (degree 2), ... up to degree 5, noise_var 0.1 for Table VIII
//	journal-gfa       Journal Sec. VIII-G, Tables XIV-XVI: the same in the feature basis
//	journal-gfa-code  journal-gfa with k_i from the sample variances, exactly var_ratio x the
//	                  smaller parent's sample variance, as the authors' 4-GFA/GFA-1.py draws it
//	journal-gfs-uffs  Journal Sec. VIII-F, Tables XII, XIII, Figure 5: 15 + 15, f1 (factors=2) or f2 (3)
//	cdc-gfs           CDC Sec. V-C, Tables VIII-X: 10 normals and 20 products of 2 or 3
//	cdc-gfa           CDC Sec. V-D, Tables XI (degree 3), XII (degree 2): (n, d) = (10, 20)
//	uffs-s1, -s2, -s3 UFFS Sec. V-A: 10 informative, 10 nonlinear, 10 linear; PTF labels
//	sffs-e1, -e2      UFFS Sec. V-A, App. D: 20 features uniform on {-1, 1} (e1) or N(0, 1) (e2); the
//	                  label is the sign of an Erlang-weighted random polynomial of X1..X6 (Truth.Relevant)
//	journal-example4  Journal App. E, Example 4, Tables XVII-XIX: X1..X3 normal, X4 = X1 X3,
//	                  X5 = X1 X2^2; feature_map poly3 gives the 56-column degree-3 monomial map
//	qmrfs-table01     QMR-FS Table 1 stand-ins: the n x d of US Census 1990, GitHub MUSAE, SNAP
//	                  patents or KDD Cup 1999 (7.88M x 127, about 1e9 values), integer columns
//	                  with one-hot groups and exact integer combinations planted so that QMR-FS
//	                  keeps Table 1's d_fs; streamed (OpenRows) at any n
//
// The redundancy generators (journal-gca, journal-gfa, cdc-gfa) take
// scale_to_eps: the papers set GCA's and GFA's threshold to a quantity of
// each drawn dataset (Cor. 2: the empirical variance of the added noise;
// Cor. 3: the largest residual variance of a redundant column), which a
// fixed method parameter cannot express. scale_to_eps divides the data by
// the square root of that quantity (Truth.EpsScale), so that eps = 1 is the
// paper's threshold: variance thresholds are scale-equivariant.
//
// Choices the papers leave open, made here: the redundant columns of one
// dataset are distinct products (no repeated parent set); k_i makes the
// variance of k_i * product equal to var_ratio = 0.85 times the smallest
// parent variance (footnote 8 asks only for less; 0.85 is the authors'
// published code's value); CDC's degree-2 products include squares w_i^2
// ({w_i w_j} for i, j in [10]) and cdc-gfs's normals are standard; UFFS's
// nonlinear features multiply distinct informative ones. Labels are 1 where
// the threshold function is positive, else 0 (classes "-1", "+1").
package datasets
