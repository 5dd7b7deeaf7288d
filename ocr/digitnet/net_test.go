package digitnet

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestParity runs the embedded network on inputs the training script
// saved with PyTorch's outputs (testdata/parity.bin, written by make train
// with the weights): Go's inference must give the same probabilities.
func TestParity(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "parity.bin"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := Default()
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
				t.Fatalf("case %d, output %d: Go %.6f, PyTorch %.6f", k, i, got[i], want[i])
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

// FuzzLoad: any bytes give a network or an error, never a panic.
func FuzzLoad(f *testing.F) {
	f.Add(weights[:64])
	f.Add([]byte("SDKN\x01\x00\x00\x00\x02\x00\x00\x00{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Load(data)
		if err == nil && n == nil {
			t.Fatal("no network and no error")
		}
	})
}
