package domain

// CatchUp builds the action of a mode, taken today, for a reader whose
// progress is pr. The caller records it with Following.With; Undo drops it.
func (f Following) CatchUp(mode string, p *Plan, pr Progress, today Date) (Adjustment, error) {
	if p.Cyclic() {
		return Adjustment{}, ErrCyclic
	}
	paused, _ := f.Paused()
	switch mode {
	case Pause:
		if paused {
			return Adjustment{}, ErrPaused
		}
		return Adjustment{Mode: Pause, On: today.String()}, nil
	case Resume:
		if !paused {
			return Adjustment{}, ErrNotPaused
		}
		return Adjustment{Mode: Resume, On: today.String()}, nil
	case Shift, Rebalance, Spread, Extend:
	default:
		return Adjustment{}, ErrUnknownMode
	}
	if paused {
		return Adjustment{}, ErrPaused
	}
	if pr.Finished() {
		return Adjustment{}, ErrFinished
	}
	s, err := f.Schedule(p, today)
	if err != nil {
		return Adjustment{}, err
	}
	a := Adjustment{Mode: mode, On: today.String()}
	switch mode {
	case Shift:
		a.FromDay = pr.NextDay
	case Rebalance:
		a.Slots = f.recut(p, pr, today, s.End())
	case Extend:
		a.Slots = f.recut(p, pr, today, max(s.End(), today)+7)
	case Spread:
		a.Slots = f.spread(p, pr, s, today)
		if a.Slots == nil {
			return Adjustment{}, ErrNothingToDo
		}
	}
	return a, nil
}

// recut spreads the units not done over the active dates from today to end
// by verse weight (see Cut), keeping each day's open units together.
func (f Following) recut(p *Plan, pr Progress, today, end Date) [][]int {
	var groups [][]int
	var weights []int
	u := 0
	for _, day := range p.Days {
		var open []int
		w := 0
		for _, unit := range day.Units {
			if !pr.Units[u] {
				open = append(open, u)
				w += unit.Count()
			}
			u++
		}
		if len(open) > 0 {
			groups = append(groups, open)
			weights = append(weights, w)
		}
	}
	n := max(f.calendar(today).count(today, end), 1)
	slots := make([][]int, n)
	first := 0
	for k, last := range Cut(weights, n) {
		for _, g := range groups[first:last] {
			slots[k] = append(slots[k], g...)
		}
		first = last
	}
	return slots
}

// spread adds the units of the days behind to the coming active dates, each
// date taking at most half its own weight more: each unit, in plan order,
// goes to the first date from today with room for it. A unit no date up to
// the plan's end has room for goes alone onto a date after the end. It
// returns nil when nothing is behind.
func (f Following) spread(p *Plan, pr Progress, s Schedule, today Date) [][]int {
	units, dayOf := p.Units()
	var backlog []int
	for u := range units {
		if !pr.Units[u] && s.Days[dayOf[u]] < today {
			backlog = append(backlog, u)
		}
	}
	if len(backlog) == 0 {
		return nil
	}
	own := map[Date]int{}
	for u, d := range s.Units {
		if d >= today {
			own[d] += units[u].Count()
		}
	}
	cal := f.calendar(today)
	end := max(s.End(), today)
	var room []int // by slot: active dates from today to the end
	for d := today; d <= end; d++ {
		if cal.active(d) {
			room = append(room, own[d]/2)
		}
	}
	slots := make([][]int, len(room))
	for _, u := range backlog {
		w := units[u].Count()
		k := 0
		for k < len(room) && room[k] < w {
			k++
		}
		if k == len(room) {
			room = append(room, 0)
			slots = append(slots, nil)
		} else {
			room[k] -= w
		}
		slots[k] = append(slots[k], u)
	}
	for len(slots) > 0 && slots[len(slots)-1] == nil {
		slots = slots[:len(slots)-1]
	}
	return slots
}
