package digitnet

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// weights is the first member's weights file.
var weights, _ = weightFiles.ReadFile("weights.bin")

// TestParity runs each embedded member on inputs the training script
// saved with PyTorch's outputs (testdata/parity.bin for weights.bin,
// parity-2.bin for weights-2.bin and so on, written by make train with the
// weights): Go's inference must give the same probabilities.
func TestParity(t *testing.T) {
	names := memberFiles()
	if len(names) == 0 || names[0] != "weights.bin" {
		t.Fatalf("members %v, want weights.bin first", names)
	}
	for _, name := range names {
		w, err := weightFiles.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		n, err := Load(w)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkParity(t, n, filepath.Join("testdata", strings.Replace(name, "weights", "parity", 1)))
	}
}

// checkParity checks n against the parity file at path.
func checkParity(t *testing.T, n *Net, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	count := int(binary.LittleEndian.Uint32(data))
	rec := (InputLen + NumKinds + 9 + 9) * 4
	if len(data) != 4+count*rec || count == 0 {
		t.Fatalf("parity file of %d bytes for %d cases", len(data), count)
	}
	floats := func(b []byte) []float32 {
		v := make([]float32, len(b)/4)
		for i := range v {
			v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		return v
	}
	for k := range count {
		v := floats(data[4+k*rec : 4+(k+1)*rec])
		var out [1]Output
		n.Classify(v[:InputLen], out[:])
		want := v[InputLen:]
		got := append(append(out[0].Kind[:], out[0].Digit[:]...), out[0].Marks[:]...)
		for i := range want {
			if d := math.Abs(float64(got[i] - want[i])); d > 1e-4 {
				t.Fatalf("%s: case %d, output %d: Go %.6f, PyTorch %.6f", path, k, i, got[i], want[i])
			}
		}
	}
}

// TestClassifyBatch classifies batches of several sizes, some shared out
// among goroutines, some not: every cell's Output is the one it gets
// classified alone, to the bit.
func TestClassifyBatch(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, cells := range []int{1, minShare - 1, 2*minShare + 1, 81} {
		in := make([]float32, cells*InputLen)
		for i := range in {
			in[i] = float32((i*7919)%97) / 97
		}
		out := make([]Output, cells)
		n.Classify(in, out)
		for k := range cells {
			var alone [1]Output
			n.Classify(in[k*InputLen:(k+1)*InputLen], alone[:])
			if out[k] != alone[0] {
				t.Fatalf("batch of %d, cell %d: %+v in the batch, %+v alone", cells, k, out[k], alone[0])
			}
		}
	}
}

// TestLoadRefusesDamage: a weights file cut short, with a bad magic or a
// header that does not fit, is refused with a reason, never a panic.
func TestLoadRefusesDamage(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte("XXXX"), weights[4:]...)},
		{"cut short", weights[:len(weights)-10]},
		{"trailing bytes", append(append([]byte{}, weights...), 1, 2, 3, 4)},
		{"header only", weights[:40]},
	} {
		if _, err := Load(tc.data); err == nil {
			t.Errorf("%s: loaded", tc.name)
		}
	}
}

// withHeader returns the embedded weights behind a header of format
// version ver holding the JSON text js.
func withHeader(t testing.TB, ver uint32, js string) []byte {
	t.Helper()
	hlen := binary.LittleEndian.Uint32(weights[8:])
	out := []byte(magic)
	out = binary.LittleEndian.AppendUint32(out, ver)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(js)))
	out = append(out, js...)
	return append(out, weights[12+hlen:]...)
}

