-- Accounts: personal data and secrets live here, keyed by user id; events carry ids only.
CREATE TABLE users (
  id              uuid PRIMARY KEY,
  email           text NOT NULL,
  name            text NOT NULL,
  gender          text NOT NULL CHECK (gender IN ('male', 'female', 'other')),
  dob             date NOT NULL,
  phone           text,
  password_hash   text NOT NULL,
  profile_picture text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (email);

-- The current e-mail verification code of an account (one at a time), stored as an HMAC.
CREATE TABLE email_otps (
  user_id         uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash       text NOT NULL,
  expires_at      timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0
);

-- Every verification or reset mail sent, for the resend limits.
CREATE TABLE auth_mail_sends (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('otp', 'reset')),
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_mail_sends_recent ON auth_mail_sends (user_id, purpose, sent_at);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);

-- Refresh tokens, stored as SHA-256. A family is one login's chain of rotations.
CREATE TABLE refresh_tokens (
  token_hash        text PRIMARY KEY,
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id         uuid NOT NULL,
  remember          boolean NOT NULL,
  family_expires_at timestamptz NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  rotated_at        timestamptz,
  revoked_at        timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- Failed logins per account (e-mail) and per client address, for throttling.
CREATE TABLE login_failures (
  key       text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_recent ON login_failures (key, failed_at);
