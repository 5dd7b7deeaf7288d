//go:build !amd64 || purego

package digitnet

// useAVX is false: no vector loop is written for this processor (or the
// build asks for Go alone, the purego tag).
var useAVX = false

// conv9Fast does nothing where no vector loop is written: conv.apply's
// loop does all the work.
func conv9Fast(d, r []float32, stride int, w []float32) bool { return false }

// denseFast does nothing where no vector loop is written: dense.apply's
// loop does all the work.
func denseFast(out, in, w []float32) bool { return false }
