package objectstore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// validKey is a key a Store accepts: folders and a file name of letters, digits, dots, dashes
// and underscores, none starting with a dot, so no key reaches outside the store or names a
// temporary file.
var validKey = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,3}$`)

// checkKey answers an error for a key Store does not accept.
func checkKey(key string) error {
	if !validKey.MatchString(key) || strings.Contains(key, "..") {
		return fmt.Errorf("objectstore: bad key %q", key)
	}
	return nil
}

// Disk keeps objects as files under Root (UPLOADS_DIR): key "products/a.webp" is the file
// Root/products/a.webp. One server's own disk: other servers do not see its files.
type Disk struct {
	Root string
}

func (d Disk) path(key string) string { return filepath.Join(d.Root, filepath.FromSlash(key)) }

// Put writes data to a temporary file beside its place and renames it there, so a reader sees
// the whole file or none.
func (d Disk) Put(_ context.Context, key string, data []byte, _ string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	dest := d.path(key)
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dest), ".upload-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dest)
}

// Open opens the file of key.
func (d Disk) Open(_ context.Context, key string) (Object, error) {
	if checkKey(key) != nil {
		return Object{}, ErrNotFound
	}
	f, err := os.Open(d.path(key))
	if err != nil {
		return Object{}, notFound(err)
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		return Object{}, ErrNotFound
	}
	return Object{Info: diskInfo(key, st), Body: f}, nil
}

// Stat describes the file of key; its ETag is made of its size and modification time.
func (d Disk) Stat(_ context.Context, key string) (Info, error) {
	if checkKey(key) != nil {
		return Info{}, ErrNotFound
	}
	st, err := os.Stat(d.path(key))
	if err != nil {
		return Info{}, notFound(err)
	}
	if !st.Mode().IsRegular() {
		return Info{}, ErrNotFound
	}
	return diskInfo(key, st), nil
}

// Delete removes the file of key.
func (d Disk) Delete(_ context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := os.Remove(d.path(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// PublicURL is "": the shop serves its disk's files itself.
func (Disk) PublicURL(string) string { return "" }

// Keys answers every stored key, folder by folder, leaving out temporary files.
func (d Disk) Keys() ([]string, error) {
	var keys []string
	err := filepath.WalkDir(d.Root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == d.Root {
				return filepath.SkipDir
			}
			return err
		}
		if !e.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(d.Root, p)
		if err != nil {
			return err
		}
		if key := filepath.ToSlash(rel); checkKey(key) == nil {
			keys = append(keys, key)
		}
		return nil
	})
	return keys, err
}

func diskInfo(key string, st fs.FileInfo) Info {
	return Info{
		Size:        st.Size(),
		ETag:        fmt.Sprintf(`"%x-%x"`, st.ModTime().UnixNano(), st.Size()),
		Modified:    st.ModTime(),
		ContentType: ContentType(key),
	}
}

// ContentType is the media type of key by its extension (application/octet-stream when
// unknown).
func ContentType(key string) string {
	switch ext := strings.ToLower(path.Ext(key)); ext {
	case ".webp":
		return "image/webp"
	case ".svg":
		return "image/svg+xml"
	default:
		if t := mime.TypeByExtension(ext); t != "" {
			return t
		}
	}
	return "application/octet-stream"
}

func notFound(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return ErrNotFound
	}
	return err
}
