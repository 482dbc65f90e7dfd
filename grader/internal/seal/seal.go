// Package seal gives the test process the key that signs its record, before any graded code
// runs.
//
// The graded code runs in the test process, beside the harness that writes the record the
// judge reads its verdict from: it can find the record file and write into it. So the judge
// passes the process a secret key on its standard input, and the harness signs every line with
// it (record.Writer); a line the graded code writes cannot carry a valid signature. The key must
// be read before the graded code can read it: this package's init reads it, and Go initializes
// the packages of a program after all they import: the judge adds to the graded package a file
// that imports this one (package build), so that even a graded package importing nothing, which
// Go would otherwise initialize first, comes after it. This one imports only syscall, which Go
// code needs for any input. Graded code can still get the key: any code may read the process's
// memory: the test program has no symbol table to find the key by, but a program that tries
// every 32 bytes of its memory as the key of the signed first line finds it in under a second.
// The rules refuse assembly and go:linkname that name the kit's symbols; the rest takes
// far more than writing a file. The seal raises the bar, it does not make the process a sandbox.
package seal

import "syscall"

// Env is the environment variable the judge sets to "1" when it writes a key on the process's
// standard input; without it, as in the kit's own tests, nothing is read.
const Env = "KATA_SEAL"

// KeySize is the length of a key in bytes.
const KeySize = 32

// key is the key read at start, or nil.
var key []byte

func init() {
	if v, _ := syscall.Getenv(Env); v != "1" {
		return
	}
	buf := make([]byte, KeySize)
	for n := 0; n < KeySize; {
		m, err := syscall.Read(syscall.Stdin, buf[n:])
		if err != nil || m <= 0 {
			return // no key: the record goes unsigned, and the judge refuses it
		}
		n += m
	}
	key = buf
}

// Key returns the key the judge gave the process, or nil when it gave none. It returns the key
// once: later calls return nil, so that it stays only with the record's writer.
func Key() []byte {
	k := key
	key = nil
	return k
}
