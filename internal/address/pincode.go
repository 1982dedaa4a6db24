package address

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// pincodesText is India Post's pincode directory cut down to runs of pincodes with the same
// state, built by scripts/pincodes.mjs (see its header for the source and what it maps).
//
//go:embed pincodes.txt
var pincodesText string

// pinRun is a run of the directory: every pincode it lists from first to last, within one
// 3-digit sorting district, is in states.
type pinRun struct {
	first, last int
	states      []string
}

// pinRuns are the directory's runs, by first pincode.
var pinRuns = parsePincodes(pincodesText)

func parsePincodes(text string) []pinRun {
	names := map[string]string{}
	var runs []pinRun
	for n, line := range strings.Split(text, "\n") {
		fail := func(why string) { panic(fmt.Sprintf("address: pincodes.txt line %d: %s: %q", n+1, why, line)) }
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "= "):
			code, name, _ := strings.Cut(line[2:], " ")
			if !slices.Contains(States, name) {
				fail("a state the app does not list")
			}
			names[code] = name
		default:
			f := strings.Fields(line)
			if len(f) != 3 {
				fail("want first, last and codes")
			}
			first, err1 := strconv.Atoi(f[0])
			last, err2 := strconv.Atoi(f[1])
			if err1 != nil || err2 != nil || last < first || first/1000 != last/1000 || (len(runs) > 0 && first <= runs[len(runs)-1].last) {
				fail("pincodes out of order")
			}
			run := pinRun{first: first, last: last}
			for _, code := range strings.Split(f[2], ",") {
				if names[code] == "" {
					fail("unknown state code " + code)
				}
				run.states = append(run.states, names[code])
			}
			runs = append(runs, run)
		}
	}
	return runs
}

// PincodeStates are the states or union territories pincode (6 digits) is in, by India Post's
// directory: one, or more where a pincode spans a border (605007: Puducherry and Tamil Nadu).
// A pincode the directory does not list takes the states of the listed pincodes either side
// of it in its sorting district (its first 3 digits); it is in none (nil) when its sorting
// district has no listed pincode at all.
func PincodeStates(pincode string) []string {
	pin, err := strconv.Atoi(pincode)
	if err != nil || len(pincode) != 6 {
		return nil
	}
	i := sort.Search(len(pinRuns), func(i int) bool { return pinRuns[i].last >= pin })
	if i < len(pinRuns) && pinRuns[i].first <= pin {
		return pinRuns[i].states
	}
	var states []string
	for _, j := range []int{i - 1, i} {
		if j >= 0 && j < len(pinRuns) && pinRuns[j].first/1000 == pin/1000 {
			for _, s := range pinRuns[j].states {
				if !slices.Contains(states, s) {
					states = append(states, s)
				}
			}
		}
	}
	return states
}

// pincodeProblem is what is wrong with pincode for state ("" when it is in that state): it is
// no pincode India Post knows, or it is in another state.
func pincodeProblem(pincode, state string) string {
	in := PincodeStates(pincode)
	switch {
	case len(in) == 0:
		return "No post office in India has pincode " + pincode + ". Check the pincode."
	case slices.Contains(in, state):
		return ""
	default:
		return fmt.Sprintf("Pincode %s is in %s, not %s. Check the pincode or the state.", pincode, strings.Join(in, " or "), state)
	}
}

// mobileProblem normalises phone to an Indian mobile number's 10 digits (dropping spaces,
// dashes, brackets, and a +91, 91 or 0 in front) and says what is wrong with it ("" when
// nothing is).
func mobileProblem(phone *string) string {
	p := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '(' || r == ')' || r == '.' {
			return -1
		}
		return r
	}, *phone)
	switch {
	case strings.HasPrefix(p, "+91"):
		p = p[3:]
	case strings.HasPrefix(p, "+"):
		return "Phone must be an Indian mobile number (+91)"
	case len(p) == 12 && strings.HasPrefix(p, "91"):
		p = p[2:]
	case len(p) == 11 && strings.HasPrefix(p, "0"):
		p = p[1:]
	}
	*phone = p
	switch {
	case !allDigits(p):
		return "Phone must contain only numbers"
	case len(p) != 10:
		return "Phone must be 10 digits"
	case p[0] < '6':
		return "Phone must be a mobile number starting with 6, 7, 8 or 9"
	}
	return ""
}
