package digitnet

import (
	"bytes"
	"cmp"
	"embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// The kinds of cell the network tells apart, the indexes of [Output.Kind].
const (
	KindEmpty   = 0 // no digit, no mark
	KindPrinted = 1 // one digit printed (or typed in an app)
	KindHand    = 2 // one digit written by hand
	KindMarks   = 3 // pencil marks: several small digits
)

// NumKinds is the number of kinds.
const NumKinds = 4

// Output is the network's answer for one cell, as calibrated
// probabilities.
type Output struct {
	// Kind is the probability of each kind (KindEmpty ... KindMarks).
	Kind [NumKinds]float32
	// Digit[d-1] is the probability that the cell's digit is d, for a
	// cell holding one digit (printed or handwritten): the digit head's
	// probabilities at the temperature of print and at that of
	// handwriting, weighed by how likely each kind is (see [Net]).
	Digit [9]float32
	// Marks[d-1] is the probability that d is among the cell's pencil
	// marks, for a cell holding marks.
	Marks [9]float32
}

// Net is the trained network. It is safe for concurrent use.
type Net struct {
	convs []conv // each followed by ReLU and 2x2 max pooling
	fc    dense  // the flattened features to the hidden layer, ReLU
	heads [3]dense
	// temps are the calibration temperatures of the heads.
	temps temperatures
	// Info describes the weights: when and how they were trained.
	Info string
	// also are the other members of an ensemble ([Join]), whose outputs
	// are averaged with this network's.
	also []*Net

	pool sync.Pool // *scratch
}

// Join returns a network whose every output is the mean of the outputs
// of nets: an ensemble of networks trained alike from other seeds, which
// errs less and less alike from one training to the next than each of
// them. Join of one network is that network; an ensemble joined again
// counts each of its members as one.
func Join(nets ...*Net) *Net {
	if len(nets) == 1 {
		return nets[0]
	}
	var members []*Net
	var infos []string
	for _, n := range nets {
		members = append(append(members, n), n.also...)
		infos = append(infos, n.Info)
	}
	f := members[0]
	return &Net{convs: f.convs, fc: f.fc, heads: f.heads, temps: f.temps, Info: strings.Join(infos, "; "), also: members[1:]}
}

// conv is a 3x3 convolution with padding 1 (the same size out).
type conv struct {
	in, out int
	w       []float32 // [out][in][3][3]
	b       []float32
}

// dense is a fully connected layer.
type dense struct {
	in, out int
	w       []float32 // [in][out]: by input, see apply
	b       []float32
}

// temperatures are the calibration temperatures of the heads. The digit
// head has one for printed digits and one for handwritten ones: fitted on
// the validation cells of each kind, handwriting by other writers being
// read far less surely than print in held-out fonts.
type temperatures struct {
	kind, print, hand, marks float32
}

// header is the JSON header of a weights file.
type header struct {
	Side   int   `json:"side"`
	Convs  []int `json:"convs"` // output channels of each convolution
	Hidden int   `json:"hidden"`
	// Temperature holds the calibration temperatures: kind, digit, marks
	// in version 1; kind, digit of print, digit of handwriting, marks in
	// version 2.
	Temperature []float32      `json:"temperature"`
	Info        string         `json:"info"`
	Extra       map[string]any `json:"extra,omitempty"`
}

// magic starts a weights file; version is its format's newest, and files
// of every version from 1 load.
const (
	magic   = "SDKN"
	version = 2
)

// temperatureCount is the number of temperatures the header of each
// format version holds.
var temperatureCount = [...]int{1: 3, 2: 4}

// temperatures returns the header's temperatures for its format version
// (one of 1 and 2): a temperature that is not positive counts as 1.
func (h *header) temperatures(ver uint32) (temperatures, error) {
	t := h.Temperature
	if len(t) != temperatureCount[ver] {
		return temperatures{}, fmt.Errorf("digitnet: %d temperatures in a header of version %d, want %d", len(t), ver, temperatureCount[ver])
	}
	t = slices.Clone(t)
	for i, v := range t {
		if !(v > 0) || math.IsInf(float64(v), 0) {
			t[i] = 1
		}
	}
	if ver == 1 {
		// One temperature for the digits of both kinds.
		return temperatures{kind: t[0], print: t[1], hand: t[1], marks: t[2]}, nil
	}
	return temperatures{kind: t[0], print: t[1], hand: t[2], marks: t[3]}, nil
}

// Load reads a weights file: the magic "SDKN", a little-endian uint32
// format version (1 or 2), a uint32 length and a JSON header (input side,
// channels of the three convolutions, width of the hidden layer, the
// calibration temperatures: kind, digit and marks in version 1; kind,
// printed digit, handwritten digit and marks in version 2), then the
// float32 parameters, little-endian, in the order conv weights and biases,
// hidden weights and bias, then the kind, digit and marks heads' weights
// and biases (PyTorch's layouts, batch normalisation folded into the
// convolutions).
func Load(data []byte) (*Net, error) {
	r := bytes.NewReader(data)
	h, ver, err := readHeader(r)
	if err != nil {
		return nil, err
	}
	temps, err := h.temperatures(ver)
	if err != nil {
		return nil, err
	}
	n := &Net{temps: temps, Info: h.Info}
	wr := weightReader{r}
	in := 1
	for _, out := range h.Convs {
		if out <= 0 || out > 512 {
			return nil, fmt.Errorf("digitnet: %d channels", out)
		}
		w, err := wr.read(out * in * 9)
		if err != nil {
			return nil, err
		}
		b, err := wr.read(out)
		if err != nil {
			return nil, err
		}
		n.convs = append(n.convs, conv{in: in, out: out, w: w, b: b})
		in = out
	}
	side := Side >> len(h.Convs)
	if n.fc, err = wr.dense(in*side*side, h.Hidden); err != nil {
		return nil, err
	}
	for i, out := range []int{NumKinds, 9, 9} {
		if n.heads[i], err = wr.dense(h.Hidden, out); err != nil {
			return nil, err
		}
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("digitnet: %d bytes left after the weights", r.Len())
	}
	return n, nil
}

// readHeader reads the start of a weights file: the magic, the format's
// version and the JSON header describing the network.
func readHeader(r *bytes.Reader) (header, uint32, error) {
	var h header
	var m [4]byte
	if _, err := io.ReadFull(r, m[:]); err != nil || string(m[:]) != magic {
		return h, 0, errors.New("digitnet: not a weights file (bad magic)")
	}
	var ver, hlen uint32
	if err := binary.Read(r, binary.LittleEndian, &ver); err != nil || ver < 1 || ver > version {
		return h, ver, fmt.Errorf("digitnet: weights format version %d, want 1 to %d", ver, version)
	}
	if err := binary.Read(r, binary.LittleEndian, &hlen); err != nil || hlen > 1<<20 {
		return h, ver, errors.New("digitnet: bad header length")
	}
	hb := make([]byte, hlen)
	if _, err := io.ReadFull(r, hb); err != nil {
		return h, ver, fmt.Errorf("digitnet: read header: %w", err)
	}
	if err := json.Unmarshal(hb, &h); err != nil {
		return h, ver, fmt.Errorf("digitnet: header: %w", err)
	}
	if h.Side != Side || len(h.Convs) == 0 || h.Hidden <= 0 {
		return h, ver, fmt.Errorf("digitnet: header describes side %d, %d convolutions, hidden %d; want side %d", h.Side, len(h.Convs), h.Hidden, Side)
	}
	if Side>>len(h.Convs) < 1 {
		return h, ver, fmt.Errorf("digitnet: %d poolings do not fit a side of %d", len(h.Convs), Side)
	}
	return h, ver, nil
}

// weightReader reads the weights that follow a weights file's header.
type weightReader struct{ r *bytes.Reader }

// read reads k weights, all finite.
func (wr weightReader) read(k int) ([]float32, error) {
	if k <= 0 || k > wr.r.Len()/4 {
		return nil, errors.New("digitnet: the weights file is cut short")
	}
	v := make([]float32, k)
	if err := binary.Read(wr.r, binary.LittleEndian, v); err != nil {
		return nil, fmt.Errorf("digitnet: read weights: %w", err)
	}
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, errors.New("digitnet: a weight is not a finite number")
		}
	}
	return v, nil
}

