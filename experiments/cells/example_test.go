package cells_test

import (
	"bytes"
	"fmt"
	"math"
	"os"

	"github.com/gsbench/gsbench/experiments/cells"
)

func Example() {
	cs := []*cells.Cell{{
		ID: "3f2a", Dataset: "Wine", DatasetParams: map[string]any{"scale": 10}, Preprocess: "standardize",
		Method: "PCA", MethodName: "pca", MethodParams: map[string]any{"k": 2}, Status: cells.StatusOK, NFeatures: 2,
		Values: map[string]cells.Num{"n_selected": 2, "residual_ratio": cells.Num(math.NaN())},
	}}
	var b bytes.Buffer
	cells.WriteJSONL(&b, cs)
	fmt.Print(b.String())
	back, _ := cells.Read(&b, "cells.jsonl")
	fmt.Println(back[0].Attr("dataset.scale"))
	cells.WriteCSV(os.Stdout, []string{"dataset", "dataset.scale", "method"}, []string{"n_selected", "residual_ratio"}, back)
	// Output:
	// {"cell":"3f2a","dataset":"Wine","dataset_params":{"scale":10},"preprocess":"standardize","method":"PCA","method_name":"pca","method_params":{"k":2},"rep":0,"seed":0,"status":"ok","n_features":2,"values":{"n_selected":2,"residual_ratio":"NaN"}}
	// 10 true
	// cell,dataset,dataset.scale,method,status,metric,value,error
	// 3f2a,Wine,10,PCA,ok,n_selected,2,
	// 3f2a,Wine,10,PCA,ok,residual_ratio,NaN,
}
