package methods

import (
	"fmt"

	"github.com/gsbench/gsbench/baselines/qmrfs"
	"github.com/gsbench/gsbench/baselines/uffs"
)

// The seed papers' own peers of GFS: UFFS (journal Appendix C, Sec. VIII-F)
// and QMR-FS.

type uffsParams struct {
	Depth              int       `param:"depth" doc:"t: orthogonalize the characters (products of standardized features) of up to t features (UFFS Alg. 1, fixed-depth search)"`
	Eps                []float64 `param:"eps" doc:"epsilon of UFFS Alg. 1 line 8: a character of norm <= eps is set to zero, and mode threshold keeps the features of norm > eps; one value, or one per round (journal Fig. 5: 0.1)"`
	Mode               string    `param:"mode" doc:"threshold (Theorem 1), cumulative (the authors' selection_threshold rule) or top-k (journal Table XIII); empty: threshold, or top-k when k is given"`
	K                  int       `param:"k" doc:"mode top-k: the number of features (those of largest norm)"`
	SelectionThreshold []float64 `param:"selection_threshold" doc:"mode cumulative: keep a group's largest squared norms while their cumulative share stays below this; one value or one per round (empty: 0.95, 0.995, 0.999 at depths 1, 2, 3)"`
	Sequential         bool      `param:"sequential" doc:"run depths 1, 2, ..., t in turn, each on the survivors of the previous round (UFFS Appendix E); false: one round at depth t (journal Sec. VIII-F)"`
	ClusterSize        []int     `param:"cluster_size" doc:"m: orthogonalize groups of about m features separately (UFFS feature partitioning); one value or one per round; 0: one group"`
	Partition          string    `param:"partition" doc:"how groups are formed: contiguous (blocks in feature order, as the authors' code) or random (seeded)"`
	Order              string    `param:"order" doc:"feature order of UFFS Eq. (1): given (the column order, or permutation) or random (seeded)"`
	Permutation        []int     `param:"permutation" doc:"explicit feature order: every column index once, first feature first"`
	Ddof               int       `param:"ddof" doc:"standardize with divisor n - ddof (1 as the authors' code; 0 as --preprocess standardize)"`
	Seed               uint64    `param:"seed" doc:"seed of the random order and the random partition"`
}

var uffsDefaults = uffsParams{Depth: 3, Eps: []float64{0.1}, Partition: string(uffs.Contiguous), Order: "given", Ddof: 1}

// perRound expands a per-round list: no value gives zero values, one value
// applies to every round, otherwise there must be one per round.
func perRound[T any](name string, v []T, rounds int) ([]T, error) {
	out := make([]T, rounds)
	switch len(v) {
	case 0:
	case 1:
		for i := range out {
			out[i] = v[0]
		}
	case rounds:
		copy(out, v)
	default:
		return nil, fmt.Errorf("uffs: %s has %d values; give one, or one per round (%d)", name, len(v), rounds)
	}
	return out, nil
}

func newUFFS(p uffsParams) (Method, error) {
	if p.Depth < 1 {
		return nil, fmt.Errorf("uffs: depth = %d, want >= 1", p.Depth)
	}
	if len(p.Eps) == 0 {
		return nil, fmt.Errorf("uffs: eps needs a value (e.g. 0.1)")
	}
	rounds := uffs.Schedule(p.Depth, p.Sequential, 0)
	eps, err := perRound("eps", p.Eps, len(rounds))
	if err != nil {
		return nil, err
	}
	thr, err := perRound("selection_threshold", p.SelectionThreshold, len(rounds))
	if err != nil {
		return nil, err
	}
	sizes, err := perRound("cluster_size", p.ClusterSize, len(rounds))
	if err != nil {
		return nil, err
	}
	for i := range rounds {
		rounds[i].Eps, rounds[i].SelectionThreshold, rounds[i].ClusterSize = eps[i], thr[i], sizes[i]
	}
	if p.Ddof != 0 && p.Ddof != 1 {
		return nil, fmt.Errorf("uffs: ddof = %d, want 1 (sample standard deviation) or 0 (population)", p.Ddof)
	}
	u := &uffs.UFFS{Rounds: rounds, Mode: uffs.Mode(p.Mode), K: p.K, Partition: uffs.Partition(p.Partition),
		Order: p.Permutation, Seed: p.Seed, PopulationStd: p.Ddof == 0}
	switch p.Order {
	case "", "given":
	case "random":
		if p.Permutation != nil {
			return nil, fmt.Errorf("uffs: give order random or a permutation, not both")
		}
		u.Shuffle = true
	default:
		return nil, fmt.Errorf("uffs: order %q: use given or random", p.Order)
	}
	switch u.Mode {
	case "", uffs.Threshold, uffs.Cumulative, uffs.TopK:
	default:
		return nil, fmt.Errorf("uffs: mode %q: use threshold, cumulative or top-k", p.Mode)
	}
	if p.K < 0 {
		return nil, fmt.Errorf("uffs: k = %d, want >= 0", p.K)
	}
	return u, nil
}

type qmrfsParams struct {
	Theta       float64 `param:"theta" doc:"relative tolerance in [0, 1): drop a feature whose residual on the constant and the features retained before it has norm <= theta ||x_j|| (QMR-FS Sec. 2; its Table 1 uses 0.1)"`
	Order       string  `param:"order" doc:"order of consideration: given (left to right, or permutation), entropy (decreasing, QMR-FS Alg. 1 line 2) or random (seeded)"`
	Permutation []int   `param:"permutation" doc:"explicit order of consideration: every column index once"`
	ChunkRows   int     `param:"chunk_rows" doc:"rows per chunk of the streamed QR update (memory is about (d + chunk_rows) x d numbers)"`
	Seed        uint64  `param:"seed" doc:"seed of the random order"`
}

func init() {
	registerLegacy("uffs", Selection, "Unsupervised Fourier Feature Selection (UFFS Alg. 1; journal Appendix C)", uffsDefaults, newUFFS)
	registerLegacy("qmrfs", Selection, "QMR-FS: greedy selection of linearly independent features up to a relative tolerance",
		qmrfsParams{Theta: 0.1, Order: string(qmrfs.Given), ChunkRows: qmrfs.DefaultChunkRows},
		func(p qmrfsParams) (Method, error) {
			if !(p.Theta >= 0 && p.Theta < 1) {
				return nil, fmt.Errorf("qmrfs: theta = %g, want a relative tolerance in [0, 1)", p.Theta)
			}
			if p.ChunkRows < 1 {
				return nil, fmt.Errorf("qmrfs: chunk_rows = %d, want >= 1", p.ChunkRows)
			}
			switch qmrfs.Ordering(p.Order) {
			case qmrfs.Given, qmrfs.Entropy, qmrfs.Random:
			default:
				return nil, fmt.Errorf("qmrfs: order %q: use given, entropy or random", p.Order)
			}
			if p.Permutation != nil && p.Order != string(qmrfs.Given) {
				return nil, fmt.Errorf("qmrfs: a permutation needs order given, not %s", p.Order)
			}
			return &qmrfs.QMRFS{Theta: p.Theta, Order: qmrfs.Ordering(p.Order), Permutation: p.Permutation,
				Seed: p.Seed, ChunkRows: p.ChunkRows}, nil
		})
}
