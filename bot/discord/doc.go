// Package discord carries sudokubot's conversation (package bot) over
// Discord, through github.com/bwmarrin/discordgo.
//
// An [Adapter] registers the slash commands (/solve, /hint, /rate, /check,
// /help) and two message context menu commands ([MenuSolve], [MenuHint]),
// and reads plain messages in DMs, on a mention and in the configured
// channels. It turns each event into a [bot.Request], hands it to the
// conversation's Handle, and sends the [bot.Reply] back: as a message
// replying to the user's, or as the response to an interaction. An
// interaction is answered with one rule (respond, or defer and edit: see
// the deferral in discord.go), and calls Discord may safely repeat are
// tried again after a server error. The adapter alone knows where
// attachments may be downloaded from ([Options.CDNHosts] and the API
// origin), and sets them on every [bot.Photo] it makes. It also feeds the
// bot's metrics with its gateway's connections and rate limits
// ([Adapter.WatchMetrics]), so that package bot does not depend on
// discordgo.
//
// Its tests run the real discordgo against the fake Discord of package
// internal/fakediscord on 127.0.0.1: discord_test.go covers the adapter's
// behaviour, and the ops_*_test.go files the operation of the whole bot
// through it (faults of the gateway and the REST API, hostile inputs,
// limits, metrics and load).
package discord
