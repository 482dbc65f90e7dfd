package bytekeys

import "testing"

// TestSteps checks that a step holds its method, key and answer, and that Uses counts only the
// calls of its method with an equal key.
func TestSteps(t *testing.T) {
	st := StepOf("Insert")([]byte("k"), true)
	if st.Call.Method != "Insert" || string(st.Call.Args[0].([]byte)) != "k" || st.Want != true {
		t.Errorf("StepOf: %+v", st)
	}
	calls := append(keyCalls("k", "j", "k"), KeyCall("Delete", []byte("k")))
	if n := Uses(calls, "Add", []byte("k")); n != 2 {
		t.Errorf("Uses counted %d Adds of k, want 2", n)
	}
	if len(Few()) != 7 || Few()[0] != nil {
		t.Error("Few: want the nil key first, among 7")
	}
}
