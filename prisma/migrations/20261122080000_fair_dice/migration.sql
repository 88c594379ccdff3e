-- Provably fair dice (FAIRNESS.md): each game's secret chain root k[1000], its public commitment
-- SHA-256(k[0]), the game seed fixed at start, and every seated player's client seed.
-- Games that exist already get a fresh chain and fresh client seeds (their rounds played so far were not
-- rolled from it: only their later rounds verify).
-- AlterTable
ALTER TABLE "games" ADD COLUMN     "chain_root" BYTEA,
ADD COLUMN     "commitment" CHAR(64),
ADD COLUMN     "game_seed" CHAR(64);

-- CreateTable
CREATE TABLE "client_seeds" (
    "game_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "seed" VARCHAR(64) NOT NULL,

    CONSTRAINT "client_seeds_pkey" PRIMARY KEY ("game_id","player_id")
);

-- AddForeignKey
ALTER TABLE "client_seeds" ADD CONSTRAINT "client_seeds_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_seeds" ADD CONSTRAINT "client_seeds_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Backfill: gen_random_uuid() draws from the server's strong random source (two give 244 random bits).
DO $$
DECLARE
  g RECORD;
  root BYTEA;
  k BYTEA;
BEGIN
  FOR g IN SELECT id FROM games LOOP
    root := decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex');
    k := root;
    FOR i IN 1..1000 LOOP
      k := sha256(k);
    END LOOP;
    UPDATE games SET chain_root = root, commitment = encode(sha256(k), 'hex') WHERE id = g.id;
  END LOOP;
END
$$;

INSERT INTO "client_seeds" ("game_id", "player_id", "seed")
SELECT "game_id", "player_id", replace(gen_random_uuid()::text, '-', '') FROM "seats";

UPDATE "games" g SET "game_seed" = (
  SELECT encode(sha256(convert_to(string_agg(c."seed", ':' ORDER BY s."position"), 'UTF8')), 'hex')
    FROM "seats" s JOIN "client_seeds" c ON c."game_id" = s."game_id" AND c."player_id" = s."player_id"
   WHERE s."game_id" = g."id"
) WHERE g."status" <> 'LOBBY' AND g."started_at" IS NOT NULL;

ALTER TABLE "games" ALTER COLUMN "chain_root" SET NOT NULL,
ALTER COLUMN "commitment" SET NOT NULL;
