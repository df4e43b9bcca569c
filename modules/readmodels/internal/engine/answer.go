package engine

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"sync"

	"lamplight/modules/readmodels/readmodelsapi"
	"lamplight/platform/httpx"
)

// Answer is a projection's HTTP answer, encoded once: its gzip-compressed
// JSON and its ETag.
type Answer = readmodelsapi.Answer

// answerMemo bounds the encoded answers a runner keeps in memory; past it an
// arbitrary one goes, which costs one re-encoding.
const (
	answerMemo    = 8192
	answerMaxSize = 256 << 10
)

type memoEntry struct {
	tag  string
	gzip []byte
	// raw is the digest of the JSON compressed: a write that leaves the
	// answer as it was (a passage read before, read again) costs no
	// compression.
	raw [sha256.Size]byte
}

// answers keeps the latest encoded answer per reader and request variant in
// process. An answer is a pure function of the inputs' version and the
// variant, both in its tag, so one kept here is served only for exactly the
// inputs it was encoded from: no instance can serve another's stale answer.
type answers struct {
	mu sync.Mutex
	m  map[string]memoEntry
}

func (a *answers) get(key, tag string) ([]byte, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	e, ok := a.m[key]
	if !ok || e.tag != tag {
		return nil, false
	}
	return e.gzip, true
}

// same returns the kept compressed answer of the same JSON, whatever its tag.
func (a *answers) same(key string, raw [sha256.Size]byte) ([]byte, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	e, ok := a.m[key]
	if !ok || e.raw != raw {
		return nil, false
	}
	return e.gzip, true
}

func (a *answers) put(key, tag string, gz []byte, raw [sha256.Size]byte) {
	if len(gz) > answerMaxSize {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.m == nil {
		a.m = map[string]memoEntry{}
	}
	if _, ok := a.m[key]; !ok && len(a.m) >= answerMemo {
		for k := range a.m {
			delete(a.m, k)
			break
		}
	}
	a.m[key] = memoEntry{tag: tag, gzip: gz, raw: raw}
}

// Answer returns the reader's encoded answer for today ("" for the reader's
// local date). variant names what else shapes the answer (the request's
// parameters as resolved for the view) and may refuse the request; render
// encodes the value as JSON. A cached read costs one read of the inputs
// (their stamps, fetched with the session: no database statement): the answer is encoded and compressed once per inputs' version and
// variant, and kept in process. A client that already holds it gets its
// ETag back and no body (httpx.WriteTagged).
func (r *Runner[T]) Answer(ctx context.Context, userID, today string, variant func(View) (string, error), render func(T, View) ([]byte, error)) (Answer, error) {
	in, err := r.deps.Sources.Current(ctx, userID, r.spec.Reads)
	if err != nil {
		return Answer{}, err
	}
	view := View{Settings: in.Settings, Today: r.today(in.Settings, today)}
	vary, err := variant(view)
	if err != nil {
		return Answer{}, err
	}
	// The view's date is in the tag even when the value does not depend on
	// it, since a default range ends on it.
	version := r.versionFor(in, view.Today) + "|" + view.Today + "|" + vary
	// The reader is in it too: two readers of one browser must never share
	// a cached answer.
	sum := sha256.Sum256([]byte(r.spec.Name + "|" + userID + "|" + version))
	tag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	key := userID + "\x00" + vary
	if gz, ok := r.answers.get(key, tag); ok {
		return Answer{Gzip: gz, ETag: tag}, nil
	}
	v, _, err := r.get(ctx, userID, in, view)
	if err != nil {
		return Answer{}, err
	}
	raw, err := render(v, view)
	if err != nil {
		return Answer{}, err
	}
	digest := sha256.Sum256(raw)
	gz, same := r.answers.same(key, digest)
	if !same {
		if gz, err = httpx.Gzip(raw); err != nil {
			return Answer{}, err
		}
	}
	r.answers.put(key, tag, gz, digest)
	return Answer{Gzip: gz, ETag: tag}, nil
}

// Whole is the variant of an answer that only the view shapes.
func Whole(View) (string, error) { return "", nil }

// JSON renders the value itself as the answer.
func JSON[T any](v T, _ View) ([]byte, error) { return json.Marshal(v) }
