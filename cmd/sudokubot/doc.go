// Command sudokubot runs the sudokubot Discord bot, or, without a token, a
// console where you type or paste puzzles and get the bot's answers.
//
// Settings come from environment variables, each also a flag: run
// "sudokubot -h" for the list with defaults. The main function only wires
// the configuration, slog logging, the bot's engines and core, and one
// adapter (Discord or the console) together, and stops cleanly on SIGINT or
// SIGTERM.
package main
