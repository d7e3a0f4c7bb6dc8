CREATE TABLE `code_guesses` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`last_failed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
