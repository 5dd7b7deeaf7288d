package bot

import (
	"context"
	"errors"
	"fmt"
	_ "image/gif"  // GIF decoding for image.DecodeConfig.
	_ "image/jpeg" // JPEG decoding for image.DecodeConfig.
	_ "image/png"  // PNG decoding for image.DecodeConfig.
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	_ "golang.org/x/image/webp" // WebP decoding for image.DecodeConfig.
)

// Allows reports whether u may be downloaded for p: HTTPS from one of p's
// hosts, or the scheme and host of p's origin.
func (p *Photo) Allows(u *url.URL) bool {
	if p.Origin != nil && u.Scheme == p.Origin.Scheme && strings.EqualFold(u.Host, p.Origin.Host) {
		return true
	}
	if u.Scheme != "https" || u.Port() != "" && u.Port() != "443" {
		return false
	}
	for _, h := range p.Hosts {
		if strings.EqualFold(u.Hostname(), h) {
			return true
		}
	}
	return false
}

// photoBytes returns the bytes of p, downloading them when needed, within
// the size limit and the download time limit.
func (b *Bot) photoBytes(ctx context.Context, p *Photo) ([]byte, error) {
	return b.download(ctx, p, b.opt.MaxPhotoBytes, imageName(p.Name))
}

// download returns the bytes of an attachment, at most max of them, named
// name in messages.
func (b *Bot) download(ctx context.Context, p *Photo, max int64, name string) ([]byte, error) {
	if p.Data != nil {
		if int64(len(p.Data)) > max {
			return nil, tooLarge(name, int64(len(p.Data)), max)
		}
		return p.Data, nil
	}
	if p.Size > max {
		return nil, tooLarge(name, p.Size, max)
	}
	u, err := url.Parse(p.URL)
	if err != nil || !p.Allows(u) {
		if len(p.Hosts) == 0 {
			return nil, userErrorf(err, "I can't download %s from a link. Attach the photo to your message instead.", name)
		}
		return nil, userErrorf(err, "I only download pictures from Discord itself (%s), and %s is elsewhere. Attach the photo to your message instead of linking it.",
			strings.Join(p.Hosts, ", "), name)
	}
	ctx, cancel := context.WithTimeout(ctx, b.opt.DownloadTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", name, err)
	}
	client := *b.http
	client.CheckRedirect = func(r *http.Request, via []*http.Request) error {
		if len(via) >= 3 {
			return errors.New("too many redirects")
		}
		if !p.Allows(r.URL) {
			return fmt.Errorf("redirect to %s: host not allowed", r.URL.Host)
		}
		return nil
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, downloadError(name, b.opt.DownloadTimeout, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, userErrorf(fmt.Errorf("download %s: HTTP %s", name, resp.Status),
			"I could not download %s (Discord answered %s). Please send it again.", name, resp.Status)
	}
	if resp.ContentLength > max {
		return nil, tooLarge(name, resp.ContentLength, max)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, downloadError(name, b.opt.DownloadTimeout, err)
	}
	if int64(len(data)) > max {
		return nil, tooLarge(name, int64(len(data))+1, max)
	}
	return data, nil
}

func downloadError(name string, limit time.Duration, err error) error {
	if errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
		return userErrorf(err, "Downloading %s took longer than %s, so I gave up. Please try again in a moment.", name, limit)
	}
	return userErrorf(err, "I could not download %s. Please send it again.", name)
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// isTextFile reports whether an attachment is a text file (a puzzle saved
// as .txt) rather than an image.
func isTextFile(p *Photo) bool {
	ct := strings.ToLower(p.ContentType)
	if strings.HasPrefix(ct, "text/") {
		return true
	}
	ext := strings.ToLower(p.Name)
	return ct == "" && (strings.HasSuffix(ext, ".txt") || strings.HasSuffix(ext, ".sdk") || strings.HasSuffix(ext, ".csv"))
}

func tooLarge(name string, size, max int64) error {
	advice := "Please send a smaller photo (a phone screenshot of the grid is plenty)."
	if strings.HasPrefix(name, "the file") {
		advice = "A puzzle fits in a few hundred bytes: please send just the grid."
	}
	return userErrorf(fmt.Errorf("attachment %s: %d bytes over the limit of %d", name, size, max),
		"%s is %s, the limit is %s. %s", capitalize(name), humanBytes(size), humanBytes(max), advice)
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MB"
	case n >= 1<<10:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<10))) + " KB"
	}
	return fmt.Sprintf("%d bytes", n)
}

func megapixels(px int64) string {
	return trimZero(fmt.Sprintf("%.1f", float64(px)/1e6)) + " megapixels"
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }

// imageName says which image a message is about: "this image (name)".
func imageName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r == '`' || r == '*' || r == '|' || r == '\n' || r == '@' || r == '<' || r == '>' {
			return -1
		}
		return r
	}, name)
	if len(name) > 60 {
		name = name[:60] + "..."
	}
	if name == "" {
		return "this image"
	}
	return "this image (" + name + ")"
}

// capitalize upper-cases the first letter of a message fragment.
func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
