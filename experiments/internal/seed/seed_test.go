package seed

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"testing"
)

// Derive is SHA-256 of the little-endian parent and the key, split into
// the seed and the identifier (checked against crypto/sha256 directly and
// against Python's hashlib for one value: the identifiers of the committed
// results depend on this derivation).
func TestDerive(t *testing.T) {
	s, id := Derive(3, "data=x|rep=0")
	msg := append(binary.LittleEndian.AppendUint64(nil, 3), "data=x|rep=0"...)
	sum := sha256.Sum256(msg)
	if s != binary.LittleEndian.Uint64(sum[:8]) || id != hex.EncodeToString(sum[8:16]) || len(id) != 16 {
		t.Errorf("Derive = %d, %s", s, id)
	}
	if s2, _ := Derive(4, "data=x|rep=0"); s2 == s {
		t.Error("the parent seed does not change the seed")
	}
	if Sub(3, "svm") == Sub(3, "kmeans") || Sub(3, "svm") != Sub(3, "svm") {
		t.Error("Sub is not a function of its use")
	}
	// python3 -c "import hashlib,struct; print(hashlib.sha256(struct.pack('<Q',0)).digest()[8:16].hex())"
	if _, id := Derive(0, ""); id != "f78caf4bc70a660f" {
		t.Errorf("Derive(0, \"\") identifier %s changed: every stored cell would be recomputed", id)
	}
}
