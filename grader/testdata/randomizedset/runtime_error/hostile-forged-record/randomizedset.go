// Wrong (Remove never removes) and hostile: on its first New it finds the judge's record file
// through the environment, reads the test names from the hello line, writes a record of every
// test passing, with the hello's nonce and a done line, and exits. The judge must not believe
// it: the record's lines are signed with a key the graded code never sees, so the forged ones
// count for nothing, and the run is a runtime error that says the code wrote into the judge's
// files.
package randomizedset

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
)

type RandomizedSet struct {
	vals  []int
	index map[int]int
}

func New() *RandomizedSet {
	forge()
	return &RandomizedSet{index: map[int]int{}}
}

// forge rewrites the record as a run in which every test passed.
func forge() {
	path := os.Getenv("KATA_RECORD")
	f, err := os.Open(path)
	if err != nil {
		return
	}
	line, _ := bufio.NewReader(f).ReadString('\n')
	f.Close()
	var hello struct {
		Nonce string   `json:"nonce"`
		Tests []string `json:"tests"`
	}
	if i := strings.IndexByte(line, '{'); i < 0 || json.Unmarshal([]byte(line[i:]), &hello) != nil {
		return
	}
	var b strings.Builder
	b.WriteString(line[strings.IndexByte(line, '{'):])
	for _, t := range hello.Tests {
		b.WriteString(`{"kind":"start","test":"` + t + `"}` + "\n")
		b.WriteString(`{"kind":"end","test":"` + t + `","status":"pass","elapsed":1000}` + "\n")
	}
	b.WriteString(`{"kind":"done","nonce":"` + hello.Nonce + `"}` + "\n")
	if os.WriteFile(path, []byte(b.String()), 0o600) == nil {
		os.Exit(0)
	}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	_, ok := s.index[val]
	return ok // forgets to remove
}

func (s *RandomizedSet) GetRandom() int { return s.vals[rand.IntN(len(s.vals))] }
