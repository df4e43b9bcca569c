package httpx

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Request is what a route's use case call needs from an HTTP request. It
// is the request's context, so it is passed as the use case's ctx.
type Request struct {
	context.Context
	// UserID is the signed-in caller's id ("" where no one needs to be).
	UserID string
	c      *gin.Context
}

func request(c *gin.Context) Request {
	ctx := c.Request.Context()
	return Request{Context: ctx, UserID: UserID(ctx), c: c}
}

// Param is a path parameter.
func (r Request) Param(name string) string { return r.c.Param(name) }

// Query is a query parameter, "" when absent.
func (r Request) Query(name string) string { return r.c.Query(name) }

// DefaultQuery is a query parameter, def when absent.
func (r Request) DefaultQuery(name, def string) string { return r.c.DefaultQuery(name, def) }

// QueryArray is every value of a repeated query parameter.
func (r Request) QueryArray(name string) []string { return r.c.QueryArray(name) }

// Handle is a route that calls a use case and answers status with its
// result as JSON, or its error through Fail.
func Handle[Resp any](status int, call func(r Request) (Resp, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		out, err := call(request(c))
		answer(c, status, out, err)
	}
}

// HandleBody is Handle for a route with a JSON body, decoded by Bind first.
func HandleBody[Req, Resp any](status int, call func(r Request, body Req) (Resp, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		var body Req
		if !Bind(c, &body) {
			return
		}
		out, err := call(request(c), body)
		answer(c, status, out, err)
	}
}

// deleted is the answer of every DELETE route.
var deleted = gin.H{"deleted": true}

// HandleDelete is a DELETE route: 200 {"deleted":true}, or the error.
func HandleDelete(call func(r Request) error) gin.HandlerFunc {
	return func(c *gin.Context) { answer(c, http.StatusOK, deleted, call(request(c))) }
}

func answer(c *gin.Context, status int, out any, err error) {
	if err != nil {
		Fail(c, err)
		return
	}
	c.JSON(status, out)
}
