package bot

import (
	"context"
	"slices"
	"sync"
	"time"
)

// photoPool bounds the work on photos: at most workers read at once, at
// most queue more wait, and a photo waits only when its expected wait is
// within maxWait; beyond that a request is turned away at once, which is
// better than an answer that comes too late to matter.
type photoPool struct {
	workers, queue int
	maxWait        time.Duration
	working        chan struct{} // capacity workers
	// places, when set, says how many photos can be read at once as
	// things stand (see cpuGate.photoPlaces); at most workers count.
	places func() int

	mu       sync.Mutex
	admitted int // waiting or working
	// service is a moving average of the time a photo's work takes once
	// it has its worker: decoding, reading, solving, rating and drawing
	// the answer.
	service time.Duration
}

// InitialPhotoTime is the time a photo is assumed to take to read and
// answer before the first one is answered: a phone photo on one core of
// the reference machine, with room to spare. The expected wait of
// [Bot.PhotoWait] counts it for each photo ahead until real times are
// known.
const InitialPhotoTime = 500 * time.Millisecond

func newPhotoPool(workers, queue int, maxWait time.Duration, places func() int) *photoPool {
	if workers < 1 {
		workers = 1
	}
	if queue < 0 {
		queue = 0
	}
	return &photoPool{
		workers: workers, queue: queue, maxWait: maxWait, places: places,
		working: make(chan struct{}, workers),
		service: InitialPhotoTime,
	}
}

// admit takes a place in the queue without waiting. It returns false when
// the queue is full or when the photo would wait longer than maxWait for
// a worker, judged from the photos ahead of it and the recent time a photo
// takes. The caller must call leave once done.
func (p *photoPool) admit() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.admitted >= p.workers+p.queue {
		return false
	}
	if p.maxWait > 0 && p.expectedWait() > p.maxWait {
		return false
	}
	p.admitted++
	return true
}

// expectedWait is how long a photo arriving now would wait for a reader.
// The caller holds p.mu.
func (p *photoPool) expectedWait() time.Duration {
	par := p.workers
	if p.places != nil {
		par = min(par, max(p.places(), 1))
	}
	// The photos beyond the par being read are ahead of this one; par of
	// them are done every service time.
	ahead := p.admitted - par + 1
	if ahead <= 0 {
		return 0
	}
	return time.Duration(ahead) * p.service / time.Duration(par)
}

// wait is expectedWait for callers outside the pool (metrics).
func (p *photoPool) wait() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.expectedWait()
}

// leave gives back the place taken by admit.
func (p *photoPool) leave() {
	p.mu.Lock()
	p.admitted--
	p.mu.Unlock()
}

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

// served records the time a photo's work took, which moves the service
// time that admit judges waits by a quarter of the way.
func (p *photoPool) served(d time.Duration) {
	if d <= 0 {
		return
	}
	p.mu.Lock()
	p.service += (d - p.service) / 4
	p.mu.Unlock()
}

// depth returns the number of admitted photos that wait for a worker.
func (p *photoPool) depth() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return max(p.admitted-len(p.working), 0)
}

// cpuGate shares the CPUs between the two kinds of work that need them:
// text requests (parsing, solving, drawing and encoding a picture, all in
// Go) and photo readings (mostly a Tesseract thread, which the Go
// scheduler does not see). Each kind always gets one place, so neither
// ever waits for the other to finish; photos get every other CPU, as a
// reading that shares its CPU with a flood of text puzzles stretches from
// a quarter of a second to several; text requests get what is left, up to
// their own limit when no photo is being read. Each kind is served first
// come, first served.
type cpuGate struct {
	cpus      int
	textLimit int

	mu      sync.Mutex
	running [2]int             // by kind
	waiting [2][]chan struct{} // by kind, oldest first
}

// The kinds of work a cpuGate shares the CPUs between.
const (
	kindText = iota
	kindPhoto
)

func newCPUGate(cpus, textLimit int) *cpuGate {
	return &cpuGate{cpus: max(cpus, 1), textLimit: max(textLimit, 1)}
}

// may reports whether one more piece of work of kind k may start now. The
// caller holds g.mu.
func (g *cpuGate) may(k int) bool {
	if g.running[k] == 0 {
		return true
	}
	textBusy, photoBusy := g.busy(kindText), g.busy(kindPhoto)
	if k == kindPhoto {
		reserve := 0
		if textBusy {
			reserve = 1
		}
		return g.running[kindPhoto]+reserve < g.cpus
	}
	if g.running[kindText] >= g.textLimit {
		return false
	}
	return !photoBusy || g.running[kindText]+g.running[kindPhoto] < g.cpus
}

// enter waits for a place for work of kind k, or for ctx to end. The
// caller must call leave(k) once done when enter returns nil.
func (g *cpuGate) enter(ctx context.Context, k int) error {
	g.mu.Lock()
	if len(g.waiting[k]) == 0 && g.may(k) {
		g.running[k]++
		g.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	g.waiting[k] = append(g.waiting[k], ch)
	g.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		g.mu.Lock()
		defer g.mu.Unlock()
		if i := slices.Index(g.waiting[k], ch); i >= 0 {
			g.waiting[k] = slices.Delete(g.waiting[k], i, i+1)
		} else {
			// The place was given meanwhile: give it back.
			g.running[k]--
		}
		g.wake()
		return ctx.Err()
	}
}

// leave gives back the place taken by enter.
func (g *cpuGate) leave(k int) {
	g.mu.Lock()
	g.running[k]--
	g.wake()
	g.mu.Unlock()
}

// busy reports whether work of kind k runs or waits. The caller holds g.mu.
func (g *cpuGate) busy(k int) bool { return g.running[k] > 0 || len(g.waiting[k]) > 0 }

// photoPlaces is the number of photos that may be read at once as things
// stand: every CPU, but one while text requests run or wait.
func (g *cpuGate) photoPlaces() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.busy(kindText) {
		return max(g.cpus-1, 1)
	}
	return g.cpus
}

// wake gives the free places to the first waiters, photos first. The
// caller holds g.mu.
func (g *cpuGate) wake() {
	for _, k := range []int{kindPhoto, kindText} {
		for len(g.waiting[k]) > 0 && g.may(k) {
			close(g.waiting[k][0])
			g.waiting[k][0] = nil
			g.waiting[k] = g.waiting[k][1:]
			g.running[k]++
		}
	}
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
