// Package s3test gives each test its own, new bucket on the real S3-compatible test server
// (SeaweedFS, started on first use by testenv.S3), so tests never see each other's objects.
package s3test

import (
	"context"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"drape/internal/platform/objectstore"
	"drape/internal/platform/testenv"
	"drape/internal/shop"
)

// Bucket is one test's bucket: its config, the same as S3_* variables (Env), and the store
// open on it.
type Bucket struct {
	Config objectstore.Config
	Env    []string // S3_ENDPOINT=…, S3_BUCKET=…: the environment of a process using the bucket
	Store  objectstore.Store
}

// New makes a new bucket for t.
func New(t testing.TB) Bucket {
	t.Helper()
	env, err := testenv.S3()
	if err != nil {
		t.Fatal(err)
	}
	c := objectstore.Config{Endpoint: env["S3_ENDPOINT"], Bucket: "t" + shop.NewID(), AccessKey: env["S3_ACCESS_KEY"],
		SecretKey: env["S3_SECRET_KEY"], Region: env["S3_REGION"], UseSSL: env["S3_USE_SSL"] == "true"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store, err := c.Open(ctx, "")
	if err != nil {
		t.Fatalf("s3test: %v", err)
	}
	t.Cleanup(func() { removeBucket(c) })
	return Bucket{Config: c, Store: store, Env: []string{"S3_ENDPOINT=" + c.Endpoint, "S3_BUCKET=" + c.Bucket,
		"S3_ACCESS_KEY=" + c.AccessKey, "S3_SECRET_KEY=" + c.SecretKey, "S3_REGION=" + c.Region, "S3_USE_SSL=" + env["S3_USE_SSL"]}}
}

// removeBucket empties and removes the test's bucket, so the test server does not keep one
// bucket (a SeaweedFS collection) per test ever run.
func removeBucket(c objectstore.Config) {
	client, err := minio.New(c.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""), Secure: c.UseSSL, Region: c.Region})
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for obj := range client.ListObjects(ctx, c.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		if obj.Err == nil {
			_ = client.RemoveObject(ctx, c.Bucket, obj.Key, minio.RemoveObjectOptions{})
		}
	}
	_ = client.RemoveBucket(ctx, c.Bucket)
}
