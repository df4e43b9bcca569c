// Package bible is the Bible kernel of Lamplight: the book and verse data,
// verse ids, ranges, verse sets, reading segments and progress, reference
// parsing and display in six languages, and links to Bible apps.
//
// The package is pure: no I/O beyond its embedded data, no globals that
// change after start-up, safe for concurrent use. Everything else in the
// product (API, web app, imports, suggestions) builds on these functions, and
// the same JSON data and test vectors drive the TypeScript port of the web
// app, so behaviour here is the reference behaviour.
//
// Versification is the standard English (KJV) one for every translation and
// locale: 66 books, 1,189 chapters, 31,102 verses.
package bible
