package record

import (
	"strings"
	"testing"
	"time"
)

// The judge writes a Config with Environ and the harness reads it with ConfigFromEnv: what one
// side writes, the other must read back unchanged.
func TestConfigRoundTrip(t *testing.T) {
	for _, c := range []Config{
		{Record: "/tmp/run-1/record", Nonce: "abc", Seed: 42, Memory: 1 << 30, OpLimit: 2 * time.Second, Wall: time.Minute},
		{Record: "r", Nonce: "n", Seed: 1, Verify: true, PerfOnly: true, Trace: "edge/negative", OpLimit: time.Minute},
		{Record: "r", Nonce: "n", OpLimit: 0},                            // no watchdog
		{Record: "r", Nonce: "n", NoPerf: true, OpLimit: DefaultOpLimit}, // the race detector's build
		{Record: "r", Nonce: "n", Until: "concurrent/linearizable"},      // the plain build after it
	} {
		// A child starts with none of the variables but those the judge gives it.
		for _, kv := range (Config{Verify: true, PerfOnly: true, NoPerf: true, Trace: "t", Until: "u"}).Environ() {
			k, _, _ := strings.Cut(kv, "=")
			t.Setenv(k, "")
		}
		for _, kv := range c.Environ() {
			k, v, _ := strings.Cut(kv, "=")
			t.Setenv(k, v)
		}
		if got := ConfigFromEnv(); got != c {
			t.Errorf("ConfigFromEnv() after Environ() = %+v, want %+v", got, c)
		}
	}
}
