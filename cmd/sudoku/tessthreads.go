package main

import (
	"io"
	"os"
	"strings"
)

// mayReadManyDigits reports whether the command line args (without the
// program name) may make Tesseract read enough digits that it is worth
// re-executing the program with OMP_THREAD_LIMIT=1 (see
// tesseract.EnsureOMPThreadLimit). The re-execution loads the program and
// Tesseract's shared libraries a second time, about as long as solving a
// thousand puzzles, so the commands that only solve text do not pay it.
//
// It is true for the commands made to read photos (read, ocr-report) and
// for any other command given a photo: an argument naming an image file,
// or standard input redirected from one. A photo piped into standard
// input cannot be looked at before it is read; it is read with
// Tesseract's default threads, which costs a few milliseconds on the few
// cells the classifier asks Tesseract about.
func mayReadManyDigits(args []string, stdin *os.File) bool {
	if len(args) == 0 {
		return false
	}
	switch args[0] {
	case "read", "ocr-report":
		return true
	}
	files := 0
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") && a != "-" {
			continue // a flag, or a flag's value read as one: harmless
		}
		files++
		if a == "-" {
			if startsLikeImage(stdin) {
				return true
			}
			continue
		}
		if f, err := os.Open(a); err == nil {
			image := startsLikeImage(f)
			f.Close()
			if image {
				return true
			}
		}
	}
	return files == 0 && startsLikeImage(stdin)
}

// startsLikeImage reports whether f is a regular file whose first bytes
// are those of a JPEG, PNG, GIF or WebP picture. It reads with ReadAt, so
// f's offset (standard input's, for one) is left where it was.
func startsLikeImage(f *os.File) bool {
	if f == nil {
		return false
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	var head [16]byte
	n, err := f.ReadAt(head[:], 0)
	if err != nil && err != io.EOF {
		return false
	}
	return isImage(head[:n])
}
