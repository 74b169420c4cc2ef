// Package datasets loads the benchmark data sets of the Gram-Schmidt papers
// from their published file formats, and generates the seeded synthetic sets
// of their experiments together with the ground truth they are scored on.
package datasets
