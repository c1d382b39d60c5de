package words

import (
	"fmt"
	"testing"
)

func TestCount(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{Count(0, "game"), "0 games"},
		{Count(1, "game"), "1 game"},
		{Count(2, "game"), "2 games"},
		{Count(-1, "mine"), "-1 mines"},
		{CountAs(1, "summary", "summaries"), "1 summary"},
		{CountAs(12, "summary", "summaries"), "12 summaries"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q; want %q", tt.got, tt.want)
		}
	}
}

func ExampleCountAs() {
	fmt.Println(Count(1, "game"), "from", CountAs(3, "summary", "summaries"))
	// Output: 1 game from 3 summaries
}
