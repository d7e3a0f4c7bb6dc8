-- The networks a contact message came from (lib/ip-group.ts): the form's limit counts a network's
-- messages of the last hour (IPv6 /48, IPv4 /24: contact_messages_network_time), and a message is in
-- a burst when 3 or more came from its wide network (IPv6 /32, IPv4 /16) within 10 minutes
-- (contact_messages_wide_time); the inbox without bursts reads contact_messages_calm_time. Messages
-- from before have no networks and are in no burst.
ALTER TABLE `contact_messages` ADD `ip_network` text;
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `ip_wide` text;
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `in_burst` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX `contact_messages_network_time` ON `contact_messages` (`ip_network`,`created_at`);
--> statement-breakpoint
CREATE INDEX `contact_messages_wide_time` ON `contact_messages` (`ip_wide`,`created_at`);
--> statement-breakpoint
CREATE INDEX `contact_messages_calm_time` ON `contact_messages` (`created_at`) WHERE "contact_messages"."in_burst" = 0;
