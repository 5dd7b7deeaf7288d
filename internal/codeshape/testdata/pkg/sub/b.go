package sub

func B() float64 { return 0.1 }
