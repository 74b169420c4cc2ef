// Command golearn-eval measures what github.com/sjwhitworth/golearn's
// classifiers would bring to gsbench's evaluation: their cross-validated
// accuracy on standardized data with the folds of scikit-learn's
// StratifiedKFold(5) (package evaluate/cv), whether two runs agree, and
// how much they print on standard output. It is a module of its own so
// that golearn never enters gsbench's go.mod; the README's Dependencies
// section gives the findings, scikit_learn_side.py the scikit-learn side,
// results.txt the output of both. From this directory, with cgo (golearn's
// k-NN and linear models need it) and GSBENCH_DATA set:
//
//	go run . wine breast-cancer
//	go run . -only knn,knn-kd,bnb,cart,id3,svc digits
//	GODEBUG=cgocheck=0 go run . -only svc wine breast-cancer digits
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sjwhitworth/golearn/base"
	"github.com/sjwhitworth/golearn/ensemble"
	"github.com/sjwhitworth/golearn/knn"
	"github.com/sjwhitworth/golearn/naive"
	"github.com/sjwhitworth/golearn/trees"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/evaluate/cv"
	"github.com/gsbench/gsbench/preprocess"
)

// instances builds golearn's data grid of the rows of X: float features
// and a categorical class with the values "0".."c-1" declared in order (or
// a float class, for the CART tree, which wants one).
func instances(X *mat.Dense, y []int, rows []int, c int, floatClass bool) *base.DenseInstances {
	_, d := X.Dims()
	inst := base.NewDenseInstances()
	specs := make([]base.AttributeSpec, d)
	for j := range d {
		specs[j] = inst.AddAttribute(base.NewFloatAttribute("x" + strconv.Itoa(j)))
	}
	var cls base.Attribute
	if floatClass {
		cls = base.NewFloatAttribute("class")
	} else {
		cat := base.NewCategoricalAttribute()
		cat.SetName("class")
		for l := range c {
			cat.GetSysValFromString(strconv.Itoa(l))
		}
		cls = cat
	}
	cs := inst.AddAttribute(cls)
	if err := inst.AddClassAttribute(cls); err != nil {
		panic(err)
	}
	if err := inst.Extend(len(rows)); err != nil {
		panic(err)
	}
	for i, r := range rows {
		for j := range d {
			inst.Set(specs[j], i, base.PackFloatToBytes(X.At(r, j)))
		}
		if floatClass {
			inst.Set(cs, i, base.PackFloatToBytes(float64(y[r])))
		} else {
			inst.Set(cs, i, cls.GetSysValFromString(strconv.Itoa(y[r])))
		}
	}
	return inst
}

type classifier interface {
	Fit(base.FixedDataGrid) error
	Predict(base.FixedDataGrid) (base.FixedDataGrid, error)
}

// The classifiers, each with scikit-learn's nearest equivalent in scikit_learn_side.py.
var makers = map[string]func(d int) classifier{
	"knn":    func(int) classifier { return knn.NewKnnClassifier("euclidean", "linear", 5) }, // KNeighborsClassifier(5)
	"knn-kd": func(int) classifier { return knn.NewKnnClassifier("euclidean", "kdtree", 5) }, // same, k-d tree search
	"bnb":    func(int) classifier { return naive.NewBernoulliNBClassifier() },               // BernoulliNB()
	"id3":    func(int) classifier { return trees.NewID3DecisionTree(0) },                    // DecisionTreeClassifier(criterion="entropy")
	"rf":     func(d int) classifier { return ensemble.NewRandomForest(100, max(1, d/3)) },   // RandomForestClassifier(100)
	"svc":    func(int) classifier { return ensemble.NewMultiLinearSVC("l2", "l2", true, 1, 1e-4, nil) },
}

var order = []string{"knn", "knn-kd", "bnb", "cart", "id3", "rf", "svc"}

// crossValidate returns the accuracy of each fold.
func crossValidate(name string, X *mat.Dense, y []int, c int, splits []cv.Split) (accs []float64, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	_, d := X.Dims()
	for _, s := range splits {
		var pred []int
		if name == "cart" { // DecisionTreeClassifier(criterion="gini")
			tree := trees.NewDecisionTreeClassifier("gini", -1, labelsOf(c))
			if err := tree.Fit(instances(X, y, s.Train, c, true)); err != nil {
				return nil, err
			}
			for _, v := range tree.Predict(instances(X, y, s.Test, c, true)) {
				pred = append(pred, int(v))
			}
		} else {
			m := makers[name](d)
			if err := m.Fit(instances(X, y, s.Train, c, false)); err != nil {
				return nil, err
			}
			p, err := m.Predict(instances(X, y, s.Test, c, false))
			if err != nil {
				return nil, err
			}
			for i := range s.Test {
				l, _ := strconv.Atoi(base.GetClass(p, i))
				pred = append(pred, l)
			}
		}
		ok := 0
		for i, r := range s.Test {
			if pred[i] == y[r] {
				ok++
			}
		}
		accs = append(accs, float64(ok)/float64(len(s.Test)))
	}
	return accs, nil
}

func labelsOf(c int) []int64 {
	out := make([]int64, c)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}

// counter counts the bytes written to it.
type counter struct{ n int }

func (c *counter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

// captureStdout runs f with os.Stdout redirected and returns the bytes it
// printed there: golearn's fmt.Printf calls (k-NN's progress). Its logger,
// base.Logger, writes to the standard output it found at start-up (the
// liblinear solver's iterations): main points it at a counter instead.
func captureStdout(f func()) int {
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	saved := os.Stdout
	os.Stdout = w
	n := make(chan int)
	go func() { b, _ := io.ReadAll(r); n <- len(b) }()
	f()
	w.Close()
	os.Stdout = saved
	return <-n
}

func main() {
	only := flag.String("only", "", "comma-separated classifiers (default all: "+strings.Join(order, ",")+")")
	flag.Parse()
	names := order
	if *only != "" {
		names = strings.Split(*only, ",")
	}
	logged := &counter{}
	base.SetLoggerOut(logged) // by default: os.Stdout
	for _, data := range flag.Args() {
		ds, err := datasets.Load(data, datasets.Options{})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		X, _, err := preprocess.Apply(preprocess.Standardize, ds.X)
		if err != nil {
			panic(err)
		}
		splits, err := cv.StratifiedKFold(ds.Y, 5, false, 0)
		if err != nil {
			panic(err)
		}
		c := slices.Max(ds.Y) + 1
		for _, name := range names {
			var runs [2][]float64
			var errs [2]error
			var printed int
			logged.n = 0
			start := time.Now()
			for i := range runs {
				printed += captureStdout(func() { runs[i], errs[i] = crossValidate(name, X, ds.Y, c, splits) })
			}
			same := slices.Equal(runs[0], runs[1])
			status := fmt.Sprintf("%.4f", runs[0])
			if !same && errs[0] == nil && errs[1] == nil {
				status += fmt.Sprintf(", second run %.4f", runs[1])
			}
			if errs[0] != nil {
				status = "error: " + strings.SplitN(errs[0].Error(), "\n", 2)[0]
			}
			fmt.Printf("%-14s %-7s %s  two runs equal: %v  stdout bytes: %d + logger %d  time: %.2fs\n",
				data, name, status, same && errs[0] == nil, printed/2, logged.n/2, time.Since(start).Seconds()/2)
		}
	}
}
