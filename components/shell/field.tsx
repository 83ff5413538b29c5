import { useId } from "react";
import { Input } from "@/components/ui/input";

/** What a field's control carries so its label, hint and error are announced with it. */
export type FieldControl = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * The frame of a form field: the label, the control (an input, a select, a text area: the caller
 * renders it with the ids given), an optional hint and the error, announced with the control
 * (aria-describedby).
 */
export function FieldFrame({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: (control: FieldControl) => React.ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input in the field frame. */
export function Field({ label, hint, error, ...input }: { label: string; hint?: string; error?: string } & React.ComponentProps<typeof Input>) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <Input {...control} {...input} />}
    </FieldFrame>
  );
}

/** A write the server refused, in its own words. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm break-words text-destructive">
      {message}
    </p>
  );
}

/** zod issues as one message per top-level field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