// dense reads a dense layer from in inputs to out outputs: its weights,
// then its biases.
func (wr weightReader) dense(in, out int) (dense, error) {
	w, err := wr.read(in * out)
	if err != nil {
		return dense{}, err
	}
	b, err := wr.read(out)
	if err != nil {
		return dense{}, err
	}
	// PyTorch keeps the weights by output ([out][in]); apply wants them
	// by input.
	wt := make([]float32, len(w))
	for o := range out {
		for i := range in {
			wt[i*out+o] = w[o*in+i]
		}
	}
	return dense{in: in, out: out, w: wt, b: b}, nil
}

// weightFiles are the members of the network make train trains:
// weights.bin, weights-2.bin, and so on.
//
//go:embed weights*.bin
var weightFiles embed.FS

// memberFiles are the names of the weights files in weightFiles, the
// first member first.
func memberFiles() []string {
	names, _ := fs.Glob(weightFiles, "weights*.bin")
	slices.SortFunc(names, func(a, b string) int {
		// weights.bin, then weights-2.bin ... weights-9.bin, weights-10.bin.
		if c := cmp.Compare(len(a), len(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return names
}

// Default returns the network trained by make train and embedded in the
// binary, the mean of its members ([Join]). It is loaded once.
var Default = sync.OnceValues(func() (*Net, error) {
	var nets []*Net
	for _, name := range memberFiles() {
		data, err := weightFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		n, err := Load(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		nets = append(nets, n)
	}
	if len(nets) == 0 {
		return nil, errors.New("digitnet: no weights embedded")
	}
	return Join(nets...), nil
})

// scratch holds one cell's activations.
type scratch struct {
	a, b []float32 // ping-pong buffers, padded planes
	feat []float32
	hid  []float32
}

// Classify runs the network on inputs made by [Prepare] (a multiple of
// InputLen values, one cell after another) and writes one Output per cell
// into out. A batch of many cells is shared out among up to GOMAXPROCS
// goroutines (at least minShare cells each): every cell's Output is the
// same as when classified alone.
func (n *Net) Classify(inputs []float32, out []Output) {
	cells := min(len(inputs)/InputLen, len(out))
	parts := max(1, min(runtime.GOMAXPROCS(0), cells/minShare))
	if parts == 1 {
		n.classifyRange(inputs, out, 0, cells)
		return
	}
	var wg sync.WaitGroup
	for p := range parts {
		from, to := p*cells/parts, (p+1)*cells/parts
		wg.Go(func() { n.classifyRange(inputs, out, from, to) })
	}
	wg.Wait()
}

// minShare is the fewest cells a goroutine of Classify is given: fewer
// would cost more to hand over than they take (a cell takes about 0.4 ms
// for the three members of Default, amd64 with AVX, BenchmarkClassify81).
const minShare = 16

// classifyRange classifies the cells of a batch from index from up to,
// but not including, to.
func (n *Net) classifyRange(inputs []float32, out []Output, from, to int) {
	s, _ := n.pool.Get().(*scratch)
	if s == nil {
		s = &scratch{}
	}
	defer n.pool.Put(s)
	for k := from; k < to; k++ {
		in := inputs[k*InputLen : (k+1)*InputLen]
		n.classify(s, in, &out[k])
		if len(n.also) == 0 {
			continue
		}
		o := &out[k]
		for _, m := range n.also {
			var mo Output
			m.classify(s, in, &mo)
			addOutput(o, &mo)
		}
		meanOutput(o, 1+len(n.also))
	}
}

// addOutput adds b's probabilities to a's.
func addOutput(a, b *Output) {
	for i := range a.Kind {
		a.Kind[i] += b.Kind[i]
	}
	for i := range a.Digit {
		a.Digit[i] += b.Digit[i]
		a.Marks[i] += b.Marks[i]
	}
}

// meanOutput turns o, the sum of members outputs, into their mean: the
// kinds and the digits each divided by their sum (so that float32's
// rounding leaves no probability, nor their total, over 1), each mark's
// probability by members.
func meanOutput(o *Output, members int) {
	normalize(o.Kind[:])
	normalize(o.Digit[:])
	for i := range o.Marks {
		o.Marks[i] = min(o.Marks[i]/float32(members), 1)
	}
}

// normalize divides p by its sum.
func normalize(p []float32) {
	var z float32
	for _, v := range p {
		z += v
	}
	if z > 0 {
		for i := range p {
			p[i] /= z
		}
	}
}

// classify runs the network on one cell.
func (n *Net) classify(s *scratch, in []float32, out *Output) {
	// Planes are kept with a border of one zero pixel for the padding.
	side := Side
	pl := (side + 2) * (side + 2)
	need := pl*max(1, maxChannels(n.convs)) + convSlack
	if len(s.a) < need {
		s.a, s.b = make([]float32, need), make([]float32, need)
	}
	cur := s.a[:pl+convSlack]
	clear(cur)
	for y := range side {
		copy(cur[(y+1)*(side+2)+1:], in[y*side:(y+1)*side])
	}
	chans := 1
	for _, c := range n.convs {
		next := s.b[:c.out*pl]
		c.apply(cur, next, side)
		// ReLU and 2x2 max pooling into a padded plane of half the side.
		half := side / 2
		hp := (half + 2) * (half + 2)
		pooled := s.a[:c.out*hp+convSlack]
		clear(pooled)
		for o := range c.out {
			src := next[o*pl:]
			dst := pooled[o*hp:]
			for y := range half {
				r0 := src[(2*y+1)*(side+2)+1:]
				r1 := src[(2*y+2)*(side+2)+1:]
				d := dst[(y+1)*(half+2)+1:]
				for x := range half {
					v := max(r0[2*x], r0[2*x+1], r1[2*x], r1[2*x+1], 0)
					d[x] = v
				}
			}
		}
		cur, side, pl, chans = pooled, half, hp, c.out
	}
	// Flatten in PyTorch's order: channel, row, column.
	feat := s.feat[:0]
	for c := range chans {
		for y := range side {
			feat = append(feat, cur[c*pl+(y+1)*(side+2)+1:c*pl+(y+1)*(side+2)+1+side]...)
		}
	}
	s.feat = feat
	if cap(s.hid) < n.fc.out {
		s.hid = make([]float32, n.fc.out)
	}
	hid := s.hid[:n.fc.out]
	n.fc.apply(feat, hid)
	for i := range hid {
		hid[i] = max(hid[i], 0)
	}
	var logits [9]float32
	n.heads[0].apply(hid, logits[:NumKinds])
	softmax(logits[:NumKinds], n.temps.kind, out.Kind[:])
	n.heads[1].apply(hid, logits[:9])
	n.temps.digits(logits[:9], out.Kind[KindPrinted], out.Kind[KindHand], out.Digit[:])
	n.heads[2].apply(hid, logits[:9])
	for i, v := range logits[:9] {
		out.Marks[i] = float32(1 / (1 + math.Exp(-float64(v/n.temps.marks))))
	}
}

// digits writes the digit probabilities of a cell into p from the digit
// head's logits and the kind head's probabilities of print and
// handwriting. The digit is d with the probability
//
//	P(print) / (P(print) + P(hand)) * softmax(logits / T_print)[d]
//	+ P(hand) / (P(print) + P(hand)) * softmax(logits / T_hand)[d]
//
// that is, the probability of d given each kind, each calibrated on the
// validation cells of its kind, weighed by the probability of that kind
// given that the cell holds one digit (half each when neither is possible).
func (t *temperatures) digits(logits []float32, pPrint, pHand float32, p []float32) {
	softmax(logits, t.print, p)
	if t.hand == t.print {
		return
	}
	wp := float32(0.5)
	if s := pPrint + pHand; s > 0 {
		wp = pPrint / s
	}
	var ph [9]float32
	softmax(logits, t.hand, ph[:len(p)])
	for i := range p {
		p[i] = wp*p[i] + (1-wp)*ph[i]
	}
}

func maxChannels(cs []conv) int {
	m := 1
	for _, c := range cs {
		m = max(m, c.out)
	}
	return m
}

// apply convolves the padded planes in (c.in of them, side+2 square) into
// the padded planes out (c.out of them), adding the bias. Each plane is
// worked on as one run of positions, from the first inside pixel to the
// last, the borders between rows included: out's borders get numbers that
// mean nothing (pooling reads inside only), and the loop runs over a
// whole plane instead of a row at a time. Every output is the bias plus
// each input plane's nine products summed in order, as a direct
// convolution adds them.
//
// Where the processor has vector instructions (conv9Fast), the run is
// worked on eight positions at a time, rounded up to a multiple of eight:
// the positions past the last inside pixel lie in out's bottom border, and
// the neighbours they read lie in in's zero border and in the convSlack
// values after in's last plane (in is c.in planes long and longer by
// convSlack, or its last plane is done one position at a time).
//
// The race detector does not look into apply (go:norace): it reads the
// network's weights, which never change, and writes out, which the caller
// owns (a scratch of its own, see classifyRange). Instrumented, its loop
// made the reading tests under -race about twice as slow with three
// members (TestReadSynthetic and TestReadStained: 26 s against 14).
//
//go:norace
func (c *conv) apply(in, out []float32, side int) {
	stride := side + 2
	pl := stride * stride
	lo, hi := stride+1, side*stride+side+1 // the first inside position, and past the last
	n := hi - lo
	vn := (n + 7) &^ 7 // the run rounded up for the vector loop
	for o := range c.out {
		d := out[o*pl+lo : o*pl+hi]
		b := c.b[o]
		for x := range d {
			d[x] = b
		}
		var dv []float32 // d rounded up, if it stays in its plane
		if lo+vn <= pl {
			dv = out[o*pl+lo : o*pl+lo+vn]
		}
		for i := range c.in {
			w := c.w[(o*c.in+i)*9 : (o*c.in+i)*9+9]
			// in[i*pl+x] is the top left neighbour of d[x].
			if dv != nil && conv9Fast(dv, in[i*pl:], stride, w) {
				continue
			}
			src := in[i*pl : (i+1)*pl]
			// The nine neighbours of d[x] are a0[x] to c2[x]: slices as
			// long as d, so that the loop needs no bounds checks.
			r0, r1, r2 := src[lo-stride-1:], src[lo-1:], src[lo+stride-1:]
			a0, a1, a2 := r0[:n], r0[1:][:n], r0[2:][:n]
			b0, b1, b2 := r1[:n], r1[1:][:n], r1[2:][:n]
			c0, c1, c2 := r2[:n], r2[1:][:n], r2[2:][:n]
			w0, w1, w2, w3, w4, w5, w6, w7, w8 := w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8]
			for x := range d {
				d[x] += w0*a0[x] + w1*a1[x] + w2*a2[x] +
					w3*b0[x] + w4*b1[x] + w5*b2[x] +
					w6*c0[x] + w7*c1[x] + w8*c2[x]
			}
		}
	}
}

// convSlack is how many values classify keeps after the last plane of a
// convolution's input, for conv.apply's vector loop.
const convSlack = 8

// apply computes out = W in + b, each output's sum made in the order
// of in: the bias, plus each input times its weight, one after another.
// The weights are kept by input (w[i*d.out+o] is input i's weight to
// output o) so that the sums of several outputs are made side by side
// (denseFast). Like conv.apply, the race detector does not look into it.
//
//go:norace
func (d *dense) apply(in, out []float32) {
	out = out[:d.out]
	copy(out, d.b)
	if denseFast(out, in[:d.in], d.w) {
		return
	}
	for i, v := range in[:d.in] {
		w := d.w[i*d.out : (i+1)*d.out]
		for o := range out {
			out[o] += w[o] * v
		}
	}
}

// softmax writes the probabilities of logits at temperature t into p.
func softmax(logits []float32, t float32, p []float32) {
	m := logits[0]
	for _, v := range logits {
		m = max(m, v)
	}
	var z float64
	for i, v := range logits {
		e := math.Exp(float64((v - m) / t))
		p[i] = float32(e)
		z += e
	}
	for i := range logits {
		p[i] = float32(float64(p[i]) / z)
	}
}
