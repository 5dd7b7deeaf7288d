package fakediscord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Call is one REST request the server received.
type Call struct {
	Method string
	// Path is the URL path, like /api/v9/channels/1/messages.
	Path  string
	Query url.Values
	// Header holds the request headers (Authorization included: tests can
	// check the token is sent, and must not print it).
	Header http.Header
	// JSON is the JSON payload: the body, or the payload_json part of a
	// multipart body.
	JSON json.RawMessage
	// Files are the files[N] parts of a multipart body, in order.
	Files []File
	// Status is the status code the server answered.
	Status int
}

// File is a file uploaded in a multipart request.
type File struct {
	Field, Name, ContentType string
	Data                     []byte
}

// Decode unmarshals the call's JSON payload into v.
func (c Call) Decode(v any) error {
	if err := json.Unmarshal(c.JSON, v); err != nil {
		return fmt.Errorf("decode %s %s payload: %w", c.Method, c.Path, err)
	}
	return nil
}

// Payload returns the JSON payload as a generic map (nil when not an
// object).
func (c Call) Payload() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(c.JSON, &m)
	return m
}

// Fault is an answer the server gives instead of the normal one, for fault
// tests: the next Times calls that Match get Status with Header and Body.
type Fault struct {
	Match  func(Call) bool
	Status int
	Header http.Header
	Body   string
	Times  int
}

// Server is a fake Discord: REST on /api/v9, attachments on /attachments,
// and the gateway WebSocket on /gateway-ws, all on one 127.0.0.1 port.
type Server struct {
	// URL is the server's origin, like http://127.0.0.1:41234: the value
	// for DISCORD_API_URL.
	URL string
	// AppID and BotID are the application and bot user IDs READY reports.
	AppID, BotID string
	// HeartbeatInterval is sent in HELLO (default 41.25 s).
	HeartbeatInterval time.Duration

	ln  net.Listener
	srv *http.Server
	up  websocket.Upgrader

	mu          sync.Mutex
	calls       []Call
	changed     chan struct{} // closed and replaced on every change
	attachments map[string][]byte
	faults      []*Fault
	nextID      int64

	// gateway state
	sessionID  string
	seq        int64
	events     []frame // every dispatch, for RESUME
	conn       *gwConn
	identifies []json.RawMessage
	resumes    []json.RawMessage
	heartbeats int
	closed     bool
	// disallowedIntents are refused with close code 4014.
	disallowedIntents int

	// ops is the state of the fault helpers (fault.go).
	ops opsState
}

// frame is one gateway payload.
type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

type gwConn struct {
	ws   *websocket.Conn
	wmu  sync.Mutex
	done chan struct{}
}

func (c *gwConn) write(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
	return c.ws.WriteJSON(v)
}

// New starts a fake Discord on 127.0.0.1 with a free port.
func New() (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fake discord: listen: %w", err)
	}
	s := &Server{
		URL: "http://" + ln.Addr().String(), AppID: "4242", BotID: "42",
		HeartbeatInterval: 41250 * time.Millisecond,
		ln:                ln, changed: make(chan struct{}), attachments: map[string][]byte{},
		sessionID: "fake-session-1", nextID: 1000,
	}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.serve), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// Close stops the server and drops the gateway connection.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	c := s.conn
	s.conn = nil
	s.mu.Unlock()
	if c != nil {
		_ = c.ws.Close()
	}
	return s.srv.Close()
}

// notify wakes the waiters; s.mu must be held.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// wait blocks until cond (called with s.mu held) returns true or ctx ends.
func (s *Server) wait(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		if cond() {
			s.mu.Unlock()
			return nil
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Calls returns a copy of every REST call so far.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// WaitCall waits for the first call, from the start of the recording, that
// match accepts.
func (s *Server) WaitCall(ctx context.Context, match func(Call) bool) (Call, error) {
	var found Call
	err := s.wait(ctx, func() bool {
		for _, c := range s.calls {
			if match(c) {
				found = c
				return true
			}
		}
		return false
	})
	if err != nil {
		return Call{}, fmt.Errorf("fake discord: waiting for a call: %w (calls so far: %s)", err, s.describeCalls())
	}
	return found, nil
}

// WaitCalls waits until match accepts n calls and returns them.
func (s *Server) WaitCalls(ctx context.Context, n int, match func(Call) bool) ([]Call, error) {
	var found []Call
	err := s.wait(ctx, func() bool {
		found = found[:0]
		for _, c := range s.calls {
			if match(c) {
				found = append(found, c)
			}
		}
		return len(found) >= n
	})
	if err != nil {
		return found, fmt.Errorf("fake discord: waiting for %d calls, have %d: %w (calls so far: %s)", n, len(found), err, s.describeCalls())
	}
	return found, nil
}

func (s *Server) describeCalls() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var parts []string
	for _, c := range s.calls {
		parts = append(parts, c.Method+" "+c.Path)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// AddFault makes the server answer matching calls with an error.
func (s *Server) AddFault(f *Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, f)
}

// Attachment is an uploaded file as Discord describes it in a message or
// in an interaction's resolved data.
type Attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	ContentType string `json:"content_type,omitempty"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
	ProxyURL    string `json:"proxy_url"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
}

// AddAttachment stores data and returns its description, with a URL on this
// server. Size is the real size; tests may change it to lie.
func (s *Server) AddAttachment(filename, contentType string, data []byte) Attachment {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	id := strconv.FormatInt(s.nextID, 10)
	s.attachments[id] = data
	u := s.URL + "/attachments/" + id + "/" + url.PathEscape(filename)
	return Attachment{ID: id, Filename: filename, ContentType: contentType, Size: len(data), URL: u, ProxyURL: u}
}

// NewID returns a fresh snowflake-like ID.
func (s *Server) NewID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	return strconv.FormatInt(s.nextID, 10)
}

