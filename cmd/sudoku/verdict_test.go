package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// verdictPictures are the pictures of the readers' tests: those of package
// ocr and the bot's photos.
func verdictPictures(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, dir := range []string{"../../ocr/testdata", "../../bot/testdata", "testdata/photos"} {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch strings.ToLower(filepath.Ext(path)) {
			case ".jpg", ".jpeg", ".png", ".webp", ".gif":
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestHintAndCheckAgree runs sudoku check --json and sudoku hint --json on
// every picture of the tests: hint is exactly one JSON object; it never
// calls a cell wrong that check only asks about; the cells check calls
// wrong, hint names before any step; and a step comes with the same cells
// asked about as check asks about.
func TestHintAndCheckAgree(t *testing.T) {
	tess := &secondOpinions{helper: testHelper}
	photos := newPhotoReader(tess.warmRecognizer, testPhotoTimeout)
	defer photos.close()
	for _, pic := range verdictPictures(t) {
		t.Run(filepath.Base(pic), func(t *testing.T) {
			s := func() (*stdio, *bytes.Buffer) {
				var out bytes.Buffer
				return &stdio{in: strings.NewReader(""), out: &out, err: &out, photos: photos}, &out
			}
			cs, cout := s()
			run(context.Background(), []string{"check", "--json", pic}, cs)
			var check progressJSON
			if err := json.Unmarshal(cout.Bytes(), &check); err != nil {
				t.Fatalf("check --json: %v\n%s", err, cout)
			}
			hs, hout := s()
			code := run(context.Background(), []string{"hint", "--json", pic}, hs)
			var hint struct {
				stepJSON
				Error string          `json:"error"`
				Wrong []wrongCellJSON `json:"wrong"`
			}
			dec := json.NewDecoder(hout)
			if err := dec.Decode(&hint); err != nil {
				t.Fatalf("hint --json is no JSON object: %v\n%s", err, hout)
			}
			if dec.More() {
				t.Fatalf("hint --json wrote more than one JSON object:\n%s", hout)
			}
			var accused []string
			for _, w := range hint.Wrong {
				accused = append(accused, w.Cell)
			}
			for _, c := range accused {
				if slices.Contains(check.Unsure, c) || !slices.Contains(check.Wrong, c) {
					t.Errorf("hint calls %s wrong; check calls wrong %v and asks about %v", c, check.Wrong, check.Unsure)
				}
			}
			switch {
			case len(check.Wrong) > 0 && !slices.Equal(accused, check.Wrong):
				t.Errorf("check calls %v wrong, hint %v (status %d)", check.Wrong, accused, code)
			case hint.Technique != "" && !slices.Equal(hint.Unsure, check.Unsure) && !(len(hint.Unsure) == 0 && len(check.Unsure) == 0):
				t.Errorf("hint asks about %v, check about %v", hint.Unsure, check.Unsure)
			}
			t.Logf("check: wrong %v, marks wrong %v, unsure %v, error %q; hint: status %d, wrong %v, unsure %v, technique %q, error %q",
				check.Wrong, check.MarksWrong, check.Unsure, check.Error, code, accused, hint.Unsure, hint.Technique, hint.Error)
		})
	}
}
