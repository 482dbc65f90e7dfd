package gradebook

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"kata/grader"
	"kata/grader/classroom"
	"kata/grader/exercise"
	"kata/grader/internal/golden"
	"kata/grader/internal/growth"
	"kata/grader/result"
	"kata/grader/verdict"
)

// goldenFile compares got with testdata/golden/name, or rewrites it with -update.
func goldenFile(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", name), got, "the gradebook")
}

// TestGolden writes every file of the fixed class's gradebook and compares it with its golden
// copy. The fixed results have fixed times, so nothing needs normalising.
func TestGolden(t *testing.T) {
	b := fixtureBook(t)
	dir := t.TempDir()
	if err := b.Write(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{CSVFile, JSONFile, HTMLFile, JUnitFile} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		goldenFile(t, name, got)
	}
	got, err := os.ReadFile(filepath.Join(dir, GradescopeDir, "bob", GradescopeFile))
	if err != nil {
		t.Fatal(err)
	}
	goldenFile(t, "gradescope-bob.json", got)
	var summary bytes.Buffer
	b.WriteSummary(&summary, false)
	goldenFile(t, "summary.txt", summary.Bytes())
	for _, line := range strings.Split(summary.String(), "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("summary line is %d columns wide, more than 80: %q", n, line)
		}
	}
}

func TestGrade(t *testing.T) {
	slow := []result.Complexity{{Judgement: result.Judgement{Op: "Add", Status: growth.Right}}, {Judgement: result.Judgement{Op: "Search"}}, {Judgement: result.Judgement{Op: "Erase", Status: growth.Right}}}
	for _, c := range []struct {
		reason     string
		verdict    verdict.Verdict
		tests      []result.Test
		complexity []result.Complexity
		weight     float64
		want       Score
	}{
		{"accepted earns everything", verdict.Accepted, fixtureTests(4, 4, ""), nil, 1,
			Score{Score: 100, MaxScore: 100, Correctness: 70, Performance: 30}},
		{"the weight multiplies every part", verdict.Accepted, fixtureTests(4, 4, ""), nil, 2.5,
			Score{Score: 250, MaxScore: 250, Correctness: 175, Performance: 75}},
		{"a wrong answer earns the share passed before it", verdict.WrongAnswer, fixtureTests(12, 3, result.Fail), nil, 1,
			Score{Score: 17.5, MaxScore: 100, Correctness: 17.5}},
		{"a pass after the first failure does not count", verdict.WrongAnswer,
			append(fixtureTests(3, 1, result.Fail)[:2], result.Test{Name: "late", Status: result.Pass}), nil, 1,
			Score{Score: 23.33, MaxScore: 100, Correctness: 23.33}},
		{"a crash counts like a wrong answer at the same place", verdict.RuntimeError, fixtureTests(12, 3, result.Fail), nil, 1,
			Score{Score: 17.5, MaxScore: 100, Correctness: 17.5}},
		{"too slow after every answer was right earns the operations that grew as expected",
			verdict.TimeLimitExceeded, fixtureTests(10, 10, ""), slow, 1,
			Score{Score: 90, MaxScore: 100, Correctness: 70, Performance: 20}},
		{"the wall clock with no operation found too slow earns no performance",
			verdict.TimeLimitExceeded, fixtureTests(10, 10, ""), []result.Complexity{{Judgement: result.Judgement{Op: "Add", Status: growth.Right}}}, 1,
			Score{Score: 70, MaxScore: 100, Correctness: 70}},
		{"a stuck call during the correctness tests earns no performance",
			verdict.TimeLimitExceeded, fixtureTests(10, 5, result.Fail), slow, 1,
			Score{Score: 35, MaxScore: 100, Correctness: 35}},
		{"too much memory after every answer was right earns the correctness",
			verdict.MemoryLimitExceeded, fixtureTests(10, 10, ""), nil, 1,
			Score{Score: 70, MaxScore: 100, Correctness: 70}},
		{"a compile error earns nothing", verdict.CompileError, nil, nil, 1, Score{MaxScore: 100}},
		{"a broken rule earns nothing, whatever passed", verdict.RuleViolation, fixtureTests(4, 4, ""), nil, 1, Score{MaxScore: 100}},
		{"unfinished work earns nothing, whatever passed", verdict.NotImplemented, fixtureTests(4, 3, result.Fail), nil, 1, Score{MaxScore: 100}},
		{"no tests at all earns no correctness", verdict.RuntimeError, nil, nil, 1, Score{MaxScore: 100}},
	} {
		r := &result.Result{Exercise: "fixture", Verdict: c.verdict, Tests: c.tests, Complexity: c.complexity}
		if got := Grade(r, c.weight); got != c.want {
			t.Errorf("%s: Grade = %+v, want %+v", c.reason, got, c.want)
		}
	}
}