// serve routes every HTTP request.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if s.intercept(w, r) {
		return
	}
	if r.URL.Path == "/gateway-ws" || r.URL.Path == "/gateway-ws/" {
		s.serveGateway(w, r)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/attachments/") {
		s.serveAttachment(w, r)
		return
	}
	call, err := readCall(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	status, header, body := s.route(call)
	s.mu.Lock()
	for _, f := range s.faults {
		if f.Times > 0 && f.Match(call) {
			f.Times--
			status, header, body = f.Status, f.Header, []byte(f.Body)
			break
		}
	}
	call.Status = status
	s.calls = append(s.calls, call)
	s.notify()
	s.mu.Unlock()
	for k, v := range header {
		w.Header()[k] = v
	}
	if body != nil && w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// readCall records a request: JSON body, or multipart with payload_json and
// files[N].
func readCall(r *http.Request) (Call, error) {
	c := Call{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone()}
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		return c, fmt.Errorf("read body: %w", err)
	}
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if !strings.HasPrefix(mt, "multipart/") {
		c.JSON = body
		return c, nil
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return c, fmt.Errorf("read multipart: %w", err)
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return c, fmt.Errorf("read part %s: %w", p.FormName(), err)
		}
		if p.FormName() == "payload_json" {
			c.JSON = data
			continue
		}
		c.Files = append(c.Files, File{Field: p.FormName(), Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
	}
	return c, nil
}

var noBody = []byte(nil)

// route answers a REST call as Discord would.
func (s *Server) route(c Call) (int, http.Header, []byte) {
	p := strings.TrimPrefix(c.Path, "/api/v9")
	parts := strings.Split(strings.Trim(p, "/"), "/")
	switch {
	case c.Method == "GET" && p == "/gateway":
		return 200, nil, mustJSON(map[string]any{"url": s.gatewayURL()})
	case c.Method == "GET" && p == "/gateway/bot":
		return 200, nil, mustJSON(map[string]any{"url": s.gatewayURL(), "shards": 1,
			"session_start_limit": map[string]int{"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
	case c.Method == "PUT" && len(parts) >= 3 && parts[0] == "applications" && parts[len(parts)-1] == "commands":
		var cmds []map[string]any
		if err := json.Unmarshal(c.JSON, &cmds); err != nil {
			return 400, nil, mustJSON(map[string]any{"message": "Invalid Form Body", "code": 50035})
		}
		for _, cmd := range cmds {
			cmd["id"] = s.NewID()
			cmd["application_id"] = parts[1]
			cmd["version"] = "1"
		}
		return 200, nil, mustJSON(cmds)
	case c.Method == "POST" && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		return 204, nil, noBody
	case len(parts) >= 3 && parts[0] == "webhooks":
		switch {
		case c.Method == "POST" && len(parts) == 3:
			if c.Query.Get("wait") != "true" {
				return 204, nil, noBody
			}
			return 200, nil, s.message(parts[1], c)
		case c.Method == "PATCH" && len(parts) == 5 && parts[3] == "messages":
			return 200, nil, s.message(parts[1], c)
		case c.Method == "DELETE" && len(parts) == 5 && parts[3] == "messages":
			return 204, nil, noBody
		case c.Method == "GET" && len(parts) == 5 && parts[3] == "messages":
			return 200, nil, s.message(parts[1], c)
		}
	case len(parts) == 3 && parts[0] == "channels" && parts[2] == "messages" && c.Method == "POST":
		return 200, nil, s.message(parts[1], c)
	case len(parts) == 3 && parts[0] == "channels" && parts[2] == "typing" && c.Method == "POST":
		return 204, nil, noBody
	}
	return 404, nil, mustJSON(map[string]any{"message": "404: Not Found", "code": 0})
}

// message returns the message Discord would create from a call's payload.
func (s *Server) message(channel string, c Call) []byte {
	m := c.Payload()
	if m == nil {
		m = map[string]any{}
	}
	m["id"] = s.NewID()
	m["channel_id"] = channel
	m["author"] = map[string]any{"id": s.BotID, "username": "sudokubot", "bot": true}
	m["timestamp"] = time.Now().UTC().Format(time.RFC3339)
	var atts []Attachment
	for i, f := range c.Files {
		a := Attachment{ID: strconv.Itoa(i), Filename: f.Name, ContentType: f.ContentType, Size: len(f.Data)}
		atts = append(atts, a)
	}
	m["attachments"] = atts
	return mustJSON(m)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("fake discord: marshal: %v", err))
	}
	return b
}

func (s *Server) serveAttachment(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/attachments/"), "/")
	s.mu.Lock()
	data, ok := s.attachments[parts[0]]
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
}

func (s *Server) gatewayURL() string {
	return "ws://" + s.ln.Addr().String() + "/gateway-ws"
}
