// Package seed derives the seeds and identifiers of the experiment harness
// from a parent seed and a key by SHA-256, so that they depend only on what
// they name: neither on the order in which cells run, nor on the number of
// workers, nor on sharding.
package seed
