DROP INDEX IF EXISTS `faucet_requests_ip_time`;--> statement-breakpoint
CREATE INDEX `faucet_requests_wide_approved` ON `faucet_requests` (`ip_wide`,`processed_at`) WHERE status in ('APPROVED', 'PROCESSED');
--> statement-breakpoint
CREATE TABLE `faucet_hourly_totals` (
	`hour` integer PRIMARY KEY NOT NULL,
	`amount_drops` integer DEFAULT 0 NOT NULL,
	`bonus_drops` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `faucet_requests` ADD `auto_approve_skip` text;
--> statement-breakpoint
DROP INDEX IF EXISTS `faucet_requests_wide_time`;--> statement-breakpoint
CREATE INDEX `faucet_requests_wide_time` ON `faucet_requests` (`ip_wide`,`created_at`,`ip_network`);
