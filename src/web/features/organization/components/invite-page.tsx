import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import * as invitationsApi from "#shared/api/invitations.ts";
import { acceptInvitationSchema, type InvitationPreview } from "#shared/schemas/organization.ts";
import { PASSWORDS_DONT_MATCH } from "#shared/schemas/user.ts";
import { APP_NAME } from "../../../components/app-name.ts";
import { AuthLayout } from "../../../components/auth-layout.tsx";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { useAuth, useAuthClient } from "../../../lib/auth/auth-context.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { useAction, useLiveMutation } from "../../../lib/sync/mutations.ts";
import { invitationPreviewOptions } from "../api/organization-queries.ts";
import { roleLabel } from "../lib/format.ts";

const acceptFormSchema = acceptInvitationSchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ["confirmPassword"],
  });

const DEAD_LINKS = {
  invalid: {
    title: "This invitation link does not work",
    text: "Check that you opened the whole link from the email or message you received. If it still does not work, ask an admin of the organization for a new invitation.",
  },
  expired: {
    title: "This invitation has expired",
    text: "Invitation links work for 7 days. Ask an admin of the organization to send it again.",
  },
  accepted: {
    title: "This invitation has already been used",
    text: "Each link works once. If you accepted it, sign in with your email and password.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    text: "An admin of the organization withdrew it. Ask them for a new invitation if you still need to join.",
  },
} as const;

type Valid = Extract<InvitationPreview, { status: "valid" }>;

/** /invite/$token: what the link invites to, and the way in (a new account, or joining). */
export function InvitePage({ token }: { token: string }) {
  usePageTitle("Invitation");
  const preview = useQuery(invitationPreviewOptions(token));
  const data = preview.data;
  const valid = data?.status === "valid" ? data : null;
  const dead =
    data && data.status !== "valid" ? { status: data.status, ...DEAD_LINKS[data.status] } : null;
  return (
    <AuthLayout
      title={valid ? `Join ${valid.organizationName}` : (dead?.title ?? "Invitation")}
      subtitle={
        valid
          ? `You were invited to ${APP_NAME} as ${valid.role === "OrganizationAdmin" ? "an organization admin" : "a member"}.`
          : dead
            ? "This link cannot be used."
            : "Checking your invitation…"
      }
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-foreground hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {preview.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : preview.error ? (
        <Alert
          variant="error"
          title="This invitation link does not work"
          data-testid="invite-invalid"
        >
          {DEAD_LINKS.invalid.text}
        </Alert>
      ) : valid ? (
        <ValidInvitation token={token} invitation={valid} />
      ) : dead ? (
        <div className="grid gap-5" data-testid={`invite-${dead.status}`}>
          <Alert variant="warning">{dead.text}</Alert>
          <Button asChild size="lg" variant="outline">
            <Link to="/login">Go to sign in</Link>
          </Button>
        </div>
      ) : null}
    </AuthLayout>
  );
}

function InvitationSummary({ invitation }: { invitation: Valid }) {
  return (
    <dl className="mb-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border bg-muted/30 px-4 py-3 text-sm">
      <dt className="text-muted-foreground">Organization</dt>
      <dd className="truncate font-medium" data-testid="invite-organization">
        {invitation.organizationName}
      </dd>
      <dt className="text-muted-foreground">Email</dt>
      <dd className="truncate" data-testid="invite-email">
        {invitation.email}
      </dd>
      <dt className="text-muted-foreground">Role</dt>
      <dd data-testid="invite-role">{roleLabel(invitation.role)}</dd>
    </dl>
  );
}

function ValidInvitation({ token, invitation }: { token: string; invitation: Valid }) {
  const auth = useAuth();
  return (
    <div data-testid="invite-valid">
      <InvitationSummary invitation={invitation} />
      {auth.isAuthenticated ? (
        <JoinAsSignedIn token={token} invitation={invitation} />
      ) : invitation.accountExists ? (
        <div className="grid gap-4">
          <Alert title="You already have an account">
            Sign in as {invitation.email}, then open this link again to join.
          </Alert>
          <Button asChild size="lg">
            <Link to="/login" search={{ redirect: `/invite/${token}` }}>
              Sign in to join
            </Link>
          </Button>
        </div>
      ) : (
        <AcceptForm token={token} />
      )}
    </div>
  );
}

function JoinAsSignedIn({ token, invitation }: { token: string; invitation: Valid }) {
  const me = useQuery(meOptions());
  const auth = useAuth();
  const navigate = useNavigate();
  const join = useLiveMutation(invitationsApi.acceptExisting, { showErrorToast: false });
  if (!me.data) return <Skeleton className="h-10 w-full" />;
  const sameEmail = me.data.email.toLowerCase() === invitation.email.toLowerCase();
  if (!sameEmail) {
    return (
      <div className="grid gap-4">
        <Alert variant="warning" title="You are signed in with another account">
          This invitation is for {invitation.email}, but you are signed in as {me.data.email}. Sign
          out, then open the link again.
        </Alert>
        <Button
          size="lg"
          variant="outline"
          onClick={() => void auth.signOut()}
          data-testid="invite-sign-out"
        >
          Sign out
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {join.error ? (
        <Alert variant="error" title="Could not join">
          {join.error.message}
        </Alert>
      ) : null}
      <Button
        size="lg"
        disabled={join.isPending}
        data-testid="invite-join"
        onClick={() =>
          join.mutate(
            { token },
            { onSuccess: () => void navigate({ to: "/account/organization", replace: true }) },
          )
        }
      >
        {join.isPending ? <Spinner /> : null}
        Join {invitation.organizationName}
      </Button>
    </div>
  );
}

function AcceptForm({ token }: { token: string }) {
  const { completeSignIn } = useAuthClient();
  const navigate = useNavigate();
  const accept = useAction(invitationsApi.accept);
  const form = useZodForm(acceptFormSchema, {
    firstName: "",
    lastName: "",
    password: "",
    confirmPassword: "",
  });
  const disabled = form.submitting;
  const onSubmit = form.handleSubmit(async ({ confirmPassword: _, ...values }) => {
    const { tokens } = await accept.mutateAsync({ token, ...values });
    completeSignIn(tokens);
    await navigate({ to: "/command-center", replace: true });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Create your account">
      {form.errors.form ? (
        <Alert variant="error" title="Your account was not created">
          {form.errors.form}
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" error={form.errors.firstName}>
          <Input
            {...form.field("firstName")}
            autoComplete="given-name"
            autoFocus
            disabled={disabled}
            data-testid="invite-first-name"
          />
        </FormField>
        <FormField label="Last name" error={form.errors.lastName}>
          <Input
            {...form.field("lastName")}
            autoComplete="family-name"
            disabled={disabled}
            data-testid="invite-last-name"
          />
        </FormField>
      </div>
      <FormField label="Password" error={form.errors.password} description="At least 8 characters.">
        <Input
          {...form.field("password")}
          type="password"
          autoComplete="new-password"
          disabled={disabled}
          data-testid="invite-password"
        />
      </FormField>
      <FormField label="Confirm password" error={form.errors.confirmPassword}>
        <Input
          {...form.field("confirmPassword")}
          type="password"
          autoComplete="new-password"
          disabled={disabled}
          data-testid="invite-confirm-password"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={disabled} data-testid="invite-accept">
        {disabled ? <Spinner /> : null}
        {disabled ? "Creating your account…" : "Create account and join"}
      </Button>
    </form>
  );
}
