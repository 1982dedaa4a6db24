package cms

import (
	"context"

	"drape/internal/cms/cmsdb"
)

// store reads and writes CMS pages.
type store struct{ q *cmsdb.Queries }

func (s store) page(ctx context.Context, typ string) (Page, error) {
	r, err := s.q.PageByType(ctx, typ)
	if err != nil {
		return Page{}, err
	}
	return Page{Type: r.Type, Title: r.Title, Description: r.Description, UpdatedAt: r.UpdatedAt}, nil
}
