package objectstore

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// ImmutableCaching is the Cache-Control of every stored object: names are never reused, so a
// browser or CDN keeps a file for a year.
const ImmutableCaching = "public, max-age=31536000, immutable"

// S3 keeps objects in one bucket of an S3-compatible server (AWS S3, MinIO, SeaweedFS, R2…),
// which every process of a deployment shares.
type S3 struct {
	client     *minio.Client
	bucket     string
	publicBase string
}

// openS3 connects to the bucket c names, making the bucket when it does not exist yet.
func openS3(ctx context.Context, c Config) (*S3, error) {
	client, err := minio.New(c.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure: c.UseSSL,
		Region: c.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("S3_ENDPOINT: %w", err)
	}
	exists, err := client.BucketExists(ctx, c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("S3: cannot reach bucket %q at %s: %w", c.Bucket, c.Endpoint, err)
	}
	if !exists {
		if err := client.MakeBucket(ctx, c.Bucket, minio.MakeBucketOptions{Region: c.Region}); err != nil {
			if code := minio.ToErrorResponse(err).Code; code != "BucketAlreadyOwnedByYou" && code != "BucketAlreadyExists" {
				return nil, fmt.Errorf("S3: cannot make bucket %q: %w", c.Bucket, err)
			}
		}
	}
	return &S3{client: client, bucket: c.Bucket, publicBase: strings.TrimRight(c.PublicBaseURL, "/")}, nil
}

// Put uploads data in one request (S3 makes it visible whole or not at all), marked immutable.
// The body goes as it is with its Content-MD5, which the bucket checks (so a damaged upload is
// refused), instead of minio-go's chunk-signed stream: a picture is a few hundred kilobytes
// held in memory, and every S3-compatible server understands a plain signed PUT.
func (s *S3) Put(ctx context.Context, key string, data []byte, contentType string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if contentType == "" {
		contentType = ContentType(key)
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: contentType, CacheControl: ImmutableCaching, DisableMultipart: true,
			SendContentMd5: true, DisableContentSha256: true})
	return err
}

// Open fetches the object of key (the request is made here, so a missing key answers
// ErrNotFound at once).
func (s *S3) Open(ctx context.Context, key string) (Object, error) {
	if checkKey(key) != nil {
		return Object{}, ErrNotFound
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return Object{}, s3Error(err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return Object{}, s3Error(err)
	}
	return Object{Info: s3Info(st), Body: obj}, nil
}

// Stat asks the bucket about key.
func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	if checkKey(key) != nil {
		return Info{}, ErrNotFound
	}
	st, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return Info{}, s3Error(err)
	}
	return s3Info(st), nil
}

// Delete removes the object of key.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	return s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
}

// PublicURL is S3_PUBLIC_BASE_URL/key, or "" without a public base.
func (s *S3) PublicURL(key string) string {
	if s.publicBase == "" {
		return ""
	}
	return s.publicBase + "/" + key
}

func s3Info(st minio.ObjectInfo) Info {
	return Info{Size: st.Size, ETag: `"` + strings.Trim(st.ETag, `"`) + `"`, Modified: st.LastModified, ContentType: st.ContentType}
}

func s3Error(err error) error {
	r := minio.ToErrorResponse(err)
	if r.StatusCode == http.StatusNotFound || r.Code == "NoSuchKey" {
		return ErrNotFound
	}
	return err
}
