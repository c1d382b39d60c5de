package words

import "strconv"

// Count returns n and noun, with an s for any n but 1: "1 game", "3 games".
func Count(n int, noun string) string { return CountAs(n, noun, noun+"s") }

// CountAs returns n and one for n == 1, many otherwise: "1 try", "2 tries".
func CountAs(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
