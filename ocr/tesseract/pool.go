package tesseract

import (
	"context"
	"errors"
	"sync"
)

// ErrPoolClosed is returned by a [Pool] that has been closed.
var ErrPoolClosed = errors.New("tesseract pool is closed")

// Pool is a bounded pool of Tesseract clients. A gosseract client is not
// safe for concurrent use, so each call borrows a client for itself; at most
// Size clients exist, created on first need and kept warm until Close. A
// Pool is safe for concurrent use.
type Pool struct {
	size   int
	slots  chan struct{}    // one token per client that may exist
	idle   chan *tessClient // warm clients not in use
	mu     sync.Mutex       // guards closed
	closed bool
}

// NewPool returns a pool of at most size Tesseract clients (size < 1
// means 1). Clients are created lazily; call [Pool.Warm] to create them
// up front.
func NewPool(size int) *Pool {
	size = max(size, 1)
	p := &Pool{
		size:  size,
		slots: make(chan struct{}, size),
		idle:  make(chan *tessClient, size),
	}
	for range size {
		p.slots <- struct{}{}
	}
	return p
}

// Size returns the largest number of clients the pool holds.
func (p *Pool) Size() int { return p.size }

// Warm creates all the pool's clients now, so that the first recognitions
// do not pay for loading the model.
func (p *Pool) Warm(ctx context.Context) error {
	var got []*tessClient
	defer func() {
		for _, c := range got {
			p.put(c)
		}
	}()
	for range p.size {
		c, err := p.get(ctx)
		if err != nil {
			return err
		}
		got = append(got, c)
	}
	return nil
}

// get borrows a client, creating one if the pool is below its size, or
// waits for one to be returned.
func (p *Pool) get(ctx context.Context) (*tessClient, error) {
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if closed {
		return nil, ErrPoolClosed
	}
	select {
	case c := <-p.idle:
		return c, nil
	default:
	}
	select {
	case c := <-p.idle:
		return c, nil
	case <-p.slots:
		c, err := newTessClient()
		if err != nil {
			p.slots <- struct{}{}
			return nil, err
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.closed {
			c.close()
			p.slots <- struct{}{}
			return nil, ErrPoolClosed
		}
		return c, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// put returns a borrowed client to the pool, or frees it when the pool has
// been closed meanwhile.
func (p *Pool) put(c *tessClient) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		c.close()
		return
	}
	p.idle <- c
}

// with runs f with a borrowed client.
func (p *Pool) with(ctx context.Context, f func(*tessClient) error) error {
	c, err := p.get(ctx)
	if err != nil {
		return err
	}
	defer p.put(c)
	return f(c)
}

// Close frees every idle client and makes clients still in use be freed when
// they come back. Later calls fail with [ErrPoolClosed]. Close is safe to
// call more than once.
func (p *Pool) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil
	}
	p.closed = true
	var errs []error
	for {
		select {
		case c := <-p.idle:
			if err := c.close(); err != nil {
				errs = append(errs, err)
			}
		default:
			return errors.Join(errs...)
		}
	}
}
