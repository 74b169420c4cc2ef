package methods

import "github.com/gsbench/gsbench/methods/external"

// Methods written in any language: a command run on the data through
// plain-text files and a JSON result (package methods/external documents
// the protocol). Whether a run gets the class labels is its supervised
// parameter (LabelUser); every parameter other than their own is passed to
// the command.
func init() {
	Register("external-select", "a selection method run as a command in any language (Python, R, Octave, awk, ...): columns in, JSON column indices out", external.NewSelector)
	Register("external-extract", "an extraction method run as a command in any language: rows in, JSON features out; other rows are transformed by a second run", external.NewExtractor)
}

var (
	_ Scorer        = (*external.Selector)(nil)
	_ Reporter      = (*external.Selector)(nil)
	_ LabelUser     = (*external.Selector)(nil)
	_ ContextFitter = (*external.Selector)(nil)
	_ Embedder      = (*external.Extractor)(nil)
	_ Reporter      = (*external.Extractor)(nil)
	_ LabelUser     = (*external.Extractor)(nil)
	_ ContextFitter = (*external.Extractor)(nil)
)
