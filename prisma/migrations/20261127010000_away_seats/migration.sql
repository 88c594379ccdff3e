-- Away seats: who made each bid and each round's call (the player, or the server for their seat: a bot, an
-- away seat or a timed-out turn), and which seats the server plays for now.
ALTER TABLE "bids" ADD COLUMN "by_bot" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "rounds" ADD COLUMN "by_bot" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "seats" ADD COLUMN "away" BOOLEAN NOT NULL DEFAULT false;

-- Earlier moves: timed-out turns and bot players' moves were the server's.
UPDATE "bids" b SET "by_bot" = true
  FROM "game_events" e
 WHERE e."game_id" = b."game_id" AND e."seq" = b."seq" AND COALESCE((e."payload"->>'timedOut')::boolean, false);
UPDATE "bids" b SET "by_bot" = true
  FROM "seats" s JOIN "players" p ON p."id" = s."player_id"
 WHERE s."game_id" = b."game_id" AND s."position" = b."position" AND p."bot_level" IS NOT NULL;
UPDATE "rounds" r SET "by_bot" = true
  FROM "seats" s JOIN "players" p ON p."id" = s."player_id"
 WHERE s."game_id" = r."game_id" AND s."position" = r."caller_position" AND p."bot_level" IS NOT NULL;
UPDATE "rounds" r SET "by_bot" = true
  FROM "game_events" e JOIN "game_events" ended ON ended."game_id" = e."game_id" AND ended."seq" = e."seq" + 1
 WHERE e."game_id" = r."game_id" AND e."type" = 'DUDO_CALLED'
   AND COALESCE((e."payload"->>'timedOut')::boolean, false)
   AND ended."type" = 'ROUND_ENDED' AND (ended."payload"->>'number')::int = r."number";
