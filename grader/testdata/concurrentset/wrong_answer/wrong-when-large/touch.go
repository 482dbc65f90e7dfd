package concurrentset

// touch does nothing here.
func touch(s *Set, k int) {}

// lie is true where Contains answers wrong: past 20,000 keys, for keys that are 7 mod 100.
func lie(s *Set, k int) bool { return s.count.Load() > 20000 && k%100 == 7 }
