#include "textflag.h"

// func pick(x, n uint64) uint64
TEXT ·pick(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MULQ n+8(FP)
	MOVQ DX, ret+16(FP)
	RET
