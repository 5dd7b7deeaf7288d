// Package traindata makes the training data of the cell classifier
// (package ocr/digitnet): the real cells of the development folders, cut
// the way the reader cuts them and labelled from their truth
// ([RealCells]), and synthetic cells rendered in many typefaces and hands
// with the damage photos and screenshots do ([Synth]). Both go through
// digitnet.Prepare, so the network is trained on exactly what it sees when
// reading. The command train/celldata writes them to the files the
// training script (train/train.py) reads; make train runs both.
//
// Validation data shares nothing with training: its font families
// ([SplitFonts]), its MNIST writers (the test set's) and its development
// pictures' puzzles and writers ([IsValidation]) are held apart.
package traindata
