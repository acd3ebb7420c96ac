-- A head office's class decides whether its users see only its records (DESIGN.md section 7, the
-- office scope cached with the permissions): a change to head offices bumps the authorization
-- version like a change to users, roles or permissions (migration 0005).
CREATE TRIGGER "head_offices_bump_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "head_offices"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
