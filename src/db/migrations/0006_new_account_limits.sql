ALTER TABLE `faucet_settings` ADD `accounts_per_hour` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `faucet_settings` ADD `accounts_per_day` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `ip_group` text;--> statement-breakpoint
CREATE INDEX `users_ip_group_time` ON `users` (`ip_group`,`created_at`);