package datasets

import (
	"fmt"
	"os"
)

// Options controls Load.
type Options struct {
	DataDir string     // data directory; "" resolves as documented on DataDir
	Verify  bool       // verify the sha256 of every file read
	CSV     CSVOptions // how to read a CSV file given by path
}

// Load returns the data set ref: a registry name or the path of a numeric
// CSV file (optionally .gz).
func Load(ref string, opt Options) (*Dataset, error) {
	if fi, err := os.Stat(ref); err == nil && !fi.IsDir() {
		return ReadCSVFile(ref, opt.CSV)
	}
	return nil, fmt.Errorf("unknown dataset %q: not a file, and the registry has no such name", ref)
}
