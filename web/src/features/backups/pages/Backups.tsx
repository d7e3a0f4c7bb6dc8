// /admin/backups: the backups the server takes itself (--backup-dir): the schedule, the last success
// and the last failure (an alert while no backup has succeeded since), whether secret.key is copied
// beside them, every backup with its size (the database's and its uploaded images') and time (newest
// first) and its download, and "Back up now". Without --backup-dir it says they are off and how to turn them on.
import * as Dialog from "@radix-ui/react-dialog";
import { AlertTriangle, DatabaseBackup, Download } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Frame } from "../../../components/admin/dialogs";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { FormFailure } from "../../../components/ui/form-failure";
import { ApiError, errorText } from "../../../lib/errors";
import { cancelledToast, downloadCancelled, useBackUpNow, useBackups, useDownloadBackup } from "../api";
import { failureIsNewest, fromNow, intervalWords, sizeWords } from "../backup-words";
import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";

type Status = NonNullable<ReturnType<typeof useBackups>["data"]>;
type BackupFile = Status["backups"][number];

// "Jan 2, 2026, 3:04 PM (2 hours ago)"
const moment = (iso: string) => `${when(iso)} (${fromNow(iso)})`;

function BackupsOff() {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
      <DatabaseBackup aria-hidden="true" className="h-6 w-6 shrink-0" />
      <div className="min-w-0 space-y-2 text-sm">
        <h3 className="text-base font-bold">Backups are off</h3>
        <p>
          This server makes no backups of its database. To turn them on, start it with{" "}
          <code className="font-semibold">--backup-dir DIR</code> (or set{" "}
          <code className="font-semibold">BACKUP_DIR</code>), a directory preferably on another disk.{" "}
          <code>--backup-every</code> (default 6h) and <code>--backup-keep</code> (default 14) set how often a backup is
          made and how many are kept.
        </p>
        <p>The schedule, every backup (with its download) and "Back up now" are then here.</p>
      </div>
    </div>
  );
}

function SecretKey({ copied }: { copied: boolean | null }) {
  if (copied === null) return <span>There is no secret.key in the data directory: nothing to copy.</span>;
  if (copied) {
    return (
      <span className="block space-y-1">
        <Badge tone="green">Copied</Badge>
        <span className="block text-slate-600">
          The key of the two-factor secrets is beside the backups: restore them together.
        </span>
      </span>
    );
  }
  return (
    <span className="block space-y-1">
      <Badge tone="yellow">Not copied</Badge>
      <span className="block text-slate-600">
        It is copied with the next backup. Without it, a restored database's two-factor secrets cannot be read.
      </span>
    </span>
  );
}

