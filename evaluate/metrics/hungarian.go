package metrics

import "math"

// Assign solves the linear assignment problem: it returns match with
// match[i] = the column assigned to row i, minimizing the sum of
// cost[i][match[i]], every column used at most once. With more rows than
// columns, the rows left over get -1. cost must be rectangular and finite.
//
// It is the O(r^2 c) shortest-augmenting-path form of the Hungarian method
// (Kuhn 1955; Munkres 1957) with row and column potentials, as described by
// Jonker & Volgenant (1987): rows are added one at a time and each is routed
// to a free column along a shortest path in reduced costs.
func Assign(cost [][]float64) []int {
	r := len(cost)
	if r == 0 {
		return nil
	}
	c := len(cost[0])
	if r > c { // solve the transpose: every column gets a row
		t := make([][]float64, c)
		for j := range t {
			t[j] = make([]float64, r)
			for i := range r {
				t[j][i] = cost[i][j]
			}
		}
		colToRow := Assign(t)
		match := make([]int, r)
		for i := range match {
			match[i] = -1
		}
		for j, i := range colToRow {
			match[i] = j
		}
		return match
	}
	// Potentials u (rows, 1-based) and v (columns, 1-based); owner[j] is the
	// row holding column j (0: free), column 0 is a virtual start.
	u := make([]float64, r+1)
	v := make([]float64, c+1)
	owner := make([]int, c+1)
	prev := make([]int, c+1)
	dist := make([]float64, c+1)
	used := make([]bool, c+1)
	for row := 1; row <= r; row++ {
		owner[0] = row
		j0 := 0
		for j := range dist {
			dist[j] = math.Inf(1)
			used[j] = false
		}
		for {
			used[j0] = true
			i0 := owner[j0]
			delta, j1 := math.Inf(1), 0
			for j := 1; j <= c; j++ {
				if used[j] {
					continue
				}
				if d := cost[i0-1][j-1] - u[i0] - v[j]; d < dist[j] {
					dist[j], prev[j] = d, j0
				}
				if dist[j] < delta {
					delta, j1 = dist[j], j
				}
			}
			for j := 0; j <= c; j++ {
				if used[j] {
					u[owner[j]] += delta
					v[j] -= delta
				} else {
					dist[j] -= delta
				}
			}
			j0 = j1
			if owner[j0] == 0 {
				break
			}
		}
		for j0 != 0 { // flip the augmenting path
			j1 := prev[j0]
			owner[j0] = owner[j1]
			j0 = j1
		}
	}
	match := make([]int, r)
	for j := 1; j <= c; j++ {
		if owner[j] > 0 {
			match[owner[j]-1] = j - 1
		}
	}
	return match
}
