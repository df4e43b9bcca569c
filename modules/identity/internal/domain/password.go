package domain

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"

	"lamplight/platform/errs"
)

// Password length in bytes (bcrypt-compatible upper bound, as readers expect).
const (
	MinPasswordBytes = 8
	MaxPasswordBytes = 72
)

// ValidatePassword adds field errors for a missing, short or long password.
func ValidatePassword(f *errs.Fields, field, password string) {
	switch n := len(password); {
	case n == 0:
		f.Add(field, errs.Required)
	case n < MinPasswordBytes:
		f.Add(field, errs.MinLength, "minlength", MinPasswordBytes)
	case n > MaxPasswordBytes:
		f.Add(field, errs.MaxLength, "maxlength", MaxPasswordBytes)
	}
}

// HashParams are argon2id's cost parameters.
type HashParams struct {
	MemoryKiB  uint32
	Iterations uint32
	Threads    uint8
}

const (
	saltBytes = 16
	keyBytes  = 32
)

// Hasher hashes passwords with argon2id into PHC strings
// ($argon2id$v=19$m=...,t=...,p=...$salt$hash). Verification reads the
// parameters from the stored string, so hashes made with older parameters
// keep working and can be upgraded on the next sign-in.
type Hasher struct {
	params HashParams
	dummy  string
}

// NewHasher prepares a hasher, including a dummy hash that unknown accounts
// are checked against so that they take as long as known ones.
func NewHasher(p HashParams) (*Hasher, error) {
	if p.Threads == 0 {
		p.Threads = 1
	}
	if p.Iterations == 0 || p.MemoryKiB < 8*uint32(p.Threads) {
		return nil, fmt.Errorf("password hash parameters too small: %+v", p)
	}
	h := &Hasher{params: p}
	dummy, err := h.Hash(rand.Text())
	if err != nil {
		return nil, err
	}
	h.dummy = dummy
	return h, nil
}

// Hash returns the PHC string of password.
func (h *Hasher) Hash(password string) (string, error) {
	salt := make([]byte, saltBytes)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	p := h.params
	key := argon2.IDKey([]byte(password), salt, p.Iterations, p.MemoryKiB, p.Threads, keyBytes)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.MemoryKiB, p.Iterations, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify reports whether password matches the stored hash, and whether the
// hash should be replaced because it was made with other parameters. An
// empty or malformed hash never matches, after the same work as a real one.
func (h *Hasher) Verify(password, stored string) (ok, rehash bool) {
	p, salt, key, err := decodePHC(stored)
	if err != nil {
		h.VerifyDummy(password)
		return false, false
	}
	got := argon2.IDKey([]byte(password), salt, p.Iterations, p.MemoryKiB, p.Threads, uint32(len(key)))
	if subtle.ConstantTimeCompare(got, key) != 1 {
		return false, false
	}
	return true, p != h.params
}

// VerifyDummy spends the time of one verification, for unknown accounts.
func (h *Hasher) VerifyDummy(password string) {
	p, salt, key, _ := decodePHC(h.dummy)
	argon2.IDKey([]byte(password), salt, p.Iterations, p.MemoryKiB, p.Threads, uint32(len(key)))
}

var errPHC = errors.New("malformed password hash")

func decodePHC(s string) (HashParams, []byte, []byte, error) {
	var p HashParams
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return p, nil, nil, errPHC
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, errPHC
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Iterations, &p.Threads); err != nil {
		return p, nil, nil, errPHC
	}
	if p.Iterations == 0 || p.Threads == 0 || p.MemoryKiB < 8*uint32(p.Threads) {
		return p, nil, nil, errPHC
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return p, nil, nil, errPHC
	}
	key, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil || len(key) < 16 {
		return p, nil, nil, errPHC
	}
	return p, salt, key, nil
}
