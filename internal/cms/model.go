package cms

import "time"

// Page is a content page: its HTML description is sanitised when it is saved.
type Page struct {
	Type        string    `json:"type"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// The page types the storefront shows: terms (/terms-conditions), privacy (the return and
// exchange policy of /returns and /returnpolicydetails, as SPEC §7 reads it) and the privacy
// notice (/privacy, issue 23: the data kept and why, and the shopper's rights; migration 00040
// writes its default text).
const (
	TypeTerms         = "terms"
	TypePrivacy       = "privacy"
	TypePrivacyNotice = "privacy-notice"
)

// Types are the pages the shop owner writes (and the storefront shows).
var Types = []string{TypeTerms, TypePrivacy, TypePrivacyNotice}
