// Package codeshape measures the shape of Go source that reviews ask about
// and tests can hold a package to: how long its functions are and how many
// numbers are written inline in function bodies instead of being named.
//
// It parses files with go/parser and never builds or runs them. The
// command internal/codeshape/report prints a package tree's figures:
//
//	go run ./internal/codeshape/report ./ocr/...
package codeshape
