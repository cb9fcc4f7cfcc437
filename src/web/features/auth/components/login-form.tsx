import ArrowRight from "lucide-react/icons/arrow-right";
import { z } from "zod";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { SignInStep } from "../../../lib/auth/auth-client.ts";
import { useAuth } from "../../../lib/auth/auth-context.ts";

const loginFormSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
  password: z.string().min(1, "Password is required"),
});

export function LoginForm({ onStep }: { onStep: (step: SignInStep) => void | Promise<void> }) {
  const { signIn } = useAuth();
  const form = useZodForm(loginFormSchema, { email: "", password: "" });

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    await onStep(await signIn(email, password));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign in">
      {form.errors.form ? (
        <Alert variant="error" title="Could not sign you in" data-testid="login-error">
          {form.errors.form}
        </Alert>
      ) : null}
      <FormField label="Email" error={form.errors.email}>
        <Input
          {...form.field("email")}
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          autoFocus
          disabled={form.submitting}
          data-testid="login-email"
        />
      </FormField>
      <FormField label="Password" error={form.errors.password}>
        <Input
          {...form.field("password")}
          type="password"
          autoComplete="current-password"
          placeholder="••••••••"
          disabled={form.submitting}
          data-testid="login-password"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={form.submitting} data-testid="login-submit">
        {form.submitting ? <Spinner /> : null}
        {form.submitting ? "Signing in…" : "Sign in"}
        {form.submitting ? null : <ArrowRight aria-hidden="true" />}
      </Button>
    </form>
  );
}
