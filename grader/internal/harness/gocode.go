package harness

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Lit formats a value as a Go literal a learner can paste: math.MinInt for the smallest int,
// strings.Repeat for long runs of one letter, nil for a nil byte slice.
func Lit(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int:
		switch x {
		case math.MinInt:
			return "math.MinInt"
		case math.MaxInt:
			return "math.MaxInt"
		}
		return strconv.Itoa(x)
	case uint:
		return strconv.FormatUint(uint64(x), 10)
	case uint64:
		if x == math.MaxUint64 {
			return "math.MaxUint64"
		}
		return strconv.FormatUint(x, 10)
	case float64:
		switch {
		case math.IsNaN(x):
			return "math.NaN()"
		case math.IsInf(x, 1):
			return "math.Inf(1)"
		case math.IsInf(x, -1):
			return "math.Inf(-1)"
		case x == 0 && math.Signbit(x):
			return "math.Copysign(0, -1)" // the literal -0 is the integer 0, a positive zero
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case string:
		return stringLit(x)
	case []byte:
		if x == nil {
			return "nil"
		}
		if len(x) == 0 {
			return "[]byte{}"
		}
		return "[]byte(" + stringLit(string(x)) + ")"
	}
	return fmt.Sprintf("%#v", v)
}

// stringLit quotes s, writing a long repetition as strings.Repeat: "strings.Repeat("ab", 100)
// + "d"".
func stringLit(s string) string {
	if len(s) <= 16 {
		return strconv.Quote(s)
	}
	bestP, bestR := 0, 0
	for p := 1; p <= maxPeriod && p <= len(s)/4; p++ {
		r := 1
		for (r+1)*p <= len(s) && s[r*p:(r+1)*p] == s[:p] {
			r++
		}
		if r >= 4 && r*p > bestR*bestP {
			bestP, bestR = p, r
		}
	}
	if bestR*bestP < 16 {
		return strconv.Quote(s)
	}
	lit := fmt.Sprintf("strings.Repeat(%s, %d)", strconv.Quote(s[:bestP]), bestR)
	if rest := s[bestP*bestR:]; rest != "" {
		lit += " + " + stringLit(rest)
	}
	return lit
}

// maxPeriod is the longest repeated piece stringLit looks for: a 64 KiB value made of a
// 16-byte pattern is strings.Repeat(pattern, 4096), not 64 KiB of text.
const maxPeriod = 64

// imports returns the packages the printed code needs besides testing: fmt where a call of
// several results is printed through fmt.Sprint, math and strings for Lit's literals.
func imports(code string) []string {
	var pkgs []string
	for _, p := range []string{"fmt", "math", "strings"} {
		if strings.Contains(code, p+".") {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs
}

// MaxCaseOps is the most operations a printed case shows; a longer case (a bug that needs a big
// structure) shows its first and last MaxCaseOps/2.
const MaxCaseOps = 60

// caseCode renders a failing sequence as a test function: the calls before the failing one
// with their results as comments, then the failing call with its check.
func caseCode(init, recv string, calls []Call, results []any, want any, panicked any, header string) string {
	var b strings.Builder
	b.WriteString("func TestKataCase(t *testing.T) {\n")
	if header != "" {
		fmt.Fprintf(&b, "\t// %s\n", header)
	}
	if init != "" {
		fmt.Fprintf(&b, "\t%s := %s\n", recv, init)
	}
	last := len(calls) - 1
	for i, c := range calls[:last] {
		if last > MaxCaseOps && i == MaxCaseOps/2 {
			fmt.Fprintf(&b, "\t// ... %d more operations not shown: the failure needs a structure this big;\n"+
				"\t// replay the run with its seed to see it happen\n", last-MaxCaseOps)
		}
		if last > MaxCaseOps && i >= MaxCaseOps/2 && i < last-MaxCaseOps/2 {
			continue
		}
		line := c.Go(recv)
		if i < len(results) && results[i] != nil {
			line += " // " + Lit(results[i])
		}
		fmt.Fprintf(&b, "\t%s\n", line)
	}
	if last >= 0 {
		c := calls[last]
		switch {
		case panicked != nil:
			fmt.Fprintf(&b, "\t%s // panics: %s\n", c.Go(recv), oneLine(fmt.Sprint(panicked)))
		case want == nil:
			fmt.Fprintf(&b, "\t%s\n", c.Go(recv))
		default:
			fmt.Fprintf(&b, "\tif got := %s; %s {\n", c.Go(recv), cond("got", want))
			// The message names the call, unless its code takes lines (a function literal).
			label := escape(c.Short()) + " = %v"
			if strings.Contains(c.Short(), "\n") {
				label = "got %v"
			}
			fmt.Fprintf(&b, "\t\tt.Fatalf(\"%s, want %s\", got)\n", label, escape(describe(want)))
			b.WriteString("\t}\n")
		}
	}
	b.WriteString("}\n")
	code := b.String()
	if pkgs := imports(code); len(pkgs) > 0 {
		code = "// needs: import (" + strings.Join(quoteAll(pkgs), "; ") + ")\n" + code
	}
	return code
}

// escape makes s safe inside a Go string literal and a Printf format.
func escape(s string) string {
	q := strconv.Quote(s)
	return strings.ReplaceAll(q[1:len(q)-1], "%", "%%")
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// oneLine keeps the first line of s and cuts it to a readable length.
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " ..."
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
