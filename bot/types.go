package bot

import (
	"context"
	"net/url"
)

// Handler is what an adapter needs of the conversation: [Bot] is one. The
// adapters (packages bot/discord and bot/console) reach the conversation
// through it alone.
type Handler interface {
	// Handle answers one request; see [Bot.Handle].
	Handle(ctx context.Context, req Request) Reply
}

// Command names what the user asked for.
type Command string

// The commands. A request with no command is a plain message: the bot
// solves the puzzle in it, or gives a hint when the message asks for one.
const (
	CmdNone  Command = ""
	CmdSolve Command = "solve"
	CmdHint  Command = "hint"
	CmdRate  Command = "rate"
	CmdCheck Command = "check"
	CmdHelp  Command = "help"
)

// Request is one thing a user asked, as the adapters hand it to [Bot.Handle].
type Request struct {
	// Command is what was asked; CmdNone for a plain message.
	Command Command
	// Text is the puzzle text (a command's puzzle option, or a message's
	// content). For /check it is the original puzzle.
	Text string
	// Current is the player's current grid, for /check.
	Current string
	// Level is the hint level, 1 to 3; 0 means the default, 1.
	Level int
	// Photo is an attached image, or nil.
	Photo *Photo
	// Button is the custom_id of a pressed button; when set, the other
	// fields except UserID are ignored.
	Button string
	// UserID identifies the user for the per-user rate limit; empty means
	// no limit (the console).
	UserID string
	// Private reports whether the reply can only be seen by the user (a DM
	// or the console), in which case hints need not be ephemeral.
	Private bool
	// Console marks a request typed on the console, whose help lists the
	// console's commands instead of Discord's.
	Console bool
}

// Photo is an image attached to a request: either its bytes (Data) or where
// to download it (URL) with the size the sender declared.
type Photo struct {
	// Name is the file name, for messages.
	Name string
	// ContentType is the declared MIME type, if any.
	ContentType string
	// URL is where to download the image when Data is nil.
	URL string
	// Hosts and Origin say where URL may point: the image is downloaded
	// over HTTPS from one of Hosts, or from Origin's scheme and host, and
	// from nowhere else (a redirect elsewhere is refused). The adapter
	// that made the request sets them (Discord's: its CDN and API origin).
	Hosts  []string
	Origin *url.URL
	// Size is the declared size in bytes, 0 when unknown. It is checked
	// before downloading.
	Size int64
	// Data holds the image bytes, when already read.
	Data []byte
}

// Reply is what the bot answers.
type Reply struct {
	// Text is the message, in Discord markdown.
	Text string
	// Ephemeral asks that only the requesting user sees the reply.
	Ephemeral bool
	// Files are attached pictures. A name starting with SPOILER_ is shown
	// blurred until clicked.
	Files []File
	// Buttons go under the message, in one row.
	Buttons []Button
	// Failed marks an error reply (for metrics and logs).
	Failed bool
}

// File is an attachment of a reply.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// ButtonStyle is how a button looks.
type ButtonStyle int

// The button styles the bot uses.
const (
	StylePrimary ButtonStyle = iota + 1
	StyleSecondary
	StyleDanger
)

// Button is a button under a reply. CustomID is at most 100 characters.
type Button struct {
	Label    string
	CustomID string
	Style    ButtonStyle
}
