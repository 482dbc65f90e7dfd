package bloom

import suite "kata/grader/internal/suites/bloom"

// The judge drives filters through this interface: make sure Filter satisfies it.
var _ suite.Filter = (*Filter)(nil)
