package ocr

import "math"

// A page read badly throughout (check_page.go): the network's confidences
// are calibrated on cells of pictures of ordinary quality, where a digit
// read at 0.99 is right 99 times in 100. On a page so degraded that most
// of its digits are read unsurely (JPEG quality 5, heavy blur), the few
// digits still read surely are not right as often: the page itself says
// the picture is poor. temperPage spreads each digit's probabilities on
// such a page, as a temperature does, the more the larger the page's
// share of unsure digits, so that a digit misread there is named as a cell
// to check rather than presented as sure. So are those of the cells the
// network read as empty or as pencil marks: a printed digit it missed
// there is as likely. The cells taken for empty without asking it (no
// ink in their middle, blankConfidence) are left as they are.
//
// The temperature is 1 (no change) up to a share of unsure digits of
// degradedFrom and rises by degradedSlope per unit of share beyond it. Both
// were fitted by maximum likelihood of the true digits on newspaper-dev's
// 106 photos saved at JPEG quality 5, whose sure misreads went from 25 to 1
// (160 right digits named besides). On a synthetic set drawn with a seed
// never used before (4504: 100 pictures at 480 pixels, JPEG quality 5),
// its sure misreads went from 12 to 3 (12 right digits named besides), and
// the likelihood of its true digits rose; on another (4503) nothing
// changed. No picture of the development folders as taken has a share of
// unsure digits over 0.48, so none is changed (docs/reading.md).
const (
	degradedFrom  = 0.55
	degradedSlope = 3.0
)

// restFloor is the least probability temperPage leaves to the outcomes a
// reading does not list (a confidence of 1 leaves them none): what it
// spreads on a degraded page.
const restFloor = 1e-4

// temperPage spreads the probabilities of the cells read by the network
// on a degraded page (see degradedFrom): its digits, and the cells it read
// as empty or as pencil marks. Each cell's outcomes are what it was read
// as, its alternatives and the rest of the ten (nine digits and none)
// sharing what is left; each is raised to the power 1/t and normalised.
// What each cell was read as stays the likeliest, the alternatives keep
// their order.
func temperPage(cells *[81]CellReading) {
	t := pageTemperature(cells)
	if t == 1 {
		return
	}
	for i := range cells {
		if cells[i].Digit != 0 || cells[i].Confidence < blankConfidence {
			temperCell(&cells[i], t)
		}
	}
}

// pageTemperature is the temperature of the page whose cells are cells:
// 1 up to a share of unsure digits of degradedFrom, rising by
// degradedSlope per unit of share beyond it (see temperPage).
func pageTemperature(cells *[81]CellReading) float64 {
	n, unsure := 0, 0
	for _, c := range cells {
		if c.Digit == 0 {
			continue
		}
		n++
		if c.Confidence < SureConfidence {
			unsure++
		}
	}
	if n == 0 {
		return 1
	}
	share := float64(unsure) / float64(n)
	if share <= degradedFrom {
		return 1
	}
	return 1 + degradedSlope*(share-degradedFrom)
}

// temperCell raises the outcomes of a cell to the power 1/t and
// normalises them (see temperPage).
func temperCell(c *CellReading, t float64) {
	rest := 1 - c.Confidence
	for _, a := range c.Alternatives {
		rest -= a.Confidence
	}
	unlisted := 10 - 1 - len(c.Alternatives)
	rest = max(rest, restFloor)
	pow := func(p float64) float64 { return math.Pow(max(p, 0), 1/t) }
	read := pow(c.Confidence)
	z := read
	alts := make([]float64, len(c.Alternatives))
	for k, a := range c.Alternatives {
		alts[k] = pow(a.Confidence)
		z += alts[k]
	}
	if unlisted > 0 {
		z += float64(unlisted) * pow(rest/float64(unlisted))
	}
	c.Confidence = read / z
	for k := range c.Alternatives {
		c.Alternatives[k].Confidence = alts[k] / z
	}
}
