package reminders_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"lamplight/modules/reminders"
	"lamplight/platform/testkit"
)

// Two instances on one PostgreSQL database and Redis run their schedulers
// at the same moments: every due reminder goes out exactly once, in each
// reader's own zone, and a reminder claimed by an instance that died is
// sent by the other once the claim runs out.
func TestIntegrationTwoInstancesSendOnce(t *testing.T) {
	var pg *testkit.Backend
	for _, b := range testkit.Backends(t) {
		if b.Postgres() {
			pg = &b
		}
	}
	if pg == nil {
		t.Skip("needs TEST_DATABASE_URL and TEST_REDIS_URL")
	}
	c := &clock{t: at("2026-03-27T12:00:00Z")}
	in := newInbox(t)
	a := start(t, pg.Config, in, c)
	b := start(t, pg.Config, in, c)

	// 07:30 local on Saturday 2026-03-28, the day before Europe's change.
	zones := map[string]string{
		"Asia/Kolkata":       "2026-03-28T02:00:00Z", // UTC+5:30
		"Pacific/Chatham":    "2026-03-27T17:45:00Z", // UTC+13:45 (summer there)
		"Pacific/Kiritimati": "2026-03-27T17:30:00Z", // UTC+14
		"America/New_York":   "2026-03-28T11:30:00Z", // EDT since 8 March
		"Europe/Berlin":      "2026-03-28T06:30:00Z", // CET
		"Europe/Kyiv":        "2026-03-28T05:30:00Z", // EET
	}
	type reader struct{ id, email, due string }
	var readers []reader
	i := 0
	for zone, due := range zones {
		for n := range 3 {
			email := fmt.Sprintf("r%d-%d@example.com", i, n)
			h := a.reader(t, email, zone, "en")
			readers = append(readers, reader{userID(t, a, h), email, due})
			b.do(t, h, "PUT", "/api/reminders", `{"enabled":true,"time":"07:30","days":[1,2,3,4,5,6,7],"onlyIfUnread":true,"channels":["email"]}`, 200)
		}
		i++
	}
	// A third instance claimed a Berlin reader's reminder when it came due
	// and died: the others send it once the claim runs out.
	dead := a.reader(t, "dead@example.com", "Europe/Berlin", "en")
	b.do(t, dead, "PUT", "/api/reminders", `{"enabled":true,"time":"07:30","days":[1,2,3,4,5,6,7],"onlyIfUnread":true,"channels":["email"]}`, 200)
	deadID := userID(t, a, dead)
	if err := a.db.Exec("UPDATE reminders SET claimed_until = ? WHERE user_id = ?", at("2026-03-28T06:30:00Z").Add(reminders.Lease), deadID).Error; err != nil {
		t.Fatal(err)
	}
	readers = append(readers, reader{deadID, "dead@example.com", "2026-03-28T06:35:00Z"})

	ctx := context.Background()
	// Every five minutes through each zone's 07:30, both instances' loops
	// run twice at once.
	for now := at("2026-03-27T17:00:00Z"); !now.After(at("2026-03-28T12:00:00Z")); now = now.Add(5 * time.Minute) {
		c.Set(now)
		var wg sync.WaitGroup
		for _, svc := range []*reminders.Service{a.svc, b.svc, a.svc, b.svc} {
			wg.Go(func() {
				if err := svc.RunDue(ctx); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	for _, r := range readers {
		var sent []time.Time
		a.db.Raw("SELECT sent_at FROM reminder_occurrences WHERE user_id = ?", r.id).Scan(&sent)
		if len(sent) != 1 || !sent[0].Equal(at(r.due)) {
			t.Errorf("%s: reminders sent at %v, want once at %s", r.email, sent, r.due)
		}
	}
	testkit.Eventually(t, 60*time.Second, func() bool {
		for _, r := range readers {
			if len(in.to(r.email)) == 0 {
				return false
			}
		}
		return true
	}, "every reminder received")
	for _, r := range readers {
		if got := len(in.to(r.email)); got != 1 {
			t.Errorf("%s received %d reminders", r.email, got)
		}
	}
}
