//go:build !amd64 || purego

package rowmajor

const useAVX2 = false

func sqDist32AVX2(a, b *float32, n int) float32 { panic("rowmajor: no AVX2 kernel") }

func dot32AVX2(a, b *float32, n int) float32 { panic("rowmajor: no AVX2 kernel") }
