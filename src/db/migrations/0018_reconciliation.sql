CREATE TABLE `installation` (
	`id` integer PRIMARY KEY NOT NULL,
	`installation_id` text NOT NULL,
	`reconciled_ledger` integer
);
--> statement-breakpoint
INSERT INTO `installation` (`id`, `installation_id`, `reconciled_ledger`) VALUES (1, lower(hex(randomblob(16))), NULL);
--> statement-breakpoint
ALTER TABLE `payouts` ADD `found_on_ledger` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE `wallet_ledger_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tx_hash` text NOT NULL,
	`origin` text NOT NULL,
	`transaction_type` text NOT NULL,
	`result` text NOT NULL,
	`destination` text,
	`amount_drops` integer,
	`sequence` integer NOT NULL,
	`ledger_index` integer NOT NULL,
	`payout_key` text,
	`found_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_ledger_payments_hash` ON `wallet_ledger_payments` (`tx_hash`);
--> statement-breakpoint
CREATE INDEX `wallet_ledger_payments_found` ON `wallet_ledger_payments` (`origin`,`found_at`);
