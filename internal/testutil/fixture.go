package testutil

import (
	"encoding/json"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// ReadJSON decodes the JSON file at path (a reference fixture under
// testdata/) into v, failing the test when it cannot.
func ReadJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// Dense returns the rows of a fixture (all of one length) as a matrix.
func Dense(rows [][]float64) *mat.Dense {
	X := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		X.SetRow(i, r)
	}
	return X
}
