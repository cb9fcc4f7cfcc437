import { z } from "zod";
import * as setupApi from "#shared/api/setup.ts";
import { setupSchema } from "#shared/api/setup.ts";
import { PASSWORDS_DONT_MATCH } from "#shared/schemas/user.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";
import { useAction } from "../../../lib/sync/mutations.ts";

const setupFormSchema = setupSchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ["confirmPassword"],
  });

const empty = {
  organizationName: "",
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  confirmPassword: "",
};

export function SetupForm({ token, onDone }: { token: string; onDone: () => unknown }) {
  const { completeSignIn } = useAuthClient();
  const complete = useAction(setupApi.completeSetup);
  const form = useZodForm(setupFormSchema, empty);
  const disabled = form.submitting;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _, ...values }) => {
    const { tokens } = await complete.mutateAsync({ token, ...values });
    await completeSignIn(tokens);
    await onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Set up the workspace">
      {form.errors.form ? (
        <Alert variant="error" title="Setup did not complete">
          {form.errors.form}
        </Alert>
      ) : null}
      <FormField label="Organization name" error={form.errors.organizationName}>
        <Input
          {...form.field("organizationName")}
          autoComplete="organization"
          autoFocus
          disabled={disabled}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" error={form.errors.firstName}>
          <Input {...form.field("firstName")} autoComplete="given-name" disabled={disabled} />
        </FormField>
        <FormField label="Last name" error={form.errors.lastName}>
          <Input {...form.field("lastName")} autoComplete="family-name" disabled={disabled} />
        </FormField>
      </div>
      <FormField label="Work email" error={form.errors.email}>
        <Input {...form.field("email")} type="email" autoComplete="email" disabled={disabled} />
      </FormField>
      <FormField label="Password" error={form.errors.password} description="At least 8 characters.">
        <Input
          {...form.field("password")}
          type="password"
          autoComplete="new-password"
          disabled={disabled}
        />
      </FormField>
      <FormField label="Confirm password" error={form.errors.confirmPassword}>
        <Input
          {...form.field("confirmPassword")}
          type="password"
          autoComplete="new-password"
          disabled={disabled}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={disabled}>
        {disabled ? <Spinner /> : null}
        {disabled ? "Creating your workspace…" : "Create workspace"}
      </Button>
    </form>
  );
}
