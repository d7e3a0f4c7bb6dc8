// What createApp is given (app.ts): the database, the configuration, and what main.ts or a test
// chooses instead of the defaults.
import type { PasswordCost } from "./auth/passwords.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { ClientIpResolver } from "./http/client-ip.ts";
import type { AccessEntry } from "./lib/log.ts";
import type { BackupState, DiskSpace } from "./modules/alerts/checks.ts";
import type { BackupOptions } from "./modules/backups/service.ts";
import type { LiveOptions } from "./modules/live/service.ts";
import type { MetricsSources } from "./modules/metrics/model.ts";
import type { UploadQuota } from "./modules/uploads/model.ts";
import type { PayoutRuntime } from "./payouts/runtime.ts";

export interface AppDeps {
  db: Db;
  // explorerUrl: --explorer-url (absent in tests that do not set it)
  config: Pick<Config, "publicUrl" | "trustProxy"> & Partial<Pick<Config, "explorerUrl" | "mail">>;
  clock?: () => number;
  clientIp?: ClientIpResolver;
  passwordCost?: PasswordCost;
  version?: string;
  random?: () => number;
  // The payout engine and its ledger, when a wallet is configured (main.ts builds them).
  payouts?: PayoutRuntime | null;
  // How long POST /api/admin/pay waits for the ledger's verdict before answering 202.
  payWaitMs?: number;
  // How long a request body may take to arrive (BODY_DEADLINE_MS; tests shorten it).
  bodyDeadlineMs?: number;
  log?: (line: string) => void;
  // --log-format json: one access line per request (each answer then carries its x-request-id)
  accessLog?: ((entry: AccessEntry) => void) | null;
  // GET /metrics: the operator's --metrics-token (none: this machine only), the metrics other
  // modules own, and the socket's peer address (tests give another; never X-Forwarded-For)
  metrics?: { token?: string | null; sources?: MetricsSources; peerIp?: ClientIpResolver };
  // the key that seals two-factor secrets (auth/secret-box.ts: the data directory's secret.key)
  secretKey: Uint8Array;
  // admins must use two-factor sign-in: the server pays on a real ledger (--xrpl-url)
  adminTwoFactorRequired?: boolean;
  // keys the login throttle keeps in each tier of its memory (THROTTLE_KEYS_PER_TIER; tests shrink it)
  throttleKeysPerTier?: number;
  // how long a refused login is held before its answer (the server: LOGIN_REFUSAL_HOLD_MS; default 0)
  loginRefusalHoldMs?: number;
  // --backup-dir and the rest (main.ts starts the schedule once the app answers); absent: backups
  // are off (the admin calls say so)
  backups?: BackupOptions;
  // what the alerts read besides the app's own services
  alerts?: {
    diskSpace?: () => DiskSpace;
    backups?: () => BackupState | null;
    walletDays?: number;
    walletFloorDrops?: number;
  };
  // where uploaded images are kept (default: uploads/ beside the database, in the data directory)
  uploadsDir?: string;
  // how many images and bytes the uploads folder holds at most (default UPLOAD_QUOTA; tests shrink it)
  uploadQuota?: UploadQuota;
  // how the back office's event stream gathers changes and beats (modules/live; tests shorten them)
  live?: LiveOptions;
}
