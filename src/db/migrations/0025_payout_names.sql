-- A payout's name on the ledger: random, made when the payout is created, so a copy or a restore of
-- the database keeps it and a new payout never takes a lost one's. Payments name nothing else.
ALTER TABLE `payouts` ADD `ledger_ref` text;
--> statement-breakpoint
UPDATE `payouts` SET `ledger_ref` = lower(hex(randomblob(16)));
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_ledger_ref` ON `payouts` (`ledger_ref`);
--> statement-breakpoint
CREATE INDEX `payout_attempts_sequence` ON `payout_attempts` (`sequence`);
--> statement-breakpoint
-- The network the faucet pays on, the hash of the ledger its history was read up to, and what a new
-- database read back from a used wallet's history.
ALTER TABLE `installation` ADD `network_id` integer;
--> statement-breakpoint
ALTER TABLE `installation` ADD `reconciled_hash` text;
--> statement-breakpoint
ALTER TABLE `installation` ADD `rebuilt` text;
