import { useState } from "react";
import { z } from "zod";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { SignInStep } from "../../../lib/auth/auth-client.ts";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";

const emailSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
});
const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "The code is 6 digits"),
});

/** Sign in with an emailed code: the address first, then the 6 digits (or the email's link). */
export function EmailCodeForm({
  onStep,
  onCancel,
}: {
  onStep: (step: SignInStep) => void | Promise<void>;
  onCancel: () => void;
}) {
  const auth = useAuthClient();
  const [sentTo, setSentTo] = useState<string>();
  const emailForm = useZodForm(emailSchema, { email: "" });
  const codeForm = useZodForm(codeSchema, { code: "" });

  const send = emailForm.handleSubmit(async ({ email }) => {
    await auth.requestEmailCode(email);
    setSentTo(email);
  });
  const verify = codeForm.handleSubmit(async ({ code }) => {
    await onStep(await auth.signInWithEmailCode(sentTo ?? "", code));
  });

  if (!sentTo) {
    return (
      <form onSubmit={send} noValidate className="grid gap-5" aria-label="Email me a code">
        {emailForm.errors.form ? (
          <Alert variant="error" title="Could not send a code">
            {emailForm.errors.form}
          </Alert>
        ) : null}
        <FormField label="Email" error={emailForm.errors.email}>
          <Input
            {...emailForm.field("email")}
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            autoFocus
            disabled={emailForm.submitting}
            data-testid="email-code-email"
          />
        </FormField>
        <Button
          type="submit"
          size="lg"
          disabled={emailForm.submitting}
          data-testid="email-code-send"
        >
          {emailForm.submitting ? <Spinner /> : null}
          Email me a sign-in code
        </Button>
        <Button type="button" variant="link" className="justify-self-center" onClick={onCancel}>
          Sign in with a password instead
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={verify} noValidate className="grid gap-5" aria-label="Enter the code">
      <Alert variant="info" title="Check your email" data-testid="email-code-sent">
        If {sentTo} has an account, a code and a sign-in link are on their way. They work once, for
        10 minutes.
      </Alert>
      {codeForm.errors.form ? (
        <Alert variant="error" title="Could not sign you in" data-testid="login-error">
          {codeForm.errors.form}
        </Alert>
      ) : null}
      <FormField label="6-digit code" error={codeForm.errors.code}>
        <Input
          {...codeForm.field("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={6}
          autoFocus
          className="font-mono text-lg tracking-[0.4em]"
          disabled={codeForm.submitting}
          data-testid="email-code-code"
        />
      </FormField>
      <Button
        type="submit"
        size="lg"
        disabled={codeForm.submitting}
        data-testid="email-code-submit"
      >
        {codeForm.submitting ? <Spinner /> : null}
        {codeForm.submitting ? "Signing in…" : "Sign in"}
      </Button>
      <Button type="button" variant="link" className="justify-self-center" onClick={onCancel}>
        Back
      </Button>
    </form>
  );
}
