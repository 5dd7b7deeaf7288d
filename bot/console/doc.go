// Package console carries sudokubot's conversation (package bot) over a
// text stream: the console of the sudokubot binary when it runs without a
// Discord token, reading standard input and writing standard output.
//
// An [Adapter] gathers the lines of a paste into one message, as Discord
// would deliver it, runs the commands typed (/solve, /hint, /rate, /check,
// /help, and /next, /more and /solution for the buttons of the last reply),
// and hands each request to the conversation's Handle. It prints the
// reply's text without Discord's markup, writes its pictures to files whose
// paths it prints, and lists its buttons as the commands that press them.
package console
