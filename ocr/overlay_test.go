package ocr

import "image/color"

var colorBlue = color.RGBA{0x25, 0x63, 0xd6, 0xff}
