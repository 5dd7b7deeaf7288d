// Package ocreval measures photo reading against folders of pictures with
// known truth: the command sudoku ocr-report and the accuracy tests use it.
// It parses the truth files of the development sets ([ParseTruth] for the
// imageN.dat files, [ReadCornersCSV] for corners.csv), reads every picture
// with a recognizer of package ocr and sums up what went right and wrong
// ([RunReport], [Report.Write]).
package ocreval
