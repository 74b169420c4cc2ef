// Package selection is the plumbing the feature selection baselines share:
// checking their inputs, spotting constant columns, ordering features by
// score and keeping the top k.
package selection
