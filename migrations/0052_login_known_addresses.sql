-- The addresses each account has logged in from successfully, keyed with the server secret (an address
-- is personal data, and the IPv4 space too small for a plain hash). A login from one of them has its own
-- allowance of wrong passwords, so failures from elsewhere cannot lock the traveller out.
CREATE TABLE login_known_addresses (
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address_hash  text NOT NULL,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, address_hash)
);
CREATE INDEX login_known_addresses_last_login_at ON login_known_addresses (last_login_at);
