import { changePasswordFormSchema } from "#shared/schemas/user.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { CardFooter } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useChangePassword } from "../hooks/use-change-password.ts";
import { SectionCard } from "./section-card.tsx";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** `email` lets password managers file the new password under the right account. */
export function PasswordCard({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, EMPTY);
  const filled = Object.values(form.values).some((v) => v !== "");

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    await changePassword.mutateAsync({ currentPassword, newPassword });
    form.reset(EMPTY);
    toast({
      title: "Password changed",
      description: "Use your new password the next time you sign in.",
      variant: "success",
    });
  });

  const footer = (
    <CardFooter className="justify-end">
      <p className="mr-auto text-muted-foreground text-xs">At least 8 characters.</p>
      <Button
        type="submit"
        form="password-form"
        size="sm"
        disabled={!filled || form.submitting}
        data-testid="password-save"
      >
        {form.submitting ? <Spinner /> : null}
        Change password
      </Button>
    </CardFooter>
  );

  return (
    <SectionCard
      id="password"
      title="Password"
      description="Choose a new password. You stay signed in on this device."
      footer={footer}
    >
      <form
        id="password-form"
        onSubmit={onSubmit}
        noValidate
        className="grid gap-5"
        aria-label="Change password"
      >
        {form.errors.form ? (
          <Alert variant="error" title="Your password was not changed">
            {form.errors.form}
          </Alert>
        ) : null}
        <input type="email" autoComplete="username" hidden readOnly value={email} />
        <FormField label="Current password" error={form.errors.currentPassword}>
          <Input
            {...form.field("currentPassword")}
            type="password"
            autoComplete="current-password"
            data-testid="password-current"
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="New password" error={form.errors.newPassword}>
            <Input
              {...form.field("newPassword")}
              type="password"
              autoComplete="new-password"
              data-testid="password-new"
            />
          </FormField>
          <FormField label="Confirm new password" error={form.errors.confirmPassword}>
            <Input
              {...form.field("confirmPassword")}
              type="password"
              autoComplete="new-password"
              data-testid="password-confirm"
            />
          </FormField>
        </div>
      </form>
    </SectionCard>
  );
}
