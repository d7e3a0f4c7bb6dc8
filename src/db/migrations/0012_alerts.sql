CREATE TABLE `alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`raised_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`cleared_at` integer,
	`emailed_at` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `alerts_open_kind` ON `alerts` (`kind`) WHERE "alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX `alerts_raised` ON `alerts` (`raised_at`);