// TestLoadVersions: weights files of format version 1 (one digit
// temperature) and 2 (one for print, one for handwriting) load with their
// temperatures; a header whose temperatures do not fit its version, or of
// a version not known, is refused with a reason.
func TestLoadVersions(t *testing.T) {
	const net = `"side": 32, "convs": [16, 32, 48], "hidden": 128, "info": "test"`
	for _, tc := range []struct {
		name string
		ver  uint32
		temp string
		want temperatures
		err  string // a part of the error; "" for none
	}{
		{"version 1", 1, "[1.5, 2, 0.5]", temperatures{kind: 1.5, print: 2, hand: 2, marks: 0.5}, ""},
		{"version 2", 2, "[1.5, 0.9, 1.7, 0.5]", temperatures{kind: 1.5, print: 0.9, hand: 1.7, marks: 0.5}, ""},
		{"version 2, not positive counts as 1", 2, "[0, -1, 1.7, 0.5]", temperatures{kind: 1, print: 1, hand: 1.7, marks: 0.5}, ""},
		{"version 1 with four", 1, "[1, 1, 1, 1]", temperatures{}, "4 temperatures in a header of version 1, want 3"},
		{"version 2 with three", 2, "[1, 1, 1]", temperatures{}, "3 temperatures in a header of version 2, want 4"},
		{"version 2 with none", 2, "null", temperatures{}, "0 temperatures in a header of version 2, want 4"},
		{"version 3", 3, "[1, 1, 1, 1]", temperatures{}, "weights format version 3, want 1 to 2"},
		{"version 0", 0, "[1, 1, 1]", temperatures{}, "weights format version 0, want 1 to 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Load(withHeader(t, tc.ver, `{`+net+`, "temperature": `+tc.temp+`}`))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n.temps != tc.want || n.Info != "test" {
				t.Errorf("temperatures %+v, info %q; want %+v, %q", n.temps, n.Info, tc.want, "test")
			}
		})
	}
}

// TestVersion1ReadsAsBefore: a version-2 file whose two digit
// temperatures are equal reads every cell as the version-1 file with that
// one digit temperature.
func TestVersion1ReadsAsBefore(t *testing.T) {
	const net = `"side": 32, "convs": [16, 32, 48], "hidden": 128`
	v1, err := Load(withHeader(t, 1, `{`+net+`, "temperature": [1.1, 1.3, 0.9]}`))
	if err != nil {
		t.Fatal(err)
	}
	v2, err := Load(withHeader(t, 2, `{`+net+`, "temperature": [1.1, 1.3, 1.3, 0.9]}`))
	if err != nil {
		t.Fatal(err)
	}
	in := parityInputs(t)
	a, b := make([]Output, len(in)/InputLen), make([]Output, len(in)/InputLen)
	v1.Classify(in, a)
	v2.Classify(in, b)
	for k := range a {
		if a[k] != b[k] {
			t.Fatalf("cell %d: version 1 reads %+v, version 2 %+v", k, a[k], b[k])
		}
	}
}

// TestDigitsWeighKinds: the digit probabilities are the softmaxes at the
// temperatures of print and of handwriting, weighed by the kind's
// probabilities of print and of handwriting (half each when both are 0).
func TestDigitsWeighKinds(t *testing.T) {
	logits := []float32{2, 1, 0, -1, 0.5, 0, 0, 0, -2}
	temps := temperatures{kind: 1, print: 0.5, hand: 2, marks: 1}
	var atPrint, atHand [9]float32
	softmax(logits, temps.print, atPrint[:])
	softmax(logits, temps.hand, atHand[:])
	for _, tc := range []struct {
		name        string
		print, hand float32
		wantPrint   float32 // the weight of the printed digit's softmax
	}{
		{"printed", 0.9, 0, 1},
		{"handwritten", 0, 0.6, 0},
		{"torn", 0.3, 0.1, 0.75},
		{"neither", 0, 0, 0.5},
	} {
		var p [9]float32
		temps.digits(logits, tc.print, tc.hand, p[:])
		var sum float64
		for d := range p {
			want := tc.wantPrint*atPrint[d] + (1-tc.wantPrint)*atHand[d]
			if math.Abs(float64(p[d]-want)) > 1e-6 {
				t.Errorf("%s: digit %d at %.6f, want %.6f", tc.name, d+1, p[d], want)
			}
			sum += float64(p[d])
		}
		if math.Abs(sum-1) > 1e-5 {
			t.Errorf("%s: the probabilities sum to %.6f", tc.name, sum)
		}
	}
}

// parityInputs returns the inputs of the parity vectors, one cell after
// another.
func parityInputs(t *testing.T) []float32 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "parity.bin"))
	if err != nil {
		t.Fatal(err)
	}
	count := int(binary.LittleEndian.Uint32(data))
	rec := (InputLen + NumKinds + 9 + 9) * 4
	var in []float32
	for k := range count {
		for i := range InputLen {
			in = append(in, math.Float32frombits(binary.LittleEndian.Uint32(data[4+k*rec+4*i:])))
		}
	}
	return in
}

