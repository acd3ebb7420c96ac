CREATE TABLE "auth_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Every change that can change what an access token grants bumps the version and says so on the
-- channel 'auth_version' (delivered at commit). Statement-level: one bump per statement.
CREATE FUNCTION "bump_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('auth_version', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_bump_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "roles_bump_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "permissions_bump_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_bump_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
-- Sign-in (insert) and rotation (retired_at) change nothing a cached user holds: only revocation.
CREATE TRIGGER "refresh_tokens_bump_auth_version" AFTER UPDATE OF "revoked_at", "user_id", "family_id" OR DELETE OR TRUNCATE ON "refresh_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
