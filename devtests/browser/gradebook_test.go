// Package browser_test opens the gradebook's page, grades.html, in headless Chromium and checks
// what a person sees there. It lives in the kit's development module so that the browser driver
// it needs (chromedp) never reaches a learner's clone; it runs where a Chromium is installed, as
// .ci/run makes sure of in CI.
package browser_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kata/grader/gradebook"
	"kata/grader/verdict"
)

// golden is the gradebook of the fixed class that the gradebook's own tests keep in step with
// the code (go test ./grader/gradebook -update rewrites it).
var golden = filepath.Join("..", "..", "grader", "gradebook", "testdata", "golden")

// chromium returns the path of the Chromium to open the page in, and skips the test, saying how
// to run it, where none is installed. It never installs one: .ci/run does that in CI.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("chromium not found: install Debian's chromium package (apt-get install chromium), or run .ci/run")
	return ""
}

// The verdicts' colours as the browser computes them.
var toneColours = map[verdict.Tone]string{
	verdict.Good:       "rgb(26, 127, 55)",
	verdict.Bad:        "rgb(207, 34, 46)",
	verdict.Unfinished: "rgb(227, 179, 65)",
}

// number formats points as the page does: 70, 40.83.
func number(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// oneLine joins a message's lines with spaces, as the page's hover text does.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestHTMLInBrowser writes the fixed class's grades.html and opens it in headless Chromium, and
// checks what a person sees: every
// cell of the matrix with its verdict and colour and its reason on hover, the distribution of
// verdicts per exercise, the details of a failing cell after a click, and the same with the
// keyboard alone. It keeps a screenshot as the test's artifact (go test -artifacts).
func TestHTMLInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser")
	}
	browser := chromium(t)
	b, err := gradebook.Read(golden)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := b.Write(dir); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(browser), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.WindowSize(1200, 900))
	defer cancel()
	ctx, cancel = chromedp.NewContext(ctx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	url := "file://" + filepath.ToSlash(filepath.Join(dir, gradebook.HTMLFile))
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(".matrix"))); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}

	cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]struct {
		Student, Exercise, Verdict, Text, Background, Title string
	}](`Array.from(document.querySelectorAll(".cell")).map(c => ({
		Student: c.dataset.student, Exercise: c.dataset.exercise, Verdict: c.dataset.verdict,
		Text: c.innerText, Background: getComputedStyle(c).backgroundColor, Title: c.title}))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != len(b.Grades) {
		t.Fatalf("the matrix shows %d cells, want %d", len(cells), len(b.Grades))
	}
	for i, c := range cells {
		r := b.Grades[i]
		where := r.Student + "/" + r.Exercise
		switch {
		case c.Student != r.Student || c.Exercise != r.Exercise || c.Verdict != string(r.Verdict):
			t.Errorf("cell %d is %s/%s %s, want %s %s", i, c.Student, c.Exercise, c.Verdict, where, r.Verdict)
		case !strings.Contains(c.Text, gradebook.Abbrev(r.Verdict)) || !strings.Contains(c.Text, number(r.Score.Score)):
			t.Errorf("%s shows %q, want its verdict %s and score %s", where, c.Text, gradebook.Abbrev(r.Verdict), number(r.Score.Score))
		case c.Background != toneColours[r.Verdict.Tone()]:
			t.Errorf("%s (%s) is coloured %s, want %s", where, r.Verdict, c.Background, toneColours[r.Verdict.Tone()])
		case !strings.Contains(c.Title, oneLine(r.Message)):
			t.Errorf("%s's hover text is %q, want its reason %q", where, c.Title, r.Message)
		}
	}

	bars, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]map[string]string](`Object.fromEntries(
		Array.from(document.querySelectorAll(".bar")).map(b => [b.dataset.exercise,
			Object.fromEntries(Array.from(b.querySelectorAll(".seg")).map(s => [s.dataset.verdict, s.innerText]))]))`))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range b.Exercises {
		want := map[string]string{}
		for _, r := range b.Grades {
			if r.Exercise == e.Name {
				n := 1
				if s, ok := want[string(r.Verdict)]; ok {
					fmt.Sscan(s, &n)
					n++
				}
				want[string(r.Verdict)] = fmt.Sprintf("%d %s", n, gradebook.Abbrev(r.Verdict))
			}
		}
		if got := bars[e.Name]; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the distribution of %s shows %v, want %v", e.Name, got, want)
		}
	}

	// A click on a failing cell opens its details.
	failing, _ := b.Row("bob", "hashset")
	if err := soon(ctx,
		chromedp.Click(chromedp.CSS(`.cell[data-student="bob"][data-exercise="hashset"]`)),
		chromedp.WaitVisible(chromedp.CSS("#details")),
	); err != nil {
		t.Fatalf("a click on bob · hashset did not open its details: %v", err)
	}
	shown, message, verdictShown := panel(ctx, t)
	if shown != "bob · hashset" || message != failing.Message || verdictShown != failing.Verdict.Words() {
		t.Errorf("after a click the details say %q, %q, %q; want bob · hashset, %q, %q",
			shown, verdictShown, message, failing.Verdict.Words(), failing.Message)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.ArtifactDir(), "grades.png")
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)

	// The keyboard alone: Escape closes, arrows move between cells, Enter opens.
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("details").hidden`)); err != nil || !hidden {
		t.Errorf("Escape did not close the details (%v)", err)
	}
	if err := soon(ctx,
		chromedp.Focus(chromedp.CSS(`.cell[data-student="ada"][data-exercise="skiplist"]`)),
		chromedp.KeyEvent(kb.ArrowDown),
		chromedp.KeyEvent(kb.ArrowDown),
		chromedp.KeyEvent(kb.ArrowLeft),
		chromedp.KeyEvent(kb.Enter),
		chromedp.WaitVisible(chromedp.CSS("#details")),
	); err != nil {
		t.Fatalf("the keyboard did not open a cell's details: %v", err)
	}
	shown, message, _ = panel(ctx, t)
	reached, _ := b.Row("carol", "hashset")
	if shown != "carol · hashset" || message != reached.Message {
		t.Errorf("down, down, left and Enter from ada · skiplist show %q: %q; want carol · hashset: %q", shown, message, reached.Message)
	}
}

// panel reads the details panel: its title, the reason and the verdict it shows.
func panel(ctx context.Context, t *testing.T) (title, message, verdict string) {
	t.Helper()
	read := func(sel string) string {
		text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	return read("#details-title"), read(`#details [data-field="message"]`), read(`#details [data-field="verdict"]`)
}

// soon runs steps that wait for the page, giving up after ten seconds.
func soon(ctx context.Context, steps ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return chromedp.Do(ctx, steps...)
}
