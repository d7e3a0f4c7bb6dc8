ALTER TABLE `posts` ADD `language` text;--> statement-breakpoint
ALTER TABLE `users` ADD `language` text;
