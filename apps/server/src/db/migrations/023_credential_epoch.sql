-- Issue 29: each server process keeps the credentials it has checked for a few seconds
-- (http/credential-cache.ts), so a cached tile costs no session statement. This counter is how
-- every process learns, before it uses a kept credential, that some credential changed anywhere:
-- a session ended, a tile key or API key revoked or replaced, a password, an account or an
-- organisation changed — by a request of any process, the operator's CLI or plain SQL. The
-- triggers move it on; a kept credential checked under an older value is checked again.
CREATE TABLE credential_epoch (
  one   boolean PRIMARY KEY DEFAULT true CHECK (one),
  epoch bigint NOT NULL DEFAULT 0
);
INSERT INTO credential_epoch DEFAULT VALUES;

CREATE FUNCTION credential_epoch_next() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE credential_epoch SET epoch = epoch + 1;
  RETURN NULL;
END $$;

-- Row by row for updates, only when what a check reads changes: the writes of use (last_seen_at,
-- last_used_at, subscriptions_unread, allowances) leave the cache alone. Deletes once a statement
-- (the purge of old sessions deletes many).
CREATE TRIGGER sessions_credential_epoch AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.expires_at, OLD.token_hash, OLD.user_id)
          IS DISTINCT FROM (NEW.revoked_at, NEW.expires_at, NEW.token_hash, NEW.user_id)
        -- a session from before tile cookies gets its tile credential: nothing ends
        OR (OLD.tile_token_hash IS NOT NULL AND OLD.tile_token_hash IS DISTINCT FROM NEW.tile_token_hash))
  EXECUTE FUNCTION credential_epoch_next();
CREATE TRIGGER sessions_deleted_credential_epoch AFTER DELETE ON sessions FOR EACH STATEMENT
  EXECUTE FUNCTION credential_epoch_next();

CREATE TRIGGER tile_keys_credential_epoch AFTER UPDATE ON tile_keys FOR EACH ROW
  WHEN ((OLD.key_id, OLD.revoked, OLD.session_id, OLD.device_id)
          IS DISTINCT FROM (NEW.key_id, NEW.revoked, NEW.session_id, NEW.device_id))
  EXECUTE FUNCTION credential_epoch_next();
CREATE TRIGGER tile_keys_deleted_credential_epoch AFTER DELETE ON tile_keys FOR EACH STATEMENT
  EXECUTE FUNCTION credential_epoch_next();

CREATE TRIGGER api_keys_credential_epoch AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.expires_at, OLD.scopes, OLD.key_hash, OLD.user_id)
          IS DISTINCT FROM (NEW.revoked_at, NEW.expires_at, NEW.scopes, NEW.key_hash, NEW.user_id))
  EXECUTE FUNCTION credential_epoch_next();
CREATE TRIGGER api_keys_deleted_credential_epoch AFTER DELETE ON api_keys FOR EACH STATEMENT
  EXECUTE FUNCTION credential_epoch_next();

-- What a check answers of the user and the organisation (accounts.repository.ts userWithOrgSql).
CREATE TRIGGER users_credential_epoch AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.org_id, OLD.username, OLD.email, OLD.phone, OLD.is_test, OLD.timezone, OLD.language,
         OLD.password_hash)
          IS DISTINCT FROM (NEW.org_id, NEW.username, NEW.email, NEW.phone, NEW.is_test, NEW.timezone,
                            NEW.language, NEW.password_hash))
  EXECUTE FUNCTION credential_epoch_next();
CREATE TRIGGER users_deleted_credential_epoch AFTER DELETE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION credential_epoch_next();

CREATE TRIGGER organisations_credential_epoch AFTER UPDATE OR DELETE ON organisations FOR EACH STATEMENT
  EXECUTE FUNCTION credential_epoch_next();