function Figures({ status: s }: { status: Status }) {
  const failureNews = failureIsNewest(s);
  const rows: [string, ReactNode][] = [
    ["Schedule", `A backup ${intervalWords(s.everyMs ?? 0)}`],
    ["Kept", `The ${s.keep} newest (older ones are removed)`],
    [
      "Directory",
      <code key="dir" className="wrap-anywhere">
        {s.dir}
      </code>,
    ],
    ["Next run", s.running ? "Running now" : s.nextAt ? moment(s.nextAt) : "Not scheduled"],
    ["Last success", s.lastSuccessAt ? moment(s.lastSuccessAt) : "None yet"],
    [
      "Last failure",
      s.lastFailure ? (
        <span key="failure" className={failureNews ? "text-red-700" : undefined}>
          {moment(s.lastFailure.at)}: {s.lastFailure.message}
          {!failureNews && <span className="block text-slate-600">A backup has succeeded since.</span>}
        </span>
      ) : (
        "None"
      ),
    ],
    ["secret.key", <SecretKey key="key" copied={s.secretKeyCopied} />],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

// A download's confirmation: the admin's password (a backup is the whole database), then the
// browser downloads the file. With two-factor sign-in the step-up dialog may ask a code after it.
function DownloadDialog({ name, onClose }: { name: string | null; onClose: () => void }) {
  const download = useDownloadBackup();
  const [password, setPassword] = useState("");
  const close = () => {
    setPassword("");
    download.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name) return;
    download.mutate(
      { name, password },
      {
        onSuccess: close,
        onError: (error) => {
          if (!downloadCancelled(error)) return;
          cancelledToast();
          close();
        },
      },
    );
  };
  const wrongPassword = download.error instanceof ApiError && download.error.code === "WRONG_PASSWORD";
  return (
    <Frame
      open={name !== null}
      onClose={close}
      title="Download this backup?"
      description={
        <p>
          <span className="font-mono text-xs wrap-anywhere">{name}</span> is the whole database: accounts, emails,
          password hashes and sealed two-factor secrets. Enter your password to download it. An admin with two-factor
          sign-in also confirms with a code.
        </p>
      }
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <Field
          id="backup-download-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={wrongPassword ? errorText(download.error) : null}
          onChange={(e) => {
            setPassword(e.target.value);
            download.reset();
          }}
        />
        {download.error !== null && !wrongPassword && !downloadCancelled(download.error) && (
          <FormFailure message={errorText(download.error)} retry={false} busy={download.isPending} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close type="button" className={buttonClass({ variant: "outline" })}>
            Cancel
          </Dialog.Close>
          <button type="submit" className={buttonClass()} disabled={download.isPending} aria-busy={download.isPending}>
            {download.isPending ? <Spinner /> : <Download aria-hidden="true" className="h-4 w-4" />}
            Download
          </button>
        </div>
      </form>
    </Frame>
  );
}

function BackupList({ status: s }: { status: Status }) {
  const [asked, setAsked] = useState<string | null>(null);
  const c = columnsFor<BackupFile>();
  const columns: Column<BackupFile>[] = [
    c.display({
      id: "name",
      header: "Backup",
      cell: ({ row: { original: b, index } }) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs wrap-anywhere">{b.name}</span>
          {index === 0 && <Badge tone="green">Newest</Badge>}
        </span>
      ),
    }),
    c.display({ id: "made", header: "Made", cell: ({ row: { original: b } }) => moment(b.createdAt) }),
    c.display({
      id: "size",
      header: "Size",
      cell: ({ row: { original: b } }) => (
        <span className="block">
          <span title={`${b.sizeBytes.toLocaleString("en-US")} bytes`}>{sizeWords(b.sizeBytes)}</span>
          {b.uploads.files > 0 && (
            <span
              className="block text-xs text-slate-600"
              title={`${b.uploads.sizeBytes.toLocaleString("en-US")} bytes`}
            >
              + {b.uploads.files} uploaded {b.uploads.files === 1 ? "image" : "images"},{" "}
              {sizeWords(b.uploads.sizeBytes)}
            </span>
          )}
        </span>
      ),
    }),
    c.display({
      id: "download",
      header: "Download",
      cell: ({ row: { original: b } }) => (
        <button
          type="button"
          className={buttonClass({ size: "sm", variant: "outline" })}
          aria-label={`Download ${b.name}`}
          onClick={() => setAsked(b.name)}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download
        </button>
      ),
    }),
  ];
  return (
    <Panel title={`Backup files (${s.backups.length})`} id="backup-files-title">
      {s.backups.length === 0 ? (
        <Empty>
          No backups yet.{" "}
          {s.nextAt
            ? `The first one is due ${moment(s.nextAt)}; or press Back up now.`
            : "Press Back up now to make the first one."}
        </Empty>
      ) : (
        <DataTable label="Backup files" columns={columns} data={s.backups} rowKey={(b) => b.name} />
      )}
      <DownloadDialog name={asked} onClose={() => setAsked(null)} />
      <p className="mt-4 text-sm text-slate-600">
        A backup is the whole database and the images uploaded until then (in the backup directory's uploads/, listed in
        the backup's .uploads file; the download is the database alone, after your password): keep a downloaded one as
        safe as the server. To restore one, stop the server and run{" "}
        <code className="whitespace-nowrap">xrp-faucet --restore FILE</code>, with the secret.key, the .uploads list and
        the uploads/ folder from the backup directory beside it.
      </p>
    </Panel>
  );
}

export function BackupsScreen() {
  const status = useBackups();
  const backUp = useBackUpNow();
  if (status.isPending)
    return (
      <Panel title="Backups" id="backups-title">
        <Loading />
      </Panel>
    );
  if (status.isError) {
    return (
      <Panel title="Backups" id="backups-title">
        <p role="alert" className="text-red-700">
          Backups could not be loaded: {status.error.message}
        </p>
      </Panel>
    );
  }
  const s = status.data;
  if (!s.enabled) {
    return (
      <Panel title="Backups" id="backups-title">
        <BackupsOff />
      </Panel>
    );
  }
  const running = s.running || backUp.isPending;
  const button = (
    <button type="button" className={buttonClass()} disabled={backUp.isPending} onClick={() => backUp.mutate()}>
      {backUp.isPending ? <Spinner /> : <DatabaseBackup aria-hidden="true" className="h-4 w-4" />}
      {backUp.isPending ? "Backing up..." : "Back up now"}
    </button>
  );
  return (
    <>
      <Panel title="Backups" id="backups-title" actions={button}>
        {failureIsNewest(s) && s.lastFailure && (
          <div role="alert" className="mb-4 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
            <div className="min-w-0">
              <p className="font-semibold">The last backup failed</p>
              <p className="text-sm break-words">{s.lastFailure.message}</p>
              <p className="mt-1 text-xs text-red-800">
                {moment(s.lastFailure.at)}. {s.nextAt ? `It is tried again ${moment(s.nextAt)}.` : ""}
              </p>
            </div>
          </div>
        )}
        {running && (
          <p
            role="status"
            className="mb-4 flex items-center gap-2 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800"
          >
            <Spinner /> A backup is being made now: the database is copied and checked, then listed below.
          </p>
        )}
        <Figures status={s} />
      </Panel>
      <BackupList status={s} />
    </>
  );
}
