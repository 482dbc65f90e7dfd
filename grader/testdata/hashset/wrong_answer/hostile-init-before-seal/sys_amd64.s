//go:build linux

#include "textflag.h"

// func sysr(trap, a1 uintptr, p *byte, a3 uintptr) uintptr
TEXT ·sysr(SB),NOSPLIT,$0-40
	MOVQ trap+0(FP), AX
	MOVQ a1+8(FP), DI
	MOVQ p+16(FP), SI
	MOVQ a3+24(FP), DX
	SYSCALL
	MOVQ AX, ret+32(FP)
	RET

// func sysp(trap uintptr, p *byte, a2, a3 uintptr) uintptr
TEXT ·sysp(SB),NOSPLIT,$0-40
	MOVQ trap+0(FP), AX
	MOVQ p+8(FP), DI
	MOVQ a2+16(FP), SI
	MOVQ a3+24(FP), DX
	SYSCALL
	MOVQ AX, ret+32(FP)
	RET

// func sys3(trap, a1, a2, a3 uintptr) uintptr
TEXT ·sys3(SB),NOSPLIT,$0-40
	MOVQ trap+0(FP), AX
	MOVQ a1+8(FP), DI
	MOVQ a2+16(FP), SI
	MOVQ a3+24(FP), DX
	SYSCALL
	MOVQ AX, ret+32(FP)
	RET

// func fdsPtr(p *[2]int32) *byte
TEXT ·fdsPtr(SB),NOSPLIT,$0-16
	MOVQ p+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET
