-- Admin login failures are counted in a 15-minute window in one statement (as users' are), and each
-- TOTP time step is accepted once per admin (OWASP ASVS 6.5.1): the last one used is kept.
ALTER TABLE "admins" ADD COLUMN "login_failures_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_last_step" bigint;
