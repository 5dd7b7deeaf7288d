package ocr

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/webp"

	scaledjpeg "github.com/sudokubot/sudokubot/internal/jpeg"
)

// Stage "decode" (decode.go): Decode takes a file's bytes to a *Decoded,
// the pixels as stored and the EXIF orientation, within DecodeLimits
// (CheckHeader checks the header alone first, for callers that queue the
// work); ToGray (rectify.go) gives the gray levels the detect stage works
// on. Tested in decode_test.go (FuzzDecode too).

// DecodeLimits bounds what [Decode] accepts.
type DecodeLimits struct {
	// MaxBytes is the largest encoded file accepted.
	MaxBytes int
	// MaxPixels is the largest width*height accepted, checked from the
	// header before any pixel is decoded (decompression bombs).
	MaxPixels int
}

// DefaultDecodeLimits are the limits used when none are given: 64 MB files
// (a 108 MP phone photo is 20 to 40 MB) and 40 megapixels decoded (a JPEG
// of up to three times as many, like a 48 to 108 MP phone camera's photo,
// is decoded at a reduced scale instead of refused).
var DefaultDecodeLimits = DecodeLimits{MaxBytes: 64 << 20, MaxPixels: 40_000_000}

// ErrTooLarge is matched by the errors [Decode] returns for an image over
// its limits.
var ErrTooLarge = errors.New("image too large")

// ErrNotImage is matched by the error [Decode] returns for data that is not
// a JPEG, PNG, GIF or WebP image.
var ErrNotImage = errors.New("not a JPEG, PNG, GIF or WebP image")

// ErrDamaged is matched by the errors [Decode] returns for a JPEG, PNG, GIF
// or WebP file whose header or pixels cannot be decoded: damaged, or cut
// short.
var ErrDamaged = errors.New("the image file is damaged or cut short")

// LimitError says which limit an image exceeds.
type LimitError struct {
	Width, Height int // from the header; 0 when the byte limit was hit
	Bytes         int
	Limits        DecodeLimits
}

// Error says what was found and what the limit is.
func (e *LimitError) Error() string {
	if e.Width == 0 {
		return fmt.Sprintf("image file is %d bytes, the limit is %d", e.Bytes, e.Limits.MaxBytes)
	}
	return fmt.Sprintf("image is %dx%d pixels, the limit is %d pixels (%.0f megapixels)",
		e.Width, e.Height, e.Limits.MaxPixels, float64(e.Limits.MaxPixels)/1e6)
}

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *LimitError) Is(target error) bool { return target == ErrTooLarge }

// Decoded is a decoded photo with what its metadata says about it.
type Decoded struct {
	// Image holds the pixels as stored in the file (no rotation applied).
	Image image.Image
	// Format is "jpeg", "png", "gif" or "webp".
	Format string
	// Orientation is the EXIF orientation tag (1-8), or 1 when absent.
	// Some phones tag photos whose pixels are already upright, so [Read]
	// treats it as a hint to test, not as a fact.
	Orientation int
	// Scale is the factor by which Image is smaller than the file's
	// picture: 1, or 2, 4 or 8 for a large JPEG decoded at a reduced scale.
	Scale int
	// ChromaStep is how coarsely a JPEG file kept its colours (see
	// jpegChromaStep); 0 for other formats.
	ChromaStep int
}

// Header is what an image file's header says, checked against the limits
// by [CheckHeader]: the pixels can be decoded without surprises.
type Header struct {
	// Format is "jpeg", "png", "gif" or "webp".
	Format string
	// Width and Height are the image's size in pixels.
	Width, Height int
	// Scale is the factor by which the pixels are shrunk as they are
	// decoded (see scaleFor): 1, or 2, 4 or 8 for a large JPEG, whose
	// decoded image is Width/Scale x Height/Scale, rounded up.
	Scale int
	data  []byte
}

// Decode decodes a JPEG, PNG, GIF or WebP image within limits. The header is
// checked against lim.MaxPixels before the pixels are decoded.
func Decode(data []byte, lim DecodeLimits) (*Decoded, error) {
	h, err := CheckHeader(data, lim)
	if err != nil {
		return nil, err
	}
	return h.Decode()
}

// CheckHeader reads only the header of an image file and checks it against
// lim (the zero value means [DefaultDecodeLimits]): [ErrNotImage] for data
// that is not a JPEG, PNG, GIF or WebP image, a [*LimitError] (matching
// [ErrTooLarge]) for a file or an image over the limits. It costs
// microseconds, so callers can refuse a decompression bomb before they queue
// it for decoding. It is the one place where these limits are checked.
func CheckHeader(data []byte, lim DecodeLimits) (*Header, error) {
	if lim.MaxBytes <= 0 || lim.MaxPixels <= 0 {
		lim = DefaultDecodeLimits
	}
	if len(data) > lim.MaxBytes {
		return nil, &LimitError{Bytes: len(data), Limits: lim}
	}
	format := sniff(data)
	if format == "" {
		return nil, ErrNotImage
	}
	var cfg image.Config
	var err error
	switch format {
	case "jpeg":
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(data))
	case "png":
		cfg, err = png.DecodeConfig(bytes.NewReader(data))
	case "gif":
		cfg, err = gif.DecodeConfig(bytes.NewReader(data))
	case "webp":
		cfg, err = webp.DecodeConfig(bytes.NewReader(data))
	}
	if err != nil {
		return nil, fmt.Errorf("read %s header: %w: %w", format, ErrDamaged, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%w: %s header says the image is %dx%d pixels", ErrDamaged, format, cfg.Width, cfg.Height)
	}
	scale := scaleFor(format, cfg.Width, cfg.Height, lim.MaxPixels)
	if scale == 0 {
		return nil, &LimitError{Width: cfg.Width, Height: cfg.Height, Bytes: len(data), Limits: lim}
	}
	return &Header{Format: format, Width: cfg.Width, Height: cfg.Height, Scale: scale, data: data}, nil
}

