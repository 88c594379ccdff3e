-- The fair-dice derivation of each game (FAIRNESS.md). Games made before this keep "hmac-sha256-chain-v1"
-- (server-drawn seeds at random); new games take v2 (server-drawn seeds derived from k[0]).
ALTER TABLE "games" ADD COLUMN "fairness_algorithm" VARCHAR(40) NOT NULL DEFAULT 'hmac-sha256-chain-v1';
ALTER TABLE "games" ALTER COLUMN "fairness_algorithm" SET DEFAULT 'hmac-sha256-chain-v2';
