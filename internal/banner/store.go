package banner

import (
	"strings"

	"drape/internal/banner/bannerdb"
)

// Folder is the upload folder of banner images under UPLOADS_DIR (/uploads/banners/…).
const Folder = "banners"

// fromRow is a stored banner as the API answers it, its images as served paths.
func fromRow(r bannerdb.Banner) Banner {
	return Banner{ID: r.ID, Place: r.Place, Title: r.Title, Subtitle: r.Subtitle, LinkText: r.LinkText, Link: r.Link,
		Image: imagePath(r.Image), MobileImage: imagePath(r.MobileImage), Active: r.Active, Position: int(r.Position), UpdatedAt: r.UpdatedAt}
}

func fromRows(rows []bannerdb.Banner) []Banner {
	out := make([]Banner, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	return out
}

// imagePath is the path /uploads serves a stored file name at; paths and URLs stay as they are.
func imagePath(name string) string {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "://") {
		return name
	}
	return "/uploads/" + Folder + "/" + name
}
