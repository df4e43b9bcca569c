// Package httpapi serves identity's routes under /api/auth and the
// authentication middleware every /api request passes through. Handlers only
// translate between HTTP and the use cases.
package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/internal/app"
	"lamplight/modules/identity/internal/domain"
	"lamplight/platform/config"
	"lamplight/platform/httpx"
)

// CookieName is the session cookie.
const CookieName = "lamplight_session"

// Handler serves /api/auth.
type Handler struct {
	svc *app.Service
	cfg config.Config
}

// New builds the handler.
func New(svc *app.Service, cfg config.Config) *Handler { return &Handler{svc: svc, cfg: cfg} }

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	g := api.Group("/auth")
	g.GET("/config", h.config)
	g.POST("/register", h.register)
	g.POST("/verify-email", h.verifyEmail)
	g.POST("/verify-email/resend", h.resendVerification)
	g.POST("/login", h.login)
	g.POST("/logout", h.logout)
	g.POST("/password-reset", h.requestPasswordReset)
	g.GET("/password-reset", h.checkPasswordReset)
	g.POST("/password-reset/complete", h.completePasswordReset)
	g.GET("/google/start", h.googleStart)
	g.POST("/google/callback", h.googleCallback)

	me := g.Group("", httpx.RequireUser)
	me.GET("/user", h.account)
	me.PUT("/user", h.updateAccount)
	me.DELETE("/user", h.deleteAccount)
	me.PUT("/password", h.changePassword)
	me.POST("/email-change", h.requestEmailChange)
	me.POST("/email-change/confirm", h.confirmEmailChange)
	me.GET("/sessions", h.sessions)
	me.DELETE("/sessions/:id", h.revokeSession)
	me.POST("/sessions/revoke-others", h.revokeOtherSessions)
}

// request describes the HTTP request to the use cases.
func (h *Handler) request(c *gin.Context) app.Request {
	return app.Request{IP: c.ClientIP(), UserAgent: httpx.UserAgent(c), SiteURL: httpx.SiteURL(c)}
}

// setSession sets the session cookie.
func (h *Handler) setSession(c *gin.Context, token string, expires time.Time) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: CookieName, Value: token, Path: "/", Expires: expires, MaxAge: int(time.Until(expires).Seconds()),
		HttpOnly: true, Secure: h.cfg.SecureCookies(), SameSite: http.SameSiteLaxMode,
	})
}

func (h *Handler) clearSession(c *gin.Context) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: CookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: h.cfg.SecureCookies(), SameSite: http.SameSiteLaxMode,
	})
}

// signedIn answers a new session: its token in the body and the cookie.
func (h *Handler) signedIn(c *gin.Context, s app.SignedIn, extra func(*signInJSON)) {
	h.setSession(c, s.Token, s.ExpiresAt)
	body := signInJSON{Token: s.Token, ExpiresAt: s.ExpiresAt, User: accountJSON(s.Account)}
	if extra != nil {
		extra(&body)
	}
	c.JSON(http.StatusOK, body)
}

// bind decodes an optional JSON body: an empty one is {}.
func bind(c *gin.Context, dst any) bool {
	if c.Request.ContentLength == 0 {
		return true
	}
	return httpx.Bind(c, dst)
}

func (h *Handler) config(c *gin.Context) {
	cfg := h.svc.Config()
	c.JSON(http.StatusOK, configJSON{
		GoogleEnabled: cfg.GoogleEnabled(), EmailVerificationRequired: cfg.RequireEmailVerification,
		PasswordMinLength: domain.MinPasswordBytes, PasswordMaxLength: domain.MaxPasswordBytes,
		CodeLength: domain.CodeDigits, ResendCooldownSeconds: int(domain.ResendCooldown.Seconds()),
		Locales: domain.Locales,
	})
}

func (h *Handler) register(c *gin.Context) {
	var in registerIn
	if !httpx.Bind(c, &in) {
		return
	}
	out, err := h.svc.Register(c.Request.Context(), app.Register{Email: in.Email, Password: in.Password, Locale: in.Locale, TimeZone: in.TimeZone, Req: h.request(c)})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, registeredJSON{Email: out.Email, VerificationRequired: out.VerificationRequired,
		ResendCooldownSeconds: int(domain.ResendCooldown.Seconds())})
}

func (h *Handler) verifyEmail(c *gin.Context) {
	var in verifyIn
	if !httpx.Bind(c, &in) {
		return
	}
	out, err := h.svc.VerifyEmail(c.Request.Context(), app.VerifyEmail{Email: in.Email, Code: in.Code, Token: in.Token, Req: h.request(c)})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.signedIn(c, out, nil)
}

func (h *Handler) resendVerification(c *gin.Context) {
	var in emailIn
	if !httpx.Bind(c, &in) {
		return
	}
	email, err := h.svc.ResendVerification(c.Request.Context(), app.ResendVerification{Email: in.Email, Req: h.request(c)})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, sentJSON{Email: email, ResendCooldownSeconds: int(domain.ResendCooldown.Seconds())})
}