// TestGradeSkipsPerformanceTests checks, on each real suite that has performance tests, that
// they do not count as correctness tests: a submission that passed every other test and failed
// a performance test keeps all the correctness points.
func TestGradeSkipsPerformanceTests(t *testing.T) {
	found := false
	for _, name := range exercise.Names() {
		var tests []result.Test
		for _, tt := range grader.HiddenTests(name) {
			status := result.Pass
			if tt.Performance {
				status, found = result.Fail, true
			}
			tests = append(tests, result.Test{Name: tt.Name, Status: status})
		}
		r := &result.Result{Exercise: name, Verdict: verdict.TimeLimitExceeded, Tests: tests}
		if got := Grade(r, 1); got.Correctness != CorrectnessPoints {
			t.Errorf("%s: correctness %v after every correctness test passed, want %d", name, got.Correctness, CorrectnessPoints)
		}
	}
	if !found {
		t.Skip("no suite has a performance test yet")
	}
}

func TestCSVParsesBack(t *testing.T) {
	b := fixtureBook(t)
	var buf bytes.Buffer
	if err := b.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(records[0], CSVHeader) {
		t.Fatalf("header %q, want %q", records[0], CSVHeader)
	}
	if len(records)-1 != len(b.Grades) {
		t.Fatalf("%d rows, want %d", len(records)-1, len(b.Grades))
	}
	for i, rec := range records[1:] {
		r := b.Grades[i]
		score, _ := strconv.ParseFloat(rec[3], 64)
		seed, _ := strconv.ParseUint(rec[6], 10, 64)
		if rec[0] != r.Student || rec[1] != r.Exercise || rec[2] != string(r.Verdict) || score != r.Score.Score ||
			seed != r.Seed || rec[7] != r.Message {
			t.Errorf("row %d reads back as %q, from %+v", i+1, rec, r)
		}
	}
}

func TestJSONReadsBack(t *testing.T) {
	b := fixtureBook(t)
	dir := t.TempDir()
	if err := b.Write(dir); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(b, got); d != "" {
		t.Errorf("grades.json reads back differently (-wrote +read):\n%s", d)
	}
}

