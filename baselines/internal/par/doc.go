// Package par runs loops over index ranges on several goroutines, in chunks
// whose boundaries do not depend on the number of goroutines, so that
// reductions done chunk by chunk give the same bytes however many cores run
// them.
package par
