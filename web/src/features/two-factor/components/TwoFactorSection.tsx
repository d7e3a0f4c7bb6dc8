// Two-factor sign-in on the settings page (and the back office's setup screen, for an admin who must
// have it): set it up (the password, or for an admin of a server paying real XRP the setup code
// --seed-admin printed on the server's console; then a QR code, the key as text, the first code), the
// ten recovery codes shown once (copy, download, "I saved them"), then its status with new recovery
// codes and turning it off, each with a current code.
import { CheckCircle2, Copy, Download, ShieldCheck, ShieldOff } from "lucide-react";
import { useState, type ChangeEvent, type ComponentProps, type FormEvent } from "react";
import { useCurrentUser } from "../../../api/session";
import { useSiteName } from "../../site";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useMustKeepTwoFactor,
  useRenewRecoveryCodes,
  useTwoFactorChanged,
  useTwoFactorSetup,
} from "../api";
import { ApiError, errorText, isNetworkFailure } from "../../../lib/errors";
import { saveFile } from "../../../lib/download-link";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { FormFailure } from "../../../components/ui/form-failure";
import { T, t } from "../../../i18n";

// The refusals that belong under the code field (or, setting up, under the password or setup code);
// any other is the form's.
const fieldError = (codes: Set<string>) => (error: unknown) =>
  error instanceof ApiError && error.code !== null && codes.has(error.code) ? errorText(error) : null;
const codeError = fieldError(new Set(["WRONG_CODE", "CODE_REQUIRED"]));
const proofError = fieldError(new Set(["WRONG_PASSWORD", "WRONG_SETUP_CODE", "SETUP_CODE_REQUIRED"]));
const formError = (error: unknown, ofField = codeError) =>
  error && !ofField(error) && !isNetworkFailure(error) ? errorText(error) : null;

// A field for a code from the authenticator app (or, where `recovery`, a recovery code as well).
export function CodeField({
  recovery = false,
  label,
  ...props
}: Omit<ComponentProps<typeof Field>, "label"> & { recovery?: boolean; label?: string }) {
  return (
    <Field
      label={label ?? (recovery ? t("settings.twoFactor.codeOrRecovery") : t("settings.twoFactor.code"))}
      inputMode={recovery ? "text" : "numeric"}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={recovery ? t("settings.twoFactor.codeOrRecoveryPlaceholder") : "123456"}
      className="font-mono tracking-wider"
      {...props}
    />
  );
}

// Copies text; on a page without the clipboard API (plain HTTP) through a selected, hidden text area.
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused: try the old way
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const done = document.execCommand("copy");
  area.remove();
  return done;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: "outline", size: "sm" })}
        onClick={() => void copyText(text).then(setCopied)}
      >
        <Copy aria-hidden="true" className="h-4 w-4" />
        {label}
      </button>
      <span role="status" className="text-sm text-slate-600">
        {copied === true ? t("settings.copy.done") : copied === false ? t("settings.copy.failed") : ""}
      </span>
    </>
  );
}

function Busy({ busy, label, className }: { busy: boolean; label: string; className?: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass({ className })}>
      {busy && <Spinner />}
      {label}
    </button>
  );
}

// The ten recovery codes, once: each logs in once instead of a code from the app.
function RecoveryCodes({ codes, username, onSaved }: { codes: string[]; username: string; onSaved: () => void }) {
  const text = codes.join("\n");
  const site = useSiteName();
  const download = () => {
    const file = `${t("settings.recovery.fileTitle", { site, username })}\n${t("settings.recovery.fileNote")}\n\n${text}\n`;
    saveFile(new Blob([file], { type: "text/plain" }), `xrp-faucet-recovery-codes-${username}.txt`);
  };
  return (
    <section className="space-y-4" aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading" className="font-semibold text-slate-900">
        {t("settings.recovery.heading")}
      </h3>
      <p className="text-sm text-slate-700">{t("settings.recovery.text")}</p>
      <ul
        aria-label={t("settings.recovery.list")}
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={text} label={t("settings.recovery.copy")} />
        <button type="button" className={buttonClass({ variant: "outline", size: "sm" })} onClick={download}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t("settings.recovery.download")}
        </button>
      </div>
      <button type="button" className={buttonClass()} onClick={onSaved}>
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        {t("settings.recovery.saved")}
      </button>
    </section>
  );
}

