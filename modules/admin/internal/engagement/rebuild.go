package engagement

import (
	"context"
	"maps"
	"slices"
	"sort"
	"sync"

	"gorm.io/gorm"

	"lamplight/platform/db"
)

// A full rebuild rebuilds this many readers at once (each mostly waits on
// the database), in chunks of rebuildChunk readers in id order; the
// checkpoint moves past a chunk once it and every chunk before it are done.
const (
	rebuildWorkers = 4
	rebuildChunk   = 100
)

// RebuildAll implements readmodelsapi.BulkRebuilder: every reader's facts
// recomputed from their modules by bounded workers, then the days' figures
// counted again from the facts. A rebuild that stopped (killed, or an
// error) continues after its checkpoint when run again. While it runs the
// figures may be off; its last step makes them exact.
func (p *Projection) RebuildAll(ctx context.Context, users []string, progress func(done, total int)) error {
	users = slices.Sorted(slices.Values(users))
	through, err := p.store.startRebuild(ctx)
	if err != nil {
		return err
	}
	start := 0
	if through != "" {
		start = sort.Search(len(users), func(i int) bool { return users[i] > through })
	}
	todo := users[start:]
	chunks := (len(todo) + rebuildChunk - 1) / rebuildChunk
	chunk := func(i int) []string { return todo[i*rebuildChunk : min((i+1)*rebuildChunk, len(todo))] }

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		finished = make([]bool, chunks)
		next     int // the first chunk not finished
		done     = start
		failed   error
	)
	// finish records chunk i; the checkpoint is written even when the
	// rebuild is being stopped, so the work done is kept.
	finish := func(i int) error {
		mu.Lock()
		defer mu.Unlock()
		finished[i] = true
		done += len(chunk(i))
		moved := false
		for next < chunks && finished[next] {
			next, moved = next+1, true
		}
		if moved {
			last := chunk(next - 1)
			if err := p.store.checkpoint(context.WithoutCancel(ctx), last[len(last)-1]); err != nil {
				return err
			}
		}
		if progress != nil {
			progress(done, len(users))
		}
		return nil
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(rebuildWorkers, chunks) {
		wg.Go(func() {
			for i := range jobs {
				err := p.rebuildChunk(ctx, chunk(i))
				if err == nil {
					err = finish(i)
				}
				if err != nil {
					mu.Lock()
					if failed == nil {
						failed = err
					}
					mu.Unlock()
					cancel()
				}
			}
		})
	}
feed:
	for i := range chunks {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if failed != nil {
		return failed
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return p.store.recount(ctx, true)
}

// rebuildChunk rebuilds the facts of the readers, read one by one from
// their modules and written together in one transaction, leaving the days'
// figures to the recount at the end.
func (p *Projection) rebuildChunk(ctx context.Context, users []string) error {
	facts := make(map[string]readerFacts, len(users))
	for _, u := range users {
		if err := ctx.Err(); err != nil {
			return err
		}
		f, ok, err := p.sourceFacts(ctx, u)
		if err != nil {
			return err
		}
		if ok {
			facts[u] = f
		}
	}
	if len(facts) == 0 {
		return nil
	}
	return p.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		deleted, err := turns(tx, slices.Sorted(maps.Keys(facts)))
		if err != nil {
			return err
		}
		for u := range deleted {
			delete(facts, u)
		}
		return replaceAll(tx, facts)
	})
}

// recountIfAsked counts the days' figures again when the schema's
// migration asked for it, once.
func (p *Projection) recountIfAsked(ctx context.Context) error {
	if p.counted.Load() {
		return nil
	}
	asked, err := p.store.recountAsked(ctx, p.store.db)
	if err == nil && asked {
		err = p.store.recount(ctx, false)
	}
	if err == nil {
		p.counted.Store(true)
	}
	return err
}

// startRebuild answers the checkpoint of a rebuild that stopped, or marks
// a new one running.
func (s *store) startRebuild(ctx context.Context) (string, error) {
	var st struct {
		Running bool
		Through string
	}
	if err := s.db.WithContext(ctx).Raw(`SELECT running, through FROM engagement_rebuild WHERE id = 1`).Scan(&st).Error; err != nil {
		return "", err
	}
	if st.Running {
		return st.Through, nil
	}
	return "", s.db.WithContext(ctx).Exec(`UPDATE engagement_rebuild SET running = TRUE, through = '' WHERE id = 1`).Error
}

