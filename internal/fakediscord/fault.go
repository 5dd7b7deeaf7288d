package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// opsState is the state of the fault and measurement helpers of this file.
// It is guarded by Server.mu.
type opsState struct {
	// stalled holds the IDs of attachments whose download stalls.
	stalled map[string]bool
	// downloads counts the download requests per attachment ID.
	downloads map[string]int
	// arrived holds when the REST calls "METHOD /path" arrived, in order.
	arrived map[string][]time.Time
}

// intercept runs before the normal routing of every HTTP request. It
// records arrival times and download counts, and serves the stalled
// downloads. It reports whether it answered the request itself.
func (s *Server) intercept(w http.ResponseWriter, r *http.Request) bool {
	now := time.Now()
	s.mu.Lock()
	if s.ops.arrived == nil {
		s.ops.arrived = map[string][]time.Time{}
		s.ops.downloads = map[string]int{}
	}
	key := r.Method + " " + r.URL.Path
	s.ops.arrived[key] = append(s.ops.arrived[key], now)
	id, isAttachment := attachmentID(r.URL.Path)
	stall := false
	var data []byte
	if isAttachment {
		s.ops.downloads[id]++
		stall = s.ops.stalled[id]
		data = s.attachments[id]
		s.notify()
	}
	s.mu.Unlock()
	if !stall {
		return false
	}
	// Promise the whole file, send a few bytes, then nothing until the
	// client gives up or the server closes.
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Header().Set("Content-Type", "application/octet-stream")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(data[:min(len(data), 16)])
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	<-r.Context().Done()
	return true
}

// attachmentID returns the ID in an /attachments/{id}/{name} path.
func attachmentID(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, "/attachments/")
	if !ok {
		return "", false
	}
	id, _, _ := strings.Cut(rest, "/")
	return id, true
}

// StallAttachment makes every download of the attachment a stall: the
// server sends the headers and the first bytes, then nothing, until the
// client gives up or the server closes.
func (s *Server) StallAttachment(a Attachment) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ops.stalled == nil {
		s.ops.stalled = map[string]bool{}
	}
	s.ops.stalled[a.ID] = true
}

// Downloads returns how many times the attachment was requested, so that a
// test can check that a file refused from its metadata was never fetched.
func (s *Server) Downloads(a Attachment) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ops.downloads[a.ID]
}

// ArrivedAt returns when the first REST call with this method and path
// arrived (before it was read or answered), for latency measurements.
func (s *Server) ArrivedAt(method, path string) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := s.ops.arrived[method+" "+path]
	if len(ts) == 0 {
		return time.Time{}, false
	}
	return ts[0], true
}

// Arrivals returns when every request with this method and path arrived,
// in order (a retried call arrives more than once).
func (s *Server) Arrivals(method, path string) []time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Time(nil), s.ops.arrived[method+" "+path]...)
}

// RateLimitNext answers the next times calls that match with 429 Too Many
// Requests, as Discord does: a Retry-After header in seconds, the
// X-RateLimit headers of an exhausted bucket, and a JSON body whose
// retry_after (seconds, fractional) is what clients wait.
func (s *Server) RateLimitNext(match func(Call) bool, retryAfter time.Duration, times int) {
	secs := retryAfter.Seconds()
	body, _ := json.Marshal(map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": false})
	h := http.Header{}
	h.Set("Retry-After", strconv.Itoa(int(max(1, secs+0.999))))
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", "fake-bucket")
	h.Set("X-RateLimit-Scope", "user")
	h.Set("Content-Type", "application/json")
	s.AddFault(&Fault{Match: match, Status: http.StatusTooManyRequests, Header: h, Body: string(body), Times: times})
}

// FailNext answers the next times calls that match with status (500, 502,
// 503, ...) and a Discord-like JSON error body.
func (s *Server) FailNext(match func(Call) bool, status, times int) {
	body := fmt.Sprintf(`{"message": "%d: %s", "code": 0}`, status, http.StatusText(status))
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	s.AddFault(&Fault{Match: match, Status: status, Header: h, Body: body, Times: times})
}

// InvalidateSession forgets the current gateway session, so that the next
// RESUME is answered with op 9 (invalid session) and the client has to
// identify again.
func (s *Server) InvalidateSession() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessionID = "fake-session-invalidated"
}

// SendReconnect sends op 7: the client must close and reconnect (and
// resume).
func (s *Server) SendReconnect() error { return s.SendOp(OpReconnect, nil) }

// SendInvalidSession sends op 9 on the live connection; resumable is its
// d field. The client must identify again.
func (s *Server) SendInvalidSession(resumable bool) error {
	return s.SendOp(OpInvalidSession, resumable)
}

// Identifies returns how many times the client has identified so far.
func (s *Server) Identifies() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.identifies)
}

// Resumes returns how many RESUMEs the client has sent so far.
func (s *Server) Resumes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.resumes)
}

// Connected reports whether a client is connected and identified or
// resumed.
func (s *Server) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn != nil
}
