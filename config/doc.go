// Package config reads the settings of the sudokubot Discord bot from
// environment variables, each of which can also be given as a command-line
// flag (the flag wins), into a typed [Config].
//
// Every setting is checked at start-up: a bad value stops the program with a
// message that names the variable and says what is allowed. The Discord token
// comes from DISCORD_TOKEN or from the file named by DISCORD_TOKEN_FILE; it is
// never printed, neither by -h nor by [Config.String] or [Config.LogValue].
package config
