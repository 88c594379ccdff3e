-- Bots' client seeds derived from k[0] and their seat at start (FAIRNESS.md, serverSeeds "hmac-sha256-k0-v2").
-- Games made before keep their value: "hmac-sha256-chain-v2" (seeds from k[0] and the player's id) or v1.
ALTER TABLE "games" ALTER COLUMN "fairness_algorithm" SET DEFAULT 'hmac-sha256-chain-v3';