func TestReadRefuses(t *testing.T) {
	for _, c := range []struct {
		reason, content, want string
	}{
		{"no gradebook", "", "holds no grades.json"},
		{"another JSON", `{"results": []}`, "is not a kata gradebook"},
		{"a newer format", `{"format": "kata-gradebook", "version": 9}`, "format 9"},
		{"a name that is a path", `{"format": "kata-gradebook", "version": 1, "students": [{"name": "../x"}]}`, "cannot be a folder's name"},
	} {
		dir := t.TempDir()
		if c.content != "" {
			if err := os.WriteFile(filepath.Join(dir, JSONFile), []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Read error %v, want one saying %q", c.reason, err, c.want)
		}
	}
}

// The keys Gradescope's "Autograder Specifications" document for results.json and for each of
// its tests (https://gradescope-autograders.readthedocs.io/en/latest/specs/#output-format).
var (
	gradescopeKeys = map[string]bool{"score": true, "execution_time": true, "output": true, "output_format": true,
		"test_output_format": true, "test_name_format": true, "visibility": true, "stdout_visibility": true,
		"extra_data": true, "tests": true, "leaderboard": true}
	gradescopeTestKeys = map[string]bool{"score": true, "max_score": true, "status": true, "name": true,
		"name_format": true, "number": true, "output": true, "output_format": true, "tags": true,
		"visibility": true, "extra_data": true}
	gradescopeVisibility = map[string]bool{"hidden": true, "after_due_date": true, "after_published": true, "visible": true}
)

// TestGradescopeShape checks every student's results.json against the documented shape.
func TestGradescopeShape(t *testing.T) {
	b := fixtureBook(t)
	dir := t.TempDir()
	if err := b.Write(dir); err != nil {
		t.Fatal(err)
	}
	for _, s := range b.Students {
		data, err := os.ReadFile(filepath.Join(dir, GradescopeDir, s.Name, GradescopeFile))
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		for k := range doc {
			if !gradescopeKeys[k] && k != "max_score" {
				t.Errorf("%s: results.json has key %q, which Gradescope does not document", s.Name, k)
			}
		}
		score, ok := doc["score"].(float64)
		if !ok || score != s.Score {
			t.Errorf("%s: score %v, want the number %v", s.Name, doc["score"], s.Score)
		}
		if v, _ := doc["visibility"].(string); !gradescopeVisibility[v] {
			t.Errorf("%s: visibility %q is not one of Gradescope's", s.Name, v)
		}
		tests, ok := doc["tests"].([]any)
		if !ok || len(tests) != len(b.Exercises) {
			t.Fatalf("%s: tests %v, want an array of %d", s.Name, doc["tests"], len(b.Exercises))
		}
		sum := 0.0
		for i, tt := range tests {
			test, ok := tt.(map[string]any)
			if !ok {
				t.Fatalf("%s: test %d is not an object", s.Name, i)
			}
			for k := range test {
				if !gradescopeTestKeys[k] {
					t.Errorf("%s: test %d has key %q, which Gradescope does not document", s.Name, i, k)
				}
			}
			for _, k := range []string{"name", "output", "number"} {
				if _, ok := test[k].(string); !ok {
					t.Errorf("%s: test %d's %s is %v, want a string", s.Name, i, k, test[k])
				}
			}
			sc, ok1 := test["score"].(float64)
			mx, ok2 := test["max_score"].(float64)
			if !ok1 || !ok2 || sc < 0 || sc > mx {
				t.Errorf("%s: test %d scores %v of %v", s.Name, i, test["score"], test["max_score"])
			}
			sum += sc
			status, _ := test["status"].(string)
			row, _ := b.Row(s.Name, b.Exercises[i].Name)
			if want := map[bool]string{true: "passed", false: "failed"}[row.Verdict.IsAccepted()]; status != want {
				t.Errorf("%s: test %d status %q, want %q", s.Name, i, status, want)
			}
			if v, _ := test["visibility"].(string); !gradescopeVisibility[v] {
				t.Errorf("%s: test %d visibility %q is not one of Gradescope's", s.Name, i, v)
			}
		}
		if round(sum) != score {
			t.Errorf("%s: the tests add up to %v, the score is %v", s.Name, sum, score)
		}
	}
}

// junitSchema is the part of the common JUnit XML schema (Jenkins' junit-10.xsd) kata writes:
// each element's allowed attributes and children.
var junitSchema = map[string]struct{ attrs, children []string }{
	"testsuites": {[]string{"name", "time", "tests", "failures", "errors", "disabled"}, []string{"testsuite"}},
	"testsuite": {[]string{"name", "tests", "failures", "errors", "skipped", "disabled", "time", "timestamp",
		"hostname", "id", "package", "file", "log", "url", "version"}, []string{"properties", "testcase", "system-out", "system-err"}},
	"properties": {nil, []string{"property"}},
	"property":   {[]string{"name", "value"}, nil},
	"testcase":   {[]string{"name", "classname", "time", "assertions", "status"}, []string{"skipped", "error", "failure", "system-out", "system-err"}},
	"failure":    {[]string{"message", "type"}, nil},
	"error":      {[]string{"message", "type"}, nil},
	"skipped":    {[]string{"message"}, nil},
	"system-out": {nil, nil},
	"system-err": {nil, nil},
}

// TestJUnit parses junit.xml with encoding/xml, checks it against the schema's elements and
// attributes, and checks what it says against the gradebook.
func TestJUnit(t *testing.T) {
	b := fixtureBook(t)
	var buf bytes.Buffer
	if err := b.WriteJUnit(&buf); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	var stack []string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			name := el.Name.Local
			rule, known := junitSchema[name]
			switch {
			case !known:
				t.Errorf("element <%s> is not in the JUnit schema", name)
			case len(stack) == 0 && name != "testsuites":
				t.Errorf("the root is <%s>, want <testsuites>", name)
			case len(stack) > 0 && !slices.Contains(junitSchema[stack[len(stack)-1]].children, name):
				t.Errorf("<%s> may not be inside <%s>", name, stack[len(stack)-1])
			}
			for _, a := range el.Attr {
				if !slices.Contains(rule.attrs, a.Name.Local) {
					t.Errorf("<%s> has attribute %s, which the schema does not allow", name, a.Name.Local)
				}
			}
			stack = append(stack, name)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}

	var doc JUnit
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Suites) != len(b.Students) || doc.Tests != len(b.Grades) {
		t.Fatalf("%d suites and %d tests, want %d and %d", len(doc.Suites), doc.Tests, len(b.Students), len(b.Grades))
	}
	failures, errs := 0, 0
	for i, suite := range doc.Suites {
		if suite.Name != b.Students[i].Name || len(suite.Cases) != len(b.Exercises) {
			t.Errorf("suite %d is %s with %d cases, want %s with %d", i, suite.Name, len(suite.Cases), b.Students[i].Name, len(b.Exercises))
		}
		for _, c := range suite.Cases {
			row, _ := b.Row(suite.Name, c.Name)
			problem := c.Failure
			if c.Error != nil {
				problem = c.Error
				errs++
			} else if c.Failure != nil {
				failures++
			}
			switch {
			case row.Verdict.IsAccepted() != (problem == nil):
				t.Errorf("%s/%s: %s, but failure %v and error %v", suite.Name, c.Name, row.Verdict, c.Failure, c.Error)
			case problem != nil && (problem.Type != string(row.Verdict) || strings.Contains(problem.Message, "\n")):
				t.Errorf("%s/%s: type %q message %q, want the verdict and one line", suite.Name, c.Name, problem.Type, problem.Message)
			}
		}
	}
	if failures != doc.Failures || errs != doc.Errors {
		t.Errorf("the cases hold %d failures and %d errors, the totals say %d and %d", failures, errs, doc.Failures, doc.Errors)
	}
}

