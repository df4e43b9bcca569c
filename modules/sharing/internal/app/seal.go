package app

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/caarlos0/env/v11"

	"lamplight/platform/config"
)

// KeyFile is where the sealing key is kept, in the data directory, when
// LAMPLIGHT_SHARING_KEY is not set: outside the database, so a copy of the
// database alone opens no one's link.
const KeyFile = "sharing-links.key"

// Config is sharing's part of the configuration.
type Config struct {
	// Key (base64url of 32 bytes, or LAMPLIGHT_SHARING_KEY_FILE) seals the
	// links' secrets so their owner can see them again; instances sharing a
	// database must share it.
	Key string `env:"LAMPLIGHT_SHARING_KEY"`
	// KeyPath is the data directory's key file, used when Key is empty.
	KeyPath string `env:"-"`
}

// LoadConfig reads the environment (with _FILE secrets).
func LoadConfig(pc config.Config) (Config, error) {
	c := Config{KeyPath: filepath.Join(pc.DataDir, KeyFile)}
	environ, err := config.Environment()
	if err != nil {
		return c, err
	}
	if err := env.ParseWithOptions(&c, env.Options{Environment: environ}); err != nil {
		return c, fmt.Errorf("sharing configuration: %w", err)
	}
	return c, nil
}

// Sealer encrypts a link's secret (AES-256-GCM, bound to its owner and
// kind), so the owner is shown the link again while the database keeps
// only the sealed secret and its hash.
type Sealer struct{ aead cipher.AEAD }

// NewSealer builds the sealer from the configured key, else from the key
// file, made on first start.
func NewSealer(c Config) (*Sealer, error) {
	raw := strings.TrimSpace(c.Key)
	if raw == "" {
		b, err := os.ReadFile(c.KeyPath)
		if errors.Is(err, os.ErrNotExist) {
			key := make([]byte, 32)
			_, _ = rand.Read(key)
			b = []byte(base64.RawURLEncoding.EncodeToString(key))
			if err := os.MkdirAll(filepath.Dir(c.KeyPath), 0o700); err != nil {
				return nil, fmt.Errorf("sharing key: %w", err)
			}
			err = os.WriteFile(c.KeyPath, b, 0o600)
		}
		if err != nil {
			return nil, fmt.Errorf("sharing key: %w", err)
		}
		raw = strings.TrimSpace(string(b))
	}
	key, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(raw, "="))
	if err != nil || len(key) != 32 {
		return nil, errors.New("sharing configuration: LAMPLIGHT_SHARING_KEY must be 32 bytes, base64url")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

func binding(userID, kind string) []byte { return []byte(userID + "\x00" + kind) }

// Seal encrypts token for userID's link of kind.
func (s *Sealer) Seal(token, userID, kind string) string {
	nonce := make([]byte, s.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, []byte(token), binding(userID, kind)))
}

// Open decrypts a sealed token; false when there is none (a link made
// before secrets were sealed) or the key changed.
func (s *Sealer) Open(sealed, userID, kind string) (string, bool) {
	b, err := base64.RawURLEncoding.DecodeString(sealed)
	n := s.aead.NonceSize()
	if sealed == "" || err != nil || len(b) < n {
		return "", false
	}
	token, err := s.aead.Open(nil, b[:n], b[n:], binding(userID, kind))
	if err != nil {
		return "", false
	}
	return string(token), true
}
