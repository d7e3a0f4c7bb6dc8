CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`body` text NOT NULL,
	`featured_image` text,
	`author` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `posts_slug` ON `posts` (`slug`);--> statement-breakpoint
CREATE INDEX `posts_status_published` ON `posts` (`status`,`published_at`);--> statement-breakpoint
CREATE TABLE `ad_slots` (
	`slot` text PRIMARY KEY NOT NULL,
	`image_url` text,
	`link_url` text,
	`iframe_url` text,
	`alt` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL
);--> statement-breakpoint
CREATE TABLE `ad_clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slot` text NOT NULL,
	`created_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `ad_clicks_slot_time` ON `ad_clicks` (`slot`,`created_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`message` text NOT NULL,
	`ip_address` text NOT NULL,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`read_at` integer
);--> statement-breakpoint
CREATE INDEX `contact_messages_time` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_unread` ON `contact_messages` (`created_at`) WHERE "contact_messages"."read_at" is null;--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo_url` text,
	`contact_email` text,
	`updated_at` integer NOT NULL
);--> statement-breakpoint
INSERT INTO `site_settings` (`id`, `name`, `logo_url`, `contact_email`, `updated_at`) VALUES (1, 'XRP Faucet', NULL, NULL, 0);--> statement-breakpoint
INSERT INTO `posts` (`slug`, `title`, `excerpt`, `body`, `featured_image`, `author`, `status`, `published_at`, `created_at`, `updated_at`) VALUES
('welcome-to-the-xrp-faucet', 'Welcome to the XRP Faucet', 'What the faucet is, who it is for, and how a free drop of XRP reaches your wallet.', 'The XRP Faucet gives small amounts of XRP to anyone with an XRP Ledger address. There is nothing to buy and no account to create: paste your address, ask for a drop, and our team reviews the request.

Every approved request is paid on the XRP Ledger itself. Once a ledger validates the payment it is final, and you can see it in any ledger explorer with the transaction hash we show in your dashboard.

An account is optional. It adds a personal dashboard with your request history, a daily streak, and extra ways to earn such as the social-sharing and reviewer bonuses.', NULL, 'faucet-team', 'published', 1730721600000, 1730721600000, 1730721600000),
('keep-your-secret-key-secret', 'Keep Your Secret Key Secret', 'Your address is public; your secret key is not. The one rule that keeps your XRP safe.', 'An XRP Ledger wallet has two parts: a public address that starts with r, and a secret key (or a recovery phrase) that controls the funds. Anyone may know your address. Nobody should ever see your secret.

The faucet only needs your address. We will never ask for your secret key, your recovery phrase, or to ''verify'' your wallet by connecting it somewhere. Anyone who asks for them is trying to steal from you.

Write your recovery phrase on paper, keep it offline, and never type it into a website you reached from a message or an advertisement.', NULL, 'security-desk', 'published', 1731067200000, 1731067200000, 1731067200000),
('destination-tags-explained', 'Destination Tags, Explained', 'Exchanges share one address between many customers. The destination tag tells them which one is you.', 'When you send XRP to an exchange, the address usually belongs to the exchange, not to you. The destination tag, a number, tells the exchange whose account to credit.

If your exchange gave you an address and a tag, use an X-address (it starts with X and contains both) or make sure the tag travels with the payment. The faucet accepts X-addresses and keeps the tag.

Accounts that require a tag refuse payments without one. Our payout engine checks this before sending, so a missing tag never costs you a drop.', NULL, 'faucet-team', 'published', 1731412800000, 1731412800000, 1731412800000),
('why-new-wallets-need-1-xrp', 'Why New Wallets Need 1 XRP', 'The reserve keeps the ledger lean. Here is what it means for your first drop.', 'Every account on the XRP Ledger keeps a small reserve, currently 1 XRP, plus 0.2 XRP for each object it owns. The reserve cannot be spent; it keeps the shared ledger free of spam accounts.

A payment to an address that does not exist yet creates the account, but only if it carries at least the reserve. Smaller payments to a brand-new address fail.

That is why the faucet checks your address before paying: if a drop would be too small to activate a new wallet, it tells the admin team instead of wasting the fee.', NULL, 'ledger-notes', 'published', 1731672000000, 1731672000000, 1731672000000),
('how-we-stop-faucet-bots', 'How We Stop Faucet Bots', 'Limits per address, network and device, a risk score, and humans in the loop.', 'A free faucet attracts scripts that try to claim thousands of times. Each request is checked on the server: one per address every 24 hours, a few per network and per device, and a daily budget for the whole faucet.

Every request also gets a risk score from signals such as how many addresses one device used or whether the request came from a script. The admin team sees the score and its reasons before approving anything.

Honest visitors notice none of this. Bots notice all of it.', NULL, 'security-desk', 'published', 1732017600000, 1732017600000, 1732017600000),
('build-a-daily-streak', 'Build a Daily Streak', 'Come back every day, keep your streak alive, and collect points along the way.', 'Logged-in users earn points for each faucet claim, and a little more for every day in a row. Miss more than a day and the streak starts again.

Your dashboard shows your streak, your points and your last claim, so you always know when the next one is possible.

More ways to use points are coming: staking rewards, a referral program and achievements are on the roadmap.', NULL, 'faucet-team', 'published', 1732276800000, 1732276800000, 1732276800000),
('share-and-earn-the-social-bonus', 'Share and Earn: the Social Bonus', 'Tell your friends about the faucet and claim a bonus for each platform, every week.', 'Share the faucet on Facebook, Twitter or LinkedIn from your dashboard or the Earn More page, then claim your bonus with your wallet address.

Each platform can be claimed once a week. Bonuses are checked by the admin team and paid together with your other rewards.

Sharing works without an account too: it helps spread the word, and you can create an account at any time to start claiming.', NULL, 'community', 'published', 1732622400000, 1732622400000, 1732622400000),
('spotting-fake-faucets-and-giveaways', 'Spotting Fake Faucets and Giveaways', '''Send 100 XRP, get 200 back'' is always a scam. Five signs to watch for.', 'Real faucets send you XRP; they never ask you to send XRP first. Any ''giveaway'' that doubles what you send is a scam, however official it looks.

Check the address bar, be wary of links in direct messages, never share your secret key, and remember that no legitimate service needs it.

When in doubt, ask in our FAQ or contact the team. We would rather answer a question than see you lose your funds.', NULL, 'security-desk', 'published', 1732968000000, 1732968000000, 1732968000000);