// TestMergeEqualsWhole grades the fixed class in every number of shards, writes each shard's
// gradebook, reads them back and merges them: the result is the unsharded gradebook.
func TestMergeEqualsWhole(t *testing.T) {
	c, out, o := fixtureClass(t)
	var whole bytes.Buffer
	if err := fixed(New(c, out, o)).WriteJSON(&whole); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= len(c.Students)+1; n++ {
		var books []*Book
		var dirs []string
		for i := n; i >= 1; i-- { // in reverse, to show that the order of the folders does not matter
			shard := classroom.Shard{Index: i, Count: n}
			sc, so := c, o
			sc.Students = shard.Of(c.Students)
			so.Shard = shard.String()
			sout := &classroom.Outcome{Refused: out.Refused}
			for _, r := range out.Rows {
				if slices.ContainsFunc(sc.Students, func(s classroom.Student) bool { return s.Name == r.Student }) {
					sout.Rows = append(sout.Rows, r)
				}
			}
			dir := t.TempDir()
			if err := fixed(New(sc, sout, so)).Write(dir); err != nil {
				t.Fatal(err)
			}
			b, err := Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			books, dirs = append(books, b), append(dirs, dir)
		}
		merged, err := Merge(books, dirs)
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		var got bytes.Buffer
		if err := merged.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(whole.String(), got.String()); d != "" {
			t.Errorf("%d shards merge into another gradebook (-whole +merged):\n%s", n, d)
		}
	}
}

