ALTER TABLE `faucet_requests` ADD `ip_network` text;--> statement-breakpoint
ALTER TABLE `faucet_requests` ADD `ip_wide` text;--> statement-breakpoint
CREATE INDEX `faucet_requests_network_time` ON `faucet_requests` (`ip_network`,`created_at`);--> statement-breakpoint
CREATE INDEX `faucet_requests_wide_time` ON `faucet_requests` (`ip_wide`,`created_at`);--> statement-breakpoint
ALTER TABLE `faucet_daily_totals` ADD `bonus_drops` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `ip_network` text;--> statement-breakpoint
ALTER TABLE `users` ADD `device_id` text;--> statement-breakpoint
CREATE INDEX `users_ip_network_time` ON `users` (`ip_network`,`created_at`);--> statement-breakpoint
ALTER TABLE `rewards` ADD `ip` text;--> statement-breakpoint
ALTER TABLE `rewards` ADD `ip_network` text;--> statement-breakpoint
ALTER TABLE `rewards` ADD `device_id` text;--> statement-breakpoint
ALTER TABLE `rewards` ADD `risk_score` integer;--> statement-breakpoint
ALTER TABLE `rewards` ADD `risk_reasons` text;--> statement-breakpoint
ALTER TABLE `rewards` ADD `budget_day` text;--> statement-breakpoint
CREATE INDEX `rewards_address_time` ON `rewards` (`address`,`created_at`);--> statement-breakpoint
CREATE INDEX `rewards_network_time` ON `rewards` (`ip_network`,`created_at`);--> statement-breakpoint
CREATE INDEX `rewards_device_time` ON `rewards` (`device_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `reviews` ADD `ip_network` text;--> statement-breakpoint
CREATE INDEX `reviews_network_time` ON `reviews` (`ip_network`,`created_at`);--> statement-breakpoint
ALTER TABLE `faucet_settings` ADD `bonus_daily_limit_drops` integer DEFAULT 50000000 NOT NULL;--> statement-breakpoint
ALTER TABLE `faucet_settings` ADD `bonus_min_account_age_hours` integer DEFAULT 24 NOT NULL;--> statement-breakpoint
UPDATE `faucet_settings` SET `ip_grouping` = 'subnet' WHERE `updated_by` IS NULL;--> statement-breakpoint
INSERT INTO `faucet_settings` (`id`, `ip_grouping`, `updated_at`) VALUES (1, 'subnet', CAST(strftime('%s', 'now') AS INTEGER) * 1000) ON CONFLICT (`id`) DO NOTHING;
