// Package bot is sudokubot's conversation: what the bot answers to a puzzle,
// a photo, a command or a button press, independent of how the request
// arrived.
//
// The core is [Bot.Handle]: a [Request] in (text, a photo, a command name
// with its options, a hint level or a button's custom_id), a [Reply] out
// (text, an ephemeral flag, files and buttons). It needs no connection and
// is tested on its own. It calls the [engines.Engines] it is given (package
// bot/engines) to read photos, find steps and draw, and reaches packages
// ocr and solver/human through them alone: the errors and terms of those
// packages it needs are named in package engines, and a test holds the
// bot's imports to that. A request's way through it: [Bot.input] decides
// what was sent (the one rule for text versus photo) and fetches it within
// the limits; the request then takes its place among the CPUs once; the
// puzzle is read and solved once; the command's handler answers. Every
// error of a photo is put in the user's words in one place, and a panic is
// recovered in Handle and answered with the one apology.
//
// Two adapters carry it, each in a package of its own that reaches the
// conversation through [Handler] (the Handle method) and the exported
// request and reply types alone: package bot/discord, which speaks to
// Discord through github.com/bwmarrin/discordgo, and package bot/console,
// which reads standard input and writes standard output for the README's
// "run" command. Both pass their run context to Handle: shutting down
// cancels the work in flight. A [Photo] says where it may be downloaded
// from ([Photo.Hosts], [Photo.Origin]); the adapter that made it sets them.
// The adapter that holds a connection reports it to the [Metrics] as a
// [Gateway]; package bot does not import Discord's client.
//
// Button state lives in the button's custom_id (see [EncodeState]): the grid
// and the position in the hint sequence, packed into at most 100 characters,
// so a restart loses nothing and no database is needed.
//
// Limits are explicit: photo bytes and pixels, download time, a bounded pool
// of photo readers with a bounded queue (a full queue gets an immediate
// "busy" reply), and a per-user request rate. Text requests never wait
// behind photos.
package bot
