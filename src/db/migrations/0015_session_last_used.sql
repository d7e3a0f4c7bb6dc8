ALTER TABLE `sessions` ADD `last_ip` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_ip_network` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `confirmed_networks` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `confirmed_user_agents` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `elsewhere_ip` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `elsewhere_ip_network` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `elsewhere_user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `elsewhere_at` integer;