func (s *store) checkpoint(ctx context.Context, through string) error {
	return s.db.WithContext(ctx).Exec(`UPDATE engagement_rebuild SET through = ? WHERE id = 1`, through).Error
}

func (s *store) recountAsked(ctx context.Context, g *gorm.DB) (bool, error) {
	var asked bool
	err := g.WithContext(ctx).Raw(`SELECT recount FROM engagement_rebuild WHERE id = 1`).Scan(&asked).Error
	return asked, err
}

// recount counts every day's figures again from the facts, each reader's
// reading through the same contributions as the writes, and ends a rebuild
// when rebuilt. The days are locked meanwhile: a write that changed facts
// waits to move the figures until the recount (which did not see its
// uncommitted facts) is done.
func (s *store) recount(ctx context.Context, rebuilt bool) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if tx.Name() == db.Postgres {
			if err := tx.Exec(`LOCK TABLE engagement_days IN EXCLUSIVE MODE`).Error; err != nil {
				return err
			}
		}
		if !rebuilt {
			// Another instance may have counted while this one waited.
			if asked, err := s.recountAsked(ctx, tx); err != nil || !asked {
				return err
			}
		}
		signups := map[string]int{}
		rows, err := tx.Raw(`SELECT user_id, signup_date FROM engagement_accounts`).Rows()
		if err != nil {
			return err
		}
		for rows.Next() {
			var u, d string
			if err := rows.Scan(&u, &d); err != nil {
				rows.Close()
				return err
			}
			signups[u] = day(d)
		}
		if err := closeRows(rows); err != nil {
			return err
		}

		t := tally{}
		f, current := newFacts(), ""
		flush := func() {
			if current == "" {
				return
			}
			f.signup, f.hasAccount = signups[current]
			delete(signups, current)
			f.contribute(always, t, 1)
			f = newFacts()
		}
		rows, err = tx.Raw(`SELECT user_id, day, goal_met FROM engagement_reading_days ORDER BY user_id, day`).Rows()
		if err != nil {
			return err
		}
		for rows.Next() {
			var u, d string
			var goal bool
			if err := rows.Scan(&u, &d, &goal); err != nil {
				rows.Close()
				return err
			}
			if u != current {
				flush()
				current = u
			}
			f.reading[day(d)] = goal
		}
		if err := closeRows(rows); err != nil {
			return err
		}
		flush()
		for _, s := range signups {
			(readerFacts{hasAccount: true, signup: s}).contribute(always, t, 1)
		}

		// Notes, reminders and deletions are counted per day.
		for field, sql := range map[int]string{
			fNotes: `SELECT n.day AS day, SUM(n.notes) AS n FROM engagement_note_days n
				LEFT JOIN engagement_accounts a ON a.user_id = n.user_id
				WHERE a.signup_date IS NULL OR n.day >= a.signup_date GROUP BY n.day`,
			fSent: `SELECT day, COUNT(*) AS n FROM engagement_reminder_days WHERE sent GROUP BY day`,
			fFollowed: `SELECT m.day AS day, COUNT(*) AS n FROM engagement_reminder_days m
				JOIN engagement_reading_days r ON r.user_id = m.user_id AND r.day = m.day
				LEFT JOIN engagement_accounts a ON a.user_id = m.user_id
				WHERE m.sent AND (a.signup_date IS NULL OR m.day >= a.signup_date) GROUP BY m.day`,
			fDeleted: `SELECT deleted_on AS day, COUNT(*) AS n FROM engagement_readers WHERE deleted_on IS NOT NULL GROUP BY deleted_on`,
		} {
			var perDay []struct {
				Day string
				N   int
			}
			if err := tx.Raw(sql).Scan(&perDay).Error; err != nil {
				return err
			}
			for _, r := range perDay {
				t.add(day(r.Day), day(r.Day), field, r.N)
			}
		}

		if err := tx.Exec(`DELETE FROM engagement_days`).Error; err != nil {
			return err
		}
		if err := insertDays(tx, t.rows(), ""); err != nil {
			return err
		}
		end := `UPDATE engagement_rebuild SET recount = FALSE WHERE id = 1`
		if rebuilt {
			end = `UPDATE engagement_rebuild SET recount = FALSE, running = FALSE, through = '' WHERE id = 1`
		}
		return tx.Exec(end).Error
	})
}

func closeRows(rows interface {
	Err() error
	Close() error
}) error {
	if err := rows.Err(); err != nil {
		rows.Close()
		return err
	}
	return rows.Close()
}
