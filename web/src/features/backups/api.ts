// The database's backups: the schedule and the files, "Back up now", and a download.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { auditLogKey } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import { toast } from "../../components/ui/use-toast";
import { downloadLink } from "../../lib/download-link";
import { ApiError, errorText } from "../../lib/errors";
import { alertsKey } from "../alerts";
import { sizeWords } from "./backup-words";

const backupsKey = ["/api/admin/backups"] as const;

// GET /api/admin/backups: the schedule, every backup (newest first), the last success and failure;
// reread every 2 s while a backup runs, else each minute (the schedule makes them by itself).
export const useBackups = () =>
  useQuery({
    queryKey: backupsKey,
    queryFn: () => unwrap(api.admin.backups.get()),
    refetchInterval: (query) => (query.state.data?.running ? 2_000 : 60_000),
  });

// The server's words when it was started without --backup-dir (409 BACKUPS_OFF).
export const BACKUPS_OFF = "BACKUPS_OFF";

// POST /api/admin/backups, "Back up now": answers once the copy is made and checked (a backup under
// way is joined). Success or failure, the status is read again (a failure is its lastFailure).
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin.backups.post()),
    onSuccess: (file) => toast({ title: "Backup made", description: `${file.name} (${sizeWords(file.sizeBytes)})` }),
    onError: (error) =>
      toast(
        error instanceof ApiError && error.code === BACKUPS_OFF
          ? {
              variant: "destructive",
              title: "Backups are not configured",
              description: "Start the server with --backup-dir DIR (or set BACKUP_DIR) to turn them on.",
            }
          : { variant: "destructive", title: "Backup failed", description: errorText(error) },
      ),
    onSettled: () => {
      for (const key of [backupsKey, auditLogKey, alertsKey]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

// A download hands over the whole database, so the admin's password is entered for it: POST
// /api/admin/backups/:name/download answers a link that works once, for a minute, in this session,
// which the browser then downloads itself (the file goes to disk, not through the page's memory). An
// admin with two-factor sign-in also gives a code: the step-up dialog asks for it when none was
// entered in the last 5 minutes (403 STEP_UP_REQUIRED), and the password is sent again with it.
export function useDownloadBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const link = await unwrap(api.admin.backups({ name }).download.post({ password }));
      downloadLink(link.url, name);
      return { name };
    },
    onSuccess: ({ name }) => {
      toast({ title: "Backup downloaded", description: `${name}: your browser saves it with your downloads.` });
      void queryClient.invalidateQueries({ queryKey: auditLogKey });
    },
  });
}

// A cancelled code: the download's dialog closes with a toast saying so (other refusals show in it).
export const downloadCancelled = (error: unknown) => error instanceof ApiError && error.code === "STEP_UP_CANCELLED";
export const cancelledToast = () =>
  toast({ title: "Download cancelled", description: "Not confirmed: the backup was not downloaded." });