func (h *Handler) login(c *gin.Context) {
	var in loginIn
	if !httpx.Bind(c, &in) {
		return
	}
	out, err := h.svc.Login(c.Request.Context(), app.Login{Email: in.Email, Password: in.Password, Locale: in.Locale, TimeZone: in.TimeZone, Req: h.request(c)})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.signedIn(c, out, nil)
}

func (h *Handler) logout(c *gin.Context) {
	if p, ok := principal(c); ok {
		if err := h.svc.Logout(c.Request.Context(), p); err != nil {
			httpx.Fail(c, err)
			return
		}
	}
	h.clearSession(c)
	c.Status(http.StatusNoContent)
}

func (h *Handler) requestPasswordReset(c *gin.Context) {
	var in emailIn
	if !httpx.Bind(c, &in) {
		return
	}
	email, err := h.svc.RequestPasswordReset(c.Request.Context(), app.RequestPasswordReset{Email: in.Email, Req: h.request(c)})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, sentJSON{Email: email})
}

func (h *Handler) checkPasswordReset(c *gin.Context) {
	email, err := h.svc.CheckPasswordReset(c.Request.Context(), c.Query("token"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, sentJSON{Email: email})
}

func (h *Handler) completePasswordReset(c *gin.Context) {
	var in resetIn
	if !httpx.Bind(c, &in) {
		return
	}
	out, err := h.svc.CompletePasswordReset(c.Request.Context(), app.CompletePasswordReset{
		Token: in.Token, Email: in.Email, Code: in.Code, Password: in.Password, Req: h.request(c),
	})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.signedIn(c, out, nil)
}

func (h *Handler) googleStart(c *gin.Context) {
	to, err := h.svc.StartGoogle(c.Request.Context(), c.Query("returnTo"), h.request(c))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Redirect(http.StatusFound, to)
}

func (h *Handler) googleCallback(c *gin.Context) {
	var in googleIn
	if !httpx.Bind(c, &in) {
		return
	}
	out, err := h.svc.FinishGoogle(c.Request.Context(), app.FinishGoogle{Code: in.Code, State: in.State, Locale: in.Locale, TimeZone: in.TimeZone, Req: h.request(c)})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	h.signedIn(c, out.SignedIn, func(b *signInJSON) { b.ReturnTo = out.ReturnTo })
}

func (h *Handler) account(c *gin.Context) {
	p, _ := principal(c)
	a, err := h.svc.Account(c.Request.Context(), p)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, accountJSON(a))
}

func (h *Handler) updateAccount(c *gin.Context) {
	var in updateAccountIn
	if !httpx.Bind(c, &in) {
		return
	}
	p, _ := principal(c)
	a, err := h.svc.UpdateAccount(c.Request.Context(), p, app.UpdateAccount{Locale: in.Locale, TimeZone: in.TimeZone})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, accountJSON(a))
}

func (h *Handler) deleteAccount(c *gin.Context) {
	var in deleteIn
	if !bind(c, &in) {
		return
	}
	p, _ := principal(c)
	if err := h.svc.DeleteAccount(c.Request.Context(), p, app.DeleteAccount{Password: in.Password}); err != nil {
		httpx.Fail(c, err)
		return
	}
	h.clearSession(c)
	c.Status(http.StatusNoContent)
}

func (h *Handler) changePassword(c *gin.Context) {
	var in changePasswordIn
	if !httpx.Bind(c, &in) {
		return
	}
	p, _ := principal(c)
	if err := h.svc.ChangePassword(c.Request.Context(), p, app.ChangePassword{CurrentPassword: in.CurrentPassword, NewPassword: in.NewPassword}); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) requestEmailChange(c *gin.Context) {
	var in emailChangeIn
	if !httpx.Bind(c, &in) {
		return
	}
	p, _ := principal(c)
	email, err := h.svc.RequestEmailChange(c.Request.Context(), p, app.RequestEmailChange{Email: in.Email, Password: in.Password, Req: h.request(c)})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, sentJSON{Email: email})
}

func (h *Handler) confirmEmailChange(c *gin.Context) {
	var in codeIn
	if !httpx.Bind(c, &in) {
		return
	}
	p, _ := principal(c)
	a, err := h.svc.ConfirmEmailChange(c.Request.Context(), p, app.ConfirmEmailChange{Code: in.Code, Req: h.request(c)})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, accountJSON(a))
}

func (h *Handler) sessions(c *gin.Context) {
	p, _ := principal(c)
	list, err := h.svc.ListSessions(c.Request.Context(), p)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]sessionJSON, len(list))
	for i, s := range list {
		out[i] = sessionJSON(s)
	}
	c.JSON(http.StatusOK, out)
}

func (h *Handler) revokeSession(c *gin.Context) {
	p, _ := principal(c)
	if err := h.svc.RevokeSession(c.Request.Context(), p, c.Param("id")); err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *Handler) revokeOtherSessions(c *gin.Context) {
	p, _ := principal(c)
	n, err := h.svc.RevokeOtherSessions(c.Request.Context(), p)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, revokedJSON{Revoked: n})
}
