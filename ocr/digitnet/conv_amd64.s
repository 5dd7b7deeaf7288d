//go:build amd64 && !purego

#include "textflag.h"

// func conv9AVX(d, r *float32, stride, blocks int, w *float32)
//
// For each of blocks runs of eight positions x:
//
//	d[x] += w0*r[x] + w1*r[x+1] + w2*r[x+2] +
//		w3*r[x+s] + w4*r[x+s+1] + w5*r[x+s+2] +
//		w6*r[x+2s] + w7*r[x+2s+1] + w8*r[x+2s+2]
//
// each product rounded, the sum made from left to right and then added to
// d[x]: the order of conv.apply's Go loop, so the same result to the bit
// (no fused multiply-add).
TEXT ·conv9AVX(SB), NOSPLIT, $0-40
	MOVQ d+0(FP), DI
	MOVQ r+8(FP), SI
	MOVQ stride+16(FP), BX
	MOVQ blocks+24(FP), CX
	MOVQ w+32(FP), AX
	SHLQ $2, BX
	LEAQ (SI)(BX*1), R8
	LEAQ (R8)(BX*1), R9
	VBROADCASTSS 0(AX), Y7
	VBROADCASTSS 4(AX), Y8
	VBROADCASTSS 8(AX), Y9
	VBROADCASTSS 12(AX), Y10
	VBROADCASTSS 16(AX), Y11
	VBROADCASTSS 20(AX), Y12
	VBROADCASTSS 24(AX), Y13
	VBROADCASTSS 28(AX), Y14
	VBROADCASTSS 32(AX), Y15

loop:
	VMULPS 0(SI), Y7, Y0
	VMULPS 4(SI), Y8, Y1
	VADDPS Y1, Y0, Y0
	VMULPS 8(SI), Y9, Y2
	VADDPS Y2, Y0, Y0
	VMULPS 0(R8), Y10, Y3
	VADDPS Y3, Y0, Y0
	VMULPS 4(R8), Y11, Y4
	VADDPS Y4, Y0, Y0
	VMULPS 8(R8), Y12, Y5
	VADDPS Y5, Y0, Y0
	VMULPS 0(R9), Y13, Y1
	VADDPS Y1, Y0, Y0
	VMULPS 4(R9), Y14, Y2
	VADDPS Y2, Y0, Y0
	VMULPS 8(R9), Y15, Y3
	VADDPS Y3, Y0, Y0
	VADDPS 0(DI), Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, DI
	DECQ CX
	JNZ  loop

	VZEROUPPER
	RET

// func denseAVX(out, in, w *float32, nIn, nOut int)
//
// For each output o (nOut of them, a multiple of 32; nIn at least 1):
//
//	out[o] += in[0]*w[o] + ... added one after another:
//	out[o] = (((out[o] + in[0]*w[o]) + in[1]*w[nOut+o]) + ...)
//
// each product rounded before it is added: dense.apply's order. Outputs
// are worked on 32 at a time, in four registers.
TEXT ·denseAVX(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ nIn+24(FP), CX
	MOVQ nOut+32(FP), BX
	SHLQ $2, BX
	MOVQ BX, R10
	SHRQ $7, R10

group:
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	MOVQ    SI, R8
	MOVQ    DX, R9
	MOVQ    CX, R11

inner:
	VBROADCASTSS 0(R8), Y4
	VMULPS       0(R9), Y4, Y5
	VADDPS       Y5, Y0, Y0
	VMULPS       32(R9), Y4, Y6
	VADDPS       Y6, Y1, Y1
	VMULPS       64(R9), Y4, Y7
	VADDPS       Y7, Y2, Y2
	VMULPS       96(R9), Y4, Y8
	VADDPS       Y8, Y3, Y3
	ADDQ         $4, R8
	ADDQ         BX, R9
	DECQ         R11
	JNZ          inner

	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, DX
	DECQ    R10
	JNZ     group

	VZEROUPPER
	RET