// Off: "Set up", with the password (a stolen session cannot turn it on with someone else's app), or for
// an admin of a server paying real XRP the console's setup code (`needsSetupCode`: a password alone
// does not make such an admin), shows the QR code and the key; the first code from the app turns it on.
function SetUp({ onEnabled, needsSetupCode }: { onEnabled: (codes: string[]) => void; needsSetupCode: boolean }) {
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  // (the authenticator app names the site by it: the setup's issuer)
  const site = useSiteName();
  const [code, setCode] = useState("");
  const [proof, setProof] = useState("");
  const secret = setup.data?.secret ?? "";
  if (!setup.data) {
    const start = () => setup.mutate(needsSetupCode ? { setupCode: proof.trim() } : { password: proof });
    const proofField = {
      value: proof,
      error: proofError(setup.error),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setProof(e.target.value);
        setup.reset();
      },
    };
    return (
      <form
        className="space-y-3"
        noValidate
        aria-label={t("settings.twoFactor.setUpLabel")}
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <p className="text-sm text-slate-700">
          <T id="settings.twoFactor.off" components={{ 0: <span className="font-semibold text-slate-900" /> }} />
        </p>
        {needsSetupCode ? (
          <>
            <p className="text-sm text-slate-700">
              <T id="settings.twoFactor.setupCodeHelp" components={{ 0: <code className="font-mono" /> }} />
            </p>
            <Field
              id="two-factor-setup-code"
              label={t("settings.twoFactor.setupCode")}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="xxxx-xxxx-xxxx-xxxx"
              className="font-mono tracking-wider"
              {...proofField}
            />
          </>
        ) : (
          <Field
            id="two-factor-setup-password"
            label={t("settings.twoFactor.password")}
            type="password"
            autoComplete="current-password"
            {...proofField}
          />
        )}
        {formError(setup.error, proofError) && (
          <FormFailure message={formError(setup.error, proofError)!} retry={false} busy={setup.isPending} />
        )}
        {isNetworkFailure(setup.error) && (
          <FormFailure message={errorText(setup.error)} retry busy={setup.isPending} onRetry={start} />
        )}
        <button type="submit" className={buttonClass()} disabled={setup.isPending} aria-busy={setup.isPending}>
          {setup.isPending ? <Spinner /> : <ShieldCheck aria-hidden="true" className="h-4 w-4" />}
          {t("settings.twoFactor.setUp")}
        </button>
      </form>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <ol className="space-y-4 text-sm text-slate-700">
        <li>
          <p className="font-medium text-slate-900">{t("settings.twoFactor.step1")}</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`}
            alt={t("settings.twoFactor.qrAlt", { site })}
            className="mt-2 h-48 w-48 rounded-lg border border-slate-200 bg-white p-1"
          />
        </li>
        <li>
          <p className="font-medium text-slate-900">{t("settings.twoFactor.step2")}</p>
          <p className="mt-2 rounded-lg bg-slate-50 p-3 font-mono text-base break-all text-slate-900">
            <span className="sr-only">{t("settings.twoFactor.key")} </span>
            <span data-testid="two-factor-secret">{secret.match(/.{1,4}/g)?.join(" ")}</span>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <CopyButton text={secret} label={t("settings.twoFactor.copyKey")} />
          </div>
        </li>
        <li>
          <p className="font-medium text-slate-900">{t("settings.twoFactor.step3")}</p>
        </li>
      </ol>
      <CodeField
        id="two-factor-enable-code"
        label={t("settings.twoFactor.codeFromApp")}
        value={code}
        error={codeError(enable.error)}
        onChange={(e) => {
          setCode(e.target.value);
          enable.reset();
        }}
      />
      {formError(enable.error) && (
        <FormFailure message={formError(enable.error)!} retry={false} busy={enable.isPending} />
      )}
      {isNetworkFailure(enable.error) && (
        <FormFailure message={errorText(enable.error)} retry busy={enable.isPending} />
      )}
      <div className="flex flex-wrap gap-2">
        <Busy busy={enable.isPending} label={t("settings.twoFactor.turnOn")} />
        <button
          type="button"
          className={buttonClass({ variant: "outline" })}
          onClick={() => {
            setup.reset();
            enable.reset();
            setCode("");
            setProof("");
          }}
        >
          {t("settings.cancel")}
        </button>
      </div>
    </form>
  );
}

type Step = "renew" | "disable" | null;

// On: the recovery codes left, new ones, turning it off (each with a current code).
function Status({
  left,
  mustKeep,
  onCodes,
  onOff,
}: {
  left: number;
  mustKeep: boolean;
  onCodes: (codes: string[]) => void;
  onOff: (message: string) => void;
}) {
  const [step, setStep] = useState<Step>(null);
  const [code, setCode] = useState("");
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const action = step === "disable" ? disable : renew;
  const open = (next: Step) => {
    setStep(next);
    setCode("");
    renew.reset();
    disable.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === "renew") renew.mutate(code.trim(), { onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes) });
    else disable.mutate(code.trim(), { onSuccess: ({ message }) => onOff(message) });
  };
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
        <span>
          <T id="settings.twoFactor.on" components={{ 0: <span className="font-semibold text-green-800" /> }} />{" "}
          <span className={left <= 3 ? "font-medium text-amber-800" : undefined} data-testid="recovery-codes-left">
            {left === 0 ? t("settings.twoFactor.noCodesLeft") : t("settings.twoFactor.codesLeft", { count: left })}
          </span>
        </span>
      </p>
      {mustKeep && <p className="text-sm text-slate-600">{t("settings.twoFactor.mustKeep")}</p>}
      {step === null ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => open("renew")}>
            {t("settings.twoFactor.newCodes")}
          </button>
          {!mustKeep && (
            <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => open("disable")}>
              <ShieldOff aria-hidden="true" className="h-4 w-4" />
              {t("settings.twoFactor.turnOff")}
            </button>
          )}
        </div>
      ) : (
        <form
          onSubmit={submit}
          className="space-y-4 rounded-lg border border-slate-200 p-4"
          noValidate
          aria-label={step === "renew" ? t("settings.twoFactor.newCodes") : t("settings.twoFactor.turnOffLabel")}
        >
          <p className="text-sm text-slate-700">
            {step === "renew" ? t("settings.twoFactor.renewText") : t("settings.twoFactor.offText")}{" "}
            {t("settings.twoFactor.confirmWithCode")}
          </p>
          <CodeField
            id="two-factor-confirm-code"
            recovery
            value={code}
            error={codeError(action.error)}
            onChange={(e) => {
              setCode(e.target.value);
              action.reset();
            }}
          />
          {formError(action.error) && (
            <FormFailure message={formError(action.error)!} retry={false} busy={action.isPending} />
          )}
          {isNetworkFailure(action.error) && (
            <FormFailure message={errorText(action.error)} retry busy={action.isPending} />
          )}
          <div className="flex flex-wrap gap-2">
            <Busy
              busy={action.isPending}
              label={step === "renew" ? t("settings.twoFactor.makeCodes") : t("settings.twoFactor.turnOff")}
              className={step === "disable" ? "bg-red-700 hover:bg-red-800" : undefined}
            />
            <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => open(null)}>
              {t("settings.cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

// The section's content: the recovery codes while they are shown, else the status or the setup.
export function TwoFactorSection() {
  const { data: user } = useCurrentUser();
  const mustKeep = useMustKeepTwoFactor();
  const changed = useTwoFactorChanged();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!user) return null;
  // (the user is reread once the codes are put away: an admin's setup screen gives way to the back office then)
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        username={user.username}
        onSaved={() => {
          setCodes(null);
          setDone(t("settings.twoFactor.isOn"));
          void changed();
        }}
      />
    );
  }
  const show = (next: string[]) => {
    setDone(null);
    setCodes(next);
  };
  return (
    <div className="space-y-4">
      {user.twoFactor.enabled ? (
        <Status
          left={user.twoFactor.recoveryCodesLeft}
          mustKeep={mustKeep}
          onCodes={show}
          onOff={(message) => setDone(message)}
        />
      ) : (
        <SetUp onEnabled={show} needsSetupCode={user.twoFactor.setupRequired} />
      )}
      {done && (
        <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-green-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          {done}
        </p>
      )}
    </div>
  );
}