// FuzzLoad: any bytes give a network or an error, never a panic.
func FuzzLoad(f *testing.F) {
	f.Add(weights[:64])
	f.Add([]byte("SDKN\x01\x00\x00\x00\x02\x00\x00\x00{}"))
	f.Add([]byte("SDKN\x02\x00\x00\x00\x3a\x00\x00\x00{\"side\":32,\"convs\":[1],\"hidden\":1,\"temperature\":[1,1,1,1]}"))
	f.Add(withHeader(f, 1, `{"side": 32, "convs": [16, 32, 48], "hidden": 128, "temperature": [1, 1, 1]}`)[:300])
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Load(data)
		if err == nil && n == nil {
			t.Fatal("no network and no error")
		}
	})
}

// eachLoop runs f once with the vector loops (where the processor has
// them, see conv9Fast) and once with the Go loops alone, naming each run.
func eachLoop(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	was := useAVX
	t.Cleanup(func() { useAVX = was })
	for _, vector := range []bool{true, false} {
		useAVX = was && vector
		name := "go"
		if useAVX {
			name = "vector"
		}
		t.Run(name, f)
	}
}

// TestConvSumsInOrder checks a convolution against the direct one, output
// by output: the bias, then each input plane's nine products summed in
// order, in float32. The result must be the same to the last bit, so that
// a faster loop never changes a reading: with the vector loop and without.
func TestConvSumsInOrder(t *testing.T) {
	eachLoop(t, testConvSumsInOrder)
}

func testConvSumsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, tc := range []struct{ in, out, side, slack int }{
		{1, 4, 32, convSlack}, {3, 5, 16, convSlack}, {4, 2, 8, convSlack}, {2, 3, 1, convSlack},
		{16, 32, 16, convSlack}, {32, 48, 8, convSlack}, {3, 2, 8, 0}, {2, 2, 5, 1},
	} {
		c := conv{in: tc.in, out: tc.out, w: make([]float32, tc.out*tc.in*9), b: make([]float32, tc.out)}
		for i := range c.w {
			c.w[i] = rng.Float32()*2 - 1
		}
		for i := range c.b {
			c.b[i] = rng.Float32() - 0.5
		}
		stride := tc.side + 2
		pl := stride * stride
		in := make([]float32, tc.in*pl+tc.slack) // the borders zero, as classify pads
		for i := range tc.in {
			for y := range tc.side {
				for x := range tc.side {
					in[i*pl+(y+1)*stride+x+1] = rng.Float32()
				}
			}
		}
		out := make([]float32, tc.out*pl)
		c.apply(in, out, tc.side)
		for o := range tc.out {
			for y := range tc.side {
				for x := range tc.side {
					want := c.b[o]
					for i := range tc.in {
						p := func(dy, dx int) float32 { return in[i*pl+(y+1+dy)*stride+x+1+dx] }
						w := c.w[(o*tc.in+i)*9:]
						want += w[0]*p(-1, -1) + w[1]*p(-1, 0) + w[2]*p(-1, 1) +
							w[3]*p(0, -1) + w[4]*p(0, 0) + w[5]*p(0, 1) +
							w[6]*p(1, -1) + w[7]*p(1, 0) + w[8]*p(1, 1)
					}
					if got := out[o*pl+(y+1)*stride+x+1]; math.Float32bits(got) != math.Float32bits(want) {
						t.Fatalf("%d to %d planes of %d: output %d at (%d,%d) = %v, want %v", tc.in, tc.out, tc.side, o, x, y, got, want)
					}
				}
			}
		}
	}
}

// TestDenseSumsInOrder checks a dense layer against the direct sum, output
// by output: the bias, then each input times its weight, in order, in
// float32, the same to the last bit; with the vector loop and without, on
// the network's sizes (768 to 128, 128 to 4 and to 9) and others.
func TestDenseSumsInOrder(t *testing.T) {
	eachLoop(t, testDenseSumsInOrder)
}

func testDenseSumsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, tc := range []struct{ in, out int }{{768, 128}, {128, 4}, {128, 9}, {5, 32}, {1, 64}, {3, 40}} {
		// The weights as PyTorch keeps them, by output, read as Load does.
		byOut := make([]float32, tc.out*tc.in)
		for i := range byOut {
			byOut[i] = rng.Float32()*2 - 1
		}
		b := make([]float32, tc.out)
		for i := range b {
			b[i] = rng.Float32() - 0.5
		}
		var buf bytes.Buffer
		if err := binary.Write(&buf, binary.LittleEndian, append(slices.Clone(byOut), b...)); err != nil {
			t.Fatal(err)
		}
		d, err := weightReader{bytes.NewReader(buf.Bytes())}.dense(tc.in, tc.out)
		if err != nil {
			t.Fatal(err)
		}
		in := make([]float32, tc.in)
		for i := range in {
			in[i] = rng.Float32()
		}
		out := make([]float32, tc.out)
		d.apply(in, out)
		for o := range tc.out {
			want := b[o]
			for i, v := range in {
				want += byOut[o*tc.in+i] * v
			}
			if math.Float32bits(out[o]) != math.Float32bits(want) {
				t.Fatalf("%d to %d: output %d = %v, want %v", tc.in, tc.out, o, out[o], want)
			}
		}
	}
}

// TestVectorLoopsReadAlike classifies the parity cells with the vector
// loops and with the Go loops alone: every probability the same to the
// bit, so that no reading depends on the processor.
func TestVectorLoopsReadAlike(t *testing.T) {
	if !useAVX {
		t.Skip("this processor has no AVX: the Go loops alone run, checked by the parity tests")
	}
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	in := parityInputs(t)
	cells := len(in) / InputLen
	vec, plain := make([]Output, cells), make([]Output, cells)
	n.Classify(in, vec)
	useAVX = false
	defer func() { useAVX = true }()
	n.Classify(in, plain)
	for k := range cells {
		if vec[k] != plain[k] {
			t.Fatalf("cell %d: vector loops %+v, Go loops %+v", k, vec[k], plain[k])
		}
	}
}

// TestJoinAverages: an ensemble's output is the mean of its members', to
// float32 rounding, for a lone cell and for a batch shared out among
// goroutines; Join of one network is that network.
func TestJoinAverages(t *testing.T) {
	a, err := Load(weights)
	if err != nil {
		t.Fatal(err)
	}
	// Another member: the same weights read at other temperatures.
	b, err := Load(withHeader(t, 2, `{"side": 32, "convs": [16, 32, 48], "hidden": 128, "temperature": [2, 0.5, 3, 2]}`))
	if err != nil {
		t.Fatal(err)
	}
	if Join(a) != a {
		t.Error("Join of one network is not that network")
	}
	in := parityInputs(t)
	cells := len(in) / InputLen
	oa, ob, oj := make([]Output, cells), make([]Output, cells), make([]Output, cells)
	a.Classify(in, oa)
	b.Classify(in, ob)
	Join(a, b).Classify(in, oj)
	differ := false
	for k := range cells {
		ga := append(append(oa[k].Kind[:], oa[k].Digit[:]...), oa[k].Marks[:]...)
		gb := append(append(ob[k].Kind[:], ob[k].Digit[:]...), ob[k].Marks[:]...)
		gj := append(append(oj[k].Kind[:], oj[k].Digit[:]...), oj[k].Marks[:]...)
		for i := range gj {
			differ = differ || math.Abs(float64(ga[i]-gb[i])) > 1e-3
			if d := math.Abs(float64(gj[i] - (ga[i]+gb[i])/2)); d > 1e-6 {
				t.Fatalf("cell %d, output %d: ensemble %.6f, members %.6f and %.6f", k, i, gj[i], ga[i], gb[i])
			}
		}
	}
	if !differ {
		t.Fatal("the two members answer alike: the test tells nothing")
	}
	// An ensemble joined again counts each of its members: (a+b+a)/3.
	Join(Join(a, b), a).Classify(in, oj)
	for k := range cells {
		for i := range oj[k].Digit {
			if want := (2*oa[k].Digit[i] + ob[k].Digit[i]) / 3; math.Abs(float64(oj[k].Digit[i]-want)) > 1e-5 {
				t.Fatalf("cell %d, digit %d: joined again %.6f, want %.6f", k, i+1, oj[k].Digit[i], want)
			}
		}
	}
}
