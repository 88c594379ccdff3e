-- Bots: players whose moves the server makes. Their token hash is of a secret that was never kept.
CREATE TYPE "BotLevel" AS ENUM ('EASY', 'NORMAL', 'HARD');

ALTER TABLE "players" ADD COLUMN "bot_level" "BotLevel";
