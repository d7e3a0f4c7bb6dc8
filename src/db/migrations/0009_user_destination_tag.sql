ALTER TABLE `users` ADD `xrp_destination_tag` integer;
