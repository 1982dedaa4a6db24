package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"drape/internal/account"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/migrations"
)

// adminCommand runs `server admin create --email … --password … [--name …] [--role admin|staff]`:
// the way to make the first admin (every later one can be made by an admin in the back
// office). An existing account with that e-mail is left as it is.
func adminCommand(ctx context.Context, cfg Config, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return fmt.Errorf("usage: server admin create --email EMAIL --password PASSWORD [--name NAME] [--role admin|staff]")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	email := fs.String("email", "", "the account's e-mail")
	password := fs.String("password", "", "its password (8+ characters)")
	name := fs.String("name", "Admin", "the name shown in the back office")
	role := fs.String("role", account.RoleAdmin, "admin or staff")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	pool, err := postgres.Open(ctx, cfg.DatabaseURL, 2)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool); err != nil {
		return err
	}
	accounts := account.NewService(pool, account.Config{Secret: []byte(cfg.JWTSecret), PasswordCost: cfg.PasswordCost})
	u, err := accounts.CreateStaff(ctx, account.NewStaff{Email: *email, Password: *password, FirstName: *name, Role: *role})
	if shop.Is(err, shop.Conflict) {
		fmt.Fprintf(stdout, "an account for %s already exists\n", *email)
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created %s account %s\n", u.Role, u.Email)
	return nil
}
