package discord

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
	"github.com/sudokubot/sudokubot/internal/fakediscord"
	"github.com/sudokubot/sudokubot/solver"
)

// The load benchmark. It is a benchmark, not a test, so that `go test
// ./...` stays quick:
//
//	go test -run '^$' -bench Load -benchtime 1x ./bot/
//
// One iteration starts the bot with the production defaults (2 OCR workers,
// a queue of 16 photos and at most 1 s of expected wait, 20 requests a
// minute per user, full-size pictures)
// behind the real discordgo and the fake Discord, then sends
// -load.texts /solve commands with a text puzzle and -load.photos /solve
// commands with a photo, interleaved, as fast as the gateway takes them,
// each from its own user. It waits for every answer, checks that each
// request was answered exactly once (and every text puzzle with its
// solution), and reports the throughput, the latency percentiles per kind
// (from the event's dispatch to the arrival of the final REST call at the
// fake Discord) and the peak RSS of the process (bot, discordgo and the
// fake Discord together, so an upper bound for the bot alone).
var (
	loadTexts   = flag.Int("load.texts", 1000, "load benchmark: text puzzles sent")
	loadPhotos  = flag.Int("load.photos", 50, "load benchmark: photos sent")
	loadPuzzles = flag.String("load.puzzles", filepath.Join("..", "..", "..", "shared", "puzzles", "puzzles2_17_clue"),
		"load benchmark: file of 81-character puzzles (when absent, relabelled copies of one puzzle)")
	loadPhotoDir = flag.String("load.photodir", filepath.Join("..", "..", "..", "shared", "ocr", "newspaper-dev"),
		"load benchmark: directory of imageN.jpg photos (when absent, ../testdata/photo.jpg)")
	loadWorkers = flag.Int("load.workers", 2, "load benchmark: OCR workers")
	loadQueue   = flag.Int("load.queue", 16, "load benchmark: photo queue length")
	loadWait    = flag.Duration("load.maxwait", bot.DefaultMaxPhotoWait, "load benchmark: longest expected wait of a photo (0: no limit)")
	loadExec    = flag.Bool("load.exec", false, "load benchmark: build ../../cmd/sudokubot and run it as a child process, "+
		"so that the bot's own peak RSS and CPU time are measured apart from the fake Discord's")
)

// loadRequest is one request of the load run and what became of it.
type loadRequest struct {
	photo   bool
	puzzle  string // for text
	ia      map[string]any
	sent    time.Time
	acked   time.Duration // photo: time to the first response (answer or deferral)
	latency time.Duration // time to the final answer
	outcome string        // "ok", "busy", "error"
}

func BenchmarkLoad(b *testing.B) {
	texts := loadTextPuzzles(b, *loadTexts)
	photos := loadPhotoFiles(b, *loadPhotos)
	proc, metricsAddr := "self", ""
	var e *opsEnv
	if *loadExec {
		var pid int
		e, pid, metricsAddr = startExecBot(b)
		proc = strconv.Itoa(pid)
	} else {
		e = startOps(b, opsSetup{pictureSize: -1, deferAfter: -1, ocrWorkers: *loadWorkers, logLevel: slog.LevelWarn,
			bot: func(o *bot.Options) {
				o.QueueLength, o.MaxPhotoWait, o.UserRate = *loadQueue, cmp.Or(*loadWait, -1), 20
			}})
	}
	atts := make([]fakediscord.Attachment, len(photos))
	for i, p := range photos {
		atts[i] = e.srv.AddAttachment(filepath.Base(p.name), "image/jpeg", p.data)
	}
	// Warm up: the first request starts the Tesseract clients (or, without
	// photos, draws a first picture).
	warm := e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.StringOption("puzzle", bottest.Puzzle)})
	if len(atts) > 0 {
		warm = e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.AttachmentOption("photo", atts[0])}, atts[0])
	}
	req := &loadRequest{photo: len(atts) > 0, ia: warm, sent: time.Now()}
	if err := e.srv.Dispatch("INTERACTION_CREATE", warm); err != nil {
		b.Fatal(err)
	}
	e.waitLoad(b, []*loadRequest{req})

	run := 0
	for b.Loop() {
		run++
		reqs := make([]*loadRequest, 0, len(texts)+len(photos))
		every := max(1, (len(texts)+len(photos))/max(1, len(photos)))
		ti, pi := 0, 0
		for ti < len(texts) || pi < len(photos) {
			user := fmt.Sprintf("%d%06d", run, len(reqs))
			var r *loadRequest
			if pi < len(photos) && (len(reqs)%every == every/2 || ti == len(texts)) {
				a := atts[pi]
				r = &loadRequest{photo: true, ia: e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.AttachmentOption("photo", a)}, a)}
				pi++
			} else {
				r = &loadRequest{puzzle: texts[ti], ia: e.srv.SlashCommand("solve", []fakediscord.Option{fakediscord.StringOption("puzzle", texts[ti])})}
				ti++
			}
			r.ia["member"].(map[string]any)["user"] = map[string]any{"id": user, "username": "load-" + user}
			reqs = append(reqs, r)
		}
		load := loadAverage()
		cpu0 := cpuTime(proc)
		start := time.Now()
		for _, r := range reqs {
			r.sent = time.Now()
			if err := e.srv.Dispatch("INTERACTION_CREATE", r.ia); err != nil {
				b.Fatal(err)
			}
		}
		sentAll := time.Since(start)
		e.waitLoad(b, reqs)
		cpu := cpuTime(proc) - cpu0
		e.checkLoad(b, reqs)
		e.reportLoad(b, reqs, start, sentAll, proc)
		b.ReportMetric(cpu.Seconds(), "cpu_s")
		what := "the test process (bot, discordgo and the fake Discord)"
		if *loadExec {
			what = "the sudokubot process"
			checkExecMetrics(b, metricsAddr, run*len(reqs)+1)
		}
		b.Logf("load: %s used %.1f s of CPU in %s; load average before the run: %s",
			what, cpu.Seconds(), time.Since(start).Round(time.Millisecond), load)
	}
}

