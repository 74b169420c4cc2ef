//go:build amd64 && !purego

package rowmajor

// useAVX2: the processor has AVX2 and the operating system saves the YMM
// registers (CPUID leaf 1 ECX bits 27 OSXSAVE and 28 AVX, XCR0 bits 1 and 2,
// CPUID leaf 7 EBX bit 5 AVX2; Intel SDM Vol. 1, 14.3).
var useAVX2 = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	if ecx1&(1<<27) == 0 || ecx1&(1<<28) == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}()

//go:noescape
func sqDist32AVX2(a, b *float32, n int) float32

//go:noescape
func dot32AVX2(a, b *float32, n int) float32

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)
