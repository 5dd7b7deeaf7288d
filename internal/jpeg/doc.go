// Package jpeg is the Go standard library's JPEG decoder (image/jpeg of Go
// 1.26, under the Go authors' BSD licence, in LICENSE) with one addition:
// [DecodeScaled] decodes a picture at a half, a quarter or an eighth of its
// size in the DCT domain, the way libjpeg's scaled decoding does, so that a
// phone's 12-16 megapixel photo costs the reader a fraction of a full
// decode. The encoder and the registration with package image are left
// out: the reader calls [DecodeScaled] directly and everything else keeps
// using image/jpeg.
//
// Files: reader.go, scan.go, huffman.go and dct.go are the standard
// library's, changed only where a block is stored (scan.go: makeImg and
// reconstructBlock write side() x side() pixels a block, and fill a block
// whose only coefficient is the DC term with the one pixel its inverse DCT
// would give each of them; a progressive block is decoded in place in
// d.progCoeffs instead of being copied out and back for every scan), where
// the most frequent codes, values and bits are decoded without a call
// (huffman.go: decodeHuffmanHeld, receiveExtendHeld, decodeBitHeld, and
// ensureNBits reading a byte without one), and where the standard
// library's internal packages were used (reader.go draws a CMYK picture
// with image/draw);
// scale.go is the scaled decoding and the flat blocks. Tested in
// scale_test.go: every scale against the block means of a full decode,
// scale 1 against image/jpeg byte for byte (every plane), and
// FuzzDecodeScaled (a progressive photo among its seeds); in
// flat_test.go: a flat block's pixels against the inverse DCT's for every
// DC term, and whole photos decoded with and without the shortcut.
package jpeg
