//go:build amd64 || arm64

package randomizedset

// keyWord returns the first word of the judge's key (key_amd64.s, key_arm64.s).
func keyWord() uint64
