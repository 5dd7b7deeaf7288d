//go:build amd64 && !purego

package digitnet

import "golang.org/x/sys/cpu"

// useAVX tells whether the processor and the operating system run AVX's
// 256-bit instructions, eight float32 at a time.
var useAVX = cpu.X86.HasAVX

// conv9AVX is conv9Fast's loop, in conv_amd64.s: blocks runs of eight
// positions.
//
//go:noescape
func conv9AVX(d, r *float32, stride, blocks int, w *float32)

// denseAVX is denseFast's loop, in conv_amd64.s: nOut a multiple of 32.
//
//go:noescape
func denseAVX(out, in, w *float32, nIn, nOut int)

// conv9Fast adds to every d[x] the nine products of w with the 3x3
// neighbourhood whose top left is r[x] (rows stride apart), eight
// positions at a time, and reports true; or does nothing and reports
// false, when the processor has no AVX, d's length is not a multiple of
// eight or r is too short. Every sum is made in the order of conv.apply's
// loop (products rounded, added one after another, then added to d[x]),
// so that the result is the same to the bit.
func conv9Fast(d, r []float32, stride int, w []float32) bool {
	if !useAVX || len(d) == 0 || len(d)%8 != 0 || len(r) < len(d)+2*stride+2 || len(w) < 9 {
		return false
	}
	conv9AVX(&d[0], &r[0], stride, len(d)/8, &w[0])
	return true
}

// denseFast adds to every out[o] the products in[i]*w[i*len(out)+o], i
// from first to last, eight outputs side by side, and reports true; or
// does nothing and reports false, when the processor has no AVX or
// out's length is not a multiple of 32. Each output's sum is made in
// dense.apply's order, so that the result is the same to the bit.
func denseFast(out, in, w []float32) bool {
	if !useAVX || len(out) == 0 || len(out)%32 != 0 || len(in) == 0 || len(w) < len(in)*len(out) {
		return false
	}
	denseAVX(&out[0], &in[0], &w[0], len(in), len(out))
	return true
}
