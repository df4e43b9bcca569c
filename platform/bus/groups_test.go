package bus

import (
	"context"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// Events the relay publishes after Redis lost a group, before any consumer
// reads again, are in the stream when the group is recreated: the group must
// start before them, not after.
func TestIntegrationARecreatedGroupReadsWhatWasPublishedBeforeIt(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	// testkit would import this package back through health.
	u := os.Getenv("TEST_REDIS_URL")
	if u == "" {
		t.Skip("TEST_REDIS_URL not set")
	}
	opts, err := redis.ParseURL(u)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	stream := "lamplight-test:" + uuid.NewString() + ":test.lost"
	plain := redis.NewClient(opts)
	defer plain.Close()
	defer plain.Del(ctx, stream)
	for _, n := range []string{"1", "2"} {
		if err := plain.XAdd(ctx, &redis.XAddArgs{Stream: stream, Values: []string{"n", n}}).Err(); err != nil {
			t.Fatal(err)
		}
	}
	var recreated int
	reader := redis.NewClient(opts)
	defer reader.Close()
	reader.AddHook(groupKeeper{handler: "test.lost", log: slog.New(slog.NewTextHandler(io.Discard, nil)), recreated: func() { recreated++ }})
	got, err := reader.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "test.lost", Consumer: "c", Streams: []string{stream, ">"}, Count: 10, Block: -1}).Result()
	if err != nil {
		t.Fatal(err)
	}
	if recreated != 1 || len(got) != 1 || len(got[0].Messages) != 2 {
		t.Fatalf("recreated %d times, read %+v", recreated, got)
	}
}
