// Package engines holds what the conversation of package bot uses to read
// photos, find and rate logical steps, and draw pictures: the [Engines] it
// calls, and [New], which wires the real ones from packages ocr,
// solver/human and render.
//
// Everything here is pure Go. The one engine that needs cgo, Tesseract
// (package ocr/tesseract), is handed in by the mains as the photo reader's
// [ocr.DigitReader]; the bot's tests run the same wiring without it. A nil
// field of [Engines] turns the matching feature off, and the bot says
// plainly that it is unavailable.
package engines
