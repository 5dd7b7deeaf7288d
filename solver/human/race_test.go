//go:build race

package human

// raceEnabled is true under the race detector, which makes the corpus
// tests about ten times slower: they then check a prefix of each corpus.
const raceEnabled = true
