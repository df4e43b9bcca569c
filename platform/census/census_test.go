package census_test

import (
	"context"
	"testing"

	"lamplight/platform/census"
)

func TestCensusAnswersByKind(t *testing.T) {
	c := census.New([]census.Counter{
		census.NewCounter("rows", func(_ context.Context, ids []string) (map[string]int, error) {
			out := map[string]int{}
			for _, id := range ids {
				out[id] = len(id)
			}
			return out, nil
		}),
	})
	got, err := c.Count(context.Background(), "rows", []string{"ab", "abc"})
	if err != nil || got["ab"] != 2 || got["abc"] != 3 {
		t.Fatalf("got %v, %v", got, err)
	}
	got, err = c.Count(context.Background(), "unknown", []string{"ab"})
	if err != nil || len(got) != 0 {
		t.Fatalf("unknown kind: got %v, %v", got, err)
	}
}