// TestMergeRefusesForEveryone merges two shards of which only one refused skiplist (its judge
// failed there): the merged gradebook refuses skiplist for everyone.
func TestMergeRefusesForEveryone(t *testing.T) {
	c, out, o := fixtureClass(t)
	var books []*Book
	for i := 1; i <= 2; i++ {
		s := classroom.Shard{Index: i, Count: 2}
		sc, so := c, o
		sc.Students, so.Shard = s.Of(c.Students), s.String()
		sout := &classroom.Outcome{Refused: out.Refused, Rows: out.Rows}
		if i == 2 {
			sout.Refused = append(slices.Clone(out.Refused), classroom.Refusal{Exercise: "skiplist", Reason: "the judge failed"})
		}
		books = append(books, New(sc, sout, so))
	}
	m, err := Merge(books, []string{"shard-1", "shard-2"})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Refused) != 2 || m.Refused[0].Exercise != "trie" || m.Refused[1].Exercise != "skiplist" {
		t.Errorf("refused %+v, want trie and skiplist, in practice-list order", m.Refused)
	}
	if len(m.Exercises) != 1 || m.Exercises[0].Name != "hashset" {
		t.Errorf("exercises %+v, want hashset alone", m.Exercises)
	}
	for _, r := range m.Grades {
		if r.Exercise != "hashset" {
			t.Errorf("a %s row is left after skiplist was refused", r.Exercise)
		}
	}
	for _, s := range m.Students {
		if s.MaxScore != 100 {
			t.Errorf("%s is scored out of %v, want 100 (hashset alone)", s.Name, s.MaxScore)
		}
	}
}

func TestMergeRefuses(t *testing.T) {
	shard := func(t *testing.T, i, n int, change func(*Book)) *Book {
		c, out, o := fixtureClass(t)
		s := classroom.Shard{Index: i, Count: n}
		c.Students = s.Of(c.Students)
		o.Shard = s.String()
		b := New(c, out, o)
		b.Grades = nil
		if change != nil {
			change(b)
		}
		return b
	}
	for _, c := range []struct {
		reason string
		books  []*Book
		want   string
	}{
		{"seeds differ", []*Book{shard(t, 1, 2, nil), shard(t, 2, 2, func(b *Book) { b.Seed++ })}, "grade every shard with the same --seed"},
		{"kits differ", []*Book{shard(t, 1, 2, nil), shard(t, 2, 2, func(b *Book) { b.Kit.Digest = "sha256:other" })}, "different kits"},
		{"weights differ", []*Book{shard(t, 1, 2, nil), shard(t, 2, 2, func(b *Book) { b.Exercises[1].Weight = 1 })}, "different exercises or weights"},
		{"a shard is missing", []*Book{shard(t, 1, 3, nil), shard(t, 3, 3, nil)}, "shard 2/3 is missing"},
		{"a shard is given twice", []*Book{shard(t, 1, 2, nil), shard(t, 1, 2, nil)}, "are both shard 1/2"},
		{"counts differ", []*Book{shard(t, 1, 2, nil), shard(t, 3, 3, nil)}, "the same --shard i/2"},
		{"a student is in two", []*Book{shard(t, 1, 1, func(b *Book) { b.Shard = "" }), shard(t, 1, 1, func(b *Book) { b.Shard = "" })}, "student ada is in both"},
		{"a shard and a whole class", []*Book{shard(t, 1, 2, nil), shard(t, 2, 2, func(b *Book) { b.Shard = "" })}, "only one of them is a shard"},
	} {
		dirs := make([]string, len(c.books))
		for i := range dirs {
			dirs[i] = "shard-" + strconv.Itoa(i+1)
		}
		_, err := Merge(c.books, dirs)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: Merge error %v, want one line saying %q", c.reason, err, c.want)
		}
	}
}
