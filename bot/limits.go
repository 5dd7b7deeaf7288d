package bot

import (
	"context"
	"sync"
	"time"
)

// photoPool bounds the work on photos: at most workers read at once and at
// most queue more wait; beyond that a request is turned away at once.
type photoPool struct {
	admitted chan struct{} // capacity workers+queue: waiting or working
	working  chan struct{} // capacity workers
}

func newPhotoPool(workers, queue int) *photoPool {
	if workers < 1 {
		workers = 1
	}
	if queue < 0 {
		queue = 0
	}
	return &photoPool{
		admitted: make(chan struct{}, workers+queue),
		working:  make(chan struct{}, workers),
	}
}

// admit takes a place in the queue without waiting. It returns false when
// the queue is full. The caller must call leave once done.
func (p *photoPool) admit() bool {
	select {
	case p.admitted <- struct{}{}:
		return true
	default:
		return false
	}
}

// leave gives back the place taken by admit.
func (p *photoPool) leave() { <-p.admitted }

// work waits for a free worker, runs f and frees the worker.
func (p *photoPool) work(ctx context.Context, f func() error) error {
	select {
	case p.working <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-p.working }()
	return f()
}

// depth returns the number of admitted photos that wait for a worker.
func (p *photoPool) depth() int {
	d := len(p.admitted) - len(p.working)
	if d < 0 {
		return 0
	}
	return d
}

// rateLimiter allows each user a number of requests per minute, as a token
// bucket that holds a minute's worth and refills continuously.
type rateLimiter struct {
	perMinute int
	now       func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// maxBuckets bounds the memory of the limiter; past it, buckets that are
// full again are forgotten.
const maxBuckets = 10_000

func newRateLimiter(perMinute int, now func() time.Time) *rateLimiter {
	return &rateLimiter{perMinute: perMinute, now: now, buckets: map[string]*bucket{}}
}

// allow takes one token for user. When none is left it returns false and
// how long until the next one.
func (r *rateLimiter) allow(user string) (bool, time.Duration) {
	if r == nil || r.perMinute <= 0 || user == "" {
		return true, 0
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	capacity := float64(r.perMinute)
	perSecond := capacity / 60
	b := r.buckets[user]
	if b == nil {
		if len(r.buckets) >= maxBuckets {
			r.forgetFull(now, capacity, perSecond)
		}
		b = &bucket{tokens: capacity, at: now}
		r.buckets[user] = b
	}
	b.tokens = min(capacity, b.tokens+now.Sub(b.at).Seconds()*perSecond)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / perSecond * float64(time.Second))
	return false, wait
}

func (r *rateLimiter) forgetFull(now time.Time, capacity, perSecond float64) {
	for k, b := range r.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*perSecond >= capacity {
			delete(r.buckets, k)
		}
	}
}
