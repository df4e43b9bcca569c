// Package store keeps reading plans in the database. Every read and write
// is scoped by the owner's id, so another reader's plan is simply not found.
package store

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"lamplight/modules/plans/internal/domain"
	"lamplight/modules/plans/plansapi"
	"lamplight/platform/db"
	"lamplight/platform/uow"
)

//go:embed migrations
var migrationFS embed.FS

// Migrations creates the reading_plans and plan_versions tables.
func Migrations() db.Migrations { return db.Embedded("plans", migrationFS) }

// ErrNotFound means no plan with that id belongs to the reader.
var ErrNotFound = errors.New("plan not found")

// Stored is a reader's plan as kept.
type Stored struct {
	ID        string
	Name      string
	Source    string
	Plan      domain.Plan
	Following domain.Following
	CreatedAt time.Time
	UpdatedAt time.Time
}

type row struct {
	ID        string `gorm:"primaryKey"`
	UserID    string
	Name      string
	Source    string
	Plan      string
	Following string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (row) TableName() string { return "reading_plans" }

func (r row) stored() (Stored, error) {
	s := Stored{ID: r.ID, Name: r.Name, Source: r.Source, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	if err := json.Unmarshal([]byte(r.Plan), &s.Plan); err != nil {
		return Stored{}, err
	}
	return s, json.Unmarshal([]byte(r.Following), &s.Following)
}

// Store is the plans repository.
type Store struct {
	db *gorm.DB
	w  *uow.Writer
}

// New builds the repository on the units of work of w.
func New(w *uow.Writer) *Store { return &Store{db: w.DB(), w: w} }

// Tx is the repository inside a unit of work.
type Tx struct {
	*uow.Tx
	db *gorm.DB
}

// Transact runs fn in one unit of work.
func (s *Store) Transact(ctx context.Context, fn func(tx *Tx) error) error {
	return s.w.Transact(ctx, func(u *uow.Tx) error { return fn(&Tx{Tx: u, db: u.DB()}) })
}

// CountLocked counts the reader's plans. On PostgreSQL it first takes a
// transaction-scoped advisory lock on the reader (a row lock cannot guard a
// first plan), so two creations at once cannot both pass the limit; SQLite
// writes one unit of work at a time.
func (s *Tx) CountLocked(userID string) (int, error) {
	if s.db.Name() == db.Postgres {
		if err := s.db.Exec("SELECT pg_advisory_xact_lock(hashtext('reading_plans:' || ?))", userID).Error; err != nil {
			return 0, err
		}
	}
	var n int64
	err := s.db.Model(&row{}).Where("user_id = ?", userID).Count(&n).Error
	return int(n), err
}

// Insert adds a plan.
func (s *Tx) Insert(userID string, p Stored) error {
	plan, err := json.Marshal(p.Plan)
	if err != nil {
		return err
	}
	following, err := json.Marshal(p.Following)
	if err != nil {
		return err
	}
	return s.db.Create(&row{
		ID: p.ID, UserID: userID, Name: p.Name, Source: p.Source, Plan: string(plan), Following: string(following),
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
	}).Error
}

// Update changes how the reader follows one plan through change, which
// sees the current plan; the row is locked on PostgreSQL until the unit of
// work ends.
func (s *Tx) Update(userID, id string, change func(p *Stored) error) (Stored, error) {
	var r row
	q := s.db
	if s.db.Name() == db.Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	err := q.Where("user_id = ? AND id = ?", userID, id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Stored{}, ErrNotFound
	}
	if err != nil {
		return Stored{}, err
	}
	p, err := r.stored()
	if err != nil {
		return Stored{}, err
	}
	if err := change(&p); err != nil {
		return Stored{}, err
	}
	following, err := json.Marshal(p.Following)
	if err != nil {
		return Stored{}, err
	}
	err = s.db.Model(&row{}).Where("user_id = ? AND id = ?", userID, id).Updates(map[string]any{
		"following": string(following), "updated_at": p.UpdatedAt,
	}).Error
	return p, err
}

// Changed marks a write to the reader's plans within the unit of work, as
// every write does: the plans version grows, its stamp is kept
// (uow.Tx.Stamp) and PlanChanged is recorded, so the plan progress read
// model learns of it.
func (s *Tx) Changed(userID, planID string) error {
	var version int64
	err := s.db.Raw(`INSERT INTO plan_versions (user_id, version) VALUES (?, 1)
		ON CONFLICT (user_id) DO UPDATE SET version = plan_versions.version + 1
		RETURNING version`, userID).Scan(&version).Error
	if err != nil {
		return err
	}
	s.Stamp(plansapi.VersionStamp(userID), version)
	return s.Record(plansapi.PlanChanged{UserID: userID, PlanID: planID, Version: version})
}

// Delete removes one of the reader's plans.
func (s *Tx) Delete(userID, id string) error {
	res := s.db.Where("user_id = ? AND id = ?", userID, id).Delete(&row{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// Get reads one of the reader's plans.
func (s *Store) Get(ctx context.Context, userID, id string) (Stored, error) {
	var r row
	err := s.db.WithContext(ctx).Where("user_id = ? AND id = ?", userID, id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Stored{}, ErrNotFound
	}
	if err != nil {
		return Stored{}, err
	}
	return r.stored()
}

// List returns the reader's plans, oldest first.
func (s *Store) List(ctx context.Context, userID string) ([]Stored, error) {
	return (&Tx{db: s.db.WithContext(ctx)}).List(userID)
}

// DeleteUser removes every plan of a reader, and their version.
func (s *Store) DeleteUser(ctx context.Context, userID string) error {
	return s.db.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		if err := g.Where("user_id = ?", userID).Delete(&row{}).Error; err != nil {
			return err
		}
		return g.Exec("DELETE FROM plan_versions WHERE user_id = ?", userID).Error
	})
}

// Versioned is a reader's plans, oldest first, and their version (0 before
// the first write).
type Versioned struct {
	Plans   []Stored
	Version int64
}

// joined is one row of Read: the version, and a plan when there is one.
type joined struct {
	Version   int64
	ID        *string
	Name      *string
	Source    *string
	Plan      *string
	Following *string
	CreatedAt *time.Time
	UpdatedAt *time.Time
}

// Read returns the reader's plans and their version in one statement, as
// the read models' input does.
func (s *Store) Read(ctx context.Context, userID string) (Versioned, error) {
	var rows []joined
	err := s.db.WithContext(ctx).Raw(`SELECT v.version, p.id, p.name, p.source, p.plan, p.following, p.created_at, p.updated_at
		FROM plan_versions v LEFT JOIN reading_plans p ON p.user_id = v.user_id
		WHERE v.user_id = ? ORDER BY p.created_at, p.id`, userID).Scan(&rows).Error
	if err != nil {
		return Versioned{}, err
	}
	out := Versioned{Plans: []Stored{}}
	for _, j := range rows {
		out.Version = j.Version
		if j.ID == nil {
			continue
		}
		p, err := row{
			ID: *j.ID, Name: *j.Name, Source: *j.Source, Plan: *j.Plan, Following: *j.Following,
			CreatedAt: *j.CreatedAt, UpdatedAt: *j.UpdatedAt,
		}.stored()
		if err != nil {
			return Versioned{}, err
		}
		out.Plans = append(out.Plans, p)
	}
	return out, nil
}

// In is the repository inside a unit of work another module began (an
// archive's restore).
func (s *Store) In(u *uow.Tx) *Tx { return &Tx{Tx: u, db: u.DB()} }

// List returns the reader's plans within the unit of work, oldest first.
func (s *Tx) List(userID string) ([]Stored, error) {
	var rows []row
	if err := s.db.Where("user_id = ?", userID).Order("created_at, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]Stored, len(rows))
	for i, r := range rows {
		p, err := r.stored()
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}
