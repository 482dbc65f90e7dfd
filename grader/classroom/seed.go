package classroom

import (
	"crypto/sha256"
	"encoding/binary"
	"strconv"
)

// SubmissionSeed is the seed a student's package for exercise is judged with in a run with seed
// run: the first eight bytes of SHA-256("run-seed/student/exercise"), big-endian, reduced to
// 1..999,999,999 so that it is short enough to type. It depends on nothing else, so a run seed
// reproduces every submission's seed on any machine and in any shard.
func SubmissionSeed(run uint64, student, exercise string) uint64 {
	sum := sha256.Sum256([]byte(strconv.FormatUint(run, 10) + "/" + student + "/" + exercise))
	return binary.BigEndian.Uint64(sum[:8])%999_999_999 + 1
}
