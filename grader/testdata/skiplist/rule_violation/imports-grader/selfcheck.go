package skiplist

import "kata/grader/internal/suites/skiplist"

// selfCheck is how large the judge's biggest list gets, to size a local stress run.
var selfCheck = skiplist.LargeN
