// Package bottest holds what the tests of the bot's packages share: a
// classic puzzle and its solution, a log buffer safe for concurrent
// writes, checks of a solution written in a reply, and the small pictures
// that photo limits are tested with.
//
// It does not import package bot, so that bot's own tests can use it as
// well as the tests of its adapters (bot/discord, bot/console).
package bottest
