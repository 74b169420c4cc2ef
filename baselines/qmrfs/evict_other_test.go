//go:build !linux

package qmrfs

import "errors"

func evict(string) error { return errors.New("not on this system") }
