package pkg

func helper() float64 { return 9.9 }