// Decode decodes the pixels of the image whose header h describes.
func (h *Header) Decode() (*Decoded, error) {
	format, data := h.Format, h.data
	cfg := image.Config{Width: (h.Width + h.Scale - 1) / h.Scale, Height: (h.Height + h.Scale - 1) / h.Scale}
	var err error
	var img image.Image
	switch format {
	case "jpeg":
		img, err = scaledjpeg.DecodeScaled(bytes.NewReader(data), h.Scale)
	case "png":
		img, err = png.Decode(bytes.NewReader(data))
	case "gif":
		img, err = gif.Decode(bytes.NewReader(data))
	case "webp":
		img, err = webp.Decode(bytes.NewReader(data))
	}
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w: %w", format, ErrDamaged, err)
	}
	b := img.Bounds()
	switch {
	case format == "gif" && b.In(image.Rect(0, 0, cfg.Width, cfg.Height)):
		// A GIF's first frame may cover part of its logical screen: put
		// it on white paper of the screen's size.
		if b != image.Rect(0, 0, cfg.Width, cfg.Height) {
			full := image.NewGray(image.Rect(0, 0, cfg.Width, cfg.Height))
			for i := range full.Pix {
				full.Pix[i] = 255
			}
			draw.Draw(full, b, img, b.Min, draw.Over)
			img = full
		}
	case b.Dx() != cfg.Width || b.Dy() != cfg.Height:
		return nil, fmt.Errorf("decode %s: %w: pixels are %dx%d but the header says %dx%d", format, ErrDamaged, b.Dx(), b.Dy(), cfg.Width, cfg.Height)
	}
	d := &Decoded{Image: img, Format: format, Orientation: 1, Scale: h.Scale}
	if format == "jpeg" {
		d.Orientation = jpegOrientation(data)
		d.ChromaStep = jpegChromaStep(data)
	}
	return d, nil
}

// sniff names the image format data starts with, or "".
func sniff(b []byte) string {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return "jpeg"
	case len(b) >= 8 && string(b[:8]) == "\x89PNG\r\n\x1a\n":
		return "png"
	case len(b) >= 6 && (string(b[:6]) == "GIF87a" || string(b[:6]) == "GIF89a"):
		return "gif"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "webp"
	}
	return ""
}

// jpegOrientation returns the EXIF orientation (1-8) of a JPEG file, or 1
// when there is none or it cannot be read.
func jpegOrientation(b []byte) int {
	o := 1
	jpegSegments(b, func(marker byte, seg []byte) bool {
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			if v := exifOrientation(seg[6:]); v != 0 {
				o = v
				return false
			}
		}
		return true
	})
	return o
}

// jpegSegments calls visit with the marker and the payload of each segment
// of a JPEG file's header, in order, up to the first scan, the end of the
// image, a malformed segment or visit returning false.
func jpegSegments(b []byte, visit func(marker byte, seg []byte) bool) {
	i := 2
	for i+4 <= len(b) {
		if b[i] != 0xFF {
			return
		}
		marker := b[i+1]
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0xFF {
			i += 2
			if marker == 0xFF {
				i--
			}
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			return
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			return
		}
		if !visit(marker, b[i+4:i+2+n]) {
			return
		}
		i += 2 + n
	}
}

// jpegChromaStep returns how coarsely a JPEG file keeps its colours: the
// quantization step of the mean (DC) coefficient of its colour components
// (the second and third of a three-component frame, the larger of the
// two), 0 for a file of fewer components or one whose header cannot be
// read. A file saved at quality 75 by libjpeg's tables has a step of 9,
// at quality 5 one of 170.
func jpegChromaStep(b []byte) int {
	var steps [4]int // the DC step of each quantization table
	var tables []int // the table of each component of the frame
	jpegSegments(b, func(marker byte, seg []byte) bool {
		switch {
		case marker == 0xDB: // quantization tables
			for len(seg) > 0 {
				precision, id := seg[0]>>4, int(seg[0]&0x0F)
				n := 64
				if precision == 1 {
					n = 128
				}
				if id > 3 || len(seg) < 1+n {
					return false
				}
				steps[id] = int(seg[1])
				if precision == 1 {
					steps[id] = int(binary.BigEndian.Uint16(seg[1:]))
				}
				seg = seg[1+n:]
			}
		case marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC: // a frame
			if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) {
				return false
			}
			tables = tables[:0]
			for k := range int(seg[5]) {
				tables = append(tables, int(seg[6+3*k+2]&3))
			}
		}
		return true
	})
	if len(tables) < 3 {
		return 0
	}
	return max(steps[tables[1]], steps[tables[2]])
}

// exifOrientation reads tag 0x0112 from IFD0 of a TIFF structure, or 0.
func exifOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 0
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 0
	}
	n := int(bo.Uint16(t[off:]))
	for k := range n {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 0
		}
		if bo.Uint16(t[e:]) == 0x0112 {
			v := int(bo.Uint16(t[e+8:]))
			if v >= 1 && v <= 8 {
				return v
			}
			return 0
		}
	}
	return 0
}
