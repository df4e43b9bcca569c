// Package domain holds identity's rules: what a valid email address,
// password, locale and time zone are, how passwords are hashed, how one-time
// codes and session tokens are made, checked and stored. It is pure Go.
package domain
