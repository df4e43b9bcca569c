package bibleweb

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"lamplight/modules/bible"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
)

// maxQueryLength bounds what a reader may type into one parse request.
const maxQueryLength = 1000

type localeName struct {
	Name          string   `json:"name"`
	Abbreviations []string `json:"abbreviations"`
}

type bookDTO struct {
	ID             int                   `json:"id"`
	USFM           string                `json:"usfm"`
	BLB            string                `json:"blb"`
	TestamentOrder int                   `json:"testamentOrder"`
	NewTestament   bool                  `json:"newTestament"`
	ChapterCount   int                   `json:"chapterCount"`
	Verses         []int                 `json:"verses"`
	Names          map[string]localeName `json:"names"`
}

type localeDTO struct {
	Code                  string `json:"code"`
	Tag                   string `json:"tag"`
	ChapterVerseSeparator string `json:"chapterVerseSeparator"`
	DefaultVersion        string `json:"defaultVersion"`
}

type booksDTO struct {
	Books    []bookDTO       `json:"books"`
	Locales  []localeDTO     `json:"locales"`
	Versions []bible.Version `json:"versions"`
	Apps     []bible.AppInfo `json:"apps"`
}

// Passage is one parsed reference.
type Passage struct {
	StartVerseID bible.VerseID `json:"startVerseId"`
	EndVerseID   bible.VerseID `json:"endVerseId"`
	Display      string        `json:"display"`
	VerseCount   int           `json:"verseCount"`
}

// Handler serves the kernel's data, encoded once at start since it never changes.
type Handler struct {
	books []byte
	etag  string
}

// NewHandler encodes the book data and its ETag.
func NewHandler() (*Handler, error) {
	dto := booksDTO{Versions: bible.Versions(), Apps: bible.Apps()}
	for _, l := range bible.Locales() {
		dto.Locales = append(dto.Locales, localeDTO{
			Code: string(l), Tag: l.Tag(), ChapterVerseSeparator: l.ChapterVerseSeparator(), DefaultVersion: l.DefaultVersion(),
		})
	}
	for _, b := range bible.Books() {
		names := map[string]localeName{}
		for _, l := range bible.Locales() {
			// A book without abbreviations in a locale answers [], as documented, not null.
			names[string(l)] = localeName{Name: b.Name(l), Abbreviations: append([]string{}, b.Abbreviations(l)...)}
		}
		dto.Books = append(dto.Books, bookDTO{
			ID: b.ID, USFM: b.USFM, BLB: b.BLB, TestamentOrder: b.TestamentOrder, NewTestament: b.NewTestament,
			ChapterCount: b.ChapterCount, Verses: b.ChapterVerseCounts(), Names: names,
		})
	}
	body, err := json.Marshal(dto)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	return &Handler{books: body, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}, nil
}

// Register implements httpx.Routes.
func (h *Handler) Register(api *gin.RouterGroup) {
	api.GET("/bible/books", h.getBooks)
	api.GET("/bible/parse", h.parse)
}

func (h *Handler) getBooks(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=86400")
	c.Header("ETag", h.etag)
	if match := c.GetHeader("If-None-Match"); match != "" && strings.Contains(match, h.etag) {
		c.Status(http.StatusNotModified)
		return
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", h.books)
}

func (h *Handler) parse(c *gin.Context) {
	q := c.Query("q")
	loc, ok := bible.ParseLocale(c.DefaultQuery("locale", "en"))
	if !ok {
		httpx.Fail(c, errs.Validation(errs.Field("locale", errs.IsInvalid)))
		return
	}
	if strings.TrimSpace(q) == "" {
		httpx.Fail(c, errs.Validation(errs.Field("q", errs.Required)))
		return
	}
	if len(q) > maxQueryLength {
		httpx.Fail(c, errs.Validation(errs.Field("q", errs.MaxLength, "maxlength", maxQueryLength)))
		return
	}
	ranges, err := bible.ParseList(q, loc)
	if err != nil {
		httpx.Fail(c, parseFailure(err))
		return
	}
	out := make([]Passage, 0, len(ranges))
	for _, r := range ranges {
		display, err := bible.Format(r, loc)
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		out = append(out, Passage{StartVerseID: r.Start, EndVerseID: r.End, Display: display, VerseCount: r.Count()})
	}
	// The answer depends only on the query string, so shared caches may keep it.
	c.Header("Cache-Control", "public, max-age=86400")
	c.JSON(http.StatusOK, gin.H{"passages": out})
}

// parseFailure names the failing reference and why: reason invalid_book_name
// or invalid_verse_range.
func parseFailure(err error) error {
	reason := "invalid_verse_range"
	if errors.Is(err, bible.ErrInvalidBookName) {
		reason = "invalid_book_name"
	}
	props := []any{"reason", reason}
	var pe *bible.ParseError
	if errors.As(err, &pe) {
		props = append(props, "part", pe.Text, "index", pe.Index)
	}
	return errs.Validation(errs.Field("q", errs.IsInvalid, props...))
}
