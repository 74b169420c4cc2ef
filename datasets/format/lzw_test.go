package format

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// lzwSample regenerates the inputs of the .Z files in testdata, which were
// written by ncompress 4.2.4 (`compress -b BITS`) and checked with both
// ncompress and gzip -d.
func lzwSample(kind string) []byte {
	r := rand.New(rand.NewPCG(12345, 1))
	switch kind {
	case "words": // compressible text: the table grows to wide codes
		words := strings.Fields("gram schmidt feature selection variance redundant orthogonal basis matrix sample the of and a to")
		var b strings.Builder
		for b.Len() < 40000 {
			b.WriteString(words[r.IntN(len(words))])
			if r.IntN(5) == 0 {
				fmt.Fprint(&b, r.IntN(1000))
			}
			b.WriteByte(' ')
		}
		return []byte(b.String())
	case "random": // incompressible
		out := make([]byte, 20000)
		for i := range out {
			out[i] = byte(r.Uint32())
		}
		return out
	case "shift": // text, then noise: once the full table stops paying, compress clears it
		return append(lzwSample("words"), lzwSample("random")...)
	default: // long runs: the KwKwK case (a code defined by its own use)
		return []byte(strings.Repeat("a", 5000) + strings.Repeat("ab", 3000) + strings.Repeat("abc", 1000))
	}
}

func TestUnlzwMatchesCompress(t *testing.T) {
	for _, tc := range []struct{ kind, file string }{
		{"words", "words.b11.Z"}, {"words", "words.b16.Z"},
		{"shift", "shift.b10.Z"},
		{"repeat", "repeat.b16.Z"},
	} {
		in, err := os.ReadFile("testdata/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := Unlzw(in, &out, 1<<30); err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if want := lzwSample(tc.kind); !bytes.Equal(out.Bytes(), want) {
			t.Errorf("%s: decoded %d bytes, differ from the %d-byte original", tc.file, out.Len(), len(want))
		}
	}
}

func TestUnlzwErrors(t *testing.T) {
	good, err := os.ReadFile("testdata/words.b16.Z")
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string][]byte{
		"empty":      nil,
		"bad magic":  {0x1f, 0x8b, 0x90},
		"bits 17":    {0x1f, 0x9d, 0x91, 0, 0},
		"reserved":   {0x1f, 0x9d, 0xf0, 0, 0},
		"first code": {0x1f, 0x9d, 0x90, 0xff, 0xff, 0xff},
		"bad code":   append(append([]byte{}, good[:8]...), 0xff, 0xff, 0xff, 0xff),
	} {
		if err := Unlzw(in, &bytes.Buffer{}, 1<<20); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if err := Unlzw(good, &bytes.Buffer{}, 1000); err == nil || !strings.Contains(err.Error(), "exceeds") {
		t.Errorf("output limit: got %v", err)
	}
}
