-- Rate-limit counters shared by every app process (rate-limiter-flexible's PostgreSQL layout): one row
-- per limit and hashed key, `expire` in epoch milliseconds. Expired rows are purged on a schedule.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

-- Sign-ups awaiting e-mail verification. Each keeps the details and the code of the sign-up that made it:
-- a later sign-up with the same address never changes an earlier one, and a code activates only its own.
-- The account (users row and events) is created when a code is entered.
CREATE TABLE pending_signups (
  id              uuid PRIMARY KEY,
  email           text NOT NULL,
  name            text NOT NULL,
  gender          text NOT NULL CHECK (gender IN ('male', 'female', 'other')),
  dob             date NOT NULL,
  phone           text,
  password_hash   text NOT NULL,
  code_hash       text NOT NULL,
  code_expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL
);
CREATE INDEX pending_signups_email ON pending_signups (email, created_at);
CREATE INDEX pending_signups_created_at ON pending_signups (created_at);

-- Codes now live on the pending sign-up; mail-send and login-failure counts in rate_limits.
DROP TABLE email_otps;
DROP TABLE auth_mail_sends;
DROP TABLE login_failures;

CREATE INDEX refresh_tokens_family_expires_at ON refresh_tokens (family_expires_at);
CREATE INDEX password_reset_tokens_expires_at ON password_reset_tokens (expires_at);

-- The accounts read model gains password_version (access tokens issued before a password change stop
-- working): it is dropped here and rebuilt from the event log when the app next starts.
DROP TABLE IF EXISTS accounts;
