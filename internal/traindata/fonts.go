package traindata

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

// Font is a typeface that draws the digits 1-9.
type Font struct {
	// Family groups the styles of one typeface: the split between training
	// and validation keeps a family together.
	Family string
	// Name is the file it comes from.
	Name string
	// Hand marks a typeface that imitates handwriting.
	Hand bool
	font *opentype.Font
}

// handFamilies are the Debian font families that look handwritten.
var handFamilies = []string{"dkg-handwriting", "kristi", "dancingscript", "humor-sans", "comic-neue", "ComicNeue", "Humor-Sans", "DancingScript", "Kristi", "DkgHandwriting"}

// FindFonts returns the fonts of the directories dirs (TrueType and
// OpenType files, searched recursively) that draw every digit, and the Go
// fonts, which are always there. A font family is its directory's name
// for Debian's font packages (fonts-dejavu-core puts its files in
// truetype/dejavu).
func FindFonts(dirs ...string) []Font {
	var out []Font
	add := func(family, name string, data []byte) {
		f, err := opentype.Parse(data)
		if err != nil || !hasDigits(f) {
			return
		}
		hand := false
		for _, h := range handFamilies {
			if strings.Contains(strings.ToLower(family+" "+name), strings.ToLower(h)) {
				hand = true
			}
		}
		out = append(out, Font{Family: family, Name: name, Hand: hand, font: f})
	}
	for name, data := range map[string][]byte{"goregular": goregular.TTF, "gobold": gobold.TTF, "goitalic": goitalic.TTF,
		"gobolditalic": gobolditalic.TTF, "gomedium": gomedium.TTF, "gomono": gomono.TTF, "gomonobold": gomonobold.TTF} {
		add("go", name, data)
	}
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			ext := strings.ToLower(filepath.Ext(path))
			if ext != ".ttf" && ext != ".otf" {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return nil
			}
			add(filepath.Base(filepath.Dir(path)), filepath.Base(path), data)
			return nil
		})
	}
	slices.SortFunc(out, func(a, b Font) int { return strings.Compare(a.Family+"/"+a.Name, b.Family+"/"+b.Name) })
	return out
}

// hasDigits reports whether f has glyphs for 1-9.
func hasDigits(f *opentype.Font) bool {
	var b sfnt.Buffer
	for r := '1'; r <= '9'; r++ {
		if i, err := f.GlyphIndex(&b, r); err != nil || i == 0 {
			return false
		}
	}
	return true
}

// needTypefaces returns an error naming dir when fonts has no typeface
// that is not handwriting: the synthetic printed digits need one (bash
// train/deps installs Debian's font packages).
func needTypefaces(fonts []Font, what, dir string) error {
	for _, f := range fonts {
		if !f.Hand {
			return nil
		}
	}
	return fmt.Errorf("no typeface for %s under %s: bash train/deps installs the font packages", what, dir)
}

// SplitFonts divides fonts between training and validation by family.
func SplitFonts(fonts []Font) (train, val []Font) {
	for _, f := range fonts {
		if IsValidation("font " + f.Family) {
			val = append(val, f)
		} else {
			train = append(train, f)
		}
	}
	return train, val
}
