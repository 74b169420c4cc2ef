package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/gsbench/gsbench/fastblas"
)

func init() {
	register("version", command{
		summary: "print the version, Go version and linear algebra backend",
		run: func(args []string, w io.Writer) error {
			rev := "unknown"
			if bi, ok := debug.ReadBuildInfo(); ok {
				for _, s := range bi.Settings {
					if s.Key == "vcs.revision" {
						rev = s.Value
					}
				}
			}
			fmt.Fprintf(w, "gsbench (revision %s), %s %s/%s, GOMAXPROCS %d\nBLAS: %s (LAPACK: %v)\n",
				rev, runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), fastblas.Name(), fastblas.HasLAPACK())
			return nil
		},
	})
}
