// Package engines holds what the conversation of package bot uses to read
// photos, find and rate logical steps, and draw pictures: the [Engines]
// interface it calls, and [Real] (made by [New]), the product's engines,
// wired from packages ocr, solver/human and render.
//
// Everything here is pure Go. The one engine that needs cgo, Tesseract
// (package ocr/tesseract), is handed in by the mains as the photo reader's
// [ocr.DigitReader]; the bot's tests run the same wiring without it. A set
// of engines may leave a [Feature] out ([Engines.Offers]), and the bot
// says plainly that it is unavailable; tests change one method of the real
// engines by embedding them in a type of their own.
//
// It also names what the conversation needs of packages ocr and
// solver/human to understand its engines' answers (their errors, the
// confidence of a sure reading, and the check of a photo's header within
// the limits: [CheckPhoto]), so that package bot imports neither.
package engines
