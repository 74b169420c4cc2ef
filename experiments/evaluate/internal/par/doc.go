// Package par runs independent, indexed tasks on a bounded number of
// goroutines. Tasks are handed out in index order and every task writes only
// its own outputs, so results never depend on the number of goroutines.
package par
