package memo

import "testing"

func TestMemoAnswersOnlyForItsVersion(t *testing.T) {
	m := New[string, string](16)
	if _, ok := m.Get("u1", 1); ok {
		t.Fatal("empty memo answered")
	}
	m.Put("u1", 2, "two")
	if v, ok := m.Get("u1", 2); !ok || v != "two" {
		t.Fatalf("got %q %v", v, ok)
	}
	if _, ok := m.Get("u1", 3); ok {
		t.Fatal("answered for a newer version")
	}
	// A slow caller's older value does not replace a newer one.
	m.Put("u1", 1, "one")
	if v, ver, ok := m.Latest("u1"); !ok || ver != 2 || v != "two" {
		t.Fatalf("latest %q %d %v", v, ver, ok)
	}
	m.Replace("u1", 1, "one")
	if v, ok := m.Get("u1", 1); !ok || v != "one" {
		t.Fatalf("replace: %q %v", v, ok)
	}
	m.Update("u1", func(old string, v int64, found bool) (string, int64) {
		if !found || old != "one" || v != 1 {
			t.Fatalf("update saw %q %d %v", old, v, found)
		}
		return old + "+", v + 1
	})
	if v, ok := m.Get("u1", 2); !ok || v != "one+" {
		t.Fatalf("update: %q %v", v, ok)
	}
	m.Put("u2", 1, "x")
	m.ForgetIf(func(k string) bool { return k == "u1" })
	m.Forget("u2")
	if _, _, ok := m.Latest("u1"); ok {
		t.Fatal("u1 kept after ForgetIf")
	}
	if _, _, ok := m.Latest("u2"); ok {
		t.Fatal("u2 kept after Forget")
	}
}

func TestMemoIsBounded(t *testing.T) {
	m := New[int, int](100)
	for i := range 10_000 {
		m.Put(i, 1, i)
	}
	m.c.CleanUp()
	if n := m.c.EstimatedSize(); n > 100 {
		t.Fatalf("%d entries kept, bound 100", n)
	}
}
