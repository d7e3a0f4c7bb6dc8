ALTER TABLE `reviews` ADD `rejected_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `admin_note` text;
