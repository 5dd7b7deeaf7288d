package pkg

const named = 0.75

// Short has one float literal in its body.
func Short(x float64) float64 {
	return x * 1.5
}

type T struct{}

// Long is five lines long with two float literals, one in a closure.
func (t *T) Long() float64 {
	f := func() float64 { return 2.0 }
	y := 3e-2
	return f() + y + named
}
