// Package bot is sudokubot's conversation: what the bot answers to a puzzle,
// a photo, a command or a button press, independent of how the request
// arrived.
//
// The core is [Bot.Handle]: a [Request] in (text, a photo, a command name
// with its options, a hint level or a button's custom_id), a [Reply] out
// (text, an ephemeral flag, files and buttons). It needs no connection and is
// tested on its own. Two adapters carry it: [Discord], which speaks to
// Discord through github.com/bwmarrin/discordgo, and [Console], which reads
// standard input and writes standard output for the README's "run" command.
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
