package fakediscord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway opcodes used by the fake.
const (
	OpDispatch       = 0
	OpHeartbeat      = 1
	OpIdentify       = 2
	OpResume         = 6
	OpReconnect      = 7
	OpInvalidSession = 9
	OpHello          = 10
	OpHeartbeatACK   = 11
)

// serveGateway speaks the gateway protocol on one WebSocket connection:
// HELLO, then IDENTIFY (answered with READY) or RESUME (answered with the
// missed dispatches and RESUMED), then heartbeats until the connection
// ends.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := s.up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws, done: make(chan struct{})}
	defer func() {
		close(c.done)
		_ = ws.Close()
		s.mu.Lock()
		if s.conn == c {
			s.conn = nil
		}
		s.notify()
		s.mu.Unlock()
	}()
	hello := map[string]any{"op": OpHello, "d": map[string]any{"heartbeat_interval": s.HeartbeatInterval.Milliseconds()}}
	if err := c.write(hello); err != nil {
		return
	}
	var first frame
	_ = ws.SetReadDeadline(time.Now().Add(30 * time.Second))
	if err := ws.ReadJSON(&first); err != nil {
		return
	}
	_ = ws.SetReadDeadline(time.Time{})
	switch first.Op {
	case OpIdentify:
		if !s.identify(c, first.D) {
			return
		}
	case OpResume:
		if !s.resume(c, first.D) {
			return
		}
	default:
		_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4003, "Not authenticated."), time.Now().Add(time.Second))
		return
	}
	for {
		var f frame
		if err := ws.ReadJSON(&f); err != nil {
			return
		}
		switch f.Op {
		case OpHeartbeat:
			s.mu.Lock()
			s.heartbeats++
			s.notify()
			s.mu.Unlock()
			if err := c.write(map[string]any{"op": OpHeartbeatACK}); err != nil {
				return
			}
		case OpIdentify:
			// After op 9 (invalid session) the client identifies again
			// on the same connection.
			if !s.identify(c, f.D) {
				return
			}
		}
	}
}

// identify records an IDENTIFY and answers READY, making c the connection
// dispatches go to.
func (s *Server) identify(c *gwConn, d json.RawMessage) bool {
	var id struct {
		Token   string `json:"token"`
		Intents int    `json:"intents"`
	}
	if json.Unmarshal(d, &id) != nil || id.Token == "" {
		_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."), time.Now().Add(time.Second))
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	if id.Intents&s.disallowedIntents != 0 {
		s.identifies = append(s.identifies, d)
		s.notify()
		_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4014, "Disallowed intent(s)."), time.Now().Add(time.Second))
		return false
	}
	s.identifies = append(s.identifies, d)
	s.sessionID = fmt.Sprintf("fake-session-%d", len(s.identifies))
	s.seq = 0
	s.events = nil
	s.conn = c
	ready := map[string]any{
		"v": 9, "session_id": s.sessionID,
		"resume_gateway_url": s.gatewayURL(),
		"user":               map[string]any{"id": s.BotID, "username": "sudokubot", "discriminator": "0", "bot": true},
		"application":        map[string]any{"id": s.AppID, "flags": 0},
		"guilds":             []any{}, "private_channels": []any{},
	}
	err := s.dispatchLocked("READY", ready)
	s.notify()
	return err == nil
}

// resume answers a RESUME: the dispatches after the client's sequence
// number, then RESUMED; an unknown session gets op 9.
func (s *Server) resume(c *gwConn, d json.RawMessage) bool {
	var rs struct {
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(d, &rs)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resumes = append(s.resumes, d)
	s.notify()
	if rs.SessionID != s.sessionID || s.closed {
		_ = c.write(map[string]any{"op": OpInvalidSession, "d": false})
		return true
	}
	s.conn = c
	for _, e := range s.events {
		if *e.S > rs.Seq {
			if err := c.write(e); err != nil {
				return false
			}
		}
	}
	return s.dispatchLocked("RESUMED", map[string]any{}) == nil
}

// Dispatch sends an event (op 0 with the next sequence number) to the
// connected bot. Without a connection, or when the connection fails while
// sending, the event is kept and delivered on RESUME.
func (s *Server) Dispatch(event string, data any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dispatchLocked(event, data)
}

func (s *Server) dispatchLocked(event string, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("fake discord: marshal %s: %w", event, err)
	}
	s.seq++
	seq, t := s.seq, event
	f := frame{Op: OpDispatch, D: raw, S: &seq, T: &t}
	s.events = append(s.events, f)
	if s.conn == nil {
		return nil
	}
	if err := s.conn.write(f); err != nil {
		// The connection is going away (a close or a reconnect in
		// progress): like Discord, keep the event for the RESUME.
		s.conn = nil
		s.notify()
	}
	return nil
}

// SendOp sends a bare opcode (7 reconnect, 9 invalid session) to the bot.
func (s *Server) SendOp(op int, d any) error {
	s.mu.Lock()
	c := s.conn
	s.mu.Unlock()
	if c == nil {
		return errors.New("fake discord: no gateway connection")
	}
	return c.write(map[string]any{"op": op, "d": d})
}

// CloseGateway closes the bot's gateway connection with a close code, like
// 4000 (unknown error: the client should resume).
func (s *Server) CloseGateway(code int) error {
	s.mu.Lock()
	c := s.conn
	s.conn = nil
	s.mu.Unlock()
	if c == nil {
		return errors.New("fake discord: no gateway connection")
	}
	c.wmu.Lock()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, "fake close"), time.Now().Add(time.Second))
	c.wmu.Unlock()
	// The connection's own goroutine may close it first, on reading the
	// client's answer to the close frame: that is the intended end.
	if err := c.ws.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
		return fmt.Errorf("fake discord: close the gateway connection: %w", err)
	}
	return nil
}

// SetDisallowedIntents makes IDENTIFYs that ask for any intent in mask fail
// with close code 4014, as Discord does for a privileged intent that is not
// enabled in the Developer Portal.
func (s *Server) SetDisallowedIntents(mask int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.disallowedIntents = mask
}

// WaitIdentify waits until the bot has identified n times in all and
// returns the IDENTIFY payloads.
func (s *Server) WaitIdentify(ctx context.Context, n int) ([]json.RawMessage, error) {
	var out []json.RawMessage
	err := s.wait(ctx, func() bool {
		out = append([]json.RawMessage(nil), s.identifies...)
		return len(out) >= n
	})
	if err != nil {
		return out, fmt.Errorf("fake discord: waiting for IDENTIFY %d: %w", n, err)
	}
	return out, nil
}

// WaitResume waits until the bot has sent n RESUMEs in all.
func (s *Server) WaitResume(ctx context.Context, n int) ([]json.RawMessage, error) {
	var out []json.RawMessage
	err := s.wait(ctx, func() bool {
		out = append([]json.RawMessage(nil), s.resumes...)
		return len(out) >= n
	})
	if err != nil {
		return out, fmt.Errorf("fake discord: waiting for RESUME %d: %w", n, err)
	}
	return out, nil
}

// WaitConnected waits until a bot is connected and identified or resumed.
func (s *Server) WaitConnected(ctx context.Context) error {
	return s.wait(ctx, func() bool { return s.conn != nil })
}

// WaitHeartbeats waits until the bot has sent n heartbeats in all.
func (s *Server) WaitHeartbeats(ctx context.Context, n int) error {
	return s.wait(ctx, func() bool { return s.heartbeats >= n })
}
