-- The snapshot is now written every few versions instead of on every move; the events after
-- `state_version` complete it.
ALTER TABLE "games" ADD COLUMN "state_version" INTEGER NOT NULL DEFAULT 0;
UPDATE "games" SET "state_version" = "version";

-- The snapshot is usually larger than the TOAST threshold: lz4 compresses it several times faster than
-- the default pglz. Builds of PostgreSQL without lz4 keep pglz.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "games" ALTER COLUMN "state" SET COMPRESSION lz4;
  END IF;
END $$;
