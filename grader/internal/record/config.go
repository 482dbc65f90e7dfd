package record

import (
	"os"
	"strconv"
	"time"
)

// Config is what the judge asks of one run of the test program. The judge passes it to the
// child through the environment (Environ) and the harness reads it back there (ConfigFromEnv);
// nothing else in the child should rely on these variables.
type Config struct {
	Record   string // path of the record file to write
	Nonce    string // the run's nonce, echoed in the hello and done lines
	Seed     uint64 // the run's seed
	Verify   bool   // only the reference-free tests
	Trace    string // run only this test, tracing every call
	PerfOnly bool   // only the probe and the performance tests
	NoPerf   bool   // every test but the performance tests
	// Until, when set, is the first test of the suite, in its order, that the run does not take,
	// nor any after it: their outcomes can no longer change the verdict.
	Until   string
	Memory  uint64        // the graded code's memory limit in bytes (see JudgeMemory); 0: none
	OpLimit time.Duration // the watchdog's limit for one call; 0: no watchdog
	// Wall is the run's wall-clock limit, at which the judge kills the process; the watchdog
	// ends the run a little before it, saying what it knows. 0: none.
	Wall time.Duration
	// Sealed says that the judge writes the run's key on the process's standard input, which
	// the harness signs the record with (package seal reads it; see Writer).
	Sealed bool
	// Cache is the user's cache folder, for files that outlive the run (pictures of failed
	// histories): the run's own folders, HOME included, are removed when it ends. "": none.
	Cache string
}

// KeySize is the length in bytes of the key that signs a record: package seal's KeySize.
const KeySize = 32

// JudgeMemory is what the test process may hold beyond the graded code's memory limit: the
// judge's own data, which is the hidden test's inputs and the reference's structures built
// beside the graded ones. A process grading a reference against itself peaks at 160 MiB,
// garbage included, for both sides. The watchdog sees only the whole process, so it lets it hold
// the limit plus this much: without it, a right trie with a map per node was stopped at 256 MiB,
// 70 MiB of which were the judge's.
const JudgeMemory = 192 << 20

// DefaultOpLimit is how long one call of the graded code may run before the watchdog stops it,
// unless the judge says otherwise. Every operation of every exercise takes microseconds; a call
// that runs for seconds is stuck.
const DefaultOpLimit = 3 * time.Second

// The environment variables that carry a Config.
const (
	envRecord   = "KATA_RECORD"    // path of the record file
	envNonce    = "KATA_NONCE"     // the nonce
	envSeed     = "KATA_SEED"      // the seed, decimal
	envVerify   = "KATA_VERIFY"    // "1": run only the reference-free tests
	envTrace    = "KATA_TRACE"     // a test name
	envPerfOnly = "KATA_PERF_ONLY" // "1": run only the probe and the performance tests
	envNoPerf   = "KATA_NO_PERF"   // "1": run every test but the performance tests
	envUntil    = "KATA_UNTIL"     // a test name: run none from it on
	envMemory   = "KATA_MEMORY"    // memory limit in bytes, decimal
	envOpLimit  = "KATA_OP_LIMIT"  // longest one call may run, as a Go duration
	envWall     = "KATA_WALL"      // the run's wall-clock limit, as a Go duration
	envCache    = "KATA_CACHE"     // the user's cache folder
	// envSealed is package seal's Env, which that package, importing nothing of the kit's,
	// cannot take from here: "1" when a key comes on standard input.
	envSealed = "KATA_SEAL"
)

// Environ returns c as the environment variables that ConfigFromEnv reads back.
func (c Config) Environ() []string {
	env := []string{
		envRecord + "=" + c.Record,
		envNonce + "=" + c.Nonce,
		envSeed + "=" + strconv.FormatUint(c.Seed, 10),
		envMemory + "=" + strconv.FormatUint(c.Memory, 10),
		envOpLimit + "=" + c.OpLimit.String(),
		envWall + "=" + c.Wall.String(),
	}
	if c.Verify {
		env = append(env, envVerify+"=1")
	}
	if c.PerfOnly {
		env = append(env, envPerfOnly+"=1")
	}
	if c.NoPerf {
		env = append(env, envNoPerf+"=1")
	}
	if c.Trace != "" {
		env = append(env, envTrace+"="+c.Trace)
	}
	if c.Until != "" {
		env = append(env, envUntil+"="+c.Until)
	}
	if c.Cache != "" {
		env = append(env, envCache+"="+c.Cache)
	}
	if c.Sealed {
		env = append(env, envSealed+"=1")
	}
	return env
}

// ConfigFromEnv reads the configuration the judge passed through the environment. An op limit
// that is missing or does not parse is DefaultOpLimit.
func ConfigFromEnv() Config {
	c := Config{
		Record:   os.Getenv(envRecord),
		Nonce:    os.Getenv(envNonce),
		Verify:   os.Getenv(envVerify) == "1",
		Trace:    os.Getenv(envTrace),
		PerfOnly: os.Getenv(envPerfOnly) == "1",
		NoPerf:   os.Getenv(envNoPerf) == "1",
		Until:    os.Getenv(envUntil),
		OpLimit:  DefaultOpLimit,
		Cache:    os.Getenv(envCache),
		Sealed:   os.Getenv(envSealed) == "1",
	}
	c.Seed, _ = strconv.ParseUint(os.Getenv(envSeed), 10, 64)
	c.Memory, _ = strconv.ParseUint(os.Getenv(envMemory), 10, 64)
	if d, err := time.ParseDuration(os.Getenv(envOpLimit)); err == nil {
		c.OpLimit = d
	}
	c.Wall, _ = time.ParseDuration(os.Getenv(envWall))
	return c
}