// waitLoad waits until every request has its final answer: an immediate
// interaction response (type 4), or a deferred one (type 5, as photos
// and slow texts get) followed by the edit of the original response or a
// private follow-up. It fills in the latencies.
func (e *opsEnv) waitLoad(b *testing.B, reqs []*loadRequest) {
	ctx := opsWait(b)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deferred := map[string]bool{} // callback paths answered with type 5
	seen := 0
	left := slices.Clone(reqs)
	for len(left) > 0 {
		calls := e.srv.Calls()
		for _, c := range calls[seen:] {
			if c.Method == "POST" && strings.HasSuffix(c.Path, "/callback") {
				var r struct {
					Type int `json:"type"`
				}
				_ = c.Decode(&r)
				deferred[c.Path] = r.Type == 5
			}
		}
		seen = len(calls)
		next := left[:0]
		for _, r := range left {
			cb := fakediscord.CallbackPath(r.ia)
			isDeferred, recorded := deferred[cb]
			at, ok := e.srv.ArrivedAt("POST", cb)
			if !ok || !recorded {
				next = append(next, r)
				continue
			}
			if !isDeferred {
				r.acked = at.Sub(r.sent)
				r.latency = r.acked
				continue
			}
			r.acked = at.Sub(r.sent)
			if at, ok := e.srv.ArrivedAt("PATCH", e.srv.OriginalPath(r.ia)); ok {
				r.latency = at.Sub(r.sent)
				continue
			}
			if at, ok := e.srv.ArrivedAt("POST", e.srv.FollowupPath(r.ia)); ok {
				r.latency = at.Sub(r.sent)
				continue
			}
			next = append(next, r)
		}
		left = next
		if len(left) == 0 {
			break
		}
		select {
		case <-ctx.Done():
			for _, r := range left[:min(len(left), 5)] {
				var seen []string
				for _, c := range e.srv.Calls() {
					if strings.Contains(c.Path, r.ia["token"].(string)) || strings.Contains(c.Path, r.ia["id"].(string)) {
						seen = append(seen, fmt.Sprintf("%s %s %d", c.Method, c.Path, c.Status))
					}
				}
				b.Logf("unanswered: photo=%v puzzle=%s calls=%v", r.photo, r.puzzle, seen)
			}
			var stacks strings.Builder
			_ = pprof.Lookup("goroutine").WriteTo(&stacks, 1)
			b.Logf("goroutines:\n%s", stacks.String())
			b.Fatalf("%d of %d requests unanswered", len(left), len(reqs))
		case <-tick.C:
		}
	}
}

