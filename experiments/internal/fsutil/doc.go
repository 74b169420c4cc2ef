// Package fsutil writes the files of a results directory atomically, so
// that a reader, or a run resumed after a kill, sees either the old file
// or the complete new one, never a part.
package fsutil
