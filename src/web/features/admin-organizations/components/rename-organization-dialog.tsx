import { z } from "zod";
import {
  type AdminOrganization,
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
import { useUpdateOrganization } from "../hooks/use-admin-organization-mutations.ts";

const schema = z.object({ name: organizationNameSchema, slug: organizationSlugSchema });

/** Rename an organization or change its slug. */
export function RenameOrganizationDialog({
  organization,
  search,
  onClose,
}: {
  organization: AdminOrganization;
  search: string;
  onClose: () => void;
}) {
  const update = useUpdateOrganization(search);
  const form = useZodForm(schema, { name: organization.name, slug: organization.slug });
  const onSubmit = form.handleSubmit(async (values) => {
    await update.mutateAsync({ organizationId: organization._id, ...values });
    onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent data-testid="rename-organization-dialog">
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Rename {organization.name}</DialogTitle>
            <DialogDescription>Members see the new name at once.</DialogDescription>
          </DialogHeader>
          {form.errors.form ? (
            <Alert variant="error" title="Could not save">
              {form.errors.form}
            </Alert>
          ) : null}
          <FormField label="Name" error={form.errors.name}>
            <Input {...form.field("name")} autoFocus data-testid="rename-organization-name" />
          </FormField>
          <FormField label="Slug" error={form.errors.slug}>
            <Input
              {...form.field("slug")}
              className="font-mono"
              data-testid="rename-organization-slug"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.submitting} data-testid="rename-organization-save">
              {form.submitting ? <Spinner /> : null}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
