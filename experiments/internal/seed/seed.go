package seed

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
)

// Derive returns the seed and the identifier (16 hex digits) of key under
// parent: the first 8 bytes of SHA-256(parent as 8 little-endian bytes,
// key) are the seed, the next 8 the identifier.
func Derive(parent uint64, key string) (uint64, string) {
	h := sha256.New()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], parent)
	h.Write(b[:])
	h.Write([]byte(key))
	sum := h.Sum(nil)
	return binary.LittleEndian.Uint64(sum[:8]), hex.EncodeToString(sum[8:16])
}

// Sub derives an independent seed for one use (e.g. "svm") of a seed.
func Sub(parent uint64, use string) uint64 {
	s, _ := Derive(parent, use)
	return s
}
