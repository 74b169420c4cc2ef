//go:build amd64 && !purego

#include "textflag.h"

// Eight all-ones int32 followed by eight zeros: the 32 bytes at offset
// 32 - 4r are the mask of the first r of 8 lanes.
DATA maskTable<>+0(SB)/8, $0xffffffffffffffff
DATA maskTable<>+8(SB)/8, $0xffffffffffffffff
DATA maskTable<>+16(SB)/8, $0xffffffffffffffff
DATA maskTable<>+24(SB)/8, $0xffffffffffffffff
DATA maskTable<>+32(SB)/8, $0
DATA maskTable<>+40(SB)/8, $0
DATA maskTable<>+48(SB)/8, $0
DATA maskTable<>+56(SB)/8, $0
GLOBL maskTable<>(SB), RODATA|NOPTR, $64

// KERNEL(X, Y) leaves in X the lane values for one 8-wide chunk: (a-b)^2
// or a*b.
#define SQ(X, Y) VSUBPS Y, X, X; VMULPS X, X, X
#define DOT(X, Y) VMULPS Y, X, X

// BODY is the loop shared by both kernels: a in SI, b in DI, n in CX; the
// 32 lanes in Y0..Y3 (lane j mod 32 of element j), then reduced to X0[0].
#define BODY(OP) \
	VXORPS Y0, Y0, Y0 \
	VXORPS Y1, Y1, Y1 \
	VXORPS Y2, Y2, Y2 \
	VXORPS Y3, Y3, Y3 \
	XORQ AX, AX \
	MOVQ CX, DX \
	ANDQ $-32, DX \
	JZ tail \
loop: \
	VMOVUPS (SI)(AX*4), Y4 \
	VMOVUPS 32(SI)(AX*4), Y5 \
	VMOVUPS 64(SI)(AX*4), Y6 \
	VMOVUPS 96(SI)(AX*4), Y7 \
	VMOVUPS (DI)(AX*4), Y8 \
	VMOVUPS 32(DI)(AX*4), Y9 \
	VMOVUPS 64(DI)(AX*4), Y10 \
	VMOVUPS 96(DI)(AX*4), Y11 \
	OP(Y4, Y8) \
	OP(Y5, Y9) \
	OP(Y6, Y10) \
	OP(Y7, Y11) \
	VADDPS Y4, Y0, Y0 \
	VADDPS Y5, Y1, Y1 \
	VADDPS Y6, Y2, Y2 \
	VADDPS Y7, Y3, Y3 \
	ADDQ $32, AX \
	CMPQ AX, DX \
	JB loop \
tail: \
	MOVQ CX, DX \
	SUBQ AX, DX \
	CMPQ DX, $8 \
	JB rest0 \
	VMOVUPS (SI)(AX*4), Y4 \
	VMOVUPS (DI)(AX*4), Y8 \
	OP(Y4, Y8) \
	VADDPS Y4, Y0, Y0 \
	ADDQ $8, AX \
	SUBQ $8, DX \
	CMPQ DX, $8 \
	JB rest1 \
	VMOVUPS (SI)(AX*4), Y4 \
	VMOVUPS (DI)(AX*4), Y8 \
	OP(Y4, Y8) \
	VADDPS Y4, Y1, Y1 \
	ADDQ $8, AX \
	SUBQ $8, DX \
	CMPQ DX, $8 \
	JB rest2 \
	VMOVUPS (SI)(AX*4), Y4 \
	VMOVUPS (DI)(AX*4), Y8 \
	OP(Y4, Y8) \
	VADDPS Y4, Y2, Y2 \
	ADDQ $8, AX \
	SUBQ $8, DX \
	CALL_REST(Y3) \
	JMP reduce \
rest0: \
	CALL_REST(Y0) \
	JMP reduce \
rest1: \
	CALL_REST(Y1) \
	JMP reduce \
rest2: \
	CALL_REST(Y2) \
reduce: \
	VADDPS Y1, Y0, Y0 \
	VADDPS Y3, Y2, Y2 \
	VADDPS Y2, Y0, Y0 \
	VEXTRACTF128 $1, Y0, X1 \
	VADDPS X1, X0, X0 \
	VMOVHLPS X0, X0, X1 \
	VADDPS X1, X0, X0 \
	VMOVSHDUP X0, X1 \
	VADDSS X1, X0, X0 \
	VZEROUPPER

// CALL_REST(ACC) adds the last DX < 8 elements to accumulator ACC: masked
// loads read nothing beyond them, and their zero lanes add +0, which leaves
// every lane as it is (a lane sum is never -0).
#define CALL_REST(ACC) \
	LEAQ maskTable<>+32(SB), BX \
	SHLQ $2, DX \
	SUBQ DX, BX \
	VMOVUPS (BX), Y12 \
	VMASKMOVPS (SI)(AX*4), Y12, Y4 \
	VMASKMOVPS (DI)(AX*4), Y12, Y8 \
	OP(Y4, Y8) \
	VADDPS Y4, ACC, ACC

// func sqDist32AVX2(a, b *float32, n int) float32
TEXT ·sqDist32AVX2(SB), NOSPLIT, $0-28
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ n+16(FP), CX
#define OP SQ
	BODY(SQ)
#undef OP
	MOVSS X0, ret+24(FP)
	RET

// func dot32AVX2(a, b *float32, n int) float32
TEXT ·dot32AVX2(SB), NOSPLIT, $0-28
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ n+16(FP), CX
#define OP DOT
	BODY(DOT)
#undef OP
	MOVSS X0, ret+24(FP)
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
