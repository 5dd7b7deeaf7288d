package ocr

import (
	"math"
)

// Size of the shape vectors that compare digits with each other.
const (
	shapeW = 16
	shapeH = 20
)

// shape is a digit's appearance reduced to a shapeW x shapeH image of ink
// darkness, lightly blurred, with zero mean and unit length, so that the
// dot product of two shapes is their correlation (1 for the same picture).
type shape [shapeW * shapeH]float32

// shapeOf reduces the digit of c to a shape: its ink box scaled to shapeH
// rows, the width following the aspect ratio, centred.
func shapeOf(c *inkCell) shape {
	var s shape
	if !c.HasDigit || c.W == 0 || c.H == 0 {
		return s
	}
	src := make([]float64, c.W*c.H)
	for y := range c.H {
		for x := range c.W {
			if c.nearInk(x, y) {
				src[y*c.W+x] = 1 - float64(c.Gray[y*c.W+x])/255
			}
		}
	}
	gw := int(math.Round(float64(c.W) * shapeH / float64(c.H)))
	gw = max(1, min(gw, shapeW))
	off := (shapeW - gw) / 2
	sx, sy := float64(c.W)/float64(gw), float64(c.H)/shapeH
	var raw [shapeW * shapeH]float64
	for y := range shapeH {
		for x := range gw {
			raw[y*shapeW+off+x] = areaMean(src, c.W, c.H, float64(x)*sx, float64(y)*sy, float64(x+1)*sx, float64(y+1)*sy)
		}
	}
	// A 3x3 box blur forgives small differences of position and stroke.
	var mean float64
	for y := range shapeH {
		for x := range shapeW {
			var sum float64
			n := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx >= 0 && ny >= 0 && nx < shapeW && ny < shapeH {
						sum += raw[ny*shapeW+nx]
						n++
					}
				}
			}
			v := sum / float64(n)
			s[y*shapeW+x] = float32(v)
			mean += v
		}
	}
	mean /= float64(len(s))
	var norm float64
	for i := range s {
		s[i] -= float32(mean)
		norm += float64(s[i]) * float64(s[i])
	}
	if norm > 0 {
		inv := float32(1 / math.Sqrt(norm))
		for i := range s {
			s[i] *= inv
		}
	}
	return s
}

// similarity returns the correlation of two shapes, in [-1, 1].
func similarity(a, b *shape) float64 {
	var d float32
	for i := range a {
		d += a[i] * b[i]
	}
	return float64(d)
}

// Parameters of the consistency vote within one photo.
const (
	// voteSharpness turns a similarity into a weight exp(k*(sim-1)): with
	// 12, a neighbour at correlation 0.8 weighs a tenth of an identical one.
	voteSharpness = 12
	// voteWeight is how much the other digits of the photo count against
	// the digit's own reading (both as log-probabilities).
	voteWeight = 1.5
	// voteRounds is how many times the vote is repeated with the updated
	// probabilities.
	voteRounds = 2
)

// photoVote revises the digit probabilities of the digit cells of one photo
// with the evidence of the other digits: one newspaper prints every digit
// in the same font, so a digit whose look matches the 8s of the photo is
// probably an 8 whatever it was read as on its own. probs[i][d] is the
// probability that glyph i is digit d (index 0 unused); shapes[i] its shape.
// It returns the revised probabilities.
func photoVote(probs [][10]float64, shapes []shape) [][10]float64 {
	n := len(probs)
	if n < 3 {
		return probs
	}
	sim := make([]float64, n*n)
	for i := range n {
		for j := i + 1; j < n; j++ {
			s := similarity(&shapes[i], &shapes[j])
			sim[i*n+j], sim[j*n+i] = s, s
		}
	}
	cur := probs
	for range voteRounds {
		next := make([][10]float64, n)
		for i := range n {
			var vote [10]float64
			var total float64
			for j := range n {
				if j == i {
					continue
				}
				w := math.Exp(voteSharpness * (sim[i*n+j] - 1))
				total += w
				for d := 1; d <= 9; d++ {
					vote[d] += w * cur[j][d]
				}
			}
			var logp [10]float64
			best := math.Inf(-1)
			for d := 1; d <= 9; d++ {
				// A digit no neighbour supports still keeps a floor, so that
				// a digit printed once in the photo can win on its own reading.
				v := (vote[d] + 0.02*total) / (1.18 * total)
				logp[d] = math.Log(max(probs[i][d], 1e-6)) + voteWeight*math.Log(v)
				best = max(best, logp[d])
			}
			var z float64
			for d := 1; d <= 9; d++ {
				next[i][d] = math.Exp(logp[d] - best)
				z += next[i][d]
			}
			for d := 1; d <= 9; d++ {
				next[i][d] /= z
			}
		}
		cur = next
	}
	return cur
}
