// The database's backups: the schedule and the files, "Back up now", and a download.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { auditLogKey } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import { downloadFile } from "../../api/download";
import { toast } from "../../components/ui/use-toast";
import { ApiError, errorText } from "../../lib/errors";
import { saveFile } from "../../lib/save-file";
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
          ? { variant: "destructive", title: "Backups are not configured", description: "Start the server with --backup-dir DIR (or set BACKUP_DIR) to turn them on." }
          : { variant: "destructive", title: "Backup failed", description: errorText(error) },
      ),
    onSettled: () => {
      for (const key of [backupsKey, auditLogKey, alertsKey]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

// GET /api/admin/backups/:name, saved as a file: fetched through the client (an admin with two-factor
// sign-in confirms with a code first: a plain link would get the 403), then handed to the browser.
export function useDownloadBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const file = await downloadFile(`/api/admin/backups/${encodeURIComponent(name)}`);
      saveFile(file.blob, file.name);
      return file;
    },
    onSuccess: (file) => {
      toast({ title: "Backup downloaded", description: `${file.name} (${sizeWords(file.blob.size)})` });
      void queryClient.invalidateQueries({ queryKey: auditLogKey });
    },
    onError: (error) =>
      toast(
        error instanceof ApiError && error.code === "STEP_UP_CANCELLED"
          ? { title: "Download cancelled", description: "Not confirmed: the backup was not downloaded." }
          : { variant: "destructive", title: "Download failed", description: errorText(error) },
      ),
  });
}
