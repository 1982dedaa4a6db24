package shop

import "strconv"

// Page is a validated page request: 1-based page number and page size.
type Page struct {
	Number int
	Size   int
}

// Offset is the number of rows before this page.
func (p Page) Offset() int { return (p.Number - 1) * p.Size }

// ParsePage reads page and limit query values. Empty values take page 1 and defaultSize;
// anything that is not a whole number in range is an Invalid error naming the field.
func ParsePage(page, limit string, defaultSize, maxSize int) (Page, error) {
	p := Page{Number: 1, Size: defaultSize}
	problems := Problems{}
	if page != "" {
		n, err := strconv.Atoi(page)
		problems.Check(err != nil || n < 1 || n > 1_000_000, "page", "page must be a whole number from 1")
		p.Number = n
	}
	if limit != "" {
		n, err := strconv.Atoi(limit)
		problems.Check(err != nil || n < 1 || n > maxSize, "limit", "limit must be a whole number from 1 to "+strconv.Itoa(maxSize))
		p.Size = n
	}
	if err := problems.Err(); err != nil {
		return Page{}, err
	}
	return p, nil
}

// TotalPages is how many pages of size hold total rows (0 rows → 0 pages).
func TotalPages(total int64, size int) int {
	if size <= 0 {
		return 0
	}
	return int((total + int64(size) - 1) / int64(size))
}
