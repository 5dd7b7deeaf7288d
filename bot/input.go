package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/solver"
)

// input is what a request sent to be solved: text, or a photo fetched and
// checked, ready to be read.
type input struct {
	text  string
	photo *photoInput
	// release gives back the photo's place in the queue.
	release func()
}

// photoInput is a photo downloaded and checked against the limits, whose
// pixels are not decoded yet.
type photoInput struct {
	name   string // "this image (name)", for messages
	header engines.Photo
}

// input decides what req sent and fetches it. A request may carry both
// text and an attachment (a message with a photo, a slash command given
// both options, a menu command on such a message); the rule, here and
// nowhere else:
//
//   - the text is the puzzle when it reads as a grid; otherwise the
//     attachment is;
//   - an attachment that is a text file (.txt, .sdk, .csv, or a text/
//     content type) is downloaded and read as the puzzle's text;
//   - any other attachment is a photo: it takes a place in the photo queue
//     (or the request is answered "busy" at once), is downloaded within the
//     byte limit, and its header is checked against the pixel limit before
//     any pixel is decoded.
//
// The caller must call the returned input's release once done.
func (b *Bot) input(ctx context.Context, req Request) (input, error) {
	in := input{text: req.Text, release: func() {}}
	p := req.Photo
	if p == nil {
		return in, nil
	}
	if strings.TrimSpace(req.Text) != "" {
		if _, err := solver.ParseRaw(req.Text); err == nil {
			return in, nil
		}
	}
	if isTextFile(p) {
		name := "the file"
		if n := imageName(p.Name); n != "this image" {
			name = "the file " + strings.TrimSuffix(strings.TrimPrefix(n, "this image ("), ")")
		}
		data, err := b.download(ctx, p, solver.MaxInputBytes, name)
		if err != nil {
			return in, err
		}
		in.text = string(data)
		return in, nil
	}
	if !b.offers(engines.Photos) {
		return in, userErrorf(nil, "%s", msgNoPhotoReader)
	}
	if !b.pool.admit() {
		return in, errBusy
	}
	in.release = b.pool.leave
	name := imageName(p.Name)
	data, err := b.photoBytes(ctx, p)
	if err != nil {
		in.release()
		return input{}, err
	}
	if len(data) == 0 {
		in.release()
		return input{}, userErrorf(fmt.Errorf("photo %s: %w: empty file", name, engines.ErrNotImage), "%s is empty (0 bytes). Please send the photo again.", capitalize(name))
	}
	h, err := engines.CheckPhoto(data, b.opt.MaxPhotoBytes, b.opt.MaxPixels)
	if err != nil {
		in.release()
		return input{}, photoError(name, err)
	}
	in.photo = &photoInput{name: name, header: h}
	return in, nil
}

// photoError says in the user's words what went wrong with a photo (name is
// "this image (name)"): every error of package ocr (as package engines
// names them) is mapped here, once.
// Errors already meant for the user pass unchanged.
func photoError(name string, err error) error {
	var ue *userError
	var lim *engines.LimitError
	var grid *engines.GridError
	switch {
	case err == nil || errors.As(err, &ue):
		return err
	case errors.As(err, &lim) && lim.Width > 0:
		px := int64(lim.Width) * int64(lim.Height)
		return userErrorf(err, "%s is %dx%d pixels (%s), the limit is %s. Please send a smaller photo.",
			capitalize(name), lim.Width, lim.Height, megapixels(px), megapixels(int64(lim.Limits.MaxPixels)))
	case errors.As(err, &lim):
		return tooLarge(name, int64(lim.Bytes), int64(lim.Limits.MaxBytes))
	case errors.Is(err, engines.ErrNoGrid):
		return userErrorf(err, "%s", msgNoGrid)
	case errors.As(err, &grid):
		return userErrorf(err, "%s.", capitalize(grid.Error()))
	case errors.Is(err, engines.ErrNotImage), errors.Is(err, engines.ErrDamaged):
		return userErrorf(err, "I could not open %s as a picture. Please send a PNG, JPEG or WebP photo of the puzzle.", name)
	case errors.Is(err, context.DeadlineExceeded):
		return userErrorf(err, "Reading %s took too long, so I gave up. Please try again with a smaller, straighter photo.", name)
	case errors.Is(err, context.Canceled):
		return userErrorf(err, "I'm restarting, so I stopped reading %s. Please send it again in a minute.", name)
	}
	return fmt.Errorf("read photo %s: %w", name, err)
}