// checkLoad checks that every request was answered exactly once, and
// text puzzles with their solution; it sets the outcomes.
func (e *opsEnv) checkLoad(b *testing.B, reqs []*loadRequest) {
	answers := map[string][]fakediscord.Call{}
	for _, c := range e.srv.Calls() {
		if strings.HasSuffix(c.Path, "/callback") || strings.HasPrefix(c.Path, "/api/v9/webhooks/") {
			answers[c.Method+" "+c.Path] = append(answers[c.Method+" "+c.Path], c)
		}
	}
	for i, r := range reqs {
		cb := answers["POST "+fakediscord.CallbackPath(r.ia)]
		if len(cb) != 1 {
			b.Fatalf("request %d: %d interaction responses, want 1", i, len(cb))
		}
		var resp struct {
			Type int `json:"type"`
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
		}
		if err := cb[0].Decode(&resp); err != nil {
			b.Fatal(err)
		}
		edits := answers["PATCH "+e.srv.OriginalPath(r.ia)]
		follow := answers["POST "+e.srv.FollowupPath(r.ia)]
		content := resp.Data.Content
		switch {
		case resp.Type == 4 && len(edits)+len(follow) == 0:
		case resp.Type == 5 && len(edits)+len(follow) == 1:
			content, _ = append(edits, follow...)[0].Payload()["content"].(string)
		default:
			b.Fatalf("request %d: response type %d, %d edits and %d follow-ups: not one answer", i, resp.Type, len(edits), len(follow))
		}
		r.outcome = outcomeOf(content)
		if r.photo {
			continue
		}
		sol, err := solver.SolveUnique(solver.MustGrid(r.puzzle))
		if err != nil {
			b.Fatal(err)
		}
		got := strings.NewReplacer("|", "", "\n", "", " ", "").Replace(content)
		if r.outcome != "ok" || !strings.Contains(got, sol.Digits()) {
			b.Fatalf("text request %d (%s): %q", i, r.puzzle, content)
		}
	}
}

func outcomeOf(content string) string {
	switch {
	case strings.Contains(content, "**Solved!**"):
		return "ok"
	case strings.Contains(content, "I'm busy"):
		return "busy"
	}
	return "error"
}

