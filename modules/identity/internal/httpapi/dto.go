package httpapi

import (
	"time"

	"lamplight/modules/identity/internal/app"
)

type registerIn struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Locale   string `json:"locale"`
	TimeZone string `json:"timeZone"`
}

type loginIn = registerIn

type verifyIn struct {
	Email string `json:"email"`
	Code  string `json:"code"`
	Token string `json:"token"`
}

type emailIn struct {
	Email string `json:"email"`
}

type emailChangeIn struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type codeIn struct {
	Code string `json:"code"`
}

type resetIn struct {
	Token    string `json:"token"`
	Email    string `json:"email"`
	Code     string `json:"code"`
	Password string `json:"password"`
}

type googleIn struct {
	Code     string `json:"code"`
	State    string `json:"state"`
	Locale   string `json:"locale"`
	TimeZone string `json:"timeZone"`
}

type updateAccountIn struct {
	Locale   *string `json:"locale"`
	TimeZone *string `json:"timeZone"`
}

type changePasswordIn struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

type deleteIn struct {
	Password string `json:"password"`
}

type configJSON struct {
	GoogleEnabled             bool     `json:"googleEnabled"`
	EmailVerificationRequired bool     `json:"emailVerificationRequired"`
	PasswordMinLength         int      `json:"passwordMinLength"`
	PasswordMaxLength         int      `json:"passwordMaxLength"`
	CodeLength                int      `json:"codeLength"`
	ResendCooldownSeconds     int      `json:"resendCooldownSeconds"`
	Locales                   []string `json:"locales"`
}

type registeredJSON struct {
	Email                 string `json:"email"`
	VerificationRequired  bool   `json:"verificationRequired"`
	ResendCooldownSeconds int    `json:"resendCooldownSeconds"`
}

type sentJSON struct {
	Email                 string `json:"email"`
	ResendCooldownSeconds int    `json:"resendCooldownSeconds,omitempty"`
}

type userJSON struct {
	ID            string    `json:"id"`
	Email         string    `json:"email"`
	EmailVerified bool      `json:"emailVerified"`
	IsAdmin       bool      `json:"isAdmin"`
	Locale        string    `json:"locale"`
	TimeZone      string    `json:"timeZone"`
	CreatedAt     time.Time `json:"createdAt"`
	HasPassword   bool      `json:"hasPassword"`
	GoogleLinked  bool      `json:"googleLinked"`
}

func accountJSON(a app.Account) userJSON {
	return userJSON{ID: a.ID, Email: a.Email, EmailVerified: a.EmailVerified, IsAdmin: a.IsAdmin, Locale: a.Locale,
		TimeZone: a.TimeZone, CreatedAt: a.CreatedAt, HasPassword: a.HasPassword, GoogleLinked: a.GoogleLinked}
}

type signInJSON struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
	User      userJSON  `json:"user"`
	ReturnTo  string    `json:"returnTo,omitempty"`
}

type sessionJSON struct {
	ID         string    `json:"id"`
	Device     string    `json:"device"`
	CreatedAt  time.Time `json:"createdAt"`
	LastUsedAt time.Time `json:"lastUsedAt"`
	ExpiresAt  time.Time `json:"expiresAt"`
	Current    bool      `json:"current"`
}

type revokedJSON struct {
	Revoked int `json:"revoked"`
}
