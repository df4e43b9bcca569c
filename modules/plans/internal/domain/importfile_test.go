package domain

import (
	"errors"
	"testing"

	"lamplight/modules/bible"
)

func refs(t *testing.T, text string) []bible.Range {
	t.Helper()
	rs, err := bible.ParseList(text, bible.English)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func sameDays(t *testing.T, got []Day, want ...string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d days, want %d", len(got), len(want))
	}
	for i, w := range want {
		r := refs(t, w)
		if len(got[i].Units) != len(r) {
			t.Fatalf("day %d: %v, want %s", i+1, got[i].Units, w)
		}
		for j := range r {
			if got[i].Units[j] != r[j] {
				t.Fatalf("day %d: %v, want %s", i+1, got[i].Units, w)
			}
		}
	}
}

func TestReadTextOneDayALineInAnyLanguage(t *testing.T) {
	body := "Summer in the Gospels\nGen 1-3; Matt 1\n\n1. Mose 4; Mt 2\nДень 3: Буття 5\nGen 99\nBogus 3\n"
	im, err := ReadFile([]byte(body), bible.English)
	if err != nil {
		t.Fatal(err)
	}
	if im.Kind != KindText || im.Plan.Name != "Summer in the Gospels" {
		t.Fatalf("kind %s name %q", im.Kind, im.Plan.Name)
	}
	sameDays(t, im.Plan.Days, "Gen 1-3; Matt 1", "Gen 4; Matt 2", "Gen 5")
	want := []LineError{{Line: 6, Text: "Gen 99", Reason: ReasonVerseRange}, {Line: 7, Text: "Bogus 3", Reason: ReasonBookName}}
	if len(im.Errors) != 2 || im.Errors[0] != want[0] || im.Errors[1] != want[1] {
		t.Fatalf("errors %+v", im.Errors)
	}
}

func TestReadCSVWithADateColumn(t *testing.T) {
	body := "date,reading\n\"2025-07-18\",\"Gen 50; Ex 1-3\"\n2025-07-19,Exod 4\nsoon,Exod 5\n2025-07-21,Exodus 99\n"
	im, err := ReadFile([]byte(body), bible.English)
	if err != nil {
		t.Fatal(err)
	}
	if im.Kind != KindCSV || im.StartDate != "2025-07-18" || im.Weekdays != 0 {
		t.Fatalf("%+v", im)
	}
	sameDays(t, im.Plan.Days, "Gen 50; Exod 1-3", "Exod 4")
	if len(im.Errors) != 2 || im.Errors[0].Line != 4 || im.Errors[0].Reason != ReasonDate || im.Errors[1].Line != 5 || im.Errors[1].Reason != ReasonVerseRange {
		t.Fatalf("errors %+v", im.Errors)
	}
}

func TestReadJSONOfBothKinds(t *testing.T) {
	ref := `{"name":"Short","days":[{"passages":[{"startVerseId":101001001,"endVerseId":101001031}]},{"passages":[{"startVerseId":101002001,"endVerseId":102001001}]},{"passages":[{"startVerseId":143003001,"endVerseId":143003036}]}]}`
	im, err := ReadFile([]byte(ref), bible.English)
	if err != nil {
		t.Fatal(err)
	}
	if im.Kind != KindJSON || im.Plan.Name != "Short" {
		t.Fatalf("%+v", im)
	}
	sameDays(t, im.Plan.Days, "Gen 1", "John 3")
	if len(im.Errors) != 1 || im.Errors[0] != (LineError{Day: 2, Passage: 1, Reason: ReasonVerseRange}) {
		t.Fatalf("errors %+v", im.Errors)
	}
	tp, _ := TemplateByID("horner")
	own := `{"format":"lamplight-plan","version":1,"name":"Lists","tracks":[{"name":"Acts","passages":[{"startVerseId":144001001,"endVerseId":144001026}]}]}`
	im, err = ReadFile([]byte(own), bible.English)
	if err != nil || im.Kind != KindOwn || len(im.Plan.Tracks) != 1 || im.Plan.Tracks[0].Units[0] != tp.Plan.Tracks[9].Units[0] {
		t.Fatalf("%+v %v", im, err)
	}
}

func TestReadFileRefusals(t *testing.T) {
	for _, body := range []string{"", "   ", "{\"name\":\"x\"}", "{not json", "\xff\xfe"} {
		if _, err := ReadFile([]byte(body), bible.English); !errors.Is(err, ErrUnreadable) {
			t.Errorf("%q: %v", body, err)
		}
	}
	if _, err := ReadFile(make([]byte, MaxFileBytes+1), bible.English); !errors.Is(err, ErrTooLarge) {
		t.Error("a large file was read")
	}
}
