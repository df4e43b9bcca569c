package bible

import "testing"

// TestNextVisitsEveryVerse walks the whole Bible with Next and back with
// Prev: both must visit exactly 31,102 existing verses in strictly
// increasing (decreasing) id order, agreeing with the dense index.
func TestNextVisitsEveryVerse(t *testing.T) {
	n := 0
	v, ok := FirstVerseID, true
	for ; ok; n++ {
		if !v.Exists() {
			t.Fatalf("visited %v, which does not exist", v)
		}
		if i, _ := v.Index(); i != n {
			t.Fatalf("%v has index %d, want %d", v, i, n)
		}
		next, more := v.Next()
		if more && next <= v {
			t.Fatalf("Next(%v) = %v goes backwards", v, next)
		}
		if !more && v != LastVerseID {
			t.Fatalf("Next stopped at %v", v)
		}
		v, ok = next, more
	}
	if n != TotalVerses {
		t.Fatalf("Next visited %d verses, want %d", n, TotalVerses)
	}
	n = 0
	for v, ok = LastVerseID, true; ok; n++ {
		prev, more := v.Prev()
		if more && prev >= v {
			t.Fatalf("Prev(%v) = %v goes forwards", v, prev)
		}
		if !more && v != FirstVerseID {
			t.Fatalf("Prev stopped at %v", v)
		}
		v, ok = prev, more
	}
	if n != TotalVerses {
		t.Fatalf("Prev visited %d verses, want %d", n, TotalVerses)
	}
}

// TestExistsEdges checks Exists around the edge of every chapter and book,
// including chapter 0, verse 0 and one past the last of each.
func TestExistsEdges(t *testing.T) {
	count := 0
	for book := 0; book <= BookCount+1; book++ {
		b, okBook := BookByID(book)
		for c := 0; c <= b.ChapterCount+1; c++ {
			n := b.VerseCount(c)
			for v := 0; v <= n+1; v++ {
				want := okBook && c >= 1 && c <= b.ChapterCount && v >= 1 && v <= n
				if got := NewVerseID(book, c, v).Exists(); got != want {
					t.Errorf("NewVerseID(%d, %d, %d).Exists() = %v", book, c, v, got)
				}
				if want {
					count++
				}
			}
		}
	}
	if count != TotalVerses {
		t.Errorf("%d verses exist, want %d", count, TotalVerses)
	}
	for _, v := range []VerseID{0, -1, 99999999, 100000000, 167001001, 1 << 40} {
		if v.Exists() {
			t.Errorf("%d exists", int(v))
		}
		if _, ok := v.Next(); ok {
			t.Errorf("%d has a next verse", int(v))
		}
		if _, ok := v.Index(); ok {
			t.Errorf("%d has an index", int(v))
		}
	}
	if _, ok := VerseAt(-1); ok {
		t.Error("VerseAt(-1)")
	}
	if _, ok := VerseAt(TotalVerses); ok {
		t.Error("VerseAt(TotalVerses)")
	}
}

func TestVerseIDString(t *testing.T) {
	if s := VerseID(143003016).String(); s != "JHN 3:16" {
		t.Errorf("String() = %q", s)
	}
	if s := VerseID(5).String(); s != "VerseID(5)" {
		t.Errorf("String() = %q", s)
	}
}
