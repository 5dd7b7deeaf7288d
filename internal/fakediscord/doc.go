// Package fakediscord is a protocol-level fake of Discord for end-to-end
// tests: the real discordgo library talks to it over HTTP and WebSocket on
// 127.0.0.1, exactly as it talks to Discord.
//
// The REST side records every call (method, path, query, headers, the JSON
// payload whether sent as a body or as multipart payload_json, and every
// uploaded files[N] part), answers GET /api/v9/gateway, command
// registration, channel messages, interaction callbacks, webhook edits,
// deletes and follow-ups, and serves attachment bytes under /attachments/.
// Faults (429 with Retry-After, 500, ...) can be injected with
// [Server.AddFault].
//
// The gateway side speaks the real JSON protocol: op 10 HELLO first, op 2
// IDENTIFY answered by a READY dispatch with session_id, user and
// application, heartbeats (op 1) acknowledged with op 11, op 6 RESUME
// answered with the missed dispatches and RESUMED (or op 9 for an unknown
// session), and dispatches with increasing sequence numbers. Tests inject
// MESSAGE_CREATE and INTERACTION_CREATE events with [Server.Dispatch] and
// the builders in events.go, then wait for the bot's calls with
// [Server.WaitCall]: nothing sleeps, everything waits on events.
package fakediscord
