#include "textflag.h"

// func pick(x, n uint64) uint64
TEXT ·pick(SB), NOSPLIT, $0-24
	MOVD x+0(FP), R0
	MOVD n+8(FP), R1
	UMULH R0, R1, R2
	MOVD R2, ret+16(FP)
	RET
