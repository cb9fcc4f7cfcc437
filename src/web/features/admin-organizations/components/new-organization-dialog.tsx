import CircleCheck from "lucide-react/icons/circle-check";
import { useState } from "react";
import { z } from "zod";
import { slugify } from "#shared/rules/slug.ts";
import {
  type CreateOrganizationResult,
  firstAdminSchema,
  organizationSlugSchema,
} from "#shared/schemas/admin-organizations.ts";
import { organizationNameSchema } from "#shared/schemas/user.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useCreateOrganization } from "../hooks/use-admin-organization-mutations.ts";
import { CopyLinkField } from "./copy-link-field.tsx";

const optionalSlug = z
  .string()
  .trim()
  .transform((slug) => slug || undefined)
  .pipe(organizationSlugSchema.optional());

const withoutAdmin = z.object({
  name: organizationNameSchema,
  slug: optionalSlug,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
const withAdmin = withoutAdmin.extend(firstAdminSchema.shape);

const EMPTY = { name: "", slug: "", firstName: "", lastName: "", email: "" };

function Created({ result, onClose }: { result: CreateOrganizationResult; onClose: () => void }) {
  const invitation = result.invitation;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{result.name} is ready</DialogTitle>
        <DialogDescription>
          Its address is <span className="font-mono">{result.slug}</span>.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4" data-testid="new-organization-created">
        {invitation ? (
          <>
            <p className="flex items-start gap-2 text-sm">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>
                {invitation.emailed
                  ? `An invitation was emailed to ${invitation.email}. They join as the organization's admin.`
                  : `${invitation.email} is invited as the organization's admin. Send them this link:`}
              </span>
            </p>
            {invitation.link ? (
              <CopyLinkField
                link={invitation.link}
                label={`Invitation link for ${invitation.email}`}
              />
            ) : null}
            {invitation.message ? (
              <p className="text-muted-foreground text-xs">{invitation.message}</p>
            ) : null}
          </>
        ) : (
          <p className="text-muted-foreground text-sm">
            It has no members yet. Invite its first admin from the command line or create it again
            with one.
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" onClick={onClose} data-testid="new-organization-done">
          Done
        </Button>
      </DialogFooter>
    </>
  );
}

/** "New organization": a name, an optional slug, and the first admin to invite. */
export function NewOrganizationDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateOrganization();
  const [inviteAdmin, setInviteAdmin] = useState(true);
  const [result, setResult] = useState<CreateOrganizationResult | null>(null);
  const form = useZodForm(inviteAdmin ? withAdmin : withoutAdmin, EMPTY);
  const onSubmit = form.handleSubmit(async (values) => {
    const firstAdmin =
      inviteAdmin && "email" in values && values.email
        ? { firstName: values.firstName, lastName: values.lastName, email: values.email }
        : undefined;
    setResult(
      await create.mutateAsync({
        name: values.name,
        ...(values.slug ? { slug: values.slug } : {}),
        ...(firstAdmin ? { firstAdmin } : {}),
      }),
    );
  });
  const suggested = slugify(form.values.name || "", "");
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-lg" data-testid="new-organization-dialog">
        {result ? (
          <Created result={result} onClose={onClose} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>New organization</DialogTitle>
              <DialogDescription>
                Its first admin gets an invitation and manages its members from then on.
              </DialogDescription>
            </DialogHeader>
            {form.errors.form ? (
              <Alert variant="error" title="Could not create the organization">
                {form.errors.form}
              </Alert>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Name" error={form.errors.name}>
                <Input {...form.field("name")} autoFocus data-testid="new-organization-name" />
              </FormField>
              <FormField
                label="Slug"
                error={form.errors.slug}
                description={suggested ? `Leave empty for "${suggested}"` : "Made from the name"}
              >
                <Input
                  {...form.field("slug")}
                  placeholder={suggested || "acme"}
                  className="font-mono"
                  data-testid="new-organization-slug"
                />
              </FormField>
            </div>
            <fieldset className="grid gap-4 rounded-lg border p-4">
              <legend className="px-1 font-medium text-sm">First admin</legend>
              <label className="-mt-1 flex w-fit items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={inviteAdmin}
                  onChange={(e) => {
                    setInviteAdmin(e.target.checked);
                    form.setErrors({});
                  }}
                  className="size-4 accent-primary"
                  data-testid="new-organization-invite-admin"
                />
                Invite a first admin now
              </label>
              {inviteAdmin ? (
                <>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <FormField label="First name" error={form.errors.firstName}>
                      <Input
                        {...form.field("firstName")}
                        data-testid="new-organization-first-name"
                      />
                    </FormField>
                    <FormField label="Last name" error={form.errors.lastName}>
                      <Input {...form.field("lastName")} data-testid="new-organization-last-name" />
                    </FormField>
                  </div>
                  <FormField
                    label="Email"
                    error={form.errors.email}
                    description="They get a link to join as the organization's admin (emailed when the server can send mail)."
                  >
                    <Input
                      {...form.field("email")}
                      type="email"
                      autoComplete="off"
                      data-testid="new-organization-email"
                    />
                  </FormField>
                </>
              ) : null}
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                disabled={form.submitting}
                data-testid="new-organization-submit"
              >
                {form.submitting ? <Spinner /> : null}
                Create organization
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
