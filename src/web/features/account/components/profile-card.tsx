import type { User } from "#shared/schemas/user.ts";
import { Avatar, initialsOf } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { CardFooter } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useProfileForm } from "../hooks/use-profile-form.ts";
import { RoleBadge } from "./role-badge.tsx";
import { SectionCard } from "./section-card.tsx";

/** The account's names: edited here, saved live (another tab's change shows at once). */
export function ProfileCard({ user }: { user: User }) {
  const { form, dirty, onSubmit, cancel } = useProfileForm(user);

  const footer = (
    <CardFooter className="justify-end">
      <p className="mr-auto text-muted-foreground text-xs">
        {dirty ? "You have unsaved changes." : "Shown to members of your organization."}
      </p>
      {dirty ? (
        <Button type="button" variant="ghost" size="sm" onClick={cancel}>
          Cancel
        </Button>
      ) : null}
      <Button
        type="submit"
        form="profile-form"
        size="sm"
        disabled={!dirty || form.submitting}
        data-testid="profile-save"
      >
        {form.submitting ? <Spinner /> : null}
        Save changes
      </Button>
    </CardFooter>
  );

  return (
    <SectionCard
      id="profile"
      title="Profile"
      description="Your name as it appears across the workspace."
      footer={footer}
    >
      <div className="mb-6 flex items-center gap-4">
        <Avatar
          initials={initialsOf(user.firstName, user.lastName, user.email)}
          className="size-12 text-sm"
        />
        <div className="min-w-0">
          <p className="truncate font-medium" data-testid="profile-display-name">
            {`${user.firstName} ${user.lastName}`.trim()}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
            <RoleBadge user={user} />
            {user.organization ? <span className="truncate">{user.organization.name}</span> : null}
          </div>
        </div>
      </div>
      <form
        id="profile-form"
        onSubmit={onSubmit}
        noValidate
        className="grid gap-5"
        aria-label="Profile"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="First name" error={form.errors.firstName}>
            <Input
              {...form.field("firstName")}
              autoComplete="given-name"
              data-testid="profile-first-name"
            />
          </FormField>
          <FormField label="Last name" error={form.errors.lastName}>
            <Input
              {...form.field("lastName")}
              autoComplete="family-name"
              data-testid="profile-last-name"
            />
          </FormField>
        </div>
        <FormField
          label="Email"
          description="Your sign-in address. Ask an administrator to change it."
        >
          <Input value={user.email} readOnly type="email" data-testid="profile-email" />
        </FormField>
      </form>
    </SectionCard>
  );
}
