package bytekeys

import (
	"cmp"
	"slices"
	"strconv"

	"kata/grader/internal/harness"
)

// Simplifier proposes simpler keys for a failing case of calls whose []byte arguments are
// keys: the Simplify of a suite of byte keys. Its zero value suits a suite whose calls hold
// their keys as plain arguments.
type Simplifier struct {
	// Keep reports a key that must keep its value, because its value is what makes the case
	// fail (a key whose hash has zero bits, say); nil keeps none.
	Keep func(key []byte) bool
	// EveryLetter tries every unused one-letter key in place of a key, not only the first one:
	// where whether a case fails depends on where the graded hash puts each key. A letter then
	// replaces only a key it is simpler than (shorter, or as long and before it), so that two
	// one-letter keys never trade places for ever.
	EveryLetter bool
	// Rebuild, if set, writes again a call whose keys were replaced (a call printed whole, from
	// its key); nil keeps the call as it is, with its new keys.
	Rebuild func(c harness.Call) harness.Call
}

// Simplify proposes simpler keys for a failing sequence, simplest first: every key renamed to a
// letter in order of first appearance ("a" to "z", then "a26", ...; the empty key and the keys
// to keep stay as they are), then each key, the longest first, replaced everywhere by the empty
// key, an unused letter or its first half. A key never takes the value of another key of the
// sequence, so the calls stay about the same keys.
func (s Simplifier) Simplify(calls []harness.Call) [][]harness.Call {
	var keys []string
	seen := map[string]bool{}
	for _, c := range calls {
		for _, a := range c.Args {
			if k, ok := a.([]byte); ok && !seen[string(k)] {
				seen[string(k)] = true
				keys = append(keys, string(k))
			}
		}
	}
	if len(keys) == 0 {
		return nil
	}
	keep := func(k []byte) bool { return len(k) == 0 || s.Keep != nil && s.Keep(k) }
	names := map[string][]byte{}
	for i, k := range keys {
		names[k] = Letter(i)
	}
	cands := [][]harness.Call{s.Map(calls, func(k []byte) []byte {
		if keep(k) {
			return k
		}
		return names[string(k)]
	})}
	var letters [][]byte
	for c := byte('a'); c <= 'z'; c++ {
		if !seen[string(c)] {
			letters = append(letters, []byte{c})
		}
	}
	if !s.EveryLetter && len(letters) > 1 {
		letters = letters[:1]
	}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	for _, k := range keys {
		if keep([]byte(k)) {
			continue
		}
		repl := append(append([][]byte{{}}, letters...), []byte(k[:len(k)/2]))
		for _, r := range repl {
			if seen[string(r)] || s.EveryLetter && len(r) >= len(k) && string(r) > k {
				continue
			}
			cands = append(cands, s.Map(calls, func(x []byte) []byte {
				if string(x) == k {
					return r
				}
				return x
			}))
		}
	}
	return cands
}

// Map copies calls with every key replaced by f of it, each call with a key written again by
// Rebuild if set.
func (s Simplifier) Map(calls []harness.Call, f func([]byte) []byte) []harness.Call {
	out := harness.MapArgs(calls, f)
	if s.Rebuild != nil {
		for i, c := range out {
			if len(c.Args) > 0 {
				out[i] = s.Rebuild(c)
			}
		}
	}
	return out
}

// Letter is the i-th short key: "a" to "z", then "a26", "a27", ...
func Letter(i int) []byte {
	if i < 26 {
		return []byte{byte('a' + i)}
	}
	return strconv.AppendInt([]byte("a"), int64(i), 10)
}

// FreeLetter returns a one-letter key not in seen, the first in the alphabet, or nil if every
// letter is taken.
func FreeLetter(seen map[string]bool) []byte {
	for c := byte('a'); c <= 'z'; c++ {
		if !seen[string(c)] {
			return []byte{c}
		}
	}
	return nil
}
