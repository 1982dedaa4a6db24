package ndr

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/address"
	"drape/internal/ndr/ndrdb"
	"drape/internal/shop"
)

// store reads and writes the failed attempts and the attempt limit.
type store struct{ q *ndrdb.Queries }

// india is the courier's and the shopper's time zone: re-attempt dates are Indian dates.
var india = time.FixedZone("IST", 5*3600+30*60)

// reattemptDays is how many days ahead a re-attempt may be asked for.
const reattemptDays = 3

// dates are the days a re-attempt may be asked for: the next reattemptDays Indian days.
func (s *Service) dates() []string {
	today := s.now().In(india)
	out := make([]string, reattemptDays)
	for i := range out {
		out[i] = today.AddDate(0, 0, i+1).Format(time.DateOnly)
	}
	return out
}

// check validates and trims an answer: a known action; for a re-attempt one of the offered
// days; for a correction a phone (an Indian mobile number, as the address form takes it) or
// address lines (the first required, each at most 200 characters) or both; staff's note.
func (s *Service) check(in *Answer, staff bool) error {
	for _, f := range []*string{&in.Date, &in.Phone, &in.Address1, &in.Address2, &in.Note} {
		*f = strings.TrimSpace(*f)
	}
	p := shop.Problems{}
	switch in.Action {
	case Reattempt:
		in.Phone, in.Address1, in.Address2 = "", "", ""
		p.Check(in.Date == "", "date", "Choose a day for the next delivery attempt")
		p.Check(in.Date != "" && !slices.Contains(s.dates(), in.Date), "date", "Choose a day in the next 3 days")
	case Correct:
		in.Date = ""
		p.Check(in.Phone == "" && in.Address1 == "" && in.Address2 == "", "phone", "Give the phone number or the address the courier should use")
		if in.Phone != "" {
			digits, problem := address.MobileNumber(in.Phone)
			p.Check(problem != "", "phone", problem)
			in.Phone = digits
		}
		p.Check(in.Address1 == "" && in.Address2 != "", "address1", "address1 is required")
		p.Check(utf8.RuneCountInString(in.Address1) > 200, "address1", "address1 is too long")
		p.Check(utf8.RuneCountInString(in.Address2) > 200, "address2", "address2 is too long")
	case Return:
		in.Date, in.Phone, in.Address1, in.Address2 = "", "", "", ""
	default:
		p.Add("action", "Choose what the courier should do: reattempt, correct or return")
	}
	if staff {
		p.Check(in.Note == "", "note", "Write a note: what the shopper asked for")
	}
	p.Check(utf8.RuneCountInString(in.Note) > 500, "note", "The note is too long (500 characters at most)")
	return p.Err()
}

// pgDate is a YYYY-MM-DD date, or NULL for "".
func pgDate(day string) pgtype.Date {
	t, err := time.Parse(time.DateOnly, day)
	return pgtype.Date{Time: t, Valid: day != "" && err == nil}
}

// toIssue is a failed attempt row as people see it, with the courier's attempt limit.
func toIssue(a ndrdb.NdrAttempt, limit int32) Issue {
	i := Issue{ID: a.ID, OrderID: a.OrderID, OrderNumber: a.OrderNumber, AWB: a.Awb, Attempt: int(a.Attempt),
		AttemptLimit: int(limit), Reason: a.Reason, ReportedAt: a.ReportedAt, Open: a.ClosedAt == nil,
		Answered: a.Action != "", Action: Action(a.Action), Phone: a.Phone, Address1: a.Address1, Address2: a.Address2,
		Note: a.Note, AnsweredBy: a.AnsweredBy, AnsweredAt: a.AnsweredAt, SentAt: a.SentAt, SendError: a.SendError,
		ClosedAt: a.ClosedAt, Outcome: a.Outcome}
	if a.DeferredDate.Valid {
		i.Date = a.DeferredDate.Time.Format(time.DateOnly)
	}
	return i
}
