// Package exptest registers stand-in methods for the tests of the harness
// (import it for its side effect in a _test.go file):
//
//	exptest-pick  a selection method: k seeded random columns, with a
//	              variance trace; it can be asked to fail, panic, sleep or
//	              modify its input
//	exptest-proj  a linear extraction method: the first k columns
//	exptest-rank  a methods.Ranker: a seeded random ranking cut at k; it
//	              counts its fits (RankFits) and can be asked to fail
//
// Their results depend on the seed the harness gives them, so that any
// dependence of seeds on order, parallelism or sharding shows in the
// results.
package exptest
