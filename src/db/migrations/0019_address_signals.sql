CREATE TABLE `address_signals` (
	`address` text PRIMARY KEY NOT NULL,
	`found` integer NOT NULL,
	`activated_at` integer,
	`activated_by` text,
	`balance_drops` integer,
	`tx_count` integer,
	`sink` text,
	`checked_at` integer NOT NULL,
	`flows_checked_at` integer
);
--> statement-breakpoint
CREATE INDEX `address_signals_activator` ON `address_signals` (`activated_by`,`activated_at`);--> statement-breakpoint
CREATE INDEX `address_signals_sink` ON `address_signals` (`sink`) WHERE sink is not null;--> statement-breakpoint
CREATE TABLE `address_flows` (
	`address` text NOT NULL,
	`destination` text NOT NULL,
	`amount_drops` integer NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`address`, `destination`)
);
--> statement-breakpoint
CREATE INDEX `address_flows_destination` ON `address_flows` (`destination`,`address`);--> statement-breakpoint
CREATE TABLE `address_sinks` (
	`account` text PRIMARY KEY NOT NULL,
	`feeders` integer NOT NULL,
	`found_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `faucet_requests` ADD `address_points` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `faucet_requests` ADD `address_reasons` text;