// reportLoad logs the figures of one run and reports them as benchmark
// metrics.
func (e *opsEnv) reportLoad(b *testing.B, reqs []*loadRequest, start time.Time, sentAll time.Duration, proc string) {
	groups := map[string][]time.Duration{}
	var lastText time.Duration
	var acks []time.Duration
	for _, r := range reqs {
		kind := "text"
		if r.photo {
			kind = "photo"
			acks = append(acks, r.acked)
			groups["photo_"+r.outcome] = append(groups["photo_"+r.outcome], r.latency)
		} else {
			lastText = max(lastText, r.sent.Sub(start)+r.latency)
		}
		groups[kind] = append(groups[kind], r.latency)
	}
	if len(acks) > 0 {
		groups["photo_ack"] = acks
	}
	var lines []string
	names := make([]string, 0, len(groups))
	for k := range groups {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		d := groups[k]
		p50, p95, p99 := percentile(d, 50), percentile(d, 95), percentile(d, 99)
		lines = append(lines, fmt.Sprintf("%-12s n=%4d  p50 %9s  p95 %9s  p99 %9s  max %9s", k, len(d), fmtDur(p50), fmtDur(p95), fmtDur(p99), fmtDur(percentile(d, 100))))
		if k == "text" || k == "photo" {
			b.ReportMetric(float64(p50.Microseconds())/1000, k+"_p50_ms")
			b.ReportMetric(float64(p95.Microseconds())/1000, k+"_p95_ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, k+"_p99_ms")
		}
	}
	hwm, rss := procStatusKB(proc, "VmHWM"), procStatusKB(proc, "VmRSS")
	nText := len(groups["text"])
	b.ReportMetric(float64(nText)/lastText.Seconds(), "texts/s")
	b.ReportMetric(lastText.Seconds(), "text_all_s")
	b.ReportMetric(float64(hwm)/1024, "peak_rss_MB")
	b.ReportMetric(float64(len(groups["photo_busy"])), "photos_busy")
	b.Logf("load: %d texts and %d photos sent in %s; all %d texts answered %s after the first was sent (%.0f/s); "+
		"photos: %d read and solved, %d busy, %d errors; peak RSS %.0f MB (now %.0f MB), GOMAXPROCS %d, %d OCR workers, queue %d, max photo wait %s\n%s",
		nText, len(groups["photo"]), sentAll.Round(time.Millisecond), nText, lastText.Round(time.Millisecond), float64(nText)/lastText.Seconds(),
		len(groups["photo_ok"]), len(groups["photo_busy"]), len(groups["photo_error"]), float64(hwm)/1024, float64(rss)/1024,
		runtime.GOMAXPROCS(0), *loadWorkers, *loadQueue, *loadWait, strings.Join(lines, "\n"))
}

// cpuTime returns the user and system CPU time process proc ("self" or a
// PID) has used.
func cpuTime(proc string) time.Duration {
	if proc == "self" {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	data, err := os.ReadFile("/proc/" + proc + "/stat")
	if err != nil {
		return 0
	}
	// Fields after the command name, which is in parentheses: utime and
	// stime are the 12th and 13th, in clock ticks (100 a second on Linux).
	_, rest, _ := strings.Cut(string(data), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// loadAverage returns the machine's load averages, to judge how much of
// the CPU the run had.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	return strings.Join(f[:min(3, len(f))], " ")
}

// percentile returns the p-th percentile (nearest rank) of d.
func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := int(float64(len(s))*p/100+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// procStatusKB returns a "kB" field of /proc/{proc}/status, like VmHWM
// (the peak resident set size), or 0 where there is none.
func procStatusKB(proc, field string) int64 {
	data, err := os.ReadFile("/proc/" + proc + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// loadTextPuzzles returns n puzzles with one solution each from
// -load.puzzles, or relabelled copies of bottest.Puzzle when it is absent.
func loadTextPuzzles(b *testing.B, n int) []string {
	var out []string
	f, err := os.Open(*loadPuzzles)
	if err != nil {
		b.Logf("load: %v: using %d relabelled copies of one puzzle", err, n)
		for i := range n {
			out = append(out, bottest.DistinctPuzzle(i))
		}
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		line := strings.TrimSpace(sc.Text())
		if len(line) != 81 {
			continue
		}
		if _, err := solver.SolveUnique(solver.MustGrid(line)); err != nil {
			continue // not a proper puzzle: not what this run measures
		}
		out = append(out, line)
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	b.Logf("load: %d text puzzles from %s", len(out), *loadPuzzles)
	return out
}

type loadPhoto struct {
	name string
	data []byte
}

// loadPhotoFiles returns n photos from -load.photodir (cycling through
// them), or the bot's test photo when the directory is absent.
func loadPhotoFiles(b *testing.B, n int) []loadPhoto {
	names, _ := filepath.Glob(filepath.Join(*loadPhotoDir, "image*.jpg"))
	if len(names) == 0 {
		b.Logf("load: no photos in %s: using ../testdata/photo.jpg", *loadPhotoDir)
		names = []string{filepath.Join("..", "testdata", "photo.jpg")}
	} else {
		b.Logf("load: photos from %s", *loadPhotoDir)
	}
	sort.Strings(names)
	var out []loadPhoto
	for i := range n {
		name := names[i%len(names)]
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, loadPhoto{name: name, data: data})
	}
	return out
}

// startExecBot builds the sudokubot command, starts it against a new fake
// Discord with the load settings in its environment (and METRICS_ADDR on a
// free loopback port), and waits until it has registered its commands. It
// returns the environment, the child's PID and the metrics address.
func startExecBot(b *testing.B) (*opsEnv, int, string) {
	if testing.Short() {
		b.Skip("load benchmark: skipped with -short")
	}
	bin := filepath.Join(b.TempDir(), "sudokubot")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/sudokubot").CombinedOutput(); err != nil {
		b.Fatalf("build sudokubot: %v\n%s", err, out)
	}
	srv, err := fakediscord.New()
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	metricsAddr := ln.Addr().String()
	_ = ln.Close()
	logs := &bottest.LogBuffer{}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "DISCORD_TOKEN=test-token", "DISCORD_API_URL="+srv.URL,
		"SUDOKUBOT_GUILD_ID="+fakediscord.GuildID, "LOG_LEVEL=warn", "METRICS_ADDR="+metricsAddr,
		"SUDOKUBOT_OCR_WORKERS="+strconv.Itoa(*loadWorkers), "SUDOKUBOT_QUEUE_LENGTH="+strconv.Itoa(*loadQueue),
		"SUDOKUBOT_MAX_PHOTO_WAIT="+loadWait.String(),
		"SUDOKUBOT_USER_RATE=20", "OMP_THREAD_LIMIT=1")
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				b.Errorf("sudokubot did not stop cleanly: %v", err)
			}
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			b.Error("sudokubot did not stop within 30 s of SIGTERM")
		}
		_ = srv.Close()
		if b.Failed() {
			b.Logf("sudokubot output:\n%s", logs.String())
		}
	})
	ctx := opsWait(b)
	if _, err := srv.WaitCall(ctx, func(c fakediscord.Call) bool {
		return c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands")
	}); err != nil {
		b.Fatalf("%v\n%s", err, logs.String())
	}
	return &opsEnv{srv: srv, logs: logs}, cmd.Process.Pid, metricsAddr
}

// checkExecMetrics reads the child's /metrics and checks that it counted
// want requests and reports the gateway connected.
func checkExecMetrics(b *testing.B, addr string, want int) {
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		b.Fatal(err)
	}
	total := 0.0
	for _, line := range strings.Split(string(body), "\n") {
		if strings.HasPrefix(line, "sudokubot_requests_total{") {
			f := strings.Fields(line)
			v, _ := strconv.ParseFloat(f[len(f)-1], 64)
			total += v
		}
	}
	if int(total) != want || !strings.Contains(string(body), "sudokubot_gateway_connected 1") {
		b.Errorf("sudokubot /metrics: %v requests counted, want %d; gateway connected: %v",
			total, want, strings.Contains(string(body), "sudokubot_gateway_connected 1"))
	}
}
