package domain

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
	"time"
)

// Limits of one-time codes.
const (
	CodeDigits      = 6
	CodeLifetime    = 10 * time.Minute
	MaxCodeAttempts = 5
	ResendCooldown  = 300 * time.Second
)

// Code purposes; a code made for one cannot be used for another.
const (
	PurposeVerifyEmail   = "verify_email"
	PurposeChangeEmail   = "change_email"
	PurposeResetPassword = "reset_password"
)

// NewToken returns a random opaque token (32 bytes, base64url) for sessions,
// links and sign-in state.
func NewToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is how a token is stored and looked up: only its SHA-256.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// NewCode returns a uniformly random code of CodeDigits digits.
func NewCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// HashCode is how a code is stored: keyed by the account and purpose, so a
// stored hash is useless for any other account or flow.
func HashCode(purpose, userID, code string) string {
	m := hmac.New(sha256.New, []byte(purpose+":"+userID))
	m.Write([]byte(code))
	return hex.EncodeToString(m.Sum(nil))
}

// CleanCode strips spaces a reader may type or paste; ok is false unless the
// rest is exactly CodeDigits digits.
func CleanCode(s string) (string, bool) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s)
	if len(s) != CodeDigits {
		return s, false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return s, false
		}
	}
	return s, true
}

// CodeCheck is the outcome of entering a code.
type CodeCheck int

const (
	// CodeValid: the code is right and in time.
	CodeValid CodeCheck = iota
	// CodeWrong: wrong, but tries remain.
	CodeWrong
	// CodeSpent: expired, or this was the last allowed wrong try.
	CodeSpent
)

// OneTimeCode is a stored code: its hash, wrong tries so far and expiry.
type OneTimeCode struct {
	Hash      string
	Attempts  int
	ExpiresAt time.Time
	SentAt    time.Time
}

// NewOneTimeCode makes a code for an account and purpose; the plain code is
// returned to be mailed, the struct to be stored.
func NewOneTimeCode(purpose, userID string, now time.Time) (string, OneTimeCode) {
	code := NewCode()
	return code, OneTimeCode{Hash: HashCode(purpose, userID, code), ExpiresAt: now.Add(CodeLifetime), SentAt: now}
}

// Check compares input with the code in constant time and counts a wrong
// try; the caller stores the new attempt count, or deletes a spent code.
func (c *OneTimeCode) Check(purpose, userID, input string, now time.Time) CodeCheck {
	if !now.Before(c.ExpiresAt) || c.Attempts >= MaxCodeAttempts {
		return CodeSpent
	}
	if hmac.Equal([]byte(HashCode(purpose, userID, input)), []byte(c.Hash)) {
		return CodeValid
	}
	c.Attempts++
	if c.Attempts >= MaxCodeAttempts {
		return CodeSpent
	}
	return CodeWrong
}

// CanResend reports whether the cooldown since the last code has passed.
func (c OneTimeCode) CanResend(now time.Time) bool { return !now.Before(c.SentAt.Add(ResendCooldown)) }
