package evaluate

import (
	"context"
	"fmt"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/evaluate/metrics"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/learn/kmeans"
	"github.com/gsbench/gsbench/preprocess"
)

// ClusterOptions configures ClusterNMI. Zero values select the defaults.
type ClusterOptions struct {
	// K is the number of clusters; default: the number of classes in y.
	K int
	// NInit, MaxIter and Tol are k-means' restarts (default 10), iteration
	// limit (300) and relative tolerance (1e-4), as scikit-learn's KMeans.
	NInit   int
	MaxIter int
	Tol     float64
	// Seeds lists the k-means seeds, one score each; default 0, 1, ..., 24
	// (the QMR-FS protocol: KMeans(random_state=s) for s < 25).
	Seeds []uint64
	// Preprocess is fitted on X and applied to it before clustering; "" or
	// none leaves the data as given.
	Preprocess preprocess.Kind
	// Workers bounds the goroutines; 0 means GOMAXPROCS. Scores do not
	// depend on it.
	Workers int
}

// SeedRange returns the seeds 0, 1, ..., n-1.
func SeedRange(n int) []uint64 {
	s := make([]uint64, max(n, 0))
	for i := range s {
		s[i] = uint64(i)
	}
	return s
}

// ClusterScore holds one value per seed of the normalized mutual information
// (arithmetic normalization, scikit-learn's default) and of the clustering
// accuracy (Hungarian matching of clusters to classes) between the k-means
// clusters and the classes.
type ClusterScore struct {
	NMI Score
	ACC Score
}

// ClusterNMI clusters the rows of X with k-means once per seed and scores
// the clusters against the class labels y (non-negative integers). It does
// not modify X.
func ClusterNMI(ctx context.Context, X *mat.Dense, y []int, opt ClusterOptions) (ClusterScore, error) {
	if err := checkData(X, y); err != nil {
		return ClusterScore{}, err
	}
	if opt.Seeds == nil {
		opt.Seeds = SeedRange(DefaultKMeans().Seeds)
	}
	if len(opt.Seeds) == 0 {
		return ClusterScore{}, fmt.Errorf("evaluate: no k-means seeds")
	}
	if opt.K == 0 {
		opt.K = len(distinct(y))
	}
	if opt.Preprocess == "" {
		opt.Preprocess = preprocess.None
	}
	if opt.Preprocess != preprocess.None {
		var err error
		if X, _, err = preprocess.Apply(opt.Preprocess, X); err != nil {
			return ClusterScore{}, err
		}
	}
	workers := par.Workers(opt.Workers)
	n, d := X.Dims()
	outer, inner := 1, workers
	if n*d*opt.K < kmeans.SmallWork { // seeds in parallel, one goroutine each
		outer, inner = workers, 1
	}
	nmi := make([]float64, len(opt.Seeds))
	acc := make([]float64, len(opt.Seeds))
	var notes []string
	converged := make([]bool, len(opt.Seeds))
	err := par.Do(ctx, len(opt.Seeds), outer, func(i int) error {
		res, err := kmeans.KMeans(ctx, X, kmeans.Options{
			K: opt.K, NInit: opt.NInit, MaxIter: opt.MaxIter, Tol: opt.Tol,
			Seed: opt.Seeds[i], Workers: inner,
		})
		if err != nil {
			return fmt.Errorf("seed %d: %w", opt.Seeds[i], err)
		}
		converged[i] = res.Converged
		if nmi[i], err = metrics.NMI(y, res.Labels); err != nil {
			return err
		}
		acc[i], err = metrics.ClusteringAccuracy(y, res.Labels)
		return err
	})
	if err != nil {
		return ClusterScore{}, err
	}
	for i, c := range converged {
		if !c {
			notes = append(notes, fmt.Sprintf("seed %d: k-means stopped at the iteration limit", opt.Seeds[i]))
		}
	}
	return ClusterScore{NMI: newScore(nmi, notes), ACC: newScore(acc, nil)}, nil
}

func distinct(y []int) []int {
	s := slices.Clone(y)
	slices.Sort(s)
	return slices.Compact(s)
}
